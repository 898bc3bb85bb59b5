package moves_test

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/tables"
)

// Every game has the table of the same id, and the two statements of its
// moves, this package's and the rules the engine computes, give the same
// table: a difference means one of them is wrong.
func TestTablesAgreeWithTheRules(t *testing.T) {
	const n = 45
	if got, want := moves.IDs(), tables.ValidIDs(); got != want {
		t.Fatalf("games %s, tables %s", got, want)
	}
	for _, r := range tables.All() {
		g, _ := moves.Lookup(r.ID)
		got, want := g.Table(n), tables.Reference(r.Rules, n)
		for x := range want {
			if !slices.Equal(got[x], want[x]) {
				t.Errorf("%s row %d:\n moves %v\n rules %v", r.ID, x, got[x], want[x])
				break
			}
		}
	}
}
