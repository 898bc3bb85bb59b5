package band_test

import (
	"context"
	"flag"
	"fmt"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

var (
	benchN       = flag.Int64("band-n", 1_000_000, "rows of the band benchmarks")
	benchTile    = flag.Int("band-tile", 0, "band height of the band benchmarks (0: the default)")
	benchWidth   = flag.Int("band-width", 0, "tile width of the band benchmarks (0: the default)")
	benchSegment = flag.Int("band-segment", 0, "segment of BenchmarkPass (0: the default)")
)

// sweepTable runs the band sweep of id over 0 … n with cap v and returns
// the cells visited.
func sweepTable(id string, n int64, v int, cfg band.Config) (int64, error) {
	r, _ := tables.Lookup(id)
	rules, err := r.BandRules()
	if err != nil {
		return 0, err
	}
	sw, err := band.New(rules, n, v, cfg)
	if err != nil {
		return 0, err
	}
	if err := sw.Run(context.Background(), n+1, func(band.Rows) error { return nil }); err != nil {
		return 0, err
	}
	return sw.Visited(), nil
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBand reports the CPU per visited cell of one worker and the
// speed-up of two, for G₋₁ and G_P with V = 200, over -band-n rows. Beside
// it, ceiling-2w is how much sooner two independent one-worker sweeps
// finish two tables than one finishes one: what the machine gives two
// cores that share nothing, the bound of the speed-up. One worker, two
// workers and the pair alternate inside each iteration, so that all three
// see the same machine.
func BenchmarkBand(b *testing.B) {
	for _, id := range []string{"gneg1", "passnim"} {
		b.Run(id, func(b *testing.B) {
			var one, two, pair, oneCPU, twoCPU time.Duration
			var visited int64
			config := func(workers int) band.Config {
				return band.Config{Workers: workers, Tile: *benchTile, Width: *benchWidth}
			}
			sweep := func(workers int) int64 {
				cells, err := sweepTable(id, *benchN, 200, config(workers))
				if err != nil {
					b.Fatal(err)
				}
				return cells
			}
			for range b.N {
				start, cpu := time.Now(), cpuTime()
				visited = sweep(1)
				one, oneCPU = one+time.Since(start), oneCPU+cpuTime()-cpu
				start, cpu = time.Now(), cpuTime()
				sweep(2)
				two, twoCPU = two+time.Since(start), twoCPU+cpuTime()-cpu
				start = time.Now()
				var g errgroup.Group
				for range 2 {
					g.Go(func() error {
						_, err := sweepTable(id, *benchN, 200, config(1))
						return err
					})
				}
				if err := g.Wait(); err != nil {
					b.Fatal(err)
				}
				pair += time.Since(start)
			}
			cells := float64(b.N) * float64(visited)
			b.ReportMetric(float64(oneCPU.Nanoseconds())/cells, "cpu-ns/cell-1w")
			b.ReportMetric(float64(twoCPU.Nanoseconds())/cells, "cpu-ns/cell-2w")
			b.ReportMetric(float64(visited)/float64(*benchN+1), "cells/row")
			b.ReportMetric(float64(one)/float64(two), "speedup-2w")
			b.ReportMetric(2*float64(one)/float64(pair), "ceiling-2w")
		})
	}
}

// BenchmarkPass reports the time of a sweep of G₋₁ with the pass (over
// G₋₁ itself: the passless sweep beside the one with the pass) against
// that of G₋₁ alone, V = 200, -band-n rows, with one and two workers; the
// two sweeps alternate inside each iteration, so that both see the same
// machine; cpu-pass/gneg1 is the ratio of their CPU times. The base cells of the table with the pass are G₋₁'s and the
// two cells that have no move, (0, 1) and (1, 0), of value 0.
func BenchmarkPass(b *testing.B) {
	gneg1 := band.Rules{Base: []band.Cell{{X: 0, Y: 0, Value: -1}}}
	pass := band.Rules{Base: []band.Cell{{X: 0, Y: 0, Value: -1}, {X: 0, Y: 1}, {X: 1, Y: 0}}, Passless: &gneg1}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var plain, withPass, plainCPU, passCPU time.Duration
			cfg := band.Config{Workers: workers, Tile: *benchTile, Width: *benchWidth, Segment: *benchSegment, HashOnly: true, DenseOnly: true}
			sweep := func(rules band.Rules, wall, cpu *time.Duration) {
				start, cpu0 := time.Now(), cpuTime()
				sw, err := band.New(rules, *benchN, 200, cfg)
				if err == nil {
					err = sw.Run(context.Background(), *benchN+1, func(band.Rows) error { return nil })
				}
				if err != nil {
					b.Fatal(err)
				}
				*wall, *cpu = *wall+time.Since(start), *cpu+cpuTime()-cpu0
			}
			for range b.N {
				sweep(gneg1, &plain, &plainCPU)
				sweep(pass, &withPass, &passCPU)
			}
			b.ReportMetric(plain.Seconds()/float64(b.N), "s-gneg1")
			b.ReportMetric(withPass.Seconds()/float64(b.N), "s-pass")
			b.ReportMetric(float64(withPass)/float64(plain), "pass/gneg1")
			b.ReportMetric(float64(passCPU)/float64(plainCPU), "cpu-pass/gneg1")
		})
	}
}
