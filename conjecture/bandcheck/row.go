package bandcheck

import (
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/conjecture/moves"
)

// noColumn is the candidate of a row that has none left.
const noColumn = math.MaxInt64

// checkRow checks row x, whose cells ≤ V in the stream are at ys (which
// must increase and lie in 0 … n) with values vals.
//
// It is a merge of two increasing sequences, the row's candidates and the
// stream's cells, in one pass and without sorting. The candidates are, in
// increasing y, the columns of the window that are not full and then the
// fresh ones from the frontier on, while the row's set is not full and
// y ≤ n; and the row's fixed positions wherever they lie (fixedCell).
// Every other cell has a full column (below lo, or full inside the
// window) or comes after the row's set is full, so its capped value is
// V + 1 and the stream must leave it out: a stream cell met before the
// next candidate is an error. At a candidate the capped value is V + 1 if
// the diagonal is full, or else the capped mex of the row, column and
// diagonal sets and the extra value; a mex is in none of those sets, so
// when it is ≤ V it goes into each of them as a new value.
func (c *Checker) checkRow(x int64, ys []int64, vals []int32) error {
	if err := c.inOrder(x, ys); err != nil {
		return err
	}
	fixed := c.fixedOf(x)
	if len(fixed) == 0 && c.diags == nil && c.pass == nil && !c.general && !c.computing {
		return c.rookRow(x, ys, vals)
	}
	row, cols, words := c.row, &c.cols, len(c.row)
	clear(row)
	row0 := uint64(0) // row[0], held in a register: each cell's mex reads the one before it
	rowCount, full := int32(0), int32(c.v+1)
	k := 0          // the next stream cell
	scan := cols.lo // the next column that may be a candidate
	for {
		y := int64(noColumn)
		if rowCount < full {
			for scan < cols.frontier && cols.counts[scan&cols.mask] == full {
				scan++
			}
			if scan <= c.n {
				y = scan
			}
		}
		if len(fixed) > 0 && int64(fixed[0].Y) <= y {
			var err error
			row[0] = row0
			if k, rowCount, err = c.fixedCell(x, fixed[0], ys, vals, k, rowCount); err != nil {
				return err
			}
			row0 = row[0]
			if int64(fixed[0].Y) == scan {
				scan++
			}
			fixed = fixed[1:]
			continue
		}
		if y == noColumn {
			break
		}
		if k < len(ys) && ys[k] < y {
			return &CellError{X: x, Y: ys[k], Value: vals[k], InStream: true, Want: full, V: c.v, Lo: c.lo}
		}
		if y >= cols.frontier {
			cols.reach(y)
		}
		at := int(y & cols.mask)
		col := cols.sets[at*words : at*words+words]
		var diag []uint64
		var diagCount *int32
		if c.diags != nil {
			diag, diagCount = c.diags.at(x - y)
		}
		want := full
		if diagCount == nil || *diagCount < full {
			want = cappedMex(c.v, row0, row, col, diag, c.optionExtra(x, y))
		}
		if c.computing {
			c.computed.put(y, want, c.v)
		} else {
			var ok bool
			if k, ok = match(y, want, c.lo, c.v, ys, vals, k); !ok {
				return c.mismatch(x, y, want, ys, vals, k)
			}
		}
		if want < full {
			row0 = putMex(want, row0, row, col)
			rowCount++
			cols.counts[at]++
			if diag != nil {
				diag[want>>6] |= 1 << (want & 63)
				*diagCount++
			}
		}
		scan++
	}
	if k < len(ys) {
		return &CellError{X: x, Y: ys[k], Value: vals[k], InStream: true, Want: full, V: c.v, Lo: c.lo}
	}
	c.endRow(x, rowCount)
	return nil
}

// inOrder requires the columns ys of row x's stream cells to increase and
// lie in 0 … n.
func (c *Checker) inOrder(x int64, ys []int64) error {
	for k, y := range ys {
		if y < 0 || y > c.n || k > 0 && y <= ys[k-1] {
			return fmt.Errorf("%w: row %d: cell y = %d is out of order or outside 0 … %d", ErrStream, x, y, c.n)
		}
	}
	return nil
}

