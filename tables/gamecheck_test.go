package tables_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// randomGame is a game file of a few cells in the 4×4 corner, values −1 … 3,
// with or without the pass, and now and then diagonal moves (without the
// pass, which the engines do not take with them).
func randomGame(rng *rand.Rand, i int) tables.Game {
	g := tables.Game{ID: fmt.Sprintf("random-%d", i), Moves: tables.MovesRook, Pass: rng.IntN(2) == 0}
	if !g.Pass && rng.IntN(6) == 0 {
		g.Moves = tables.MovesRookDiagonal
	}
	seen := map[[2]int]bool{}
	for range rng.IntN(6) {
		c := tables.GameCell{X: rng.IntN(4), Y: rng.IntN(4), Value: int32(rng.IntN(5) - 1)}
		if !seen[[2]int{c.X, c.Y}] {
			seen[[2]int{c.X, c.Y}] = true
			g.Cells = append(g.Cells, c)
		}
	}
	if err := tables.CheckGame(&g); err != nil {
		panic(err)
	}
	return g
}

// solverOf states the game for the solver from its file's fields alone.
func solverOf(g tables.Game) solver.RookFile {
	s := solver.RookFile{Diagonal: g.Moves == tables.MovesRookDiagonal, Pass: g.Pass, Prescribed: map[[2]int]int32{}}
	for _, c := range g.Cells {
		s.Prescribed[[2]int{c.X, c.Y}] = c.Value
	}
	return s
}

// differences compares rules with the solver's table: the slow reference,
// the full engine (workers and tile as given) and, where it serves the
// rules, the band of the values 0 … v. It names the first difference, or
// says "".
func differences(rules engine.Rules, bandRules *band.Rules, want [][]int32, n, workers, tile, v int) string {
	ref := tables.Reference(rules, n)
	for x := range want {
		for y := range want[x] {
			if ref[x][y] != want[x][y] {
				return fmt.Sprintf("reference (%d, %d) = %d, the solver %d", x, y, ref[x][y], want[x][y])
			}
		}
	}
	var first string
	err := engine.Compute(context.Background(), rules, n, engine.Config{Workers: workers, Tile: tile}, func(b engine.Band) error {
		for i := range b.Rows * b.Width {
			x, y := b.X0+i/b.Width, i%b.Width
			if got := b.Cells[i]; got != want[x][y] && first == "" {
				first = fmt.Sprintf("engine (%d, %d) = %d, the solver %d", x, y, got, want[x][y])
			}
		}
		return nil
	})
	if err != nil {
		return "engine: " + err.Error()
	}
	if first != "" || bandRules == nil {
		return first
	}
	sw, err := band.New(*bandRules, int64(n), v, band.Config{Workers: workers})
	if err != nil {
		return "band: " + err.Error()
	}
	seen := make([][]bool, n+1)
	for x := range seen {
		seen[x] = make([]bool, n+1)
	}
	err = sw.Run(context.Background(), int64(n)+1, func(rows band.Rows) error {
		for i := range rows.Len() {
			x := int(rows.X0) + i
			for k := rows.Start[i]; k < rows.Start[i+1]; k++ {
				y := int(rows.Y[k])
				if got := rows.Value[k]; got != want[x][y] && first == "" {
					first = fmt.Sprintf("band (%d, %d) = %d, the solver %d", x, y, got, want[x][y])
				}
				seen[x][y] = true
			}
		}
		return nil
	})
	if err != nil {
		return "band: " + err.Error()
	}
	for x := range want {
		for y, w := range want[x] {
			if w >= 0 && int(w) <= v && !seen[x][y] && first == "" {
				first = fmt.Sprintf("band lacks (%d, %d) = %d", x, y, w)
			}
		}
	}
	return first
}

// TestGameFilesAgainstSolver holds 500 random game files, computed by the
// reference, the full engine and the band, to the solver that plays each
// game as its file states it.
func TestGameFilesAgainstSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 500))
	games := 500
	if testing.Short() {
		games = 100
	}
	served := 0
	for i := range games {
		g := randomGame(rng, i)
		n, workers, tile, v := 1+rng.IntN(64), 1+rng.IntN(3), 1+rng.IntN(24), rng.IntN(21)
		r := g.Ruleset()
		var bandRules *band.Rules
		if br, err := r.BandRules(); err == nil {
			bandRules = &br
			served++
		}
		want := solverOf(g).Grundy(n)
		if d := differences(r.Rules, bandRules, want, n, workers, tile, v); d != "" {
			t.Fatalf("game %d %s (n = %d, workers %d, tile %d, V = %d): %s", i, g.Canonical(), n, workers, tile, v, d)
		}
	}
	t.Logf("%d games, %d of them through the band too", games, served)
}

// TestGameFilesPlantedFaults: the comparison catches each fault the issue
// names, planted in the rules the engines get, on some of the random games.
func TestGameFilesPlantedFaults(t *testing.T) {
	faults := []struct {
		name string
		// plant returns the faulty rules of g, or false where the fault
		// cannot arise (a game with no cell to ignore, say).
		plant func(g tables.Game, r engine.Rules, n int) (engine.Rules, bool)
	}{
		{"a prescribed cell ignored", func(g tables.Game, r engine.Rules, n int) (engine.Rules, bool) {
			if len(g.Cells) == 0 {
				return r, false
			}
			faulty := g
			faulty.Cells = g.Cells[1:]
			return faulty.Ruleset().Rules, true
		}},
		{"the pass from a position without a move", func(g tables.Game, r engine.Rules, n int) (engine.Rules, bool) {
			if !g.Pass || r.Passless == nil {
				return r, false
			}
			r.Base = r.Passless.Base // the cells without a move no longer base cells
			return r, true
		}},
		{"the pass to the game with the pass", func(g tables.Game, r engine.Rules, n int) (engine.Rules, bool) {
			if !g.Pass {
				return r, false
			}
			own := tables.Reference(r, n) // the pass leads to the same game
			r.Passless, r.Excluded = nil, func(x, y0 int, dst []int32) {
				for i := range dst {
					if y0+i < len(own[x]) {
						dst[i] = own[x][y0+i]
					}
				}
			}
			return r, true
		}},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(67, 1))
			for i := range 200 {
				g := randomGame(rng, i)
				n := 4 + rng.IntN(20)
				faulty, ok := f.plant(g, g.Ruleset().Rules, n)
				if !ok {
					continue
				}
				if d := differences(faulty, nil, solverOf(g).Grundy(n), n, 2, 8, 20); d != "" {
					t.Logf("caught on game %d %s: %s", i, g.Canonical(), d)
					return
				}
			}
			t.Fatal("no game of 200 shows the fault")
		})
	}
}
