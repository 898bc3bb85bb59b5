package solver

// JosephusNim is the game of Definition 1.1 of 004 (lines 22–24 of the
// text). The position ⟨x, y⟩ (Definition 1.2) has x stones of weight 1 in
// the first pile and y stones of weight −2 in the second, so its total
// weight is m = x − 2y. A move removes t ≥ 1 stones from one pile, their
// total weight being at most ⌊m/2⌋:
//
//	⟨x−t, y⟩ for 1 ≤ t ≤ x with t ≤ ⌊m/2⌋,
//	⟨x, y−t⟩ for 1 ≤ t ≤ y with −2t ≤ ⌊m/2⌋, that is t ≥ ⌈−⌊m/2⌋/2⌉.
//
// The player who removes the last stones wins, and a player with no move
// loses (normal play, the mex of Definition 1.3 (iii)), so ⟨1, 0⟩, where the
// bound ⌊1/2⌋ = 0 forbids every move, has value 0 although a stone is left.
//
// Readings. Definition 1.1 states the rule for a total weight m ≥ 0, but the
// paper's proofs apply it to negative totals (Lemma 1.2 (ii.2), lines
// 216–222: total 2k − 2j < 0, removable weight k − j), so the rule is read
// for every m, with ⌊·⌋ the floor towards −∞ as in equations (20) and (41)
// (⌊(2k+1−2j)/2⌋ = k − j). With m ≥ 0 any number of weight −2 stones may be
// removed; with m < 0 no weight-1 stone may. The printed Definition 1.3 (i)
// (line 33) is garbled; its legible parts, t ≤ ⌊(x−2y)/2⌋ for the first
// pile and −2t ≤ ⌊(x−2y)/2⌋ for the second, agree with the options above.
//
// Hand-worked values: ⟨2, 0⟩ (m = 2) reaches ⟨1, 0⟩ only, value 1; ⟨0, 1⟩
// (m = −2, bound −1) may remove its stone, since −2 ≤ −1, value 1; ⟨0, 3⟩
// (m = −6, bound −3) must remove t ≥ 2 stones, reaching ⟨0, 1⟩ (1) and
// ⟨0, 0⟩ (0), value 2.
var JosephusNim = PairGame{name: "josephusnim", options: josephusNimOptions}

func josephusNimOptions(x, y int, yield func(x, y int)) {
	bound := floorDiv(x-2*y, 2)
	for t := 1; t <= min(x, bound); t++ {
		yield(x-t, y)
	}
	for t := max(1, -floorDiv(bound, 2)); t <= y; t++ { // ⌈−b/2⌉ = −⌊b/2⌋
		yield(x, y-t)
	}
}

// floorDiv is ⌊a/b⌋ for b > 0, rounding towards −∞ where Go's / truncates.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
