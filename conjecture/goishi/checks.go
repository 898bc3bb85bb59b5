package goishi

import (
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables/solver"
)

// diagonalBlockCheck checks that in every 2×2 block of cells (2n, 2m) …
// (2n+1, 2m+1) inside the table the diagonally opposite cells are equal:
// G(2n, 2m) = G(2n+1, 2m+1) and G(2n+1, 2m) = G(2n, 2m+1). A failure of
// the first is reported at (2n+1, 2m+1), of the second at (2n, 2m+1), with
// the other cell's value as claimed. It keeps a copy of the last even row,
// since a band may end between the two rows of a block.
func diagonalBlockCheck() func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var even []int32 // row 2n, waiting for row 2n+1
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			conjecture.Rows(b, func(x int, row []int32) {
				if x%2 == 0 {
					even = append(even[:0], row...)
					return
				}
				for y := 0; y+1 < len(row); y += 2 {
					f.Checked += 4
					if even[y] != row[y+1] {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y+1), Claimed: conjecture.Itoa32(even[y]), Actual: conjecture.Itoa32(row[y+1])})
					}
					if row[y] != even[y+1] {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x-1, y+1), Claimed: conjecture.Itoa32(row[y]), Actual: conjecture.Itoa32(even[y+1])})
					}
				}
			})
		}}
	}
}

// goishiJudge is Theorems 2 and 3 of 001: (x, y, z) is a P-position of
// two-player goishi hiroi, under normal or misère play, if and only if
// y = G(x, z) + 1.
func goishiJudge(misere bool) func(corner [][]int32, bound int, f *conjecture.Findings) {
	return conjecture.PPositionJudge(1,
		func(x, z, y int) []int { return []int{x, y, z} },
		func(p []int) solver.Outcome { return solver.GoishiHiroiOutcome(p, misere) })
}
