package bandcheck

import "slices"

// State is what a checker knows after the rows before Row, relative to
// Row: the live columns, those that some row has reached and whose set of
// values ≤ V is not yet full, each as its offset y − Row and its values;
// and Frontier, the offset from which on no row has reached a column, so
// that those columns are empty. Every other column below Row + Frontier is
// full.
//
// For a rook table the state after row x − 1 determines every later row
// away from the fixed positions (which lie in rows 0 and 1): a cell's
// capped value depends only on the capped values of its row so far, which
// the walk of its row builds, and of its column so far, which the state
// holds (or which is full), and on its extra value. For nim, g1, gneg1 and
// gstarneg1, which have no extra value, two states at rows x < x' ≥ 2
// with Shifted true prove that rows x' + i are rows x + i moved x' − x
// columns right, for every i ≥ 0, as far as the table reaches. For
// passnim the extra value x XOR y is not invariant under that move, so
// only Equal states (the same Row) say anything. For Wythoff's Nim the
// state leaves out the diagonals, which shape later rows too: it is no
// certificate there.
//
// With a game file's pass (moves.Game.Passless), Passless is the state of
// the game without the pass at the same row, which the later rows read as
// well: only states Shifted with their Passless states Shifted too say
// that the rows repeat. It is nil without the pass.
type State struct {
	Row      int64
	Frontier int64
	Columns  []Column
	Passless *State
}

// Column is a live column of a State: its offset y − Row and its values
// ≤ V in increasing order.
type Column struct {
	Offset int64
	Values []int32
}

// State returns the state after the rows checked so far; it is a copy. A
// game with a subtraction limit keeps no window of columns: its State holds
// the row alone, and is no certificate.
func (c *Checker) State() State {
	cols := &c.cols
	s := State{Row: c.next, Frontier: cols.frontier - c.next}
	for y := cols.lo; y < cols.frontier; y++ {
		if cols.counts[y&cols.mask] <= int32(c.v) {
			s.Columns = append(s.Columns, Column{Offset: y - c.next, Values: values(cols.set(y))})
		}
	}
	if c.pass != nil {
		inner := c.pass.checker.State()
		s.Passless = &inner
	}
	return s
}

// Equal reports whether s and t are the same state at the same row.
func (s State) Equal(t State) bool { return s.Row == t.Row && s.Shifted(t) }

// Shifted reports whether t is s moved t.Row − s.Row rows down and as many
// columns right: the same frontier and live columns relative to their
// rows, and the same of their Passless states, if any. States at the same
// row are Shifted exactly when Equal.
func (s State) Shifted(t State) bool {
	if (s.Passless == nil) != (t.Passless == nil) || s.Passless != nil && !s.Passless.Shifted(*t.Passless) {
		return false
	}
	return s.Frontier == t.Frontier && slices.EqualFunc(s.Columns, t.Columns, func(a, b Column) bool {
		return a.Offset == b.Offset && slices.Equal(a.Values, b.Values)
	})
}
