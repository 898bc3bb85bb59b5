package pattern

import (
	"cmp"
	"slices"
)

// column is what the search knows of one value v of a table over
// 0 ≤ x, y ≤ n: d[x] = f_v(x) − x for the rows 0 … len(d)−1, absent for a
// row without v inside the table, and, in a damaged or foreign table only,
// the further cells of v in a row beyond its first (row-major). Search and
// Check read nothing else, so an Index (every value at once) and a
// BandIndex (one value materialised at a time) share one search.
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

// cells appends to dst every column of row x holding the value, in
// increasing order. extra is in row-major order, so a binary search finds
// the extra cells of row x.
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
	return dst
}

// exceptions returns every cell of the value in the rows x < start, in
// row-major order; ok is false if one of those rows has no cell of the
// value inside the table, as the list would then be incomplete.
func (c column) exceptions(start int) (cells []Cell, ok bool) {
	cells = []Cell{}
	var ys []int
	for x := range min(start, c.rows()) {
		ys = c.cells(ys, x)
		if len(ys) == 0 {
			return nil, false
		}
		for _, y := range ys {
			cells = append(cells, Cell{x, y})
		}
	}
	return cells, start <= c.rows()
}
