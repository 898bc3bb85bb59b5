package engine_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// benchTables are the three tables the targets are about.
var benchTables = []string{"gneg1", "gstarneg1", "passnim"}

// discard is an emit that keeps nothing, so benchmarks time the sweep alone.
func discard(engine.Band) error { return nil }

// BenchmarkCompute times the engine alone (cells are discarded) at several n
// and worker counts, reporting cells/s; compare workers=1 and workers=2 of
// one run for the parallel speed-up.
func BenchmarkCompute(b *testing.B) {
	for _, id := range benchTables {
		r, _ := tables.Lookup(id)
		for _, n := range []int{1000, 3000, 10000} {
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("table=%s/n=%d/workers=%d", id, n, workers), func(b *testing.B) {
					cfg := engine.Config{Workers: workers}
					for b.Loop() {
						if err := engine.Compute(context.Background(), r.Rules, n, cfg, discard); err != nil {
							b.Fatal(err)
						}
					}
					cells := float64(n+1) * float64(n+1)
					b.ReportMetric(cells*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
				})
			}
		}
	}
}

// BenchmarkTile compares tile sizes at n = 10000 with two workers.
func BenchmarkTile(b *testing.B) {
	r, _ := tables.Lookup("gneg1")
	for _, tile := range []int{32, 64, 128, 256, 512} {
		b.Run(fmt.Sprintf("tile=%d", tile), func(b *testing.B) {
			for b.Loop() {
				if err := engine.Compute(context.Background(), r.Rules, 10000, engine.Config{Workers: 2, Tile: tile}, discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEngineVersusReference times the engine and the slow reference of
// the same table at n = 1000 in one run; their ns/op ratio is the speed-up.
func BenchmarkEngineVersusReference(b *testing.B) {
	const n = 1000
	for _, id := range benchTables {
		r, _ := tables.Lookup(id)
		b.Run("impl=engine/table="+id, func(b *testing.B) {
			for b.Loop() {
				if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 1}, discard); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("impl=reference/table="+id, func(b *testing.B) {
			for b.Loop() {
				tables.Reference(r.Rules, n)
			}
		})
	}
}

// BenchmarkSparseOverDense runs the dense and the sparse engine in turn,
// one worker, each iteration timing both, and reports the median over the
// iterations of sparse/dense in wall time and in CPU time (getrusage), and
// each variant's median CPU ns per cell. Alternating the two inside one
// benchmark keeps the ratio fair on a machine shared with other jobs,
// whose load changes from one second to the next.
func BenchmarkSparseOverDense(b *testing.B) {
	for _, id := range []string{"gneg1", "passnim", "wythoff"} {
		r, _ := tables.Lookup(id)
		for _, n := range []int{1000, 3000, 10000} {
			b.Run(fmt.Sprintf("table=%s/n=%d", id, n), func(b *testing.B) {
				var wall, cpu, denseCPU, sparseCPU []float64
				for b.Loop() {
					var w, c [2]float64
					for i, sets := range []engine.SetKind{engine.DenseSets, engine.SparseSets} {
						w[i], c[i] = timeCompute(b, r.Rules, n, engine.Config{Workers: 1, Sets: sets})
					}
					wall, cpu = append(wall, w[1]/w[0]), append(cpu, c[1]/c[0])
					denseCPU, sparseCPU = append(denseCPU, c[0]), append(sparseCPU, c[1])
				}
				cells := float64(n+1) * float64(n+1)
				b.ReportMetric(median(wall), "sparse/dense-wall")
				b.ReportMetric(median(cpu), "sparse/dense-cpu")
				b.ReportMetric(median(denseCPU)*1e9/cells, "dense-cpu-ns/cell")
				b.ReportMetric(median(sparseCPU)*1e9/cells, "sparse-cpu-ns/cell")
			})
		}
	}
}
