package engine

import (
	"errors"
	"fmt"
)

// sweep is the state shared by all workers of one Compute call. The column
// bitsets are shared, but a column is only ever touched by the worker whose
// tile holds it, and tiles of one column run in band order, handed on through
// the band progress channels, so the per-cell loop needs no locks.
type sweep struct {
	width   int // n + 1 cells per row
	tile    int
	words   int      // words per bitset
	stride  int      // words per value set: bitset and summary
	colSets []uint64 // width value sets, column y at y*stride
	colMex  []int32  // running mex of each column
	// The value sets of the diagonals, with Rules.Diagonal only: diagonal
	// x − y + n at (x−y+n)*stride. Concurrent tiles never share one: band
	// b+1 is on a tile j' < j when band b is on tile j, and their cells'
	// x − y ranges are then disjoint.
	diagSets []uint64
	diagMex  []int32
	// The anti-diagonal sets of Rules.Split (split.go), read-only once built.
	antiSets []uint64
	antiMex  []int32
	emptySet []uint64
	// The sparse sets (sparse.go), used instead of colSets, colMex,
	// diagSets and diagMex when sparse is set.
	sparse     bool
	colSparse  []sparseSet
	diagSparse []sparseSet
	// The sliding column windows of Rules.Josephus (josephus.go).
	josephus *josephusColumns
	// The windows of Rules.Limit (limit.go): with a limit, colSets and
	// diagSets hold the windows' values, and colMex and diagMex are nil.
	limit *limitLines

	base  []Cell // sorted by row, then column
	rules Rules
}

// bandState is one band's cells and row bitsets. The worker sweeping the
// band owns it; after the band is emitted it is recycled for a later band.
type bandState struct {
	x0      int
	rows    int
	cells   []int32  // rows × width, row-major
	rowSets []uint64 // rows value sets of stride words
	rowMex  []int32
	rowEnd  []int32 // Rules.Josephus: the cells of each row in its set
	// rowCount holds, with Rules.Limit, the counts of each row's window
	// (limit.go): rows × counted.
	rowCount []uint16
}

// reset prepares st to sweep band b from scratch.
func (s *sweep) reset(st *bandState, b int) {
	st.x0 = b * s.tile
	st.rows = min(s.tile, s.width-st.x0)
	clear(st.rowSets[:st.rows*s.stride])
	clear(st.rowMex[:st.rows])
	clear(st.rowEnd[:st.rows])
	clear(st.rowCount)
}

// fillTile computes the cells of band st in columns [y0, y1). The cells above
// (earlier bands, same columns) and to the left (same band, earlier tiles)
// must be done. excluded is scratch space of at least y1−y0 values.
func (s *sweep) fillTile(st *bandState, y0, y1 int, excluded []int32) {
	excluded = excluded[:y1-y0]
	if s.rules.Split != nil {
		for r := 0; r < st.rows; r++ {
			s.splitRun(st.x0+r, st.cells[r*s.width:(r+1)*s.width], y0, y1)
		}
		return
	}
	if s.rules.Josephus {
		for r := 0; r < st.rows; r++ {
			s.josephusRun(st, r, st.rowSets[r*s.stride:(r+1)*s.stride], st.cells[r*s.width:(r+1)*s.width], y0, y1)
		}
		return
	}
	for r := 0; r < st.rows; r++ {
		x := st.x0 + r
		if s.rules.Excluded != nil {
			s.rules.Excluded(x, y0, excluded)
		}
		row := st.rowSets[r*s.stride : (r+1)*s.stride]
		out := st.cells[r*s.width : (r+1)*s.width]
		y := y0
		for _, c := range s.base {
			if c.X != x || c.Y < y0 || c.Y >= y1 {
				continue
			}
			s.mexRun(st, r, row, out, excluded, y0, y, c.Y)
			s.place(st, r, row, out, c.Y, int(c.Value))
			y = c.Y + 1
		}
		s.mexRun(st, r, row, out, excluded, y0, y, y1)
	}
}

// mexRun fills out[ya:yb] of band row r by the mex rule. excluded[i] belongs
// to column y0+i. This is the per-cell loop: no allocation, no calls that are
// not inlined, no locks.
func (s *sweep) mexRun(st *bandState, r int, row []uint64, out, excluded []int32, y0, ya, yb int) {
	if s.limit != nil {
		s.limitRun(st, r, row, out, excluded, y0, ya, yb)
		return
	}
	if s.sparse {
		s.sparseRun(st, r, row, out, excluded, y0, ya, yb)
		return
	}
	if s.rules.Diagonal {
		s.queenRun(st, r, row, out, ya, yb)
		return
	}
	words, stride := s.words, s.stride
	rowMex := int(st.rowMex[r])
	for y := ya; y < yb; y++ {
		col := s.colSets[y*stride : (y+1)*stride : (y+1)*stride]
		colMex := int(s.colMex[y])
		v := mexOfUnion(row, col, words, max(rowMex, colMex), int(excluded[y-y0]))
		out[y] = int32(v)
		addValue(row, words, v)
		addValue(col, words, v)
		if v == rowMex {
			rowMex = nextMex(row, rowMex)
		}
		if v == colMex {
			s.colMex[y] = int32(nextMex(col, colMex))
		}
	}
	st.rowMex[r] = int32(rowMex)
}

