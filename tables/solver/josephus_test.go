package solver

import (
	"slices"
	"testing"
)

// Elimination orders worked by hand on the circle: for 10, the first round
// removes 2, 4, 6, 8, 10; then 1 is skipped and 3 removed, 5 skipped and 7
// removed, 9 skipped and 1 removed, 5 skipped and 9 removed; 5 is left.
func TestJosephusOrder(t *testing.T) {
	tests := []struct {
		v    int
		want []int
	}{
		{0, nil},
		{1, []int{1}},
		{2, []int{2, 1}},
		{3, []int{2, 1, 3}},
		{7, []int{2, 4, 6, 1, 5, 3, 7}},
		{10, []int{2, 4, 6, 8, 10, 3, 7, 1, 9, 5}},
	}
	for _, tt := range tests {
		if got := JosephusOrder(tt.v); !slices.Equal(got, tt.want) {
			t.Errorf("JosephusOrder(%d) = %v, want %v", tt.v, got, tt.want)
		}
	}
	// The classic case: of 41, number 19 is the last left.
	if order := JosephusOrder(41); order[40] != 19 {
		t.Errorf("JosephusOrder(41) leaves %d, want 19", order[40])
	}
}

// Every number is removed exactly once.
func TestJosephusOrderIsAPermutation(t *testing.T) {
	for v := 1; v <= 60; v++ {
		order := slices.Sorted(slices.Values(JosephusOrder(v)))
		for i, e := range order {
			if e != i+1 {
				t.Fatalf("JosephusOrder(%d) sorted = %v", v, order)
			}
		}
	}
}
