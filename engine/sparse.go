package engine

import (
	"math/bits"
	"slices"
)

// Sparse value sets, for the columns and diagonals. In these tables a
// set's values spread over thousands of values above its mex, yet almost
// all of its 64-bit words are full or empty: in G₋₁ after 10⁴ rows a column
// has 11 words that are neither (46 at most) out of 313, after 3·10⁴ rows
// 18 of 938. A sparseSet stores only the words that are not empty, a full
// stretch as one span, and forgets everything below its mex, which is all
// present by definition. Its memory follows the mixed words and the full
// stretches between them, not n. The rows of a band keep dense bitsets
// (mexOfRowAndSparse says why).

// fullWord is a 64-bit word holding all of its 64 values.
const fullWord = ^uint64(0)

// span is one stretch of a sparse set: the words word … end−1. Either a run
// of full words (bits == fullWord), or one mixed word (end == word+1) whose
// bits are neither 0 nor all ones. Empty words have no span.
type span struct {
	word, end int32
	bits      uint64
}

// sparseSet is a set of non-negative values with its mex.
//
// Invariants: spans are sorted by word and disjoint; two full runs are never
// adjacent (they are joined); no span lies wholly below the word of mex, so
// the words below mex>>6 are full though no span says so; and every value
// below mex is in the set.
type sparseSet struct {
	spans []span
	mex   int32
}

// sparseSlots is the room for spans each column set starts with. The
// column sets' first spans lie side by side in one array, so the per-cell
// loop, which walks the columns in order, reads them from memory in order;
// a set that outgrows its slots moves its spans to an array of its own.
// A column of G₋₁ holds about 6 spans on average at n = 3000.
const sparseSlots = 8

// newSparseSets returns count empty sets, each with room for slots spans in
// one shared array.
func newSparseSets(count, slots int) []sparseSet {
	sets := make([]sparseSet, count)
	backing := make([]span, count*slots)
	for i := range sets {
		sets[i].spans = backing[i*slots : i*slots : (i+1)*slots]
	}
	return sets
}

// reset empties the set, keeping its storage.
func (s *sparseSet) reset() {
	s.spans = s.spans[:0]
	s.mex = 0
}

// find returns the index of the first span that ends after word w: the
// span holding w if there is one, else the first span above it. Sets hold
// a few dozen spans, and the word sought is near the first, so a linear
// scan beats a binary search.
func (s *sparseSet) find(w int32) int {
	i := 0
	for i < len(s.spans) && s.spans[i].end <= w {
		i++
	}
	return i
}

// add puts v ≥ 0 into the set; a value already present changes nothing.
// It allocates only when the set outgrows its capacity, which doubles, so
// a set of k spans has allocated O(log k) times in its whole life.
func (s *sparseSet) add(v int) {
	if v >= int(s.mex) {
		s.addAt(v, s.find(int32(v>>6)))
	}
}

// addAt is add of a value v ≥ mex whose word's span index, find(v>>6), is
// already known: the mex scans return it, which saves the per-cell loop a
// second search.
func (s *sparseSet) addAt(v, i int) {
	if !s.addToMixed(v, i) {
		s.addAtSlow(v, i)
	}
}

// addToMixed is addAt in its common case, a bit set in a mixed word that
// stays mixed, and small enough to be inlined; it reports false, having
// changed nothing, in every other case. If v is the mex, its word is the
// first span (none lies below it), and the new mex is that word's first
// zero, as the word is not full.
func (s *sparseSet) addToMixed(v, i int) bool {
	if i >= len(s.spans) {
		return false
	}
	p := &s.spans[i]
	b := p.bits | 1<<(v&63)
	if p.word != int32(v>>6) || b == fullWord {
		return false
	}
	p.bits = b
	if v == int(s.mex) {
		s.mex = p.word<<6 | int32(bits.TrailingZeros64(^b))
	}
	return true
}

// addAtSlow is addAt in every case, not inlined.
func (s *sparseSet) addAtSlow(v, i int) {
	w := int32(v >> 6)
	bit := uint64(1) << (v & 63)
	if i < len(s.spans) && s.spans[i].word <= w {
		sp := &s.spans[i]
		if sp.bits&bit != 0 {
			return
		}
		sp.bits |= bit
		if sp.bits == fullWord {
			s.joinFull(i)
		}
	} else {
		s.spans = slices.Insert(s.spans, i, span{word: w, end: w + 1, bits: bit})
	}
	if v == int(s.mex) {
		s.advanceMex()
	}
}

// joinFull merges span i, a word that has just become full, with the full
// runs next to it.
func (s *sparseSet) joinFull(i int) {
	if i+1 < len(s.spans) && s.spans[i+1].bits == fullWord && s.spans[i+1].word == s.spans[i].end {
		s.spans[i].end = s.spans[i+1].end
		s.remove(i + 1)
	}
	if i > 0 && s.spans[i-1].bits == fullWord && s.spans[i-1].end == s.spans[i].word {
		s.spans[i-1].end = s.spans[i].end
		s.remove(i)
	}
}

