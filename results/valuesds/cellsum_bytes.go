package valuesds

import (
	"crypto/sha256"
	"slices"

	"github.com/grundy-lab/grundy/engine/band"
)

// SumBytes is row(x) for a row given a byte a column, as a band's
// one-sided sweep keeps its rows (band.Dense): byte j is v+1 for the
// row's cell (x, x−left+j) of value v, and 0 where it has none; cells is
// the number of its bytes that are not 0. The cells of values below lo
// are left out: kept is the number of cells summed. A dense row's
// encoding is then the row's bytes from its first cell to its last,
// behind the header: no cell is read one by one. A row that is not dense
// (no cell, or cells too sparse) is unpacked and summed as Sum does.
func (r *RowDigest) SumBytes(x int64, row []byte, left, cells int, lo int32) (digest [sha256.Size]byte, kept int) {
	if lo > 0 {
		row, cells = r.keepFrom(row, lo)
	}
	if first, last, ok := band.NonZeroSpan(row); ok && !r.format2 && last-first < 4*cells {
		at, _ := r.denseBuffer(cells, int64(first-left), last-first+1)
		copy(at, row[first:last+1])
		return sha256.Sum256(r.buf), cells
	}
	r.ys, r.vs = r.ys[:0], r.vs[:0]
	for j, b := range row {
		if b != 0 {
			r.ys = append(r.ys, x-int64(left)+int64(j))
			r.vs = append(r.vs, int32(b)-1)
		}
	}
	return r.Sum(x, r.ys, r.vs), cells
}

// keepFrom returns a copy of row without its cells of values below lo
// (their bytes ≤ lo), and the number of cells left.
func (r *RowDigest) keepFrom(row []byte, lo int32) ([]byte, int) {
	r.kept = slices.Grow(r.kept[:0], len(row))[:len(row)]
	cells := 0
	for j, b := range row {
		if int32(b) <= lo {
			b = 0
		} else {
			cells++
		}
		r.kept[j] = b
	}
	return r.kept, cells
}
