//go:build !amd64 || purego

package valuesds

// deltaStats sets deltas to the deltas of values[1:] from the value before
// each and returns what deltaStatsGo returns: it is deltaStatsGo.
func deltaStats(values []int64, deltas *[deltaBlockSize]int64) (minDelta int64, maxDeltas [deltaMiniblocks]int64, lo, hi int64) {
	return deltaStatsGo(values, deltas)
}

// packBits is packBitsGo: it writes nothing past the 4·width bytes (the
// packSlack bytes of out's capacity after them are the assembly's).
func packBits(out []byte, mini []int64, base int64, width int) {
	packBitsGo(out, mini, base, width)
}

// fullBlockAssembly says that appendFullBlock can encode blocks: it
// cannot.
const fullBlockAssembly = false

// appendFullBlock reports false: appendDeltaBlock's Go path encodes every
// block.
func appendFullBlock(dst []byte, values []int64) (out []byte, lo, hi int64, ok bool) {
	return dst, 0, 0, false
}

// appendOffsetBlock reports false: addOffsets widens every offset.
func appendOffsetBlock(dst []byte, base int64, block *[deltaBlockSize + 1]uint16) (out []byte, lo, hi int64, ok bool) {
	return dst, 0, 0, false
}
