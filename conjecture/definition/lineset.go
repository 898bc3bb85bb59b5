package definition

import "math/bits"

// lineSet is the set of the values seen so far on one line of options: a
// row prefix, a column prefix, a diagonal prefix. It is a bitset in two
// levels that slides:
//
//   - words[i] holds the values 64·(64·base + i) … +63, and bit j of
//     full[k] says that words[64k + j] is full;
//   - every value below 4096·base is present and no longer stored: once
//     the first 64 words are all full, the set drops them and one summary
//     word, and base grows by one.
//
// So a line keeps only the window of values above its mex, rounded down to
// 4096, not every value it has seen, and a scan over the union of lines
// steps over 64 words at once where some line is full there. (The engine's
// kernels keep every line over the whole value range, in one slice per
// tile; nothing here is shared with them.)
type lineSet struct {
	base  int
	words []uint64
	full  []uint64
	least int // the mex, kept as values arrive
}

// word returns the 64 membership bits of the values 64·w … 64·w+63.
func (s *lineSet) word(w int) uint64 {
	i := w - s.base<<6
	switch {
	case i < 0:
		return ^uint64(0)
	case i >= len(s.words):
		return 0
	}
	return s.words[i]
}

// fullWords returns the bits of words 64·k … 64·k+63 that are full.
func (s *lineSet) fullWords(k int) uint64 {
	i := k - s.base
	switch {
	case i < 0:
		return ^uint64(0)
	case i >= len(s.full):
		return 0
	}
	return s.full[i]
}

// has reports whether v ≥ 0 is in s.
func (s *lineSet) has(v int) bool { return s.word(v>>6)&(1<<(v&63)) != 0 }

// mex is the least value not in s.
func (s *lineSet) mex() int { return s.least }

// add puts v ≥ 0 into s.
func (s *lineSet) add(v int) {
	i := v>>6 - s.base<<6
	if i < 0 {
		return
	}
	if i >= len(s.words) {
		s.words = grow(s.words, i+1)
		s.full = grow(s.full, i>>6+1)
	}
	s.words[i] |= 1 << (v & 63)
	if s.words[i] == ^uint64(0) {
		s.full[i>>6] |= 1 << (i & 63)
		for len(s.full) > 0 && s.full[0] == ^uint64(0) {
			s.words, s.full = s.words[64:], s.full[1:]
			s.base++
		}
	}
	if v == s.least {
		alone := coverage{a: s, b: s, c: s, extra: -1}
		s.least = alone.mexFrom(v + 1)
	}
}

// grow returns words extended with zeros to length n ≥ len(words).
func grow(words []uint64, n int) []uint64 {
	old := len(words)
	if n > cap(words) {
		words = append(words[:cap(words)], make([]uint64, n-cap(words))...)
	}
	words = words[:n]
	clear(words[old:])
	return words
}

// reset empties s, keeping its memory.
func (s *lineSet) reset() {
	s.base, s.least = 0, 0
	s.words, s.full = s.words[:0], s.full[:0]
}

// coverage is the union of three line sets, a window set and one extra
// value: the option values of a cell. Unused parts are empty sets.
type coverage struct {
	a, b, c *lineSet
	win     windowSet
	extra   int // −1 for none
}

// word returns the membership bits of the union for the values 64·w … 64·w+63.
func (u *coverage) word(w int) uint64 {
	m := u.a.word(w) | u.b.word(w) | u.c.word(w) | u.win.word(w)
	if u.extra>>6 == w && u.extra >= 0 {
		m |= 1 << (u.extra & 63)
	}
	return m
}

// openWords returns the bits of words 64·k … 64·k+63 that no line set has
// full: only these can hold a value missing from the union.
func (u *coverage) openWords(k int) uint64 {
	return ^(u.a.fullWords(k) | u.b.fullWords(k) | u.c.fullWords(k))
}

// has reports whether v is one of the option values.
func (u *coverage) has(v int) bool { return u.word(v>>6)&(1<<(v&63)) != 0 }

// covers reports whether every value in [lo, hi) is an option value.
func (u *coverage) covers(lo, hi int) bool {
	if lo >= hi {
		return true
	}
	last := (hi - 1) >> 6
	for w := lo >> 6; w <= last; w++ {
		open := u.openWords(w>>6) & (^uint64(0) << (w & 63))
		if open == 0 {
			w = w | 63 // every word to the end of this summary word is full somewhere
			continue
		}
		w = w&^63 + bits.TrailingZeros64(open)
		if w > last {
			return true
		}
		mask := ^uint64(0)
		if w == lo>>6 {
			mask <<= lo & 63
		}
		if w == last {
			mask &= ^uint64(0) >> (63 - (hi-1)&63)
		}
		if u.word(w)&mask != mask {
			return false
		}
	}
	return true
}

// mexFrom is the least value ≥ lo that is not an option value: the value
// the definition gives, when every value below lo is one.
func (u *coverage) mexFrom(lo int) int {
	for w := lo >> 6; ; w++ {
		open := u.openWords(w>>6) & (^uint64(0) << (w & 63))
		if open == 0 {
			w |= 63
			continue
		}
		w = w&^63 + bits.TrailingZeros64(open)
		missing := ^u.word(w)
		if w == lo>>6 {
			missing &= ^uint64(0) << (lo & 63)
		}
		if missing != 0 {
			return w<<6 + bits.TrailingZeros64(missing)
		}
	}
}
