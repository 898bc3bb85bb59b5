package valuesds

import (
	"github.com/grundy-lab/grundy/results"
	"math/rand"
	"slices"
	"testing"
)

// byValueReference is byValue straight from its contract: the cells
// stably sorted by v.
func byValueReference(c *cells) cells {
	order := make([]int, c.len())
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(c.vs[a]) - int(c.vs[b]) })
	var out cells
	for _, i := range order {
		out.append(c.vs[i], c.xs[i], c.ys[i])
	}
	return out
}

// bandPart is a part of rows rows of a band of values 0 … v: each row
// holds every value once, at shuffled columns near the diagonal.
func bandPart(rng *rand.Rand, rows, v int) *cells {
	c := &cells{}
	for x := range int64(rows) {
		for k, value := range rng.Perm(v + 1) {
			c.append(int32(value), x, x+int64(k))
		}
	}
	return c
}

// BenchmarkEncodePart encodes a part of a band of values 0 … 200, 16384
// rows (what a block of G₋₁ at V = 200 holds), from its (x, y) order, and
// reports the time and the bytes per cell.
func BenchmarkEncodePart(b *testing.B) {
	c := bandPart(rand.New(rand.NewSource(1)), 16384, 200)
	meta := Meta{Table: "gneg1", Symbol: "G₋₁", N: 16383, Values: results.ValueRange{Lo: 0, Hi: 200}}
	var size countingWriter
	b.ResetTimer()
	for range b.N {
		size = 0
		if err := encodePart(&size, meta, 0, 16383, c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.len()), "ns/cell")
	b.ReportMetric(float64(size)/float64(c.len()), "B/cell")
}

// countingWriter counts the bytes written to it.
type countingWriter int64

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}
