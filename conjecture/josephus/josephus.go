package josephus

import "github.com/grundy-lab/grundy/conjecture"

// Claims returns the claims of 004, in the order of the paper.
func Claims() []conjecture.Claim {
	const box = "Josephus Nim solver (solver.JosephusNim: its Grundy values and its move sets move(x, y), derived from " +
		"Definition 1.1) over 0 ≤ x, y ≤ bound"
	const setsPrinted = "𝒢_s as printed in Definition 1.5: 𝒢_s = (⋃_{n=1}^∞ 𝒢_{s,n}) ∪ 𝒢_{s,a} ∪ 𝒢_{s,b}."
	const setsChanged = "Changed: 𝒢_s = (⋃_{n=0}^∞ 𝒢_{s,n}) ∪ 𝒢_{s,a} ∪ 𝒢_{s,b}, the union taken from n = 0 instead of " +
		"n = 1 (Definition 1.5, line 56). The paper's own arguments use n = 0: Lemma 1.1 (ii) unites 𝒢_{i,n} from n = 0 " +
		"(line 69), the proof of Lemma 1.2 treats n = 0 as a case of (x, y) ∈ 𝒢_s (line 106), and the proof of Lemma 1.3 " +
		"picks n ∈ ℤ≥0 (line 263). Without it the positions (2s + m, m), 0 ≤ m ≤ 2s, of 𝒢_{s,0}, the terminal " +
		"position (0, 0) among them, lie in no 𝒢_s."
	const movesNote = " Moves read from Definition 1.1 (the printed Definition 1.3 (i) is garbled): remove t ≥ 1 stones " +
		"of one pile whose total weight is at most ⌊m/2⌋, m = x − 2y the total weight, also when m < 0 (as the proofs " +
		"of Lemmas 1.2 and 1.4 do), ⌊·⌋ rounding towards −∞ (equations (20), (41)); no move left is a loss."
	lemma13Statement := "Suppose that we start with a position (x, y) ∉ 𝒢_s such that x ≥ 2s. Then, move(x, y) ∩ 𝒢_s ≠ ∅."
	lemma14Statement := "(i) If (x, y) ∉ ⋃_{i=0}^{s} 𝒢_i and x ≤ 2s − 1, then move(x, y) ∩ 𝒢_s ≠ ∅."
	lemma14CheckedOn := box + ", every s ≥ (x+1)/2 (all s beyond ⌊x/2⌋ + bitlen(y) + 1 stand or fall together)"
	theorem11Statement := "𝒢_s is the set of positions whose Grundy number is s."
	theorem11CheckedOn := box + ", every position against every s, both directions"
	abstractStatement := "The authors discovered that when (n, m) is a previous player's winning position, 2m + 1 is the last " +
		"remaining number of the Josephus problem, where there are n numbers, and every second number is to be removed."
	abstractCheckedOn := "Josephus Nim solver (solver.JosephusNim) for the P-positions (n, m), 1 ≤ n ≤ bound, 0 ≤ m ≤ bound, " +
		"against the simulated Josephus circle (solver.JosephusOrder)"
	josephusCheckedOn := "the Josephus circle simulated (solver.JosephusOrder) for every v ≤ bound; F_s(v) = e_{v−s}"
	return append([]conjecture.Claim{
		{
			ID:        "josephus.abstract",
			Source:    josephusSource("Abstract"),
			Statement: abstractStatement,
			CheckedOn: abstractCheckedOn,
			Note: "Read as: for every P-position (n, m) with n ≥ 1, the last number left of 1, …, n is 2m + 1; (0, 0) is " +
				"skipped, as the problem needs a number." + movesNote,
			Bound: 200,
			Unit:  "positions",
			Check: abstractCheck(0),
		},
		{
			ID:        "josephus.abstract.corrected",
			Source:    josephusSource("Abstract"),
			Statement: "When (n, m) is a previous player's winning position, 2m + 1 is the last remaining number of the Josephus problem where there are n + 1 numbers.",
			CheckedOn: abstractCheckedOn,
			Note: "Changed: n + 1 numbers instead of n. Theorem 2.2 with s = 0 says F₀(x + 1) = 2y + 1 for the P-positions " +
				"(x, y) ∈ 𝒢_{0,n}: x + 1 numbers. With n numbers the abstract fails at the P-position (2, 1): the last of " +
				"1, 2 is 1, not 3." + movesNote,
			Bound: 200,
			Unit:  "positions",
			Check: abstractCheck(1),
		},
		{
			ID:     "josephus.lem1.1",
			Source: josephusSource("Lemma 1.1"),
			Statement: "(i) For s, n, h ∈ ℤ≥0 such that h ≤ s − 2: {(2h, j) : h+1 ≤ j ≤ 2^(s−h−1) + h − 1} ⊂ ⋃_{i=h+1}^{s−1} 𝒢_{i,a} (1) " +
				"and {(2h+1, j) : h+1 ≤ j ≤ 2^(s−h−1) + h − 1} ⊂ ⋃_{i=h+1}^{s−1} 𝒢_{i,b} (2). (ii) {(2h, x) : 0 ≤ x ≤ h} ⊂ " +
				"⋃_{i=0}^{h} ⋃_{n=0}^∞ 𝒢_{i,n} (3) and {(2h+1, x) : 0 ≤ x ≤ h} ⊂ ⋃_{i=0}^{h} ⋃_{n=0}^∞ 𝒢_{i,n} (4). " +
				"(iii) For any (x, y) ∈ 𝒢_{s,a} ∪ 𝒢_{s,b}, x ≤ 2s − 1 and y > x/2.",
			CheckedOn: "the sets of Definition 1.5 computed from their definitions, s ≤ bound in (i) and (iii), h ≤ 16·bound in (ii)",
			Note:      "A statement about the sets alone; no game is involved.",
			Bound:     16,
			Unit:      "memberships",
			Check:     lemma11Check(func(s int) int { return 2*s - 1 }),
		},
		{
			ID:        "josephus.lem1.2",
			Source:    josephusSource("Lemma 1.2"),
			Statement: "Suppose that we start with a position (x, y) ∈ 𝒢_s. Then, move(x, y) ∩ 𝒢_s = ∅.",
			CheckedOn: box + ", every s with (x, y) ∈ 𝒢_s",
			Note: setsPrinted + " With the union from n = 0 the lemma follows from josephus.thm1.1.corrected, which " +
				"holds, since 𝒢_s is then the set of positions of value s." + movesNote,
			Bound: 200,
			Unit:  "memberships",
			Check: lemma12Check(printedSets),
		},
		{
			ID:        "josephus.lem1.3",
			Source:    josephusSource("Lemma 1.3"),
			Statement: lemma13Statement,
			CheckedOn: box + ", every s ≤ x/2",
			Note:      setsPrinted + movesNote,
			Bound:     200,
			Unit:      "cases",
			Check:     lemma13Check(printedSets),
		},
		{
			ID:        "josephus.lem1.3.corrected",
			Source:    josephusSource("Lemma 1.3"),
			Statement: lemma13Statement + " (𝒢_s with the union over n ≥ 0)",
			CheckedOn: box + ", every s ≤ x/2",
			Note:      setsChanged + movesNote,
			Bound:     200,
			Unit:      "cases",
			Check:     lemma13Check(correctedSets),
		},
		{
			ID:        "josephus.lem1.4",
			Source:    josephusSource("Lemma 1.4"),
			Statement: lemma14Statement,
			CheckedOn: lemma14CheckedOn,
			Note:      setsPrinted + movesNote,
			Bound:     200,
			Unit:      "cases",
			Check:     lemma14Check(printedSets),
		},
		{
			ID:        "josephus.lem1.4.corrected",
			Source:    josephusSource("Lemma 1.4"),
			Statement: lemma14Statement + " (𝒢_i with the union over n ≥ 0)",
			CheckedOn: lemma14CheckedOn,
			Note:      setsChanged + movesNote,
			Bound:     200,
			Unit:      "cases",
			Check:     lemma14Check(correctedSets),
		},
		{
			ID:        "josephus.thm1.1",
			Source:    josephusSource("Theorem 1.1"),
			Statement: theorem11Statement,
			CheckedOn: theorem11CheckedOn,
			Note:      setsPrinted + movesNote,
			Bound:     200,
			Unit:      "positions",
			Check:     theorem11Check(printedSets),
		},
		{
			ID:        "josephus.thm1.1.corrected",
			Source:    josephusSource("Theorem 1.1"),
			Statement: theorem11Statement + " (𝒢_s with the union over n ≥ 0)",
			CheckedOn: theorem11CheckedOn,
			Note:      setsChanged + movesNote,
			Bound:     200,
			Unit:      "positions",
			Check:     theorem11Check(correctedSets),
		},
		{
			ID:        "josephus.lem2.1",
			Source:    josephusSource("Lemma 2.1"),
			Statement: "F_s(s + k) = 2k for any 1 ≤ k ≤ s (42), and F_s(2s + 1) = 1 (43).",
			CheckedOn: josephusCheckedOn,
			Bound:     1000,
			Unit:      "values",
			Check:     josephusCheck(lemma21),
		},
		{
			ID:        "josephus.lem2.2",
			Source:    josephusSource("Lemma 2.2"),
			Statement: "F_s(2v) = 2F_s(v) − 1 (45) and F_s(2v + 1) = 2F_s(v) + 1 (46).",
			CheckedOn: josephusCheckedOn,
			Note: "Read for v ≥ 1 and 0 ≤ s ≤ v − 1, where F_s(v) is defined (Definition 2.1 defines F_s(v) for " +
				"s = 0, …, v − 1); the proof's relabelling of the survivors of the first round needs the same.",
			Bound: 1000,
			Unit:  "values",
			Check: josephusCheck(lemma22),
		},
		{
			ID:        "josephus.thm2.1",
			Source:    josephusSource("Theorem 2.1"),
			Statement: "If v = (2s+1)2ⁿ + m such that s, n, m ∈ ℤ≥0 and 0 ≤ m ≤ (2s+1)2ⁿ − 1, then F_s(v) = 2m + 1 (50).",
			CheckedOn: josephusCheckedOn,
			Bound:     1000,
			Unit:      "values",
			Check:     josephusCheck(theorem21),
		},
		{
			ID:        "josephus.thm2.2",
			Source:    josephusSource("Theorem 2.2"),
			Statement: "For (x, y) ∈ 𝒢_{s,n}, F_s(x + 1) = 2y + 1 (51).",
			CheckedOn: josephusCheckedOn + ", every (x, y) of some 𝒢_{s,n} (n ≥ 0) with x + 1 ≤ bound",
			Bound:     1000,
			Unit:      "positions",
			Check:     theorem22Check(0),
		},
	}, tableClaims(setsPrinted, setsChanged, movesNote)...)
}
