package band

import "math/bits"

// fillRowTile computes the cells of row i of band st in the live columns
// [c0, c1) of the window, c0 a multiple of 64, until the row is full: the
// per-cell loop for any number of words (fillTile4 is the one for four).
// No allocation, no call through an interface, no lock.
//
// At a live cell the mex of row ∪ column ∪ E is the cell's value if it is
// at most v; it is then new to both sets (it is missing from their union).
// A larger mex means the cell is V+1, which no set records.
func (w *window) fillRowTile(st *bandState, i, c0, c1, v int, ex exclusion) {
	row := st.rowSets[i*w.words : (i+1)*w.words]
	x := st.x0 + int64(i)
	for k := c0 >> 6; k<<6 < c1; k++ {
		live := w.live[k].bits & wordMask(k, c0, c1)
		for live != 0 {
			c := k<<6 + bits.TrailingZeros64(live)
			live &= live - 1
			st.visits++
			col := w.column(c)
			m := mexOfUnion(row, col, ex.at(x, w.lo+int64(c), v), 0)
			if m > v {
				continue
			}
			bit := uint64(1) << (m & 63)
			row[m>>6] |= bit
			col[m>>6] |= bit
			if col[m>>6] == w.full[m>>6] && w.isFull(col) {
				w.live[k].bits &^= 1 << (c & 63)
			}
			st.addCell(i, c, m)
			if row[m>>6] == w.full[m>>6] && w.isFull(row) {
				st.finish(i)
				return
			}
		}
	}
}

// fillBaseRow computes row i of band st in one go, walking every column of
// the window that is live or holds a base cell, in order: the rows with base
// cells go through here, before the pipeline. A base cell keeps its value;
// one of value at most v joins both sets, a negative one joins none; in a
// one-sided sweep a cell right of the diagonal goes to the row's right
// part too (errTooFar if it is a span or more away). fits is false if the
// row is neither full nor at column n when the window ends.
func (w *window) fillBaseRow(st *bandState, i, v int, ex exclusion, base []Cell, n int64) (fits bool, err error) {
	row := st.rowSets[i*w.words : (i+1)*w.words]
	x := st.x0 + int64(i)
	defer st.finish(i)
	for c := 0; c < w.cols; c++ {
		y := w.lo + int64(c)
		for len(base) > 0 && base[0].Y < y {
			base = base[1:]
		}
		rowFull := w.isFull(row)
		if rowFull && len(base) == 0 {
			return true, nil
		}
		col := w.column(c)
		m := -1
		switch {
		case len(base) > 0 && base[0].Y == y:
			m = int(base[0].Value)
		case rowFull || w.isFull(col):
			continue
		default:
			m = mexOfUnion(row, col, ex.at(x, y, v), 0)
		}
		if m < 0 || m > v {
			continue
		}
		row[m>>6] |= 1 << (m & 63)
		col[m>>6] |= 1 << (m & 63)
		if w.isFull(col) {
			w.live[c>>6].bits &^= 1 << (c & 63)
		}
		st.addCell(i, c, m)
		if o := w.oneSided; o != nil && y > x && !o.put(x, int(y-x), m) {
			return false, errTooFar
		}
	}
	return w.isFull(row) || w.lo+int64(w.cols) > n, nil
}
