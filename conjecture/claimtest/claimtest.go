// Package claimtest is what the tests of the paper packages share: the
// slow reference tables with planted cells, a run of one claim, and the
// planted-counterexample test every claim must pass. It is imported by
// tests only.
package claimtest

import (
	"context"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// Cell is a table cell {x, y}.
type Cell [2]int

// ReferenceTable returns table id over 0 ≤ x, y ≤ n from the slow
// reference implementation, with the cells of planted set to their values,
// streamed in bands of three rows, so that bands end between the rows of a
// 2×2 block and in the middle of a corner.
func ReferenceTable(t testing.TB, id string, n int, planted map[Cell]int32) conjecture.Table {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q (valid: %s)", id, tables.ValidIDs())
	}
	g := tables.Reference(r.Rules, n)
	for c, v := range planted {
		g[c[0]][c[1]] = v
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

// Lookup returns the claim id of claims, failing the test if there is none.
func Lookup(t testing.TB, claims []conjecture.Claim, id string) conjecture.Claim {
	t.Helper()
	for _, c := range claims {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no claim %q", id)
	return conjecture.Claim{}
}

// RunOne checks c alone with the given tables, bound and a cap that keeps
// every counterexample the tests plant.
func RunOne(t testing.TB, c conjecture.Claim, in map[string]conjecture.Table, bound int) conjecture.Report {
	t.Helper()
	reports, err := conjecture.Run(context.Background(), []conjecture.Claim{c}, in, conjecture.Options{Bound: bound, Cap: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return reports[0]
}

// Case plants counterexamples for one registered claim, in its table (a
// changed cell) or in the claim (a perturbed checker), and lists the
// counterexamples the checker must report: exactly these, in this order.
type Case struct {
	ID      string
	Planted map[Cell]int32               // cells of the claim's table to change
	Check   func(int) conjecture.Checker // a perturbed checker; nil keeps the claim's own
	Bound   int                          // 0 keeps the claim's default
	N       int                          // the side of the table; 0 is PlantedN
	Want    []string
}

// PlantedN is the side of the reference tables the cases plant into.
const PlantedN = 40

// Planted runs every case against its claim of claims, on the reference
// table at n = PlantedN (or the case's N) when the claim reads one, and requires exactly the
// wanted counterexamples; and it requires exactly one case per claim, so a
// checker that cannot fail does not land.
func Planted(t *testing.T, claims []conjecture.Claim, cases []Case) {
	t.Helper()
	for _, pc := range cases {
		t.Run(pc.ID, func(t *testing.T) {
			c := Lookup(t, claims, pc.ID)
			if pc.Check != nil {
				c.Check = pc.Check
			}
			in := map[string]conjecture.Table{}
			if c.Table != "" {
				n := pc.N
				if n == 0 {
					n = PlantedN
				}
				in[c.Table] = ReferenceTable(t, c.Table, n, pc.Planted)
			}
			r := RunOne(t, c, in, pc.Bound)
			var got []string
			for _, ce := range r.Counterexamples {
				got = append(got, ce.String())
			}
			if !slices.Equal(got, pc.Want) || r.Found != int64(len(pc.Want)) || r.Status != conjecture.Fails {
				t.Errorf("status %s, found %d:\n got  %q\n want %q", r.Status, r.Found, got, pc.Want)
			}
		})
	}
	count := make(map[string]int)
	for _, pc := range cases {
		count[pc.ID]++
	}
	for _, c := range claims {
		if count[c.ID] != 1 {
			t.Errorf("claim %s has %d planted cases, want 1", c.ID, count[c.ID])
		}
		delete(count, c.ID)
	}
	for id := range count {
		t.Errorf("planted case for %s, which is not registered", id)
	}
}
