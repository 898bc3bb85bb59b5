//go:build !amd64 || purego

package band

// transposeAssembly is false: fillDense walks the bytes one at a time.
const transposeAssembly = false

// transposeGroups is never called in this build.
func transposeGroups(dst *byte, dstStep int, src *byte, srcStep int, groups int) {
	panic("band: transposeGroups without assembly")
}
