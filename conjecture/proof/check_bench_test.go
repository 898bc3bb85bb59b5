package proof

import (
	"context"
	"flag"
	"testing"
)

var (
	benchStreamRows = flag.Int64("stream-rows", 1_000_000, "rows swept and checked by BenchmarkStreamChecked")
	benchStreamV    = flag.Int("stream-v", 80, "cap V of BenchmarkStreamChecked")
)

// BenchmarkStreamChecked times what Check spends on a certificate of
// x0 + P = -stream-rows rows (default 10⁶) at V = -stream-v (default 80):
// the band sweep of one worker and the independent check beside it,
// reporting the wall time per cell checked.
func BenchmarkStreamChecked(b *testing.B) {
	rules, _, _, err := rulesOf("gneg1", *benchStreamV)
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		if _, _, err := streamChecked(context.Background(), rules, "gneg1", *benchStreamV, Infinity, 1, *benchStreamRows, testConfig); err != nil {
			b.Fatal(err)
		}
	}
	cells := float64(b.N) * float64(*benchStreamRows) * float64(*benchStreamV+1)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/cells, "ns/cell")
}
