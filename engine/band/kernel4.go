package band

import "math/bits"

// fillRowTile4 is fillRowTile for sets of exactly four words (V < 256, the
// caps research runs use), with the row's set held in four registers
// instead of memory, so that the next cell's mex need not wait for the
// store of the last one, and the mex of the union unrolled. The excluded
// value of G_P is looked at only when the plain mex hits it, by scanning on
// from there.
func (w *window) fillRowTile4(st *bandState, i, c0, c1, v int, nimSum bool) {
	rowSet := st.rowSets[i*4 : i*4+4 : i*4+4]
	r0, r1, r2, r3 := rowSet[0], rowSet[1], rowSet[2], rowSet[3]
	full := w.full[:4:4]
	f0, f1, f2, f3 := full[0], full[1], full[2], full[3]
	x := st.x0 + int64(i)
	cellY := st.cellY[i*st.cellCap : (i+1)*st.cellCap]
	cellV := st.cellV[i*st.cellCap : (i+1)*st.cellCap]
	n := st.cellN[i]
	visits := int64(0)
	sets, lo := w.sets, w.lo
	for k := c0 >> 6; k<<6 < c1; k++ {
		live := w.live[k] & wordMask(k, c0, c1)
		for live != 0 {
			c := k<<6 + bits.TrailingZeros64(live)
			live &= live - 1
			visits++
			col := sets[c*4 : c*4+4 : c*4+4]
			u0, u1, u2, u3 := r0|col[0], r1|col[1], r2|col[2], r3|col[3]
			var m int
			switch {
			case u0 != ^uint64(0):
				m = bits.TrailingZeros64(^u0)
			case u1 != ^uint64(0):
				m = 64 + bits.TrailingZeros64(^u1)
			case u2 != ^uint64(0):
				m = 128 + bits.TrailingZeros64(^u2)
			default:
				m = 192 + bits.TrailingZeros64(^u3) // 256 when u3 is full too
			}
			y := lo + int64(c)
			if nimSum && int64(m) == x^y {
				m = mex4From(u0, u1, u2, u3, m+1)
			}
			if m > v {
				continue
			}
			bit := uint64(1) << (m & 63)
			word := col[m>>6] | bit
			col[m>>6] = word
			if word == full[m>>6] && col[0] == f0 && col[1] == f1 && col[2] == f2 && col[3] == f3 {
				w.live[k] &^= 1 << (c & 63)
			}
			cellY[n], cellV[n] = y, int32(m)
			n++
			switch m >> 6 {
			case 0:
				r0 |= bit
				word = r0
			case 1:
				r1 |= bit
				word = r1
			case 2:
				r2 |= bit
				word = r2
			default:
				r3 |= bit
				word = r3
			}
			if word == full[m>>6] && r0 == f0 && r1 == f1 && r2 == f2 && r3 == f3 {
				st.finish(i)
				k = c1 // no more cells in this row
				break
			}
		}
	}
	rowSet[0], rowSet[1], rowSet[2], rowSet[3] = r0, r1, r2, r3
	st.cellN[i] = n
	st.visits += visits
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
