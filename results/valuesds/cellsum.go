package valuesds

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash"
	"math"
	"slices"

	"github.com/grundy-lab/grundy/results"
)

// CellSum accumulates cells_sha256, the canonical checksum of the cells of
// a window of rows (format grundy-values/3). Each row is hashed on its own,
// so that the rows' SHA-256, nearly all the work, can be computed on many
// cores (RowDigest), and only 32 bytes a row are hashed in order:
//
//	row(x) = SHA-256(the row's encoding)
//	cells_sha256 = SHA-256(first row as int64, row(first), row(first+1), …)
//
// all little-endian, over every row of the window, rows without a cell
// included. A row of c cells (y₁ < … < y_c, values v₁ … v_c) is encoded
// in the first of three ways that holds its cells:
//
//   - dense, when c ≥ 1, every v ≤ 254 and the span s = y_c − y₁ + 1 is at
//     most 4c: c | 2³¹ as uint32, y₁ − x as int32, then s bytes, byte j
//     being v + 1 if the row has a cell (y₁ + j, v) and 0 if it has none.
//     A band's row of V < 255 is dense: its cells lie side by side, so
//     it takes about a byte a cell;
//   - narrow, when every −2¹⁵ ≤ y − x < 2¹⁵ and v < 2¹⁶: c as uint32, then
//     each cell's y − x as int16 and v as uint16 (4 bytes a cell);
//   - wide otherwise: c as uint32, then each cell's y − x and v as int32.
//
// The encoding is injective: the bit 2³¹ of the first word tells a dense
// row (c < 2³¹) from the others, c then fixes the length of a narrow or
// wide row, and a dense row's bytes place every cell. So two datasets (or
// runs) hold the same cells in the same rows iff their sums are equal,
// whatever their sweep, block size, workers or layout. Format 2 encoded
// every row narrow or wide (newCellSum2), format 1 summed one stream
// (legacyCellSum).
type CellSum struct {
	top   hash.Hash
	count int64
	// digests gathers the rows' SHA-256 before they are hashed: a Write
	// per row would cost more than the hashing itself.
	digests []byte
	row     RowDigest // the encoder of AddRow
}

// sumBuffer is how many bytes CellSum gathers before it hashes them.
const sumBuffer = 1 << 16

// NewCellSum starts the sum of a window whose first row is first.
func NewCellSum(first int64) *CellSum {
	s := &CellSum{top: sha256.New()}
	s.top.Write(binary.LittleEndian.AppendUint64(nil, uint64(first)))
	return s
}

// newCellSum2 starts the sum of format grundy-values/2 of a window whose
// first row is first: CellSum with every row narrow or wide.
func newCellSum2(first int64) *CellSum {
	s := NewCellSum(first)
	s.row.format2 = true
	return s
}

// AddRow accounts the next row of the window, x, whose cells are ys
// (increasing) with values vs. Every cell must lie within MaxInt32 of the
// diagonal (a band's cells lie within V+1 of it, a full sweep's n is below
// 2³¹); AddRow panics otherwise.
func (s *CellSum) AddRow(x int64, ys []int64, vs []int32) {
	s.AddDigest(s.row.Sum(x, ys, vs), len(ys))
}

// AddDigest accounts the next row of the window from its SHA-256 (a
// RowDigest's Sum, computed wherever the row was) and its number of cells.
func (s *CellSum) AddDigest(digest [sha256.Size]byte, cells int) {
	s.digests = append(s.digests, digest[:]...)
	if len(s.digests) >= sumBuffer {
		s.flush()
	}
	s.count += int64(cells)
}

// flush hashes the digests gathered.
func (s *CellSum) flush() {
	s.top.Write(s.digests)
	s.digests = s.digests[:0]
}

// Cells is the number of cells added.
func (s *CellSum) Cells() int64 { return s.count }

// Sum is the hex cells_sha256 of the rows added so far.
func (s *CellSum) Sum() string {
	s.flush()
	return fmt.Sprintf("%x", s.top.Sum(nil))
}

// State saves the sum: its hash's internal state.
func (s *CellSum) State() ([]byte, error) {
	s.flush()
	state, err := s.top.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells_sha256 state: %w", err)
	}
	return state, nil
}

// RestoreCellSum returns the sum that State saved after rows rows holding
// count cells in all. It fails if the state does not decode or has taken
// another number of rows (the length its SHA-256 state records: 8 bytes of
// the first row, then 32 a row), so that a checkpoint pairing a sum with
// another row is refused even when its own checksum is right; a state of
// format 1's sum does not decode. A state of format 2's sum would: the
// checkpoints that hold a state name its format and refuse another. The
// state does not record the cells, so count is taken as given: a Writer
// checks it against its parts.
func RestoreCellSum(state []byte, rows, count int64) (*CellSum, error) {
	s := &CellSum{top: sha256.New(), count: count}
	if err := s.top.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		return nil, fmt.Errorf("restore the cells_sha256 state: %w", err)
	}
	taken, err := stateLength(s.top)
	if err != nil {
		return nil, err
	}
	if taken != uint64(8+sha256.Size*rows) {
		return nil, fmt.Errorf("the cells_sha256 state has taken %d bytes, not the %d of %d rows", taken, 8+sha256.Size*rows, rows)
	}
	return s, nil
}

