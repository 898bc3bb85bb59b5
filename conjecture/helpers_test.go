package conjecture

import (
	"context"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// cell is a table cell (x, y).
type cell struct{ x, y int }

// referenceTable returns table id over 0 ≤ x, y ≤ n from the slow
// reference implementation, with the cells of planted set to their values,
// streamed in bands of three rows, so that bands end between the rows of a
// 2×2 block and in the middle of a corner.
func referenceTable(t testing.TB, id string, n int, planted map[cell]int32) Table {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q (valid: %s)", id, tables.ValidIDs())
	}
	g := tables.Reference(r.Rules, n)
	for c, v := range planted {
		g[c.x][c.y] = v
	}
	const bandRows = 3
	return func(visit func(engine.Band) error) error {
		for x0 := 0; x0 <= n; x0 += bandRows {
			rows := min(bandRows, n+1-x0)
			cells := make([]int32, 0, rows*(n+1))
			for x := x0; x < x0+rows; x++ {
				cells = append(cells, g[x]...)
			}
			if err := visit(engine.Band{X0: x0, Rows: rows, Width: n + 1, Cells: cells}); err != nil {
				return err
			}
		}
		return nil
	}
}

// lookup returns the registered claim id.
func lookup(t testing.TB, id string) Claim {
	t.Helper()
	for _, c := range All() {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no claim %q", id)
	return Claim{}
}

// runOne checks c alone with the given tables, bound and a cap that keeps
// every counterexample the tests plant.
func runOne(t testing.TB, c Claim, in map[string]Table, bound int) Report {
	t.Helper()
	reports, err := Run(context.Background(), []Claim{c}, in, Options{Bound: bound, Cap: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return reports[0]
}
