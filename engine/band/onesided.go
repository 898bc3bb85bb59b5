package band

import (
	"errors"
	"math/bits"
	"slices"
)

// The one-sided sweep of a symmetric table.
//
// When G(x, y) = G(y, x) — rook moves, with or without the pass, and base
// cells that are symmetric, as in every table the band serves — the cells of
// row x left of the diagonal are the cells of column x above it: (x, y) =
// (y, x) for y < x, all found by the rows above before row x starts. So row
// x's set starts as column x's set (the values of those cells), and the row
// is walked from its diagonal on: about half the cells of the two-sided
// walk. The cells left of the diagonal are still emitted, in order: a cell
// (x', y) a row finds at y ≥ x' also goes to column y's list, which row y
// copies in front of its own cells when its band is done. A column's cells
// have distinct values (one is an option of the other), so a list holds at
// most V+1 of them.
//
// A column's set then holds the values of its cells down to the row being
// swept only while that row is above the diagonal, which is all the walk
// needs; State is still the two-sided one (oneSidedState), so checkpoints,
// proofs and their certificates do not change.

// leftCells is what a one-sided sweep's window keeps besides the column
// sets: the lists of the columns whose rows have not been swept, and the
// final set of each row that has.
type leftCells struct {
	// span bounds how far right of its diagonal a row's cells lie: V+3
	// (in the tables served, the cells of value at most V lie within V+1
	// of the diagonal). A cell found further away stops the one-sided
	// sweep (errTooFar), which goes on two-sided.
	span int
	// The lists are a ring of ring columns, window column c at c mod ring,
	// so that they stay in the cache: a row's cells lie within span of its
	// diagonal, and no more than (ring − span)/Tile bands are in flight
	// (inFlight), so a column's list is read by its row before any row
	// reaches the column ring further on. lists[s·listCap :
	// s·listCap+count[s]] is the list of slot s, in row order, each cell
	// packed as bandState's: its row less lo in the high 32 bits, its
	// value in the low 32.
	ring    int
	listCap int
	lists   []uint64
	count   []int32
	// finals holds row lo+c's set once its walk is over, for the rows
	// swept: all of its values, the cells left of the diagonal included.
	finals []uint64
	// moved holds lists while the window slides.
	moved []uint64
}

// errTooFar stops a one-sided segment that found a cell span or more right
// of its row's diagonal.
var errTooFar = errors.New("band: a cell beyond the one-sided sweep's span")

// errForeign says that the rows of a state do not give its column sets.
var errForeign = errors.New("band: a state the rules do not reach")

// newLeftCells prepares the lists of a one-sided sweep of the values
// 0 … v, span wide (0: v+3), whose bands of tile rows are swept by workers
// goroutines.
func newLeftCells(v, span, workers, tile int) *leftCells {
	if span <= 0 {
		span = v + 3
	}
	ring := max(64, 1<<bits.Len(uint(span+workers*tile-1)))
	return &leftCells{span: span, ring: ring, listCap: v + 1,
		lists: make([]uint64, ring*(v+1)), count: make([]int32, ring)}
}

// inFlight is the most bands of tile rows that may be in flight at once.
func (o *leftCells) inFlight(tile int) int { return (o.ring - o.span) / tile }

// grow makes room for room columns, keeping the first cols.
func (o *leftCells) grow(room, cols, words int) {
	finals := make([]uint64, room*words)
	copy(finals, o.finals[:cols*words])
	o.finals = finals
}

// copyFrom makes o a copy of src's lists and its first cols final sets.
func (o *leftCells) copyFrom(src *leftCells, cols, words int) {
	copy(o.count, src.count)
	for s, n := range src.count {
		copy(o.lists[s*o.listCap:], src.lists[s*o.listCap:s*o.listCap+int(n)])
	}
	copy(o.finals, src.finals[:cols*words])
}

// slot is the ring slot of window column c.
func (o *leftCells) slot(c int) int { return c & (o.ring - 1) }

// list is window column c's list.
func (o *leftCells) list(c int) []uint64 {
	s := o.slot(c)
	return o.lists[s*o.listCap : s*o.listCap+int(o.count[s])]
}

