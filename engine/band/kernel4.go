package band

import "math/bits"

// fillRowTile4 is fillRowTile for sets of exactly four words (V < 256, the
// caps research runs use), written for the register allocator: the row's
// set is held in four registers, so that the next cell's mex need not wait
// for a store of the last one; a column's set is a *[4]uint64, bounds-checked
// once; each word of the union is formed only when the words before it are
// full; and the row is known full by its count alone (its set is exactly
// the values of its cells, all distinct, so it is full at the V+1-th), so
// the per-cell loop keeps few enough values live to stay in registers. The
// excluded value of G_P is looked at only when the plain mex hits it, by
// scanning on from there.
func (w *window) fillRowTile4(st *bandState, i, c0, c1, v int, nimSum bool) {
	rowSet := (*[4]uint64)(st.rowSets[i*4 : i*4+4])
	r0, r1, r2, r3 := rowSet[0], rowSet[1], rowSet[2], rowSet[3]
	full := (*[4]uint64)(w.full)
	// The row's cells, found and to come: V+1 of them fill it.
	cells := st.cells[i*st.cellCap : i*st.cellCap+v+1]
	first := int(st.cellN[i])
	n, capped := first, 0
	sets := w.sets
	for k := c0 >> 6; k<<6 < c1; k++ {
		live := w.live[k] & wordMask(k, c0, c1)
		for live != 0 {
			c := k<<6 + bits.TrailingZeros64(live)
			live &= live - 1
			col := (*[4]uint64)(sets[c*4 : c*4+4])
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
			if nimSum && int64(m) == (st.x0+int64(i))^(w.lo+int64(c)) {
				m = mex4From(r0|col[0], r1|col[1], r2|col[2], r3|col[3], m+1)
			}
			if m >= len(cells) { // above V: the cell is V+1
				capped++
				continue
			}
			bit := uint64(1) << (m & 63)
			word := m >> 6 & 3
			col[word] |= bit
			if col[word] == full[word] && *col == *full {
				w.live[k] &^= 1 << (c & 63)
			}
			cells[n] = packCell(c, m)
			n++
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
			if n == len(cells) {
				st.finish(i)
				k = c1 // no more cells in this row
				break
			}
		}
	}
	rowSet[0], rowSet[1], rowSet[2], rowSet[3] = r0, r1, r2, r3
	st.cellN[i] = int32(n)
	st.visits += int64(n - first + capped)
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
