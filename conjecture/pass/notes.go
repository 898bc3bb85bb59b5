package pass

import (
	"fmt"
	"strings"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/tables/solver"
)

// The remaining notes of Section 2 of 002: the second half of the note
// after Definition 10 (an N-position may turn P with the pass, or stay N),
// the note after Definition 11 (SG-decreasing implies one-move, and the
// chocolate move CB₂(h, 1, 3) → CB₂(h, 1, 2) that raises the SG-value),
// and the remark after Theorem 2.1 (the homomorphism can fail when a
// component is not a one-move game). The existential ones are checked by
// finding a witness, reported with the claim.

// nCasesCheck looks, among the three-heap nim positions with heaps ≤ bound
// that are N-positions without the pass (x ⊕ y ⊕ z ≠ 0), for one that the
// pass turns into a P-position and one that stays N (outcome, with the pass
// available); each case not found is a counterexample.
func nCasesCheck(outcome func(heaps []int) solver.Outcome) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			found := map[solver.Outcome]string{}
			eachHeaps(3, bound, func(heaps []int) {
				if heaps[0]^heaps[1]^heaps[2] == 0 {
					return
				}
				f.Checked++
				if o := outcome(heaps); found[o] == "" {
					found[o] = heapsName(heaps)
				}
			})
			for _, o := range []solver.Outcome{solver.PPosition, solver.NPosition} {
				if found[o] == "" {
					f.Report(conjecture.Counterexample{Claimed: "an N-position of nim that is " + o.String() + " with the pass",
						Actual: fmt.Sprintf("none with heaps ≤ %d", bound)})
				}
			}
			if len(found) == 2 {
				f.Witness = found[solver.PPosition] + " becomes P with the pass; " + found[solver.NPosition] + " stays N"
			}
		}}
	}
}

// sgDecreasingOneMoveCheck checks that every SG-decreasing position of
// mixedPool(bound) is a one-move game (oneMove).
func sgDecreasingOneMoveCheck(oneMove func(solver.Game) bool) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, g := range mixedPool(bound) {
				if !solver.IsSGDecreasing(g.Game) {
					continue
				}
				f.Checked++
				if !oneMove(g.Game) {
					f.Report(conjecture.Counterexample{Game: g.Name, Claimed: "one-move game (it is SG-decreasing)", Actual: "not a one-move game"})
				}
			}
		}}
	}
}

// raisingMoveCheck checks the note's example for every h of stairs whose
// bars include CB₂(h, 1, 3) and CB₂(h, 1, 2) (y ≤ h(z)): the first moves
// to the second, which raises the SG-value, and the first is a one-move
// game that is not SG-decreasing. No such h is a counterexample.
func raisingMoveCheck(stairs []stairH, from, to [2]int) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, s := range stairs {
				if from[0] > s.h(from[1]) || to[0] > s.h(to[1]) {
					continue // not bars of this h
				}
				c := solver.NewStairChocolate(s.h)
				a, b := c.Position(0, from[0], from[1]), c.Position(0, to[0], to[1])
				f.Checked++
				isMove := false
				for _, o := range a.Options() {
					isMove = isMove || o.Key() == b.Key()
				}
				ga, gb := solver.GameGrundy(a), solver.GameGrundy(b)
				var wrong []string
				if !isMove {
					wrong = append(wrong, "no such move")
				}
				if gb <= ga {
					wrong = append(wrong, fmt.Sprintf("SG %d → %d does not rise", ga, gb))
				}
				if !solver.IsOneMoveGame(a) {
					wrong = append(wrong, "not a one-move game")
				}
				if solver.IsSGDecreasing(a) {
					wrong = append(wrong, "SG-decreasing")
				}
				if len(wrong) > 0 {
					f.Report(conjecture.Counterexample{At: conjecture.At("y,z", from[0], from[1]), Game: s.name,
						Claimed: fmt.Sprintf("a move to (y, z) = (%d, %d) raising the SG-value, from a one-move game that is not SG-decreasing", to[0], to[1]),
						Actual:  strings.Join(wrong, "; ")})
				}
			}
			if f.Checked == 0 {
				f.Report(conjecture.Counterexample{At: conjecture.At("y,z", from[0], from[1]), Claimed: "a bar of some h with the NS-property",
					Actual: "no h of " + hNames(stairs) + " has it"})
			}
		}}
	}
}

