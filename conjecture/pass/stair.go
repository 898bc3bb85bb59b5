package pass

import (
	"github.com/grundy-lab/grundy/conjecture"
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 002 about stair chocolate with a pass (Section 3): the
// position (x, y, z, p) is CB(F, x, y, z), F(x, z) = h(z), with the pass
// available if p = 1. Every set below is read on positions, y ≤ h(z), as
// each set of the paper requires.

// corollary2A is the set A of Corollary 2, as printed.
func corollary2A(x, y, z, p int) bool {
	if p == 0 {
		return x^y^z == 0 // A₀
	}
	return x%2 == 1 && (x+1)^y^z == 0 || // A₁
		x >= 2 && x%2 == 0 && (x-1)^y^z == 0 || // A₂
		x == 0 && y == 0 && z == 0 // (0, 0, 0, 1)
}

// corollary3B is the set B = B₀ ∪ B₁ ∪ B₂ − B₃ of Corollary 3, as printed.
func corollary3B(x, y, z, p int) bool {
	if p == 0 {
		return x^y^z == 1 // B₀
	}
	c := [3]int{x, y, z}
	b1 := slices.Contains([][3]int{{0, 0, 2}, {0, 1, 3}, {2, 0, 0}}, c)
	b2 := x^y^z == 0
	b3 := slices.Contains([][3]int{{0, 0, 0}, {2, 0, 2}, {2, 1, 3}}, c)
	return (b1 || b2) && !b3
}

// corollary4C1 and corollary4C3 are the listed sets of Corollary 4.
var (
	corollary4C1 = [][3]int{{0, 0, 1}, {1, 0, 0}, {2, 0, 2}, {2, 1, 3}, {3, 0, 5}, {3, 1, 4}, {3, 2, 7}, {3, 3, 6},
		{4, 0, 7}, {4, 1, 6}, {4, 2, 5}, {4, 3, 4}, {5, 0, 3}, {5, 1, 2}, {6, 0, 8}, {6, 1, 9}, {6, 2, 10}, {6, 3, 11},
		{6, 4, 12}, {6, 5, 13}, {6, 6, 14}, {6, 7, 15}, {7, 0, 4}, {7, 1, 5}, {7, 2, 6}, {7, 3, 7}, {8, 0, 6}, {8, 1, 7},
		{8, 2, 4}, {8, 3, 5}}
	corollary4C3 = [][3]int{{1, 0, 4}, {1, 1, 5}, {1, 2, 6}, {1, 3, 7}, {2, 0, 3}, {2, 1, 2}, {3, 0, 2}, {3, 1, 3},
		{4, 0, 1}, {5, 0, 8}, {5, 1, 9}, {5, 2, 10}, {5, 3, 11}, {5, 4, 12}, {5, 5, 13}, {5, 6, 14}, {5, 7, 15},
		{6, 0, 7}, {6, 1, 6}, {6, 2, 5}, {6, 3, 4}, {7, 0, 6}, {7, 1, 7}, {7, 2, 4}, {7, 3, 5}, {8, 0, 5}, {8, 1, 4},
		{8, 2, 7}, {8, 3, 6}}
)

// corollary4C is the set C = C₀ ∪ C₁ ∪ C₂ − C₃ of Corollary 4, as printed.
// In C₂, (x − 1) ⊕ 3 is taken in two's complement, so x = 0 gives −3 and
// no position; Lemma 4 (c), which C₂ comes from, asks x ≥ 9 anyway.
func corollary4C(x, y, z, p int) bool {
	if p == 0 {
		return x^y^z == 2 // C₀
	}
	c := [3]int{x, y, z}
	c1 := slices.Contains(corollary4C1, c)
	c2 := (((x-1)^3)+1)^y^z == 0
	c3 := slices.Contains(corollary4C3, c)
	return (c1 || c2) && !c3
}

// eachStairPosition calls visit with every position (x, y, z) of stair
// chocolate with x, z ≤ bound and y ≤ h(z), for each h of hs, with the
// solver of that h.
func eachStairPosition(hs []stairH, bound int, visit func(s stairH, c *solver.Chocolate, x, y, z int)) {
	for _, s := range hs {
		c := solver.NewStairChocolate(s.h)
		for x := 0; x <= bound; x++ {
			for z := 0; z <= bound; z++ {
				for y := 0; y <= s.h(z); y++ {
					visit(s, c, x, y, z)
				}
			}
		}
	}
}

// stairPassCheck checks "(x, y, z, p) has SG-value v if and only if
// in(x, y, z, p)" for each h of hs, every position with x, z ≤ bound and
// p = 0, 1, against the chocolate solver with its pass
// (solver.Chocolate.PassGrundy).
func stairPassCheck(hs []stairH, v int, in func(x, y, z, p int) bool) func(int) conjecture.Checker {
	notV := "≠ " + strconv.Itoa(v)
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			eachStairPosition(hs, bound, func(s stairH, c *solver.Chocolate, x, y, z int) {
				for p := range 2 {
					f.Checked++
					sg := c.PassGrundy(x, y, z, p == 1)
					claimed := in(x, y, z, p)
					if claimed == (sg == v) {
						continue
					}
					want := notV
					if claimed {
						want = strconv.Itoa(v)
					}
					f.Report(conjecture.Counterexample{At: conjecture.At("x,y,z,p", x, y, z, p), Game: s.name, Claimed: want, Actual: strconv.Itoa(sg)})
				}
			})
		}}
	}
}