// advanceMex moves the mex past the value that has just been added at it.
// The first span holds the mex's word (no span lies below it). If that word
// is now the start of a full run, the mex moves to the first zero after the
// run, and the run, wholly below the new mex, is dropped.
func (s *sparseSet) advanceMex() {
	first := s.spans[0]
	if first.bits != fullWord {
		s.mex = first.word<<6 | int32(bits.TrailingZeros64(^first.bits))
		return
	}
	s.mex = first.end << 6
	if len(s.spans) > 1 && s.spans[1].word == first.end {
		// A full run is followed by a mixed word, never by another run.
		s.mex |= int32(bits.TrailingZeros64(^s.spans[1].bits))
	}
	s.remove(0)
}

// remove deletes span i. A set whose spans have fallen below half its
// capacity moves them to an array a quarter larger than their number: a
// column of G₋₁ holds at its peak about three times the spans it ends
// with (61 and 21.7 on average at n = 3·10⁴), and without this its memory
// would follow that peak. A move copies len spans and comes only after
// Ω(len) insertions or removals since the last, so moves cost O(1) per
// change, amortized, and never happen in the per-cell fast path (addToMixed).
func (s *sparseSet) remove(i int) {
	s.spans = slices.Delete(s.spans, i, i+1)
	if n := len(s.spans); 2*n < cap(s.spans) && cap(s.spans) > sparseSlots {
		s.spans = append(make([]span, 0, max(n+n/4, sparseSlots)), s.spans...)
	}
}

// contains reports whether v is in the set.
func (s *sparseSet) contains(v int) bool {
	if v < int(s.mex) {
		return true
	}
	w := int32(v >> 6)
	i := s.find(w)
	return i < len(s.spans) && s.spans[i].word <= w && s.spans[i].bits&(1<<(v&63)) != 0
}

// sparseWord returns the word of spans[i:] at w, given that no span before
// i ends after w, with the index of the span that holds w or follows it and
// the word after the stretch the returned word stands for: the end of a
// full run, else w+1.
func sparseWord(spans []span, i int, w int32) (word uint64, at int, next int32) {
	for i < len(spans) && spans[i].end <= w {
		i++
	}
	if i < len(spans) && spans[i].word <= w {
		if spans[i].bits == fullWord {
			return fullWord, i, spans[i].end
		}
		return spans[i].bits, i, w + 1
	}
	return 0, i, w + 1
}

// mexOfRowAndSparse is mexOfUnion of a band row's dense value set (row,
// with its summary after words words) and a sparse column set: the least
// value ≥ 0 in neither and not excluded, given that every value below
// lowerBound is in one of them (lowerBound ≥ both mexes). It reads words,
// never values: it steps over the row's full words 64 at a time through
// its summary and over the column's full runs in one step each, and tests
// the union of the first word open in both. It also returns, for addAt,
// the index of the value's word in the column's spans.
//
// The rows stay dense because only a band's rows live at once (Workers+1
// bands of Tile rows), so their bitsets cost Tile·(2n+2)/8 bytes a band,
// not n²/4; a sparse row would have to walk past its spans below the
// column's mex at every cell, which grows like the spans, about n^0.5.
func mexOfRowAndSparse(row []uint64, words int, col *sparseSet, lowerBound, excluded int) (v, colAt int) {
	w := lowerBound >> 6
	j := 0
	for {
		summary := w >> 6
		open := ^row[words+summary] & (fullWord << (w & 63))
		if open == 0 {
			w = (summary + 1) << 6
			continue
		}
		w = summary<<6 | bits.TrailingZeros64(open)
		cw, cj, cnext := sparseWord(col.spans, j, int32(w))
		j = cj
		if cw == fullWord {
			w = int(cnext)
			continue
		}
		union := row[w] | cw
		if excluded>>6 == w {
			union |= 1 << (excluded & 63)
		}
		if union != fullWord {
			return w<<6 | bits.TrailingZeros64(^union), cj
		}
		w++
	}
}

// mexOfRowAndSparse2 is mexOfRowAndSparse of a dense row and two sparse
// sets, the column and the diagonal, and no excluded value, for the
// diagonal moves.
func mexOfRowAndSparse2(row []uint64, words int, col, diag *sparseSet, lowerBound int) (v, colAt, diagAt int) {
	w := lowerBound >> 6
	j, k := 0, 0
	for {
		summary := w >> 6
		open := ^row[words+summary] & (fullWord << (w & 63))
		if open == 0 {
			w = (summary + 1) << 6
			continue
		}
		w = summary<<6 | bits.TrailingZeros64(open)
		cw, cj, cnext := sparseWord(col.spans, j, int32(w))
		j = cj
		if cw == fullWord {
			w = int(cnext)
			continue
		}
		dw, dk, dnext := sparseWord(diag.spans, k, int32(w))
		k = dk
		if dw == fullWord {
			w = int(dnext)
			continue
		}
		if union := row[w] | cw | dw; union != fullWord {
			return w<<6 | bits.TrailingZeros64(^union), cj, dk
		}
		w++
	}
}
