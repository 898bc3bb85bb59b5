package valuesds

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// The DELTA_BINARY_PACKED encoding of Parquet (Apache Parquet, "Encodings",
// https://parquet.apache.org/docs/file-format/data-pages/encodings/):
//
//	header: <block size> <miniblocks a block> <value count> <first value>
//	blocks: <min delta> <one bit width a miniblock> <miniblocks>
//
// The sizes and the count are ULEB128 varints, the first value and each
// block's min delta zigzag varints. Each delta is a value minus the one
// before it, in 64-bit two's complement arithmetic: a difference that
// overflows wraps, and the reader's sum wraps back. A block holds the
// deltas minus the block's least delta (so they are all ≥ 0 as unsigned),
// in miniblocks each bit-packed, least significant bit first, at the width
// of its largest. The last block may be short: its last miniblock is padded
// with zeros to full size, miniblocks after it are not written and their
// widths are 0.
const (
	deltaBlockSize     = 128 // deltas a block
	deltaMiniblocks    = 4   // miniblocks a block
	deltaMiniblockSize = deltaBlockSize / deltaMiniblocks
)

// deltaHeaderMax bounds the length of a header: four varints.
const deltaHeaderMax = 4 * binary.MaxVarintLen64

// appendDeltaHeader appends the header of the DELTA_BINARY_PACKED encoding
// of count values, the first of them first (0 if count is 0).
func appendDeltaHeader(dst []byte, count int, first int64) []byte {
	dst = binary.AppendUvarint(dst, deltaBlockSize)
	dst = binary.AppendUvarint(dst, deltaMiniblocks)
	dst = binary.AppendUvarint(dst, uint64(count))
	return binary.AppendVarint(dst, first) // zigzag, as the spec says
}

// appendDeltaBlock appends the block of the deltas of values[1:] from the
// value before each: 1 ≤ len(values)−1 ≤ deltaBlockSize, so values[0] is
// the last value of the block before (or the header's first value). It
// returns the least and the greatest of values[1:] too, the statistics'
// work done in the same pass.
func appendDeltaBlock(dst []byte, values []int64) (out []byte, lo, hi int64) {
	if stride, ok := evenStride(values); ok {
		return appendStrideBlock(dst, values, stride)
	}
	if out, lo, hi, ok := appendFullBlock(dst, values); ok {
		return out, lo, hi
	}
	return appendDeltaBlockGo(dst, values)
}

// appendDeltaBlockGo is appendDeltaBlock for any block, its statistics and
// miniblocks each a call (deltaStats, packBits).
func appendDeltaBlockGo(dst []byte, values []int64) (out []byte, lo, hi int64) {
	var deltas [deltaBlockSize]int64
	n := len(values) - 1
	minDelta, maxDeltas, lo, hi := deltaStats(values, &deltas)
	for i := n; i < (n+deltaMiniblockSize-1)/deltaMiniblockSize*deltaMiniblockSize; i++ {
		deltas[i] = minDelta // the padding of a short last miniblock: 0 once packed
	}
	dst = binary.AppendVarint(dst, minDelta)
	widthsAt := len(dst)
	dst = append(dst, make([]byte, deltaMiniblocks)...)
	for m := 0; m*deltaMiniblockSize < n; m++ {
		// Every delta − min is < 2^64 as an integer: as uint64 it does not wrap.
		width := bits.Len64(uint64(maxDeltas[m] - minDelta))
		dst[widthsAt+m] = byte(width)
		dst = appendBitPacked(dst, deltas[m*deltaMiniblockSize:(m+1)*deltaMiniblockSize], minDelta, width)
	}
	return dst, lo, hi
}

// appendStrideBlock is appendDeltaBlock for values whose deltas are all
// stride and which do not wrap (so their least and greatest are at their
// ends): the block is the stride and 0 bits a miniblock.
func appendStrideBlock(dst []byte, values []int64, stride int64) (out []byte, lo, hi int64) {
	dst = binary.AppendVarint(dst, stride)
	dst = append(dst, make([]byte, deltaMiniblocks)...)
	first, last := values[1], values[len(values)-1]
	return dst, min(first, last), max(first, last)
}

