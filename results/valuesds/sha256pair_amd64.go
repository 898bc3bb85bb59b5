//go:build amd64 && !purego

package valuesds

import "golang.org/x/sys/cpu"

// hasSHANI says that blockSHANI2 can run: the processor has SHA-NI (and
// AVX2, so CPUID leaf 7, which says so), SSE4.1 and SSSE3.
var hasSHANI = cpu.X86.HasAVX2 && cpu.X86.HasSSE41 && cpu.X86.HasSSSE3 && cpuidSHA()

// blockSHANI2 runs the SHA-256 compression of blocks 64-byte blocks of pa
// on the state a and of pb on b, as crypto/sha256 would on each, the two
// streams interleaved. It needs hasSHANI.
//
//go:noescape
func blockSHANI2(a, b *[8]uint32, pa, pb *byte, blocks int)

// cpuidSHA reports the SHA bit of CPUID leaf 7.
func cpuidSHA() bool
