//go:build !amd64 || purego

package valuesds

// hasAVX2 is false: there is no assembly here.
const hasAVX2 = false

// denseSideBySide sets at[k] to the value of packed[k] plus 1 for every k,
// and reports whether every value is at most 254 (the bytes are right
// only then): denseSideBySideGo. It panics if at is shorter than packed.
func denseSideBySide(at []byte, packed []uint64) bool {
	return denseSideBySideGo(at[:len(packed)], packed)
}
