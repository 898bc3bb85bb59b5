package band

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Dense is a band of rows' cells as a one-sided sweep keeps them, a byte a
// column: byte j of row X0+i (Row), Bytes[i·Stride + j] for 0 ≤ j < Width,
// is v+1 for the row's cell (X0+i, X0+i−Left+j) of value v, and 0 where
// the row has no cell of value at most V, which V records: every byte is
// at most V+1, so that a reader keeping the values 0 … V or more keeps
// every cell without a look at one. The cells of a one-sided sweep
// lie within Left of the diagonal (a cell further away makes it go on
// two-sided), so Width = 2·Left+1 bytes hold a row. The rows of base cells
// and those of a two-sided sweep have no dense form: Bytes is nil, and
// their cells are in Packed. Its slices are only valid during the RowHash
// call, or the call that receives the Rows.
type Dense struct {
	X0                  int64
	Left, Width, Stride int
	V                   int
	Bytes               []byte
}

// Len is the number of rows, 0 when the rows have no dense form.
func (d Dense) Len() int {
	if d.Bytes == nil {
		return 0
	}
	return (len(d.Bytes) + d.Stride - d.Width) / d.Stride
}

// Row is the Width bytes of row X0+i, the first at column X0+i−Left.
func (d Dense) Row(i int) []byte { return d.Bytes[i*d.Stride : i*d.Stride+d.Width] }

// densePad is the room a band's dense rows have before the first and after
// each row (Stride ≥ Width + densePad), which the transposes of
// transposeLeft fill with zeros and bytes of the right part: a 16×16 block
// of bytes reaches up to 30 columns left of a row's first and right of its
// diagonal.
const densePad = 32

// denseLayout returns the reach left of the diagonal, the width and the
// stride of the dense rows of a one-sided sweep of the given span.
func denseLayout(span int) (left, width, stride int) {
	left, width = span-1, 2*span-1
	return left, width, (width + densePad + 15) &^ 15
}

// fillDense writes the dense rows of band st from the right parts: row
// x's bytes left of the diagonal are byte x − y of each row y's right part
// above it within span (transposeLeft, sixteen rows at a time, or leftRow,
// a byte at a time), then come its own right part's.
func (o *leftCells) fillDense(st *bandState) {
	left, width, stride := denseLayout(o.span)
	d := Dense{X0: st.x0, Left: left, Width: width, Stride: stride, V: o.v,
		Bytes: st.denseBuf[densePad : densePad+(st.rows-1)*stride+width]}
	i := 0
	if transposeAssembly {
		// Not the rows of a block with rows above row 0 (the first rows
		// of the table): leftRow gives them zeros.
		for ; i+16 <= st.rows && st.x0+int64(i) >= int64(left); i += 16 {
			o.transposeLeft(st.denseBuf, densePad+i*stride, st.x0+int64(i), left, stride)
		}
	}
	for ; i < st.rows; i++ {
		o.leftRow(d.Row(i)[:left], st.x0+int64(i))
	}
	for i := range st.rows {
		copy(d.Row(i)[left:], o.right(st.x0+int64(i)))
	}
	st.dense = d
}

