package pattern

import (
	"fmt"

	"github.com/grundy-lab/grundy/engine"
)

// Index holds, for every value v of MinValue … MaxValue and every row x of
// one table, the column where v occurs in row x, f_v(x) = y with
// G(x, y) = v, as its offset from the diagonal, f_v(x) − x. It is built in
// one streaming pass over a table's bands and takes
// 4·(n+1)·(MaxValue−MinValue+1) bytes, not the (n+1)² cells of the table;
// BandIndex keeps the same offsets compressed.
//
// In a rook table a value occurs at most once per row, so one column per
// (v, x) suffices; a further occurrence is kept aside: in a game file's
// table, a prescribed cell repeating a value of its row (the search makes
// such rows exceptions), and in a damaged or foreign table, the damage,
// which Check names.
type Index struct {
	n, minValue, maxValue int
	rows                  int       // rows added so far: 0 … rows−1
	offsets               [][]int32 // offsets[v−minValue][x]: the first y with G(x, y) = v, minus x, or absent
	extra                 [][]Cell  // extra[v−minValue]: further cells of value v, in row-major order
}

// NewIndex returns an empty index for a table over 0 ≤ x, y ≤ n that records
// the values 0 … maxValue. It panics if n or maxValue is negative.
func NewIndex(n, maxValue int) *Index { return NewIndexOf(n, 0, maxValue) }

// NewIndexOf returns an empty index for a table over 0 ≤ x, y ≤ n that
// records the values minValue … maxValue only, so that a re-check of a
// block of values holds that block's rows alone. It panics unless
// 0 ≤ minValue ≤ maxValue and n ≥ 0.
func NewIndexOf(n, minValue, maxValue int) *Index {
	if n < 0 || minValue < 0 || maxValue < minValue {
		panic(fmt.Sprintf("pattern.NewIndexOf(%d, %d, %d): negative size", n, minValue, maxValue))
	}
	offsets := make([][]int32, maxValue-minValue+1)
	for v := range offsets {
		offsets[v] = make([]int32, n+1)
		for x := range offsets[v] {
			offsets[v][x] = absent
		}
	}
	return &Index{n: n, minValue: minValue, maxValue: maxValue, offsets: offsets, extra: make([][]Cell, len(offsets))}
}

// growRows extends the columns of every value to at least rows rows, the
// new ones without the value (absent).
func (idx *Index) growRows(rows int) {
	for v, col := range idx.offsets {
		for len(col) < rows {
			col = append(col, absent)
		}
		idx.offsets[v] = col
	}
}

// N returns the table's n: it covers 0 ≤ x, y ≤ n.
func (idx *Index) N() int { return idx.n }

// MinValue returns the smallest value the index records.
func (idx *Index) MinValue() int { return idx.minValue }

// MaxValue returns the largest value the index records.
func (idx *Index) MaxValue() int { return idx.maxValue }

// holds reports whether the index records value v.
func (idx *Index) holds(v int) bool { return v >= idx.minValue && v <= idx.maxValue }

// Rows returns how many rows have been added; rows from Rows() on are unknown.
func (idx *Index) Rows() int { return idx.rows }

// AddBand records the cells of b, whose rows must follow the rows added so
// far, as engine.Compute and results.Scan emit them. It fails, adding
// nothing, on a band of the wrong width, out of order or past row n.
func (idx *Index) AddBand(b engine.Band) error {
	switch {
	case b.Width != idx.n+1:
		return fmt.Errorf("pattern: band of width %d in an index for n = %d", b.Width, idx.n)
	case b.X0 != idx.rows:
		return fmt.Errorf("pattern: band starts at row %d, want row %d", b.X0, idx.rows)
	case b.Rows < 0 || b.X0+b.Rows > idx.n+1:
		return fmt.Errorf("pattern: band of %d rows from row %d passes row n = %d", b.Rows, b.X0, idx.n)
	case len(b.Cells) != b.Rows*b.Width:
		return fmt.Errorf("pattern: band of %d×%d cells holds %d", b.Rows, b.Width, len(b.Cells))
	}
	low, span := int32(idx.minValue), uint32(idx.maxValue-idx.minValue)
	for r := range b.Rows {
		x := b.X0 + r
		for y, g := range b.Cells[r*b.Width : (r+1)*b.Width] {
			// One unsigned comparison skips the −1 base cells and the
			// values outside minValue … maxValue: most cells of a large
			// table.
			if uint32(g-low) > span {
				continue
			}
			idx.addCell(g, int32(x), int32(y))
		}
	}
	idx.rows += b.Rows
	return nil
}

// Where returns the first column y of row x holding v, and false if row x
// has no v within 0 ≤ y ≤ n, or if v or x is outside the index.
func (idx *Index) Where(v, x int) (y int, ok bool) {
	if !idx.holds(v) || x < 0 || x >= idx.rows || idx.offsets[v-idx.minValue][x] == absent {
		return 0, false
	}
	return x + int(idx.offsets[v-idx.minValue][x]), true
}

// addCell records the cell (x, y) of value v of minValue … maxValue, the
// rows given in order (column.cells sorts a row's cells).
func (idx *Index) addCell(v, x, y int32) {
	k := v - int32(idx.minValue)
	if idx.offsets[k][x] == absent {
		idx.offsets[k][x] = y - x
	} else {
		idx.extra[k] = append(idx.extra[k], Cell{int(x), int(y)})
	}
}

// column is the view of value v's cells that Search and Check read; it
// shares the index's memory. v must be in the index.
func (idx *Index) column(v int) column {
	k := v - idx.minValue
	return column{value: v, n: idx.n, d: idx.offsets[k][:idx.rows], extra: idx.extra[k]}
}
