package engine

import "math/bits"

// A value set is a slice of setStride(words) words: a bitset of words words
// holding the values, followed by a summary with one bit per bitset word,
// set when that word is full (all its 64 values present). The summary lets
// the mex scan step over full words 64 at a time: in these tables most of
// the words between a row's running mex and the mex of a cell are full in
// the row or in the column alone.

// bitsetWords is the number of 64-bit words each row and column bitset needs
// for a table of side n+1 whose largest base value is maxBase.
//
// The mex at (x, y) is taken over at most x + y + min(x, y) + 1 values (x
// from the column, y from the row, min(x, y) from the diagonal, one
// excluded), so it is at most 3n + 1; base values are stored as they are. A
// bitset with room for the larger of the two always has a zero bit for the
// scans below to stop at, so they never read past the bitset into the
// summary. Without diagonal moves there are no diagonal options, and 2n + 1
// is the bound.
func bitsetWords(n, maxBase int, diagonal bool) int {
	top := 2*n + 1
	if diagonal {
		top = 3*n + 1
	}
	return max(top, maxBase)/64 + 1
}

// setStride is the length of a value set with a bitset of words words.
func setStride(words int) int { return words + (words+63)/64 }

// addValue adds v ≥ 0 to set, keeping the summary up to date.
func addValue(set []uint64, words, v int) {
	w := v >> 6
	set[w] |= 1 << (v & 63)
	if set[w] == ^uint64(0) {
		set[words+w>>6] |= 1 << (w & 63)
	}
}

// mexOfUnion returns the least non-negative value that is in none of the
// value sets row and col and is not excluded, given that every value below
// lowerBound is in one of them. A negative excluded value excludes nothing.
//
// This is the per-cell hot path. It reads words, never cells: it starts at
// the word holding lowerBound, skips through the summaries the words full in
// either set, and tests the union of the first word open in both.
func mexOfUnion(row, col []uint64, words, lowerBound, excluded int) int {
	w := lowerBound >> 6
	for {
		s := w >> 6
		open := ^(row[words+s] | col[words+s]) & (^uint64(0) << (w & 63))
		if open == 0 {
			w = (s + 1) << 6
			continue
		}
		w = s<<6 | bits.TrailingZeros64(open)
		union := row[w] | col[w]
		if excluded>>6 == w {
			union |= 1 << (excluded & 63)
		}
		if union != ^uint64(0) {
			return w<<6 | bits.TrailingZeros64(^union)
		}
		w++
	}
}

// mexOfUnion3 is mexOfUnion of three sets, for the diagonal moves. It is a
// function of its own, not mexOfUnion with the column passed twice, because
// the third load and test cost the two-set tables 10–20% (gneg1, n = 3000,
// one worker, measured side by side).
func mexOfUnion3(row, col, diag []uint64, words, lowerBound int) int {
	w := lowerBound >> 6
	for {
		s := w >> 6
		open := ^(row[words+s] | col[words+s] | diag[words+s]) & (^uint64(0) << (w & 63))
		if open == 0 {
			w = (s + 1) << 6
			continue
		}
		w = s<<6 | bits.TrailingZeros64(open)
		if union := row[w] | col[w] | diag[w]; union != ^uint64(0) {
			return w<<6 | bits.TrailingZeros64(^union)
		}
		w++
	}
}

// nextMex returns the mex of set after value m, its previous mex, has been
// added: the first zero bit above m. Every bit below m is set by definition
// of the mex, so the scan needs no mask; the mex is amortised O(1) per added
// value, as it only grows.
func nextMex(set []uint64, m int) int {
	w := m >> 6
	word := set[w] | (uint64(1)<<(m&63) - 1)
	for word == ^uint64(0) {
		w++
		word = set[w]
	}
	return w<<6 | bits.TrailingZeros64(^word)
}