// add appends the cell of row lo+r and value m to column c's list; false if
// it lies span or more right of the row's diagonal.
func (o *leftCells) add(c, r, m int) bool {
	if c-r >= o.span {
		return false
	}
	s := o.slot(c)
	o.lists[s*o.listCap+int(o.count[s])] = packCell(r, m)
	o.count[s]++
	return true
}

// slideOneSided moves a one-sided sweep's window to the segment from row
// start to end: it keeps the columns from start on and, before them, every
// row with a cell in a kept column's list or whose final set is not full (a
// row that met column n first), which State needs. The window reaches
// column end+margin (n at most), the new columns empty. Only the columns
// start … start+span−1 have lists: every row before start has read its
// own, and found no cell further right.
func (w *window) slideOneSided(start, end, margin, n int64) {
	o := w.oneSided
	from := int(min(start-w.lo, int64(w.cols)))
	held := min(w.cols, from+o.span)
	first := from
	for c := from; c < held; c++ {
		if list := o.list(c); len(list) > 0 {
			first = min(first, int(list[0]>>32))
		}
	}
	for c := range first {
		if !w.isFull(o.finals[c*w.words : (c+1)*w.words]) {
			first = c
			break
		}
	}
	kept := w.cols - first
	lo := w.lo + int64(first)
	cols := max(int(min(end+margin, n+1)-lo), kept, 0)
	w.grow(cols)
	words := w.words
	copy(w.sets, w.sets[first*words:w.cols*words])
	clear(w.sets[kept*words : cols*words])
	copy(o.finals, o.finals[first*words:w.cols*words])
	if first > 0 {
		// The held lists move to their columns' new slots, their rows
		// first lower.
		moved, counts := o.moved[:0], make([]int32, held-from)
		for c := from; c < held; c++ {
			list := o.list(c)
			counts[c-from] = int32(len(list))
			for _, cell := range list {
				moved = append(moved, cell-uint64(first)<<32)
			}
			o.count[o.slot(c)] = 0
		}
		o.moved = moved
		for k, n := range counts {
			s := o.slot(from - first + k)
			copy(o.lists[s*o.listCap:], moved[:n])
			o.count[s], moved = n, moved[n:]
		}
	}
	w.lo, w.cols = lo, cols
	w.rebuildLive()
}

// rebuildLive sets the live bits of the columns that are not full.
func (w *window) rebuildLive() {
	clear(w.live)
	for c := range w.cols {
		if !w.isFull(w.column(c)) {
			w.live[c>>6].bits |= 1 << (c & 63)
		}
	}
}

// finishOneSided completes the rows of a band a one-sided sweep has walked:
// row x's cells left of its diagonal, column x's list, go in front of the
// cells it found (the walk started its count there, at the size of its
// column's set), its list's slot is freed, and its set is kept as its
// final one. The list ends with the diagonal cell (x, x) when that is at
// most V, which is then also the row's first cell, packed the same: it is
// copied onto itself.
func (w *window) finishOneSided(st *bandState) {
	o := w.oneSided
	c0 := int(st.x0 - w.lo)
	for i := range st.rows {
		c := c0 + i
		copy(st.cells[i*st.cellCap:], o.list(c))
		o.count[o.slot(c)] = 0
		copy(o.finals[c*w.words:(c+1)*w.words], st.rowSets[i*w.words:(i+1)*w.words])
	}
}

// oneSidedState is State for a one-sided sweep: a column from Next on
// holds the cells above Next already, as in the two-sided sweep; column x
// before Next holds row x's values left of column Next (G is symmetric),
// which are its final set less the values of its cells from column Next
// on, found in those columns' lists.
func (sw *Sweeper) oneSidedState() State {
	w, o := sw.win, sw.win.oneSided
	words := w.words
	next := int(sw.next - w.lo)
	sets := make([]uint64, w.cols*words)
	copy(sets, o.finals[:next*words])
	copy(sets[next*words:], w.sets[next*words:w.cols*words])
	for c := next; c < min(w.cols, next+o.span); c++ {
		for _, cell := range o.list(c) {
			r, m := int(cell>>32), int(uint32(cell))
			sets[r*words+m>>6] &^= 1 << (m & 63)
		}
	}
	first, last := 0, w.cols
	for first < last && w.isFull(sets[first*words:(first+1)*words]) {
		first++
	}
	for last > first && isEmpty(sets[(last-1)*words:last*words]) {
		last--
	}
	return State{N: sw.n, Next: sw.next, Lo: w.lo + int64(first), V: sw.v, Words: words,
		Sets: sets[first*words : last*words]}
}

