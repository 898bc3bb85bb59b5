package results_test

import (
	"context"
	"flag"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

var benchN = flag.Int("bench-n", 10000, "table side of BenchmarkWriteOverhead")

// BenchmarkWriteOverhead measures what writing a table costs beside computing
// it: every iteration computes gneg1 at -bench-n five times, alternating, with
// the bands discarded, written as Arrow (zstd, the default), as Arrow with
// LZ4, as Arrow without compression and as Parquet (zstd), so that the
// machine's load hits them alike. It reports the median wall seconds of each
// and the ratios of the medians to the engine alone (the target is a
// wall ratio ≤ 1.3), and the same ratios of the process's CPU seconds, which a
// machine shared with other jobs disturbs less than wall time.
func BenchmarkWriteOverhead(b *testing.B) {
	r, _ := tables.Lookup("gneg1")
	n := *benchN
	dir := b.TempDir()
	var cpu []float64 // CPU seconds of the last run or file
	run := func(write func(engine.Band) error) float64 {
		start, cpuStart := time.Now(), cpuSeconds(b)
		if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{}, write); err != nil {
			b.Fatal(err)
		}
		cpu = append(cpu, cpuSeconds(b)-cpuStart)
		return time.Since(start).Seconds()
	}
	file := func(format results.Format, compression results.Compression) float64 {
		start, cpuStart := time.Now(), cpuSeconds(b)
		path := filepath.Join(dir, format.FileName(r.ID, n))
		w, err := results.CreateFormat(format, path, results.Info{Table: r.ID, N: n, Compression: compression})
		if err != nil {
			b.Fatal(err)
		}
		run(w.WriteBand)
		if _, err := w.Commit(); err != nil {
			b.Fatal(err)
		}
		cpu = append(cpu[:len(cpu)-1], cpuSeconds(b)-cpuStart)
		return time.Since(start).Seconds()
	}
	var wall, cpus [5][]float64 // engine alone, Arrow zstd, Arrow LZ4, Arrow none, Parquet zstd
	for b.Loop() {
		for i, measure := range []func() float64{
			func() float64 { return run(func(engine.Band) error { return nil }) },
			func() float64 { return file(results.Arrow, results.Zstd) },
			func() float64 { return file(results.Arrow, results.LZ4) },
			func() float64 { return file(results.Arrow, results.None) },
			func() float64 { return file(results.Parquet, results.Zstd) },
		} {
			wall[i] = append(wall[i], measure())
			cpus[i] = append(cpus[i], cpu[len(cpu)-1])
		}
	}
	median := func(s []float64) float64 { slices.Sort(s); return s[len(s)/2] }
	b.ReportMetric(median(wall[0]), "engine-s")
	b.ReportMetric(median(cpus[0]), "engine-cpu-s")
	for i, name := range []string{"arrow", "arrow-lz4", "arrow-none", "parquet"} {
		b.ReportMetric(median(wall[i+1])/median(wall[0]), name+"/engine")
		b.ReportMetric(median(cpus[i+1])/median(cpus[0]), name+"/engine-cpu")
	}
}

// cpuSeconds is the user and system CPU time of this process so far.
func cpuSeconds(b *testing.B) float64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()).Seconds()
}
