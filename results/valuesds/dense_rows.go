package valuesds

import "fmt"

// denseRows is a run of consecutive table rows first, first+1, … as a
// band's one-sided sweep keeps them (band.Dense), each trimmed to its
// first and last cell: byte j of row first+i, bytes[start[i]+j] for j <
// start[i+1]−start[i], is v+1 for the row's cell (first+i, base[i]+j) of
// value v and 0 where it has none, and count[i] of its bytes are not 0.
// A Writer copies a chunk's rows so when it keeps every cell of them
// (values 0 … HI, the band's V at most HI): a byte a cell, where packing
// them took 8 and two fifths of the collector's CPU in a values run, and
// the chunk's job reads the bytes as they are, for the rows' digests and
// the cells' places by value.
type denseRows struct {
	first int64
	base  []int64
	start []int // len(base)+1 offsets, from 0
	count []int32
	bytes []byte
	cells int // the sum of count
}

// reset empties d, to hold rows from first on.
func (d *denseRows) reset(first int64) {
	d.first, d.base, d.start, d.count, d.bytes, d.cells = first, d.base[:0], append(d.start[:0], 0), d.count[:0], d.bytes[:0], 0
}

// rows is the number of rows.
func (d *denseRows) rows() int { return len(d.base) }

// row is row first+i: the column of its first byte, and its bytes.
func (d *denseRows) row(i int) (base int64, row []byte) {
	return d.base[i], d.bytes[d.start[i]:d.start[i+1]]
}

// appendRow appends row x, the next, from a band's dense row of count
// cells whose byte j is at column x−left+j, checking that its cells lie
// within 0 … n; on error d is unchanged.
func (d *denseRows) appendRow(x int64, row []byte, left, count int, n int64) error {
	base, row, err := trimDense(x, row, left, n)
	if err != nil {
		return err
	}
	d.bytes = append(d.bytes, row...)
	d.base, d.start, d.count = append(d.base, base), append(d.start, len(d.bytes)), append(d.count, int32(count))
	d.cells += count
	return nil
}

// unpack puts the cells of d in r, reset to d's first row, packed as
// packedRows.appendDense packs them. Every cell's value is at most hi, as
// the band's V promised the Writer: a byte above hi+1 is an error, not a
// cell to leave out, since the Writer has counted it.
func (d *denseRows) unpack(r *packedRows, hi int32) error {
	r.reset(d.first)
	for i := range d.rows() {
		base, row := d.row(i)
		at := len(r.cells)
		r.cells = append(r.cells, make([]uint64, len(row))...)
		kept := keepDense(r.cells[at:], row, 0, uint32(hi))
		if kept != int(d.count[i]) {
			return fmt.Errorf("row %d: %d cells of values 0..%d, the band counted %d", d.first+int64(i), kept, hi, d.count[i])
		}
		r.cells = r.cells[:at+kept]
		r.base, r.start = append(r.base, base), append(r.start, at+kept)
	}
	return nil
}

// placeDenseOnce is placeOnce for the dense rows d of values 0 … span−1:
// it places the y of d if each row holds each value once, and reports
// false, o part placed, at the first cell that is not (or a byte above
// span, which unpack reports).
func (o *valueOrder) placeDenseOnce(d *denseRows, span int) bool {
	rows := d.rows()
	if rows == 0 || d.cells != rows*span {
		return false
	}
	o.begin(span, d.cells)
	for k := range o.start {
		o.start[k] = int32(k * rows)
	}
	copy(o.next, o.start)
	for i := range rows {
		base, row := d.row(i)
		if !placeDenseRowOnce(o.next, o.ys, base, row, int32(i), int32(rows)) {
			return false
		}
	}
	o.once, o.first = true, d.first
	return true
}

// placeDenseRowOnce is placeRowOnce for row i of dense rows of the
// values 0 … len(next)−1, byte j at column base+j: a byte 0 (a column
// without a cell, one in six rows of G₋₁'s band) is passed over, and any
// other whose value is not the next of its own in row i stops it.
//
//go:noinline
func placeDenseRowOnce(next []int32, ys []int64, base int64, row []byte, i, rows int32) bool {
	span := uint32(len(next))
	for j, b := range row {
		k := uint32(b) - 1 // 2³²−1 for a byte 0
		if k >= span {
			if b == 0 {
				continue
			}
			return false
		}
		at := int32(k)*rows + i
		if next[k] != at {
			return false
		}
		next[k] = at + 1
		ys[at] = base + int64(j)
	}
	return true
}
