//go:build amd64 && !purego

package band

// assemblyKernel says that fillWord4 is the assembly loop.
const assemblyKernel = true

// fillWord4 computes the cells of one row in the live columns of one word
// of the window, in order, until the row is full: fillWord4Generic in
// assembly, which keeps the row's set, the live bits and the count in
// registers for the whole walk.
//
// row is the row's set; sets the 64 columns' sets of the word, four words
// each; live the bits of the columns to walk; liveWord the window's word,
// whose bit of a column is cleared when the column fills; full the set of
// all of 0 … V; cells the row's V+1 cell slots, n of them taken; packedBase
// the packed column of the word's first column; x XOR (y0 + j) the value
// column j of the word excludes (x = noExclusion: none). It returns the
// cells taken and the number of live cells whose mex was above V.
//
//go:noescape
func fillWord4(row *[4]uint64, sets []uint64, live uint64, liveWord *uint64, full *[4]uint64,
	cells []uint64, n int, packedBase uint64, x, y0 int64) (nOut, capped int)
