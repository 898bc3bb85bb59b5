package valuesds

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPlaceByRowAsInTurn: placeByRow, by blocks of rows or cell after
// cell (when the runs are many), puts every cell where placing the cells
// one after the other does, for cells in runs of one value each in
// increasing x, with rows and runs of every size around byRowBlock.
func TestPlaceByRowAsInTurn(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for trial := range 300 {
		rows := 1 + rng.IntN(3*byRowBlock)
		lo := int64(rng.IntN(1000))
		// Dense cells are placed by blocks; sparse ones of many values
		// cell after cell.
		values, sparse := 1+rng.IntN(12), rng.IntN(2) == 0
		if sparse {
			values = 100 + rng.IntN(200)
		}
		var c cells
		for v := range int32(values) {
			for x := lo; x < lo+int64(rows); x++ {
				if sparse && rng.IntN(rows) != 0 {
					continue
				}
				for y := range int64(rng.IntN(3)) {
					c.append(v, x, y)
				}
			}
		}
		start := make([]int, rows+1)
		for _, x := range c.xs {
			start[x-lo+1]++
		}
		for r := 1; r <= rows; r++ {
			start[r] += start[r-1]
		}
		n := c.len()
		want := cells{vs: make([]int32, n), xs: make([]int64, n), ys: make([]int64, n)}
		next := slices.Clone(start[:rows])
		for i, x := range c.xs {
			k := next[x-lo]
			next[x-lo]++
			want.vs[k], want.xs[k], want.ys[k] = c.vs[i], x, c.ys[i]
		}
		got := cells{vs: make([]int32, n), xs: make([]int64, n), ys: make([]int64, n)}
		placeByRow(&got, &c, start[:rows], lo, lo+int64(rows)-1)
		if !slices.Equal(got.vs, want.vs) || !slices.Equal(got.xs, want.xs) || !slices.Equal(got.ys, want.ys) {
			t.Fatalf("trial %d (%d rows, %d values, sparse %t): placed %v, want %v", trial, rows, values, sparse, got, want)
		}
	}
}

// BenchmarkByCell puts a band part of 16384 rows of values 0–200, decoded
// in (v, x, y) order, in (x, y) order: CPU a cell.
func BenchmarkByCell(b *testing.B) {
	const rows, values = 16384, 201
	var decoded cells
	for v := range int32(values) {
		for x := range int64(rows) {
			decoded.append(v, x, x+int64((int(v)*37+int(x))%values)) // a row's columns distinct
		}
	}
	var out cells
	for b.Loop() {
		if err := byCell(&decoded, &out); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(decoded.len()), "ns/cell")
}
