package proof

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
)

var (
	benchStreamRows = flag.Int64("stream-rows", 1_000_000, "rows swept and checked by BenchmarkStreamChecked")
	benchStreamV    = flag.Int("stream-v", 80, "cap V of BenchmarkStreamChecked")
)

// BenchmarkStreamChecked times what Check spends on a certificate of
// x0 + P = -stream-rows rows (default 10⁶) at V = -stream-v (default 80),
// with one and two workers (the check and the sweep share them), reporting
// the wall time per cell checked.
func BenchmarkStreamChecked(b *testing.B) {
	rules, _, _, err := rulesOf("gneg1", *benchStreamV)
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			cfg := band.Config{Workers: workers}
			for range b.N {
				if _, _, err := streamChecked(context.Background(), rules, "gneg1", *benchStreamV, Infinity, 1, *benchStreamRows, cfg, nil); err != nil {
					b.Fatal(err)
				}
			}
			cells := float64(b.N) * float64(*benchStreamRows) * float64(*benchStreamV+1)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/cells, "ns/cell")
		})
	}
}
