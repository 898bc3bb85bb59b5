package main

import (
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// sizedBandCells bounds the cells of a band the disk estimate builds and
// compresses: with the band's x and y columns it holds 12 bytes a cell
// (154 MB for a band of 128 rows at n = 10⁵, where the estimate takes
// 0.4 s). Beyond it (n ≥ 131,072 at the default tile) the estimate plans
// the bytes it would measure at a bound instead.
const sizedBandCells = 1 << 24

// restBytesPerCellBound plans a file's bytes besides g when its bands are
// too large to measure: the y column as it is, 4 bytes a cell, and the
// rest with room. It is an upper bound, and a loose one: with zstd those
// bytes took 0.47, 0.036, 0.80 and 1.90 a cell at n = 131,000, 140,000,
// 262,000 and 400,000, with lz4 4.02 at every n from 17,000 on.
const restBytesPerCellBound = 4.05

// batchRestBytes is the bytes of the record batches of a table file at
// side n, tile rows a band, with compression c, apart from their g
// buffers: framing, metadata and the x and y columns, the same for every
// table. These jump between neighbouring n (0.022, 0.124 and 0.031 bytes
// a cell at n = 14,500, 13,000 and 11,000 with zstd: the y column, 0 … n
// in each row, compresses well or badly), so they are measured: the first
// band, one full band for all the others (their x columns differ only in
// their values) and the last, shorter band.
func batchRestBytes(n, tile int, c results.Compression) float64 {
	width := n + 1
	rows := min(tile, width)
	if rows > sizedBandCells/width {
		return restBytesPerCellBound * float64(width) * float64(width)
	}
	bands := (width + tile - 1) / tile
	sizer := results.NewBatchSizer(c)
	zeros := make([]int32, rows*width)
	rest := func(band int) float64 {
		rows := min(tile, width-band*tile)
		bytes, _, err := sizer.Bytes(engine.Band{X0: band * tile, Rows: rows, Width: width, Cells: zeros[:rows*width]})
		if err != nil {
			panic(err) // the band is built well-formed above
		}
		return float64(bytes)
	}
	total := rest(0)
	if full := (width / tile) - 1; full > 0 {
		total += float64(full) * rest(bands/2)
	}
	if bands > 1 && width%tile != 0 {
		total += rest(bands - 1)
	}
	return total
}
