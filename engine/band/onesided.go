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
// walk. The cells left of the diagonal are still emitted, in order: each
// row keeps its cells right of the diagonal as bytes by their distance from
// it (its right part, one byte a cell), and when a band is done each of its
// rows x reads its cells (x, y), y < x, from the right parts of the rows y
// above: byte x − y of row y's (gatherLeft).
//
// The kernel so writes only memory of its own band: the column lists that
// the rows used to append each cell to, one for each column, were written
// by the band that found the cell and read by the band of the column's row,
// on the other core, and with two workers cost more than the sweep they
// served (docs/measurements.md, 2026-12-01).
//
// A column's set then holds the values of its cells down to the row being
// swept only while that row is above the diagonal, which is all the walk
// needs; State is still the two-sided one (oneSidedState), so checkpoints,
// proofs and their certificates do not change.

// leftCells is what a one-sided sweep's window keeps besides the column
// sets: the right parts of the rows whose cells rows below may still need,
// and the final set of each row that has been swept.
type leftCells struct {
	v int // the sweep's V: the cells kept have values 0 … v
	// span bounds how far right of its diagonal a row's cells lie: V+3
	// (in the tables served, the cells of value at most V lie within V+1
	// of the diagonal). A cell found further away stops the one-sided
	// sweep (errTooFar), which goes on two-sided.
	span int
	// ringBuf holds ringPad bytes, then a ring of ring rows' right parts,
	// row x at slot x mod ring, stride bytes a slot: byte k of row x's
	// is v+1 for its cell (x, x+k) of value v, and 0 where it has none (k
	// < span; the bytes beyond span stay 0, and so do the pad's, so that
	// a slot is read sixteen bytes at a time from up to 29 before it to 30
	// beyond its span: transposeLeft). A row's part is read by the rows below it within span,
	// and no more than (ring − span)/Tile bands are in flight
	// (inFlight), so a slot is reused only once every row that reads it
	// is done. Rows are numbered in the table, not the window, so the
	// parts stay put when the window slides.
	ring    int
	stride  int
	ringBuf []byte
	// finals holds row lo+c's set once its walk is over, for the rows
	// swept: all of its values, the cells left of the diagonal included.
	finals []uint64
}

// errTooFar stops a one-sided segment that found a cell span or more right
// of its row's diagonal.
var errTooFar = errors.New("band: a cell beyond the one-sided sweep's span")

// errForeign says that the rows of a state do not give its column sets.
var errForeign = errors.New("band: a state the rules do not reach")

// newLeftCells prepares the right parts of a one-sided sweep of the values
// 0 … v, span wide (0: v+3), whose bands of tile rows are swept by workers
// goroutines.
func newLeftCells(v, span, workers, tile int) *leftCells {
	if span <= 0 {
		span = v + 3
	}
	ring := max(64, 1<<bits.Len(uint(span+workers*tile-1)))
	stride := (span + 30 + 63) &^ 63
	return &leftCells{v: v, span: span, ring: ring, stride: stride, ringBuf: make([]byte, ringPad+ring*stride)}
}

// ringPad is the bytes before a leftCells' first slot.
const ringPad = 32

// inFlight is the most bands of tile rows that may be in flight at once.
func (o *leftCells) inFlight(tile int) int { return (o.ring - o.span) / tile }

// grow makes room for room columns, keeping the first cols.
func (o *leftCells) grow(room, cols, words int) {
	finals := make([]uint64, room*words)
	copy(finals, o.finals[:cols*words])
	o.finals = finals
}

// copyFrom makes o a copy of src's right parts and its first cols final
// sets.
func (o *leftCells) copyFrom(src *leftCells, cols, words int) {
	copy(o.ringBuf, src.ringBuf)
	copy(o.finals, src.finals[:cols*words])
}

// right is row x's right part, span bytes.
func (o *leftCells) right(x int64) []byte {
	at := ringPad + int(x&int64(o.ring-1))*o.stride
	return o.ringBuf[at : at+o.span]
}

// clearRows empties the right parts of rows x … x+rows−1, which are about
// to be swept (rows ≤ ring).
func (o *leftCells) clearRows(x int64, rows int) {
	for r := range int64(rows) {
		clear(o.right(x + r))
	}
}

