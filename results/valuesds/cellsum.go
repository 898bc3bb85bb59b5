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
// a window of rows, built to cost little per cell (the band sweep itself
// takes a few ns a cell) and to be recomputed with numpy from the columns:
//
//	rows  = SHA-256(first row as int64, then every row's cell count as uint32)
//	cells = SHA-256(every cell in (x, y) order as y − x int32 and v int32)
//	cells_sha256 = SHA-256(rows ‖ cells)
//
// all little-endian, over every row of the window, rows without a cell
// included. Two datasets (or runs) hold the same cells in the same rows iff
// their sums are equal, whatever their sweep, block size or layout.
type CellSum struct {
	rows, cells hash.Hash
	count       int64
	// counts and buf gather the bytes of many rows before they are
	// hashed: a Write per row cost more than the hashing itself.
	counts, buf []byte
}

// sumBuffer is how many bytes CellSum gathers before it hashes them.
const sumBuffer = 1 << 16

// NewCellSum starts the sum of a window whose first row is first.
func NewCellSum(first int64) *CellSum {
	s := &CellSum{rows: sha256.New(), cells: sha256.New()}
	s.rows.Write(binary.LittleEndian.AppendUint64(nil, uint64(first)))
	return s
}

// AddRow accounts the next row of the window, x, whose cells are ys
// (increasing) with values vs. Every cell must lie within MaxInt32 of the
// diagonal (a band's cells lie within V+1 of it, a full sweep's n is below
// 2³¹); AddRow panics otherwise.
func (s *CellSum) AddRow(x int64, ys []int64, vs []int32) {
	s.counts = binary.LittleEndian.AppendUint32(s.counts, uint32(len(ys)))
	if len(s.counts) >= sumBuffer {
		s.flush()
	}
	n := len(s.buf)
	s.buf = slices.Grow(s.buf, 8*len(ys))[:n+8*len(ys)]
	cells := s.buf[n:]
	vs = vs[:len(ys)]
	for k, y := range ys {
		d := y - x
		if d < math.MinInt32 || d > math.MaxInt32 {
			panic(fmt.Sprintf("valuesds: cell (%d, %d) lies beyond int32 of the diagonal", x, y))
		}
		// The offset's four bytes, then the value's, as one store.
		binary.LittleEndian.PutUint64(cells[8*k:], uint64(uint32(int32(d)))|uint64(uint32(vs[k]))<<32)
	}
	if len(s.buf) >= sumBuffer {
		s.flush()
	}
	s.count += int64(len(ys))
}

// flush hashes the bytes gathered.
func (s *CellSum) flush() {
	s.rows.Write(s.counts)
	s.cells.Write(s.buf)
	s.counts, s.buf = s.counts[:0], s.buf[:0]
}

// Cells is the number of cells added.
func (s *CellSum) Cells() int64 { return s.count }

// Sum is the hex cells_sha256 of the rows added so far.
func (s *CellSum) Sum() string {
	s.flush()
	h := sha256.New()
	h.Write(s.rows.Sum(nil))
	h.Write(s.cells.Sum(nil))
	return fmt.Sprintf("%x", h.Sum(nil))
}

// State saves the sum: both hashes' internal states.
func (s *CellSum) State() ([]byte, error) {
	s.flush()
	rows, err := s.rows.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells_sha256 state: %w", err)
	}
	cells, err := s.cells.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells_sha256 state: %w", err)
	}
	return append(binary.LittleEndian.AppendUint32(nil, uint32(len(rows))), append(rows, cells...)...), nil
}

// RestoreCellSum returns the sum that State saved after rows rows holding
// count cells in all. It fails if the state does not decode or has taken
// other rows or cells (the lengths its SHA-256 states record), so that a
// checkpoint pairing a sum with another row is refused even when its own
// checksum is right.
func RestoreCellSum(state []byte, rows, count int64) (*CellSum, error) {
	s := &CellSum{rows: sha256.New(), cells: sha256.New(), count: count}
	if len(state) < 4 || int64(binary.LittleEndian.Uint32(state)) > int64(len(state)-4) {
		return nil, fmt.Errorf("restore the cells_sha256 state: %d bytes do not hold one", len(state))
	}
	n := 4 + int(binary.LittleEndian.Uint32(state))
	if err := s.rows.(encoding.BinaryUnmarshaler).UnmarshalBinary(state[4:n]); err != nil {
		return nil, fmt.Errorf("restore the cells_sha256 state: %w", err)
	}
	if err := s.cells.(encoding.BinaryUnmarshaler).UnmarshalBinary(state[n:]); err != nil {
		return nil, fmt.Errorf("restore the cells_sha256 state: %w", err)
	}
	if err := s.checkTaken(rows, count); err != nil {
		return nil, err
	}
	return s, nil
}

// checkTaken checks that a restored sum has taken exactly rows rows and
// cells cells, from the lengths its two SHA-256 states record (8 bytes of
// the first row, then 4 a row; 8 a cell): a checkpoint that pairs a sum
// with other rows is refused even when its own checksum is right.
func (s *CellSum) checkTaken(rows, cells int64) error {
	rowBytes, err := stateLength(s.rows)
	if err != nil {
		return err
	}
	cellBytes, err := stateLength(s.cells)
	if err != nil {
		return err
	}
	if rowBytes != uint64(8+4*rows) || cellBytes != uint64(8*cells) {
		return fmt.Errorf("the cells_sha256 state has taken %d bytes of rows and %d of cells, not the %d rows and %d cells of the parts",
			rowBytes, cellBytes, rows, cells)
	}
	return nil
}

// stateLength is the number of bytes written to the SHA-256 h.
func stateLength(h hash.Hash) (uint64, error) {
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return 0, err
	}
	return results.HashedBytes(state)
}
