package proof

import (
	"context"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
)

// BenchmarkRowHash reports the CPU a cell of the search's row keys
// (hasher.rows, run by the band's workers at every row): 4096 rows of
// G₋₁'s band of V = 37 from row 100000, packed as the band packs them, and
// as the one-sided sweep's dense rows, which the search reads (DenseOnly).
func BenchmarkRowHash(b *testing.B) {
	const first, rows, v = 100_000, 4096, 37
	rules, _, _, err := rulesOf("gneg1", v)
	if err != nil {
		b.Fatal(err)
	}
	sw, err := band.New(rules, first+rows, v, band.Config{Workers: 1})
	if err != nil {
		b.Fatal(err)
	}
	packed := band.Packed{X0: first, Lo: first - 2*(v+1), Stride: v + 1}
	dense := packed
	err = sw.Run(context.Background(), first+rows, func(r band.Rows) error {
		d := r.Packed.Dense
		for i := range r.Len() {
			if r.X0+int64(i) < first {
				continue
			}
			cells := make([]uint64, packed.Stride)
			ys, vals := r.Y[r.Start[i]:r.Start[i+1]], r.Value[r.Start[i]:r.Start[i+1]]
			for k, y := range ys {
				cells[k] = uint64(y-packed.Lo)<<32 | uint64(uint32(vals[k]))
			}
			packed.Count = append(packed.Count, int32(len(ys)))
			packed.Cells = append(packed.Cells, cells...)
			dense.Count = append(dense.Count, int32(len(ys)))
			dense.Dense = band.Dense{X0: first, Left: d.Left, Width: d.Width, Stride: d.Width,
				Bytes: append(dense.Dense.Bytes, d.Row(i)...)}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	var cells int
	for _, c := range packed.Count {
		cells += int(c)
	}
	h := newHasher(v, nil)
	for _, bench := range []struct {
		name string
		rows band.Packed
	}{{"packed", packed}, {"dense", dense}} {
		b.Run(bench.name, func(b *testing.B) {
			hashes := make([]uint64, bench.rows.Len())
			for range b.N {
				if err := h.rows(bench.rows, hashes); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(cells), "ns/cell")
		})
	}
}
