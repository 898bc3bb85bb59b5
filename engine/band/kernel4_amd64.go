//go:build amd64 && !purego

package band

// assemblyKernel says that fillTile4Word is the assembly loop.
const assemblyKernel = true

// fillTile4Word walks the live columns of one word of the window for every
// open row of a band, in order, each row until it is full, and adds to
// t.finished and t.visits: fillTile4WordGeneric in assembly, which keeps a
// row's set, its live bits and its count in registers for the whole word.
//
//go:noescape
func fillTile4Word(t *tileWalk)
