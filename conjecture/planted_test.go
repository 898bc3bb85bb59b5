package conjecture

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/tables/solver"
)

// plantCase plants counterexamples for one registered claim, in its table
// (a changed cell) or in the claim (a perturbed checker), and lists the
// counterexamples the checker must report: exactly these, in this order.
type plantCase struct {
	id      string
	planted map[cell]int32    // cells of the claim's table to change
	check   func(int) Checker // a perturbed checker; nil keeps the claim's own
	bound   int               // 0 keeps the claim's default
	want    []string
}

// The names of nsStairs, for the expected counterexamples.
const (
	half   = "h(z) = ⌊z/2⌋"
	fourth = "h(z) = ⌊z/4⌋"
	sixth  = "h(z) = ⌊z/6⌋"
	power  = "h(z) = 2^⌊log₂z⌋ − 1"
)

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

// pairAt returns claimed with its value at (x, y) replaced by want.
func pairAt(claimed func(x, y int) int, x, y, want int) func(x, y int) int {
	return func(a, b int) int {
		if a == x && b == y {
			return want
		}
		return claimed(a, b)
	}
}

// flipAt returns in with the membership of the position q reversed.
func flipAt(in func(x, y, z, p int) bool, q [4]int) func(x, y, z, p int) bool {
	return func(x, y, z, p int) bool {
		return in(x, y, z, p) != ([4]int{x, y, z, p} == q)
	}
}

