package valuesds

import (
	"encoding/binary"
	"math/bits"
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
	var deltas [deltaBlockSize]uint64
	n := len(values) - 1
	minDelta := values[1] - values[0]
	lo, hi = values[1], values[1]
	for i, v := range values[1:] {
		d := v - values[i] // wraps on overflow, as it must
		deltas[i] = uint64(d)
		minDelta = min(minDelta, d)
		lo, hi = min(lo, v), max(hi, v)
	}
	dst = binary.AppendVarint(dst, minDelta)
	widthsAt := len(dst)
	dst = append(dst, make([]byte, deltaMiniblocks)...)
	for m := 0; m*deltaMiniblockSize < n; m++ {
		mini := deltas[m*deltaMiniblockSize : (m+1)*deltaMiniblockSize]
		var spread uint64 // the OR of every delta − min: its length is the width
		for i := range mini[:min(deltaMiniblockSize, n-m*deltaMiniblockSize)] {
			mini[i] -= uint64(minDelta)
			spread |= mini[i]
		}
		for i := n - m*deltaMiniblockSize; i < deltaMiniblockSize; i++ {
			mini[i] = 0 // the padding of a short last miniblock
		}
		width := bits.Len64(spread)
		dst[widthsAt+m] = byte(width)
		dst = appendBitPacked(dst, mini, width)
	}
	return dst, lo, hi
}

// appendBitPacked appends the deltaMiniblockSize values of mini, each
// below 2^width, packed width bits each, least significant bit first:
// 4·width bytes.
func appendBitPacked(dst []byte, mini []uint64, width int) []byte {
	if width == 0 {
		return dst
	}
	var acc uint64 // bits not yet appended, the first in the low bits
	filled := 0    // how many bits of acc are taken
	for _, v := range mini[:deltaMiniblockSize] {
		acc |= v << filled
		filled += width
		if filled >= 64 {
			dst = binary.LittleEndian.AppendUint64(dst, acc)
			filled -= 64
			acc = v >> (width - filled) // the bits of v that did not fit (0 if all did: v < 2^width)
		}
	}
	for ; filled > 0; filled -= 8 {
		dst = append(dst, byte(acc))
		acc >>= 8
	}
	return dst
}