// deltaStatsGo sets deltas to the deltas of values[1:] from the value
// before each, 1 ≤ len(values) − 1 ≤ deltaBlockSize, and returns the
// least delta, the greatest delta of each miniblock (of those it holds:
// the others are left 0), and the least and the greatest of values[1:].
func deltaStatsGo(values []int64, deltas *[deltaBlockSize]int64) (minDelta int64, maxDeltas [deltaMiniblocks]int64, lo, hi int64) {
	n := len(values) - 1
	prev := values[0]
	minDelta = values[1] - prev
	lo, hi = values[1], values[1]
	for m := 0; m*deltaMiniblockSize < n; m++ {
		vals := values[1+m*deltaMiniblockSize : 1+min(n, (m+1)*deltaMiniblockSize)]
		ds := deltas[m*deltaMiniblockSize:][:len(vals)]
		maxDelta := int64(math.MinInt64) // of this miniblock alone, as arrow does
		for i, v := range vals {
			d := v - prev // wraps on overflow, as it must
			prev = v
			ds[i] = d
			minDelta, maxDelta = min(minDelta, d), max(maxDelta, d)
			lo, hi = min(lo, v), max(hi, v)
		}
		maxDeltas[m] = maxDelta
	}
	return minDelta, maxDeltas, lo, hi
}

// evenStride reports whether the deltas of values[1:] from the value
// before each are all the same, and that delta: a column of x of one
// value in a band, whose every row holds the value once, has stride 1.
// It takes only strides of at most 2³² from a first value at least 2⁴⁰
// inside int64, so that the run (at most deltaBlockSize strides) cannot
// wrap and is monotone: its least and greatest are at its ends.
func evenStride(values []int64) (int64, bool) {
	const strideMax, edge = 1 << 32, 1 << 40
	stride := values[1] - values[0]
	if values[0] < math.MinInt64+edge || values[0] > math.MaxInt64-edge || stride < -strideMax || stride > strideMax {
		return 0, false
	}
	for i := 2; i < len(values); i++ {
		if values[i]-values[i-1] != stride {
			return 0, false
		}
	}
	return stride, true
}

// appendBitPacked appends the deltaMiniblockSize values mini[i] − base,
// each below 2^width, packed width bits each, least significant bit
// first: 4·width bytes (packBits).
func appendBitPacked(dst []byte, mini []int64, base int64, width int) []byte {
	if width == 0 {
		return dst
	}
	at := len(dst)
	dst = slices.Grow(dst, 4*width+packSlack)[:at+4*width]
	packBits(dst[at:], mini[:deltaMiniblockSize], base, width)
	return dst
}

// packSlack is how many bytes past a miniblock's packBits may write (in
// the capacity of its out): a store of 8 or 16 bytes for its last w.
const packSlack = 8

// packBitsGo writes to out, 4·width bytes, the deltaMiniblockSize values
// mini[i] − base, each below 2^width (1 ≤ width ≤ 64), packed width bits
// each, least significant bit first. They are written by index, not
// appended: an append in the loop kept its values on the stack.
func packBitsGo(out []byte, mini []int64, base int64, width int) {
	var acc uint64 // bits not yet written, the first in the low bits
	filled := 0    // how many bits of acc are taken
	for _, d := range mini[:deltaMiniblockSize] {
		v := uint64(d - base)
		acc |= v << filled
		filled += width
		if filled >= 64 {
			binary.LittleEndian.PutUint64(out, acc)
			out = out[8:]
			filled -= 64
			acc = v >> (width - filled) // the bits of v that did not fit (0 if all did: v < 2^width)
		}
	}
	for k := range out { // the last word's 4 bytes when width is odd
		out[k] = byte(acc >> (8 * k))
	}
}
