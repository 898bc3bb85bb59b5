package results

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash"
	"math"
)

// TableSum accumulates what a table file's metadata says of all its cells,
// g_sha256 and max_value, over bands given in row-major order, for files
// (and runs) that do not hold every cell. Its state can be saved and
// restored, so a resumed run goes on with the same checksum.
type TableSum struct {
	hash hash.Hash
	max  int32
}

// NewTableSum returns the sum of no cells.
func NewTableSum() *TableSum { return &TableSum{hash: sha256.New(), max: math.MinInt32} }

// Add accounts cells, the next cells of the table in row-major order.
func (t *TableSum) Add(cells []int32) {
	for _, v := range cells {
		t.max = max(t.max, v)
	}
	t.hash.Write(littleEndianBytes(cells))
}

// SHA256 is the hex checksum of the cells added so far, as g_sha256.
func (t *TableSum) SHA256() string { return fmt.Sprintf("%x", t.hash.Sum(nil)) }

// MaxValue is the largest value added, math.MinInt32 before any.
func (t *TableSum) MaxValue() int32 { return t.max }

// TableSumState is a TableSum saved: the checksum's internal state and the
// largest value.
type TableSumState struct {
	Hash     []byte `json:"sha256_state"`
	MaxValue int32  `json:"max_value_of_rows"`
}

// State saves the sum.
func (t *TableSum) State() (TableSumState, error) {
	h, err := t.hash.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return TableSumState{}, fmt.Errorf("save the checksum state: %w", err)
	}
	return TableSumState{Hash: h, MaxValue: t.max}, nil
}

// RestoreTableSum returns the sum that State saved as st.
func RestoreTableSum(st TableSumState) (*TableSum, error) {
	t := NewTableSum()
	if err := t.hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(st.Hash); err != nil {
		return nil, fmt.Errorf("restore the checksum state: %w", err)
	}
	t.max = st.MaxValue
	return t, nil
}

// Cells is the number of cells the saved sum st has taken, read from the
// length that crypto/sha256 records in its state (4 bytes a cell); an error
// for a state that is not one of crypto/sha256, or a length that is not a
// whole number of cells. A resume compares it with the rows it goes on
// from, so that a state file whose checksum was rewritten cannot pair a
// sum with the wrong rows.
func (st TableSumState) Cells() (int64, error) {
	n, err := HashedBytes(st.Hash)
	if err != nil {
		return 0, fmt.Errorf("the g_sha256 state: %w", err)
	}
	if n%4 != 0 {
		return 0, fmt.Errorf("the g_sha256 state has taken %d bytes, not whole cells of 4", n)
	}
	return int64(n / 4), nil
}

// sha256StateSize and sha256StateMagic describe crypto/sha256's marshaled
// state: the magic, eight 32-bit words, a 64-byte block, and the length
// written so far as a big-endian uint64.
const (
	sha256StateSize  = 4 + 8*4 + sha256.BlockSize + 8
	sha256StateMagic = "sha\x03"
)

// HashedBytes is the number of bytes written to the SHA-256 whose state
// (encoding.BinaryMarshaler) is state, or an error if state is not one.
func HashedBytes(state []byte) (uint64, error) {
	if len(state) != sha256StateSize || string(state[:4]) != sha256StateMagic {
		return 0, fmt.Errorf("%d bytes are not a SHA-256 state", len(state))
	}
	n := binary.BigEndian.Uint64(state[sha256StateSize-8:])
	if n > math.MaxInt64 {
		return 0, fmt.Errorf("a SHA-256 state of %d bytes written is out of range", n)
	}
	return n, nil
}