// rookRow is checkRow for a row without fixed positions in a game without
// diagonal moves, every row of a rook table after the first two: the same
// merge without them, its candidates inside the window walked by rookRun.
// TestRookRowsAgree compares it with the general loop.
func (c *Checker) rookRow(x int64, ys []int64, vals []int32) error {
	cols := &c.cols
	clear(c.row)
	r := rookCursor{scan: cols.lo, ys: ys, vals: vals}
	full := int32(c.v + 1)
candidates:
	for r.rowCount < full {
		// The next candidate lies inside the window, or it is the first
		// column not reached (the frontier), or the row ends at n.
		if end := min(cols.frontier, c.n+1); r.scan < end {
			switch c.rookRun(x, &r, end) {
			case runMismatch:
				return c.mismatch(x, r.scan, r.want, ys, vals, r.k)
			case runStreamFirst:
				break candidates // the stream's cell r.k, the error below
			}
			continue
		}
		if r.scan > c.n {
			break
		}
		cols.reach(r.scan)
	}
	if r.k < len(ys) {
		return &CellError{X: x, Y: ys[r.k], Value: vals[r.k], InStream: true, Want: full, V: c.v, Lo: c.lo}
	}
	c.endRow(x, r.rowCount)
	return nil
}

// rookCursor is where rookRun stands in a row: the next column that may
// be a candidate, the row's first word and its size, and the next cell of
// the stream (ys, vals).
type rookCursor struct {
	scan     int64
	row0     uint64
	rowCount int32
	k        int
	want     int32 // the capped value of the candidate at scan, after a mismatch
	ys       []int64
	vals     []int32
}

// How rookRun stopped: at end or with the row full; at a candidate whose
// capped value the stream does not match (match); or at a stream cell
// before the next candidate, which must have capped value V + 1.
const (
	runOn = iota
	runMismatch
	runStreamFirst
)

// rookRun walks the candidates of row x from r.scan while they lie before
// end (the window's frontier, or n+1) and the row is not full: the
// columns of the window that are not full, each of whose capped value
// must match the stream. It stops at the first disagreement, r.scan and
// r.want naming the candidate after a mismatch, r.k the stream's cell.
// The window's fields and the cursor are taken into locals, and the
// errors are built by the caller: with fewer live values, the loop keeps
// them in registers (inside rookRow it spilled and reloaded a dozen at
// every cell).
//
//go:noinline
func (c *Checker) rookRun(x int64, r *rookCursor, end int64) int {
	cols := &c.cols
	mask, counts, sets, words := cols.mask, cols.counts, cols.sets, cols.words
	row, v, lo := c.row, c.v, c.lo
	full := int32(v + 1)
	scan, row0, rowCount, k, ys, vals := r.scan, r.row0, r.rowCount, r.k, r.ys, r.vals
	stop := runOn
	for rowCount < full {
		for scan < end && counts[scan&mask] == full {
			scan++
		}
		if scan >= end {
			break
		}
		if k < len(ys) && ys[k] < scan {
			stop = runStreamFirst
			break
		}
		at := int(scan & mask)
		col := sets[at*words : at*words+words]
		want := cappedMex(v, row0, row, col, nil, c.extraAt(x, scan))
		var ok bool
		if k, ok = match(scan, want, lo, v, ys, vals, k); !ok {
			stop, r.want = runMismatch, want
			break
		}
		if want < full {
			row0 = putMex(want, row0, row, col)
			rowCount++
			counts[at]++
		}
		scan++
	}
	r.scan, r.row0, r.rowCount, r.k = scan, row0, rowCount, k
	return stop
}

// endRow records whether row x, whose set holds rowCount values, is the
// first open one, and moves the window past its full columns.
func (c *Checker) endRow(x int64, rowCount int32) {
	if int(rowCount) <= c.v && c.firstOpen < 0 {
		c.firstOpen = x
	}
	c.cols.advance(int32(c.v + 1))
}

// extraAt is the extra value of (x, y), −1 for none: rookRun's, a game
// without the pass.
func (c *Checker) extraAt(x, y int64) int { return c.extra.Value(int(x), int(y)) }

