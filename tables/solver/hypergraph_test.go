package solver

import "testing"

// A hypergraph of the single edges {i} is the disjunctive compound, and
// the edge {0, 1} alone moves in both heaps at once, worked by hand.
func TestHypergraphCompound(t *testing.T) {
	for a := 0; a <= 5; a++ {
		for b := 0; b <= 5; b++ {
			heaps := []Game{NimHeap(a), NimHeap(b)}
			if got, want := GameGrundy(HypergraphCompound([][]int{{0}, {1}}, heaps)), a^b; got != want {
				t.Errorf("singletons, %d, %d: %d, want %d", a, b, got, want)
			}
		}
	}
	// Edge {0, 1} only: ⟨1, 1⟩ → ⟨0, 0⟩ is the only move, so G = 1; ⟨1, 0⟩
	// has no move; ⟨2, 2⟩ reaches ⟨1, 1⟩, ⟨1, 0⟩, ⟨0, 1⟩, ⟨0, 0⟩: mex{1, 0} = 2.
	both := [][]int{{0, 1}}
	for _, tt := range []struct{ a, b, want int }{{1, 1, 1}, {1, 0, 0}, {2, 2, 2}} {
		if got := GameGrundy(HypergraphCompound(both, []Game{NimHeap(tt.a), NimHeap(tt.b)})); got != tt.want {
			t.Errorf("edge {0, 1}, ⟨%d, %d⟩: %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// Nim heaps are SG-decreasing; a heap of Subtraction({1}) of size 2 is not
// (1 → 0 lowers G from 1 to 0, but 2 → 1 raises it from 0 to 1).
func TestIsSGDecreasing(t *testing.T) {
	for n := 0; n <= 6; n++ {
		if !IsSGDecreasing(NimHeap(n)) {
			t.Errorf("heap %d is not SG-decreasing", n)
		}
	}
	if IsSGDecreasing(SubtractionHeap(Finite(1), 2)) {
		t.Error("Subtraction({1}) 2 is SG-decreasing")
	}
}
