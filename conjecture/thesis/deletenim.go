package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"math/bits"
	"slices"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 003 about Delete Nim and VDN (Section 3), checked on their
// solvers (solver.DeleteNim and solver.VDN, moves enumerated); the claims
// with the suffix ".table" check them on the tables (thesis_tables.go).

// v2OrOne is v₂((x ∨ y) + 1), the right side of Theorem 3.5. (x ∨ y) + 1 ≥ 1,
// so the valuation is finite: the number of trailing zero bits.
func v2OrOne(x, y int) int { return bits.TrailingZeros(uint((x | y) + 1)) }

// vdnValue is Corollary 3.10: v₂(((x − 1) ∨ (y − 1)) + 1).
func vdnValue(x, y int) int { return v2OrOne(x-1, y-1) }

// vdnP is Theorem 3.7: ⟨x, y⟩ is a P-position exactly when both heaps are odd.
func vdnP(x, y int) bool { return x%2 == 1 && y%2 == 1 }

// vdnF is the map F⟨x, y⟩ = ⟨x − 1, y − 1⟩ of Theorem 3.9.
func vdnF(x, y int) (int, int) { return x - 1, y - 1 }

// isomorphismCheck is Theorem 3.9 for every VDN position 1 ≤ x, y ≤ bound:
// (a) for every VDN position ⟨x′, y′⟩ in that box, ⟨x, y⟩ → ⟨x′, y′⟩ in
// VDN exactly when F⟨x, y⟩ → F⟨x′, y′⟩ in Delete Nim (every option of
// either side lies in the box or its image, so no move is missed); and
// (b) VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have isomorphic game trees,
// compared structurally down to the terminal positions (solver.Forms).
func isomorphismCheck(f func(x, y int) (int, int)) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(fs *conjecture.Findings) {
			forms := solver.NewForms()
			for x := 1; x <= bound; x++ {
				for y := 1; y <= bound; y++ {
					fx, fy := f(x, y)
					vdn := solver.VDN.Options(x, y)
					del := solver.DeleteNim.Options(fx, fy)
					for a := 1; a <= bound; a++ {
						for b := 1; b <= bound; b++ {
							fa, fb := f(a, b)
							fs.Checked++
							inVDN, inDel := slices.Contains(vdn, [2]int{a, b}), slices.Contains(del, [2]int{fa, fb})
							if inVDN != inDel {
								fs.Report(conjecture.Counterexample{At: conjecture.At("x,y,x',y'", x, y, a, b), Claimed: isoClaim(inVDN), Actual: isoActual(inDel)})
							}
						}
					}
					fs.Checked++
					if forms.ID(solver.VDN.Position(x, y)) != forms.ID(solver.DeleteNim.Position(fx, fy)) {
						fs.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree",
							Actual: "the trees differ"})
					}
				}
			}
		}}
	}
}

// isoClaim is what Theorem 3.9 claims of F⟨x, y⟩ and F⟨x′, y′⟩, given
// whether ⟨x, y⟩ → ⟨x′, y′⟩ in VDN.
func isoClaim(inVDN bool) string {
	if inVDN {
		return "F⟨x, y⟩ → F⟨x', y'⟩, as ⟨x, y⟩ → ⟨x', y'⟩ in VDN"
	}
	return "F⟨x, y⟩ ↛ F⟨x', y'⟩, as ⟨x, y⟩ ↛ ⟨x', y'⟩ in VDN"
}

// isoActual says whether F⟨x, y⟩ → F⟨x′, y′⟩ in Delete Nim.
func isoActual(inDel bool) string {
	if inDel {
		return "a move in Delete Nim"
	}
	return "no such move in Delete Nim"
}

