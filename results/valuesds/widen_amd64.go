//go:build amd64 && !purego

package valuesds

// widenOffsets is widenOffsetsGo, four values at a time in AVX2 where the
// CPU has it (VPMOVZXWQ and an add), the last few in Go.
func widenOffsets(dst []int64, base int64, offs []uint16) {
	offs = offs[:len(dst)]
	if n := len(dst) &^ 3; hasAVX2 && n > 0 {
		widenOffsetsAVX2(&dst[0], base, &offs[0], n)
		dst, offs = dst[n:], offs[n:]
	}
	widenOffsetsGo(dst, base, offs)
}

// widenOffsetsAVX2 is widenOffsetsGo for n values, n a positive multiple
// of 4. It needs AVX2.
//
//go:noescape
func widenOffsetsAVX2(dst *int64, base int64, offs *uint16, n int)
