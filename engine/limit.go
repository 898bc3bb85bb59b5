package engine

import "fmt"

// Subtraction limits (Rules.Limit). With a limit k a move lowers a heap by
// 1 … k tokens, so the options of (x, y) are the k cells of its column
// above it, the k of its row to its left and, with diagonal moves, the k of
// its diagonal: windows that slide on as the sweep goes, like Josephus
// Nim's column windows (josephus.go). Each line — row, column, diagonal —
// keeps the value set of its window (the dense sets of bitset.go, with
// their summaries) and the window's values themselves: a row's are its own
// cells in the band, a column's and a diagonal's a ring of k values, row x
// at x mod k. A cell's value enters its lines' sets, and the value k cells
// back leaves them.
//
// Leaving is exact without rescanning the window. Two cells of one window
// are less than k apart, so the earlier is an option of the later, whose
// value therefore differs from it unless the later is a base cell: a value
// held twice in a window is a base value. So the lines count how often
// each of the values 0 … the largest base value is in the window (a few
// values, for a game file's table: limitLines.counted), and a larger value
// leaves by clearing its bit.
//
// A window of k cells holds at most k values, so the mex of a cell is at
// most 2k + 1 (3k + 1 with diagonal moves): the sets have that many bits
// (or the largest base value's), not 2n. Sets shrink, so there is no
// running mex to start from: the scan for the first zero of the union
// starts at 0, and the summaries step over the words full in a set.
//
// The state between Runs is the rings alone: the sets and counts are
// rebuilt from them (rebuildLimit), which is also how known rows seed a
// sweep. Rows start afresh with every band, as without a limit.

// Bounds of a subtraction limit: the rings hold int16 values and the
// counts uint16 ones.
const (
	// MaxLimit is the largest Rules.Limit.
	MaxLimit = 8191
	// MaxLimitValue is the largest base value of rules with a limit; the
	// values the mex gives are at most 3·MaxLimit + 1, below it.
	MaxLimitValue = 1<<15 - 1
)

// limitLines is the sliding state of the columns and diagonals of a sweep
// with a limit. Like the column and diagonal sets, a column's ring and
// counts are touched only by the worker whose tile holds the column, and a
// diagonal's only by the one whose tile holds its cell (compute.go).
type limitLines struct {
	k       int // the window: Rules.Limit, or n+1 if that is less
	counted int // the values 0 … counted−1 are counted: every base value
	// colRing holds width rings of k values, column y at y·k, row x at
	// x mod k; −1 where the row holds no value (a base cell of −1, or a
	// row above 0). colCount holds width × counted counts.
	colRing  []int16
	colCount []uint16
	// The rings and counts of the diagonals, with Rules.Diagonal: diagonal
	// x − y + n at (x−y+n)·k, row x at x mod k.
	diagRing  []int16
	diagCount []uint16
}

// validateLimit checks the rules of a limit: its bounds, rook moves, and
// base values the rings hold.
func (r Rules) validateLimit() error {
	switch {
	case r.Limit < 0 || r.Limit > MaxLimit:
		return fmt.Errorf("%w: limit %d: a subtraction limit is 1 … %d (0: none)", ErrInvalidRules, r.Limit, MaxLimit)
	case r.Split != nil || r.Josephus:
		return fmt.Errorf("%w: a subtraction limit takes rook moves, with or without the diagonal, not split or Josephus moves", ErrInvalidRules)
	}
	for _, c := range r.Base {
		if c.Value > MaxLimitValue {
			return fmt.Errorf("%w: base cell (%d, %d) = %d: with a limit, base values are at most %d", ErrInvalidRules, c.X, c.Y, c.Value, MaxLimitValue)
		}
	}
	return nil
}

// limitWindow is the window of rules with a limit at n: the limit, or the
// whole line if that is shorter.
func limitWindow(limit, n int) int { return min(limit, n+1) }

// limitWords is the number of bitset words of the sets of a sweep with
// window k: room for the mex of a row's and a column's windows and an
// excluded value, 2k + 1 (3k + 1 with a diagonal's window too), so that
// the union always has a zero bit, and for the base values up to maxBase.
func limitWords(k, maxBase int, diagonal bool) int {
	top := 2*k + 1
	if diagonal {
		top = 3*k + 1
	}
	return max(top, maxBase)/64 + 1
}

// newLimitLines allocates the rings and counts of a table of side width,
// the rings holding no value.
func newLimitLines(width, k, counted int, diagonal bool) *limitLines {
	ll := &limitLines{k: k, counted: counted, colRing: make([]int16, width*k), colCount: make([]uint16, width*counted)}
	if diagonal {
		ll.diagRing = make([]int16, (2*width-1)*k)
		ll.diagCount = make([]uint16, (2*width-1)*counted)
	}
	for _, ring := range [][]int16{ll.colRing, ll.diagRing} {
		for i := range ring {
			ring[i] = -1
		}
	}
	return ll
}

// slide moves the window of a line one cell on: old, the value of the cell
// leaving it, goes out of set, and v comes in; a negative value is no
// value. counts counts the values below len(counts), which a window may
// hold twice; any other value is in it once at most.
func slide(set []uint64, counts []uint16, words, old, v int) {
	if old >= 0 {
		if old < len(counts) {
			counts[old]--
			if counts[old] == 0 {
				removeValue(set, words, old)
			}
		} else {
			removeValue(set, words, old)
		}
	}
	if v >= 0 {
		if v < len(counts) {
			counts[v]++
		}
		addValue(set, words, v)
	}
}