// resumeOneSided loads st (validated) into a one-sided sweep's window. The
// state has, for each row x' before Next, its values left of column Next
// (its column's set), but not which of its cells lie beyond, which the
// lists need: so each such row that is not full is walked on from column
// Next as the one-sided walk would, which rebuilds the sets and lists of
// the columns from Next on. errTooFar: a row found a cell beyond the span;
// errForeign: the sets do not come out as st has them, so st is not a state
// these rules reach (Resume sweeps it on two-sided, as it always has: that
// a state is one the rules reach is for a checksum or an independent check
// to say).
func (sw *Sweeper) resumeOneSided(st State) error {
	w, o := sw.win, sw.win.oneSided
	words := w.words
	lo := min(st.Lo, st.Next)
	next, stateFrom := int(st.Next-lo), int(st.Lo-lo)
	stateSet := func(c int) []uint64 {
		if c < stateFrom {
			return w.full
		}
		if k := c - stateFrom; k < st.Columns() {
			return st.Sets[k*words : (k+1)*words]
		}
		return make([]uint64, words)
	}
	for margin := sw.cfg.margin; ; margin *= 2 {
		cols := int(min(max(st.Lo+int64(st.Columns()), st.Next+int64(margin)), sw.n+1) - lo)
		w.lo, w.cols = lo, 0
		w.grow(cols)
		w.cols = cols
		for c := range cols {
			set := w.column(c)
			copy(set, stateSet(c))
			if c >= next {
				clear(set)
			}
		}
		clear(o.count)
		fits, err := sw.walkOn(next)
		if err != nil {
			return err
		}
		if fits {
			break
		}
	}
	for c := next; c < w.cols; c++ {
		if !slices.Equal(w.column(c), stateSet(c)) {
			return errForeign
		}
	}
	w.rebuildLive()
	return nil
}

// walkOn walks the rows of the window's columns before next, each from its
// column's set, over the columns from next on, and keeps their final sets;
// fits is false if a row that is not full ran out of the window before
// column n.
func (sw *Sweeper) walkOn(next int) (fits bool, err error) {
	w, o := sw.win, sw.win.oneSided
	words := w.words
	for r := range next {
		row := o.finals[r*words : (r+1)*words]
		copy(row, w.column(r))
		x := w.lo + int64(r)
		for c := next; c < w.cols && !w.isFull(row); c++ {
			col := w.column(c)
			if w.isFull(col) {
				continue
			}
			extra := -1
			if e := x ^ (w.lo + int64(c)); sw.nimSum && e <= int64(sw.v) {
				extra = int(e)
			}
			m := mexOfUnion(row, col, extra, 0)
			if m > sw.v {
				continue
			}
			row[m>>6] |= 1 << (m & 63)
			col[m>>6] |= 1 << (m & 63)
			if !o.add(c, r, m) {
				return false, errTooFar
			}
		}
		if !w.isFull(row) && w.lo+int64(w.cols) <= sw.n {
			return false, nil
		}
	}
	return true, nil
}

// becomeTwoSided turns a one-sided sweep into a two-sided one in state st,
// for good: a cell lay a span or more right of its row's diagonal.
func (sw *Sweeper) becomeTwoSided(st State) {
	sw.oneSided = false
	sw.win, sw.spare = newWindow(sw.v, sw.win.words), newWindow(sw.v, sw.win.words)
	sw.win.load(st)
}

// symmetric reports whether the rules give G(x, y) = G(y, x): rook moves
// and x XOR y are, so they do when every base cell (x, y) has its mirror
// (y, x) of the same value.
func (r Rules) symmetric() bool {
	values := make(map[[2]int64]int32, len(r.Base))
	for _, c := range r.Base {
		values[[2]int64{c.X, c.Y}] = c.Value
	}
	for _, c := range r.Base {
		if v, ok := values[[2]int64{c.Y, c.X}]; !ok || v != c.Value {
			return false
		}
	}
	return true
}
