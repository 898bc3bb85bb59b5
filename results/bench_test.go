package results_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// BenchmarkWrite times computing and writing gneg1 with each compression, the
// compute alone being BenchmarkCompute in engine; reports cells/s.
func BenchmarkWrite(b *testing.B) {
	r, _ := tables.Lookup("gneg1")
	for _, n := range []int{3000, 10000} {
		for _, c := range []results.Compression{results.Zstd, results.LZ4, results.None} {
			b.Run(fmt.Sprintf("n=%d/compress=%s", n, c), func(b *testing.B) {
				dir := b.TempDir()
				for b.Loop() {
					w, err := results.Create(filepath.Join(dir, "t.arrow"), results.Info{Table: r.ID, N: n, Compression: c})
					if err != nil {
						b.Fatal(err)
					}
					if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{}, w.WriteBand); err != nil {
						b.Fatal(err)
					}
					if _, err := w.Commit(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n+1)*float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
			})
		}
	}
}
