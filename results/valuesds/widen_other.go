//go:build !amd64 || purego

package valuesds

// widenOffsets is widenOffsetsGo.
func widenOffsets(dst []int64, base int64, offs []uint16) { widenOffsetsGo(dst, base, offs) }
