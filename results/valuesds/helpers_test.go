package valuesds

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// cell is one cell of a table, the key of the expected maps.
type cell struct{ x, y int64 }

// randomTable returns rows 0..n of a random sparse table (about a third of
// the cells present, values in 0..maxValue) as Rows, and all its cells.
func randomTable(seed uint64, n int64, maxValue int32) (Rows, map[cell]int32) {
	rng := rand.New(rand.NewPCG(seed, 1))
	r := Rows{Start: []int32{0}}
	all := make(map[cell]int32)
	for x := range n + 1 {
		for y := range n + 1 {
			if rng.IntN(3) == 0 {
				v := rng.Int32N(maxValue + 1)
				r.Y, r.Value = append(r.Y, y), append(r.Value, v)
				all[cell{x, y}] = v
			}
		}
		r.Start = append(r.Start, int32(len(r.Y)))
	}
	return r, all
}

// testMeta is the Meta of a band dataset of table "test".
func testMeta(n int64, lo, hi int32) Meta {
	return Meta{Table: "test", Symbol: "T", N: n, Values: results.ValueRange{Lo: lo, Hi: hi}, Sweep: SweepBand, Rows: RowRange{0, n}}
}

// feed gives w the rows of r in runs of step rows.
func feed(t testing.TB, w *Writer, r Rows, step int) {
	t.Helper()
	rows := len(r.Start) - 1
	for i := 0; i < rows; i += step {
		j := min(i+step, rows)
		a, b := r.Start[i], r.Start[j]
		start := make([]int32, j-i+1)
		for k := range start {
			start[k] = r.Start[i+k] - a
		}
		if err := w.WriteRows(r.X0+int64(i), start, r.Y[a:b], r.Value[a:b]); err != nil {
			t.Fatal(err)
		}
	}
}

// writeDataset writes r as the dataset dir of meta with blocks of b rows.
func writeDataset(t testing.TB, dir string, meta Meta, r Rows, b int64) {
	t.Helper()
	w, err := Create(dir, meta, Options{BlockRows: b})
	if err != nil {
		t.Fatal(err)
	}
	feed(t, w, r, 5)
	if err := w.Commit(Final{Workers: 1}); err != nil {
		t.Fatal(err)
	}
}

// scanAll scans dir with opts and returns its cells, checking that they
// come in (x, y) order in consecutive rows.
func scanAll(t testing.TB, dir string, opts ScanOptions) (map[cell]int32, error) {
	t.Helper()
	d, err := Open(dir)
	if err != nil {
		return nil, err
	}
	got := make(map[cell]int32)
	last, nextRow := cell{-1, -1}, int64(-1)
	err = d.Scan(context.Background(), func(x0 int64, start []int32, ys []int64, vs []int32) error {
		if nextRow >= 0 && x0 != nextRow {
			t.Fatalf("rows from %d after row %d", x0, nextRow-1)
		}
		nextRow = x0 + int64(len(start)) - 1
		for i := range len(start) - 1 {
			for k := start[i]; k < start[i+1]; k++ {
				c := cell{x0 + int64(i), ys[k]}
				if c.x < last.x || (c.x == last.x && c.y <= last.y) {
					t.Fatalf("cell %v after %v", c, last)
				}
				last = c
				got[c] = vs[k]
			}
		}
		return nil
	}, opts)
	return got, err
}

// selectCells returns the cells of all with lo ≤ v ≤ hi in rows first..last.
func selectCells(all map[cell]int32, lo, hi int32, first, last int64) map[cell]int32 {
	want := make(map[cell]int32)
	for c, v := range all {
		if v >= lo && v <= hi && c.x >= first && c.x <= last {
			want[c] = v
		}
	}
	return want
}

// gneg1Dataset writes the dataset of table gneg1 at n with values lo..hi
// from the full sweep into dir, blocks of b rows.
func gneg1Dataset(t testing.TB, dir string, n int, lo, hi int32, b int64) {
	t.Helper()
	r, _ := tables.Lookup("gneg1")
	err := WriteFullSweep(context.Background(), dir, r, n, results.ValueRange{Lo: lo, Hi: hi}, engine.Config{Workers: 1, Tile: 8}, Options{BlockRows: b})
	if err != nil {
		t.Fatal(err)
	}
}

func datasetDir(t testing.TB) string { return filepath.Join(t.TempDir(), DirName("test", 0)) }

// referenceValues returns the cells of gneg1 at n with values in r, from
// the table's slow reference (tables.Reference, the definition cell by
// cell).
func referenceValues(t testing.TB, n int, r results.ValueRange) map[cell]int32 {
	t.Helper()
	rs, _ := tables.Lookup("gneg1")
	want := make(map[cell]int32)
	for x, row := range tables.Reference(rs.Rules, n) {
		for y, g := range row {
			if g >= r.Lo && g <= r.Hi {
				want[cell{int64(x), int64(y)}] = g
			}
		}
	}
	return want
}
