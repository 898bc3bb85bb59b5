package tables_test

import (
	"testing"

	"github.com/grundy-lab/grundy/tables"
)

// TestSplitRulesetsMatchSolvers compares the deletenim and vdn rulesets,
// through their reference, with the game solvers built from the moves of
// Section 3 of the thesis (tables.DeleteNim, tables.VDN), cell by cell;
// both mark non-positions with -1.
func TestSplitRulesetsMatchSolvers(t *testing.T) {
	const n = 40
	for id, solver := range map[string]tables.PairGame{"deletenim": tables.DeleteNim, "vdn": tables.VDN} {
		r, ok := tables.Lookup(id)
		if !ok {
			t.Fatalf("no ruleset %s", id)
		}
		ref, game := tables.Reference(r.Rules, n), solver.Grundy(n)
		for x := range ref {
			for y := range ref[x] {
				if ref[x][y] != game[x][y] {
					t.Fatalf("%s (%d,%d): reference %d, solver %d", id, x, y, ref[x][y], game[x][y])
				}
			}
		}
	}
}