// stateLength is the number of bytes written to the SHA-256 h.
func stateLength(h hash.Hash) (uint64, error) {
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return 0, err
	}
	return results.HashedBytes(state)
}

// DenseMaxValue is the largest value a dense row holds (its byte is the
// value + 1): the rows of a band of values up to it hash about a byte a
// cell, those of larger values 4.
const DenseMaxValue = 254

// RowDigest computes row(x) of cells_sha256. Its zero value is ready; it
// keeps the buffers a row is encoded in, so a RowDigest serves one
// goroutine.
type RowDigest struct {
	format2 bool // no row is dense: format 2's digest
	buf     []byte
	ys      []int64 // a wide packed row, unpacked
	vs      []int32
	kept    []byte // a row's bytes less the cells of values below the window's (SumBytes)
	pair    []byte // the second row's encoding (SumBytesPair)
}

// Sum is row(x) for the cells ys (increasing) with values vs of row x. It
// panics if a cell lies beyond MaxInt32 of the diagonal, or a value is
// negative.
func (r *RowDigest) Sum(x int64, ys []int64, vs []int32) [sha256.Size]byte {
	vs = vs[:len(ys)]
	switch {
	case !r.format2 && r.encodeDense(x, ys, vs):
	case r.encodeNarrow(x, ys, vs):
	default:
		r.encodeWide(x, ys, vs)
	}
	return sha256.Sum256(r.buf)
}

// SumPacked is row(x) for the cells of row x packed as a band packs them
// (band.Packed): each its column less lo in the high 32 bits and its
// value in the low 32, in increasing column. It reads them as they are:
// unpacking them first took 8% of compute -write none's CPU. It panics as
// Sum does.
func (r *RowDigest) SumPacked(x, lo int64, cells []uint64) [sha256.Size]byte {
	if !r.format2 && r.encodeDensePacked(x-lo, cells) || r.encodeNarrowPacked(x-lo, cells) {
		return sha256.Sum256(r.buf)
	}
	r.ys, r.vs = r.ys[:0], r.vs[:0]
	for _, cell := range cells {
		r.ys = append(r.ys, lo+int64(cell>>32))
		r.vs = append(r.vs, int32(uint32(cell)))
	}
	return r.Sum(x, r.ys, r.vs)
}

// encodeDense puts the row's dense encoding in r.buf, and reports false if
// the row is not dense.
func (r *RowDigest) encodeDense(x int64, ys []int64, vs []int32) bool {
	c := len(ys)
	if c == 0 || ys[c-1]-ys[0] >= 4*int64(c) {
		return false
	}
	at, ok := r.denseBuffer(c, ys[0]-x, int(ys[c-1]-ys[0]+1))
	if !ok {
		return false
	}
	clear(at)
	// The largest value is gathered, not branched on, cell by cell; a
	// negative one is above DenseMaxValue as a uint32.
	var top uint32
	for k, y := range ys {
		v := uint32(vs[k])
		top = max(top, v)
		at[y-ys[0]] = byte(v + 1)
	}
	return top <= DenseMaxValue
}

// encodeDensePacked is encodeDense for packed cells of a row whose diagonal
// lies at column xc of their packing.
func (r *RowDigest) encodeDensePacked(xc int64, packed []uint64) bool {
	c := len(packed)
	if c == 0 {
		return false
	}
	first, last := int64(packed[0]>>32), int64(packed[c-1]>>32)
	if last-first >= 4*int64(c) {
		return false
	}
	at, ok := r.denseBuffer(c, first-xc, int(last-first+1))
	if !ok {
		return false
	}
	if last-first == int64(c-1) {
		// Side by side, as every row of a band whose cells fill it: byte
		// k is cell k's value + 1, no column read.
		return denseSideBySide(at, packed)
	}
	clear(at)
	var top uint32
	for _, cell := range packed {
		v := uint32(cell)
		top = max(top, v)
		at[int64(cell>>32)-first] = byte(v + 1)
	}
	return top <= DenseMaxValue
}

