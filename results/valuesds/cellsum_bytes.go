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
	if kept, ok := r.encodeBytes(row, left, cells, lo, &r.buf); ok {
		return sha256.Sum256(r.buf), kept
	}
	return r.sumUnpacked(x, row, left, lo)
}

// SumBytesPair is SumBytes of rows x and x+1 at once, row x+i's diagonal
// at its byte left[i]. Two dense rows whose
// encodings take as many SHA-256 blocks, as a band's rows nearly always
// do, are hashed together (sumPair): the rounds of one fill the waits of
// the other's (0.55× the time of two sha256.Sum256 of 211 bytes,
// BenchmarkSumPair).
func (r *RowDigest) SumBytesPair(x int64, rows [2][]byte, left [2]int, cells [2]int, lo int32) (digests [2][sha256.Size]byte, kept [2]int) {
	k0, ok0 := r.encodeBytes(rows[0], left[0], cells[0], lo, &r.buf)
	k1, ok1 := r.encodeBytes(rows[1], left[1], cells[1], lo, &r.pair)
	if ok0 && ok1 {
		digests[0], digests[1] = sumPair(&r.buf, &r.pair)
		return digests, [2]int{k0, k1}
	}
	for i := range 2 {
		digests[i], kept[i] = r.SumBytes(x+int64(i), rows[i], left[i], cells[i], lo)
	}
	return digests, kept
}

// encodeBytes puts the dense encoding of a row given as bytes (SumBytes)
// in *buf, its cells of values below lo left out, and returns the cells
// kept; ok is false if the row is not dense (buf is then undefined).
func (r *RowDigest) encodeBytes(row []byte, left, cells int, lo int32, buf *[]byte) (kept int, ok bool) {
	if lo > 0 {
		row, cells = r.keepFrom(row, lo)
	}
	first, last, any := band.NonZeroSpan(row)
	if !any || r.format2 || last-first >= 4*cells {
		return 0, false
	}
	*buf = denseHeader(*buf, cells, int32(first-left), last-first+1)
	copy((*buf)[8:], row[first:last+1])
	return cells, true
}

// sumUnpacked is row(x) of a row given as bytes, unpacked into columns and
// values and summed as Sum does, and the cells kept.
func (r *RowDigest) sumUnpacked(x int64, row []byte, left int, lo int32) (digest [sha256.Size]byte, kept int) {
	r.ys, r.vs = r.ys[:0], r.vs[:0]
	for j, b := range row {
		if b != 0 && int32(b)-1 >= lo {
			r.ys = append(r.ys, x-int64(left)+int64(j))
			r.vs = append(r.vs, int32(b)-1)
		}
	}
	return r.Sum(x, r.ys, r.vs), len(r.ys)
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
