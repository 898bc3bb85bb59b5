package bandcheck

import (
	"fmt"
	"math"
	"slices"

	"github.com/grundy-lab/grundy/conjecture/moves"
)

// Rows is a run of consecutive table rows X0 … X0+len(Start)−2, as a band
// sweep streams them: the cells of row X0+i with value ≤ V are
// Y[Start[i]:Start[i+1]], in increasing order, with values
// Value[Start[i]:Start[i+1]].
type Rows struct {
	X0    int64
	Start []int32
	Y     []int64
	Value []int32
}

// column is a live column: one that some row has reached and that is not
// full, with the set of its values ≤ V so far.
type column struct {
	y   int64
	set valueSet
}

// Checker checks the stream of one band run, row by row; it is not safe
// for concurrent use.
type Checker struct {
	game  moves.Game
	n     int64
	v     int
	words int // the words of a valueSet

	next     int64    // the next row the stream must give
	live     []column // the live columns, increasing y, all below frontier
	frontier int64    // no row has reached a column ≥ frontier yet: they are empty
	spare    []column // the buffer the next row's live columns are built in
	free     [][]uint64
	row      valueSet
	diags    map[int64]*valueSet // Wythoff: the diagonals x − y some cell reached; full ones stay, as full
	fixed    map[int64][]moves.Fixed
	err      error // the first failure, returned again by every later call
}

// New returns a checker of the rows 0 … n of table with cap v; it fails
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
	case n < 0 || n > math.MaxInt32:
		return nil, fmt.Errorf("%w: n = %d: want 0 ≤ n ≤ %d", ErrUnsupported, n, math.MaxInt32)
	case v < 0:
		return nil, fmt.Errorf("%w: cap V = %d: want V ≥ 0", ErrUnsupported, v)
	}
	c := &Checker{game: game, n: n, v: v, words: (v + 64) / 64, fixed: map[int64][]moves.Fixed{}}
	c.row.bits = make([]uint64, c.words)
	for _, f := range game.Fixed {
		if int64(f.X) <= n && int64(f.Y) <= n {
			c.fixed[int64(f.X)] = append(c.fixed[int64(f.X)], f)
		}
	}
	for _, fs := range c.fixed {
		slices.SortFunc(fs, func(a, b moves.Fixed) int { return a.Y - b.Y })
	}
	if game.Diagonal {
		c.diags = map[int64]*valueSet{}
	}
	return c, nil
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
		if err := c.checkRow(r.X0+i, r.Y[s:e], r.Value[s:e]); err != nil {
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

// newSet returns an empty value set, reusing the bits of a full column.
func (c *Checker) newSet() valueSet {
	if k := len(c.free); k > 0 {
		b := c.free[k-1]
		c.free = c.free[:k-1]
		clear(b)
		return valueSet{bits: b}
	}
	return valueSet{bits: make([]uint64, c.words)}
}

// full reports whether s holds all of 0 … V.
func (c *Checker) full(s *valueSet) bool { return s.count == c.v+1 }
