package definition

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/tables"
)

// Every claim holds on the slow reference tables, at sizes around the
// 64-value words of the line sets and the 256-cell blocks of the
// fingerprints.
func TestClaimsHoldOnReferenceTables(t *testing.T) {
	sizes := []int{0, 1, 2, 3, 7, 63, 64, 65, 130}
	if !testing.Short() {
		sizes = append(sizes, 300)
	}
	for _, n := range sizes {
		in := map[string]conjecture.Table{}
		for _, id := range tables.IDs() {
			in[id] = claimtest.ReferenceTable(t, id, n, nil)
		}
		for _, c := range Claims() {
			if r := claimtest.RunOne(t, c, in, 0); r.Status != conjecture.Holds || r.Checked != int64((n+1)*(n+1)) {
				t.Errorf("n = %d, %s: %s, checked %d, first %v", n, c.ID, r.Status, r.Checked, r.Counterexamples)
			}
		}
	}
}

// A cell changed anywhere in a table is the first counterexample of its
// definition claim, whatever the cells it is an option of then report; the
// changes are random, each to a value one above or below, or swapped with
// its row neighbour.
func TestDefinitionNamesThePlantedCell(t *testing.T) {
	const n = 70
	rng := rand.New(rand.NewPCG(11, 2026))
	for _, r := range tables.All() {
		ref := tables.Reference(r.Rules, n)
		c := claimtest.Lookup(t, Claims(), r.ID+".definition")
		for trial := range 12 {
			x, y := rng.IntN(n+1), rng.IntN(n)
			planted := map[claimtest.Cell]int32{}
			switch {
			case trial%3 == 2 && ref[x][y] != ref[x][y+1]:
				planted[claimtest.Cell{x, y}], planted[claimtest.Cell{x, y + 1}] = ref[x][y+1], ref[x][y]
			case ref[x][y] > 0 && trial%3 == 1:
				planted[claimtest.Cell{x, y}] = ref[x][y] - 1
			default:
				planted[claimtest.Cell{x, y}] = ref[x][y] + 1
			}
			rep := claimtest.RunOne(t, c, map[string]conjecture.Table{r.ID: claimtest.ReferenceTable(t, r.ID, n, planted)}, 0)
			want := fmt.Sprintf("(x=%d, y=%d): claimed %d, actual %d", x, y, ref[x][y], planted[claimtest.Cell{x, y}])
			if rep.Status != conjecture.Fails || rep.Counterexamples[0].String() != want {
				t.Errorf("%s, %v planted: %s, first %v; want first %s", r.ID, planted, rep.Status, rep.Counterexamples, want)
			}
		}
	}
}

// Two cells of a row swapped differ from their mirrors in two cells of one
// block: the symmetric claim reports the block.
func TestSymmetricReportsASwap(t *testing.T) {
	c := claimtest.Lookup(t, Claims(), "wythoff.symmetric")
	wythoff, _ := tables.Lookup("wythoff")
	ref := tables.Reference(wythoff.Rules, 40)
	planted := map[claimtest.Cell]int32{{40, 3}: ref[40][4], {40, 4}: ref[40][3]}
	r := claimtest.RunOne(t, c, map[string]conjecture.Table{"wythoff": claimtest.ReferenceTable(t, "wythoff", 40, planted)}, 0)
	want := "(x=40, y=0): claimed row 40, columns 0 … 39 equal to column 40, rows 0 … 39, actual they differ in more than one cell"
	if r.Found != 1 || r.Counterexamples[0].String() != want {
		t.Errorf("found %d: %v; want %s", r.Found, r.Counterexamples, want)
	}
}
