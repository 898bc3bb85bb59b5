package valuesds

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"slices"
)

// legacyCellSum is the cells_sha256 of format grundy-values/1, kept so
// that datasets written before format 2 are still verified:
//
//	rows  = SHA-256(first row as int64, then every row's cell count as uint32)
//	cells = SHA-256(every cell in (x, y) order as y − x int32 and v int32)
//	cells_sha256 = SHA-256(rows ‖ cells)
//
// all little-endian, over every row of the window, rows without a cell
// included. It is one stream of 8 bytes a cell, which no second core can
// share: formats 2 and 3 (CellSum) hash each row on its own.
type legacyCellSum struct {
	rows, cells hash.Hash
	count       int64
	// counts and buf gather the bytes of many rows before they are hashed.
	counts, buf []byte
}

// newLegacyCellSum starts the format-1 sum of a window whose first row is first.
func newLegacyCellSum(first int64) *legacyCellSum {
	s := &legacyCellSum{rows: sha256.New(), cells: sha256.New()}
	s.rows.Write(binary.LittleEndian.AppendUint64(nil, uint64(first)))
	return s
}

// AddRow accounts the next row of the window, x, whose cells are ys
// (increasing) with values vs, each within MaxInt32 of the diagonal (the
// parts' checks ensure it: n < 2³¹).
func (s *legacyCellSum) AddRow(x int64, ys []int64, vs []int32) {
	s.counts = binary.LittleEndian.AppendUint32(s.counts, uint32(len(ys)))
	n := len(s.buf)
	s.buf = slices.Grow(s.buf, 8*len(ys))[:n+8*len(ys)]
	cells := s.buf[n:]
	for k, y := range ys {
		binary.LittleEndian.PutUint64(cells[8*k:], uint64(uint32(int32(y-x)))|uint64(uint32(vs[k]))<<32)
	}
	if len(s.buf) >= sumBuffer || len(s.counts) >= sumBuffer {
		s.flush()
	}
	s.count += int64(len(ys))
}

// flush hashes the bytes gathered.
func (s *legacyCellSum) flush() {
	s.rows.Write(s.counts)
	s.cells.Write(s.buf)
	s.counts, s.buf = s.counts[:0], s.buf[:0]
}

// Cells is the number of cells added.
func (s *legacyCellSum) Cells() int64 { return s.count }

// Sum is the hex format-1 cells_sha256 of the rows added so far.
func (s *legacyCellSum) Sum() string {
	s.flush()
	h := sha256.New()
	h.Write(s.rows.Sum(nil))
	h.Write(s.cells.Sum(nil))
	return fmt.Sprintf("%x", h.Sum(nil))
}
