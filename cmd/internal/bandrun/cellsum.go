package bandrun

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash"
)

// cellSum is the canonical checksum of a run's cells, cells_sha256: the
// SHA-256 of the cells in (x, y) order, each as x and y int64 and v int32,
// little-endian. Two runs hold the same cells iff their sums are equal,
// whatever their sweep or the files' layout.
type cellSum struct {
	hash  hash.Hash
	cells int64
	buf   []byte
}

func newCellSum() *cellSum { return &cellSum{hash: sha256.New()} }

// add accounts the cells of one row, in increasing y.
func (s *cellSum) add(x int64, ys []int64, vs []int32) {
	s.buf = s.buf[:0]
	for k, y := range ys {
		s.buf = binary.LittleEndian.AppendUint64(s.buf, uint64(x))
		s.buf = binary.LittleEndian.AppendUint64(s.buf, uint64(y))
		s.buf = binary.LittleEndian.AppendUint32(s.buf, uint32(vs[k]))
	}
	s.hash.Write(s.buf)
	s.cells += int64(len(ys))
}

// sum is the hex checksum of the cells so far.
func (s *cellSum) sum() string { return fmt.Sprintf("%x", s.hash.Sum(nil)) }

// state saves the checksum's internal state.
func (s *cellSum) state() ([]byte, error) {
	b, err := s.hash.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("save the cells' checksum: %w", err)
	}
	return b, nil
}

// restoreCellSum continues a checksum from its saved state.
func restoreCellSum(state []byte, cells int64) (*cellSum, error) {
	s := newCellSum()
	if err := s.hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		return nil, fmt.Errorf("restore the cells' checksum: %w", err)
	}
	s.cells = cells
	return s, nil
}
