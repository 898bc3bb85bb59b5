package results

import (
	"crypto/sha256"
	"encoding"
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
