package pattern

import (
	"cmp"
	"iter"
	"slices"
)

// column is what the search knows of one value v of a table over
// 0 ≤ x, y ≤ n: d[x] = f_v(x) − x for the rows 0 … len(d)−1, absent for a
// row without v inside the table, and extra, the further cells of v in a
// row beyond its first, in order of row: the prescribed cells of a game
// file that repeat a value of their row (see the package doc), or the
// damage of a damaged or foreign table. Search and Check read nothing
// else, so an Index (every value at once) and a BandIndex (one value
// materialised at a time) share one search.
type column struct {
	value int
	n     int
	d     []int32
	extra []Cell
}

// rows is the number of rows the column covers.
func (c column) rows() int { return len(c.d) }

// decided returns the number of decided rows: rows x ≥ decided may lack v
// only because f_v(x) lies beyond column n. The largest offset seen, dmax,
// bounds how far right of the diagonal v lies, so every row x ≤ n − dmax is
// decided; later rows are left to Check, which treats a cell beyond n as
// missing data.
func (c column) decided() int {
	dmax := 0
	for _, d := range c.d {
		if d != absent {
			dmax = max(dmax, int(d))
		}
	}
	return min(len(c.d), c.n-dmax+1)
}

// cells writes to dst every column of row x holding the value, in
// increasing order. extra is in order of row, so a binary search finds
// the extra cells of row x; they are sorted with the first, which need not
// be the leftmost if the rows came with their cells out of order.
func (c column) cells(dst []int, x int) []int {
	dst = dst[:0]
	if d := c.d[x]; d != absent {
		dst = append(dst, x+int(d))
	}
	if len(c.extra) == 0 {
		return dst
	}
	i, _ := slices.BinarySearchFunc(c.extra, x, func(e Cell, x int) int { return cmp.Compare(e.X, x) })
	for ; i < len(c.extra) && c.extra[i].X == x; i++ {
		dst = append(dst, c.extra[i].Y)
	}
	if len(dst) > 1 {
		slices.Sort(dst)
	}
	return dst
}

// repeatFloor returns the least start a pattern of the first rows rows can
// have: one past the last of those rows holding the value more than once,
// 0 if none does. A row from the start on holds the one cell the rule puts
// there, so every row with several cells must lie below it, among the
// exceptions.
func (c column) repeatFloor(rows int) int {
	i, _ := slices.BinarySearchFunc(c.extra, rows, func(e Cell, x int) int { return cmp.Compare(e.X, x) })
	if i == 0 {
		return 0
	}
	return c.extra[i-1].X + 1
}

// exceptionCount returns the number of cells of the value in the rows
// x < start; ok is false if one of those rows has no cell of the value
// inside the table, or start is beyond the column's rows, as a list of
// exceptions would then be incomplete.
func (c column) exceptionCount(start int) (count int, ok bool) {
	var ys []int
	for x := range min(start, c.rows()) {
		if ys = c.cells(ys, x); len(ys) == 0 {
			return 0, false
		}
		count += len(ys)
	}
	return count, start <= c.rows()
}

// cellsBelow yields every cell of the value in the rows x < start, in
// row-major order.
func (c column) cellsBelow(start int) iter.Seq[Cell] {
	return func(yield func(Cell) bool) {
		var ys []int
		for x := range min(start, c.rows()) {
			ys = c.cells(ys, x)
			for _, y := range ys {
				if !yield(Cell{x, y}) {
					return
				}
			}
		}
	}
}

// has reports whether the cell cl holds the value.
func (c column) has(cl Cell) bool {
	if cl.X < 0 || cl.X >= c.rows() {
		return false
	}
	return slices.Contains(c.cells(nil, cl.X), cl.Y)
}

// setExceptions sets the exceptions of p, the cells of its value in the
// rows x < p.Start, from the column: listed, or, when there are more than
// maxExceptions (if positive), counted and summarised without ever being
// listed, so that a start late in a table of 10⁸ rows does not cost 16
// bytes a row. It returns false, leaving p alone, if a row below p.Start
// has no cell of the value inside the table.
func (c column) setExceptions(p *Pattern, maxExceptions int) bool {
	count, ok := c.exceptionCount(p.Start)
	switch {
	case !ok:
		return false
	case maxExceptions == 0 || count <= maxExceptions:
		p.Exceptions = slices.AppendSeq([]Cell{}, c.cellsBelow(p.Start))
		return true
	}
	isException := func(cl Cell) bool { return cl.X < p.Start && c.has(cl) }
	s, others := summarize(*p, c.cellsBelow(p.Start), isException, maxRuns+1)
	s = omitted(s, others)
	p.summary, p.ExceptionsOmitted, p.Exceptions = &s, count, []Cell{}
	return true
}
