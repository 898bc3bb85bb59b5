package band

import "math/bits"

// window holds the value sets of the columns lo … lo+cols−1 during a
// segment: every column below lo is full, every column from lo+cols on has
// not been reached by any row yet and so is empty.
//
// A set holds the values at most V seen so far, bit k of word k/64 for
// value k, words words wide; it is full when every word equals its word of
// full, the set of all of 0 … V. Bit c of live is set when column lo+c is
// not full: the rows walk these bits only. Tiles are whole words of live,
// so the worker that owns a tile owns its words, each on a cache line of
// its own (liveWord).
type window struct {
	lo    int64
	cols  int
	words int
	full  []uint64
	sets  []uint64
	live  []liveWord
	// oneSided holds what a one-sided sweep keeps besides the sets
	// (onesided.go); nil in a two-sided one.
	oneSided *leftCells
}

// liveWord is a word of a window's live bits, alone on its cache line. Two
// workers sweep neighbouring tiles of the same columns, the band above a
// tile or more ahead; with eight words to a line, every column the upper
// band filled took the line from the lower band's core, which read it
// again at its next row (with two workers, the load of the live word was a
// fifth of the time of the Go code around the per-cell loop, against 3%
// with one).
type liveWord struct {
	bits uint64
	_    [7]uint64
}

// newWindow allocates an empty window of sets of the values 0 … v, words
// words each.
func newWindow(v, words int) *window {
	full := make([]uint64, words)
	for k := range full {
		switch {
		case k < v>>6:
			full[k] = ^uint64(0)
		case k == v>>6:
			full[k] = ^uint64(0) >> (63 - v&63)
		}
	}
	return &window{words: words, full: full}
}

// isFull reports whether set holds all of 0 … V.
func (w *window) isFull(set []uint64) bool {
	for k, f := range w.full {
		if set[k] != f {
			return false
		}
	}
	return true
}

// column is the set of window column c.
func (w *window) column(c int) []uint64 { return w.sets[c*w.words : (c+1)*w.words] }

// grow makes room for at least room columns, keeping the columns held.
func (w *window) grow(room int) {
	room = (room + 63) &^ 63
	if room*w.words <= len(w.sets) {
		return
	}
	sets := make([]uint64, room*w.words)
	copy(sets, w.sets[:w.cols*w.words])
	w.sets, w.live = sets, make([]liveWord, room/64)
	if w.oneSided != nil {
		w.oneSided.grow(room, w.cols, w.words)
	}
}

// slide moves the window to start at its first column that is not full
// and to reach column end+margin (n at most, and never short of the columns
// it holds), the new columns empty, and rebuilds the live bits.
func (w *window) slide(end, margin, n int64) {
	first := 0
	for first < w.cols && w.isFull(w.column(first)) {
		first++
	}
	kept := w.cols - first
	lo := w.lo + int64(first)
	cols := max(int(min(end+margin, n+1)-lo), kept, 0)
	w.grow(cols)
	copy(w.sets, w.sets[first*w.words:w.cols*w.words])
	clear(w.sets[kept*w.words : cols*w.words])
	w.lo, w.cols = lo, cols
	w.rebuildLive()
}

// copyFrom makes w a copy of src.
func (w *window) copyFrom(src *window) {
	w.full = src.full
	w.grow(len(src.sets) / src.words)
	w.lo, w.cols = src.lo, src.cols
	copy(w.sets, src.sets[:src.cols*src.words])
	copy(w.live, src.live)
	if w.oneSided != nil {
		w.oneSided.copyFrom(src.oneSided, src.cols, src.words)
	}
}

// anyLive reports whether a column of [c0, c1) is live; c0 is a multiple
// of 64.
func (w *window) anyLive(c0, c1 int) bool {
	for k := c0 >> 6; k<<6 < c1; k++ {
		if w.live[k].bits&wordMask(k, c0, c1) != 0 {
			return true
		}
	}
	return false
}

// wordMask is the mask of the bits of live word k that fall in [c0, c1).
func wordMask(k, c0, c1 int) uint64 {
	mask := ^uint64(0)
	if lo := c0 - k<<6; lo > 0 {
		mask <<= uint(lo)
	}
	if hi := c1 - k<<6; hi < 64 {
		mask &= 1<<uint(hi) - 1
	}
	return mask
}

// mexOfUnion returns the smallest value ≥ from in neither row nor col nor
// {extra} (extra < 0: none), or words·64 when there is none; the caller
// caps it.
func mexOfUnion(row, col []uint64, extra, from int) int {
	col = col[:len(row)]
	for k := from >> 6; k < len(row); k++ {
		u := row[k] | col[k]
		if extra>>6 == k {
			u |= 1 << (extra & 63)
		}
		if k == from>>6 {
			u |= 1<<(from&63) - 1
		}
		if u != ^uint64(0) {
			return k<<6 + bits.TrailingZeros64(^u)
		}
	}
	return len(row) << 6
}
