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
// it: every iteration computes gneg1 at -bench-n three times, alternating, with
// the bands discarded, written as Arrow (zstd) and written as Parquet, so that
// the machine's load hits the three alike. It reports the median seconds of
// each and the ratios of the medians; the target is a ratio ≤ 1.3.
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
	file := func(format results.Format) float64 {
		start := time.Now()
		path := filepath.Join(dir, format.FileName(r.ID, n))
		w, err := results.CreateFormat(format, path, results.Info{Table: r.ID, N: n, Compression: results.Zstd})
		if err != nil {
			b.Fatal(err)
		}
		run(w.WriteBand)
		if _, err := w.Commit(); err != nil {
			b.Fatal(err)
		}
		return time.Since(start).Seconds()
	}
	var alone, arrow, parquet []float64
	for b.Loop() {
		alone = append(alone, run(func(engine.Band) error { return nil }))
		arrow = append(arrow, file(results.Arrow))
		parquet = append(parquet, file(results.Parquet))
	}
	median := func(s []float64) float64 { slices.Sort(s); return s[len(s)/2] }
	b.ReportMetric(median(alone), "engine-s")
	b.ReportMetric(median(arrow), "arrow-s")
	b.ReportMetric(median(parquet), "parquet-s")
	b.ReportMetric(median(arrow)/median(alone), "arrow/engine")
	b.ReportMetric(median(parquet)/median(alone), "parquet/engine")
}
