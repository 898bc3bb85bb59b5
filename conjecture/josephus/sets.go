package josephus

import (
	"math/bits"
	"slices"
)

// The Grundy sets of Josephus Nim, Definition 1.5 of 004 (lines 42–56 of
// the text), for s, n ≥ 0:
//
//	𝒢_{s,n} = {((2s+1)·2ⁿ − 1 + m, m) : 0 ≤ m ≤ (2s+1)·2ⁿ − 1},
//	𝒢_{s,a} = {(2k, j) : 0 ≤ k ≤ s−1, 2^(s−k−1) + k ≤ j ≤ 2^(s−k) + k − 1},
//	𝒢_{s,b} = {(2k+1, j) : the same k and j},  𝒢_{0,a} = 𝒢_{0,b} = ∅,
//	𝒢_s     = (⋃_{n=1}^∞ 𝒢_{s,n}) ∪ 𝒢_{s,a} ∪ 𝒢_{s,b}.
//
// The printed union starts at n = 1 (line 56). The paper's own arguments
// start it at n = 0: Lemma 1.1 (ii) unites 𝒢_{i,n} from n = 0 (line 69),
// the proof of Lemma 1.2 treats n = 0 as a case of (x, y) ∈ 𝒢_s (case
// (i.1), line 106), and the proof of Lemma 1.3 picks n ∈ ℤ≥0 (line 263).
// Without n = 0 the terminal position (0, 0) lies in no 𝒢_s. The claims
// are checked with printedSets as printed and, where that fails, with
// correctedSets.

// setFamily is a reading of the sets 𝒢_s: of returns every s with
// (x, y) ∈ 𝒢_s, ascending.
type setFamily func(x, y int) []int

var (
	// printedSets is Definition 1.5 as printed: the union over n ≥ 1.
	printedSets setFamily = func(x, y int) []int { return grundySetsOf(x, y, 1) }
	// correctedSets takes the union over n ≥ 0.
	correctedSets setFamily = func(x, y int) []int { return grundySetsOf(x, y, 0) }
)

// grundySetsOf returns every s with (x, y) ∈ 𝒢_s when the union over n
// starts at from.
func grundySetsOf(x, y, from int) []int {
	var in []int
	if s, n, ok := seriesOf(x, y); ok && n >= from {
		in = append(in, s)
	}
	if s, ok := sideOf(x, y); ok {
		in = append(in, s)
	}
	slices.Sort(in)
	return slices.Compact(in)
}

// seriesOf returns the s and n with (x, y) ∈ 𝒢_{s,n}, if there are any:
// x − y + 1 = (2s+1)·2ⁿ, which fixes s and n, and y ≤ (2s+1)·2ⁿ − 1, that
// is x ≥ 2y.
func seriesOf(x, y int) (s, n int, ok bool) {
	c := x - y + 1
	if y < 0 || c < 1 || y > c-1 {
		return 0, 0, false
	}
	n = bits.TrailingZeros(uint(c))
	return (c>>n - 1) / 2, n, true
}

// sideOf returns the s with (x, y) ∈ 𝒢_{s,a} ∪ 𝒢_{s,b}, if there is one,
// trying s = k+1, k+2, … (x = 2k or 2k + 1) while the lower end of the
// range of j stays ≤ y.
func sideOf(x, y int) (s int, ok bool) {
	k := x / 2
	for s := k + 1; s-k-1 < 62 && 1<<(s-k-1)+k <= y; s++ {
		if inSide(s, x, y) {
			return s, true
		}
	}
	return 0, false
}

// inSide reports whether (x, y) ∈ 𝒢_{s,a} ∪ 𝒢_{s,b} (a for even x, b for
// odd), from the definition: x = 2k or 2k + 1 with 0 ≤ k ≤ s − 1 and
// 2^(s−k−1) + k ≤ y ≤ 2^(s−k) + k − 1.
func inSide(s, x, y int) bool {
	k := x / 2
	if s < 1 || x < 0 || k > s-1 || s-k >= 62 {
		return false
	}
	return 1<<(s-k-1)+k <= y && y <= 1<<(s-k)+k-1
}