// deleteNimClaims are the claims of Section 3 of 003.
func deleteNimClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:        "thesis.ex3.1",
			Source:    thesisSource("Example 3.1"),
			Statement: "⟨11, 9⟩ → ⟨5, 3⟩ → ⟨4, 0⟩ → ⟨2, 1⟩ → ⟨1, 0⟩ → ⟨0, 0⟩ (a play of Delete Nim).",
			CheckedOn: "Delete Nim move sets (solver.DeleteNim.Options): each step is a move, the last position is terminal",
			Note:      "The underlined heaps (the heap selected) are not checked; some move must exist between consecutive positions.",
			Unit:      "steps",
			Check:     playCheck(solver.DeleteNim, [][2]int{{11, 9}, {5, 3}, {4, 0}, {2, 1}, {1, 0}, {0, 0}}),
		},
		{
			ID:     "thesis.thm3.5",
			Source: thesisSource("Theorem 3.5"),
			Statement: "We denote the position of Delete Nim with two heaps of x tokens and y tokens by ⟨x, y⟩. Then, " +
				"G(⟨x, y⟩) = v_2((x ∨ y) + 1), where v_p(n) is the p-adic valuation of n.",
			CheckedOn: "Delete Nim solver (solver.DeleteNim), every position 0 ≤ x, y ≤ bound",
			Note:      "The printed definition of v_p writes max{l ∈ ℕ : p^l | n}; it is a maximum here, not a garbled mex.",
			Bound:     200,
			Unit:      "positions",
			Check:     pairValueCheck(solver.DeleteNim, "x,y", 0, v2OrOne),
		},
		deleteNimTableClaim(),
		{
			ID:        "thesis.ex3.6",
			Source:    thesisSource("Example 3.6"),
			Statement: "⟨8, 5⟩ → ⟨7, 1⟩ → ⟨4, 3⟩ → ⟨3, 1⟩ → ⟨2, 1⟩ → ⟨1, 1⟩ (a play of VDN).",
			CheckedOn: "VDN move sets (solver.VDN.Options): each step is a move, the last position is terminal",
			Note:      "The underlined heaps (the heap split) are not checked; some move must exist between consecutive positions.",
			Unit:      "steps",
			Check:     playCheck(solver.VDN, [][2]int{{8, 5}, {7, 1}, {4, 3}, {3, 1}, {2, 1}, {1, 1}}),
		},
		{
			ID:     "thesis.thm3.7",
			Source: thesisSource("Theorem 3.7"),
			Statement: "Let G be a VDN position. At least one of the heaps has an even number of tokens ⟺ G is an N-position. " +
				"Both heaps have an odd number of tokens ⟺ G is a P-position.",
			CheckedOn: "VDN solver (solver.VDN), every position 1 ≤ x, y ≤ bound",
			Bound:     200,
			Unit:      "positions",
			Check:     pairOutcomeCheck(solver.VDN, "x,y", 1, vdnP),
		},
		vdnOutcomeTableClaim(),
		{
			ID:     "thesis.thm3.9",
			Source: thesisSource("Theorem 3.9"),
			Statement: "Let F be the function F⟨x, y⟩ = ⟨x − 1, y − 1⟩. Then F is an isomorphism from the set of all positions of " +
				"VDN to that of Delete Nim. Namely, ⟨x, y⟩ → ⟨x′, y′⟩ ⟺ F⟨x, y⟩ → F⟨x′, y′⟩.",
			CheckedOn: "VDN and Delete Nim move sets (solver.VDN.Options, solver.DeleteNim.Options) for every pair of VDN positions " +
				"with heaps in 1…bound, and their game trees compared structurally (solver.Forms) for every VDN position in that box",
			Note: "Game trees (Definition 3.8) read with a child per distinct option position, ⟨a, b⟩ and ⟨b, a⟩ being distinct, " +
				"and compared as multisets of subtrees.",
			Bound: 40,
			Unit:  "pairs and trees",
			Check: isomorphismCheck(vdnF),
		},
		{
			ID:        "thesis.cor3.10",
			Source:    thesisSource("Corollary 3.10"),
			Statement: "By Theorem 3.9, we can compute the G-value of position ⟨x, y⟩ of VDN as v_2(((x − 1) ∨ (y − 1)) + 1).",
			CheckedOn: "VDN solver (solver.VDN), every position 1 ≤ x, y ≤ bound",
			Bound:     200,
			Unit:      "positions",
			Check:     pairValueCheck(solver.VDN, "x,y", 1, vdnValue),
		},
		vdnValueTableClaim(),
	}
}