// queenRun is mexRun with the diagonal moves too (Rules.Diagonal): the
// options of (x, y) are its row, its column and its diagonal x − y. Rules
// with diagonal moves have no excluded value (validate checks it).
func (s *sweep) queenRun(st *bandState, r int, row []uint64, out []int32, ya, yb int) {
	words, stride := s.words, s.stride
	x := st.x0 + r
	rowMex := int(st.rowMex[r])
	for y := ya; y < yb; y++ {
		col := s.colSets[y*stride : (y+1)*stride : (y+1)*stride]
		d := s.diagonal(x, y)
		diag := s.diagSets[d*stride : (d+1)*stride : (d+1)*stride]
		colMex, diagMex := int(s.colMex[y]), int(s.diagMex[d])
		v := mexOfUnion3(row, col, diag, words, max(rowMex, colMex, diagMex))
		out[y] = int32(v)
		addValue(row, words, v)
		addValue(col, words, v)
		addValue(diag, words, v)
		if v == rowMex {
			rowMex = nextMex(row, rowMex)
		}
		if v == colMex {
			s.colMex[y] = int32(nextMex(col, colMex))
		}
		if v == diagMex {
			s.diagMex[d] = int32(nextMex(diag, diagMex))
		}
	}
	st.rowMex[r] = int32(rowMex)
}

// diagonal is the index of the diagonal set of cell (x, y): x − y + n.
func (s *sweep) diagonal(x, y int) int { return x - y + s.width - 1 }

// place stores a base value at (x0+r, y) and, unless it is negative, adds it
// to the row and column sets.
func (s *sweep) place(st *bandState, r int, row []uint64, out []int32, y, v int) {
	if s.limit != nil {
		s.limitPlace(st, r, row, out, y, v)
		return
	}
	out[y] = int32(v)
	if v < 0 {
		return
	}
	addValue(row, s.words, v)
	if v == int(st.rowMex[r]) {
		st.rowMex[r] = int32(nextMex(row, v))
	}
	if s.sparse {
		s.placeSparse(st.x0+r, y, v)
		return
	}
	col := s.colSets[y*s.stride : (y+1)*s.stride]
	addValue(col, s.words, v)
	if v == int(s.colMex[y]) {
		s.colMex[y] = int32(nextMex(col, v))
	}
	if s.rules.Diagonal {
		d := s.diagonal(st.x0+r, y)
		diag := s.diagSets[d*s.stride : (d+1)*s.stride]
		addValue(diag, s.words, v)
		if v == int(s.diagMex[d]) {
			s.diagMex[d] = int32(nextMex(diag, v))
		}
	}
}

// ErrKnownRows reports known rows (Continue, Sweeper.Seed) that no table of
// the given side can hold: damaged rows.
var ErrKnownRows = errors.New("engine: the known rows are not a table's")

// seed adds the values of the known rows 0 … rows−1, which prefix streams in
// order, to the column sets, and sets each column's running mex.
func (s *sweep) seed(rows int, prefix func(visit func(Band) error) error) error {
	next := 0
	err := prefix(func(b Band) error {
		if b.X0 != next || b.Width != s.width || len(b.Cells) != b.Rows*b.Width || next+b.Rows > rows {
			return fmt.Errorf("engine: known rows %d..%d (width %d) do not follow row %d of %d", b.X0, b.X0+b.Rows-1, b.Width, next, rows)
		}
		if s.rules.Josephus {
			s.seedJosephus(b)
			next += b.Rows
			return nil
		}
		if s.rules.Split != nil {
			next += b.Rows // split tables rebuild their anti-diagonal sets from scratch
			return nil
		}
		for i, v := range b.Cells {
			if int(v) >= s.words*64 {
				return fmt.Errorf("%w: known row %d holds the value %d, more than a table of side %d can", ErrKnownRows, b.X0+i/s.width, v, s.width)
			}
		}
		if s.limit != nil {
			next += b.Rows
			return s.seedLimit(b)
		}
		if s.sparse {
			s.seedSparse(b)
			next += b.Rows
			return nil
		}
		for i, v := range b.Cells {
			if v >= 0 {
				y := i % s.width
				addValue(s.colSets[y*s.stride:(y+1)*s.stride], s.words, int(v))
				if s.rules.Diagonal {
					d := s.diagonal(b.X0+i/s.width, y)
					addValue(s.diagSets[d*s.stride:(d+1)*s.stride], s.words, int(v))
				}
			}
		}
		next += b.Rows
		return nil
	})
	if err != nil {
		return err
	}
	if next != rows {
		return fmt.Errorf("engine: %d known rows given, %d expected", next, rows)
	}
	if s.limit != nil {
		s.rebuildLimit()
		return nil
	}
	if s.sparse {
		return nil
	}
	setMexes(s.colSets, s.colMex, s.stride)
	if s.rules.Diagonal {
		setMexes(s.diagSets, s.diagMex, s.stride)
	}
	return nil
}

// setMexes sets mex[i] to the mex of the i-th value set of sets.
func setMexes(sets []uint64, mex []int32, stride int) {
	for i := range mex {
		set := sets[i*stride : (i+1)*stride]
		if set[0]&1 != 0 {
			mex[i] = int32(nextMex(set, 0))
		}
	}
}
