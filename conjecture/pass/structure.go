package pass

import (
	"strconv"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/tables/solver"
)

// Three statements of 002 that the corollaries rest on: the cuboid bar is
// three-heap nim (after Example 2, line 174), stair chocolate is a
// compound of a heap and a two-dimensional bar (Section 3, lines 393 and
// 518), and the four families of (a − 1) ⊕ (b − 1) = 3 (proof of
// Corollary 4).

// cuboidF is F for a cuboid bar: no cap on the height within the bounds
// checked, so that CB(F, m−1, n−1, ℓ−1) is the whole m × n × ℓ cuboid.
func cuboidF(bound int) func(x, z int) int { return func(int, int) int { return bound } }

// cuboidCheck checks that CB(F, m−1, n−1, ℓ−1), a cuboid, has SG-value
// claimed(m, n, ℓ) for 1 ≤ m, n, ℓ ≤ bound + 1, by the chocolate solver's
// cuts (Definition 8).
func cuboidCheck(claimed func(m, n, l int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			c := solver.NewChocolate(cuboidF(bound))
			for m := 1; m <= bound+1; m++ {
				for n := 1; n <= bound+1; n++ {
					for l := 1; l <= bound+1; l++ {
						f.Checked++
						want, got := claimed(m, n, l), c.Grundy(m-1, n-1, l-1)
						if want != got {
							f.Report(conjecture.Counterexample{At: conjecture.At("m,n,ℓ", m, n, l), Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
						}
					}
				}
			}
		}}
	}
}

// stairCompoundCheck checks, for each h of hs and every position with
// x, z ≤ bound, y ≤ h(z), that stair chocolate (x, y, z) has the SG-value
// of the disjunctive compound of the heap x and CB₂(h, y, z), and with the
// pass that of their one-pass compound, both compounds built by the
// solver from the components' own moves. compound is the claimed split.
func stairCompoundCheck(hs []stairH, compound func(x int, bar solver.Game) (plain, withPass solver.Game)) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			eachStairPosition(hs, bound, func(s stairH, c *solver.Chocolate, x, y, z int) {
				plain, withPass := compound(x, c.Position(0, y, z))
				for p, g := range []solver.Game{plain, withPass} {
					f.Checked++
					want, got := solver.GameGrundy(g), c.PassGrundy(x, y, z, p == 1)
					if want != got {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y,z,p", x, y, z, p), Game: s.name,
							Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
					}
				}
			})
		}}
	}
}

// heapAndBar is the split of the paper: the heap x beside the bar, as a
// disjunctive compound without the pass and a one-pass compound with it.
func heapAndBar(x int, bar solver.Game) (plain, withPass solver.Game) {
	parts := []solver.Game{solver.NimHeap(x), bar}
	return solver.DisjunctiveCompound(parts), solver.OnePassCompound(parts)
}

// families3 is the four families of the pairs (a, b), a, b ≥ 1, with
// (a − 1) ⊕ (b − 1) = 3: (4k+1, 4k+4), (4k+2, 4k+3), (4k+3, 4k+2) and
// (4k+4, 4k+1), k ≥ 0. The low two bits of a − 1 and b − 1 must sum to 3
// and the rest agree.
func families3(a, b int) bool {
	if a < 1 || b < 1 {
		return false
	}
	k := (a - 1) / 4
	return b == 4*k+5-(a-4*k)
}

// familiesCheck checks, for 1 ≤ a, b ≤ bound, that (a − 1) ⊕ (b − 1) = 3
// exactly when in(a, b), and exactly when b = ((a − 1) ⊕ 3) + 1, the
// proof's step.
func familiesCheck(in func(a, b int) bool) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for a := 1; a <= bound; a++ {
				for b := 1; b <= bound; b++ {
					f.Checked++
					actual := (a-1)^(b-1) == 3
					for _, claimed := range []bool{in(a, b), b == ((a-1)^3)+1} {
						if claimed != actual {
							f.Report(conjecture.Counterexample{At: conjecture.At("a,b", a, b), Claimed: xorWord(claimed), Actual: xorWord(actual)})
						}
					}
				}
			}
		}}
	}
}

// xorWord says whether (a − 1) ⊕ (b − 1) = 3.
func xorWord(eq bool) string {
	if eq {
		return "(a−1) ⊕ (b−1) = 3"
	}
	return "(a−1) ⊕ (b−1) ≠ 3"
}

// structureClaims are the three statements above.
func structureClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:     "pass.cuboid",
			Source: passSource("Section 2, after Example 2"),
			Statement: "Since the length, height, and width can be reduced independently, m × n × ℓ cuboid chocolate bar can be " +
				"considered as three-pile nim whose piles have m−1, n−1 and ℓ−1 tokens. Since the SG-value of the nim is " +
				"(m−1) ⊕ (n−1) ⊕ (ℓ−1), the SG-value of m × n × ℓ cuboid chocolate bar is (m−1) ⊕ (n−1) ⊕ (ℓ−1).",
			CheckedOn: "chocolate solver (solver.Chocolate, the cuts of Definition 8) on CB(F, m−1, n−1, ℓ−1) with F constant " +
				"above the bound, every 1 ≤ m, n, ℓ ≤ bound + 1",
			Note:  "The m × n × ℓ cuboid is CB(F, m−1, n−1, ℓ−1) with no cap on the height: coordinates count the columns beyond the bitter box.",
			Bound: 12,
			Unit:  "bars",
			Check: cuboidCheck(func(m, n, l int) int { return (m - 1) ^ (n - 1) ^ (l - 1) }),
		},
		{
			ID:     "pass.stairsplit",
			Source: passSource("Section 3, and the proofs of Corollaries 2–4"),
			Statement: "A position in stair chocolate game can be considered as a disjunctive (resp. one-pass) compound of two " +
				"positions in different rulesets when there is no (resp. one) pass-move; one component G(x) is one-pile nim " +
				"with x tokens and the other component H(y, z) is two-dimensional chocolate game CB₂(h, y, z).",
			CheckedOn: "chocolate solver with the pass (solver.Chocolate.PassGrundy) against the compounds of solver.NimHeap(x) " +
				"and CB₂(h, y, z) (solver.DisjunctiveCompound, solver.OnePassCompound), every x, z ≤ bound, y ≤ h(z), for " + hNames(nsStairs),
			Bound: 8,
			Unit:  "positions",
			Check: stairCompoundCheck(nsStairs, heapAndBar),
		},
		{
			ID:     "pass.cor4families",
			Source: passSource("proof of Corollary 4"),
			Statement: "If (a−1) ⊕ (b−1) = 3, then b = ((a−1) ⊕ 3) + 1 holds; that is, (a, b) lies in one of the four " +
				"families (4k+1, 4k+4), (4k+2, 4k+3), (4k+3, 4k+2), (4k+4, 4k+1), k ≥ 0.",
			CheckedOn: "arithmetic, every 1 ≤ a, b ≤ bound: (a−1) ⊕ (b−1) = 3 against b = ((a−1) ⊕ 3) + 1 and against the four families",
			Note: "The proof states one direction; both are checked, as Condition (ii) of the proof needs the equivalence. " +
				"The four families are (a−1) mod 4 = 0, 1, 2, 3 with the rest of a−1 and b−1 equal.",
			Bound: 4096,
			Unit:  "pairs",
			Check: familiesCheck(families3),
		},
	}
}
