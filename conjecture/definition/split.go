package definition

import (
	"math/bits"
	"strconv"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/engine"
)

// splitValues is the largest value count the split check represents: the
// values of an anti-diagonal are kept as one 64-bit mask. Delete Nim's and
// VDN's values grow like log₂ of the heaps (Theorem 3.5 and Corollary 3.10
// of the thesis), 11 at n = 2000.
const splitValues = 64

// pendingCell is a run of cells (x, q + Shift) waiting for anti-diagonal q
// to be complete: cells whose other anti-diagonal had the same values and
// which hold g; first is the x of the first of them.
type pendingCell struct {
	g     int32
	first int
	count int64
}

// splitCheck checks every cell of a split game (Delete Nim, VDN): a cell
// with a coordinate below MinHeap holds −1, and any other cell (x, y) holds
// mex(D(x − Shift) ∪ D(y − Shift)), D(t) being the values of the positions
// (a, b), a, b ≥ MinHeap, a + b = t (empty for t < 2·MinHeap).
//
// D(t) is complete once row t − MinHeap has streamed past, so a cell with
// y − Shift ≤ x + MinHeap is checked in its own row. The others would need
// the rows below: instead of keeping them, the check files each such cell
// under the anti-diagonal q = y − Shift it waits for, as the pair (mask of
// D(x − Shift), value), and settles each distinct pair once when D(q) is
// complete. The masks are interned, one id per distinct mask, so a pair is
// found by index; there are few distinct masks, so memory stays
// O(n·masks), not O(n²).
func splitCheck(sp moves.Game) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var (
			diag    []uint64          // D(t) at index t
			masks   []uint64          // the distinct masks filed, by id
			maskID  map[uint64]int    // the id of each mask in masks
			pending [][][]pendingCell // anti-diagonal q, mask id: the values held
		)
		// values returns D(t); t < 0 is empty.
		values := func(t int) uint64 {
			if t < 0 {
				return 0
			}
			return diag[t]
		}
		settle := func(q int, f *conjecture.Findings) {
			if q >= len(pending) {
				return
			}
			for id, runs := range pending[q] {
				want := bits.TrailingZeros64(^(masks[id] | diag[q]))
				for _, p := range runs {
					if int(p.g) != want {
						f.ReportN(conjecture.Counterexample{At: conjecture.At("x,y", p.first, q+sp.Shift),
							Claimed: strconv.Itoa(want), Actual: conjecture.Itoa32(p.g)}, p.count)
					}
				}
			}
			pending[q] = nil
		}
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			if diag == nil {
				diag = make([]uint64, 2*b.Width)
				pending = make([][][]pendingCell, b.Width)
				maskID = make(map[uint64]int)
			}
			conjecture.Rows(b, func(x int, cells []int32) {
				mask := values(x - sp.Shift) // the same for every cell of the row
				id, ok := maskID[mask]
				if !ok {
					id = len(masks)
					masks, maskID[mask] = append(masks, mask), id
				}
				for y, g := range cells {
					if x >= sp.MinHeap && y >= sp.MinHeap && g >= 0 && g < splitValues {
						diag[x+y] |= 1 << g
					}
				}
				for y, g := range cells {
					if x < sp.MinHeap || y < sp.MinHeap {
						if g != -1 {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "-1 (not a position)", Actual: conjecture.Itoa32(g)})
						}
						continue
					}
					if g < 0 || g >= splitValues {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y),
							Claimed: "0 … " + strconv.Itoa(splitValues-1) + " (the range this check keeps)", Actual: conjecture.Itoa32(g)})
						continue
					}
					q := y - sp.Shift
					if q <= x+sp.MinHeap {
						if want := bits.TrailingZeros64(^(mask | values(q))); int(g) != want {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: strconv.Itoa(want), Actual: conjecture.Itoa32(g)})
						}
						continue
					}
					if id >= len(pending[q]) {
						pending[q] = append(pending[q], make([][]pendingCell, id+1-len(pending[q]))...)
					}
					pending[q][id] = fileCell(pending[q][id], g, x)
				}
				settle(x+sp.MinHeap, f)
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// fileCell adds the cell (x, ·) holding g to the runs of one anti-diagonal
// and mask: one run per distinct value, normally one.
func fileCell(runs []pendingCell, g int32, x int) []pendingCell {
	for i := range runs {
		if runs[i].g == g {
			runs[i].count++
			return runs
		}
	}
	return append(runs, pendingCell{g: g, first: x, count: 1})
}
