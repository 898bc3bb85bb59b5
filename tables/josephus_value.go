package tables

import "math/bits"

// JosephusNimValue is the Grundy value of Josephus Nim at (x, y), x, y ≥ 0,
// in closed form: Theorem 1.1 of Takahashi, Manabe, Murakami, Miyadera,
// "Josephus Nim" (arXiv 2312.02477) says (x, y) has value s exactly when
// it lies in the set 𝒢_s of their Definition 1.5, read with the union over
// n from n = 0, as their proofs take it (printed from n = 1, the sets miss
// the terminal position (0, 0)). The sets give:
//
//   - x ≥ 2y: (x, y) ∈ 𝒢_{s,n} with x − y + 1 = (2s+1)·2ⁿ, so 2s + 1 is
//     the odd part of x − y + 1;
//   - x < 2y: with k = ⌊x/2⌋ < y, (x, y) ∈ 𝒢_{s,a} ∪ 𝒢_{s,b} with
//     2^(s−k−1) ≤ y − k < 2^(s−k), so s = k + bitlen(y − k).
//
// The tests hold it to the table computed from Definition 1.1 (Reference)
// cell by cell. The disk estimate of a Josephus Nim table file compresses
// bands of it, since that file's size jumps between neighbouring n.
func JosephusNimValue(x, y int) int32 {
	if x >= 2*y {
		c := uint(x - y + 1)
		odd := c >> bits.TrailingZeros(c)
		return int32((odd - 1) / 2)
	}
	k := x / 2
	return int32(k + bits.Len(uint(y-k)))
}
