package solver

import (
	"strconv"
	"testing"
)

// chain is a test game: chain(n) has the single option chain(n−1), and
// chain(0) is terminal. Its values alternate 0, 1, 0, …, so chain(2) is a
// non-terminal position of value 0 and cannot end in one move.
type chain int

func (c chain) Options() []Game {
	if c == 0 {
		return nil
	}
	return []Game{c - 1}
}

func (c chain) Key() string { return "chain:" + strconv.Itoa(int(c)) }

func TestGameGrundyNimAndSums(t *testing.T) {
	for a := range 8 {
		if got := GameGrundy(NimHeap(a)); got != a {
			t.Errorf("GameGrundy(NimHeap(%d)) = %d", a, got)
		}
		for b := range 8 {
			for c := range 8 {
				sum := DisjunctiveCompound([]Game{NimHeap(a), NimHeap(b), NimHeap(c)})
				if got := GameGrundy(sum); got != a^b^c {
					t.Errorf("GameGrundy(C+(%d, %d, %d)) = %d, want %d", a, b, c, got, a^b^c)
				}
			}
		}
	}
	for n, want := range []int{0, 1, 0, 1, 0} {
		if got := GameGrundy(chain(n)); got != want {
			t.Errorf("GameGrundy(chain(%d)) = %d, want %d", n, got, want)
		}
	}
}

// The one-pass compound of nim heaps is nim with a pass, solved two ways.
func TestOnePassCompoundOfHeapsIsPassNim(t *testing.T) {
	if got := OnePassCompoundGrundy(nil); got != 0 {
		t.Errorf("OnePassCompoundGrundy(nil) = %d, want 0", got)
	}
	for a := range 7 {
		for b := range 7 {
			if got, want := OnePassCompoundGrundy([]Game{NimHeap(a), NimHeap(b)}), PassNimGrundy([]int{a, b}, true); got != want {
				t.Errorf("one-pass compound (%d, %d) = %d, PassNimGrundy %d", a, b, got, want)
			}
			for c := range 7 {
				heaps := []Game{NimHeap(a), NimHeap(b), NimHeap(c)}
				if got, want := OnePassCompoundGrundy(heaps), PassNimGrundy([]int{a, b, c}, true); got != want {
					t.Errorf("one-pass compound (%d, %d, %d) = %d, PassNimGrundy %d", a, b, c, got, want)
				}
			}
		}
	}
}

// The pass is not a move from a terminal compound, and once used it is gone.
func TestOnePassCompoundOptions(t *testing.T) {
	if n := len(OnePassCompound([]Game{NimHeap(0), NimHeap(0)}).Options()); n != 0 {
		t.Errorf("terminal one-pass compound has %d options, want 0", n)
	}
	g := OnePassCompound([]Game{NimHeap(0), NimHeap(2)})
	opts := g.Options()
	// Heap 2 to 0 or 1, and the pass.
	if len(opts) != 3 {
		t.Fatalf("one-pass compound (0, 2) has %d options, want 3", len(opts))
	}
	passed := opts[2]
	if want := DisjunctiveCompound([]Game{NimHeap(0), NimHeap(2)}).Key(); passed.Key() != want {
		t.Errorf("pass leads to %q, want %q", passed.Key(), want)
	}
	if n := len(passed.Options()); n != 2 {
		t.Errorf("after the pass (0, 2) has %d options, want 2", n)
	}
	if g.Key() == passed.Key() {
		t.Errorf("with and without the pass share the key %q", g.Key())
	}
}

// Nim heaps and two-dimensional chocolate with h(0) = 0 reach the terminal
// position in one move from anywhere (for the bar, cut z to 0: the cap h(0)
// = 0 takes y to 0), so they are one-move games. A bar with h(0) = 1 is not:
// (0, 1, 1) has options (0, 0, 1) and (0, 1, 0), both of value 1, so it is a
// non-terminal position of value 0. Neither are chain(2), the sum of heaps
// 1 and 1, nor the three-dimensional bar (1, 0, 1) (two-heap nim (1, 1)).
func TestIsOneMoveGame(t *testing.T) {
	half := NewStairChocolate(func(z int) int { return z / 2 })
	plusOne := NewStairChocolate(func(z int) int { return z + 1 })
	wide := NewChocolate(func(x, z int) int { return 100 })
	tests := []struct {
		name string
		g    Game
		want bool
	}{
		{"heap 0", NimHeap(0), true},
		{"heap 9", NimHeap(9), true},
		{"chain(1)", chain(1), true},
		{"chain(2)", chain(2), false},
		{"chain(5)", chain(5), false},
		{"CB2(z/2, 3, 9)", half.Position(0, 3, 9), true},
		{"CB2(z/2, 7, 15)", half.Position(0, 7, 15), true},
		{"CB2(z+1, 1, 1)", plusOne.Position(0, 1, 1), false},
		{"CB2(z+1, 1, 0)", plusOne.Position(0, 1, 0), true},
		{"heaps 1+1", DisjunctiveCompound([]Game{NimHeap(1), NimHeap(1)}), false},
		{"heaps 1+2", DisjunctiveCompound([]Game{NimHeap(1), NimHeap(2)}), false},
		{"CB(100, 1, 0, 1)", wide.Position(1, 0, 1), false},
	}
	for _, tt := range tests {
		if got := IsOneMoveGame(tt.g); got != tt.want {
			t.Errorf("IsOneMoveGame(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Outcomes from the game tree agree with Bouton on three-heap nim.
func TestGameOutcomeNim(t *testing.T) {
	for a := 0; a <= 4; a++ {
		for b := 0; b <= 4; b++ {
			for c := 0; c <= 4; c++ {
				want := NPosition
				if a^b^c == 0 {
					want = PPosition
				}
				if got := GameOutcome(DisjunctiveCompound([]Game{NimHeap(a), NimHeap(b), NimHeap(c)})); got != want {
					t.Errorf("⟨%d, %d, %d⟩: %s, want %s", a, b, c, got, want)
				}
			}
		}
	}
}
