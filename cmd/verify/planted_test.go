package main

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// writeBuggyTable writes table id at size n into dir as a buggy engine
// would: edit changes the rows, x and its cells, before they reach the
// writer, so the checksum and max_value describe the wrong table.
func writeBuggyTable(t *testing.T, dir, id string, n int, edit func(x int, row []int32)) {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	w, err := results.Create(filepath.Join(dir, results.FileName(id, n)), results.Info{
		Table: r.ID, Symbol: r.Symbol, N: n, Definition: r.Definition, Source: r.Source,
		Compression: results.Zstd, Workers: 2, Tile: 64,
	})
	if err != nil {
		t.Fatal(err)
	}
	perturb := func(b engine.Band) error {
		for r := range b.Rows {
			edit(b.X0+r, b.Cells[r*b.Width:(r+1)*b.Width])
		}
		return w.WriteBand(b)
	}
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 2, Tile: 64}, perturb); err != nil {
		w.Abort()
		t.Fatal(err)
	}
	if _, err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

// plus returns an edit that adds d to the cells.
func plus(d int32, cells ...[2]int) func(x int, row []int32) {
	return func(x int, row []int32) {
		for _, c := range cells {
			if c[0] == x {
				row[c[1]] += d
			}
		}
	}
}

// The plantings of issue 11, which verify used to report as "holds", and
// one in every other table: each is reported at the planted cell, exit 3.
func TestPlantedErrorsInFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("computes a table at n = 2000")
	}
	tests := []struct {
		name, table string
		n           int
		planted     [2]int // the first cell changed
		edit        func(x int, row []int32)
		want        string // a line of the report
	}{
		{"gneg1 (1000, 1500) 2053 → 2054", "gneg1", 2000, [2]int{1000, 1500}, plus(1, [2]int{1000, 1500}),
			"gneg1.definition FAILS 4004001 cells; 33 counterexamples: (x=1000, y=1500): claimed 2053, actual 2054;"},
		{"passnim (2, 29) 32 → 40", "passnim", 60, [2]int{2, 29}, plus(8, [2]int{2, 29}),
			"passnim.definition FAILS 3721 cells; 48 counterexamples: (x=2, y=29): claimed 32, actual 40;"},
		{"a value repeated in a passnim row", "passnim", 60, [2]int{7, 20},
			func(x int, row []int32) {
				if x == 7 {
					row[20] = row[10]
				}
			},
			"passnim.rows FAILS 3721 cells; 1 counterexample: (x=7, y=20): claimed ≠ 16 (the value at y = 10), actual 16"},
		{"both partners of a Proposition 1 block", "gstarneg1", 60, [2]int{20, 30}, plus(100, [2]int{20, 30}, [2]int{21, 31}),
			"gstarneg1.definition FAILS 3721 cells"},
		{"wythoff (10, 20) 28 → 29", "wythoff", 60, [2]int{10, 20}, plus(1, [2]int{10, 20}),
			"wythoff.definition FAILS 3721 cells; 37 counterexamples: (x=10, y=20): claimed 28, actual 29;"},
		{"two wythoff cells swapped", "wythoff", 60, [2]int{5, 7},
			func(x int, row []int32) {
				if x == 5 {
					row[7], row[8] = row[8], row[7]
				}
			},
			"wythoff.definition FAILS 3721 cells"},
		{"josephusnim (30, 5) + 1", "josephusnim", 60, [2]int{30, 5}, plus(1, [2]int{30, 5}), "josephusnim.definition FAILS 3721 cells"},
		{"nim (40, 13) + 1", "nim", 60, [2]int{40, 13}, plus(1, [2]int{40, 13}), "nim.definition FAILS 3721 cells"},
		{"g1 (0, 0) 1 → 0", "g1", 60, [2]int{0, 0}, plus(-1, [2]int{0, 0}), "(x=0, y=0): claimed 1 (base cell), actual 0"},
		{"deletenim (12, 50) + 1", "deletenim", 60, [2]int{12, 50}, plus(1, [2]int{12, 50}), "deletenim.definition FAILS 3721 cells"},
		{"vdn (33, 9) + 1", "vdn", 60, [2]int{33, 9}, plus(1, [2]int{33, 9}), "vdn.definition FAILS 3721 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeBuggyTable(t, dir, tt.table, tt.n, tt.edit)
			stdout, stderr, code := runVerify(t, "-in", dir, "-claims", tt.table+".*")
			if code != 3 {
				t.Errorf("exit %d, want 3; stderr %s", code, stderr)
			}
			report := strings.Join(strings.Fields(stdout), " ")
			// The definition claim's first counterexample is the planted cell.
			first := regexp.MustCompile(fmt.Sprintf(`%s\.definition FAILS %d cells; \d+ counterexamples?: \(x=%d, y=%d\): claimed`,
				tt.table, (tt.n+1)*(tt.n+1), tt.planted[0], tt.planted[1]))
			if !strings.Contains(report, strings.Join(strings.Fields(tt.want), " ")) || !first.MatchString(report) {
				t.Errorf("the report does not name the planted cell %v as %q:\n%s", tt.planted, tt.want, stdout)
			}
		})
	}
}
