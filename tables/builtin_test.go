package tables

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine"
)

// The built-in rook tables as they were written in code before they became
// game files (games/*.toml): golden data, which the files must give again
// to the letter, so that every table, checksum, pattern and proof of the
// ids stays as it was.

// The rook-move rulesets: a move lowers one coordinate by any positive
// amount, as in two-heap nim, and the tables differ only in their base cells
// and in an extra excluded value.

// nim is two-heap nim, G₀ of the goishi-hiroi paper; G₀(x, y) = x XOR y.
var oldNim = Ruleset{
	ID:     "nim",
	Symbol: "G₀",
	Definition: "G(0,0) = 0; otherwise G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y}). " +
		"Two-heap nim under normal play: G(x,y) = x XOR y.",
	Source: "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and two-player goishi hiroi " +
		"(arXiv 2412.03996), G₀ and Table 1; OEIS A003987",
	Rules: engine.Rules{Base: []engine.Cell{{X: 0, Y: 0, Value: 0}}},
}

// g1 is G₁: the terminal position of misère nim given the value 1.
var oldG1 = Ruleset{
	ID:     "g1",
	Symbol: "G₁",
	Definition: "G(0,0) = 1; otherwise G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y}). " +
		"Differs from x XOR y exactly at (0,0), (0,1), (1,0), (1,1).",
	Source: "Abuku, Fukui, Katayama, Suetsugu (arXiv 2412.03996), G₁ and Table 2",
	Rules:  engine.Rules{Base: []engine.Cell{{X: 0, Y: 0, Value: 1}}},
}

// gneg1 is G₋₁: the terminal position given −1, which the mex ignores, so it
// is two-heap nim with the move to (0,0) forbidden (misère two-heap nim).
var oldGneg1 = Ruleset{
	ID:     "gneg1",
	Symbol: "G₋₁",
	Definition: "G(0,0) = -1; otherwise G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y}), " +
		"the mex ignoring -1. Two-heap nim with the move to (0,0) forbidden. " +
		"Two-player goishi hiroi (x,y,z) is a P-position iff y = G(x,z) + 1.",
	Source: "Abuku, Fukui, Katayama, Suetsugu (arXiv 2412.03996), G₋₁, Table 3, Theorems 2 and 4",
	Rules:  engine.Rules{Base: []engine.Cell{{X: 0, Y: 0, Value: -1}}},
}

// gstarneg1 is G*₋₁: two-heap nim with the moves to (0,1) and (1,0)
// forbidden; it has the same 0-positions as G₀.
var oldGstarneg1 = Ruleset{
	ID:     "gstarneg1",
	Symbol: "G*₋₁",
	Definition: "G(0,0) = 0, G(0,1) = G(1,0) = -1; otherwise G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y}), " +
		"the mex ignoring -1. Two-heap nim with the moves to (0,1) and (1,0) forbidden. " +
		"Misère two-player goishi hiroi (x,y,z) is a P-position iff y = G(x,z) + 1.",
	Source: "Abuku, Fukui, Katayama, Suetsugu (arXiv 2412.03996), G*₋₁, Table 4, Theorems 3 and 5",
	Rules: engine.Rules{Base: []engine.Cell{
		{X: 0, Y: 0, Value: 0},
		{X: 0, Y: 1, Value: -1},
		{X: 1, Y: 0, Value: -1},
	}},
}

// passnim is G_P, two-pile nim with one pass: besides the heap moves, a
// player may once in the game pass from a non-terminal position, which leads
// to plain nim of value x XOR y. It is also the atlas of 3-pile nim with a
// pass, an open problem: (x, y, z) with the pass still available is a
// P-position exactly when z = G_P(x, y).
var oldPassnim = Ruleset{
	ID:     "passnim",
	Symbol: "G_P",
	Definition: "G(0,0) = 0; otherwise G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y} ∪ {x XOR y}), " +
		"the last option being the pass, to two-heap nim without a pass. " +
		"3-pile nim with a pass available has (x,y,z) as a P-position iff z = G(x,y) (an open problem).",
	Source: "Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games with a pass, G_P, Table 3, Lemma 4",
	Rules: engine.Rules{
		Base:     []engine.Cell{{X: 0, Y: 0, Value: 0}},
		Excluded: excludeNimSum,
	},
	nimSum: true,
}

// TestBuiltinGameFilesAreTheOldTables holds each built-in game file to the
// ruleset it replaced: its words, its base cells and its excluded value,
// and its cells at n = 200 computed by the engine.
func TestBuiltinGameFilesAreTheOldTables(t *testing.T) {
	for _, old := range []Ruleset{oldNim, oldG1, oldGneg1, oldGstarneg1, oldPassnim} {
		t.Run(old.ID, func(t *testing.T) {
			r, ok := Lookup(old.ID)
			if !ok {
				t.Fatalf("no table %s", old.ID)
			}
			if r.Symbol != old.Symbol || r.Definition != old.Definition || r.Source != old.Source {
				t.Errorf("words: got %q, %q, %q; want %q, %q, %q", r.Symbol, r.Definition, r.Source, old.Symbol, old.Definition, old.Source)
			}
			if !slices.Equal(r.Rules.Base, old.Rules.Base) || r.nimSum != old.nimSum ||
				(r.Rules.Excluded == nil) != (old.Rules.Excluded == nil) || r.Rules.Passless != nil || r.Rules.Diagonal {
				t.Errorf("rules: got %+v (nimSum %v), want %+v (nimSum %v)", r.Rules, r.nimSum, old.Rules, old.nimSum)
			}
			const n = 200
			if got, want := fullTable(t, r.Rules, n, 2), fullTable(t, old.Rules, n, 1); !slices.Equal(got, want) {
				t.Errorf("the cells differ at n = %d", n)
			}
			if _, err := r.BandRules(); err != nil {
				t.Errorf("BandRules: %v", err)
			}
		})
	}
}

// fullTable computes the table of rules over 0 ≤ x, y ≤ n with the engine,
// row-major.
func fullTable(t *testing.T, rules engine.Rules, n, workers int) []int32 {
	t.Helper()
	var g []int32
	err := engine.Compute(context.Background(), rules, n, engine.Config{Workers: workers}, func(b engine.Band) error {
		g = append(g, b.Cells[:b.Rows*b.Width]...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
