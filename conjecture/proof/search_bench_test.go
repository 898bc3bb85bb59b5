package proof

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine/band"
)

var benchSearchBound = flag.Int64("search-bound", 10_000_000, "rows BenchmarkSearchWorkers searches")

// BenchmarkSearchWorkers searches G₋₁ at V = 37 (no repeat within 1.5·10⁸
// rows) up to -search-bound rows with one worker and with two, alternating
// inside each iteration, and reports the wall time a row of each and the
// speed-up of two: what -prove's -workers buys, bounded by the work left
// on the caller's goroutine (a row's key and its lookup among the marks).
func BenchmarkSearchWorkers(b *testing.B) {
	var one, two time.Duration
	search := func(workers int) time.Duration {
		start := time.Now()
		if _, found, err := Search(context.Background(), "gneg1", 37, *benchSearchBound, Options{Config: band.Config{Workers: workers}}); err != nil || found {
			b.Fatalf("found %v, %v", found, err)
		}
		return time.Since(start)
	}
	for range b.N {
		one += search(1)
		two += search(2)
	}
	rows := float64(b.N) * float64(*benchSearchBound)
	b.ReportMetric(float64(one.Nanoseconds())/rows, "ns/row-1w")
	b.ReportMetric(float64(two.Nanoseconds())/rows, "ns/row-2w")
	b.ReportMetric(float64(one)/float64(two), "speedup-2w")
}
