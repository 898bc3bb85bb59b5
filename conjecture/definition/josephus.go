package definition

import (
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/engine"
)

// windowSet is a set of values with removal: the values of a column window
// of Josephus Nim, whose ends both rise. A plain bitset over the values
// present, grown on demand.
type windowSet []uint64

func (s windowSet) word(w int) uint64 {
	if w >= len(s) {
		return 0
	}
	return s[w]
}

// add puts v ≥ 0 into the set.
func (s *windowSet) add(v int) {
	w := v >> 6
	if w >= len(*s) {
		*s = append(*s, make([]uint64, w+1-len(*s))...)
	}
	(*s)[w] |= 1 << (v & 63)
}

// remove takes v ≥ 0 out of the set.
func (s windowSet) remove(v int) {
	if w := v >> 6; w < len(s) {
		s[w] &^= 1 << (v & 63)
	}
}

// josephusCheck checks every cell of Josephus Nim against Definition 1.1 of
// the Josephus Nim paper: in ⟨x, y⟩ the total weight is m = x − 2y, and a
// move removes t ≥ 1 stones of one pile whose weight, t or −2t, is at most
// ⌊m/2⌋ = ⌊x/2⌋ − y. So the options are
//
//	⟨x − t, y⟩, 1 ≤ t ≤ ⌊x/2⌋ − y: rows ⌈x/2⌉ + y … x − 1 of column y, and
//	⟨x, y − t⟩, 1 ≤ t ≤ y, t ≥ (y − ⌊x/2⌋)/2: columns 0 … min(y − 1, ⌊(y + ⌊x/2⌋)/2⌋) of row x,
//
// as moves.JosephusColumn and moves.JosephusRow state them, and every cell must be the mex of their values. The row's options are a
// prefix, kept as a lineSet; a column's are a window whose ends rise with
// x, kept as a windowSet that adds the rows entering it and removes those
// leaving it, whose values come from a ring of the first halves of the
// last ⌊n/2⌋ + 2 rows, about n² bytes.
// Removal is exact while the table is right: a correct cell differs from
// every value of its window, so the values of a window are distinct; after
// a counterexample in a column, later ones in it may follow from it.
func josephusCheck() func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var (
			ring      [][]int32 // row x at x % len(ring)
			windows   []windowSet
			lo, hi    []int // window of column y: rows lo[y] … hi[y] − 1
			rowPrefix lineSet
			none      lineSet // the empty set of the unused parts of the coverage
		)
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			if ring == nil {
				// A row r is in the window of column y only while y < ⌊x/2⌋ ≤ n/2,
				// so the ring keeps the first half of each row.
				ring = make([][]int32, (b.Width-1)/2+2)
				for i := range ring {
					ring[i] = make([]int32, b.Width/2+1)
				}
				windows = make([]windowSet, b.Width)
				lo, hi = make([]int, b.Width), make([]int, b.Width)
			}
			conjecture.Rows(b, func(x int, cells []int32) {
				rowPrefix.reset()
				prefixEnd := 0 // columns 0 … prefixEnd − 1 are in rowPrefix
				for y, g := range cells {
					for end := moves.JosephusRow(x, y); prefixEnd <= end; prefixEnd++ {
						if v := cells[prefixEnd]; v >= 0 {
							rowPrefix.add(int(v))
						}
					}
					start, _ := moves.JosephusColumn(x, y)
					slideWindow(&windows[y], ring, &lo[y], &hi[y], y, start, x)
					u := &coverage{a: &rowPrefix, b: &none, c: &none, win: windows[y], extra: -1}
					low := rowPrefix.mex()
					if g < 0 || u.has(int(g)) || !u.covers(low, int(g)) {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: itoaMex(u, low), Actual: conjecture.Itoa32(g)})
					}
				}
				copy(ring[x%len(ring)], cells)
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// slideWindow moves the window of column y from rows *lo … *hi − 1 to
// start … x − 1 (empty when start ≥ x): it removes the rows that leave and
// adds the rows that enter, reading their values from ring.
func slideWindow(win *windowSet, ring [][]int32, lo, hi *int, y, start, x int) {
	start = min(start, x)
	for ; *lo < start && *lo < *hi; *lo++ {
		if v := ring[*lo%len(ring)][y]; v >= 0 {
			win.remove(int(v))
		}
	}
	*lo = max(*lo, start)
	*hi = max(*hi, *lo)
	for ; *hi < x; *hi++ {
		if v := ring[*hi%len(ring)][y]; v >= 0 {
			win.add(int(v))
		}
	}
}
