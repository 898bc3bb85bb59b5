package band

import "math/bits"

// fillTile4 computes the cells of every open row of band st in the live
// columns [c0, c1) of the window (c0 a multiple of 64) in a one-sided sweep
// (onesided.go), for sets of exactly four words (V < 255, the caps research
// runs use): each row from its diagonal on, until it is full, its cells
// written to its right part, a byte each. It goes word
// by word, every row through one word before the next: a cell needs the
// cells left of it in its row and above it in its column, which both
// orders compute first. fillTile4Word walks a word for all the rows in one
// call (a call a row and word cost 7–10% of compute -write none's CPU in
// the loop's arguments and books).
func (w *window) fillTile4(st *bandState, c0, c1, v int, ex exclusion) {
	o := w.oneSided
	t := tileWalk{
		rowSets:     st.rowSets[:4*st.rows],
		done:        st.done[:st.rows],
		cellN:       st.cellN[:st.rows],
		rows:        st.rows,
		full:        (*[4]uint64)(w.full),
		cellsLen:    v + 1,
		span:        o.span,
		rights:      o.ringBuf[ringPad:],
		rightStride: o.stride,
		ringMask:    int64(o.ring - 1),
		firstRow:    st.x0,
		x0:          noExclusion,
	}
	switch p := ex.pass; {
	case p != nil:
		t.excl, t.exclAt, t.exclStride = p.bytes, p.diagonal(int(st.x0-p.x0)), p.stride
	case ex.nimSum:
		t.x0, t.xStep = st.x0, 1
	}
	// The words holding a row's diagonal are walked even with no live
	// column: the row's set starts there.
	lastDiagonal := int(st.x0-w.lo+int64(st.rows)-1) >> 6
	for k := c0 >> 6; k<<6 < c1; k++ {
		t.mask = wordMask(k, c0, c1)
		if w.live[k].bits&t.mask == 0 && k > lastDiagonal {
			continue
		}
		t.sets, t.liveWord = w.sets[k*256:(k+1)*256], &w.live[k].bits
		t.y0 = w.lo + int64(k)<<6
		t.diagonal = st.x0 - t.y0
		fillTile4Word(&t)
	}
	st.open -= t.finished
	st.visits += t.visits
	st.tooFar = st.tooFar || t.tooFar
}

// tileWalk is what fillTile4Word reads and writes as it walks one word of
// the window (64 columns) for every row of a band.
type tileWalk struct {
	rowSets     []uint64 // row i's set: rowSets[4i : 4i+4]
	done        []bool   // the rows already full, which are skipped
	cellN       []int32  // the cells row i has found, cellsLen when full
	rows        int
	sets        []uint64   // the word's 64 columns' sets, four words each
	liveWord    *uint64    // the word's live bits, cleared as columns fill
	rights      []byte     // the right parts' ring (leftCells.ringBuf)
	rightStride int        // its bytes a row
	ringMask    int64      // its rows less one: row x's part is at slot x & ringMask
	firstRow    int64      // the band's row 0 in the table
	span        int        // how far right of its diagonal a row's cells may lie
	mask        uint64     // the word's columns inside the tile
	full        *[4]uint64 // the set of all of 0 … V
	cellsLen    int        // V+1
	diagonal    int64      // row i's diagonal is the word's column diagonal+i
	x0, xStep   int64      // row i's excluded value at column y is (x0 + i·xStep) XOR y
	y0          int64      // the word's first column
	finished    int        // rows that became full
	visits      int64      // cells whose mex was taken
	tooFar      bool       // a row needed a cell span or more right of its diagonal

	// excl, if not nil, holds the excluded values instead (the pass,
	// passRows): row i's at column diagonal+i+k, 0 ≤ k < span, is
	// excl[exclAt + i·exclStride + k] − 1 (−1: none).
	excl               []byte
	exclAt, exclStride int
}

