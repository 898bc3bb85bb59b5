package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// Checkers of claims about the two-heap games of 003 (solver.PairGame),
// against the game's solver over lo ≤ x, y ≤ bound; names are the
// paper's names of the two coordinates ("m,n" or "x,y").

// pairCheck compares the claim with the solver at every position: judge
// returns the claimed and the actual value or class of ⟨x, y⟩, whose
// Grundy value is g, equal when they agree.
func pairCheck(game solver.PairGame, names string, lo int, judge func(x, y int, g int32) (claimed, actual string)) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			g := game.Grundy(bound)
			for x := lo; x <= bound; x++ {
				for y := lo; y <= bound; y++ {
					f.Checked++
					if claimed, actual := judge(x, y, g[x][y]); claimed != actual {
						f.Report(conjecture.Counterexample{At: conjecture.At(names, x, y), Claimed: claimed, Actual: actual})
					}
				}
			}
		}}
	}
}

// pairValueCheck compares the Grundy value of every position with claimed.
func pairValueCheck(game solver.PairGame, names string, lo int, claimed func(x, y int) int) func(int) conjecture.Checker {
	return pairCheck(game, names, lo, func(x, y int, g int32) (string, string) {
		return strconv.Itoa(claimed(x, y)), conjecture.Itoa32(g)
	})
}

// pairOutcomeCheck compares the outcome of every position with claimed:
// P exactly when claimedP.
func pairOutcomeCheck(game solver.PairGame, names string, lo int, claimedP func(x, y int) bool) func(int) conjecture.Checker {
	return pairCheck(game, names, lo, func(x, y int, g int32) (string, string) {
		return outcomeIf(claimedP(x, y)).String(), outcomeIf(g == 0).String()
	})
}

// outcomeIf is P if p holds and N otherwise.
func outcomeIf(p bool) solver.Outcome {
	if p {
		return solver.PPosition
	}
	return solver.NPosition
}

// playCheck checks a printed play: every step is a move of the game, and
// the play ends at a terminal position.
func playCheck(game solver.PairGame, play [][2]int) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for i, p := range play {
				opts := game.Options(p[0], p[1])
				f.Checked++
				if i == len(play)-1 {
					if len(opts) > 0 {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", p[0], p[1]), Claimed: "terminal",
							Actual: "→ ⟨" + strconv.Itoa(opts[0][0]) + ", " + strconv.Itoa(opts[0][1]) + "⟩"})
					}
					continue
				}
				next := play[i+1]
				if !slices.Contains(opts, next) {
					f.Report(conjecture.Counterexample{At: conjecture.At("x,y,x',y'", p[0], p[1], next[0], next[1]),
						Claimed: "⟨x, y⟩ → ⟨x', y'⟩", Actual: "not a move"})
				}
			}
		}}
	}
}
