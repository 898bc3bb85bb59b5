package bandcheck

import (
	"fmt"
	"math"
)

// checkRow checks row x, whose cells ≤ V in the stream are at ys (which
// must increase and lie in 0 … n) with values vals.
//
// It visits, in increasing y, the candidates: the live columns and then
// the fresh ones from the frontier on, while the row's set is not full
// and y ≤ n; and the row's fixed positions wherever they lie. Every other
// cell has a full column (below the frontier and not live) or comes after
// the row's set is full, so its capped value is V + 1 and the stream must
// leave it out. At a candidate the capped value is the fixed value, V + 1
// if the diagonal is full, or else the capped mex of the row, column and
// diagonal sets and the extra value; it goes into those sets when ≤ V.
// Live columns keep their order, so the next row's list is built by
// appending, in one pass.
func (c *Checker) checkRow(x int64, ys []int64, vals []int32) error {
	for k, y := range ys {
		if y < 0 || y > c.n || k > 0 && y <= ys[k-1] {
			return fmt.Errorf("%w: row %d: cell y = %d is out of order or outside 0 … %d", ErrStream, x, y, c.n)
		}
	}
	clear(c.row.bits)
	c.row.count = 0
	fixed := c.fixed[x]
	next := c.spare[:0]
	i, k := 0, 0 // the next live column, the next stream cell
	f := c.frontier
	for {
		rowOpen := !c.full(&c.row)
		y := int64(math.MaxInt64)
		if rowOpen && i < len(c.live) {
			y = c.live[i].y
		} else if rowOpen && f <= c.n {
			y = f
		}
		if len(fixed) > 0 {
			y = min(y, int64(fixed[0].Y))
		}
		if y == math.MaxInt64 {
			break
		}
		// Columns passed over, after the row's set is full: live ones stay
		// live, and fresh ones below a fixed position become live, empty.
		for ; i < len(c.live) && c.live[i].y < y; i++ {
			next = append(next, c.live[i])
		}
		for ; i == len(c.live) && f < y; f++ {
			next = append(next, column{y: f, set: c.newSet()})
		}
		if k < len(ys) && ys[k] < y {
			return &CellError{X: x, Y: ys[k], Value: vals[k], InStream: true, Want: int32(c.v + 1), V: c.v}
		}

		var set *valueSet // the column's set; nil for a full column
		switch {
		case i < len(c.live) && c.live[i].y == y:
			set = &c.live[i].set
			i++
		case y >= f:
			fresh := c.newSet()
			set = &fresh
			f = y + 1
		}
		var diag *valueSet
		if c.diags != nil {
			diag = c.diags[x-y]
		}

		want := int32(c.v + 1)
		switch {
		case len(fixed) > 0 && int64(fixed[0].Y) == y:
			want = min(fixed[0].Value, want)
			fixed = fixed[1:]
		case set == nil || diag != nil && c.full(diag):
		default:
			extra := -1
			if c.game.Extra != nil {
				extra = c.game.Extra(int(x), int(y))
			}
			want = cappedMex(c.v, c.words, &c.row, set, diag, extra)
		}
		if k < len(ys) && ys[k] == y {
			if vals[k] != want || want < 0 || int(want) > c.v { // the stream holds values 0 … V only
				return &CellError{X: x, Y: y, Value: vals[k], InStream: true, Want: want, V: c.v}
			}
			k++
		} else if want >= 0 && want <= int32(c.v) { // a forbidden cell (−1) is no value: never in the stream
			return &CellError{X: x, Y: y, Want: want, V: c.v}
		}

		if want >= 0 && int(want) <= c.v {
			c.row.add(want)
			if c.diags != nil {
				c.addDiagonal(x-y, diag, want)
			}
			if set != nil {
				set.add(want)
			}
		}
		switch {
		case set == nil:
		case c.full(set):
			c.free = append(c.free, set.bits)
		default:
			next = append(next, column{y: y, set: *set})
		}
	}
	next = append(next, c.live[i:]...)
	if k < len(ys) {
		return &CellError{X: x, Y: ys[k], Value: vals[k], InStream: true, Want: int32(c.v + 1), V: c.v}
	}
	c.live, c.spare = next, c.live[:0]
	c.frontier = f
	return nil
}

// addDiagonal puts v into the set of diagonal d, d's set being s (nil
// when no cell has reached d yet); a full diagonal keeps its count and
// gives up its bits.
func (c *Checker) addDiagonal(d int64, s *valueSet, v int32) {
	if s != nil && c.full(s) {
		return // a fixed value on a full diagonal adds nothing
	}
	if s == nil {
		set := c.newSet()
		s = &set
		c.diags[d] = s
	}
	s.add(v)
	if c.full(s) {
		c.free = append(c.free, s.bits)
		s.bits = nil
	}
}
