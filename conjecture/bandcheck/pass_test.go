package bandcheck

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// passStart is misère two-heap nim with a pass, registered for the tests
// of StartAt (full).
const passStart = "pass-start"

// registerPassGame makes a game file with the pass and the prescribed
// cells fixed known to moves.Lookup and tables.Lookup as id, as the
// commands register a game file.
func registerPassGame(t testing.TB, id string, fixed []moves.Fixed) tables.Game {
	t.Helper()
	g := tables.Game{ID: id, Moves: tables.MovesRook, Pass: true}
	for _, f := range fixed {
		g.Cells = append(g.Cells, tables.GameCell{X: f.X, Y: f.Y, Value: f.Value})
	}
	if err := tables.CheckGame(&g); err != nil {
		t.Fatal(err)
	}
	if err := tables.Register(g.Ruleset()); err != nil {
		t.Fatal(err)
	}
	if err := moves.Register(moves.OfFile(id, "test", fixed, false, true, 0)); err != nil {
		t.Fatal(err)
	}
	return g
}

// played is the independent solver's game g with the prescribed cells
// fixed.
func played(g solver.RookFile, fixed []moves.Fixed) solver.RookFile {
	g.Prescribed = make(map[[2]int]int32, len(fixed))
	for _, f := range fixed {
		g.Prescribed[[2]int{f.X, f.Y}] = f.Value
	}
	return g
}

// randomCorner returns 1 … 5 distinct prescribed cells in the 4×4 corner,
// of values −1 … 3.
func randomCorner(rng *rand.Rand) []moves.Fixed {
	var fixed []moves.Fixed
	for range 1 + rng.IntN(5) {
		f := moves.Fixed{X: rng.IntN(4), Y: rng.IntN(4), Value: int32(rng.IntN(5) - 1)}
		if !slices.ContainsFunc(fixed, func(g moves.Fixed) bool { return g.X == f.X && g.Y == f.Y }) {
			fixed = append(fixed, f)
		}
	}
	return fixed
}

// passFaults are faults planted in the rules of a game with the pass: each
// returns the table of side n that the faulty rules give.
var passFaults = []struct {
	name  string
	table func(g tables.Game, n int) [][]int32
}{
	{"a prescribed cell ignored", func(g tables.Game, n int) [][]int32 {
		g.Cells = g.Cells[1:]
		return tables.Reference(g.Ruleset().Rules, n)
	}},
	{"the pass from a position without a move", func(g tables.Game, n int) [][]int32 {
		r := g.Ruleset().Rules
		r.Base = r.Passless.Base // the cells without a move no longer base cells
		return tables.Reference(r, n)
	}},
	{"the pass ignored", func(g tables.Game, n int) [][]int32 {
		return tables.Reference(*g.Ruleset().Rules.Passless, n)
	}},
	{"the pass to the game with the pass", func(g tables.Game, n int) [][]int32 {
		r := g.Ruleset().Rules
		own := tables.Reference(r, n)
		r.Passless, r.Excluded = nil, func(x, y0 int, dst []int32) {
			for i := range dst {
				dst[i] = own[x][y0+i]
			}
		}
		return tables.Reference(r, n)
	}},
}

// The pass to a game other than nim, checked from the game's own moves:
// for 80 random games with the pass (prescribed cells in the 4×4 corner,
// values −1 … 3), the check computes the game without the pass itself and
// takes the cells ≤ V of the table the independent solver plays
// (tables/solver.RookFile, which package moves' plain table agrees with);
// and each planted fault that changes the cells ≤ V is refused. Every
// fault is caught in some game.
func TestPassGames(t *testing.T) {
	const n = 40
	rng := rand.New(rand.NewPCG(67, 2))
	caught := map[string]int{}
	for k := range 80 {
		fixed := randomCorner(rng)
		id := fmt.Sprintf("pass-test-%d", k)
		game := registerPassGame(t, id, fixed)
		truth := played(solver.RookFile{Pass: true}, fixed).Grundy(n)
		g, _ := moves.Lookup(id)
		if plain := g.Table(n); !slices.EqualFunc(plain, truth, slices.Equal) {
			t.Fatalf("%s %v: package moves' table is not the one the solver plays", id, fixed)
		}
		for _, v := range []int{0, 3, 12} {
			for _, per := range []int{1, 7} {
				if _, err := feed(t, id, n, v, band(truth, n, v), per); err != nil {
					t.Errorf("%s %v, V = %d, runs of %d: %v", id, fixed, v, per, err)
				}
			}
			for _, fault := range passFaults {
				planted := band(fault.table(game, n), n, v)
				if slices.EqualFunc(planted, band(truth, n, v), slices.Equal) {
					continue // the fault changes no cell ≤ V of this game
				}
				if _, err := feed(t, id, n, v, planted, 7); err == nil {
					t.Errorf("%s %v, V = %d: %s passed", id, fixed, v, fault.name)
				}
				caught[fault.name]++
			}
		}
	}
	for _, fault := range passFaults {
		if caught[fault.name] == 0 {
			t.Errorf("%s changed no game's cells: the test does not show it caught", fault.name)
		}
	}
}

// The band sweep's rows of games with the pass (the engine's statement,
// package tables) pass the check (package moves' statement) on rows
// 0 … 1999, and the check's state carries the game without the pass's.
func TestPassEngineBandsPass(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 3))
	for k := range 12 {
		fixed := randomCorner(rng)
		id := fmt.Sprintf("pass-engine-%d", k)
		registerPassGame(t, id, fixed)
		for _, v := range []int{0, 5, 37} {
			c, err := New(id, math.MaxInt32, v)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range sweptRows(t, id, 2000, v) {
				if err := c.Rows(r); err != nil {
					t.Errorf("%s %v, V = %d: %v", id, fixed, v, err)
					break
				}
			}
			if s := c.State(); s.Passless == nil || s.Passless.Row != s.Row {
				t.Errorf("%s: the state has no state of the game without the pass at its row: %+v", id, s)
			}
		}
	}
}

// StartAt with the pass refuses a state without the game without the
// pass's, or with it at another row.
func TestPassStartAtRefuses(t *testing.T) {
	const n, v, s = 200, 5, 60
	cells := band(full(t, passStart), n, v)
	whole, _ := New(passStart, n, v)
	if err := whole.Rows(rowsFrom(cells[:s], 0)); err != nil {
		t.Fatal(err)
	}
	seed := whole.State()
	noPassless := seed
	noPassless.Passless = nil
	moved := *seed.Passless
	moved.Row++
	elsewhere := seed
	elsewhere.Passless = &moved
	for name, st := range map[string]State{"no passless state": noPassless, "passless state at another row": elsewhere} {
		c, _ := New(passStart, n, v)
		if err := c.StartAt(st); !errors.Is(err, ErrStream) {
			t.Errorf("%s: %v, want ErrStream", name, err)
		}
	}
}
