package tables_test

import (
	"testing"

	"github.com/grundy-lab/grundy/tables"
	"github.com/grundy-lab/grundy/tables/solver"
)

// TestThesisRulesetsMatchSolvers compares the deletenim, vdn and josephusnim
// rulesets, through their reference, with the game solvers built from the
// moves (solver.DeleteNim, solver.VDN, solver.JosephusNim), cell by cell;
// both mark non-positions with -1.
func TestThesisRulesetsMatchSolvers(t *testing.T) {
	const n = 40
	for id, solver := range map[string]solver.PairGame{"deletenim": solver.DeleteNim, "vdn": solver.VDN, "josephusnim": solver.JosephusNim} {
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
