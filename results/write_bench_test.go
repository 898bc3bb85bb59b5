package results_test

import (
	"context"
	"flag"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

var benchN = flag.Int("bench-n", 10000, "table side of BenchmarkWriteOverhead")

// BenchmarkWriteOverhead measures what writing a table costs beside computing
// it: every iteration computes gneg1 at -bench-n four times, alternating, with
// the bands discarded, written as Arrow (zstd, the default), as Arrow without
// compression and as Parquet (zstd), so that the machine's load hits them
// alike. It reports the median seconds of each and the ratios of the medians
// to the engine alone; the target is a ratio ≤ 1.3.
func BenchmarkWriteOverhead(b *testing.B) {
	r, _ := tables.Lookup("gneg1")
	n := *benchN
	dir := b.TempDir()
	run := func(write func(engine.Band) error) float64 {
		start := time.Now()
		if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{}, write); err != nil {
			b.Fatal(err)
		}
		return time.Since(start).Seconds()
	}
	file := func(format results.Format, compression results.Compression) float64 {
		start := time.Now()
		path := filepath.Join(dir, format.FileName(r.ID, n))
		w, err := results.CreateFormat(format, path, results.Info{Table: r.ID, N: n, Compression: compression})
		if err != nil {
			b.Fatal(err)
		}
		run(w.WriteBand)
		if _, err := w.Commit(); err != nil {
			b.Fatal(err)
		}
		return time.Since(start).Seconds()
	}
	var alone, arrow, arrowNone, parquet []float64
	for b.Loop() {
		alone = append(alone, run(func(engine.Band) error { return nil }))
		arrow = append(arrow, file(results.Arrow, results.Zstd))
		arrowNone = append(arrowNone, file(results.Arrow, results.None))
		parquet = append(parquet, file(results.Parquet, results.Zstd))
	}
	median := func(s []float64) float64 { slices.Sort(s); return s[len(s)/2] }
	b.ReportMetric(median(alone), "engine-s")
	b.ReportMetric(median(arrow)/median(alone), "arrow/engine")
	b.ReportMetric(median(arrowNone)/median(alone), "arrow-none/engine")
	b.ReportMetric(median(parquet)/median(alone), "parquet/engine")
}
