package main

import (
	"math"
	"slices"

	"github.com/grundy-lab/grundy/results"
)

// fileSizeSample is the size of a real table file per cell at side n, zstd
// (the writer's fastest level) and the default tile.
type fileSizeSample struct {
	n    int
	zstd float64
}

// zstdFileSizes holds, by table id, the samples the disk estimate
// interpolates: compute -table T -n N -workers 1 -quiet -force, AMD EPYC,
// Go 1.26, 2026-11-26 (testdata/table_file_sizes.txt holds these sizes, and
// those at n = 3·10⁴ that the estimate is tested on but not fitted to, but
// for the tables of erraticFileSize, which need every sample). The g column is most of a file, and
// it compresses less as the values grow, slowly while they fit in two
// bytes and by a step once they need a third: nim takes 1.11 bytes a cell
// at n = 4·10⁴ (values below 65536) and 2.00 at 10⁵ (values to 131071).
// Every table has a sample at 10⁵ (before G₁'s and Wythoff's were taken,
// their estimates were 32% and 10% below their files); beyond it a
// table is extrapolated from its last two samples.
var zstdFileSizes = map[string][]fileSizeSample{
	"nim":         {{1000, 0.7352}, {3000, 0.7852}, {10000, 0.9615}, {20000, 1.0020}, {40000, 1.1060}, {100000, 2.0043}},
	"g1":          {{1000, 0.7319}, {3000, 0.7853}, {10000, 0.9615}, {20000, 1.0019}, {40000, 1.1059}, {100000, 2.0044}},
	"gneg1":       {{1000, 1.1548}, {3000, 1.2491}, {10000, 1.3473}, {20000, 1.3962}, {40000, 1.5985}, {100000, 2.5314}},
	"gstarneg1":   {{1000, 0.9931}, {3000, 1.0295}, {10000, 1.1780}, {20000, 1.1882}, {40000, 1.2967}, {100000, 1.8780}},
	"passnim":     {{1000, 1.1810}, {3000, 1.2736}, {10000, 1.3948}, {20000, 1.4459}, {40000, 1.6541}, {100000, 2.5793}},
	"wythoff":     {{1000, 1.6075}, {3000, 1.8060}, {10000, 2.1085}, {20000, 2.2719}, {40000, 2.4924}, {100000, 3.3853}},
	"deletenim":   {{1000, 0.2265}, {3000, 0.1983}, {10000, 0.1892}, {20000, 0.1323}, {30000, 0.1581}, {40000, 0.1024}, {100000, 0.0851}},
	"vdn":         {{1000, 0.2634}, {3000, 0.2334}, {10000, 0.1976}, {20000, 0.1411}, {30000, 0.1596}, {40000, 0.1098}, {100000, 0.0895}},
	"josephusnim": {{1000, 0.0576}, {3000, 0.0392}, {10000, 0.0670}, {20000, 0.0410}, {30000, 0.0826}, {40000, 0.0406}, {100000, 0.0425}},
}

// erraticFileSize are the tables whose file size per cell is not smooth in
// n, so that no interpolation holds between samples: Delete Nim takes
// 0.132, 0.158 and 0.102 bytes a cell at n = 2·10⁴, 3·10⁴ and 4·10⁴,
// Josephus Nim 0.041, 0.083 and 0.041. Their estimate from n = 10⁴ on is
// the largest size sampled from 10⁴ on: an upper bound, up to 2.5 times the
// file (their files are a tenth of the rook tables' or less).
var erraticFileSize = map[string]bool{"deletenim": true, "vdn": true, "josephusnim": true}

// lz4BytesPerCell is a table file's size per cell with lz4 at n = 3000,
// grown with n as its zstd size grows (issue 13's measurement; lz4 files
// are not sampled at larger n).
var lz4BytesPerCell = map[string]float64{
	"nim": 3.29, "g1": 3.29, "gneg1": 3.10, "gstarneg1": 3.33, "passnim": 3.13,
	"wythoff": 3.52, "deletenim": 1.33, "vdn": 1.36, "josephusnim": 1.01,
}

// uncompressedBytesPerCell is the size of a file without compression: three
// int32 columns, 12.001 bytes per cell measured, rounded up.
const uncompressedBytesPerCell = 12.05

// fileSizeMargin is the safety factor of the disk estimate.
const fileSizeMargin = 1.1

// bytesPerCell is the planned file size per cell of table id at size n
// with compression c: the samples interpolated (the first one below them),
// and the margin; an unmeasured table is planned as if its g column did
// not compress.
func bytesPerCell(id string, c results.Compression, n int) float64 {
	samples, ok := zstdFileSizes[id]
	if c == results.None || !ok {
		return uncompressedBytesPerCell
	}
	rate := interpolateSize(samples, n)
	if erraticFileSize[id] && n >= 10000 {
		for _, s := range samples {
			if s.n >= 10000 {
				rate = max(rate, s.zstd)
			}
		}
	}
	if c == results.LZ4 {
		rate = lz4BytesPerCell[id] * rate / interpolateSize(samples, 3000)
	}
	return min(rate*fileSizeMargin, uncompressedBytesPerCell)
}

// interpolateSize is the size per cell at n from samples, ordered by n:
// linear in log n between two samples, the first sample's below them and
// the line through the last two beyond them, never below zero.
func interpolateSize(samples []fileSizeSample, n int) float64 {
	i, _ := slices.BinarySearchFunc(samples, n, func(s fileSizeSample, n int) int { return s.n - n })
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
