package bandcheck

import "fmt"

// StartAt makes a checker that has checked no row continue from s, as if
// it had checked the rows before s.Row and reached s (State): so the rows
// of a long stream can be checked in segments at once, each by a checker
// of its own. Nothing here says that s is the state those rows reach: a
// caller proves it by comparing s, exactly, with the State of the checker
// that checked the rows before s.Row. It fails, with ErrStream, on a
// checker that has checked rows, on a state that is not one of this
// checker's tables (a row outside 1 … n+1, columns out of order or beyond
// the frontier, a value outside 0 … V or given twice), and for Wythoff's
// Nim, whose state leaves out the diagonals.
func (c *Checker) StartAt(s State) error {
	switch {
	case c.next != 0 || c.err != nil:
		return fmt.Errorf("%w: a checker can start from a state only before its first row (it is at row %d)", ErrStream, c.next)
	case c.diags != nil:
		return fmt.Errorf("%w: Wythoff's Nim: a state leaves out the diagonals, so no check can start from one", ErrStream)
	case c.limited != nil:
		return fmt.Errorf("%w: a game with a subtraction limit: a state leaves out the windows of the last cells, so no check can start from one", ErrStream)
	case s.Row < 1 || s.Row > c.n+1:
		return fmt.Errorf("%w: a state before row %d: want a row in 1 … %d", ErrStream, s.Row, c.n+1)
	case s.Row+s.Frontier > c.n+1:
		return fmt.Errorf("%w: a state before row %d with frontier %d: columns beyond the table (0 … %d)", ErrStream, s.Row, s.Frontier, c.n)
	case (s.Passless != nil) != (c.pass != nil):
		return fmt.Errorf("%w: a state with a state of the game without the pass: %v, for a game with the pass: %v", ErrStream, s.Passless != nil, c.pass != nil)
	case s.Passless != nil && s.Passless.Row != s.Row:
		return fmt.Errorf("%w: a state before row %d whose game without the pass stands before row %d", ErrStream, s.Row, s.Passless.Row)
	}
	if c.pass != nil {
		if err := c.pass.checker.StartAt(*s.Passless); err != nil {
			return fmt.Errorf("the game without the pass: %w", err)
		}
	}
	cols := &c.cols
	lo := s.Row + s.Frontier // the first column that is not full
	if len(s.Columns) > 0 {
		lo = s.Row + s.Columns[0].Offset
	}
	if lo < 0 || lo > s.Row+s.Frontier {
		return fmt.Errorf("%w: a state before row %d whose first column, %d, is outside the table or beyond its frontier", ErrStream, s.Row, lo)
	}
	cols.lo, cols.frontier = lo, lo
	cols.reach(s.Row + s.Frontier - 1)
	full := int32(c.v + 1)
	k := 0 // the next column of s
	for y := lo; y < cols.frontier; y++ {
		set := cols.set(y)
		if k < len(s.Columns) && s.Row+s.Columns[k].Offset == y {
			for _, u := range s.Columns[k].Values {
				if u < 0 || int(u) > c.v || !addValue(set, u) {
					return fmt.Errorf("%w: a state before row %d: column %d holds %v, not distinct values in 0 … %d", ErrStream, s.Row, y, s.Columns[k].Values, c.v)
				}
			}
			cols.counts[y&cols.mask] = int32(len(s.Columns[k].Values))
			k++
			continue
		}
		for u := range full { // a column the state leaves out is full
			addValue(set, u)
		}
		cols.counts[y&cols.mask] = full
	}
	if k < len(s.Columns) {
		return fmt.Errorf("%w: a state before row %d: its columns are not in increasing order before its frontier %d (column offset %d)", ErrStream, s.Row, s.Frontier, s.Columns[k].Offset)
	}
	cols.advance(full)
	c.next = s.Row
	return nil
}