// fillTile4WordGeneric is fillTile4Word in Go, for other architectures and
// as the reference of the assembly version. The rows go in order, up to the
// first whose diagonal lies beyond the word. A row whose diagonal is in the
// word starts there: its set is its column's, its count the size of that
// set (its cells left of the diagonal, which finishOneSided reads from the
// rows above), and it is full if they are V+1. Then fillWord4Generic walks
// each open row with a live column in the word, from its diagonal on.
func fillTile4WordGeneric(t *tileWalk) {
	for i := range t.rows {
		d := t.diagonal + int64(i)
		if d >= 64 {
			break
		}
		if t.done[i] {
			continue
		}
		row := (*[4]uint64)(t.rowSets[4*i : 4*i+4])
		mask := t.mask
		if d >= 0 {
			copy(row[:], t.sets[4*d:4*d+4])
			t.cellN[i] = int32(bits.OnesCount64(row[0]) + bits.OnesCount64(row[1]) + bits.OnesCount64(row[2]) + bits.OnesCount64(row[3]))
			if int(t.cellN[i]) == t.cellsLen {
				t.done[i] = true
				t.finished++
				continue
			}
			mask &= ^uint64(0) << d
		}
		live := *t.liveWord & mask
		if live == 0 {
			continue
		}
		// The columns span or more right of the diagonal are not walked:
		// a row that is not full without them, and has one live, needs a
		// cell beyond the span (tooFar).
		var beyond uint64
		if limit := d + int64(t.span); limit < 64 {
			inSpan := uint64(0)
			if limit > 0 {
				inSpan = 1<<limit - 1
			}
			beyond, live = live&^inSpan, live&inSpan
		}
		first := int(t.cellN[i])
		slot := int((t.firstRow+int64(i))&t.ringMask) * t.rightStride
		right := t.rights[slot : slot+t.rightStride]
		var excl []byte
		if t.excl != nil {
			at := t.exclAt + i*t.exclStride
			excl = t.excl[at : at+t.span]
		}
		n, capped := fillWord4Generic(t, row, live, first, t.x0+int64(i)*t.xStep, d, right, excl)
		t.cellN[i] = int32(n)
		t.visits += int64(n - first + capped)
		switch {
		case n == t.cellsLen:
			t.done[i] = true
			t.finished++
		case beyond != 0:
			t.tooFar = true
		}
	}
}

// noExclusion is the row fillWord4Generic is given for rules without an
// excluded value: x XOR y is then at least 2⁶², never a value of a cell.
const noExclusion = int64(1) << 62

// fillWord4Generic computes the cells of one row in the live columns of
// one word of the window, in order, until the row is full: the per-cell
// loop of fillTile4WordGeneric, which the assembly's mirrors.
//
// row is the row's set; live the bits of the word's columns to walk (the
// word's live bits are cleared as columns fill); n the cells the row has
// taken, of V+1; x XOR (y0 + j) the value column j of the word
// excludes (x = noExclusion: none), or, if excl is not nil, excl[j − d] − 1
// (−1: none); the row's diagonal is the word's column d, and a cell at
// column j is byte j − d of the row's right part, its value + 1 (the live
// columns lie within the span). It returns the cells
// taken and the number of live cells whose mex was above V.
//
// The row's set is held in four variables so that the next cell's mex need
// not wait for a store of the last one; each word of the union is formed
// only when the words before it are full; and the row is known full by its
// count alone (its set is exactly the values of its cells, all distinct, so
// it is full at the V+1-th). The excluded value is looked at only when the
// plain mex hits it, by scanning on from there.
func fillWord4Generic(t *tileWalk, row *[4]uint64, live uint64, n int, x, d int64, right, excl []byte) (nOut, capped int) {
	r0, r1, r2, r3 := row[0], row[1], row[2], row[3]
	for live != 0 {
		j := bits.TrailingZeros64(live)
		live &= live - 1
		col := (*[4]uint64)(t.sets[j*4 : j*4+4])
		var m int
		if u := r0 | col[0]; u != ^uint64(0) {
			m = bits.TrailingZeros64(^u)
		} else if u := r1 | col[1]; u != ^uint64(0) {
			m = 64 + bits.TrailingZeros64(^u)
		} else if u := r2 | col[2]; u != ^uint64(0) {
			m = 128 + bits.TrailingZeros64(^u)
		} else {
			m = 192 + bits.TrailingZeros64(^(r3 | col[3])) // 256 when full
		}
		e := x ^ (t.y0 + int64(j))
		if excl != nil {
			e = int64(excl[int64(j)-d]) - 1
		}
		if int64(m) == e {
			m = mex4From(r0|col[0], r1|col[1], r2|col[2], r3|col[3], m+1)
		}
		if m >= t.cellsLen { // above V: the cell is V+1
			capped++
			continue
		}
		bit := uint64(1) << (m & 63)
		word := m >> 6 & 3
		col[word] |= bit
		if col[word] == t.full[word] && *col == *t.full {
			*t.liveWord &^= 1 << j
		}
		n++
		right[int64(j)-d] = byte(m + 1)
		switch word {
		case 0:
			r0 |= bit
		case 1:
			r1 |= bit
		case 2:
			r2 |= bit
		default:
			r3 |= bit
		}
		if n == t.cellsLen {
			break
		}
	}
	row[0], row[1], row[2], row[3] = r0, r1, r2, r3
	return n, capped
}

// mex4From is the smallest value ≥ from missing from the four-word set
// u0 … u3, or 256 when there is none.
func mex4From(u0, u1, u2, u3 uint64, from int) int {
	for k, u := range [4]uint64{u0, u1, u2, u3} {
		if k == from>>6 {
			u |= 1<<(from&63) - 1
		}
		if k >= from>>6 && u != ^uint64(0) {
			return k<<6 + bits.TrailingZeros64(^u)
		}
	}
	return 256
}
