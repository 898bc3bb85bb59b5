//go:build amd64 && !purego

package band

import "golang.org/x/sys/cpu"

// transposeAssembly says that transposeGroups is there: the processor has
// AVX2.
var transposeAssembly = cpu.X86.HasAVX2

// transposeGroups transposes groups 16×16 blocks of bytes: row r of block g
// is the 16 bytes at src + (16g + r)·srcStep, and its column t goes to the
// 16 bytes at dst + 16g + t·dstStep. The caller checks that both lie in
// its buffers.
//
//go:noescape
func transposeGroups(dst *byte, dstStep int, src *byte, srcStep int, groups int)
