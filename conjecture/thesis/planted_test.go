package thesis

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/tables/solver"
)

// TestPlantedCounterexamples plants counterexamples for every claim of the
// paper and checks that its checker reports exactly them.
func TestPlantedCounterexamples(t *testing.T) { claimtest.Planted(t, Claims(), plantCases) }

var plantCases = []claimtest.Case{
	// The worked examples with one printed number changed, and the laws
	// of Proposition 1.5 for ∨ instead of ⊕: 1 ∨ 1 = 1.
	{ID: "thesis.ex1.4", Check: factsCheck(func() []fact { f := example14(); f[3].printed = "7"; return f }),
		Want: []string{"(3 ⊕ 5): claimed 7, actual 6"}},
	{ID: "thesis.prop1.5", Bound: 1, Check: groupLawsCheck(digitOr), Want: []string{"(a=1, b=1, c=0, (3) a ⊕ a = 0): claimed 0, actual 1"}},
	{ID: "thesis.ex1.10", Check: factsCheck(func() []fact { f := example110(); f[2].printed = "1"; return f }),
		Want: []string{"(mex ∅): claimed 1, actual 0"}},
	{ID: "thesis.ex1.12", Bound: 5, Check: heapValueCheck(func(m int) int { return m ^ (m >> 2) }),
		Want: []string{"(m=4): claimed 5, actual 4", "(m=5): claimed 4, actual 5"}},
	// G = 2 claimed a P-position too: at bound 1, Wythoff ⟨1, 1⟩.
	{ID: "thesis.thm1.13", Bound: 1, Check: theorem113Check(func(g int) bool { return g == 0 || g == 2 }),
		Want: []string{"(wythoff ⟨1, 1⟩, G = 2): claimed P, actual N"}},
	// All-but({1, 2}), G(x) = ⌊x/3⌋, with periods up to 2 only.
	{ID: "thesis.siegel", Check: siegelCheck([][]int{{1, 2}}, func(a []int) (int, int, int, bool) {
		p, n0, s, ok := arithmeticPeriod(a)
		return p, n0, s, ok && p <= 2
	}), Want: []string{"(All-but(ℕ₊ ∖ {1, 2})): claimed arithmetic periodic, actual no period ≤ 250 with preperiod ≤ 500 in G(0 … 1000)"}},
	{ID: "thesis.ex2.3", Check: factsCheck(func() []fact { f := example23(); f[9].printed = "14"; return f }),
		Want: []string{"(B(9)): claimed 14, actual 15"}},
	{ID: "thesis.ex3.3", Check: factsCheck(func() []fact { f := example33(); f[3].printed = "8"; return f }),
		Want: []string{"(3 ∨ 5): claimed 8, actual 7"}},
	{ID: "thesis.ex3.4", Check: factsCheck(func() []fact { f := example34(); f[2].printed = "1100"; return f }),
		Want: []string{"(9 ∨ 12 in binary): claimed 1100, actual 1101"}},
	// 003, Abuku's thesis: perturbed claims, or the printed claim where it
	// fails by itself.
	{ID: "thesis.thm1.6", Bound: 3, Check: nimOutcomeCheck(func(h []int) solver.Outcome {
		if slices.Equal(h, []int{1, 2, 3}) {
			return solver.NPosition
		}
		return bouton(h)
	}), Want: []string{"(m1=1, m2=2, m3=3): claimed N, actual P"}},
	// The printed "good move" 10 → 15 is no move; claimed instead of 7 → 2,
	// the real one is reported.
	{ID: "thesis.ex1.8", Check: goodMovesCheck([]int{7, 8, 10}, [][]int{{7, 8, 15}}), Want: []string{
		"(m1=2, m2=8, m3=10): claimed N, actual P",
	}},
	// Ordinary sum for ⊕ at the values (2, 2): at bound 1 only Wythoff
	// ⟨1, 1⟩ has value 2.
	{ID: "thesis.thm1.14", Bound: 1, Check: conjecture.SumCheck(sumPool, func(a, b int) int {
		if a == 2 && b == 2 {
			return 4
		}
		return a ^ b
	}), Want: []string{"(wythoff ⟨1, 1⟩ + wythoff ⟨1, 1⟩): claimed 4, actual 0"}},
	{ID: "thesis.cor1.15", Bound: 5, Check: nimValueCheck(func(h []int) int {
		if slices.Equal(h, []int{3, 5}) {
			return 7
		}
		return nimSum(h)
	}), Want: []string{"(m1=3, m2=5): claimed 7, actual 6"}},
	{ID: "thesis.thm1.16", Bound: 5, Check: pairOutcomeCheck(solver.Wythoff, "m,n", 0, func(m, n int) bool {
		return wythoffP(m, n) != (m == 3 && n == 5)
	}), Want: []string{"(m=3, n=5): claimed N, actual P"}},
	// ⟨3, 5⟩ is a Wythoff pair, ⟨3, 4⟩ is not.
	{ID: "thesis.thm1.16.table", Planted: map[claimtest.Cell]int32{{3, 5}: 1, {3, 4}: 0}, Want: []string{
		"(x=3, y=4): claimed ≠ 0, actual 0",
		"(x=3, y=5): claimed 0, actual 1",
	}},
	// (10, 20) 28 → 29, and the two cells (5, 7) and (5, 8) swapped.
	{ID: "thesis.wythoff.table", Planted: map[claimtest.Cell]int32{{10, 20}: 29, {5, 7}: 2, {5, 8}: 1}, Bound: 30, Want: []string{
		"(x=5, y=7): claimed 1, actual 2", "(x=5, y=8): claimed 2, actual 1", "(x=10, y=20): claimed 28, actual 29",
	}},
	{ID: "thesis.thm1.17", Bound: 2, Check: gcnCheck(nimhoffCases, func(h int, seqs [][]int, x []int) int {
		if h == 3 && slices.Equal(x, []int{2, 2}) {
			return 2
		}
		return nimhoffFormula(h, seqs, x)
	}), Want: []string{"(x1=2, x2=2, GCN(3; ℕ₊, ℕ₊)): claimed 2, actual 1"}},
	{ID: "thesis.table1", Check: table1Check(transcribed("thesis_table1_subtraction23.txt").WithCell(0, 4, 3)), Want: []string{
		"(n=4): claimed 3, actual 2",
	}},
	{ID: "thesis.ex1.19", Bound: 10, Check: sequenceCheck(periodicCases([]int{0, 0, 1, 2, 2})), Want: []string{
		"(x=3, S = {2, 3}): claimed 2, actual 1", "(x=8, S = {2, 3}): claimed 2, actual 1",
	}},
	// The first case, GCN(2; ℕ₊, ℕ₊), claimed one higher at ⟨1, 1⟩.
	{ID: "thesis.thm2.4", Bound: 1, Check: gcnCheck(func(b int) []gcnCase { return theorem24Cases(b)[:1] },
		func(h int, seqs [][]int, x []int) int {
			if slices.Equal(x, []int{1, 1}) {
				return gcnFormula(h, seqs, x) + 1
			}
			return gcnFormula(h, seqs, x)
		}), Want: []string{"(x1=1, x2=1, GCN(2; ℕ₊, ℕ₊)): claimed 1, actual 0"}},
	// A(5) = 6 instead of 5: x = 5 for h = 1 and x = 10 for h = 2.
	{ID: "thesis.ex2.5", Bound: 10, Check: sequenceCheck(example25Cases(func(q int) int {
		if q == 5 {
			return 6
		}
		return q
	})), Want: []string{
		"(x=5, S = ℕ₊, h = 1): claimed 6, actual 5", "(x=10, S = ℕ₊, h = 2): claimed 12, actual 10",
	}},
	// l = 1 has two sets, both empty, and h = 1.
	{ID: "thesis.ex2.6", Bound: 1, Check: sequenceCheck(example26Cases(func(x, l, h int) int {
		if l == 1 && x == 0 {
			return 1
		}
		return example26(x, l, h)
	})), Want: []string{
		"(x=0, S = ℕ₊ ∖ 1ℕ₊, l = 1, h = 1): claimed 1, actual 0", "(x=0, S = {}, l = 1, h = 1): claimed 1, actual 0",
	}},
	{ID: "thesis.ex2.7", Bound: 10, Check: sequenceCheck(example27Cases(func(k, q int) int {
		if k == 4 && q == 5 {
			return 2
		}
		return q / (k + 1)
	})), Want: []string{
		"(x=5, S = ℕ₊ ∖ {1, 2, 3, 4}, h = 1, k = 4): claimed 2, actual 1",
		"(x=10, S = ℕ₊ ∖ {2, 4, 6, 8}, h = 2, k = 4): claimed 4, actual 2",
	}},
	// The printed verdict on All-but({1, 2}) alone: G = 0, 0, 0 from the start.
	{ID: "thesis.ex2.8", Bound: 2, Check: sequenceCheck(func(int) []sequenceCase {
		return []sequenceCase{{solver.AllBut(1, 2), "", stairVerdict(1, true)}}
	}), Want: []string{
		"(x=0, S = ℕ₊ ∖ {1, 2}): claimed a positive multiple of 1, actual 0",
		"(x=1, S = ℕ₊ ∖ {1, 2}): claimed a positive multiple of 1, actual 0",
		"(x=2, S = ℕ₊ ∖ {1, 2}): claimed a positive multiple of 1, actual 0",
	}},
	// All-but({1, 2}), G(x) = ⌊x/3⌋, claimed a 2-stair (s₂ for s₁).
	{ID: "thesis.ex2.8.corrected", Bound: 4, Check: sequenceCheck(func(int) []sequenceCase {
		return []sequenceCase{{solver.AllBut(1, 2), "", stairVerdict(2, false)}}
	}), Want: []string{
		"(x=1, S = ℕ₊ ∖ {1, 2}): claimed 1, actual 0", "(x=4, S = ℕ₊ ∖ {1, 2}): claimed a multiple of 2, actual 1",
	}},
	{ID: "thesis.gcnexample", Bound: 6, Check: gcnCheck(example24Cases, func(h int, seqs [][]int, x []int) int {
		if slices.Equal(x, []int{1, 2, 3}) {
			return 3
		}
		return example24(h, seqs, x)
	}), Want: []string{"(x1=1, x2=2, x3=3, GCN(4; ℕ₊, {1, 2, 3, 4, 5, 6, 7}, ℕ₊ ∖ {4, 8})): claimed 3, actual 2"}},
	// The first set of the pool, S = ∅ (S′ = ℕ₊ ∖ hℕ₊), claimed wrong at
	// n = 3 for h = 2.
	{ID: "thesis.thm2.9", Bound: 4, Check: sequenceCheck(func(b int) []sequenceCase {
		return theorem29Cases(func(gs []int, h, n int) int {
			if h == 2 && n == 3 {
				return 2
			}
			return theorem29(gs, h, n)
		})(b)[:4]
	}), Want: []string{"(x=3, S = ℕ₊ ∖ (ℕ₊ ∖ {})·2): claimed 2, actual 1"}},
	// ⟨4, 0⟩ of the play replaced by ⟨4, 4⟩: ⟨5, 3⟩ ↛ ⟨4, 4⟩, but ⟨4, 4⟩ → ⟨2, 1⟩.
	{ID: "thesis.ex3.1", Check: playCheck(solver.DeleteNim, [][2]int{{11, 9}, {5, 3}, {4, 4}, {2, 1}, {1, 0}, {0, 0}}), Want: []string{
		"(x=5, y=3, x'=4, y'=4): claimed ⟨x, y⟩ → ⟨x', y'⟩, actual not a move",
	}},
	{ID: "thesis.thm3.5", Bound: 3, Check: pairValueCheck(solver.DeleteNim, "x,y", 0, pairAt(v2OrOne, 2, 3, 3)), Want: []string{
		"(x=2, y=3): claimed 3, actual 2",
	}},
	{ID: "thesis.thm3.5.table", Planted: map[claimtest.Cell]int32{{17, 30}: 0}, Want: []string{"(x=17, y=30): claimed 5, actual 0"}},
	// The play stopped one move early.
	{ID: "thesis.ex3.6", Check: playCheck(solver.VDN, [][2]int{{8, 5}, {7, 1}, {4, 3}, {3, 1}, {2, 1}}), Want: []string{
		"(x=2, y=1): claimed terminal, actual → ⟨1, 1⟩",
	}},
	{ID: "thesis.thm3.7", Bound: 5, Check: pairOutcomeCheck(solver.VDN, "x,y", 1, func(x, y int) bool {
		return vdnP(x, y) != (x == 3 && y == 5)
	}), Want: []string{"(x=3, y=5): claimed N, actual P"}},
	// Row 0 and column 0 must hold -1.
	{ID: "thesis.thm3.7.table", Planted: map[claimtest.Cell]int32{{0, 7}: 0, {2, 2}: 0, {3, 5}: 1, {4, 0}: 2}, Want: []string{
		"(x=0, y=7): claimed -1, actual 0",
		"(x=2, y=2): claimed ≠ 0, actual 0",
		"(x=3, y=5): claimed 0, actual 1",
		"(x=4, y=0): claimed -1, actual 2",
	}},
	// F⟨x, y⟩ = ⟨x − 1, y⟩: VDN ⟨1, 1⟩ is terminal, Delete Nim ⟨0, 1⟩ is not;
	// VDN ⟨2, 1⟩ → ⟨1, 1⟩, but Delete Nim ⟨1, 1⟩ reaches only ⟨0, 0⟩.
	{ID: "thesis.thm3.9", Bound: 2, Check: isomorphismCheck(func(x, y int) (int, int) { return x - 1, y }), Want: []string{
		"(x=1, y=1): claimed VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree, actual the trees differ",
		"(x=1, y=2): claimed VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree, actual the trees differ",
		"(x=2, y=1, x'=1, y'=1): claimed F⟨x, y⟩ → F⟨x', y'⟩, as ⟨x, y⟩ → ⟨x', y'⟩ in VDN, actual no such move in Delete Nim",
		"(x=2, y=2): claimed VDN ⟨x, y⟩ and Delete Nim F⟨x, y⟩ have the same game tree, actual the trees differ",
	}},
	{ID: "thesis.cor3.10", Bound: 4, Check: pairValueCheck(solver.VDN, "x,y", 1, pairAt(vdnValue, 4, 4, 3)), Want: []string{
		"(x=4, y=4): claimed 3, actual 2",
	}},
	{ID: "thesis.cor3.10.table", Planted: map[claimtest.Cell]int32{{0, 3}: 5, {4, 4}: 3, {40, 33}: 0}, Want: []string{
		"(x=0, y=3): claimed -1, actual 5",
		"(x=4, y=4): claimed 2, actual 3",
		"(x=40, y=33): claimed 3, actual 0",
	}},
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
