package definition

import (
	"context"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// A wrong rule in the rules' data: a copy of passnim's ruleset whose
// excluded value is x + y instead of x XOR y, computed by the engine. The
// two agree wherever x and y share no bit, so the first cell they differ
// at is (1, 1): the pass to plain nim there has value 0, which with
// G_P(0, 1) = G_P(1, 0) = 2 gives G_P(1, 1) = 1, where x + y = 2 gives 0.
// The definition claim reads the moves from package moves, not from the
// rules, and names that cell first; the necessary conditions still hold,
// as they must for any rook table.
func TestWrongRuleInTheDataFails(t *testing.T) {
	const n = 64
	passnim, _ := tables.Lookup("passnim")
	wrong := passnim.Rules
	wrong.Excluded = func(x, y0 int, dst []int32) {
		for i := range dst {
			dst[i] = int32(x + y0 + i)
		}
	}
	table := func(visit func(engine.Band) error) error {
		return engine.Compute(context.Background(), wrong, n, engine.Config{Workers: 1}, visit)
	}
	in := map[string]conjecture.Table{"passnim": table}
	for _, c := range Claims() {
		if c.Table != "passnim" {
			continue
		}
		r := claimtest.RunOne(t, c, in, 0)
		if c.ID != "passnim.definition" {
			if r.Status != conjecture.Holds {
				t.Errorf("%s: %s, first %v; a necessary condition should hold on any rook table", c.ID, r.Status, r.Counterexamples)
			}
			continue
		}
		const want = "(x=1, y=1): claimed 1, actual 0"
		if r.Status != conjecture.Fails || r.Counterexamples[0].String() != want {
			t.Errorf("%s on x + y: %s, first %v; want fails, first %s", c.ID, r.Status, r.Counterexamples, want)
		}
	}
}

// A wrong rule planted in the registered data itself, where both the
// engine and a check reading tables.*.Rules would see it: G₁'s terminal
// value changed from 1 to 0 in the base cells tables.Lookup shares with
// the registry, which makes the engine compute plain nim. The definition
// claim still states G₁(0, 0) = 1, from the paper, and names (0, 0).
func TestWrongRuleInTheRegistryFails(t *testing.T) {
	g1, _ := tables.Lookup("g1")
	base := g1.Rules.Base // shares its array with the registry
	if len(base) != 1 || base[0] != (engine.Cell{X: 0, Y: 0, Value: 1}) {
		t.Fatalf("g1's base cells are %v; this test plants into the single cell (0, 0) = 1", base)
	}
	base[0].Value = 0
	t.Cleanup(func() { base[0].Value = 1 })
	if again, _ := tables.Lookup("g1"); again.Rules.Base[0].Value != 0 {
		t.Fatal("the registry does not share the planted base cell; the test plants nothing")
	}
	table := func(visit func(engine.Band) error) error {
		planted, _ := tables.Lookup("g1")
		return engine.Compute(context.Background(), planted.Rules, 20, engine.Config{Workers: 1}, visit)
	}
	c := claimtest.Lookup(t, Claims(), "g1.definition")
	r := claimtest.RunOne(t, c, map[string]conjecture.Table{"g1": table}, 0)
	const want = "(x=0, y=0): claimed 1 (base cell), actual 0"
	if r.Status != conjecture.Fails || r.Counterexamples[0].String() != want {
		t.Errorf("g1.definition on the planted rules: %s, first %v; want fails, first %s", r.Status, r.Counterexamples, want)
	}
}
