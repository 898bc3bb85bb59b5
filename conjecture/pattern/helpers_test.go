package pattern_test

import (
	"context"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// computeIndex indexes the values 0 … maxValue of the table id over
// 0 ≤ x, y ≤ n as the engine computes it, after overwriting the cells of
// defects: a table with planted defects.
func computeIndex(t testing.TB, id string, n, maxValue int, defects map[pattern.Cell]int32) *pattern.Index {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	idx := pattern.NewIndex(n, maxValue)
	err := engine.Compute(context.Background(), r.Rules, n, engine.Config{}, func(b engine.Band) error {
		if len(defects) > 0 {
			b.Cells = append([]int32(nil), b.Cells...)
			for c, g := range defects {
				if c.X >= b.X0 && c.X < b.X0+b.Rows {
					b.Cells[(c.X-b.X0)*b.Width+c.Y] = g
				}
			}
		}
		return idx.AddBand(b)
	})
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// syntheticIndex indexes a made-up (n+1)×(n+1) table holding value 0 at
// (x, f(x)) for each row x with f(x) ≥ 0 and the filler value 1 elsewhere;
// f(x) may lie beyond column n, which leaves row x without a 0.
func syntheticIndex(t testing.TB, n int, f func(x int) int) *pattern.Index {
	t.Helper()
	idx := pattern.NewIndex(n, 0)
	row := make([]int32, n+1)
	for x := 0; x <= n; x++ {
		for y := range row {
			row[y] = 1
		}
		if y := f(x); y >= 0 && y <= n {
			row[y] = 0
		}
		if err := idx.AddBand(engine.Band{X0: x, Rows: 1, Width: n + 1, Cells: row}); err != nil {
			t.Fatal(err)
		}
	}
	return idx
}

// search runs pattern.Search and fails the test on an error.
func search(t testing.TB, idx *pattern.Index, v int, opt pattern.Options) pattern.Result {
	t.Helper()
	r, err := pattern.Search(idx, v, opt)
	if err != nil {
		t.Fatalf("Search(v=%d): %v", v, err)
	}
	return r
}

// cells builds a list of cells from x, y pairs.
func cells(xy ...int) []pattern.Cell {
	c := make([]pattern.Cell, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		c = append(c, pattern.Cell{X: xy[i], Y: xy[i+1]})
	}
	return c
}
