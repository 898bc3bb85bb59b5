package valuesds

import (
	"fmt"
	"github.com/grundy-lab/grundy/results"
	"io"
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

// TestByValue compares byValue with the reference on parts whose values
// span little (counting, with stages that fill and flush at every count)
// and much (comparison), reusing one output, as the writer does.
func TestByValue(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var out cells
	for _, tc := range []struct {
		name string
		c    *cells
	}{
		{"empty", &cells{}},
		{"one cell", &cells{vs: []int32{-3}, xs: []int64{4}, ys: []int64{5}}},
		{"band V=0", bandPart(rng, 100, 0)},
		{"band V=200", bandPart(rng, 300, 200)},
		{"band V=31, a stage's worth", bandPart(rng, stageCells, 31)},
		{"band V=31, a stage and one", bandPart(rng, stageCells+1, 31)},
		{"negative values", &cells{vs: []int32{-1, -5, -1, 3, -5}, xs: []int64{0, 0, 1, 1, 2}, ys: []int64{0, 1, 0, 1, 2}}},
		{"wide span", &cells{vs: []int32{1 << 30, 0, -1 << 30, 0, 1 << 30}, xs: []int64{0, 1, 2, 3, 4}, ys: []int64{5, 6, 7, 8, 9}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := byValueReference(tc.c)
			byValue(tc.c, &out)
			if !slices.Equal(out.vs, want.vs) || !slices.Equal(out.xs, want.xs) || !slices.Equal(out.ys, want.ys) {
				t.Fatalf("byValue differs from a stable sort by value")
			}
		})
	}
}

// BenchmarkByValue orders a part of a band of values 0 … 200, 16384 rows
// (what a block of G₋₁ at V = 200 holds), per cell.
func BenchmarkByValue(b *testing.B) {
	for _, rows := range []int{1024, 16384} {
		b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
			c := bandPart(rand.New(rand.NewSource(1)), rows, 200)
			var out cells
			b.ResetTimer()
			for range b.N {
				byValue(c, &out)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.len()), "ns/cell")
		})
	}
}

// BenchmarkEncodePart encodes the part of BenchmarkByValue, in (v, x, y)
// order, and reports the time and the bytes per cell.
func BenchmarkEncodePart(b *testing.B) { benchmarkEncode(b, encodePart) }

// benchmarkEncode is BenchmarkEncodePart through encode.
func benchmarkEncode(b *testing.B, encode func(io.Writer, Meta, int64, int64, *cells) error) {
	c := bandPart(rand.New(rand.NewSource(1)), 16384, 200)
	var sorted cells
	byValue(c, &sorted)
	meta := Meta{Table: "gneg1", N: 16383, Values: results.ValueRange{Lo: 0, Hi: 200}}
	var size countingWriter
	b.ResetTimer()
	for range b.N {
		size = 0
		if err := encode(&size, meta, 0, 16383, &sorted); err != nil {
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
