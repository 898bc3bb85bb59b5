package pass

import (
	"github.com/grundy-lab/grundy/conjecture"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 002 about one-pass compounds: the note after Definition 10
// and Theorem 2.1, the SG-homomorphism for one-move games.

// oneMovePool lists one-move games of two rulesets: the nim heaps 0, …, m
// and the bars CB₂(h, y, z), z ≤ m, for h = ⌊z/2⌋ and 2^⌊log₂z⌋ − 1.
func oneMovePool(m int) []conjecture.NamedGame {
	var pool []conjecture.NamedGame
	for a := 0; a <= m; a++ {
		pool = append(pool, conjecture.NamedGame{Name: "heap " + strconv.Itoa(a), Game: solver.NimHeap(a)})
	}
	for _, s := range []stairH{halfK(1), powerCap} {
		c := solver.NewStairChocolate(s.h)
		for z := 0; z <= m; z++ {
			for y := 0; y <= s.h(z); y++ {
				name := "CB₂(" + strings.TrimPrefix(s.name, "h(z) = ") + "; y=" + strconv.Itoa(y) + ", z=" + strconv.Itoa(z) + ")"
				pool = append(pool, conjecture.NamedGame{Name: name, Game: c.Position(0, y, z)})
			}
		}
	}
	return pool
}

// theorem2Check checks G(C(+,pass)(g₁, …, gₙ)) = claimed(G(g₁), …, G(gₙ))
// for every pair of games of oneMovePool(bound) and every triple of
// oneMovePool(bound/2) that are one-move games (the hypothesis, checked
// with solver.IsOneMoveGame), the left side from the compound's own
// options (solver.OnePassCompoundGrundy). claimed is nim with a pass,
// solver.PassNimGrundy(values, true), in the claim as printed.
func theorem2Check(claimed func(values []int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, size := range []struct{ n, m int }{{2, bound}, {3, bound / 2}} {
				var pool []conjecture.NamedGame
				var values []int
				for _, g := range oneMovePool(size.m) {
					if solver.IsOneMoveGame(g.Game) {
						pool = append(pool, g)
						values = append(values, solver.GameGrundy(g.Game))
					}
				}
				conjecture.EachMultiset(len(pool), size.n, func(idx []int) {
					games := make([]solver.Game, len(idx))
					names := make([]string, len(idx))
					vals := make([]int, len(idx))
					for i, j := range idx {
						games[i], names[i], vals[i] = pool[j].Game, pool[j].Name, values[j]
					}
					f.Checked++
					want, got := claimed(vals), solver.OnePassCompoundGrundy(games)
					if want != got {
						f.Report(conjecture.Counterexample{Game: "C(+,pass)(" + strings.Join(names, ", ") + ")",
							Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
					}
				})
			}
		}}
	}
}

// passNimGrundy is nim with a pass available, the right side of Theorem 2.1.
func passNimGrundy(values []int) int { return solver.PassNimGrundy(values, true) }

// passTurnsPCheck checks, for every three-heap nim position with heaps
// ≤ bound that is a P-position without the pass (and is not terminal,
// unless includeTerminal), that the same heaps with the pass available
// have outcome claimed.
func passTurnsPCheck(includeTerminal bool, claimed solver.Outcome) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for x := 0; x <= bound; x++ {
				for y := 0; y <= bound; y++ {
					for z := 0; z <= bound; z++ {
						heaps := []int{x, y, z}
						if solver.PassNimOutcome(heaps, false) != solver.PPosition || (x+y+z == 0 && !includeTerminal) {
							continue
						}
						f.Checked++
						if got := solver.PassNimOutcome(heaps, true); got != claimed {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y,z", x, y, z), Claimed: claimed.String(), Actual: got.String()})
						}
					}
				}
			}
		}}
	}
}

// compoundClaims are the claims of 002 about one-pass compounds.
func compoundClaims() []conjecture.Claim {
	const def10Statement = "Note that when the original position is a P-position, the position changes to an " +
		"N-position when a pass-move is added since the player can use the pass."
	const def10CheckedOn = "nim and nim-with-a-pass solvers (solver.PassNimOutcome), every three-heap position " +
		"with heaps ≤ bound that is a P-position of nim"
	return []conjecture.Claim{
		{
			ID:        "pass.def10note",
			Source:    passSource("note after Definition 10"),
			Statement: def10Statement,
			CheckedOn: def10CheckedOn,
			Note:      "Checked on nim, whose one-pass compound of heaps is nim with a pass.",
			Bound:     20,
			Unit:      "positions",
			Check:     passTurnsPCheck(true, solver.NPosition),
		},
		{
			ID:        "pass.def10note.corrected",
			Source:    passSource("note after Definition 10"),
			Statement: "Note that when the original position is a non-terminal P-position, the position changes to an N-position when a pass-move is added.",
			CheckedOn: def10CheckedOn + " and not terminal",
			Note: "Changed: \"non-terminal\" added. Definition 10 allows no pass in a terminal position, so the terminal " +
				"position, a P-position, stays one when the pass is added; the note's own reason (\"since the player can " +
				"use the pass\") only applies to non-terminal positions.",
			Bound: 20,
			Unit:  "positions",
			Check: passTurnsPCheck(false, solver.NPosition),
		},
		{
			ID:     "pass.thm2.1",
			Source: passSource("Theorem 2.1"),
			Statement: "Let g₁, …, gₙ be one-move games. Then, we have " +
				"G(C(+,pass)(g₁, …, gₙ)) = G(C^nim(+,pass)(G(g₁), …, G(gₙ))).",
			CheckedOn: "generic game solver on the compound (solver.OnePassCompoundGrundy) against the nim-with-a-pass solver " +
				"(solver.PassNimGrundy), for every pair of one-move games among the nim heaps ≤ bound and the bars " +
				"CB₂(h, y, z), z ≤ bound, h = ⌊z/2⌋ or 2^⌊log₂z⌋ − 1, and every triple of those ≤ bound/2",
			Note:  "The hypothesis is checked on each component with solver.IsOneMoveGame; compounds failing it are not counted.",
			Bound: 7,
			Unit:  "compounds",
			Check: theorem2Check(passNimGrundy),
		},
	}
}
