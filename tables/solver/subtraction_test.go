package solver

import (
	"slices"
	"testing"
)

// Hand-worked Grundy sequences: G(x) = mex{G(x − s) : s ∈ S, s ≤ x}.
func TestSubtractionGrundyHandWorked(t *testing.T) {
	tests := []struct {
		set  SubtractionSet
		want []int
	}{
		{AllBut(), []int{0, 1, 2, 3, 4, 5}},     // nim
		{Finite(), []int{0, 0, 0, 0}},           // no move at all
		{Finite(1, 2), []int{0, 1, 2, 0, 1, 2}}, // x mod 3
		// {2, 3}: 0, 0, mex{0}, mex{0, 0}, mex{1, 0}, mex{1, 1}, mex{2, 1}, mex{0, 2}.
		{Finite(3, 2, 3), []int{0, 0, 1, 1, 2, 0, 0, 1}},
		// ℕ₊ ∖ {1}: G(1) = 0 (no move), G(2) = mex{G(0)}, G(3) = mex{G(1), G(0)},
		// G(4) = mex{G(2), G(1), G(0)} = mex{1, 0, 0}.
		{AllBut(1), []int{0, 0, 1, 1, 2}},
	}
	for _, tt := range tests {
		if got := SubtractionGrundy(tt.set, len(tt.want)-1); !slices.Equal(got, tt.want) {
			t.Errorf("SubtractionGrundy(%s) = %v, want %v", tt.set.Name, got, tt.want)
		}
	}
	if got := SubtractionGrundy(AllBut(), -1); got != nil {
		t.Errorf("SubtractionGrundy(n = -1) = %v, want nil", got)
	}
}

func TestSubtractionSetNames(t *testing.T) {
	for _, tt := range []struct {
		set  SubtractionSet
		name string
	}{
		{Finite(3, 1, 3), "{1, 3}"}, {Finite(), "{}"}, {AllBut(), "ℕ₊"}, {AllBut(8, 4), "ℕ₊ ∖ {4, 8}"},
	} {
		if tt.set.Name != tt.name {
			t.Errorf("name %q, want %q", tt.set.Name, tt.name)
		}
	}
	all := AllBut(4, 8)
	for s, want := range map[int]bool{0: false, 1: true, 4: false, 5: true, 8: false, 100: true} {
		if all.Contains(s) != want {
			t.Errorf("ℕ₊ ∖ {4, 8} contains %d: %v, want %v", s, !want, want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Finite(0) did not panic")
		}
	}()
	Finite(0)
}

// A heap as a Game has the values of the sequence.
func TestSubtractionHeapMatchesSequence(t *testing.T) {
	for _, set := range []SubtractionSet{Finite(2, 3), AllBut(1), AllBut(2, 5)} {
		seq := SubtractionGrundy(set, 20)
		for n, want := range seq {
			if got := GameGrundy(SubtractionHeap(set, n)); got != want {
				t.Errorf("Subtraction(%s) heap %d: GameGrundy %d, sequence %d", set.Name, n, got, want)
			}
		}
	}
}
