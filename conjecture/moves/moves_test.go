package moves

import (
	"fmt"
	"slices"
	"testing"
)

// shapeOptions lists the options of (x, y) from the shape fields alone:
// the lines the streaming checks keep sets for.
func shapeOptions(g Game, x, y int) []Position {
	var ps []Position
	switch g.Kind {
	case Rook:
		for xp := range x {
			ps = append(ps, Position{xp, y})
		}
		for yp := range y {
			ps = append(ps, Position{x, yp})
		}
		for k := 1; g.Diagonal && k <= min(x, y); k++ {
			ps = append(ps, Position{x - k, y - k})
		}
	case Split:
		for _, sum := range []int{x - g.Shift, y - g.Shift} {
			for a := g.MinHeap; a <= sum-g.MinHeap; a++ {
				if p := (Position{a, sum - a}); !slices.Contains(ps, p) {
					ps = append(ps, p)
				}
			}
		}
	case Josephus:
		lo, hi := JosephusColumn(x, y)
		for xp := lo; xp < hi; xp++ {
			ps = append(ps, Position{xp, y})
		}
		for yp := 0; yp <= JosephusRow(x, y); yp++ {
			ps = append(ps, Position{x, yp})
		}
	}
	return ps
}

func sortPositions(ps []Position) []Position {
	slices.SortFunc(ps, func(a, b Position) int {
		if a.X != b.X {
			return a.X - b.X
		}
		return a.Y - b.Y
	})
	return ps
}

// The options listed from each paper's moves are exactly those of the
// game's shape, on every position of a square, and none is repeated.
func TestOptionsMatchShape(t *testing.T) {
	const n = 30
	for _, g := range All() {
		for x := 0; x <= n; x++ {
			for y := 0; y <= n; y++ {
				if _, fixed := g.FixedValue(x, y); fixed {
					continue
				}
				got, _ := g.Options(x, y)
				got = sortPositions(got)
				want := sortPositions(shapeOptions(g, x, y))
				if len(slices.Compact(slices.Clone(got))) != len(got) || !slices.Equal(got, want) {
					t.Fatalf("%s (%d, %d): options %v, shape gives %v", g.ID, x, y, got, want)
				}
			}
		}
	}
}

// The extra value is the pass of nim with a pass, x XOR y, and nothing
// for the other games; fixed positions have no options.
func TestExtraAndFixed(t *testing.T) {
	for _, g := range All() {
		for _, p := range []Position{{0, 0}, {3, 5}, {6, 6}, {1, 0}} {
			_, extra := g.Options(p.X, p.Y)
			want := -1
			if _, fixed := g.FixedValue(p.X, p.Y); g.ID == "passnim" && !fixed {
				want = p.X ^ p.Y
			}
			if extra != want {
				t.Errorf("%s %v: extra %d, want %d", g.ID, p, extra, want)
			}
		}
	}
}

// Known values from the papers and closed forms: G₀ = x XOR y (Bouton),
// the four cells where G₁ differs from G₀ (goishi-hiroi paper, Section
// 1.1), G₋₁(n, n) = 0 for n ≥ 2 and G*₋₁(n, n) = 0 (Theorems 4 and 5),
// Wythoff's P-positions (⌊kφ⌋, ⌊kφ²⌋) (thesis, Theorem 1.16), and the
// start of the printed rows of the other tables.
func TestKnownValues(t *testing.T) {
	const n = 40
	tables := map[string][][]int32{}
	for _, g := range All() {
		tables[g.ID] = g.Table(n)
	}
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			if got := tables["nim"][x][y]; got != int32(x^y) {
				t.Fatalf("nim (%d, %d) = %d, want %d", x, y, got, x^y)
			}
			want := int32(x ^ y)
			if x <= 1 && y <= 1 {
				want ^= 1
			}
			if got := tables["g1"][x][y]; got != want {
				t.Fatalf("g1 (%d, %d) = %d, want %d", x, y, got, want)
			}
		}
		if x >= 2 && tables["gneg1"][x][x] != 0 || tables["gstarneg1"][x][x] != 0 {
			t.Errorf("G₋₁(%d, %d) = %d, G*₋₁ = %d, want 0", x, x, tables["gneg1"][x][x], tables["gstarneg1"][x][x])
		}
	}
	for _, p := range []Position{{0, 0}, {1, 2}, {2, 1}, {3, 5}, {5, 3}, {4, 7}, {6, 10}, {8, 13}, {9, 15}, {11, 18}} {
		if got := tables["wythoff"][p.X][p.Y]; got != 0 {
			t.Errorf("wythoff %v = %d, want 0 (a Wythoff pair)", p, got)
		}
	}
	// G_P: G_P(0, y) for y = 0 … 5 is 0, 2, 1, 4, 3, 6 (row 0 of Table 3
	// of the pass paper: the pass to y and the moves to 0 … y − 1).
	if got := fmt.Sprint(tables["passnim"][0][:6]); got != "[0 2 1 4 3 6]" {
		t.Errorf("G_P row 0 = %s, want [0 2 1 4 3 6]", got)
	}
	if got := tables["vdn"][0][0]; got != -1 {
		t.Errorf("vdn (0, 0) = %d, want -1 (no position)", got)
	}
}
