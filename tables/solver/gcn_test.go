package solver

import (
	"strconv"
	"strings"
	"testing"
)

// gcnPosition is GCN(h; sets…) as a Game, a second reading of Definition 2.1
// of 003 written apart from NewGCN: the options are the X_i and Y moves,
// enumerated from the sets of heaps they lead to.
type gcnPosition struct {
	h     int
	sets  []SubtractionSet
	heaps []int
}

func (p gcnPosition) Options() []Game {
	seen := make(map[string]bool)
	var opts []Game
	add := func(heaps []int) {
		o := gcnPosition{p.h, p.sets, heaps}
		if k := o.Key(); !seen[k] {
			seen[k] = true
			opts = append(opts, o)
		}
	}
	for i, x := range p.heaps {
		for s := 1; s <= x; s++ {
			if p.sets[i].Contains(s) {
				next := append([]int(nil), p.heaps...)
				next[i] -= s
				add(next)
			}
		}
	}
	// Y: every vector of removals 0 ≤ s_i ≤ x_i with 0 < Σ s_i < h.
	var walk func(i, total int, next []int)
	walk = func(i, total int, next []int) {
		if i == len(next) {
			if total > 0 && total < p.h {
				add(append([]int(nil), next...))
			}
			return
		}
		for s := 0; s <= p.heaps[i]; s++ {
			next[i] = p.heaps[i] - s
			walk(i+1, total+s, next)
		}
	}
	walk(0, 0, make([]int, len(p.heaps)))
	return opts
}

func (p gcnPosition) Key() string {
	s := make([]string, len(p.heaps))
	for i, x := range p.heaps {
		s[i] = strconv.Itoa(x)
	}
	return "gcn:" + strings.Join(s, ",")
}

// NewGCN agrees with the Game reading on two and three heaps.
func TestGCNMatchesGameReading(t *testing.T) {
	tests := []struct {
		h    int
		sets []SubtractionSet
		top  int
	}{
		{3, []SubtractionSet{AllBut(), AllBut()}, 9},
		{4, []SubtractionSet{Finite(2, 3), AllBut(4, 8)}, 9},
		{2, []SubtractionSet{AllBut(), Finite(1, 2, 3), AllBut(2, 4)}, 5},
		{5, []SubtractionSet{Finite(), Finite(1), AllBut()}, 5},
	}
	for _, tt := range tests {
		g := NewGCN(tt.h, tt.sets, tt.top)
		heaps := make([]int, len(tt.sets))
		var each func(i int)
		each = func(i int) {
			if i == len(heaps) {
				want := GameGrundy(gcnPosition{tt.h, tt.sets, append([]int(nil), heaps...)})
				if got := g.Grundy(heaps...); got != want {
					t.Errorf("GCN(%d; …) %v: NewGCN %d, Game reading %d", tt.h, heaps, got, want)
				}
				return
			}
			for heaps[i] = 0; heaps[i] <= tt.top; heaps[i]++ {
				each(i + 1)
			}
		}
		each(0)
	}
}

// With h = 1 there is no Y move: GCN(1; S₁, S₂) is the sum of two
// subtraction games, and cyclic Nimhoff with h = 1 is nim. Hand-worked:
// in cyclic Nimhoff with h = 2, ⟨1, 1⟩ reaches ⟨0, 1⟩ and ⟨1, 0⟩ (value 1
// each, by one-heap moves or Y), so it has value 0.
func TestGCNSmallCases(t *testing.T) {
	nim := NewCyclicNimhoff(1, 2, 7)
	for a := range 8 {
		for b := range 8 {
			if got := nim.Grundy(a, b); got != a^b {
				t.Errorf("cyclic Nimhoff h = 1 ⟨%d, %d⟩ = %d, want %d", a, b, got, a^b)
			}
		}
	}
	if got := NewCyclicNimhoff(2, 2, 1).Grundy(1, 1); got != 0 {
		t.Errorf("cyclic Nimhoff h = 2 ⟨1, 1⟩ = %d, want 0", got)
	}
	for _, bad := range []func(){
		func() { NewGCN(0, []SubtractionSet{AllBut()}, 3) },
		func() { NewGCN(2, nil, 3) },
		func() { NewCyclicNimhoff(2, 2, 3).Grundy(1) },
		func() { NewCyclicNimhoff(2, 2, 3).Grundy(1, 4) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			bad()
		}()
	}
}
