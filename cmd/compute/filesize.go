package main

import (
	"math"
	"slices"

	"github.com/grundy-lab/grundy/results"
)

// valueSizeSample is the size of a real table file's g column per cell at
// side n, zstd (the writer's fastest level) and the default tile.
type valueSizeSample struct {
	n    int
	zstd float64
}

// zstdValueSizes holds, by table id, the samples the disk estimate
// interpolates: the size of the file of compute -table T -n N -workers 1
// -quiet -force (AMD EPYC, Go 1.26, 2026-11-26), less its bytes besides g
// (batchRestBytes), per cell. testdata/table_file_sizes.txt holds these
// files' sizes, and those at n = 3·10⁴ and of Josephus Nim at 31 more n
// that the estimate is tested on but not fitted to. The g column is most of a
// rook table's file, and it compresses less as the values grow, slowly
// while they fit in two bytes and by a step once they need a third: nim
// takes 1.07 bytes a cell at n = 4·10⁴ (values below 65536) and 1.97 at
// 10⁵ (values to 131071). Every table has a sample at 10⁵ (before G₁'s and
// Wythoff's were taken, their estimates were 32% and 10% below their
// files); beyond it a table is extrapolated from its last two samples.
// Delete Nim and VDN take a fifth of a byte a cell or less, smooth in n
// once the x and y columns are set apart: their files' sizes a cell jumped
// between neighbouring n through those alone. Josephus Nim's does not
// settle (erraticValueSize).
var zstdValueSizes = map[string][]valueSizeSample{
	"nim":         {{1000, 0.7098}, {3000, 0.7625}, {10000, 0.9057}, {20000, 0.9705}, {40000, 1.0748}, {100000, 1.9707}},
	"g1":          {{1000, 0.7066}, {3000, 0.7625}, {10000, 0.9057}, {20000, 0.9704}, {40000, 1.0748}, {100000, 1.9708}},
	"gneg1":       {{1000, 1.1295}, {3000, 1.2263}, {10000, 1.2916}, {20000, 1.3648}, {40000, 1.5674}, {100000, 2.4979}},
	"gstarneg1":   {{1000, 0.9677}, {3000, 1.0068}, {10000, 1.1223}, {20000, 1.1567}, {40000, 1.2655}, {100000, 1.8444}},
	"passnim":     {{1000, 1.1557}, {3000, 1.2509}, {10000, 1.3391}, {20000, 1.4144}, {40000, 1.6230}, {100000, 2.5457}},
	"wythoff":     {{1000, 1.5821}, {3000, 1.7833}, {10000, 2.0527}, {20000, 2.2404}, {40000, 2.4613}, {100000, 3.3517}},
	"deletenim":   {{1000, 0.2011}, {3000, 0.1755}, {10000, 0.1335}, {20000, 0.1008}, {40000, 0.0712}, {100000, 0.0516}},
	"vdn":         {{1000, 0.2381}, {3000, 0.2106}, {10000, 0.1419}, {20000, 0.1096}, {40000, 0.0787}, {100000, 0.0559}},
	"josephusnim": {{1000, 0.0322}, {3000, 0.0165}, {10000, 0.0113}, {20000, 0.0095}, {40000, 0.0095}, {60000, 0.0167}, {100000, 0.0089}},
}

// erraticValueSize are the tables whose g column's size a cell jumps
// between neighbouring n even with the x and y columns set apart: Josephus
// Nim's takes 0.0078 to 0.0167 bytes a cell at n = 10⁴ … 10⁵ (29,000 and
// 60,000), 0.0095 and 0.0160 at 40,000 and 45,000. No interpolation holds
// between its samples: the estimate compresses bands of its closed form
// (sampledValueBytes), and only where those bands are too large to build
// (sizedBandCells) plans it from n = 10⁴ on at the largest size sampled
// there, an upper bound (1.07 to 1.34 times the files of n = 10⁴ … 10⁵).
var erraticValueSize = map[string]bool{"josephusnim": true}

// lz4ValueBytesPerCell is a table file's g column's size per cell with
// lz4 at n = 3000 (the file less batchRestBytes, 2026-11-26), grown with n
// as its zstd size grows (lz4 files are not sampled at larger n).
var lz4ValueBytesPerCell = map[string]float64{
	"nim": 2.50, "g1": 2.50, "gneg1": 2.31, "gstarneg1": 2.54, "passnim": 2.33,
	"wythoff": 2.73, "deletenim": 0.53, "vdn": 0.57, "josephusnim": 0.22,
}

// uncompressedBytesPerCell is the size of a file without compression: three
// int32 columns, 12.001 bytes per cell measured, rounded up.
const uncompressedBytesPerCell = 12.05

// fileSizeMargin is the safety factor of the disk estimate.
const fileSizeMargin = 1.07

// tableFileBytes is the planned size of the record batches of table id's
// file at side n, tile rows a band, with compression c, rest being their
// bytes besides g (batchRestBytes, the same for every table): the g column
// measured from a closed form (sampledValueBytes) or planned at
// valueBytesPerCell, and the margin.
func tableFileBytes(id string, n, tile int, c results.Compression, rest float64) float64 {
	cells := float64(n+1) * float64(n+1)
	if c == results.None {
		return cells * uncompressedBytesPerCell
	}
	values, ok := sampledValueBytes(id, n, tile, c)
	if !ok {
		values = cells * valueBytesPerCell(id, c, n)
	}
	return min((rest+values)*fileSizeMargin, cells*uncompressedBytesPerCell)
}

// valueBytesPerCell is the size per cell of table id's g column at side n
// with compression c (zstd or lz4): the samples interpolated (the first
// one below them); an unmeasured table is planned as if its g column did
// not compress.
func valueBytesPerCell(id string, c results.Compression, n int) float64 {
	samples, ok := zstdValueSizes[id]
	if !ok {
		return 4
	}
	rate := interpolateSize(samples, n)
	if erraticValueSize[id] && n >= 10000 {
		for _, s := range samples {
			if s.n >= 10000 {
				rate = max(rate, s.zstd)
			}
		}
	}
	if c == results.LZ4 {
		rate = lz4ValueBytesPerCell[id] * rate / interpolateSize(samples, 3000)
	}
	return rate
}

// interpolateSize is the size per cell at n from samples, ordered by n:
// linear in log n between two samples, the first sample's below them and
// the line through the last two beyond them, never below zero.
func interpolateSize(samples []valueSizeSample, n int) float64 {
	i, _ := slices.BinarySearchFunc(samples, n, func(s valueSizeSample, n int) int { return s.n - n })
	switch {
	case i == 0:
		return samples[0].zstd
	case i == len(samples):
		i = len(samples) - 1
	}
	a, b := samples[i-1], samples[i]
	t := math.Log(float64(n)/float64(a.n)) / math.Log(float64(b.n)/float64(a.n))
	return max(0, a.zstd+t*(b.zstd-a.zstd))
}