var plantCases = []plantCase{
	// Claims on tables: a changed cell. The tables are the reference
	// tables at n = 40; the values are those the papers print.
	{id: "goishi.table1", planted: map[cell]int32{{3, 5}: 7}, want: []string{"(x=3, y=5): claimed 6, actual 7"}},
	{id: "goishi.g0xor", planted: map[cell]int32{{17, 30}: 0}, want: []string{"(x=17, y=30): claimed 15, actual 0"}},
	{id: "goishi.nim3", planted: map[cell]int32{{2, 3}: 4}, bound: 6, want: []string{
		"(x=2, y=3, z=1): claimed N, actual P",
		"(x=2, y=3, z=4): claimed P, actual N",
	}},
	{id: "goishi.table2", planted: map[cell]int32{{0, 0}: 5}, want: []string{"(x=0, y=0): claimed 1, actual 5"}},
	{id: "goishi.g0g1", planted: map[cell]int32{{1, 1}: 0, {20, 21}: 0}, want: []string{
		"(x=1, y=1): claimed 1, actual 0",
		"(x=20, y=21): claimed 1, actual 0",
	}},
	{id: "goishi.table3", planted: map[cell]int32{{11, 10}: 3}, want: []string{"(x=11, y=10): claimed 2, actual 3"}},
	{id: "goishi.table4", planted: map[cell]int32{{0, 1}: 0}, want: []string{"(x=0, y=1): claimed -1, actual 0"}},
	{id: "goishi.zeros", planted: map[cell]int32{{7, 7}: 9, {3, 9}: 0}, want: []string{
		"(x=3, y=9): claimed ≠ 0, actual 0",
		"(x=7, y=7): claimed 0, actual 9",
	}},
	{id: "goishi.thm2", planted: map[cell]int32{{2, 3}: 1}, bound: 6, want: []string{
		"(x=2, y=2, z=3): claimed P, actual N",
		"(x=2, y=5, z=3): claimed N, actual P",
	}},
	{id: "goishi.thm3", planted: map[cell]int32{{1, 2}: 0}, bound: 6, want: []string{
		"(x=1, y=1, z=2): claimed P, actual N",
		"(x=1, y=3, z=2): claimed N, actual P",
	}},
	{id: "goishi.thm4.1", planted: map[cell]int32{{5, 5}: 7}, want: []string{"(x=5, y=5): claimed 0, actual 7"}},
	{id: "goishi.thm4.2", planted: map[cell]int32{{8, 7}: 30}, want: []string{"(x=8, y=7): claimed 1, actual 30"}},
	{id: "goishi.thm4.3", planted: map[cell]int32{{9, 8}: 0}, want: []string{"(x=9, y=8): claimed 2, actual 0"}},
	{id: "goishi.thm4.4", planted: map[cell]int32{{30, 32}: 31, {30, 31}: 3}, want: []string{
		"(x=30, y=31): claimed ≠ 3, actual 3",
		"(x=30, y=32): claimed 3, actual 31",
	}},
	{id: "goishi.thm5.1", planted: map[cell]int32{{40, 40}: 1}, want: []string{"(x=40, y=40): claimed 0, actual 1"}},
	{id: "goishi.thm5.2", planted: map[cell]int32{{13, 12}: 5}, want: []string{"(x=13, y=12): claimed 1, actual 5"}},
	{id: "goishi.thm5.3", planted: map[cell]int32{{12, 14}: 0}, want: []string{"(x=12, y=14): claimed 2, actual 0"}},
	{id: "goishi.thm5.4", planted: map[cell]int32{{2, 3}: 9}, want: []string{"(x=2, y=3): claimed 3, actual 9"}},
	// Rows 2 and 3 lie in different bands of referenceTable.
	{id: "goishi.prop1", planted: map[cell]int32{{2, 6}: 104, {3, 8}: 50}, want: []string{
		"(x=3, y=7): claimed 104, actual 4",
		"(x=2, y=9): claimed 50, actual 10",
	}},
	{id: "pass.nim3", planted: map[cell]int32{{1, 2}: 3}, bound: 6, want: []string{
		"(x=1, y=2, z=0): claimed N, actual P",
		"(x=1, y=2, z=3): claimed P, actual N",
	}},
	{id: "pass.table3", planted: map[cell]int32{{12, 12}: 0}, want: []string{"(x=12, y=12): claimed 1, actual 0"}},
	{id: "pass.lem4a", planted: map[cell]int32{{7, 8}: 5}, want: []string{"(x=7, y=8): claimed 0, actual 5"}},
	{id: "pass.lem4b", planted: map[cell]int32{{0, 2}: 9}, want: []string{"(x=0, y=2): claimed 1, actual 9"}},
	{id: "pass.lem4c", planted: map[cell]int32{{9, 12}: 1}, want: []string{"(x=9, y=12): claimed 2, actual 1"}},

	// Claims on solvers: a perturbed claim, or the printed claim where it
	// fails by itself.
	{id: "pass.prop1", bound: 16, check: nsCheck([]stairH{
		halfK(1),
		{"h(z) = ⌊z/3⌋", func(z int) int { return z / 3 }},
		{"h(z) = ⌊z/2⌋ + 1", func(z int) int { return z/2 + 1 }},
	}), want: []string{
		"(z=2, z'=3, i=1, h(z) = ⌊z/3⌋): claimed NS-property, actual breaks it: z = 2, z' = 3, i = 1: " +
			"⌊z/2^i⌋ = ⌊z'/2^i⌋ but ⌊h(z)/2^(i−1)⌋ = 0 ≠ 1 = ⌊h(z')/2^(i−1)⌋",
		"(h(z) = ⌊z/2⌋ + 1): claimed NS-property, actual breaks it: h(0) = 1 ≠ 0",
	}},
	// Lemma 1 with the cap at z = 5 lowered to 2: the NS functions on
	// {0, …, 6} with h(5) = 3 are the two below (h(4) = h(5) = h(6) by
	// i = 1, 2; h(0) = h(1) = 0 and h(2) = h(3) ≤ 1 by i = 1, 2).
	{id: "pass.lem1", bound: 6, check: lemma1Check(func(z int) int {
		if z == 5 {
			return lemma1Cap(z) - 1
		}
		return lemma1Cap(z)
	}), want: []string{
		"(z=5, h(0…6) = 0 0 0 0 3 3 3): claimed h(z) ≤ 2, actual h(z) = 3",
		"(z=5, h(0…6) = 0 0 1 1 3 3 3): claimed h(z) ≤ 2, actual h(z) = 3",
	}},
	// As printed, on F(x, z) = z and the stair functions h: {0, 1} → {0, 1}:
	// only h ≡ 1 disagrees (it has SG = x⊕y⊕z but h(0) ≠ 0).
	{id: "pass.thm1.4", bound: 2, check: theorem14Check([]namedF{{"F(x, z) = z", func(_, z int) int { return z }}}, printedNS), want: []string{
		"(F(x, z) = h(z), h(0…1) = 1 1): claimed SG ≠ x⊕y⊕z somewhere (F lacks the NS-property: " +
			"g_0(z) = F(0, z): g_0(0) = 1 ≠ 0), actual SG = x⊕y⊕z at every position with x, z ≤ 1",
	}},
	// A reading that grants every F the property: the two without it fail.
	{id: "pass.thm1.4.corrected", bound: 2, check: theorem14Check([]namedF{{"F(x, z) = z", func(_, z int) int { return z }}},
		func(func(x, z int) int, int) (string, bool) { return "", false }), want: []string{
		"(x=0, y=1, z=1, F(x, z) = z): claimed SG = x⊕y⊕z everywhere (F has the NS-property), actual SG = 2 ≠ 0 = x⊕y⊕z",
		"(x=0, y=1, z=1, F(x, z) = h(z), h(0…1) = 0 1): claimed SG = x⊕y⊕z everywhere (F has the NS-property), actual SG = 2 ≠ 0 = x⊕y⊕z",
	}},
	// h(z) = z lacks the NS-property: CB₂(z; 1, 1) has options of values 1
	// and 0, so SG-value 2, not 1 ⊕ 1.
	{id: "pass.cor1", bound: 1, check: cb2Check([]stairH{{"h(z) = z", func(z int) int { return z }}}, 0, xorVerdict), want: []string{
		"(y=1, z=1, h(z) = z): claimed 0, actual 2",
	}},
	{id: "pass.table2", want: []string{
		"(y=2, z=14, " + half + "): claimed 13, actual 12", "(y=2, z=15, " + half + "): claimed 12, actual 13",
		"(y=2, z=14, " + fourth + "): claimed 13, actual 12", "(y=2, z=15, " + fourth + "): claimed 12, actual 13",
		"(y=2, z=14, " + sixth + "): claimed 13, actual 12", "(y=2, z=15, " + sixth + "): claimed 12, actual 13",
		"(y=2, z=14, " + power + "): claimed 13, actual 12", "(y=2, z=15, " + power + "): claimed 12, actual 13",
	}},
	// (5, 9) is a position only for the largest h: 5 ≤ 2³ − 1.
	{id: "pass.table2.corrected", check: cb2Check(nsStairs, 15, printedVerdict(table2Corrected.WithCell(5, 9, 99))), want: []string{
		"(y=5, z=9, " + power + "): claimed 99, actual 12",
	}},
	{id: "pass.lem2", bound: 17, check: lemma2Check([]stairH{{"h(z) = z", func(z int) int { return z }}}), want: []string{
		"(y=16, z=16, h(z) = z): claimed y⊕z ≥ 16, actual y⊕z = 0",
		"(y=16, z=17, h(z) = z): claimed y⊕z ≥ 16, actual y⊕z = 1",
		"(y=17, z=17, h(z) = z): claimed y⊕z ≥ 16, actual y⊕z = 0",
	}},
	// (3, 7) taken out of the set of value 4; it is a position for ⌊z/2⌋
	// and 2^⌊log₂z⌋ − 1 only.
	{id: "pass.lem3", bound: 8, check: cb2Check(nsStairs, 0, func(y, z, sg int) (string, bool, bool) {
		if y == 3 && z == 7 {
			return "≥ 9", sg >= 9, true
		}
		return lemma3Verdict(y, z, sg)
	}), want: []string{
		"(y=3, z=7, " + half + "): claimed ≥ 9, actual 4",
		"(y=3, z=7, " + power + "): claimed ≥ 9, actual 4",
	}},
	// With h(0) = 1, (1, 1) has the options (0, 1) and (1, 0), both of
	// value 1: a non-terminal position of value 0.
	{id: "pass.def11note", bound: 1, check: oneMoveCheck([]stairH{{"h(z) = ⌊z/2⌋ + 1", func(z int) int { return z/2 + 1 }}}), want: []string{
		"(y=1, z=1, h(z) = ⌊z/2⌋ + 1): claimed one-move game, actual a non-terminal follower has SG-value 0",
	}},
	{id: "pass.def10note", bound: 3, want: []string{"(x=0, y=0, z=0): claimed N, actual P"}},
	// Claiming P instead of N: every non-terminal P-position of nim with
	// heaps ≤ 2, x ⊕ y ⊕ z = 0.
	{id: "pass.def10note.corrected", bound: 2, check: passTurnsPCheck(false, solver.PPosition), want: []string{
		"(x=0, y=1, z=1): claimed P, actual N", "(x=0, y=2, z=2): claimed P, actual N",
		"(x=1, y=0, z=1): claimed P, actual N", "(x=1, y=1, z=0): claimed P, actual N",
		"(x=2, y=0, z=2): claimed P, actual N", "(x=2, y=2, z=0): claimed P, actual N",
	}},
	// Nim with a pass claimed one higher at the values (1, 1); the pool of
	// bound 1 has three games of value 1, so six pairs.
	{id: "pass.thm2.1", bound: 1, check: theorem2Check(func(values []int) int {
		if slices.Equal(values, []int{1, 1}) {
			return passNimGrundy(values) + 1
		}
		return passNimGrundy(values)
	}), want: []string{
		"(C(+,pass)(heap 1, heap 1)): claimed 2, actual 1",
		"(C(+,pass)(heap 1, CB₂(⌊z/2⌋; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(heap 1, CB₂(2^⌊log₂z⌋ − 1; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(CB₂(⌊z/2⌋; y=0, z=1), CB₂(⌊z/2⌋; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(CB₂(⌊z/2⌋; y=0, z=1), CB₂(2^⌊log₂z⌋ − 1; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(CB₂(2^⌊log₂z⌋ − 1; y=0, z=1), CB₂(2^⌊log₂z⌋ − 1; y=0, z=1))): claimed 2, actual 1",
	}},
	// One member of each set taken out (A₁, B₁, C₁); each is a position
	// (y = 0) for every h.
	{id: "pass.cor2", bound: 2, check: stairPassCheck(nsStairs, 0, flipAt(corollary2A, [4]int{1, 0, 2, 1})), want: []string{
		"(x=1, y=0, z=2, p=1, " + half + "): claimed ≠ 0, actual 0", "(x=1, y=0, z=2, p=1, " + fourth + "): claimed ≠ 0, actual 0",
		"(x=1, y=0, z=2, p=1, " + sixth + "): claimed ≠ 0, actual 0", "(x=1, y=0, z=2, p=1, " + power + "): claimed ≠ 0, actual 0",
	}},
	{id: "pass.cor3", bound: 2, check: stairPassCheck(nsStairs, 1, flipAt(corollary3B, [4]int{0, 0, 2, 1})), want: []string{
		"(x=0, y=0, z=2, p=1, " + half + "): claimed ≠ 1, actual 1", "(x=0, y=0, z=2, p=1, " + fourth + "): claimed ≠ 1, actual 1",
		"(x=0, y=0, z=2, p=1, " + sixth + "): claimed ≠ 1, actual 1", "(x=0, y=0, z=2, p=1, " + power + "): claimed ≠ 1, actual 1",
	}},
	{id: "pass.cor4", bound: 5, check: stairPassCheck(nsStairs, 2, flipAt(corollary4C, [4]int{3, 0, 5, 1})), want: []string{
		"(x=3, y=0, z=5, p=1, " + half + "): claimed ≠ 2, actual 2", "(x=3, y=0, z=5, p=1, " + fourth + "): claimed ≠ 2, actual 2",
		"(x=3, y=0, z=5, p=1, " + sixth + "): claimed ≠ 2, actual 2", "(x=3, y=0, z=5, p=1, " + power + "): claimed ≠ 2, actual 2",
	}},

	// 003, Abuku's thesis: perturbed claims, or the printed claim where it
	// fails by itself.
	{id: "thesis.thm1.6", bound: 3, check: nimOutcomeCheck(func(h []int) solver.Outcome {
		if slices.Equal(h, []int{1, 2, 3}) {
			return solver.NPosition
		}
		return bouton(h)
	}), want: []string{"(m1=1, m2=2, m3=3): claimed N, actual P"}},
	// The printed "good move" 10 → 15 is no move; claimed instead of 7 → 2,
	// the real one is reported.
	{id: "thesis.ex1.8", check: goodMovesCheck([]int{7, 8, 10}, [][]int{{7, 8, 15}}), want: []string{
		"(m1=2, m2=8, m3=10): claimed N, actual P",
	}},
	// Ordinary sum for ⊕ at the values (2, 2): at bound 1 only Wythoff
	// ⟨1, 1⟩ has value 2.
	{id: "thesis.thm1.14", bound: 1, check: sumCheck(func(a, b int) int {
		if a == 2 && b == 2 {
			return 4
		}
		return a ^ b
	}), want: []string{"(wythoff ⟨1, 1⟩ + wythoff ⟨1, 1⟩): claimed 4, actual 0"}},
	{id: "thesis.cor1.15", bound: 5, check: nimValueCheck(func(h []int) int {
		if slices.Equal(h, []int{3, 5}) {
			return 7
		}
		return nimSum(h)
	}), want: []string{"(m1=3, m2=5): claimed 7, actual 6"}},
	{id: "thesis.thm1.16", bound: 5, check: pairOutcomeCheck(solver.Wythoff, "m,n", 0, func(m, n int) bool {
		return wythoffP(m, n) != (m == 3 && n == 5)
	}), want: []string{"(m=3, n=5): claimed N, actual P"}},
	// ⟨3, 5⟩ is a Wythoff pair, ⟨3, 4⟩ is not.
	{id: "thesis.thm1.16.table", planted: map[cell]int32{{3, 5}: 1, {3, 4}: 0}, want: []string{
		"(x=3, y=4): claimed ≠ 0, actual 0",
		"(x=3, y=5): claimed 0, actual 1",
	}},
	{id: "thesis.thm1.17", bound: 2, check: gcnCheck(nimhoffCases, func(h int, seqs [][]int, x []int) int {
		if h == 3 && slices.Equal(x, []int{2, 2}) {
			return 2
		}
		return nimhoffFormula(h, seqs, x)
	}), want: []string{"(x1=2, x2=2, GCN(3; ℕ₊, ℕ₊)): claimed 2, actual 1"}},
	{id: "thesis.table1", check: table1Check(transcribed("thesis_table1_subtraction23.txt").WithCell(0, 4, 3)), want: []string{
		"(n=4): claimed 3, actual 2",
	}},
	{id: "thesis.ex1.19", bound: 10, check: sequenceCheck(periodicCases([]int{0, 0, 1, 2, 2})), want: []string{
		"(x=3, S = {2, 3}): claimed 2, actual 1", "(x=8, S = {2, 3}): claimed 2, actual 1",
	}},
	// The first case, GCN(2; ℕ₊, ℕ₊), claimed one higher at ⟨1, 1⟩.
	{id: "thesis.thm2.4", bound: 1, check: gcnCheck(func(b int) []gcnCase { return theorem24Cases(b)[:1] },
		func(h int, seqs [][]int, x []int) int {
			if slices.Equal(x, []int{1, 1}) {
				return gcnFormula(h, seqs, x) + 1
			}
			return gcnFormula(h, seqs, x)
		}), want: []string{"(x1=1, x2=1, GCN(2; ℕ₊, ℕ₊)): claimed 1, actual 0"}},
	// A(5) = 6 instead of 5: x = 5 for h = 1 and x = 10 for h = 2.
	{id: "thesis.ex2.5", bound: 10, check: sequenceCheck(example25Cases(func(q int) int {
		if q == 5 {
			return 6
		}
		return q
	})), want: []string{
		"(x=5, S = ℕ₊, h = 1): claimed 6, actual 5", "(x=10, S = ℕ₊, h = 2): claimed 12, actual 10",
	}},
	// l = 1 has two sets, both empty, and h = 1.
	{id: "thesis.ex2.6", bound: 1, check: sequenceCheck(example26Cases(func(x, l, h int) int {
		if l == 1 && x == 0 {
			return 1
		}
		return example26(x, l, h)
	})), want: []string{
		"(x=0, S = ℕ₊ ∖ 1ℕ₊, l = 1, h = 1): claimed 1, actual 0", "(x=0, S = {}, l = 1, h = 1): claimed 1, actual 0",
	}},
	{id: "thesis.ex2.7", bound: 10, check: sequenceCheck(example27Cases(func(k, q int) int {
		if k == 4 && q == 5 {
			return 2
		}
		return q / (k + 1)
	})), want: []string{
		"(x=5, S = ℕ₊ ∖ {1, 2, 3, 4}, h = 1, k = 4): claimed 2, actual 1",
		"(x=10, S = ℕ₊ ∖ {2, 4, 6, 8}, h = 2, k = 4): claimed 4, actual 2",
	}},
	// The printed verdict on All-but({1, 2}) alone: G = 0, 0, 0 from the start.
	{id: "thesis.ex2.8", bound: 2, check: sequenceCheck(func(int) []sequenceCase {
		return []sequenceCase{{solver.AllBut(1, 2), "", stairVerdict(1, true)}}
	}), want: []string{
		"(x=0, S = ℕ₊ ∖ {1, 2}): claimed a positive multiple of 1, actual 0",
		"(x=1, S = ℕ₊ ∖ {1, 2}): claimed a positive multiple of 1, actual 0",
		"(x=2, S = ℕ₊ ∖ {1, 2}): claimed a positive multiple of 1, actual 0",
	}},
	// All-but({1, 2}), G(x) = ⌊x/3⌋, claimed a 2-stair (s₂ for s₁).
	{id: "thesis.ex2.8.corrected", bound: 4, check: sequenceCheck(func(int) []sequenceCase {
		return []sequenceCase{{solver.AllBut(1, 2), "", stairVerdict(2, false)}}
	}), want: []string{
		"(x=1, S = ℕ₊ ∖ {1, 2}): claimed 1, actual 0", "(x=4, S = ℕ₊ ∖ {1, 2}): claimed a multiple of 2, actual 1",
	}},
	{id: "thesis.gcnexample", bound: 6, check: gcnCheck(example24Cases, func(h int, seqs [][]int, x []int) int {
		if slices.Equal(x, []int{1, 2, 3}) {
			return 3
		}
		return example24(h, seqs, x)
	}), want: []string{"(x1=1, x2=2, x3=3, GCN(4; ℕ₊, {1, 2, 3, 4, 5, 6, 7}, ℕ₊ ∖ {4, 8})): claimed 3, actual 2"}},
	// The first set of the pool, S = ∅ (S′ = ℕ₊ ∖ hℕ₊), claimed wrong at
	// n = 3 for h = 2.
	{id: "thesis.thm2.9", bound: 4, check: sequenceCheck(func(b int) []sequenceCase {
		return theorem29Cases(func(gs []int, h, n int) int {
			if h == 2 && n == 3 {
				return 2
			}
			return theorem29(gs, h, n)
		})(b)[:4]
	}), want: []string{"(x=3, S = ℕ₊ ∖ (ℕ₊ ∖ {})·2): claimed 2, actual 1"}},
	// ⟨4, 0⟩ of the play replaced by ⟨4, 4⟩: ⟨5, 3⟩ ↛ ⟨4, 4⟩, but ⟨4, 4⟩ → ⟨2, 1⟩.
	{id: "thesis.ex3.1", check: playCheck(solver.DeleteNim, [][2]int{{11, 9}, {5, 3}, {4, 4}, {2, 1}, {1, 0}, {0, 0}}), want: []string{
		"(x=5, y=3, x'=4, y'=4): claimed ⟨x, y⟩ → ⟨x', y'⟩, actual not a move",
	}},
	{id: "thesis.thm3.5", bound: 3, check: pairValueCheck(solver.DeleteNim, "x,y", 0, pairAt(v2OrOne, 2, 3, 3)), want: []string{
		"(x=2, y=3): claimed 3, actual 2",
	}},
	{id: "thesis.thm3.5.table", planted: map[cell]int32{{17, 30}: 0}, want: []string{"(x=17, y=30): claimed 5, actual 0"}},
	// The play stopped one move early.
	{id: "thesis.ex3.6", check: playCheck(solver.VDN, [][2]int{{8, 5}, {7, 1}, {4, 3}, {3, 1}, {2, 1}}), want: []string{
		"(x=2, y=1): claimed terminal, actual → ⟨1, 1⟩",
	}},
	{id: "thesis.thm3.7", bound: 5, check: pairOutcomeCheck(solver.VDN, "x,y", 1, func(x, y int) bool {
		return vdnP(x, y) != (x == 3 && y == 5)
	}), want: []string{"(x=3, y=5): claimed N, actual P"}},
	// Row 0 and column 0 must hold -1.
	{id: "thesis.thm3.7.table", planted: map[cell]int32{{0, 7}: 0, {2, 2}: 0, {3, 5}: 1, {4, 0}: 2}, want: []string{
		"(x=0, y=7): claimed -1, actual 0",
		"(x=2, y=2): claimed ≠ 0, actual 0",
		"(x=3, y=5): claimed 0, actual 1",
		"(x=4, y=0): claimed -1, actual 2",
	}},
	// F⟨x, y⟩ = ⟨x − 1, y⟩: VDN ⟨1, 1⟩ is terminal, Delete Nim ⟨0, 1⟩ is not;
	// VDN ⟨2, 1⟩ → ⟨1, 1⟩, but Delete Nim ⟨1, 1⟩ reaches only ⟨0, 0⟩.
	{id: "thesis.thm3.9", bound: 2, check: isomorphismCheck(func(x, y int) (int, int) { return x - 1, y }), want: []string{
		"(x=1, y=1): claimed VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree, actual the trees differ",
		"(x=1, y=2): claimed VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree, actual the trees differ",
		"(x=2, y=1, x'=1, y'=1): claimed F⟨x, y⟩ → F⟨x', y'⟩, as ⟨x, y⟩ → ⟨x', y'⟩ in VDN, actual no such move in Delete Nim",
		"(x=2, y=2): claimed VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree, actual the trees differ",
	}},
	{id: "thesis.cor3.10", bound: 4, check: pairValueCheck(solver.VDN, "x,y", 1, pairAt(vdnValue, 4, 4, 3)), want: []string{
		"(x=4, y=4): claimed 3, actual 2",
	}},
	{id: "thesis.cor3.10.table", planted: map[cell]int32{{0, 3}: 5, {4, 4}: 3, {40, 33}: 0}, want: []string{
		"(x=0, y=3): claimed -1, actual 5",
		"(x=4, y=4): claimed 2, actual 3",
		"(x=40, y=33): claimed 3, actual 0",
	}},

	// 004, Josephus Nim.
	{id: "josephus.abstract", bound: 2, want: []string{"(n=2, m=1): claimed 3, actual 1"}},
	// n + 2 numbers instead of n + 1.
	{id: "josephus.abstract.corrected", bound: 2, check: abstractCheck(2), want: []string{
		"(n=1, m=0): claimed 1, actual 3", "(n=2, m=1): claimed 3, actual 1",
	}},
	// x ≤ 2s − 2 instead of 2s − 1 in (iii): the last column 2s − 1 of 𝒢_{s,b}.
	{id: "josephus.lem1.1", bound: 3, check: lemma11Check(func(s int) int { return 2*s - 2 }), want: []string{
		"(s=1, x=1, y=1): claimed x ≤ 0 and y > x/2, actual x = 1, y = 1",
		"(s=2, x=3, y=2): claimed x ≤ 2 and y > x/2, actual x = 3, y = 2",
		"(s=3, x=5, y=3): claimed x ≤ 4 and y > x/2, actual x = 5, y = 3",
	}},
	// (4, 0) added to 𝒢₀, next to (3, 0) and (4, 1), members of 𝒢_{0,2}.
	{id: "josephus.lem1.2", bound: 4, check: lemma12Check(toggled(printedSets, 0, 4, 0)), want: []string{
		"(x=4, y=0, s=0, x'=3, y'=0): claimed move(x, y) ∩ 𝒢_s = ∅, actual (x', y') ∈ move(x, y) ∩ 𝒢_s",
		"(x=4, y=1, s=0, x'=4, y'=0): claimed move(x, y) ∩ 𝒢_s = ∅, actual (x', y') ∈ move(x, y) ∩ 𝒢_s",
	}},
	// (0, 0) and (0, 1), whose only option is (0, 0), have no move into the printed 𝒢₀.
	{id: "josephus.lem1.3", bound: 1, want: []string{
		"(x=0, y=0, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
		"(x=0, y=1, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
	}},
	// (0, 0) taken out of 𝒢₀: it and (0, 1), whose only option it is, have no move into 𝒢₀.
	{id: "josephus.lem1.3.corrected", bound: 1, check: lemma13Check(toggled(correctedSets, 0, 0, 0)), want: []string{
		"(x=0, y=0, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
		"(x=0, y=1, s=0): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
	}},
	{id: "josephus.lem1.4", bound: 1, want: []string{"(x=0, y=0, s=1): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅"}},
	{id: "josephus.lem1.4.corrected", bound: 1, check: lemma14Check(toggled(correctedSets, 0, 0, 0)), want: []string{
		"(x=0, y=0, s=1): claimed move(x, y) ∩ 𝒢_s ≠ ∅, actual = ∅",
	}},
	{id: "josephus.thm1.1", bound: 1, want: []string{"(x=0, y=0): claimed ≠ 0, actual 0"}},
	{id: "josephus.thm1.1.corrected", bound: 1, check: theorem11Check(toggled(correctedSets, 1, 0, 0)), want: []string{
		"(x=0, y=0): claimed 1, actual 0",
	}},
	{id: "josephus.lem2.1", bound: 5, check: josephusCheck(josephusAt(lemma21, 2, 5, 3)), want: []string{"(s=2, v=5): claimed 3, actual 1"}},
	{id: "josephus.lem2.2", bound: 6, check: josephusCheck(josephusAt(lemma22, 0, 6, 3)), want: []string{"(s=0, v=6): claimed 3, actual 5"}},
	{id: "josephus.thm2.1", bound: 7, check: josephusCheck(josephusAt(theorem21, 1, 7, 1)), want: []string{"(s=1, v=7): claimed 1, actual 3"}},
	{id: "josephus.thm2.2", bound: 1, check: theorem22Check(2), want: []string{"(x=0, y=0, s=0): claimed 3, actual 1"}},
}

