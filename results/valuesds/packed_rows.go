package valuesds

import (
	"fmt"
	"math"
	"slices"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
)

// packedRows is a run of consecutive table rows first, first+1, … and
// their cells, packed as a band sweep packs them (band.Packed): row
// first+i's cells are cells[start[i]:start[i+1]], in increasing column,
// each its column less base[i] in the high 32 bits and its value in the
// low 32. It is what a Writer copies a chunk of rows into: 8 bytes a
// cell, straight from a band's dense rows or packed cells, where columns
// of x, y and v took 20.
type packedRows struct {
	first int64
	base  []int64
	start []int // len(base)+1 offsets, from 0
	cells []uint64
}

// reset empties r, to hold rows from first on.
func (r *packedRows) reset(first int64) {
	r.first, r.base, r.start, r.cells = first, r.base[:0], append(r.start[:0], 0), r.cells[:0]
}

// len is the number of cells.
func (r *packedRows) len() int { return len(r.cells) }

// rows is the number of rows.
func (r *packedRows) rows() int { return len(r.base) }

// row is row first+i: its base and its packed cells.
func (r *packedRows) row(i int) (base int64, cells []uint64) {
	return r.base[i], r.cells[r.start[i]:r.start[i+1]]
}

// appendRow appends row x, the next, with the cells at columns ys whose
// value vs lies in values, packed from the row's first column. In the
// same pass it checks that the columns increase within 0 … n, and that
// none lies more than MaxInt32 from the diagonal (cells_sha256 encodes
// y − x as int32, and so a row spans less than 2³² columns, which its
// packing needs); on error r is unchanged.
func (r *packedRows) appendRow(x int64, ys []int64, vs []int32, values results.ValueRange, n int64) error {
	base := x
	if len(ys) > 0 {
		base = ys[0]
		if err := checkReach(x, ys[0], ys[len(ys)-1]); err != nil {
			return err
		}
	}
	at := len(r.cells)
	// A local slice written by index: stores through r would reload its
	// slice header at every cell.
	grown := slices.Grow(r.cells, len(ys))
	out := grown[at : at+len(ys)]
	vs = vs[:len(ys)]
	lo, span := values.Lo, uint32(values.Hi-values.Lo)
	last, kept := int64(-1), 0
	for i, y := range ys {
		if y <= last || y > n {
			return fmt.Errorf("row %d: column %d after %d: want increasing columns within 0..%d", x, y, last, n)
		}
		last = y
		if v := vs[i]; uint32(v-lo) <= span { // lo ≤ v ≤ hi: every cell of a band run's rows
			out[kept] = uint64(y-base)<<32 | uint64(uint32(v))
			kept++
		}
	}
	r.cells = grown[:at+kept]
	r.base, r.start = append(r.base, base), append(r.start, at+kept)
	return nil
}

// checkReach checks that the row x whose first and last columns are first
// and last, its columns increasing (its caller checks that too), has no
// cell more than MaxInt32 from the diagonal: it lies farthest at its ends.
func checkReach(x, first, last int64) error {
	if first-x < math.MinInt32 || last-x > math.MaxInt32 {
		return fmt.Errorf("row %d: columns %d..%d: a cell lies more than 2³¹ columns from the diagonal, which cells_sha256 cannot encode", x, first, last)
	}
	return nil
}

