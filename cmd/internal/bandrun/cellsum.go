package bandrun

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash"
	"math"
)

// cellSum is the canonical checksum of a run's cells, cells_sha256, built
// to cost little per cell (the sweep itself takes a few ns a cell) and to
// be recomputed with numpy from the columns:
//
//	rows  = SHA-256(first row as int64, then every row's cell count as uint32)
//	cells = SHA-256(every cell in (x, y) order as y − x int32 and v int32)
//	cells_sha256 = SHA-256(rows ‖ cells)
//
// all little-endian, over the rows of the window, those without a cell
// included. Two runs hold the same cells in the same rows iff their sums
// are equal, whatever their sweep or the files' layout.
type cellSum struct {
	rows, cells hash.Hash
	count       int64
	buf         []byte
}

// newCellSum starts the sum of a window from row first.
func newCellSum(first int64) *cellSum {
	s := &cellSum{rows: sha256.New(), cells: sha256.New()}
	s.rows.Write(binary.LittleEndian.AppendUint64(nil, uint64(first)))
	return s
}

// add accounts the cells of row x, in increasing y: at most MaxInt32 of
// them, each within MaxInt32 of the diagonal (a band's cells are within
// V+1 of it, a full sweep's n is below 2³¹).
func (s *cellSum) add(x int64, ys []int64, vs []int32) {
	s.buf = binary.LittleEndian.AppendUint32(s.buf[:0], uint32(len(ys)))
	s.rows.Write(s.buf)
	s.buf = s.buf[:0]
	for k, y := range ys {
		d := y - x
		if d < math.MinInt32 || d > math.MaxInt32 {
			panic(fmt.Sprintf("bandrun: cell (%d, %d) is beyond int32 of the diagonal", x, y))
		}
		s.buf = binary.LittleEndian.AppendUint32(s.buf, uint32(int32(d)))
		s.buf = binary.LittleEndian.AppendUint32(s.buf, uint32(vs[k]))
	}
	s.cells.Write(s.buf)
	s.count += int64(len(ys))
}

// sum is the hex checksum of the cells so far.
func (s *cellSum) sum() string {
	h := sha256.New()
	h.Write(s.rows.Sum(nil))
	h.Write(s.cells.Sum(nil))
	return fmt.Sprintf("%x", h.Sum(nil))
}

// state saves the checksum's internal state.
func (s *cellSum) state() ([]byte, error) {
	rows, err := s.rows.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells' checksum: %w", err)
	}
	cells, err := s.cells.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells' checksum: %w", err)
	}
	return append(binary.LittleEndian.AppendUint32(rows, uint32(len(rows))), cells...), nil
}

// restoreCellSum continues a checksum from its saved state.
func restoreCellSum(state []byte, count int64) (*cellSum, error) {
	bad := fmt.Errorf("restore the cells' checksum: a saved state of %d bytes does not decode", len(state))
	s := &cellSum{rows: sha256.New(), cells: sha256.New(), count: count}
	// The rows' state, its length, then the cells' state.
	for n := 1; n < len(state)-4; n++ {
		if int(binary.LittleEndian.Uint32(state[n:])) != n {
			continue
		}
		if s.rows.(encoding.BinaryUnmarshaler).UnmarshalBinary(state[:n]) != nil ||
			s.cells.(encoding.BinaryUnmarshaler).UnmarshalBinary(state[n+4:]) != nil {
			return nil, bad
		}
		return s, nil
	}
	return nil, bad
}
