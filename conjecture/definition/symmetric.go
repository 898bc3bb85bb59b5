package definition

import (
	"fmt"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
)

// symmetryBlock is the number of cells one fingerprint covers.
const symmetryBlock = 256

// fingerprint sums a block of cells (i, v) of one line: Σv, Σi·v and a
// hash Σh(i, v). Two blocks holding the same values have equal
// fingerprints; blocks that differ in one cell i have sums that differ by
// d and i·d, which name i; blocks that differ otherwise are told apart by
// the hash, but for a chance of 2⁻⁶⁴.
type fingerprint struct {
	sum, weighted int64
	hash          uint64
}

// add counts the cell (i, v) in the fingerprint.
func (p *fingerprint) add(i int, v int32) {
	p.sum += int64(v)
	p.weighted += int64(i) * int64(v)
	p.hash += cellHash(i, v)
}

// cellHash mixes (i, v) into 64 bits (the finalizer of SplitMix64).
func cellHash(i int, v int32) uint64 {
	z := uint64(i)<<32 | uint64(uint32(v))
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// symmetricCheck checks G(x, y) = G(y, x) for every cell, streaming the
// rows once without keeping the upper triangle: cell (y, x), y < x, goes
// into the fingerprint of column x, block ⌊y/256⌋, and when row x arrives
// each block of its cells left of the diagonal is compared with the
// column's. A block that differs in one cell reports that cell, with the
// value of its mirror as claimed; a block that differs in several reports
// its first cell and says so (counted once). Memory is n²/256 fingerprints
// of 24 bytes, 9.4 MB at n = 10000.
func symmetricCheck() func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var (
			columns []fingerprint // column x, block k at k·width + x: a row's cells go to consecutive ones
			width   int
			row     []fingerprint
		)
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			if columns == nil {
				width = b.Width
				blocks := (width + symmetryBlock - 1) / symmetryBlock
				columns = make([]fingerprint, width*blocks)
				row = make([]fingerprint, blocks)
			}
			conjecture.Rows(b, func(x int, cells []int32) {
				clear(row)
				for y, g := range cells[:x] {
					row[y/symmetryBlock].add(y, g)
				}
				column := columns[x/symmetryBlock*width : (x/symmetryBlock+1)*width]
				for y := x + 1; y < len(cells); y++ {
					column[y].add(x, cells[y])
				}
				for k := range (x + symmetryBlock - 1) / symmetryBlock {
					if got, want := row[k], columns[k*width+x]; got != want {
						f.Report(blockDifference(x, k, cells, got, want))
					}
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// blockDifference names the cell of row x, block k where the row (got)
// and the column (want) differ, if they differ in one cell.
func blockDifference(x, k int, cells []int32, got, want fingerprint) conjecture.Counterexample {
	first, last := k*symmetryBlock, min((k+1)*symmetryBlock, x)-1
	d := got.sum - want.sum
	if d != 0 && (got.weighted-want.weighted)%d == 0 {
		y := int((got.weighted - want.weighted) / d)
		if y >= first && y <= last {
			mirror := int64(cells[y]) - d
			if got.hash-want.hash == cellHash(y, cells[y])-cellHash(y, int32(mirror)) {
				return conjecture.Counterexample{At: conjecture.At("x,y", x, y),
					Claimed: fmt.Sprintf("%d = G(%d, %d)", mirror, y, x), Actual: conjecture.Itoa32(cells[y])}
			}
		}
	}
	return conjecture.Counterexample{At: conjecture.At("x,y", x, first),
		Claimed: fmt.Sprintf("row %d, columns %d … %d equal to column %d, rows %d … %d", x, first, last, x, first, last),
		Actual:  "they differ in more than one cell"}
}
