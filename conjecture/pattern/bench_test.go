package pattern_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// benchSizes are the table sizes of the benchmarks: the target
// n = 10000 and a smaller one for a quick run on a busy machine.
var benchSizes = []int{2000, 10000}

// benchMaxValue is the target: every value v ≤ 40.
const benchMaxValue = 40

// writeTableFile computes table id over 0 ≤ x, y ≤ n into a zstd table file
// in dir, as cmd/compute does, and returns its path.
func writeTableFile(b testing.TB, dir, id string, n int) string {
	b.Helper()
	r, _ := tables.Lookup(id)
	path := filepath.Join(dir, results.FileName(id, n))
	w, err := results.Create(path, results.Info{Table: r.ID, Symbol: r.Symbol, N: n, Compression: results.Zstd, Workers: 2, Tile: engine.DefaultTile})
	if err != nil {
		b.Fatal(err)
	}
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{}, w.WriteBand); err != nil {
		w.Abort()
		b.Fatal(err)
	}
	if _, err := w.Commit(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkPatternsFromFile times what `cmd/verify -patterns -in FILE`
// does: read and check a G₋₁ table file, index v ≤ 40, and search every
// value with the default options. Writing the file is not timed.
func BenchmarkPatternsFromFile(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			if testing.Short() && n > 2000 {
				b.Skip("n = 10000 takes seconds to set up")
			}
			path := writeTableFile(b, b.TempDir(), "gneg1", n)
			for b.Loop() {
				idx, _, err := pattern.ScanFile(context.Background(), path, benchMaxValue)
				if err != nil {
					b.Fatal(err)
				}
				for v := range benchMaxValue + 1 {
					if _, err := pattern.Search(idx, v, pattern.Options{}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkSearch times the search alone, on an index already built, for
// each of the three tables.
func BenchmarkSearch(b *testing.B) {
	for _, id := range goldenTables {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("table=%s/n=%d", id, n), func(b *testing.B) {
				idx := computeIndex(b, id, n, benchMaxValue, nil)
				for b.Loop() {
					for v := range benchMaxValue + 1 {
						if _, err := pattern.Search(idx, v, pattern.Options{}); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// benchTable is a table file for BenchmarkTableFile, such as the issue's
// target out/gneg1_n20000.arrow; without it that benchmark is skipped.
var benchTable = flag.String("bench-table", "", "table file searched by BenchmarkTableFile")

// benchTableMaxValue is the target for BenchmarkTableFile: every
// value v ≤ 100.
const benchTableMaxValue = 100

// BenchmarkTableFile splits what `verify -patterns -values 0-100` does on
// the file of -bench-table into its two parts, run side by side: scan (read
// and check the file, index v ≤ 100) and search (every value, default
// options, on that index).
func BenchmarkTableFile(b *testing.B) {
	if *benchTable == "" {
		b.Skip("give -bench-table FILE, e.g. a G₋₁ table at n = 20000")
	}
	idx, _, err := pattern.ScanFile(context.Background(), *benchTable, benchTableMaxValue)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := pattern.ScanFile(context.Background(), *benchTable, benchTableMaxValue); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("search", func(b *testing.B) {
		for b.Loop() {
			for v := range benchTableMaxValue + 1 {
				if _, err := pattern.Search(idx, v, pattern.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
