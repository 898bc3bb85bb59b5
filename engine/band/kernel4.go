package band

import "math/bits"

// fillRowTile4 is fillRowTile for sets of exactly four words (V < 256, the
// caps research runs use): it hands each word of live columns to
// fillWord4, the per-cell loop, and keeps the row's books.
func (w *window) fillRowTile4(st *bandState, i, c0, c1, v int, nimSum bool) {
	rowSet := (*[4]uint64)(st.rowSets[i*4 : i*4+4])
	full := (*[4]uint64)(w.full)
	// The row's cells, found and to come: V+1 of them fill it.
	cells := st.cells[i*st.cellCap : i*st.cellCap+v+1]
	x := noExclusion
	if nimSum {
		x = st.x0 + int64(i)
	}
	first := int(st.cellN[i])
	n, capped := first, 0
	for k := c0 >> 6; k<<6 < c1; k++ {
		live := w.live[k].bits & wordMask(k, c0, c1)
		if live == 0 {
			continue
		}
		var c int
		n, c = fillWord4(rowSet, w.sets[k*256:(k+1)*256], live, &w.live[k].bits, full,
			cells, n, packCell(k<<6, 0), x, w.lo+int64(k)<<6)
		capped += c
		if n == len(cells) {
			st.finish(i)
			break
		}
	}
	st.cellN[i] = int32(n)
	st.visits += int64(n - first + capped)
}

// noExclusion is the row fillWord4 is given for rules without an excluded
// value: x XOR y is then at least 2⁶², never a value of a cell.
const noExclusion = int64(1) << 62

// fillWord4Generic is fillWord4 in Go, for other architectures and as the
// reference of the assembly version.
//
// The row's set is held in four variables so that the next cell's mex need
// not wait for a store of the last one; each word of the union is formed
// only when the words before it are full; and the row is known full by its
// count alone (its set is exactly the values of its cells, all distinct, so
// it is full at the V+1-th). The excluded value is looked at only when the
// plain mex hits it, by scanning on from there.
func fillWord4Generic(row *[4]uint64, sets []uint64, live uint64, liveWord *uint64, full *[4]uint64,
	cells []uint64, n int, packedBase uint64, x, y0 int64) (nOut, capped int) {
	r0, r1, r2, r3 := row[0], row[1], row[2], row[3]
	for live != 0 {
		j := bits.TrailingZeros64(live)
		live &= live - 1
		col := (*[4]uint64)(sets[j*4 : j*4+4])
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
		if int64(m) == x^(y0+int64(j)) {
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
			*liveWord &^= 1 << j
		}
		cells[n] = packedBase + uint64(j)<<32 | uint64(m)
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
