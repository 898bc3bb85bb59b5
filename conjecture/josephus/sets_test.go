package josephus

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/tables/solver"
)

// Memberships read off Definition 1.5 of 004 by hand.
func TestGrundySets(t *testing.T) {
	tests := []struct {
		x, y               int
		printed, corrected []int
	}{
		{0, 0, nil, []int{0}},      // 𝒢_{0,0} only
		{1, 0, []int{0}, []int{0}}, // 𝒢_{0,1}: (2¹ − 1 + 0, 0)
		{2, 1, []int{0}, []int{0}}, // 𝒢_{0,1}, m = 1
		{2, 0, nil, []int{1}},      // 𝒢_{1,0}: (3 − 1 + 0, 0)
		{5, 0, []int{1}, []int{1}}, // 𝒢_{1,1}: (3·2 − 1, 0)
		{0, 1, []int{1}, []int{1}}, // 𝒢_{1,a}: k = 0, 1 ≤ j ≤ 1
		{3, 2, []int{2}, []int{2}}, // (2s − 1, s) ∈ 𝒢_{s,b} for s = 2 (equation (31))
		{2, 2, []int{2}, []int{2}}, // (2s − 2, s) ∈ 𝒢_{s,a}
		{0, 4, []int{3}, []int{3}}, // 𝒢_{3,a}: k = 0, 4 ≤ j ≤ 7
		{1, 3, []int{2}, []int{2}}, // 𝒢_{2,b}: k = 0, 2 ≤ j ≤ 3
		{4, 3, []int{3}, []int{3}}, // 𝒢_{3,a}: k = 2, 3 ≤ j ≤ 3; not in 𝒢_{0,1}, as y > 1
		{4, 1, []int{0}, []int{0}}, // 𝒢_{0,2}
	}
	for _, tt := range tests {
		if got := printedSets(tt.x, tt.y); !slices.Equal(got, tt.printed) {
			t.Errorf("printed: (%d, %d) ∈ 𝒢_s for s ∈ %v, want %v", tt.x, tt.y, got, tt.printed)
		}
		if got := correctedSets(tt.x, tt.y); !slices.Equal(got, tt.corrected) {
			t.Errorf("corrected: (%d, %d) ∈ 𝒢_s for s ∈ %v, want %v", tt.x, tt.y, got, tt.corrected)
		}
	}
}

// The circle walked as a list removes the numbers in the order the circle
// simulated by the solver does.
func TestEliminationOrderMatchesTheSolver(t *testing.T) {
	next, order := make([]int32, 202), make([]int32, 201)
	for v := 1; v <= 200; v++ {
		eliminationOrder(v, next, order)
		want := solver.JosephusOrder(v)
		for i, e := range want {
			if int(order[i]) != e {
				t.Fatalf("v = %d: order %v, solver %v", v, order[:v], want)
			}
		}
	}
}
