package bandcheck

import "math/bits"

// valueSet is a set of values 0 … V as a bitset, with its size: it is
// full when it holds all V + 1 of them.
type valueSet struct {
	bits  []uint64
	count int
}

// add puts v, 0 ≤ v ≤ V, into s; adding a value twice counts it once.
func (s *valueSet) add(v int32) {
	w, b := v>>6, uint64(1)<<(v&63)
	if s.bits[w]&b == 0 {
		s.bits[w] |= b
		s.count++
	}
}

// values returns the values of s in increasing order.
func (s *valueSet) values() []int32 {
	var vs []int32
	for w, word := range s.bits {
		for ; word != 0; word &= word - 1 {
			vs = append(vs, int32(w<<6+bits.TrailingZeros64(word)))
		}
	}
	return vs
}

// cappedMex returns min(mex(a ∪ b ∪ c ∪ {extra}), v + 1) for sets of
// values 0 … v in words words; nil sets are empty, and an extra value
// outside 0 … v counts for nothing.
func cappedMex(v, words int, a, b, c *valueSet, extra int) int32 {
	for w := range words {
		m := word(a, w) | word(b, w) | word(c, w)
		if extra >= 0 && extra <= v && extra>>6 == w {
			m |= 1 << (extra & 63)
		}
		if m != ^uint64(0) {
			if mex := w<<6 + bits.TrailingZeros64(^m); mex <= v {
				return int32(mex)
			}
			break
		}
	}
	return int32(v + 1)
}

func word(s *valueSet, w int) uint64 {
	if s == nil {
		return 0
	}
	return s.bits[w]
}
