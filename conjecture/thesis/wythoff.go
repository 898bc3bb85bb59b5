package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"math"

	"github.com/grundy-lab/grundy/tables/solver"
)

// Theorem 1.16 of 003, Wythoff's P-positions, checked on the Wythoff solver
// (solver.Wythoff), and on table wythoff as thesis.thm1.16.table.

// floorKPhi is ⌊kΦ⌋, Φ = (1 + √5)/2, in exact integer arithmetic. Write
// k√5 = r + f with r = ⌊k√5⌋ (the integer square root of 5k²) and
// 0 ≤ f < 1. Then kΦ = (k + r + f)/2, whose floor is (k + r)/2 when k + r
// is even and (k + r − 1)/2 when it is odd, as (1 + f)/2 < 1: in both
// cases ⌊(k + r)/2⌋.
func floorKPhi(k int) int {
	r := int(math.Sqrt(float64(5 * k * k)))
	for r*r > 5*k*k {
		r--
	}
	for (r+1)*(r+1) <= 5*k*k {
		r++
	}
	return (k + r) / 2
}

// wythoffP is Theorem 1.16: with k = |n − m|, ⟨m, n⟩ is a P-position
// exactly when it is ⟨⌊kΦ⌋, ⌊kΦ⌋ + k⟩ or ⟨⌊kΦ⌋ + k, ⌊kΦ⌋⟩, that is when
// min(m, n) = ⌊kΦ⌋.
func wythoffP(m, n int) bool {
	return min(m, n) == floorKPhi(max(m, n)-min(m, n))
}

// wythoffClaims is Theorem 1.16 of 003.
func wythoffClaims() []conjecture.Claim {
	return []conjecture.Claim{{
		ID:     "thesis.thm1.16",
		Source: thesisSource("Theorem 1.16 (Wythoff)"),
		Statement: "Let ⟨m, n⟩ be a Wythoff's Nim position. If |n − m| = k, the P-positions of Wythoff's Nim are given by " +
			"⟨⌊kΦ⌋, ⌊kΦ⌋ + k⟩ or ⟨⌊kΦ⌋ + k, ⌊kΦ⌋⟩, where Φ is the golden ratio, Φ = (1 + √5)/2.",
		CheckedOn: "Wythoff solver (solver.Wythoff, moves enumerated), every position 0 ≤ m, n ≤ bound, both directions",
		Note:      "Read as: ⟨m, n⟩ is a P-position if and only if it is one of the two positions for k = |n − m|.",
		Bound:     300,
		Unit:      "positions",
		Check:     pairOutcomeCheck(solver.Wythoff, "m,n", 0, wythoffP),
	}, wythoffTableClaim(), wythoffValuesClaim()}
}

// wythoffValuesClaim is the table wythoff against the game itself: every
// cell of the corner 0 ≤ x, y ≤ min(bound, n) is the Grundy value the
// Wythoff solver finds by enumerating the moves.
func wythoffValuesClaim() conjecture.Claim {
	return conjecture.Claim{
		ID:     "thesis.wythoff.table",
		Source: thesisSource("Section 1.2.1, Wythoff's Nim (the rules)"),
		Statement: "Wythoff's Nim: a move removes any number of tokens from one heap, or the same number from both; " +
			"G(x, y) is the Grundy value of the position ⟨x, y⟩.",
		CheckedOn: "table wythoff, every cell of the corner 0 ≤ x, y ≤ min(bound, n), against the Wythoff solver (solver.Wythoff, moves enumerated)",
		Note:      "The thesis prints the rules, not the values (they are an open problem); the values are OEIS A004481.",
		Table:     "wythoff",
		Bound:     300,
		Unit:      "cells",
		Check: conjecture.CornerCheck(func(corner [][]int32, bound int, f *conjecture.Findings) {
			if len(corner) == 0 {
				return
			}
			want := solver.Wythoff.Grundy(len(corner) - 1)
			for x, row := range corner {
				for y, g := range row {
					f.Checked++
					if g != want[x][y] {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: conjecture.Itoa32(want[x][y]), Actual: conjecture.Itoa32(g)})
					}
				}
			}
		}),
	}
}
