//go:build amd64 && !purego

package valuesds

import "golang.org/x/sys/cpu"

// hasAVX2 says that denseBytesAVX2 can run.
var hasAVX2 = cpu.X86.HasAVX2

// denseSideBySide sets at[k] to the value of packed[k] plus 1 for every k,
// and reports whether every value is at most 254 (the bytes are right
// only then). It takes thirty-two cells at a time in AVX2 where the CPU
// has it (the Go loop's five instructions a cell were a tenth of compute
// -write none's CPU), the rest in denseSideBySideGo. It panics if at is
// shorter than packed.
func denseSideBySide(at []byte, packed []uint64) bool {
	at = at[:len(packed)]
	k := 0
	if hasAVX2 {
		k = len(packed) &^ 31
		if k > 0 && denseBytesAVX2(&at[0], &packed[0], k) > 254 {
			return false
		}
	}
	return denseSideBySideGo(at[k:], packed[k:])
}

// denseBytesAVX2 sets dst[k] to the value of cells[k] plus 1 for k < n, n a
// positive multiple of 32, and returns the greatest value (as unsigned):
// the bytes are right iff it is at most 254. It needs AVX2.
//
//go:noescape
func denseBytesAVX2(dst *byte, cells *uint64, n int) (top uint32)
