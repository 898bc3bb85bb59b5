package tables_test

import (
	"fmt"
	"testing"

	"github.com/grundy-lab/grundy/tables"
)

// TestJosephusNimValueMatchesReference holds the closed form of Theorem 1.1
// to the table computed from Definition 1.1, cell by cell.
func TestJosephusNimValueMatchesReference(t *testing.T) {
	r, ok := tables.Lookup("josephusnim")
	if !ok {
		t.Fatal("no table josephusnim")
	}
	const n = 400
	g := tables.Reference(r.Rules, n)
	for x := range g {
		for y := range g[x] {
			if got := tables.JosephusNimValue(x, y); got != g[x][y] {
				t.Fatalf("JosephusNimValue(%d, %d) = %d, the table holds %d", x, y, got, g[x][y])
			}
		}
	}
}

func ExampleJosephusNimValue() {
	for x := range 6 {
		row := make([]int32, 6)
		for y := range row {
			row[y] = tables.JosephusNimValue(x, y)
		}
		fmt.Println(row)
	}
	// Output:
	// [0 1 2 2 3 3]
	// [0 1 2 2 3 3]
	// [1 0 2 3 3 4]
	// [0 1 2 3 3 4]
	// [2 0 1 3 4 4]
	// [1 2 0 3 4 4]
}
