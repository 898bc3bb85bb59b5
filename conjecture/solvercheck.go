package conjecture

import (
	"github.com/grundy-lab/grundy/tables/solver"
)

// PPositionJudge judges claims that name the P-positions of a game of three
// coordinates by a table: "pos(a, b, t) is a P-position if and only if
// t = G(a, b) + shift", checked for 0 ≤ a, b ≤ min(bound, n) (the corner
// cornerCheck keeps) and 0 ≤ t ≤ bound against solve, the game's solver;
// pos lists the position's coordinates as x, y, z.
func PPositionJudge(shift int, pos func(a, b, t int) []int, solve func(p []int) solver.Outcome) func(corner [][]int32, bound int, f *Findings) {
	return func(corner [][]int32, bound int, f *Findings) {
		for a, row := range corner {
			for b, g := range row {
				for t := 0; t <= bound; t++ {
					p := pos(a, b, t)
					claimed := solver.NPosition
					if t == int(g)+shift {
						claimed = solver.PPosition
					}
					f.Checked++
					if actual := solve(p); claimed != actual {
						f.Report(Counterexample{At: At("x,y,z", p...), Claimed: claimed.String(), Actual: actual.String()})
					}
				}
			}
		}
	}
}

// goishiJudge is Theorems 2 and 3 of 001: (x, y, z) is a P-position of
// two-player goishi hiroi, under normal or misère play, if and only if
// y = G(x, z) + 1.
func goishiJudge(misere bool) func(corner [][]int32, bound int, f *Findings) {
	return PPositionJudge(1,
		func(x, z, y int) []int { return []int{x, y, z} },
		func(p []int) solver.Outcome { return solver.GoishiHiroiOutcome(p, misere) })
}

// NimJudge is three-heap nim, with the pass available if pass is set:
// (x, y, z) is a P-position if and only if z = G(x, y).
func NimJudge(pass bool) func(corner [][]int32, bound int, f *Findings) {
	return PPositionJudge(0,
		func(x, y, z int) []int { return []int{x, y, z} },
		func(p []int) solver.Outcome { return solver.PassNimOutcome(p, pass) })
}
