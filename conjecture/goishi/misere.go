package goishi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/tables/solver"
)

// The statements of 001 around G₋₁ and the play of Figure 3: two-heap
// misère nim is two-heap nim with the move to (0, 0) forbidden (line 144),
// G₋₁ is the Sprague-Grundy function of that game, and the plays of
// Figure 3 (line 233) are moves of two-player goishi hiroi.

// misereClaim is the first statement: the two games have the same outcome
// at every position other than (0, 0), which the forbidden game never
// reaches.
func misereClaim() conjecture.Claim {
	return conjecture.Claim{
		ID:     "goishi.misere2",
		Source: goishiSource("Section 1.1, after the definition of G₋₁"),
		Statement: "Two-heap nim under misère play can be considered as a situation such that any move to (0, 0) is " +
			"forbidden in two-heap nim under normal play.",
		CheckedOn: "misère nim solver (solver.MisereNimOutcome, from misère nim's rules) against the normal-play solver " +
			"of nim with the move to (0, 0) forbidden (solver.NimWithoutEmptyMoveGrundy), every (x, y) ≠ (0, 0) with x, y ≤ bound",
		Note:  "Read as: the two games have the same outcome at every position but (0, 0), where misère play has already ended.",
		Bound: 60,
		Unit:  "positions",
		Check: misereCheck(solver.MisereNimOutcome),
	}
}

// misereCheck compares the outcome that misere gives two-heap misère nim
// with that of the forbidden game, the claimed one.
func misereCheck(misere func(heaps []int) solver.Outcome) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			g := solver.NimWithoutEmptyMoveGrundy(bound)
			for x := range g {
				for y := range g[x] {
					if x == 0 && y == 0 {
						continue
					}
					f.Checked++
					claimed := solver.NPosition
					if g[x][y] == 0 {
						claimed = solver.PPosition
					}
					if actual := misere([]int{x, y}); actual != claimed {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: claimed.String(), Actual: actual.String()})
					}
				}
			}
		}}
	}
}

// gneg1SGClaim is the second statement: the table G₋₁ holds the
// Sprague-Grundy values of the forbidden game, computed by its own solver
// from its moves, not from the table's rules.
func gneg1SGClaim() conjecture.Claim {
	return conjecture.Claim{
		ID:        "goishi.gneg1sg",
		Source:    goishiSource("Section 1.1, after the definition of G₋₁"),
		Statement: "In this sense, G₋₁ is the function of Sprague-Grundy values of this ruleset.",
		CheckedOn: "table gneg1 against the solver of two-heap nim with the move to (0, 0) forbidden " +
			"(solver.NimWithoutEmptyMoveGrundy), every (x, y) ≠ (0, 0) with x, y ≤ min(bound, n)",
		Note:  "G₋₁(0, 0) = −1 by definition, a position no play of the forbidden game reaches; it is not compared.",
		Table: "gneg1",
		Bound: 200,
		Unit:  "cells",
		Check: conjecture.CornerCheck(func(corner [][]int32, bound int, f *conjecture.Findings) {
			g := solver.NimWithoutEmptyMoveGrundy(len(corner) - 1)
			for x, row := range corner {
				for y, v := range row {
					if x == 0 && y == 0 {
						continue
					}
					f.Checked++
					if int(v) != g[x][y] {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: conjecture.Itoa32(v), Actual: strconv.Itoa(g[x][y])})
					}
				}
			}
		}),
	}
}

// figure3 is the play of Figure 3 of 001, positions (x, y, z) of the line
// of three groups.
var figure3 = [][]int{{5, 3, 4}, {5, 1, 4}, {2, 1, 4}, {2, 1, 2}, {2, 0, 2}, {0, 0, 0}}

// figure3Claim checks that each step of play is one move of two-player
// goishi hiroi (solver.GoishiHiroiIsMove, from the rules of Section 1.2).
func figure3Claim(play [][]int) conjecture.Claim {
	return conjecture.Claim{
		ID:        "goishi.fig3",
		Source:    goishiSource("Figure 3"),
		Statement: "Sequence of moves: (5, 3, 4) → (5, 1, 4) → (2, 1, 4) → (2, 1, 2) → (2, 0, 2) → (0, 0, 0).",
		CheckedOn: "goishi hiroi's moves (solver.GoishiHiroiIsMove), each step of the play",
		Note:      "(2, 0, 2) is one group of 4 stones, the middle group gone: taking all 4 is one move.",
		Unit:      "moves",
		Check: func(int) conjecture.Checker {
			return conjecture.Checker{Finish: func(f *conjecture.Findings) {
				for i := 0; i+1 < len(play); i++ {
					f.Checked++
					if !solver.GoishiHiroiIsMove(play[i], play[i+1]) {
						f.Report(conjecture.Counterexample{At: conjecture.At("step", i+1),
							Game:    tuple(play[i]) + " → " + tuple(play[i+1]),
							Claimed: "a move", Actual: "not a move"})
					}
				}
			}}
		},
	}
}

// tuple writes a position as the paper does: "(5, 3, 4)".
func tuple(p []int) string {
	return "(" + strings.Join(strings.Fields(strings.Trim(fmt.Sprint(p), "[]")), ", ") + ")"
}
