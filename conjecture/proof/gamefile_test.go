package proof

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"

	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/tables"
)

// passGames are game files whose pass leads to a game other than nim,
// known to tables.Lookup and moves.Lookup as the commands register a game
// file: misère two-heap nim with a pass (games/misere-pass.toml), and a
// game with a prescribed value and two forbidden cells beside the pass.
var passGames = registerPassGames(map[string][]moves.Fixed{
	"misere-pass": {{X: 0, Y: 0, Value: -1}},
	"corner-pass": {{X: 0, Y: 0, Value: -1}, {X: 1, Y: 1, Value: 2}, {X: 0, Y: 2, Value: -1}, {X: 2, Y: 0, Value: -1}},
})

func registerPassGames(games map[string][]moves.Fixed) []string {
	var ids []string
	for _, id := range []string{"misere-pass", "corner-pass"} {
		fixed := games[id]
		g := tables.Game{ID: id, Moves: tables.MovesRook, Pass: true}
		for _, f := range fixed {
			g.Cells = append(g.Cells, tables.GameCell{X: f.X, Y: f.Y, Value: f.Value})
		}
		if err := tables.CheckGame(&g); err != nil {
			panic(err)
		}
		if err := tables.Register(g.Ruleset()); err != nil {
			panic(fmt.Sprintf("register %s: %v", id, err))
		}
		if err := moves.Register(moves.OfFile(id, "test", fixed, false, true, 0)); err != nil {
			panic(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// With the pass, a repeat needs both states: in misère two-heap nim with a
// pass, V = 4, the band state before row 11 is the one before row 7 moved
// 4 along the diagonal, but the passless sweep's (G₋₁'s) is not, and the
// rows do not repeat from row 7. The search's key tells the two apart (a
// key of the state with the pass alone does not), Search finds the repeat
// from row 12, and Check refuses a certificate of the false one, or of the
// true one without the passless state, and takes the true one, in one
// stream and in segments.
func TestPassRepeatNeedsBothStates(t *testing.T) {
	const table, v = "misere-pass", 4
	rules := mustRules(t, table)
	start, same, err := exactRepeat(context.Background(), rules, v, 7, 11, testConfig, nil)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := band.New(rules, Infinity, v, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.Run(context.Background(), 11, func(band.Rows) error { return nil }); err != nil {
		t.Fatal(err)
	}
	own, later := start, sw.State()
	own.Passless, later.Passless = nil, nil
	if same || !own.Repeats(later) {
		t.Fatalf("rows 7 and 11: repeat %v, the state with the pass alone %v: want false, true", same, own.Repeats(later))
	}

	s, err := newSearcher(table, v, 1000, Options{Config: testConfig})
	if err != nil {
		t.Fatal(err)
	}
	outerOnly := *s.hasher
	outerOnly.passless = nil
	keys := func(h *hasher) (uint64, uint64) {
		at7, err := trackerAt(start, h)
		if err != nil {
			t.Fatal(err)
		}
		at11, err := trackerAt(sw.State(), h)
		if err != nil {
			t.Fatal(err)
		}
		return at7.key(), at11.key()
	}
	if k7, k11 := keys(&outerOnly); k7 != k11 {
		t.Fatal("the keys of the states with the pass alone differ: the case shows nothing")
	}
	if k7, k11 := keys(s.hasher); k7 == k11 {
		t.Error("the search's key does not tell the passless states apart")
	}

	rep := search(t, table, v, Options{})
	if rep.X0 != 12 || rep.P != 4 {
		t.Errorf("repeat from row %d with period %d, want 12 and 4", rep.X0, rep.P)
	}
	good := certificate(t, rep)
	for _, workers := range []int{1, 3} {
		if err := Check(context.Background(), good, band.Config{Workers: workers}); err != nil {
			t.Errorf("%d workers: %v", workers, err)
		}
	}
	wantFail(t, certificate(t, Repeat{Table: table, V: v, X0: 7, P: 4, State: start}), "no repeat")
	st := rep.State
	st.Passless = nil
	bare, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	noPassless := good
	noPassless.State = bare
	wantFail(t, noPassless, "not the checked state")
}
