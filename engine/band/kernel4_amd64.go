//go:build amd64 && !purego

package band

import "golang.org/x/sys/cpu"

// assemblyKernel says that fillTile4Word is the assembly loop where the
// processor counts bits (POPCNT: the rows of a one-sided sweep start with
// the size of their column's set) and has BMI1 (ANDN, BLSR): every amd64
// processor since 2013.
var assemblyKernel = cpu.X86.HasPOPCNT && cpu.X86.HasBMI1

// passAssembly says that the pass's loop is fillTile4WordPassAsm, which
// shifts by SHLX (BMI2) as well: every amd64 processor since 2015.
var passAssembly = assemblyKernel && cpu.X86.HasBMI2

// fillTile4Word walks the live columns of one word of the window for every
// open row of a band, in order, each row until it is full, and adds to
// t.finished and t.visits: fillTile4WordPlainAsm for rules without an
// excluded value, fillTile4WordAsm for those with x XOR y,
// fillTile4WordPassAsm for the pass (t.excl), or fillTile4WordGeneric on a
// processor without POPCNT or BMI1 (or, for the pass, BMI2).
func fillTile4Word(t *tileWalk) {
	switch {
	case t.excl != nil && passAssembly:
		fillTile4WordPassAsm(t)
	case !assemblyKernel || t.excl != nil:
		fillTile4WordGeneric(t)
	case t.x0 == noExclusion && t.xStep == 0:
		fillTile4WordPlainAsm(t)
	default:
		fillTile4WordAsm(t)
	}
}

// fillTile4WordAsm is fillTile4WordGeneric in assembly, which keeps a row's
// set, its live bits and its count in registers for the whole word.
//
//go:noescape
func fillTile4WordAsm(t *tileWalk)

// fillTile4WordPlainAsm is fillTile4WordAsm without the look at the
// excluded value: for a walk whose every row has none (x0 = noExclusion,
// xStep = 0), where it computes the same.
//
//go:noescape
func fillTile4WordPlainAsm(t *tileWalk)

// fillTile4WordPassAsm is fillTile4WordAsm with the excluded values read
// from t.excl, the passless table's cells (the pass).
//
//go:noescape
func fillTile4WordPassAsm(t *tileWalk)
