package engine_test

import (
	"context"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
)

// timeCompute computes a table, discarding the cells, and returns the wall
// time and the CPU time (user and system, of the whole process) in seconds.
func timeCompute(b *testing.B, rules engine.Rules, n int, cfg engine.Config) (wall, cpu float64) {
	before, start := cpuSeconds(), time.Now()
	if err := engine.Compute(context.Background(), rules, n, cfg, discard); err != nil {
		b.Fatal(err)
	}
	return time.Since(start).Seconds(), cpuSeconds() - before
}

// cpuSeconds is the CPU time the process has used.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// median is the middle value of xs (the mean of the middle two).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}