// transposeLeft writes the bytes left of the diagonal of the dense rows of
// rows xb … xb+15 (xb ≥ left), row xb+t's from buf[at + t·stride] on: byte
// j of row x is byte x − y of row y's right part, for y = x − left + j. It
// reads the rows y above in groups of sixteen from a multiple of 16 (which
// a slot run of the ring never crosses the end of), sixteen bytes each
// (those of rows xb … xb+15, a load of the group's row r at its slot less
// r), and transposes each 16×16 block (transposeGroups), whose row t is
// then sixteen bytes of row xb+t. The bytes of rows y < x − left fall up
// to 30 bytes before row x's first, and are 0 (beyond the span); those of
// rows y ≥ x up to 30 bytes beyond its diagonal, where its right part goes
// next; the groups' rows past xb+15 are read only in the slot before
// theirs, beyond its span (ringPad, stride), where no row writes.
func (o *leftCells) transposeLeft(buf []byte, at int, xb int64, left, stride int) {
	ring := int64(o.ring)
	first := xb - int64(left)
	for y0 := first &^ 15; y0 < xb+15; {
		slot := y0 & (ring - 1)
		groups := min((xb+15-y0+15)/16, (ring-slot)/16)
		src := ringPad + int(slot)*o.stride + int(xb-y0)
		dst := at + int(y0-first)
		srcEnd := src + int(16*groups-1)*(o.stride-1) + 16
		dstEnd := dst + 15*(stride-1) + int(16*groups)
		if src < 0 || dst < 0 || srcEnd > len(o.ringBuf) || dstEnd > len(buf) {
			panic(fmt.Sprintf("band: transpose of rows %d… outside its buffers (%d…%d of %d, %d…%d of %d)", y0, src, srcEnd, len(o.ringBuf), dst, dstEnd, len(buf)))
		}
		transposeGroups(&buf[dst], stride-1, &o.ringBuf[src], o.stride-1, int(groups))
		y0 += 16 * groups
	}
}

// leftRow writes out[j] = byte x − y of row y's right part for y = x −
// len(out) + j: row x's bytes left of its diagonal, a byte at a time (0
// for the rows before row 0).
func (o *leftCells) leftRow(out []byte, x int64) {
	for j := range out {
		out[j] = 0
		if y := x - int64(len(out)) + int64(j); y >= 0 {
			out[j] = o.right(y)[x-y]
		}
	}
}

// packDense writes the band's cells, packed, from its dense rows: what a
// caller that reads Packed, or Rows' columns, needs of a one-sided band.
// A row's bytes from its first cell to its last are walked without a
// branch on whether a byte holds a cell: a cell is written to the next
// slot always, and the slot taken only when it holds one (a byte between
// cells without one writes a slot the next cell takes). It panics if a
// row's bytes hold another number of cells than its walk counted, which
// would be a fault of the sweep.
func (st *bandState) packDense() {
	d := st.dense
	for i := range st.rows {
		row := d.Row(i)
		cells := st.cells[i*st.cellCap : (i+1)*st.cellCap]
		n := 0
		if first, last, ok := NonZeroSpan(row); ok {
			cell := uint64(st.x0+int64(i)-int64(d.Left)+int64(first)-st.lo)<<32 - 1
			for _, b := range row[first : last+1] {
				if n == len(cells) {
					panic(fmt.Sprintf("band: row %d holds more than %d cells", st.x0+int64(i), len(cells)))
				}
				cells[n] = cell + uint64(b)
				n += int((uint64(b) + 255) >> 8)
				cell += 1 << 32
			}
		}
		if n != int(st.cellN[i]) {
			panic(fmt.Sprintf("band: row %d holds %d cells, its walk counted %d", st.x0+int64(i), n, st.cellN[i]))
		}
	}
}

// NonZeroSpan returns the first and the last index of row whose byte is
// not 0, looking eight bytes at a time; ok is false if every byte is 0.
// It finds a dense row's first and last cell (Dense).
func NonZeroSpan(row []byte) (first, last int, ok bool) {
	for ; first+8 <= len(row); first += 8 {
		if word := binary.LittleEndian.Uint64(row[first:]); word != 0 {
			first += bits.TrailingZeros64(word) >> 3
			break
		}
	}
	for first < len(row) && row[first] == 0 {
		first++
	}
	if first == len(row) {
		return 0, 0, false
	}
	last = len(row) - 1
	for ; last-7 > first; last -= 8 {
		if word := binary.LittleEndian.Uint64(row[last-7:]); word != 0 {
			last -= bits.LeadingZeros64(word) >> 3
			break
		}
	}
	for row[last] == 0 {
		last--
	}
	return first, last, true
}
