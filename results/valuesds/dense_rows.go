package valuesds

import (
	"fmt"
	"slices"
)

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
// false, o part placed, at the first rows that do not (or hold a byte
// above span, which unpack reports).
//
// It goes placeRows rows at a time, in two passes that each store where
// the one before read: each row's column of each value is written to
// o.columns, value k's of the rows side by side (invertRow), and then
// each value's y of those rows to its place in o.offs, as offsets from
// the chunk's least column (writeColumns16). A pass a cell that loaded a
// value's next place, checked it and stored it back (placeRowOnce's) took
// about twenty instructions a cell and a quarter of a values run's CPU.
// It reports false too for rows that reach 2¹⁶ columns or more beyond
// their least, whose offsets a uint16 does not hold.
func (o *valueOrder) placeDenseOnce(d *denseRows, span int) bool {
	rows := d.rows()
	if rows == 0 || d.cells != rows*span || span > DenseMaxValue+1 {
		return false // a row of more values than a byte holds holds one twice
	}
	least, reach := d.base[0], d.base[0]
	for i := range rows {
		base, row := d.row(i)
		least, reach = min(least, base), max(reach, base+int64(len(row)))
	}
	if reach-least > 1<<16 {
		return false
	}
	o.begin(span, d.cells)
	for k := range o.start {
		o.start[k] = int32(k * rows)
	}
	o.offs = slices.Grow(o.offs[:0], d.cells)[:d.cells]
	o.columns = slices.Grow(o.columns[:0], placeRows*span)[:placeRows*span]
	var shifts [placeRows]uint16
	for i0 := 0; i0 < rows; i0 += placeRows {
		group := min(placeRows, rows-i0)
		columns := o.columns
		copy(columns, noColumns[:])
		for t := range group {
			base, row := d.row(i0 + t)
			if len(row) >= noColumn {
				return false
			}
			invertRow(columns, t, span, row)
			shifts[t] = uint16(base - least)
		}
		if !noColumnLeft(columns, group) {
			return false
		}
		writeColumns16(o.offs, rows, i0, shifts[:group], columns, span)
	}
	o.once, o.first, o.offsets, o.least = true, d.first, true, least
	return true
}

// placeRows is how many rows placeDenseOnce takes at a time: their y of a
// value fill a cache line.
const placeRows = 8

// invertRowGo sets columns[k·placeRows + t], for row t of a group, to the
// byte of row that holds value k, for each k < span; it passes over the
// bytes 0 and those above span. Every entry is noColumn before, so a row
// that leaves none of its entries noColumn (noColumnLeft) holds each value
// at least once, and so at least span cells; the rows of the chunk holding
// rows·span cells in all, each then holds span, each value once. Its
// bytes must be fewer than noColumn, their places being uint16.
func invertRowGo(columns []uint16, t, span int, row []byte) {
	columns = columns[:placeRows*span]
	for j, b := range row {
		if k := uint32(b) - 1; k < uint32(span) {
			columns[int(k)*placeRows+t] = uint16(j)
		}
	}
}

// noColumn marks a value invertRow found in no byte.
const noColumn = 1<<16 - 1

// noColumns is the entries of a group before invertRow: noColumn, for
// the most values a dense row holds.
var noColumns = func() (c [placeRows * (DenseMaxValue + 1)]uint16) {
	for k := range c {
		c[k] = noColumn
	}
	return c
}()

// noColumnLeftGo reports whether the first group rows of every value in
// columns were found (invertRow): none of their entries is noColumn.
func noColumnLeftGo(columns []uint16, group int) bool {
	for k := 0; k < len(columns); k += placeRows {
		for _, c := range columns[k : k+group] {
			if c == noColumn {
				return false
			}
		}
	}
	return true
}

// writeColumns16Go writes the offsets of the rows i0 … i0+len(shifts)−1
// of a chunk of rows rows, row i0+t's value k at offset shifts[t] +
// columns[k·placeRows + t] (which the caller knows below 2¹⁶), to
// offs[k·rows + i0 + t], for k < span.
func writeColumns16Go(offs []uint16, rows, i0 int, shifts []uint16, columns []uint16, span int) {
	for k := range span {
		for t, shift := range shifts {
			offs[k*rows+i0+t] = shift + columns[k*placeRows+t]
		}
	}
}
