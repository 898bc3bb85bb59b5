package bandcheck

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/grundy-lab/grundy/conjecture/moves"
)

// Rows is a run of consecutive table rows X0 … X0+len(Start)−2, as a band
// sweep streams them: the cells of row X0+i with value LO … V (LO 0
// unless SetLo) are
// Y[Start[i]:Start[i+1]], in increasing order, with values
// Value[Start[i]:Start[i+1]].
type Rows struct {
	X0    int64
	Start []int32
	Y     []int64
	Value []int32
}

// Checker checks the stream of one band run, row by row; it is not safe
// for concurrent use.
type Checker struct {
	extra moves.Extra // the game's extra option
	n     int64
	v     int
	lo    int32 // the least value the stream carries (SetLo); the checker computes those below

	next      int64         // the next row the stream must give
	cols      window        // the columns reached and not all full below lo
	diags     *diagonals    // Wythoff: the diagonals some cell reached; nil for the other games
	row       []uint64      // the set of the row being checked
	fixed     []moves.Fixed // the fixed positions within the table, by row then column
	firstOpen int64         // the first row that did not hold all of 0 … V; −1 while none
	err       error         // the first failure, returned again by every later call
	general   bool          // every row by the general loop, never rookRow: for the test that they agree
	pass      *passless     // the game without the pass, for a game file's pass; nil without one
	limited   *limited      // a game file's subtraction limit: every cell walked (limit.go); nil without one

	// computing makes the checker compute its rows instead of checking a
	// stream: it is the game without the pass of another checker
	// (passless), and each row's capped values ≤ V go to computed.
	computing bool
	computed  computedRow
}

// MaxN is the largest table side a Checker takes: its rows and columns
// are int64, and a game's extra value (x XOR y) is computed in int.
const MaxN = math.MaxInt / 4

// New returns a checker of the rows 0 … n of table with cap v (with a
// game file's pass, it computes the game without the pass itself); it fails
// with ErrUnsupported, saying why, for a table whose capped values it
// cannot check (deletenim, vdn, josephusnim) or does not know, and for
// n < 0 or v < 0.
func New(table string, n int64, v int) (*Checker, error) {
	game, ok := moves.Lookup(table)
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: no table %q (tables: %s)", ErrUnsupported, table, moves.IDs())
	case game.Kind == moves.Split:
		return nil, fmt.Errorf("%w: %s: the options of (x, y) are two whole anti-diagonals, reaching into later rows, so no capped row or column set decides a cell", ErrUnsupported, table)
	case game.Kind == moves.Josephus:
		return nil, fmt.Errorf("%w: %s: a column's options are a window whose start rises with x, so a full column set does not stay full", ErrUnsupported, table)
	case n < 0 || n > MaxN:
		return nil, fmt.Errorf("%w: n = %d: want 0 ≤ n ≤ %d", ErrUnsupported, n, int64(MaxN))
	case v < 0:
		return nil, fmt.Errorf("%w: cap V = %d: want V ≥ 0", ErrUnsupported, v)
	case game.Limit > 0 && game.Passless != nil:
		return nil, fmt.Errorf("%w: %s: a subtraction limit with the pass is not checked yet", ErrUnsupported, table)
	}
	return newChecker(game, n, v), nil
}

// newChecker returns the checker of game's rows 0 … n with cap v, whose
// arguments New has checked. With the pass (game.Passless) it computes
// the game without the pass beside it, and the positions without a move
// are fixed at 0 (mex ∅: no move, so no pass).
func newChecker(game moves.Game, n int64, v int) *Checker {
	words := v/64 + 1
	c := &Checker{extra: game.Extra, n: n, v: v, cols: newWindow(words), row: make([]uint64, words), firstOpen: -1}
	fixed := slices.Clone(game.Fixed)
	if game.Passless != nil {
		c.pass = &passless{checker: newChecker(*game.Passless, n, v)}
		c.pass.checker.computing = true
		for _, p := range game.Stuck() {
			fixed = append(fixed, moves.Fixed{X: p.X, Y: p.Y, Value: 0})
		}
	}
	for _, f := range fixed {
		if int64(f.X) <= n && int64(f.Y) <= n {
			c.fixed = append(c.fixed, f)
		}
	}
	slices.SortFunc(c.fixed, func(a, b moves.Fixed) int { return cmp.Or(a.X-b.X, a.Y-b.Y) })
	if game.Limit > 0 {
		c.limited = newLimited(game, n, v)
		return c
	}
	if game.Diagonal {
		c.diags = &diagonals{words: words}
	}
	return c
}

// SetLo makes the stream one of the values lo … V only, as a values
// dataset of LO > 0 holds them: the checker computes the values below lo
// on the way, as it computes every capped value, and requires the stream
// to leave their cells out, as it does the cells above V. It must be
// called before the first row; lo must lie in 0 … V.
func (c *Checker) SetLo(lo int) error {
	switch {
	case c.next != 0 || c.err != nil:
		return fmt.Errorf("%w: the least value is set before the first row (the checker is at row %d)", ErrStream, c.next)
	case lo < 0 || lo > c.v:
		return fmt.Errorf("%w: least value %d: want 0 … %d", ErrStream, lo, c.v)
	}
	c.lo = int32(lo)
	return nil
}

// Rows checks a run of rows, which must start at the row after the last
// one checked (row 0 first); it returns the first failure, a *CellError
// or an error wrapping ErrStream, and after one it returns it again.
func (c *Checker) Rows(r Rows) error {
	if c.err != nil {
		return c.err
	}
	c.err = c.rows(r)
	return c.err
}

func (c *Checker) rows(r Rows) error {
	if len(r.Start) == 0 {
		return fmt.Errorf("%w: a run of rows from %d has no Start", ErrStream, r.X0)
	}
	count := int64(len(r.Start) - 1)
	switch {
	case r.X0 != c.next:
		return fmt.Errorf("%w: a run of rows starts at row %d, want row %d", ErrStream, r.X0, c.next)
	case r.X0+count > c.n+1:
		return fmt.Errorf("%w: rows %d … %d go past the last row, %d", ErrStream, r.X0, r.X0+count-1, c.n)
	}
	for i := range count {
		s, e := int(r.Start[i]), int(r.Start[i+1])
		if s < 0 || e < s || e > len(r.Y) || e > len(r.Value) {
			return fmt.Errorf("%w: row %d: Start %d … %d does not fit Y (%d) and Value (%d)", ErrStream, r.X0+i, s, e, len(r.Y), len(r.Value))
		}
		if c.pass != nil {
			c.pass.computeRow(r.X0 + i)
		}
		check := c.checkRow
		if c.limited != nil {
			check = c.limitedRow
		}
		if err := check(r.X0+i, r.Y[s:e], r.Value[s:e]); err != nil {
			return err
		}
		c.next++
	}
	return nil
}

// Finish reports whether the stream gave every row 0 … n, and returns the
// first failure if there was one.
func (c *Checker) Finish() error {
	if c.err == nil && c.next != c.n+1 {
		c.err = fmt.Errorf("%w: the stream ended after %d rows; the table has rows 0 … %d", ErrStream, c.next, c.n)
	}
	return c.err
}

// FirstOpenRow returns the first row checked whose cells hold fewer than
// all of 0 … V, or, with the pass, whose row of the game without the pass
// does; false when every row checked holds them all.
func (c *Checker) FirstOpenRow() (int64, bool) {
	row := c.firstOpen
	if c.pass != nil {
		if inner, open := c.pass.checker.FirstOpenRow(); open && (row < 0 || inner < row) {
			row = inner
		}
	}
	return row, row >= 0
}
