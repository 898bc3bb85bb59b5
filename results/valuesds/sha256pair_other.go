//go:build !amd64 || purego

package valuesds

// hasSHANI is false: sumPair hashes its two messages one after the other.
const hasSHANI = false

// blockSHANI2 is never called in this build.
func blockSHANI2(a, b *[8]uint32, pa, pb *byte, blocks int) {
	panic("valuesds: blockSHANI2 without assembly")
}
