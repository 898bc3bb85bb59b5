package conjecture

import (
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/engine"
)

// PrintedTableClaim is "the table as printed": it compares every printed
// cell of the transcription t with the table; lost and blank cells are
// skipped, and so are printed cells outside a smaller table.
func PrintedTableClaim(id string, src Source, table, statement, note string, t Transcription) Claim {
	return Claim{
		ID:        id,
		Source:    src,
		Statement: statement,
		CheckedOn: "table " + table + ", every printed cell (cells lost in the conversion skipped)",
		Note:      note,
		Table:     table,
		Unit:      "cells",
		Check:     printedCheck(t),
	}
}

// ValueSetClaim is "G(x, y) = v if and only if (x, y) ∈ s" on a table.
func ValueSetClaim(id string, src Source, table, statement, note string, v int32, s CellSet) Claim {
	return Claim{
		ID:        id,
		Source:    src,
		Statement: statement,
		CheckedOn: "table " + table + ", every cell, both directions",
		Note:      note,
		Table:     table,
		Unit:      "cells",
		Check:     ValueSetCheck(v, s),
		Cells:     &ValueCells{V: v, Set: s},
	}
}

// The checkers of claims about one table. Each visits the bands of the
// table as they stream past; the per-cell loops compare int32s and call
// nothing, since a table of n = 10000 has 10⁸ cells.

// Rows calls fn for each row of b with its x and cells.
func Rows(b engine.Band, fn func(x int, row []int32)) {
	for r := range b.Rows {
		fn(b.X0+r, b.Cells[r*b.Width:(r+1)*b.Width])
	}
}

// printedCheck compares the printed cells of a Transcription (row x,
// column y) with the table; lost and blank cells are skipped, and so are
// printed cells outside a smaller table.
func printedCheck(t Transcription) func(int) Checker {
	return func(int) Checker {
		return Checker{Visit: func(b engine.Band, f *Findings) {
			Rows(b, func(x int, row []int32) {
				if x >= len(t.Value) {
					return
				}
				for y := range min(len(row), len(t.Value[x])) {
					if t.State[x][y] != Printed {
						continue
					}
					f.Checked++
					if want := t.Value[x][y]; int(row[y]) != want {
						f.Report(Counterexample{At: At("x,y", x, y), Claimed: strconv.Itoa(want), Actual: Itoa32(row[y])})
					}
				}
			})
		}}
	}
}

// FormulaCheck compares every cell with the claimed value; claimedRow
// writes the claimed values of row x into dst, dst[y] for cell (x, y).
func FormulaCheck(claimedRow func(x int, dst []int32)) func(int) Checker {
	return func(int) Checker {
		var want []int32
		return Checker{Visit: func(b engine.Band, f *Findings) {
			Rows(b, func(x int, row []int32) {
				want = slices.Grow(want[:0], len(row))[:len(row)]
				claimedRow(x, want)
				for y, g := range row {
					if g != want[y] {
						f.Report(Counterexample{At: At("x,y", x, y), Claimed: Itoa32(want[y]), Actual: Itoa32(g)})
					}
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// ValueSetCheck checks "G(x, y) = v if and only if (x, y) ∈ s" on every
// cell of the table, both ways: a cell of value v outside s is reported as
// claimed "≠ v", a cell of s whose value is not v as claimed "v".
func ValueSetCheck(v int32, s CellSet) func(int) Checker {
	notV := "≠ " + Itoa32(v)
	return func(int) Checker {
		return Checker{Visit: func(b engine.Band, f *Findings) {
			Rows(b, func(x int, row []int32) {
				members := s(x)
				for y, g := range row {
					if g == v {
						if _, in := slices.BinarySearch(members, y); !in {
							f.Report(Counterexample{At: At("x,y", x, y), Claimed: notV, Actual: Itoa32(g)})
						}
					}
				}
				for _, y := range members {
					if y < len(row) && row[y] != v {
						f.Report(Counterexample{At: At("x,y", x, y), Claimed: Itoa32(v), Actual: Itoa32(row[y])})
					}
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// CornerCheck keeps the corner 0 ≤ x, y ≤ min(bound, n) of the table and
// hands it to judge after the last band, for claims that compare a small
// corner with a solver.
func CornerCheck(judge func(corner [][]int32, bound int, f *Findings)) func(int) Checker {
	return func(bound int) Checker {
		var corner [][]int32
		return Checker{
			Visit: func(b engine.Band, f *Findings) {
				Rows(b, func(x int, row []int32) {
					if x <= bound {
						corner = append(corner, slices.Clone(row[:min(bound+1, len(row))]))
					}
				})
			},
			Finish: func(f *Findings) { judge(corner, bound, f) },
		}
	}
}

func Itoa32(v int32) string { return strconv.Itoa(int(v)) }
