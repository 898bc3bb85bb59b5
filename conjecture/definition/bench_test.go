package definition

import (
	"context"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// BenchmarkClaims checks each claim of gneg1 and josephusnim on a table
// computed once and held in bands, so that only the check is timed.
func BenchmarkClaims(b *testing.B) {
	const n = 2000
	for _, id := range []string{"gneg1", "wythoff", "deletenim", "josephusnim"} {
		r, _ := tables.Lookup(id)
		var bands []engine.Band
		err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 2}, func(band engine.Band) error {
			band.Cells = append([]int32(nil), band.Cells...)
			bands = append(bands, band)
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		table := func(visit func(engine.Band) error) error {
			for _, band := range bands {
				if err := visit(band); err != nil {
					return err
				}
			}
			return nil
		}
		for _, c := range Claims() {
			if c.Table != id {
				continue
			}
			b.Run(c.ID, func(b *testing.B) {
				for b.Loop() {
					reports, err := conjecture.Run(context.Background(), []conjecture.Claim{c}, map[string]conjecture.Table{id: table}, conjecture.Options{})
					if err != nil || reports[0].Status != conjecture.Holds {
						b.Fatal(err, reports[0].Status)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64((n+1)*(n+1)), "ns/cell")
			})
		}
	}
}
