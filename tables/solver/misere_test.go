package solver

import (
	"slices"
	"testing"
)

// bouton is Bouton's rule for misère nim, the independent reference: when
// every heap has at most one stone, the player to move loses exactly when
// the number of heaps of one stone is odd; otherwise exactly when the
// nim-sum is 0.
func bouton(heaps []int) Outcome {
	xor, ones := 0, 0
	for _, h := range heaps {
		xor ^= h
		if h == 1 {
			ones++
		}
	}
	if slices.Max(append([]int{0}, heaps...)) <= 1 {
		if ones%2 == 1 {
			return PPosition
		}
		return NPosition
	}
	if xor == 0 {
		return PPosition
	}
	return NPosition
}

func TestMisereNimOutcomeIsBouton(t *testing.T) {
	for a := range 9 {
		for b := range 9 {
			for c := range 6 {
				heaps := []int{a, b, c}
				if got, want := MisereNimOutcome(heaps), bouton(heaps); got != want {
					t.Errorf("MisereNimOutcome(%v) = %v, Bouton says %v", heaps, got, want)
				}
			}
		}
	}
}

// TestNimWithoutEmptyMove: the corner the paper's Table 3 of 001 prints
// (G₋₁, with −1 at (0, 0) where this game has 0), and (1, 0), (0, 1) as
// its terminal P-positions.
func TestNimWithoutEmptyMove(t *testing.T) {
	g := NimWithoutEmptyMoveGrundy(4)
	want := [][]int{
		{0, 0, 1, 2, 3},
		{0, 1, 2, 3, 4},
		{1, 2, 0, 4, 5},
		{2, 3, 4, 0, 1},
		{3, 4, 5, 1, 0},
	}
	for x := range want {
		if !slices.Equal(g[x], want[x]) {
			t.Errorf("row %d = %v, want %v", x, g[x], want[x])
		}
	}
}

// TestGoishiHiroiIsMove: the plays of Figure 3 of 001 are moves; taking
// stones of two groups, or none, is not.
func TestGoishiHiroiIsMove(t *testing.T) {
	for _, m := range []struct {
		from, to []int
		ok       bool
	}{
		{[]int{5, 3, 4}, []int{5, 1, 4}, true},
		{[]int{2, 1, 2}, []int{2, 0, 2}, true},
		{[]int{2, 0, 2}, []int{0, 0, 0}, true},
		{[]int{5, 3, 4}, []int{5, 1, 3}, false},
		{[]int{5, 3, 4}, []int{5, 3, 4}, false},
		{[]int{2, 1, 2}, []int{0, 0, 0}, false},
	} {
		if got := GoishiHiroiIsMove(m.from, m.to); got != m.ok {
			t.Errorf("GoishiHiroiIsMove(%v, %v) = %v, want %v", m.from, m.to, got, m.ok)
		}
	}
}