// limitRun is mexRun under a limit: the options of (x, y) are the windows
// of its row and column, and its excluded value. This is the per-cell
// loop: no allocation, no locks, no interface calls.
func (s *sweep) limitRun(st *bandState, r int, row []uint64, out, excluded []int32, y0, ya, yb int) {
	if s.rules.Diagonal {
		s.limitQueenRun(st, r, row, out, ya, yb)
		return
	}
	words, stride, counted := s.words, s.stride, s.limit.counted
	slot := (st.x0 + r) % s.limit.k
	rowCount := st.rowCount[r*counted : (r+1)*counted]
	for y := ya; y < yb; y++ {
		col := s.colSets[y*stride : (y+1)*stride : (y+1)*stride]
		v := mexOfUnion(row, col, words, 0, int(excluded[y-y0]))
		out[y] = int32(v)
		s.slideRowAndColumn(row, rowCount, out, y, slot, v)
	}
}

// limitQueenRun is limitRun with the diagonal moves too: the window of the
// cell's diagonal besides its row's and column's. Rules with diagonal moves
// have no excluded value (validate checks it).
func (s *sweep) limitQueenRun(st *bandState, r int, row []uint64, out []int32, ya, yb int) {
	words, stride, counted := s.words, s.stride, s.limit.counted
	x := st.x0 + r
	slot := x % s.limit.k
	rowCount := st.rowCount[r*counted : (r+1)*counted]
	for y := ya; y < yb; y++ {
		col := s.colSets[y*stride : (y+1)*stride : (y+1)*stride]
		d := s.diagonal(x, y)
		v := mexOfUnion3(row, col, s.diagSets[d*stride:(d+1)*stride:(d+1)*stride], words, 0)
		out[y] = int32(v)
		s.slideRowAndColumn(row, rowCount, out, y, slot, v)
		s.slideDiagonal(d, slot, v)
	}
}

// limitPlace is place under a limit: the base value v (negative: none)
// at (x0+r, y) moves its row's, column's and diagonal's windows on.
func (s *sweep) limitPlace(st *bandState, r int, row []uint64, out []int32, y, v int) {
	out[y] = int32(v)
	counted, x := s.limit.counted, st.x0+r
	v = max(v, -1)
	s.slideRowAndColumn(row, st.rowCount[r*counted:(r+1)*counted], out, y, x%s.limit.k, v)
	if s.rules.Diagonal {
		s.slideDiagonal(s.diagonal(x, y), x%s.limit.k, v)
	}
}

// slideRowAndColumn moves the windows of the row (its set row and counts
// rowCount, its cells out) and of column y on by v, the value of the cell
// of the row in column y, whose row x has x mod k = slot.
func (s *sweep) slideRowAndColumn(row []uint64, rowCount []uint16, out []int32, y, slot, v int) {
	ll := s.limit
	leaving := -1
	if y >= ll.k {
		leaving = int(out[y-ll.k])
	}
	slide(row, rowCount, s.words, leaving, v)
	ring := &ll.colRing[y*ll.k+slot]
	slide(s.colSets[y*s.stride:(y+1)*s.stride], ll.colCount[y*ll.counted:(y+1)*ll.counted], s.words, int(*ring), v)
	*ring = int16(v)
}

// slideDiagonal moves the window of diagonal d on by v, the value of its
// cell in a row x with x mod k = slot.
func (s *sweep) slideDiagonal(d, slot, v int) {
	ll := s.limit
	ring := &ll.diagRing[d*ll.k+slot]
	slide(s.diagSets[d*s.stride:(d+1)*s.stride], ll.diagCount[d*ll.counted:(d+1)*ll.counted], s.words, int(*ring), v)
	*ring = int16(v)
}

// seedLimit takes the values of the known rows of b into the rings: the
// last k rows stay there. rebuildLimit makes the sets once every row is in.
func (s *sweep) seedLimit(b Band) error {
	ll := s.limit
	for i, v := range b.Cells {
		if v > MaxLimitValue {
			return fmt.Errorf("%w: known row %d holds the value %d, more than a table with a limit can", ErrKnownRows, b.X0+i/s.width, v)
		}
		x, y := b.X0+i/s.width, i%s.width
		v = max(v, -1)
		ll.colRing[y*ll.k+x%ll.k] = int16(v)
		if ll.diagRing != nil {
			ll.diagRing[s.diagonal(x, y)*ll.k+x%ll.k] = int16(v)
		}
	}
	return nil
}

// rebuildLimit makes the column and diagonal sets and counts those of the
// values their rings hold.
func (s *sweep) rebuildLimit() {
	ll := s.limit
	for _, lines := range []struct {
		rings  []int16
		counts []uint16
		sets   []uint64
	}{{ll.colRing, ll.colCount, s.colSets}, {ll.diagRing, ll.diagCount, s.diagSets}} {
		clear(lines.counts)
		clear(lines.sets)
		for i, v := range lines.rings {
			line := i / ll.k
			slide(lines.sets[line*s.stride:(line+1)*s.stride], lines.counts[line*ll.counted:(line+1)*ll.counted], s.words, -1, int(v))
		}
	}
}

// checkLimitRings checks the values of saved rings: each is −1 or a value
// the sets hold.
func checkLimitRings(s *sweep) error {
	for _, ring := range [][]int16{s.limit.colRing, s.limit.diagRing} {
		for _, v := range ring {
			if v < -1 || int(v) >= s.words*64 {
				return fmt.Errorf("a ring value %d is out of range", v)
			}
		}
	}
	return nil
}
