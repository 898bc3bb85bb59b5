package results

import "testing"

// TestTableSumStateCells: the cells a saved sum has taken are read from
// its state, and a state that is not a SHA-256 state, or one cut in the
// middle of a cell, is refused.
func TestTableSumStateCells(t *testing.T) {
	sum := NewTableSum()
	for _, cells := range [][]int32{{0, 1, 2}, {-1}, make([]int32, 100)} {
		sum.Add(cells)
	}
	st, err := sum.State()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := st.Cells(); err != nil || got != 104 {
		t.Fatalf("Cells() = %d, %v; want 104", got, err)
	}
	odd := NewTableSum()
	odd.hash.Write([]byte{1, 2, 3})
	bad, _ := odd.State()
	for name, h := range map[string][]byte{
		"not a whole cell": bad.Hash,
		"cut short":        st.Hash[:len(st.Hash)-1],
		"other magic":      append([]byte("md5\x01"), st.Hash[4:]...),
	} {
		if _, err := (TableSumState{Hash: h}).Cells(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