// TestPlantedCounterexamples plants counterexamples for every claim and
// checks that its checker reports exactly them.
func TestPlantedCounterexamples(t *testing.T) {
	const n = 40
	for _, pc := range plantCases {
		t.Run(pc.id, func(t *testing.T) {
			c := lookup(t, pc.id)
			if pc.check != nil {
				c.Check = pc.check
			}
			in := map[string]Table{}
			if c.Table != "" {
				in[c.Table] = referenceTable(t, c.Table, n, pc.planted)
			}
			r := runOne(t, c, in, pc.bound)
			var got []string
			for _, ce := range r.Counterexamples {
				got = append(got, ce.String())
			}
			if !slices.Equal(got, pc.want) || r.Found != int64(len(pc.want)) || r.Status != Fails {
				t.Errorf("status %s, found %d:\n got  %q\n want %q", r.Status, r.Found, got, pc.want)
			}
		})
	}
}

// TestEveryClaimHasAPlantedCase keeps a checker that cannot fail from
// landing: every registered claim needs a case above, and only one.
func TestEveryClaimHasAPlantedCase(t *testing.T) {
	cases := make(map[string]int)
	for _, pc := range plantCases {
		cases[pc.id]++
	}
	for _, c := range All() {
		if cases[c.ID] != 1 {
			t.Errorf("claim %s has %d planted cases, want 1", c.ID, cases[c.ID])
		}
		delete(cases, c.ID)
	}
	for id := range cases {
		t.Errorf("planted case for %s, which is not registered", id)
	}
}
