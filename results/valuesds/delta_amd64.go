//go:build amd64 && !purego

package valuesds

import (
	"encoding/binary"
	"slices"

	"golang.org/x/sys/cpu"
)

// deltaStats sets deltas to the deltas of values[1:] from the value before
// each (len(values) − 1 of them, 1 … deltaBlockSize) and returns what
// deltaStatsGo returns. A full block goes four deltas at a time in AVX2
// where the CPU has it (the Go loop's four compares a value were a third
// of the delta encoder's time).
func deltaStats(values []int64, deltas *[deltaBlockSize]int64) (minDelta int64, maxDeltas [deltaMiniblocks]int64, lo, hi int64) {
	if hasAVX2 && len(values) == deltaBlockSize+1 {
		var lanes blockLanes
		deltaBlockAVX2(&values[0], &deltas[0], &lanes)
		return lanes.fold()
	}
	return deltaStatsGo(values, deltas)
}

// blockLanes is what deltaBlockAVX2 leaves of a block, in four lanes each:
// the least delta, the greatest of each miniblock, the least and the
// greatest value.
type blockLanes struct {
	minDelta  [4]int64
	maxDeltas [deltaMiniblocks][4]int64
	lo, hi    [4]int64
}

// fold folds each statistic's lanes into one.
func (l *blockLanes) fold() (minDelta int64, maxDeltas [deltaMiniblocks]int64, lo, hi int64) {
	minDelta, lo, hi = leastLane(l.minDelta), leastLane(l.lo), greatestLane(l.hi)
	for m := range maxDeltas {
		maxDeltas[m] = greatestLane(l.maxDeltas[m])
	}
	return minDelta, maxDeltas, lo, hi
}

// leastLane and greatestLane fold four lanes into their least (greatest).
func leastLane(l [4]int64) int64    { return min(l[0], l[1], l[2], l[3]) }
func greatestLane(l [4]int64) int64 { return max(l[0], l[1], l[2], l[3]) }

// deltaBlockAVX2 sets deltas[k] = values[k+1] − values[k] for k <
// deltaBlockSize and leaves the block's statistics in lanes. It needs AVX2.
//
//go:noescape
func deltaBlockAVX2(values *int64, deltas *int64, lanes *blockLanes)

// hasBMI2 says that packBitsBMI2 can run.
var hasBMI2 = cpu.X86.HasBMI2

// packBits is packBitsGo, in assembly where the CPU has BMI2: up to 16
// bits (a band's y deltas take 6 to 9), eight values at a time, set side
// by side in the lanes of a word and packed by PEXT (BenchmarkPackBits:
// 0.73 ns a value against 1.58 for the loop); wider, a loop whose shifts by
// a register, SHLX and SHRX, leave it nine instructions a value. It may
// write up to packSlack bytes past the 4·width, which out's capacity must
// hold; it panics if it does not.
func packBits(out []byte, mini []int64, base int64, width int) {
	if hasBMI2 {
		out = out[:4*width+packSlack]
		packBitsBMI2(&out[0], (*[deltaMiniblockSize]int64)(mini), base, width)
		return
	}
	packBitsGo(out, mini, base, width)
}

// packBitsBMI2 is packBitsGo writing to out[0 : 4·width], and maybe
// garbage to the packSlack bytes after them. It needs BMI2.
//
//go:noescape
func packBitsBMI2(out *byte, mini *[deltaMiniblockSize]int64, base int64, width int)

// appendFullBlock is appendDeltaBlock for a full block (len(values) =
// deltaBlockSize+1) whose miniblocks take at most 16 bits, as a band's y
// do, where the CPU has AVX2 and BMI2: the deltas and lanes in AVX2
// (deltaBlockAVX2), then the rest in one call (encodeBlockAVX2). ok is
// false, and dst unchanged, for any other block.
func appendFullBlock(dst []byte, values []int64) (out []byte, lo, hi int64, ok bool) {
	if !fullBlockAssembly || len(values) != deltaBlockSize+1 {
		return dst, 0, 0, false
	}
	var lanes blockLanes
	var deltas [deltaBlockSize]int64
	deltaBlockAVX2(&values[0], &deltas[0], &lanes)
	at := len(dst)
	grown := slices.Grow(dst, fullBlockMax)
	var lohi [2]int64
	n := encodeBlockAVX2(&lanes, &deltas[0], &grown[at : at+fullBlockMax][0], &lohi)
	if n == 0 {
		return dst, 0, 0, false
	}
	return grown[:at+n], lohi[0], lohi[1], true
}

// fullBlockAssembly says that appendFullBlock can encode blocks.
var fullBlockAssembly = hasAVX2 && hasBMI2

// fullBlockMax bounds what encodeBlockAVX2 writes: the least delta's
// varint, the widths, four miniblocks of 16 bits, and the slack of its
// stores.
const fullBlockMax = binary.MaxVarintLen64 + deltaMiniblocks + deltaBlockSize*2 + packSlack

// encodeBlockAVX2 writes to out what appendDeltaBlock appends for a full
// block, from the deltas and lanes deltaBlockAVX2 left, and returns its
// length and the block's least and greatest value in *lohi; or 0 if a
// miniblock takes more than 16 bits. It needs BMI2.
//
//go:noescape
func encodeBlockAVX2(lanes *blockLanes, deltas *int64, out *byte, lohi *[2]int64) (n int)

// appendOffsetBlock is appendDeltaBlock for a full block of the values
// base+block[1:], block[0]+base the value before them, in one call that
// takes the offsets as they are (encodeOffsetsAVX2): it writes the same
// bytes. ok is false, and dst unchanged, where the CPU lacks AVX2 or BMI2
// or the 129 offsets span 2¹⁵ or more, so that a delta might not fit in 16
// bits.
func appendOffsetBlock(dst []byte, base int64, block *[deltaBlockSize + 1]uint16) (out []byte, lo, hi int64, ok bool) {
	if !fullBlockAssembly {
		return dst, 0, 0, false
	}
	at := len(dst)
	grown := slices.Grow(dst, fullBlockMax)
	var lohi [2]uint16
	n := encodeOffsetsAVX2(block, &grown[at : at+fullBlockMax][0], &lohi)
	if n == 0 {
		return dst, 0, 0, false
	}
	return grown[:at+n], base + int64(lohi[0]), base + int64(lohi[1]), true
}

// encodeOffsetsAVX2 writes to out what appendDeltaBlock appends for the
// full block of the offsets block[1:] from the one before each and returns
// its length and the least and the greatest of block[1:] in *lohi; or 0
// if the offsets span 2¹⁵ or more. It needs AVX2 and BMI2.
//
//go:noescape
func encodeOffsetsAVX2(block *[deltaBlockSize + 1]uint16, out *byte, lohi *[2]uint16) (n int)
