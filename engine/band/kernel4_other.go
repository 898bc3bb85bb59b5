//go:build !amd64 || purego

package band

// assemblyKernel and passAssembly say that fillTile4Word is the assembly
// loop: not here.
const (
	assemblyKernel = false
	passAssembly   = false
)

// fillTile4Word walks the live columns of one word of the window for every
// open row of a band (see fillTile4WordGeneric).
func fillTile4Word(t *tileWalk) { fillTile4WordGeneric(t) }

// fillTile4WordAsm is not built here; the tests that compare it skip.
func fillTile4WordAsm(t *tileWalk) { panic("band: no assembly kernel in this build") }

// fillTile4WordPlainAsm is not built here either.
func fillTile4WordPlainAsm(t *tileWalk) { panic("band: no assembly kernel in this build") }

// fillTile4WordPassAsm is not built here either.
func fillTile4WordPassAsm(t *tileWalk) { panic("band: no assembly kernel in this build") }