// put records row x's cell k right of its diagonal, of value m; false if
// it lies span or more right of the diagonal.
func (o *leftCells) put(x int64, k, m int) bool {
	if k >= o.span {
		return false
	}
	o.right(x)[k] = byte(m + 1)
	return true
}

// slideOneSided moves a one-sided sweep's window to the segment from row
// start to end: it keeps the columns from start on and, before them, every
// row with a cell from column start on or whose final set is not full (a
// row that met column n first), which State needs. The window reaches
// column end+margin (n at most), the new columns empty. Only the rows
// start−span+1 … start−1 can have a cell from column start on: every row
// before start found no cell further right of its diagonal.
func (w *window) slideOneSided(start, end, margin, n int64) {
	o := w.oneSided
	from := int(min(start-w.lo, int64(w.cols)))
	first := from
	for y := max(w.lo, start-int64(o.span)+1); y < w.lo+int64(from); y++ {
		if o.reaches(y, start) {
			first = int(y - w.lo)
			break
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
	w.lo, w.cols = lo, cols
	w.rebuildLive()
}

// reaches reports whether row y < col, swept, has a cell at column col or
// beyond.
func (o *leftCells) reaches(y, col int64) bool {
	for _, b := range o.right(y)[col-y:] {
		if b != 0 {
			return true
		}
	}
	return false
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
// their dense rows are written, their cells left of the diagonal read from
// the rows above (fillDense), and each row's set is kept as its final one.
func (w *window) finishOneSided(st *bandState) {
	o := w.oneSided
	o.fillDense(st)
	c0 := int(st.x0 - w.lo)
	for i := range st.rows {
		c := c0 + i
		copy(o.finals[c*w.words:(c+1)*w.words], st.rowSets[i*w.words:(i+1)*w.words])
	}
}

// oneSidedState is State for a one-sided sweep: a column from Next on
// holds the cells above Next already, as in the two-sided sweep; column x
// before Next holds row x's values left of column Next (G is symmetric),
// which are its final set less the values of its cells from column Next
// on, found in its right part.
func (sw *Sweeper) oneSidedState() State {
	w, o := sw.win, sw.win.oneSided
	words := w.words
	next := int(sw.next - w.lo)
	sets := make([]uint64, w.cols*words)
	copy(sets, o.finals[:next*words])
	copy(sets[next*words:], w.sets[next*words:w.cols*words])
	end := w.lo + int64(w.cols)
	for y := max(w.lo, sw.next-int64(o.span)+1); y < sw.next; y++ {
		right, r := o.right(y), int(y-w.lo)
		for k := sw.next - y; k < int64(len(right)) && y+k < end; k++ {
			if b := int(right[k]); b != 0 {
				m := b - 1
				sets[r*words+m>>6] &^= 1 << (m & 63)
			}
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
// rows below read from its right part: so each such row that is not full
// is walked on from column Next as the one-sided walk would, which
// rebuilds the sets of the columns from Next on and the right parts from
// there. errTooFar: a row found a cell beyond the span;
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
		o.clearRows(max(lo, st.Next-int64(o.ring)), int(st.Next-max(lo, st.Next-int64(o.ring))))
		ex := exclusion{nimSum: sw.excl.nimSum}
		if p := sw.pass; p != nil {
			rows, err := mirrorRows(p.rules, sw.n, sw.v, sw.cfg, *st.Passless, lo+int64(cols))
			if err != nil {
				return err
			}
			ex.pass = rows
		}
		fits, err := sw.walkOn(next, ex)
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
// column n. The value cell (x, y) excludes is ex's at (y, x), the same in
// a symmetric table: with the pass, ex holds the passless rows from next
// on (mirrorRows).
func (sw *Sweeper) walkOn(next int, ex exclusion) (fits bool, err error) {
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
			m := mexOfUnion(row, col, ex.at(w.lo+int64(c), x, sw.v), 0)
			if m > sw.v {
				continue
			}
			row[m>>6] |= 1 << (m & 63)
			col[m>>6] |= 1 << (m & 63)
			if !o.put(x, c-r, m) {
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
// (y, x) of the same value, and the pass's table is symmetric.
func (r Rules) symmetric() bool {
	if r.Passless != nil && !r.Passless.symmetric() {
		return false
	}
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
