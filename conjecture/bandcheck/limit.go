package bandcheck

import (
	"math/bits"

	"github.com/grundy-lab/grundy/conjecture/moves"
)

// A game file's subtraction limit (moves.Game.Limit).
//
// With a limit L, the options of (x, y) are the last L cells of its row,
// its column and, with diagonal moves, its diagonal: windows, which values
// leave, so a full column does not stay full and the window of live
// columns does not serve. The check then walks every cell of every row,
// keeping the capped values of the last L cells of every column and
// diagonal (a ring of L each) and of the row: O(n²·L) work and O(n·L)
// memory, as the full sweep that writes such a table. A cell's capped
// value is min(mex, V + 1) of its options' capped values (an option above
// V, V + 1, changes no capped mex; a forbidden target, −1, is no option).

// limited is the state of the check of a game with a limit: the rings of
// capped values, L a column (cols, column y's at y·L) and a diagonal
// (diags, diagonal x − y at (x − y + n)·L; nil without diagonal moves),
// each slot (row mod L); and the row's own.
type limited struct {
	limit int
	n     int64
	cols  []int32
	diags []int32
	row   []int32
	seen  []uint64 // the option values of one cell, a bit each, cleared after it
	held  []uint64 // the values ≤ V the row holds, for FirstOpenRow
}

// none marks a ring slot no cell has filled: no option.
const none = -1

func newLimited(game moves.Game, n int64, v int) *limited {
	l := &limited{limit: game.Limit, n: n, cols: make([]int32, (n+1)*int64(game.Limit)), row: make([]int32, game.Limit),
		seen: make([]uint64, v/64+1), held: make([]uint64, v/64+1)}
	fill(l.cols, none)
	if game.Diagonal {
		l.diags = make([]int32, (2*n+1)*int64(game.Limit))
		fill(l.diags, none)
	}
	return l
}

func fill(s []int32, v int32) {
	for i := range s {
		s[i] = v
	}
}

// checkRow checks row x of the checker c, whose limited state is l,
// against the stream's cells ys, vals (increasing, in 0 … n): every cell
// of the row is computed and matched.
func (l *limited) checkRow(c *Checker, x int64, ys []int64, vals []int32) error {
	L, v := int64(l.limit), c.v
	full := int32(v + 1)
	fill(l.row, none)
	clear(l.held)
	count := int32(0)
	fixed := c.fixedOf(x)
	slot := x % L
	k := 0
	for y := int64(0); y <= l.n; y++ {
		var want int32
		if len(fixed) > 0 && int64(fixed[0].Y) == y {
			want = min(fixed[0].Value, full)
			fixed = fixed[1:]
		} else {
			want = l.cappedMex(x, y, v)
		}
		var ok bool
		if k, ok = match(y, want, c.lo, v, ys, vals, k); !ok {
			return c.mismatch(x, y, want, ys, vals, k)
		}
		l.row[y%L] = want
		if want >= 0 && want < full && addValue(l.held, want) {
			count++
		}
		l.cols[y*L+slot] = want
		if l.diags != nil {
			l.diags[(x-y+l.n)*L+slot] = want
		}
	}
	if k < len(ys) {
		return &CellError{X: x, Y: ys[k], Value: vals[k], InStream: true, Want: full, V: v, Lo: c.lo}
	}
	if count < full && c.firstOpen < 0 {
		c.firstOpen = x
	}
	return nil
}

// cappedMex is min(mex, v + 1) of the options of (x, y): the last L cells
// of its row (the ring before y), of its column and of its diagonal (the
// rings before row x), those of rows and columns below 0 left out.
func (l *limited) cappedMex(x, y int64, v int) int32 {
	L := int64(l.limit)
	mark := func(u int32) {
		if u >= 0 && int(u) <= v {
			l.seen[u>>6] |= 1 << (u & 63)
		}
	}
	for d := int64(1); d <= L; d++ {
		if d <= y {
			mark(l.row[(y-d)%L])
		}
		if d <= x {
			mark(l.cols[y*L+(x-d)%L])
			if l.diags != nil && d <= y {
				mark(l.diags[(x-y+l.n)*L+(x-d)%L])
			}
		}
	}
	want := int32(v + 1)
	for w, word := range l.seen {
		if word != ^uint64(0) && want == int32(v+1) {
			want = int32(min(w*64+bits.TrailingZeros64(^word), v+1))
		}
		l.seen[w] = 0
	}
	return want
}

// limitedRow is checkRow for a game with a limit.
func (c *Checker) limitedRow(x int64, ys []int64, vals []int32) error {
	if err := c.inOrder(x, ys); err != nil {
		return err
	}
	return c.limited.checkRow(c, x, ys, vals)
}