// optionExtra is the extra value of (x, y), −1 for none, with a game
// file's pass the capped value of the game without the pass there: the
// general loop's, which meets the row's candidates in increasing y.
func (c *Checker) optionExtra(x, y int64) int {
	if c.pass != nil {
		return c.pass.at(y)
	}
	return c.extraAt(x, y)
}

// putMex puts the mex u, 0 ≤ u ≤ V, into the row (its first word row0,
// returned, the others in row) and the column col: a mex is in neither,
// so it is new to both.
func putMex(u int32, row0 uint64, row, col []uint64) uint64 {
	w, b := u>>6, uint64(1)<<(u&63)
	if w == 0 {
		row0 |= b
	} else {
		row[w] |= b
	}
	col[w] |= b
	return row0
}

// match compares the candidate (x, y), whose capped value is want, with
// the stream's next cell k: a value LO … V must be the stream's cell
// (x, y), with that value; V + 1, a value below LO (which the stream
// leaves out, the checker computing it) or a fixed value below 0 (no
// value) must have no cell there. It returns the cell after the ones it used and
// whether they agree; small, it is inlined in the loops, and mismatch,
// out of line, builds the error.
func match(y int64, want, lo int32, v int, ys []int64, vals []int32, k int) (int, bool) {
	if k < len(ys) && ys[k] == y {
		return k + 1, uint32(want-lo) <= uint32(int32(v)-lo) && vals[k] == want // a value: LO ≤ want ≤ V
	}
	return k, uint32(want-lo) > uint32(int32(v)-lo)
}

// mismatch is the error of match at (x, y), where the definition gives
// want: the stream's cell k − 1 if it is at (x, y) (match used it), or
// no cell.
//
//go:noinline
func (c *Checker) mismatch(x, y int64, want int32, ys []int64, vals []int32, k int) error {
	if k > 0 && ys[k-1] == y {
		return &CellError{X: x, Y: y, Value: vals[k-1], InStream: true, Want: want, V: c.v, Lo: c.lo}
	}
	return &CellError{X: x, Y: y, Want: want, V: c.v, Lo: c.lo}
}

// fixedCell checks the fixed position f of row x against the stream cell
// k, the next one (ys, vals), and puts its value, when it is 0 … V, into
// the row's set (counted in rowCount), its column's if the window holds
// the column, and its diagonal's; it returns the next stream cell and the
// row's count. A fixed value below 0 forbids the moves to the cell: it is
// no value of the stream, and no option. Fixed values may already be in
// a set, so they are counted only when new.
func (c *Checker) fixedCell(x int64, f moves.Fixed, ys []int64, vals []int32, k int, rowCount int32) (int, int32, error) {
	y, full, cols := int64(f.Y), int32(c.v+1), &c.cols
	if k < len(ys) && ys[k] < y {
		return k, rowCount, &CellError{X: x, Y: ys[k], Value: vals[k], InStream: true, Want: full, V: c.v, Lo: c.lo}
	}
	want := min(f.Value, full)
	if c.computing {
		c.computed.put(y, want, c.v)
	} else {
		var ok bool
		if k, ok = match(y, want, c.lo, c.v, ys, vals, k); !ok {
			return k, rowCount, c.mismatch(x, y, want, ys, vals, k)
		}
	}
	if y >= cols.frontier {
		cols.reach(y)
	}
	if want < 0 || want == full {
		return k, rowCount, nil
	}
	if addValue(c.row, want) {
		rowCount++
	}
	if at := y & cols.mask; y >= cols.lo && addValue(cols.set(y), want) {
		cols.counts[at]++
	}
	if c.diags != nil {
		if diag, count := c.diags.at(x - y); addValue(diag, want) {
			*count++
		}
	}
	return k, rowCount, nil
}

// fixedOf returns the fixed positions of row x, in increasing column, and
// drops those of the rows before it: the rows come in order.
func (c *Checker) fixedOf(x int64) []moves.Fixed {
	for len(c.fixed) > 0 && int64(c.fixed[0].X) < x {
		c.fixed = c.fixed[1:]
	}
	i := 0
	for i < len(c.fixed) && int64(c.fixed[i].X) == x {
		i++
	}
	return c.fixed[:i]
}
