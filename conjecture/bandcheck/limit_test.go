package bandcheck

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// Games with a subtraction limit, checked from the game's own moves: for
// 60 random games (limits 1 … 4, with and without diagonal moves, cells in
// the 4×4 corner, values −1 … 3), the check takes the cells ≤ V of the
// table the independent solver plays (tables/solver.RookFile, which
// package moves' plain table equals), also with LO > 0, and refuses the
// table of the same game without its limit, and a planted cell, wherever
// they change a cell ≤ V; each is caught in some game.
func TestLimitedGames(t *testing.T) {
	const n = 40
	rng := rand.New(rand.NewPCG(67, 4))
	caught := map[string]int{}
	for k := range 60 {
		fixed := randomCorner(rng)
		limit, diagonal := 1+rng.IntN(4), rng.IntN(3) == 0
		id := fmt.Sprintf("limit-test-%d", k)
		g := tables.Game{ID: id, Moves: tables.MovesRook, Limit: limit}
		if diagonal {
			g.Moves = tables.MovesRookDiagonal
		}
		for _, f := range fixed {
			g.Cells = append(g.Cells, tables.GameCell{X: f.X, Y: f.Y, Value: f.Value})
		}
		if err := moves.Register(moves.OfFile(id, "test", fixed, diagonal, false, limit)); err != nil {
			t.Fatal(err)
		}
		truth := played(solver.RookFile{Diagonal: diagonal, Limit: limit}, fixed).Grundy(n)
		if plain, _ := moves.Lookup(id); !slices.EqualFunc(plain.Table(n), truth, slices.Equal) {
			t.Fatalf("%s %v limit %d: package moves' table is not the one the solver plays", id, fixed, limit)
		}
		unlimited := g
		unlimited.Limit = 0
		faults := map[string][][]int32{"the limit ignored": tables.Reference(unlimited.Ruleset().Rules, n)}
		planted := make([][]int32, len(truth))
		for x := range truth {
			planted[x] = slices.Clone(truth[x])
		}
		x, y := rng.IntN(n+1), rng.IntN(n+1)
		planted[x][y] = (planted[x][y] + 1) % 4
		faults["a cell changed"] = planted
		for _, v := range []int{0, 2, 6} {
			for _, per := range []int{1, 7} {
				if _, err := feed(t, id, n, v, band(truth, n, v), per); err != nil {
					t.Errorf("%s %v limit %d, V = %d, runs of %d: %v", id, fixed, limit, v, per, err)
				}
			}
			if v > 0 {
				if err := feedFrom(t, id, n, 1, v, bandFrom(truth, n, 1, v), false); err != nil {
					t.Errorf("%s, values 1 … %d: %v", id, v, err)
				}
			}
			for name, tab := range faults {
				rows := band(tab, n, v)
				if slices.EqualFunc(rows, band(truth, n, v), slices.Equal) {
					continue
				}
				if _, err := feed(t, id, n, v, rows, 7); err == nil {
					t.Errorf("%s %v limit %d, V = %d: %s passed", id, fixed, limit, v, name)
				}
				caught[name]++
			}
		}
	}
	for _, name := range []string{"the limit ignored", "a cell changed"} {
		if caught[name] == 0 {
			t.Errorf("%s changed no game's cells: the test does not show it caught", name)
		}
	}
}
