package valuesds

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash"
)

// cellSum accumulates cells_sha256: SHA-256 over the cells in (x, y) order,
// each as x int64, y int64, v int32, little-endian (20 bytes), so that it
// depends on the cells only, not on the block size or the sweep.
type cellSum struct {
	hash  hash.Hash
	cells int64
	buf   []byte
}

func newCellSum() *cellSum { return &cellSum{hash: sha256.New()} }

// add accounts the cells of row x: columns ys (increasing) and vs.
func (s *cellSum) add(x int64, ys []int64, vs []int32) {
	const cell = 20
	buf := s.buf[:0]
	for i, y := range ys {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(x))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(y))
		buf = binary.LittleEndian.AppendUint32(buf, uint32(vs[i]))
		if len(buf) >= 4096*cell {
			s.hash.Write(buf)
			buf = buf[:0]
		}
	}
	s.hash.Write(buf)
	s.buf = buf
	s.cells += int64(len(ys))
}

// sum is the hex checksum of the cells added.
func (s *cellSum) sum() string { return fmt.Sprintf("%x", s.hash.Sum(nil)) }

// state saves the checksum's internal state.
func (s *cellSum) state() ([]byte, error) {
	b, err := s.hash.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells_sha256 state: %w", err)
	}
	return b, nil
}

// restoreCellSum returns the sum that state saved, with cells cells.
func restoreCellSum(state []byte, cells int64) (*cellSum, error) {
	s := newCellSum()
	if err := s.hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		return nil, fmt.Errorf("restore the cells_sha256 state: %w", err)
	}
	s.cells = cells
	return s, nil
}
