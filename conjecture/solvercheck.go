package conjecture

import (
	"strconv"

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

// NimJudge is three-heap nim, with the pass available if pass is set:
// (x, y, z) is a P-position if and only if z = G(x, y).
func NimJudge(pass bool) func(corner [][]int32, bound int, f *Findings) {
	return PPositionJudge(0,
		func(x, y, z int) []int { return []int{x, y, z} },
		func(p []int) solver.Outcome { return solver.PassNimOutcome(p, pass) })
}

// NamedGame is a position of some game with a name for reports.
type NamedGame struct {
	Name string
	Game solver.Game
}

// EachMultiset calls yield with every non-decreasing sequence of k indices
// below n; yield must not keep the slice.
func EachMultiset(n, k int, yield func(idx []int)) {
	idx := make([]int, k)
	var fill func(i, low int)
	fill = func(i, low int) {
		if i == k {
			yield(idx)
			return
		}
		for j := low; j < n; j++ {
			idx[i] = j
			fill(i+1, j)
		}
	}
	fill(0, 0)
}

// Values returns the Grundy value of every game of pool, each from its
// own options (solver.GameGrundy).
func Values(pool []NamedGame) []int {
	values := make([]int, len(pool))
	for i, g := range pool {
		values[i] = solver.GameGrundy(g.Game)
	}
	return values
}

// SumCheck checks G(g + h) = claimed(G(g), G(h)) for every pair {g, h} of
// pool(bound), g = h allowed: the Sprague–Grundy theorem for sums when
// claimed is ⊕. The sum's value comes from its own game tree
// (solver.DisjunctiveCompound), never from the components' values.
func SumCheck(pool func(bound int) []NamedGame, claimed func(a, b int) int) func(int) Checker {
	return func(bound int) Checker {
		return Checker{Finish: func(f *Findings) {
			games := pool(bound)
			values := Values(games)
			EachMultiset(len(games), 2, func(idx []int) {
				a, b := games[idx[0]], games[idx[1]]
				f.Checked++
				want := claimed(values[idx[0]], values[idx[1]])
				if got := solver.GameGrundy(solver.DisjunctiveCompound([]solver.Game{a.Game, b.Game})); got != want {
					f.Report(Counterexample{Game: a.Name + " + " + b.Name, Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
				}
			})
		}}
	}
}