// remarkCheck looks for a witness of the remark after Theorem 2.1: a pair
// of positions of pool(bound), at least one of them not a one-move game,
// whose one-pass compound has an SG-value other than nim with a pass on
// their values. Finding none is a counterexample.
func remarkCheck(pool func(int) []conjecture.NamedGame) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			games := pool(bound)
			values, oneMove := conjecture.Values(games), make([]bool, len(games))
			for i, g := range games {
				oneMove[i] = solver.IsOneMoveGame(g.Game)
			}
			conjecture.EachMultiset(len(games), 2, func(idx []int) {
				i, j := idx[0], idx[1]
				if f.Witness != "" || (oneMove[i] && oneMove[j]) {
					return
				}
				f.Checked++
				got := solver.OnePassCompoundGrundy([]solver.Game{games[i].Game, games[j].Game})
				if want := passNimGrundy([]int{values[i], values[j]}); got != want {
					f.Witness = fmt.Sprintf("C(+,pass)(%s, %s) has SG-value %d, nim with a pass on (%d, %d) has %d",
						games[i].Name, games[j].Name, got, values[i], values[j], want)
				}
			})
			if f.Witness == "" {
				f.Report(conjecture.Counterexample{Claimed: "a pair, one not a one-move game, where the homomorphism fails",
					Actual: fmt.Sprintf("none among %d positions with coordinates ≤ %d", len(games), bound)})
			}
		}}
	}
}

// noteClaims are the notes of Section 2 checked here.
func noteClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID: "pass.def10note2", Source: passSource("note after Definition 10, second half"),
			Statement: "However, when the original position is N-position, there are two cases that it changes to a P-position " +
				"or it remains to be an N-position.",
			CheckedOn: "nim with a pass (solver.PassNimOutcome), every three-heap N-position with heaps ≤ bound: a witness of each case",
			Note:      "An existential statement: it holds when both cases are found; the witnesses are reported.",
			Bound:     4, Unit: "positions",
			Check: nCasesCheck(func(heaps []int) solver.Outcome { return solver.PassNimOutcome(heaps, true) }),
		},
		{
			ID: "pass.def11sgdec", Source: passSource("note after Definition 11"),
			Statement: "Note that if a position is SG-decreasing, then it is also a one-move game, but the converse may not hold.",
			CheckedOn: "every SG-decreasing position (solver.IsSGDecreasing) among nim heaps, chocolate bars CB₂, heaps of " +
				"Subtraction({1, 2}) and All-but({2}) and Wythoff positions with coordinates ≤ bound, against solver.IsOneMoveGame",
			Note:  "The converse failing is pass.def11example.",
			Bound: 12, Unit: "positions", Check: sgDecreasingOneMoveCheck(solver.IsOneMoveGame),
		},
		{
			ID: "pass.def11example", Source: passSource("note after Definition 11"),
			Statement: "For example, two-dimensional chocolate game where function h satisfies NS-property is a one-move game, " +
				"but like the move CB₂(h, 1, 3) to CB₂(h, 1, 2), there are moves that increase SG-values (see Table 2).",
			CheckedOn: "chocolate solver, CB₂(h, 1, 3) and CB₂(h, 1, 2) for those of " + hNames(nsStairs) +
				" with 1 ≤ h(2) (⌊z/2⌋ and 2^⌊log₂z⌋ − 1): the move exists, raises the SG-value, and CB₂(h, 1, 3) is one-move but not SG-decreasing",
			Note: "CB₂(h, y, z) read as Table 2 reads it, y the row; the example shows the converse of pass.def11sgdec fails.",
			Unit: "bars", Check: raisingMoveCheck(nsStairs, [2]int{1, 3}, [2]int{1, 2}),
		},
		{
			ID: "pass.thm21remark", Source: passSource("remark after Theorem 2.1"),
			Statement: "Note that when at least one of gᵢ is not a one-move game, it is not guaranteed that SG-homomorphism holds.",
			CheckedOn: "pairs of positions (nim heaps, chocolate bars CB₂, heaps of Subtraction({1, 2}) and All-but({2}), Wythoff " +
				"positions, coordinates ≤ bound), one not a one-move game (solver.IsOneMoveGame): a witness where " +
				"G(C(+,pass)(g₁, g₂)) ≠ G(C(+,pass)^nim(G(g₁), G(g₂)))",
			Note:  "An existential statement (\"can fail\"): it holds when a witness is found; the first is reported.",
			Bound: 4, Unit: "pairs", Check: remarkCheck(mixedPool),
		},
	}
}
