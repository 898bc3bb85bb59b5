package main

import (
	"math"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// TestBatchRestBytesIsEveryBands: the three bands batchRestBytes measures
// stand for all: its figure is within 0.5% of the bytes besides g of every
// band of the file, summed, whatever n and the tile (one band, a partial
// last band, none partial).
func TestBatchRestBytesIsEveryBands(t *testing.T) {
	for _, c := range []results.Compression{results.Zstd, results.LZ4} {
		for _, n := range []int{0, 1, 127, 128, 300, 1000} {
			for _, tile := range []int{1, 7, 128, 5000} {
				width := n + 1
				sizer := results.NewBatchSizer(c)
				var all float64
				for x0 := 0; x0 < width; x0 += tile {
					rows := min(tile, width-x0)
					rest, _, err := sizer.Bytes(engine.Band{X0: x0, Rows: rows, Width: width, Cells: make([]int32, rows*width)})
					if err != nil {
						t.Fatal(err)
					}
					all += float64(rest)
				}
				if got := batchRestBytes(n, tile, c); math.Abs(got-all) > 0.005*all {
					t.Errorf("%v, n = %d, tile %d: batchRestBytes %.0f, the bands' own %.0f", c, n, tile, got, all)
				}
			}
		}
	}
}

// TestBatchRestBytesBeyondTheBound: a band too large to build is planned
// at the bound's rate, not built.
func TestBatchRestBytesBeyondTheBound(t *testing.T) {
	n := sizedBandCells // one row of the band is already above the bound
	want := restBytesPerCellBound * float64(n+1) * float64(n+1)
	if got := batchRestBytes(n, 128, results.Zstd); got != want {
		t.Fatalf("n = %d: %.0f bytes, want the bound's %.0f", n, got, want)
	}
}
