package bandcheck

import "math/bits"

// A value set is a set of values 0 … V as words bits, value u at bit u%64
// of word u/64, kept with its size: it is full when it holds all V + 1.

// addValue puts u, 0 ≤ u ≤ V, into the set s and reports whether it was
// new, so that the caller counts it once.
func addValue(s []uint64, u int32) bool {
	w, b := u>>6, uint64(1)<<(u&63)
	if s[w]&b != 0 {
		return false
	}
	s[w] |= b
	return true
}

// values returns the values of the set s in increasing order.
func values(s []uint64) []int32 {
	var vs []int32
	for w, word := range s {
		for ; word != 0; word &= word - 1 {
			vs = append(vs, int32(w<<6+bits.TrailingZeros64(word)))
		}
	}
	return vs
}

// cappedMex returns min(mex(row ∪ col ∪ diag ∪ {extra}), v + 1) for sets
// of values 0 … v, the row's first word being row0 (held in a register by
// the caller: each cell's mex reads the row the cell before it changed);
// diag may be nil (no diagonal), and an extra value outside 0 … v counts
// for nothing. It reads the words in order and stops at the first with a
// hole: the mex is the lowest value missing.
func cappedMex(v int, row0 uint64, row, col, diag []uint64, extra int) int32 {
	for w := range row {
		m := col[w]
		if w == 0 {
			m |= row0
		} else {
			m |= row[w]
		}
		if diag != nil {
			m |= diag[w]
		}
		if extra >= 0 && extra>>6 == w && extra <= v {
			m |= 1 << (extra & 63)
		}
		if m != ^uint64(0) {
			return int32(min(w<<6+bits.TrailingZeros64(^m), v+1))
		}
	}
	return int32(v + 1)
}
