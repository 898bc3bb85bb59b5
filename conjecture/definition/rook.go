package definition

import (
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/engine"
)

// rookCheck checks every cell of a table whose options are its row prefix,
// its column prefix and, with game.Diagonal, its diagonal prefix, besides
// the extra value game.Extra and away from the fixed positions: a fixed
// position must hold its fixed value, and any other cell g must be
// mex(options), that is g ∉ options and every value below g ∈ options.
// Negative values (forbidden targets) are no option values.
//
// It streams the rows once, keeping the current row's set, one set per
// column and, with diagonal, one per diagonal x − y: each set holds only the
// window of values above its mex (lineSet). The per-cell test reads the
// words of the union from the largest of the three mexes up to g, below
// which every value is an option already.
func rookCheck(game moves.Game) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		var (
			rows  []lineSet // the row sets of the band's rows
			cols  []lineSet
			diags []lineSet // diagonal x − y at index x − y + n
			none  lineSet   // the empty diagonal of a table without diagonal moves
		)
		fixedRows := make(map[int][]moves.Fixed) // the fixed positions of each row that has some
		for _, c := range game.Fixed {
			fixedRows[c.X] = append(fixedRows[c.X], c)
		}
		return conjecture.Checker{Visit: func(b engine.Band, f *conjecture.Findings) {
			n := b.Width - 1
			if cols == nil {
				cols = make([]lineSet, b.Width)
				if game.Diagonal {
					diags = make([]lineSet, 2*b.Width-1)
				}
			}
			for len(rows) < b.Rows {
				rows = append(rows, lineSet{})
			}
			for r := range b.Rows {
				rows[r].reset()
			}
			// The band is swept in blocks of columns, every row of the band
			// through one block before the next block, so that the block's
			// column sets stay in cache. Each cell still comes after all its
			// options: the earlier cells of its row (earlier blocks, or
			// earlier in this one) and of its column and diagonal (earlier
			// bands, or earlier rows of this block or an earlier one).
			for y0 := 0; y0 < b.Width; y0 += columnBlock {
				y1 := min(y0+columnBlock, b.Width)
				for r := range b.Rows {
					x, row := b.X0+r, &rows[r]
					cells := b.Cells[r*b.Width : (r+1)*b.Width]
					fixed := fixedRows[x]
					for y := y0; y < y1; y++ {
						g := cells[y]
						diag := &none
						if diags != nil {
							diag = &diags[x-y+n]
						}
						if v, ok := fixedValue(fixed, y); ok {
							if g != v {
								f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: conjecture.Itoa32(v) + " (base cell)", Actual: conjecture.Itoa32(g)})
							}
						} else {
							u := &coverage{a: row, b: &cols[y], c: diag, extra: game.Extra.Value(x, y)}
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
				}
			}
			f.Checked += int64(len(b.Cells))
		}}
	}
}

// columnBlock is the width of the blocks of columns a band is swept in.
const columnBlock = 256

// fixedValue returns the fixed value of column y among the fixed positions
// of one row.
func fixedValue(fixed []moves.Fixed, y int) (int32, bool) {
	for _, c := range fixed {
		if c.Y == y {
			return c.Value, true
		}
	}
	return 0, false
}
