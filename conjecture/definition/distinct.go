package definition

import (
	"fmt"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
)

// rowsDistinctCheck checks that no value ≥ 0 appears twice in a row, as the
// row moves imply: every earlier cell of a row is an option of the later
// ones. A repeat is reported at its second cell, naming the first.
func rowsDistinctCheck() func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var seenIn, seenAt []int32 // value v was last seen in row seenIn[v] − 1, column seenAt[v]
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			conjecture.Rows(b, func(x int, cells []int32) {
				for y, g := range cells {
					if g < 0 {
						continue
					}
					if int(g) >= len(seenIn) {
						grown := max(2*len(seenIn), int(g)+1)
						seenIn = append(seenIn, make([]int32, grown-len(seenIn))...)
						seenAt = append(seenAt, make([]int32, grown-len(seenAt))...)
					}
					if seenIn[g] == int32(x+1) {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y),
							Claimed: fmt.Sprintf("≠ %d (the value at y = %d)", g, seenAt[g]), Actual: conjecture.Itoa32(g)})
						continue
					}
					seenIn[g], seenAt[g] = int32(x+1), int32(y)
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// columnsDistinctCheck checks that no value ≥ 0 appears twice in a column,
// as the column moves imply; each column keeps the set of its values seen
// (a lineSet). A repeat is reported at its lower cell.
func columnsDistinctCheck() func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var cols []lineSet
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			if cols == nil {
				cols = make([]lineSet, b.Width)
			}
			// In blocks of columns, as rookCheck sweeps, for the cache.
			for y0 := 0; y0 < b.Width; y0 += columnBlock {
				y1 := min(y0+columnBlock, b.Width)
				for r := range b.Rows {
					x, cells := b.X0+r, b.Cells[r*b.Width:(r+1)*b.Width]
					for y := y0; y < y1; y++ {
						g := cells[y]
						if g < 0 {
							continue
						}
						if cols[y].has(int(g)) {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y),
								Claimed: fmt.Sprintf("≠ %d (a value higher in column %d)", g, y), Actual: conjecture.Itoa32(g)})
							continue
						}
						cols[y].add(int(g))
					}
				}
			}
			f.Checked += int64(len(b.Cells))
		}}
	}
}
