package definition

import (
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
)

// rookCheck checks every cell of a table whose options are its row prefix,
// its column prefix and, with diagonal, its diagonal prefix, besides the
// extra excluded value of rules.Excluded and away from the base cells: a
// base cell must hold its fixed value, and any other cell g must be
// mex(options), that is g ∉ options and every value below g ∈ options.
// Negative values (forbidden targets) are no option values.
//
// It streams the rows once, keeping the current row's set, one set per
// column and, with diagonal, one per diagonal x − y: each set holds only the
// window of values above its mex (lineSet). The per-cell test reads the
// words of the union from the largest of the three mexes up to g, below
// which every value is an option already.
func rookCheck(rules engine.Rules) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var (
			row      lineSet
			cols     []lineSet
			diags    []lineSet // diagonal x − y at index x − y + n
			none     lineSet   // the empty diagonal of a table without diagonal moves
			excluded []int32
			n        int
		)
		baseRows := make(map[int][]engine.Cell) // the base cells of each row that has some
		for _, c := range rules.Base {
			baseRows[c.X] = append(baseRows[c.X], c)
		}
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			if cols == nil {
				n = b.Width - 1
				cols = make([]lineSet, b.Width)
				excluded = make([]int32, b.Width)
				if rules.Diagonal {
					diags = make([]lineSet, 2*b.Width-1)
				}
			}
			conjecture.Rows(b, func(x int, cells []int32) {
				row.reset()
				bases := baseRows[x]
				if rules.Excluded != nil {
					rules.Excluded(x, 0, excluded)
				}
				for y, g := range cells {
					diag := &none
					if diags != nil {
						diag = &diags[x-y+n]
					}
					if v, ok := baseValue(bases, y); ok {
						if g != v {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: conjecture.Itoa32(v) + " (base cell)", Actual: conjecture.Itoa32(g)})
						}
					} else {
						extra := -1
						if rules.Excluded != nil {
							extra = int(excluded[y])
						}
						u := &coverage{a: &row, b: &cols[y], c: diag, extra: extra}
						lo := max(row.mex(), cols[y].mex(), diag.mex())
						if g < 0 || u.has(int(g)) || !u.covers(lo, int(g)) {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y),
								Claimed: itoaMex(u, lo), Actual: conjecture.Itoa32(g)})
						}
					}
					if g >= 0 {
						row.add(int(g))
						cols[y].add(int(g))
						if diags != nil {
							diag.add(int(g))
						}
					}
				}
			})
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// baseValue returns the fixed value of column y among the base cells of
// one row.
func baseValue(bases []engine.Cell, y int) (int32, bool) {
	for _, c := range bases {
		if c.Y == y {
			return c.Value, true
		}
	}
	return 0, false
}
