package valuesds

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestByCellAsInTurn: byCell, its runs placed by blocks of rows or cell
// after cell (when the runs are many), its rows in one piece or two
// halves on two goroutines, puts the cells where placing them one after
// the other does and reports the same first cell of two values: for
// parts in one piece or two, of rows and runs of every size around
// byRowBlock.
func TestByCellAsInTurn(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for trial := range 400 {
		rows := 1 + rng.IntN(3*byRowBlock)
		lo := int64(rng.IntN(1000))
		// Dense cells are placed by blocks; sparse ones of many values
		// cell after cell. A few cells hold two values.
		values, sparse, twice := 1+rng.IntN(12), rng.IntN(2) == 0, rng.IntN(4) == 0
		if sparse {
			values = 100 + rng.IntN(200)
		}
		var c cells
		for v := range int32(values) {
			for x := lo; x < lo+int64(rows); x++ {
				if sparse && rng.IntN(rows) != 0 {
					continue
				}
				for k := range int64(rng.IntN(3)) {
					y := 3*int64(v) + k
					if twice && rng.IntN(200) == 0 {
						y = k
					}
					c.append(v, x, y)
				}
			}
		}
		split := rng.IntN(c.len() + 1)
		first := cells{vs: c.vs[:split], xs: c.xs[:split], ys: c.ys[:split]}
		second := cells{vs: c.vs[split:], xs: c.xs[split:], ys: c.ys[split:]}
		want, wantErr := byCellInTurn(&c)
		for _, splitAbove := range []int64{-1, math.MaxInt64} {
			var got rowCells
			err := byCell(&got, splitAbove, &first, &second)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("trial %d (%d rows, %d values, sparse %t, split above %d): %v, want %v", trial, rows, values, sparse, splitAbove, err, wantErr)
			}
			if wantErr == nil && !sameRows(&got, want) {
				t.Fatalf("trial %d (%d rows, %d values, sparse %t, split above %d): %v, want %v", trial, rows, values, sparse, splitAbove, got, *want)
			}
		}
	}
}

// byCellInTurn is byCell placing the cells one after the other, its rows
// all at once.
func byCellInTurn(c *cells) (*rowCells, error) {
	lo, hi := slices.Min(c.xs), slices.Max(c.xs)
	start := make([]int, hi-lo+2)
	for _, x := range c.xs {
		start[x-lo+1]++
	}
	for r := 1; r < len(start); r++ {
		start[r] += start[r-1]
	}
	n := c.len()
	out := &rowCells{first: lo, start: start, vs: make([]int32, n), ys: make([]int64, n)}
	next := slices.Clone(start)
	for i, x := range c.xs {
		k := next[x-lo]
		next[x-lo]++
		out.vs[k], out.ys[k] = c.vs[i], c.ys[i]
	}
	p := rowPlacer{out: out, start: start, lo: lo}
	return out, p.sortRows(lo, hi+1)
}

// sameRows reports whether a and b hold the same rows and cells in the
// same order.
func sameRows(a, b *rowCells) bool {
	return a.first == b.first && slices.Equal(a.start, b.start) && slices.Equal(a.vs, b.vs) && slices.Equal(a.ys, b.ys)
}

// sameCells reports whether a and b hold the same cells in the same order.
func sameCells(a, b *cells) bool {
	return slices.Equal(a.vs, b.vs) && slices.Equal(a.xs, b.xs) && slices.Equal(a.ys, b.ys)
}

// TestRowCells: a row's cells, and the offsets emit hands out, before,
// within and after the rows a rowCells holds, with empty rows among them;
// and none at all.
func TestRowCells(t *testing.T) {
	c := rowCells{first: 10, start: []int{0, 2, 2, 5}, ys: []int64{1, 4, 9, 11, 12}, vs: []int32{7, 8, 9, 10, 11}}
	for _, tc := range []struct {
		x      int64
		offset int
		ys     []int64
	}{{8, 0, nil}, {10, 0, []int64{1, 4}}, {11, 2, nil}, {12, 2, []int64{9, 11, 12}}, {13, 5, nil}, {40, 5, nil}} {
		ys, vs := c.row(tc.x)
		if c.offset(tc.x) != tc.offset || !slices.Equal(ys, tc.ys) || len(vs) != len(ys) {
			t.Errorf("row %d: offset %d, cells %v %v; want offset %d, cells %v", tc.x, c.offset(tc.x), ys, vs, tc.offset, tc.ys)
		}
	}
	var none rowCells
	if ys, vs := none.row(3); none.offset(3) != 0 || len(ys) != 0 || len(vs) != 0 {
		t.Errorf("an empty rowCells: offset %d, row %v %v", none.offset(3), ys, vs)
	}
}

// BenchmarkByCell puts a band part of values 0–200 (a row's cells side
// by side around its diagonal), decoded in (v, x, y) order, in (x, y)
// order, on one goroutine and on two: CPU a cell.
func BenchmarkByCell(b *testing.B) {
	const values = 201
	for _, bench := range []struct {
		name       string
		rows       int64
		splitAbove int64
	}{{"rows=16384", 16384, math.MaxInt64}, {"rows=65536", 65536, math.MaxInt64}, {"rows=65536/halves", 65536, -1}} {
		b.Run(bench.name, func(b *testing.B) {
			var decoded cells
			for v := range int32(values) {
				for x := range bench.rows {
					decoded.append(v, x, x+int64((int(v)*37+int(x))%values)) // a row's columns distinct
				}
			}
			var out rowCells
			for b.Loop() {
				if err := byCell(&out, bench.splitAbove, &decoded); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(decoded.len()), "ns/cell")
		})
	}
}
