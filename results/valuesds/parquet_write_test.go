package valuesds

import (
	"bytes"
	"math"
	"math/rand"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

// oneValue is n cells of value v whose x and y are drawn by coord.
func oneValue(n int, v int32, coord func(i int) int64) *cells {
	c := &cells{}
	for i := range n {
		c.append(v, coord(2*i), coord(2*i+1))
	}
	return c
}

// partCases are parts that exercise every path of the writer: no cell, one,
// bands, row groups of several pages of v (262144 values a page) and of
// x and y (1 MiB of blocks: 131072 deltas of 64 bits), deltas that
// overflow int64, and block and miniblock edges.
func partCases() []struct {
	name string
	c    *cells
} {
	rng := rand.New(rand.NewSource(7))
	extremes := []int64{math.MinInt64, math.MaxInt64, 0, -1, 1, math.MinInt64 + 1, math.MaxInt64 - 1}
	cases := []struct {
		name string
		c    *cells
	}{
		{"empty", &cells{}},
		{"one cell", &cells{vs: []int32{-3}, xs: []int64{4}, ys: []int64{5}}},
		{"band V=0", bandPart(rng, 100, 0)},
		{"band V=20", bandPart(rng, 100, 20)},
		{"band V=200", bandPart(rng, 2000, 200)},
		{"negative values", &cells{vs: []int32{-5, -5, -1, -1, 3}, xs: []int64{0, 2, 0, 1, 1}, ys: []int64{1, 2, 0, 0, 1}}},
		{"v over three pages", oneValue(2*262144+5, 7, func(i int) int64 { return int64(i / 2) })},
		{"x and y over pages", oneValue(300000, math.MaxInt32, func(int) int64 { return int64(rng.Uint64()) })},
		{"extremes", oneValue(5000, math.MinInt32, func(int) int64 { return extremes[rng.Intn(len(extremes))] })},
		{"constant", oneValue(1000, 0, func(int) int64 { return -9 })},
	}
	for _, n := range []int{2, 3, 31, 32, 33, 127, 128, 129, 130, 255, 256, 257, 1023, 1024, 1025, 2049} {
		cases = append(cases, struct {
			name string
			c    *cells
		}{"n=" + formatInt(int64(n)), oneValue(n, 1, func(int) int64 { return rng.Int63n(1<<40) - 1<<39 })})
	}
	return cases
}

// TestPartBytesAsArrow: encodePart writes the very bytes arrow-go's writer
// wrote, so the files, their footers and statistics are what DuckDB,
// polars and pandas read already.
func TestPartBytesAsArrow(t *testing.T) {
	meta := Meta{Table: "gneg1", N: 99, Values: results.ValueRange{Lo: 0, Hi: 20}}
	for _, tc := range partCases() {
		t.Run(tc.name, func(t *testing.T) {
			var sorted cells
			byValue(tc.c, &sorted)
			var got, want bytes.Buffer
			if err := encodePart(&got, meta, 0, 99, &sorted); err != nil {
				t.Fatal(err)
			}
			if err := arrowEncodePart(&want, meta, 0, 99, &sorted); err != nil {
				t.Fatal(err)
			}
			if g, w := got.Bytes(), want.Bytes(); !bytes.Equal(g, w) {
				at := 0
				for at < min(len(g), len(w)) && g[at] == w[at] {
					at++
				}
				t.Fatalf("%d bytes, arrow's %d: they differ from byte %d on\n%x\n%x", len(g), len(w), at, g[max(0, at-60):min(len(g), at+30)], w[max(0, at-60):min(len(w), at+30)])
			}
		})
	}
}
