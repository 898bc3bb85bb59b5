package josephus

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/claimtest"
)

// TestPlantedCounterexamples plants counterexamples for every claim of the
// paper and checks that its checker reports exactly them.
func TestPlantedCounterexamples(t *testing.T) { claimtest.Planted(t, Claims(), plantCases) }

var plantCases = []claimtest.Case{
	// 004, Josephus Nim.
	{ID: "josephus.abstract", Bound: 2, Want: []string{"(n=2, m=1): claimed 3, actual 1"}},
	// n + 2 numbers instead of n + 1.
	{ID: "josephus.abstract.corrected", Bound: 2, Check: abstractCheck(2), Want: []string{
		"(n=1, m=0): claimed 1, actual 3", "(n=2, m=1): claimed 3, actual 1",
	}},
	// x ≤ 2s − 2 instead of 2s − 1 in (iii): the last column 2s − 1 of 𝒢_{s,b}.
	{ID: "josephus.lem1.1", Bound: 3, Check: lemma11Check(func(s int) int { return 2*s - 2 }), Want: []string{
		"(s=1, x=1, y=1): claimed x ≤ 0 and y > x/2, actual x = 1, y = 1",
		"(s=2, x=3, y=2): claimed x ≤ 2 and y > x/2, actual x = 3, y = 2",
		"(s=3, x=5, y=3): claimed x ≤ 4 and y > x/2, actual x = 5, y = 3",
	}},
	// (4, 0) added to 𝒢₀, next to (3, 0) and (4, 1), members of 𝒢_{0,2}.
	{ID: "josephus.lem1.2", Bound: 4, Check: lemma12Check(toggled(printedSets, 0, 4, 0)), Want: []string{
		"(x=4, y=0, s=0, x'=3, y'=0): claimed move(x, y) ∩ 𝒢_s = ∅, actual (x', y') ∈ move(x, y) ∩ 𝒢_s",
		"(x=4, y=1, s=0, x'=4, y'=0): claimed move(x, y) ∩ 𝒢_s = ∅, actual (x', y') ∈ move(x, y) ∩ 𝒢_s",
	}},
	// (0, 0) and (0, 1), whose only option is (0, 0), have no move into the printed 𝒢₀.
	{ID: "josephus.lem1.3", Bound: 1, Want: []string{
		"(x=0, y=0, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
		"(x=0, y=1, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
	}},
	// (0, 0) taken out of 𝒢₀: it and (0, 1), whose only option it is, have no move into 𝒢₀.
	{ID: "josephus.lem1.3.corrected", Bound: 1, Check: lemma13Check(toggled(correctedSets, 0, 0, 0)), Want: []string{
		"(x=0, y=0, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
		"(x=0, y=1, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
	}},
	{ID: "josephus.lem1.4", Bound: 1, Want: []string{"(x=0, y=0, s=1): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅"}},
	{ID: "josephus.lem1.4.corrected", Bound: 1, Check: lemma14Check(toggled(correctedSets, 0, 0, 0)), Want: []string{
		"(x=0, y=0, s=1): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
	}},
	{ID: "josephus.thm1.1", Bound: 1, Want: []string{"(x=0, y=0): claimed ≠ 0, actual 0"}},
	{ID: "josephus.thm1.1.corrected", Bound: 1, Check: theorem11Check(toggled(correctedSets, 1, 0, 0)), Want: []string{
		"(x=0, y=0): claimed 1, actual 0",
	}},
	{ID: "josephus.lem2.1", Bound: 5, Check: josephusCheck(josephusAt(lemma21, 2, 5, 3)), Want: []string{"(s=2, v=5): claimed 3, actual 1"}},
	{ID: "josephus.lem2.2", Bound: 6, Check: josephusCheck(josephusAt(lemma22, 0, 6, 3)), Want: []string{"(s=0, v=6): claimed 3, actual 5"}},
	{ID: "josephus.thm2.1", Bound: 7, Check: josephusCheck(josephusAt(theorem21, 1, 7, 1)), Want: []string{"(s=1, v=7): claimed 1, actual 3"}},
	{ID: "josephus.thm2.2", Bound: 1, Check: theorem22Check(2), Want: []string{"(x=0, y=0, s=0): claimed 3, actual 1"}},
	// As printed, 𝒢_{s,0} is in no 𝒢_s: (0, 0) and (2, 0) hold their values outside.
	{ID: "josephus.thm1.1.table", N: 2, Want: []string{"(x=0, y=0): claimed ≠ 0, actual 0", "(x=2, y=0): claimed ≠ 1, actual 1"}},
	{ID: "josephus.thm1.1.table.corrected", Planted: map[claimtest.Cell]int32{{30, 5}: 3}, Want: []string{
		"(x=30, y=5): claimed 6, actual 3", "(x=30, y=5): claimed ≠ 3, actual 3",
	}},
	// (40, 3) claimed 2 instead of 3, and Theorem 2.1 claimed wrong at F_0(10).
	{ID: "josephus.thm2.1.table", Planted: map[claimtest.Cell]int32{{40, 3}: 2}, Check: theorem21TableCheck(josephusAt(theorem21, 0, 10, 7)),
		Want: []string{"(x=9, y=2, s=0): claimed F_s(v) = 7, actual 5", "(x=40, y=3, s=2): claimed m = y: 2m + 1 = 7, actual 2m + 1 = 3"}},
	// As the abstract says it, for every position: it fails where x < 2y.
	{ID: "josephus.abstract2.table", N: 2, Want: []string{
		"(x=0, y=1, s=1): claimed 3, actual no (x + 1 − s)-th number removed",
		"(x=0, y=2, s=2): claimed 5, actual no (x + 1 − s)-th number removed",
		"(x=1, y=1, s=1): claimed 3, actual 2",
		"(x=1, y=2, s=2): claimed 5, actual no (x + 1 − s)-th number removed",
		"(x=2, y=2, s=2): claimed 5, actual 2",
	}},
	{ID: "josephus.abstract2.table.corrected", Planted: map[claimtest.Cell]int32{{40, 3}: 2}, Want: []string{"(x=40, y=3, s=2): claimed 7, actual 3"}},
}

// toggled returns sets with the membership of (x, y) in 𝒢_s reversed.
func toggled(sets setFamily, s, x, y int) setFamily {
	return func(a, b int) []int {
		in := sets(a, b)
		if a != x || b != y {
			return in
		}
		if i := slices.Index(in, s); i >= 0 {
			return slices.Delete(slices.Clone(in), i, i+1)
		}
		in = append(slices.Clone(in), s)
		slices.Sort(in)
		return in
	}
}

// josephusAt returns claim with its claimed F_s(v) replaced by want.
func josephusAt(claim josephusClaim, s, v, want int) josephusClaim {
	return func(F func(s, v int) int, t, w int) (int, bool) {
		if t == s && w == v {
			return want, true
		}
		return claim(F, t, w)
	}
}
