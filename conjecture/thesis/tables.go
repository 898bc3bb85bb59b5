package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"math/bits"
	"sort"

	"github.com/grundy-lab/grundy/engine"
)

// Theorems 1.16, 3.5, 3.7 and Corollary 3.10 of 003 checked on the computed
// tables wythoff, deletenim and vdn, every cell; the claims without the
// suffix ".table" check the same statements on the game solvers.

// wythoffPairs is the set of Theorem 1.16 row by row: the columns y with
// min(x, y) = ⌊kΦ⌋, k = |x − y|. Row x holds (x, x + k) for the k with
// ⌊kΦ⌋ = x and (x, x − k) for the k with ⌊kΦ⌋ + k = x, if they exist;
// both sides strictly increase in k and are at least k, so each k is found
// by a binary search over 0 … x (floorKPhi is exact integer arithmetic).
func wythoffPairs(x int) []int {
	var ys []int
	if k := sort.Search(x+1, func(k int) bool { return floorKPhi(k) >= x }); k <= x && floorKPhi(k) == x {
		ys = append(ys, x+k)
	}
	if k := sort.Search(x+1, func(k int) bool { return floorKPhi(k)+k >= x }); k <= x && floorKPhi(k)+k == x {
		ys = append(ys, x-k)
	}
	return conjecture.Normalize(ys)
}

// deleteNimRow writes v₂((x ∨ y) + 1), Theorem 3.5, for y = 0, 1, … into dst.
func deleteNimRow(x int, dst []int32) {
	for y := range dst {
		dst[y] = int32(bits.TrailingZeros(uint((x | y) + 1)))
	}
}

// vdnRow writes v₂(((x − 1) ∨ (y − 1)) + 1), Corollary 3.10, for y = 0, 1, …
// into dst, and -1, the table's mark of a non-position, where x or y is 0.
func vdnRow(x int, dst []int32) {
	if x == 0 {
		for y := range dst {
			dst[y] = -1
		}
		return
	}
	if len(dst) == 0 {
		return
	}
	dst[0] = -1
	deleteNimRow(x-1, dst[1:]) // dst[1:][y-1] is the cell (x, y)
}

// vdnOutcomeCheck is Theorem 3.7 on table vdn: for x, y ≥ 1, G(x, y) = 0
// exactly when x and y are both odd; the cells with x = 0 or y = 0 must
// hold -1. A P-position claimed but not found is reported as claimed "0",
// a cell of value 0 with an even heap as claimed "≠ 0".
func vdnOutcomeCheck() func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			conjecture.Rows(b, func(x int, row []int32) {
				for y, g := range row {
					switch {
					case x == 0 || y == 0:
						if g != -1 {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "-1", Actual: conjecture.Itoa32(g)})
						}
					case x&1 == 1 && y&1 == 1:
						if g != 0 {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "0", Actual: conjecture.Itoa32(g)})
						}
					case g == 0:
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "≠ 0", Actual: "0"})
					}
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// The table claims, each registered after its solver claim.

func wythoffTableClaim() conjecture.Claim {
	return conjecture.ValueSetClaim("thesis.thm1.16.table", thesisSource("Theorem 1.16 (Wythoff)"), "wythoff",
		"Let ⟨m, n⟩ be a Wythoff's Nim position. If |n − m| = k, the P-positions of Wythoff's Nim are given by "+
			"⟨⌊kΦ⌋, ⌊kΦ⌋ + k⟩ or ⟨⌊kΦ⌋ + k, ⌊kΦ⌋⟩, where Φ is the golden ratio, Φ = (1 + √5)/2.",
		"Read as thesis.thm1.16: G(x, y) = 0 if and only if min(x, y) = ⌊kΦ⌋ with k = |x − y|; "+
			"⌊kΦ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋, the square root exact in integers.",
		0, wythoffPairs)
}

func deleteNimTableClaim() conjecture.Claim {
	return conjecture.Claim{
		ID:     "thesis.thm3.5.table",
		Source: thesisSource("Theorem 3.5"),
		Statement: "We denote the position of Delete Nim with two heaps of x tokens and y tokens by ⟨x, y⟩. Then, " +
			"G(⟨x, y⟩) = v_2((x ∨ y) + 1), where v_p(n) is the p-adic valuation of n.",
		CheckedOn: "table deletenim, every cell",
		Note:      "As thesis.thm3.5.",
		Table:     "deletenim",
		Unit:      "cells",
		Check:     conjecture.FormulaCheck(deleteNimRow),
	}
}

func vdnOutcomeTableClaim() conjecture.Claim {
	return conjecture.Claim{
		ID:     "thesis.thm3.7.table",
		Source: thesisSource("Theorem 3.7"),
		Statement: "Let G be a VDN position. At least one of the heaps has an even number of tokens ⟺ G is an N-position. " +
			"Both heaps have an odd number of tokens ⟺ G is a P-position.",
		CheckedOn: "table vdn, every cell: G(x, y) = 0 if and only if x and y are odd, for x, y ≥ 1; G = -1 where x = 0 or y = 0",
		Note: "Row 0 and column 0 are not VDN positions (heaps are non-empty); the table marks them -1, and that is " +
			"checked too, so a counterexample there is the table's, not the theorem's.",
		Table: "vdn",
		Unit:  "cells",
		Check: vdnOutcomeCheck(),
	}
}

func vdnValueTableClaim() conjecture.Claim {
	return conjecture.Claim{
		ID:        "thesis.cor3.10.table",
		Source:    thesisSource("Corollary 3.10"),
		Statement: "By Theorem 3.9, we can compute the G-value of position ⟨x, y⟩ of VDN as v_2(((x − 1) ∨ (y − 1)) + 1).",
		CheckedOn: "table vdn, every cell: the formula for x, y ≥ 1, -1 where x = 0 or y = 0",
		Note: "Row 0 and column 0 are not VDN positions; the table marks them -1, and that is checked too " +
			"(as in thesis.thm3.7.table).",
		Table: "vdn",
		Unit:  "cells",
		Check: conjecture.FormulaCheck(vdnRow),
	}
}