// stairClaims are Corollaries 2–4 of 002.
func stairClaims() []conjecture.Claim {
	on := "chocolate solver with the pass (solver.Chocolate.PassGrundy), every position (x, y, z, p) with x, z ≤ bound, " +
		"y ≤ h(z), for " + hNames(nsStairs)
	return []conjecture.Claim{
		{
			ID:     "pass.cor2",
			Source: passSource("Corollary 2"),
			Statement: "Let A₀ = {(x, y, z, 0) | x ⊕ y ⊕ z = 0, y ≤ h(z)}, A₁ = {(x, y, z, 1) | x is odd, (x+1) ⊕ y ⊕ z = 0, " +
				"y ≤ h(z)}, A₂ = {(x, y, z, 1) | x ≥ 2, x is even, (x−1) ⊕ y ⊕ z = 0, y ≤ h(z)}, and " +
				"A = A₀ ∪ A₁ ∪ A₂ ∪ {(0, 0, 0, 1)}. A position (x, y, z, p) is in A if and only if the position is a P-position.",
			CheckedOn: on + "; P-position read as SG-value 0",
			Bound:     40,
			Unit:      "positions",
			Check:     stairPassCheck(nsStairs, 0, corollary2A),
		},
		{
			ID:     "pass.cor3",
			Source: passSource("Corollary 3"),
			Statement: "Let B₀ = {(x, y, z, 0) | x ⊕ y ⊕ z = 1, y ≤ h(z)}, B₁ = {(x, y, z, 1) | (x, y, z) ∈ {(0, 0, 2), (0, 1, 3), " +
				"(2, 0, 0)}, y ≤ h(z)}, B₂ = {(x, y, z, 1) | x ⊕ y ⊕ z = 0, y ≤ h(z)}, B₃ = {(x, y, z, 1) | (x, y, z) ∈ " +
				"{(0, 0, 0), (2, 0, 2), (2, 1, 3)}, y ≤ h(z)}, and B = B₀ ∪ B₁ ∪ B₂ − B₃. A position (x, y, z, p) is in B " +
				"if and only if the position has SG-value 1.",
			CheckedOn: on,
			Note:      "B₀ ∪ B₁ ∪ B₂ − B₃ read as (B₀ ∪ B₁ ∪ B₂) − B₃; as B₃ meets neither B₀ nor B₁, the grouping does not matter.",
			Bound:     40,
			Unit:      "positions",
			Check:     stairPassCheck(nsStairs, 1, corollary3B),
		},
		{
			ID:     "pass.cor4",
			Source: passSource("Corollary 4"),
			Statement: "Let C₀ = {(x, y, z, 0) | x ⊕ y ⊕ z = 2, y ≤ h(z)}, C₁ = {(x, y, z, 1) | (x, y, z) ∈ {(0, 0, 1), (1, 0, 0), " +
				"(2, 0, 2), …, (8, 3, 5)} (30 triples), y ≤ h(z)}, C₂ = {(x, y, z, 1) | (((x−1) ⊕ 3) + 1) ⊕ y ⊕ z = 0, y ≤ h(z)}, " +
				"C₃ = {(x, y, z, 1) | (x, y, z) ∈ {(1, 0, 4), …, (8, 3, 6)} (29 triples), y ≤ h(z)}, and C = C₀ ∪ C₁ ∪ C₂ − C₃. " +
				"A position (x, y, z, p) is in C if and only if the position has SG-value 2.",
			CheckedOn: on,
			Note: "The triples of C₁ and C₃ are in corollary4C1 and corollary4C3 as printed. (x − 1) ⊕ 3 for x = 0 is read " +
				"in two's complement (−3): no position satisfies C₂'s equation there. C₀ ∪ C₁ ∪ C₂ − C₃ read as " +
				"(C₀ ∪ C₁ ∪ C₂) − C₃; C₃ meets neither C₀ nor C₁.",
			Bound: 40,
			Unit:  "positions",
			Check: stairPassCheck(nsStairs, 2, corollary4C),
		},
	}
}