// denseSideBySideGo is denseSideBySide in Go. over gathers the bits of
// v + 1 above the byte, computed in 64 bits so that it does not wrap:
// v ≤ 254 for every cell iff it stays 0.
func denseSideBySideGo(at []byte, packed []uint64) bool {
	at = at[:len(packed)]
	var over uint64
	k := 0
	for ; k+8 <= len(packed); k += 8 {
		// Eight bytes a store: a byte a store took 11% of compute
		// -write none's CPU.
		eight := (*[8]uint64)(packed[k:])
		v0, v1, v2, v3 := uint64(uint32(eight[0]))+1, uint64(uint32(eight[1]))+1, uint64(uint32(eight[2]))+1, uint64(uint32(eight[3]))+1
		v4, v5, v6, v7 := uint64(uint32(eight[4]))+1, uint64(uint32(eight[5]))+1, uint64(uint32(eight[6]))+1, uint64(uint32(eight[7]))+1
		over |= (v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7) >> 8
		binary.LittleEndian.PutUint64(at[k:], v0|v1<<8|v2<<16|v3<<24|v4<<32|v5<<40|v6<<48|v7<<56)
	}
	for ; k < len(packed); k++ {
		v := uint64(uint32(packed[k])) + 1
		over |= v >> 8
		at[k] = byte(v)
	}
	return over == 0
}

// denseBuffer puts a dense row's header (c cells, the first offset d
// from the diagonal) in r.buf, followed by span bytes to fill, which it
// returns; ok is false if d is beyond int32.
func (r *RowDigest) denseBuffer(c int, d int64, span int) (at []byte, ok bool) {
	if d < math.MinInt32 || d > math.MaxInt32 {
		return nil, false
	}
	r.buf = denseHeader(r.buf, c, int32(d), span)
	return r.buf[8:], true
}

// denseHeader returns buf's storage (grown if need be) holding a dense
// row's header, c cells from offset d of the diagonal, and room for its
// span bytes after it.
func denseHeader(buf []byte, c int, d int32, span int) []byte {
	buf = slices.Grow(buf[:0], 8+span)[:8+span]
	binary.LittleEndian.PutUint32(buf, uint32(c)|1<<31)
	binary.LittleEndian.PutUint32(buf[4:], uint32(d))
	return buf
}

// encodeNarrowPacked is encodeNarrow for packed cells of a row whose
// diagonal lies at column xc of their packing (x less lo): a cell's
// offset is its column less xc.
func (r *RowDigest) encodeNarrowPacked(xc int64, packed []uint64) bool {
	r.buf = slices.Grow(r.buf[:0], 4+4*len(packed))[:4+4*len(packed)]
	binary.LittleEndian.PutUint32(r.buf, uint32(len(packed)))
	cells := r.buf[4:]
	var over uint64
	for k, cell := range packed {
		d, v := uint64(int64(cell>>32)-xc+1<<15), cell&math.MaxUint32
		over |= d | v
		binary.LittleEndian.PutUint32(cells[4*k:4*k+4], uint32(uint16(d)^1<<15)|uint32(v)<<16)
	}
	return over <= math.MaxUint16
}

// encodeNarrow puts the row's count and cells, 4 bytes each, in r.buf, and
// reports false if a cell does not fit them.
func (r *RowDigest) encodeNarrow(x int64, ys []int64, vs []int32) bool {
	r.buf = slices.Grow(r.buf[:0], 4+4*len(ys))[:4+4*len(ys)]
	binary.LittleEndian.PutUint32(r.buf, uint32(len(ys)))
	cells := r.buf[4:]
	// Whether all fit is gathered, not branched on, cell by cell: the
	// loop then has no exit but its end (a wide row is rare).
	var over uint64
	for k, y := range ys {
		// −2¹⁵ ≤ d < 2¹⁵ and 0 ≤ v < 2¹⁶: both within 16 bits once d is
		// offset by 2¹⁵, so any higher bit of either means wide.
		d, v := uint64(y-x+1<<15), uint64(uint32(vs[k]))
		over |= d | v
		// The offset's two bytes (d's low 16 bits with the offset's bit
		// flipped back), then the value's, as one store.
		binary.LittleEndian.PutUint32(cells[4*k:4*k+4], uint32(uint16(d)^1<<15)|uint32(v)<<16)
	}
	return over <= math.MaxUint16
}

// encodeWide puts the row's count and cells, 8 bytes each, in r.buf.
func (r *RowDigest) encodeWide(x int64, ys []int64, vs []int32) {
	r.buf = slices.Grow(r.buf[:0], 4+8*len(ys))[:4+8*len(ys)]
	binary.LittleEndian.PutUint32(r.buf, uint32(len(ys)))
	cells := r.buf[4:]
	for k, y := range ys {
		d, v := y-x, vs[k]
		if d < math.MinInt32 || d > math.MaxInt32 || v < 0 {
			panic(fmt.Sprintf("valuesds: cell (%d, %d) of value %d lies beyond int32 of the diagonal or is negative", x, y, v))
		}
		binary.LittleEndian.PutUint64(cells[8*k:], uint64(uint32(int32(d)))|uint64(uint32(v))<<32)
	}
}
