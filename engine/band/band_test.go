package band_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// rookIDs are the tables the band sweep serves.
var rookIDs = []string{"nim", "g1", "gneg1", "gstarneg1", "passnim"}

// cell is one cell of value at most V.
type cell struct {
	x, y int64
	v    int32
}

// fullTable computes the whole table with the full engine, row-major.
func fullTable(t *testing.T, id string, n int) []int32 {
	t.Helper()
	r, _ := tables.Lookup(id)
	g := make([]int32, 0, (n+1)*(n+1))
	err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 1, Sets: engine.DenseSets}, func(b engine.Band) error {
		g = append(g, b.Cells...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// capped lists the cells of value 0 … v of a row-major table of side n+1.
func capped(g []int32, n, v int) []cell {
	var cells []cell
	for i, value := range g {
		if value >= 0 && int(value) <= v {
			cells = append(cells, cell{int64(i / (n + 1)), int64(i % (n + 1)), value})
		}
	}
	return cells
}

// sweepCells runs the band sweep of id to the end and lists its cells,
// checking that the rows come in order, each once.
func sweepCells(t *testing.T, id string, n int64, v int, cfg band.Config) []cell {
	t.Helper()
	r, _ := tables.Lookup(id)
	rules, err := r.BandRules()
	if err != nil {
		t.Fatal(err)
	}
	sw, err := band.New(rules, n, v, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var cells []cell
	next := int64(0)
	err = sw.Run(context.Background(), n+1, func(rows band.Rows) error {
		if rows.X0 != next {
			return fmt.Errorf("rows from %d, want %d", rows.X0, next)
		}
		for i := range rows.Len() {
			for k := rows.Start[i]; k < rows.Start[i+1]; k++ {
				cells = append(cells, cell{rows.X0 + int64(i), rows.Y[k], rows.Value[k]})
			}
		}
		next += int64(rows.Len())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if next != n+1 {
		t.Fatalf("rows end at %d, want %d", next, n+1)
	}
	return cells
}

// firstDifference names the first cell where two lists differ.
func firstDifference(got, want []cell) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("cell %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("got %d cells, want %d", len(got), len(want))
}

// TestBandEqualsFullSweep compares the band sweep with the full engine,
// cell by cell, for every served table over many n, caps, worker counts,
// tiles and segment lengths (short segments and a tight window margin make
// the segment boundaries and the retry of a segment happen often).
func TestBandEqualsFullSweep(t *testing.T) {
	var sizes []int
	for n := 0; n <= 300; n++ {
		if n <= 40 || n%23 == 0 || n == 255 || n == 256 || n == 257 || n == 300 {
			sizes = append(sizes, n)
		}
	}
	if testing.Short() {
		sizes = []int{0, 1, 2, 7, 64, 129, 300}
	}
	configs := []band.Config{
		{Workers: 1},
		{Workers: 2, Tile: 64, Segment: 100},
		{Workers: 3, Tile: 64, Segment: 37},
		band.TightConfig(2, 64, 50),
	}
	for _, id := range rookIDs {
		for _, n := range sizes {
			g := fullTable(t, id, n)
			caps := []int{0, 1, 2, 3, 5, 63, 64}
			if n == 100 || n == 300 {
				caps = caps[:0]
				for v := range 65 {
					caps = append(caps, v)
				}
			}
			for i, v := range caps {
				want := capped(g, n, v)
				cfg := configs[(i+n)%len(configs)]
				got := sweepCells(t, id, int64(n), v, cfg)
				if !slices.Equal(got, want) {
					t.Fatalf("%s n=%d V=%d %+v: %s", id, n, v, cfg, firstDifference(got, want))
				}
			}
		}
	}
}
