//go:build !amd64 || purego

package band

// assemblyKernel says that fillWord4 is the assembly loop: not here.
const assemblyKernel = false

// fillWord4 computes the cells of one row in the live columns of one word
// of the window, in order, until the row is full (see fillWord4Generic).
func fillWord4(row *[4]uint64, sets []uint64, live uint64, liveWord *uint64, full *[4]uint64,
	cells []uint64, n int, packedBase uint64, x, y0 int64) (nOut, capped int) {
	return fillWord4Generic(row, sets, live, liveWord, full, cells, n, packedBase, x, y0)
}
