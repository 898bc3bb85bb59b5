package tables_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
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
	s := solver.RookFile{Diagonal: g.Moves == tables.MovesRookDiagonal, Limit: g.Limit, Pass: g.Pass, Prescribed: map[[2]int]int32{}}
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
	first := engineDifference(rules, want, n, workers, tile)
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

// engineDifference compares the full engine's table of rules (workers and
// tile as given) with the solver's, naming the first difference, or "".
func engineDifference(rules engine.Rules, want [][]int32, n, workers, tile int) string {
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
	return first
}

// TestGameFilesAgainstSolver holds 500 random game files, computed by the
// reference, the full engine and the band, to the solver that plays each
// game as its file states it.
func TestGameFilesAgainstSolver(t *testing.T) {
	games := sized(500, 100)
	served, _ := againstSolver(t, rand.New(rand.NewPCG(67, 500)), games, randomGame)
	t.Logf("%d games, %d of them through the band too", games, served)
}

// sized is full, or short under go test -short.
func sized(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// againstSolver holds games random games of random, each at a random n ≤ 64
// with 1–3 workers, a random tile and values 0 … V ≤ 20 for the band where
// it serves the game, to the solver (differences), and returns how many
// the band served and how many games there were of each moves and pass.
func againstSolver(t *testing.T, rng *rand.Rand, games int, random func(*rand.Rand, int) tables.Game) (served int, kinds map[string]int) {
	t.Helper()
	kinds = map[string]int{}
	for i := range games {
		g := random(rng, i)
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
		kinds[fmt.Sprintf("%s pass=%v", g.Moves, g.Pass)]++
	}
	return served, kinds
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

// randomLimitedGame is randomGame with a subtraction limit 1 … 4: with
// or without the pass, and now and then diagonal moves (without the pass).
func randomLimitedGame(rng *rand.Rand, i int) tables.Game {
	g := randomGame(rng, i)
	g.ID = fmt.Sprintf("limited-%d", i)
	g.Limit = 1 + rng.IntN(4)
	if !g.Pass && rng.IntN(3) == 0 {
		g.Moves = tables.MovesRookDiagonal
	}
	return g
}

// TestLimitedGameFilesAgainstSolver holds 300 random game files with a
// limit, computed by the reference and the full engine (1–3 workers,
// random tiles, n ≤ 64), to the solver cell by cell; the band serves none
// of them (TestSubtractionThreeIsGolden reads its refusal).
func TestLimitedGameFilesAgainstSolver(t *testing.T) {
	games := sized(300, 80)
	served, kinds := againstSolver(t, rand.New(rand.NewPCG(67, 4)), games, randomLimitedGame)
	if served != 0 || len(kinds) != 3 {
		t.Errorf("the band served %d limited games; the kinds: %v", served, kinds)
	}
	t.Logf("%d games: %v", games, kinds)
}

// TestLimitedGameFilesPlantedFault: the comparison catches an engine that
// ignores the limit — the full engine given the game's rules with the limit
// dropped — on most of the random limited games, and so does the
// comparison of the reference.
func TestLimitedGameFilesPlantedFault(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 5))
	caught := 0
	const games = 50
	for i := range games {
		g := randomLimitedGame(rng, i)
		n := 4 + rng.IntN(20)
		faulty := g
		faulty.Limit = 0
		want := solverOf(g).Grundy(n)
		d := engineDifference(faulty.Ruleset().Rules, want, n, 2, 8)
		if d == "" {
			continue
		}
		if caught == 0 {
			t.Logf("caught on game %d %s: %s", i, g.Canonical(), d)
		}
		caught++
		if differences(faulty.Ruleset().Rules, nil, want, n, 2, 8, 0) == "" {
			t.Errorf("game %d: the engine shows the limit dropped, the reference does not", i)
		}
	}
	if caught < games/2 {
		t.Fatalf("the limit dropped shows on %d games of %d", caught, games)
	}
	t.Logf("the limit dropped shows on %d games of %d", caught, games)
}

// TestSubtractionThreeIsGolden: games/subtraction-3.toml is two-heap nim
// whose moves take 1 … 3 tokens, the sum of two subtraction games S = {1,
// 2, 3} of values x mod 4 and y mod 4, so G(x, y) = (x mod 4) XOR (y mod 4)
// (the Sprague-Grundy theorem): the full engine (n = 700, several workers
// and tiles) and the solver give it, and the band refuses the game.
func TestSubtractionThreeIsGolden(t *testing.T) {
	g, err := tables.LoadGame("../games/subtraction-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	if g.Limit != 3 || g.Moves != tables.MovesRook || g.Pass || len(g.Cells) != 0 {
		t.Fatalf("games/subtraction-3.toml is %+v", g)
	}
	golden := func(x, y int) int32 { return int32(x%4 ^ y%4) }
	for x, row := range solverOf(g).Grundy(40) {
		for y, v := range row {
			if v != golden(x, y) {
				t.Fatalf("solver G(%d, %d) = %d, want %d", x, y, v, golden(x, y))
			}
		}
	}
	r := g.Ruleset()
	const n = 700
	for _, cfg := range []engine.Config{{Workers: 1, Tile: 128}, {Workers: 2, Tile: 7}, {Workers: 3, Tile: 64}} {
		err := engine.Compute(context.Background(), r.Rules, n, cfg, func(b engine.Band) error {
			for i, v := range b.Cells[:b.Rows*b.Width] {
				if x, y := b.X0+i/b.Width, i%b.Width; v != golden(x, y) {
					return fmt.Errorf("G(%d, %d) = %d, want %d", x, y, v, golden(x, y))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
	}
	if _, err := r.BandRules(); err == nil || !strings.Contains(err.Error(), "-sweep full") {
		t.Errorf("BandRules: %v, want a refusal naming -sweep full", err)
	}
}