// appendPacked appends row x, the next, from the cells of a band's row
// packed from column base, keeping those whose value lies in values. In
// the same pass it checks what appendRow checks; on error r is unchanged.
func (r *packedRows) appendPacked(x, base int64, cells []uint64, values results.ValueRange, n int64) error {
	if len(cells) > 0 {
		first, last := base+int64(cells[0]>>32), base+int64(cells[len(cells)-1]>>32)
		if first < 0 || last > n {
			return fmt.Errorf("row %d: columns %d..%d: want columns within 0..%d", x, first, last, n)
		}
		if err := checkReach(x, first, last); err != nil {
			return err
		}
	}
	at := len(r.cells)
	grown := slices.Grow(r.cells, len(cells))
	kept, increasing := keepPacked(grown[at:at+len(cells)], cells, uint32(values.Lo), uint32(values.Hi-values.Lo))
	if !increasing {
		for i := 1; i < len(cells); i++ {
			if cells[i]>>32 <= cells[i-1]>>32 {
				return fmt.Errorf("row %d: column %d after %d: want increasing columns", x, base+int64(cells[i]>>32), base+int64(cells[i-1]>>32))
			}
		}
	}
	r.cells = grown[:at+kept]
	r.base, r.start = append(r.base, base), append(r.start, at+kept)
	return nil
}

// appendDense appends row x, the next, from a band's dense row: byte j is
// v+1 for its cell (x, x−left+j) of value v, 0 where it has none; it keeps
// the cells whose value lies in values, packed from the row's first cell.
// In the same pass as the copy it checks that the columns lie within
// 0 … n (their order and reach the bytes give); on error r is unchanged.
func (r *packedRows) appendDense(x int64, row []byte, left int, values results.ValueRange, n int64) error {
	base, row, err := trimDense(x, row, left, n)
	if err != nil {
		return err
	}
	at := len(r.cells)
	grown := slices.Grow(r.cells, len(row))
	kept := keepDense(grown[at:at+len(row)], row, uint32(values.Lo), uint32(values.Hi-values.Lo))
	r.cells = grown[:at+kept]
	r.base, r.start = append(r.base, base), append(r.start, at+kept)
	return nil
}

// trimDense returns the bytes of a band's dense row x (byte j at column
// x−left+j) from its first cell to its last, and the column of the first
// (x for a row without a cell, whose bytes are then none); it checks that
// they lie within 0 … n.
func trimDense(x int64, row []byte, left int, n int64) (base int64, cells []byte, err error) {
	first, last, ok := band.NonZeroSpan(row)
	if !ok {
		return x, nil, nil
	}
	base = x - int64(left) + int64(first)
	if base < 0 || base+int64(last-first) > n {
		return 0, nil, fmt.Errorf("row %d: columns %d..%d: want columns within 0..%d", x, base, base+int64(last-first), n)
	}
	return base, row[first : last+1], nil
}

// keepDense writes to out (at least as long) the cells of row, a byte a
// column from column 0 of the packing on, whose byte b holds a value v =
// b−1 with v − lo ≤ span as uint32 (so not a byte 0), and returns how many
// it kept. Every byte writes the next slot; the slot is taken only for a
// cell kept, so no branch depends on the bytes.
//
//go:noinline
func keepDense(out []uint64, row []byte, lo, span uint32) (kept int) {
	out = out[:len(row)]
	for j, b := range row {
		v := uint32(b) - 1
		out[kept] = uint64(j)<<32 | uint64(v)
		if v-lo <= span {
			kept++
		}
	}
	return kept
}

// keepPacked copies to out (at least as long) the packed cells whose
// value v has v − lo ≤ span as uint32, and reports how many it kept and
// whether the cells' columns increase. It is a function of its own, its
// test of the columns gathered rather than branched on, so that its loop
// has the registers to itself (with the error's reporting inside, it
// spilled them at every cell and took 13% of a values run's CPU).
//
//go:noinline
func keepPacked(out, cells []uint64, lo, span uint32) (kept int, increasing bool) {
	// order's sign bit is set once a column is not above the one before:
	// the columns are below 2³², so the difference does not wrap.
	order, prev := int64(0), int64(-1)
	out = out[:len(cells)]
	for _, cell := range cells {
		column := int64(cell >> 32)
		order |= column - prev - 1
		prev = column
		out[kept] = cell
		if uint32(cell)-lo <= span {
			kept++
		}
	}
	return kept, order >= 0
}
