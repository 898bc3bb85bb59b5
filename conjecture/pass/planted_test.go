package pass

import (
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/claimtest"
	"github.com/grundy-lab/grundy/tables/solver"
)

// TestPlantedCounterexamples plants counterexamples for every claim of the
// paper and checks that its checker reports exactly them.
func TestPlantedCounterexamples(t *testing.T) {
	claimtest.Planted(t, Claims(), slices.Concat(plantCases, structureCases))
}

var plantCases = []claimtest.Case{
	// G = 3 claimed a P-position too; ⊕ claimed as + ; the printed bars with
	// one coordinate changed.
	{ID: "pass.thm1.1", Bound: 2, Check: spragueGrundyCheck(func(g int) bool { return g == 0 || g == 3 }), Want: []string{
		"(CB₂(⌊z/2⌋; y=1, z=2), G = 3): claimed P, actual N", "(CB₂(2^⌊log₂z⌋ − 1; y=1, z=2), G = 3): claimed P, actual N",
	}},
	{ID: "pass.thm1.2", Check: conjecture.SumCheck(func(int) []conjecture.NamedGame {
		return []conjecture.NamedGame{{Name: "heap 1", Game: solver.NimHeap(1)}, {Name: "heap 2", Game: solver.NimHeap(2)}}
	}, func(a, b int) int { return a + b }), Want: []string{"(heap 1 + heap 1): claimed 2, actual 0", "(heap 2 + heap 2): claimed 4, actual 0"}},
	{ID: "pass.ex1", Check: optionsCheck("F₁", exampleF1, [][3]int{{7, 6, 13}, {7, 4, 4}}),
		Want: []string{"(x=7, y=4, z=4, F₁): claimed a position, y ≤ F(x, z), actual y > F(x, z) = 3"}},
	{ID: "pass.ex2", Check: optionsCheck("F₂", exampleF2, [][3]int{{5, 3, 7}, {3, 3, 7}, {5, 3, 8}, {5, 2, 5}}),
		Want: []string{"(x=5, y=3, z=8, F₂): claimed an option of CB(F, 5, 3, 7), actual not an option"}},
	// No position turns P with the pass.
	{ID: "pass.def10note2", Bound: 2, Check: nCasesCheck(func([]int) solver.Outcome { return solver.NPosition }),
		Want: []string{"claimed an N-position of nim that is P with the pass, actual none with heaps ≤ 2"}},
	// Heap 2 judged not one-move.
	{ID: "pass.def11sgdec", Bound: 2, Check: sgDecreasingOneMoveCheck(func(g solver.Game) bool {
		return solver.IsOneMoveGame(g) && g.Key() != solver.NimHeap(2).Key()
	}), Want: []string{"(heap 2): claimed one-move game (it is SG-decreasing), actual not a one-move game"}},
	// The move read backwards, CB₂(h, 1, 2) → CB₂(h, 1, 3).
	{ID: "pass.def11example", Check: raisingMoveCheck(nsStairs, [2]int{1, 2}, [2]int{1, 3}), Want: []string{
		"(y=1, z=2, " + half + "): claimed a move to (y, z) = (1, 3) raising the SG-value, from a one-move game that is not " +
			"SG-decreasing, actual no such move; SG 3 → 2 does not rise; SG-decreasing",
		"(y=1, z=2, " + power + "): claimed a move to (y, z) = (1, 3) raising the SG-value, from a one-move game that is not " +
			"SG-decreasing, actual no such move; SG 3 → 2 does not rise; SG-decreasing",
	}},
	// Only one-move games in the pool: no witness.
	{ID: "pass.thm21remark", Bound: 1, Check: remarkCheck(oneMovePool),
		Want: []string{"claimed a pair, one not a one-move game, where the homomorphism fails, actual none among 6 positions with coordinates ≤ 1"}},
	// One-pile nim ⟨3⟩ judged not SG-decreasing.
	{ID: "pass.def5", Bound: 1, Check: definition5Check(func(g solver.Game) bool {
		return solver.IsSGDecreasing(g) && g.Key() != solver.NimHeap(1).Key()
	}), Want: []string{"(one-pile nim ⟨1⟩): claimed SG-decreasing, actual a follower has an option of no smaller SG-value"}},
	// The edge {0, 1} alone on values (1, 2) claimed one higher, on heaps 1 and 2.
	{ID: "pass.thm1.3", Check: theorem13Check(func(int) []conjecture.NamedGame {
		return []conjecture.NamedGame{{Name: "heap 1", Game: solver.NimHeap(1)}, {Name: "heap 2", Game: solver.NimHeap(2)}}
	}, func(h [][]int, a, b int) int {
		if len(h) == 1 && len(h[0]) == 2 && a == 1 && b == 2 {
			return hypergraphNim(h, a, b) + 1
		}
		return hypergraphNim(h, a, b)
	}), Want: []string{"(C_{{0, 1}}(heap 1, heap 2)): claimed 2, actual 1"}},
	{ID: "pass.nim3", Planted: map[claimtest.Cell]int32{{1, 2}: 3}, Bound: 6, Want: []string{
		"(x=1, y=2, z=0): claimed N, actual P",
		"(x=1, y=2, z=3): claimed P, actual N",
	}},
	{ID: "pass.table3", Planted: map[claimtest.Cell]int32{{12, 12}: 0}, Want: []string{"(x=12, y=12): claimed 1, actual 0"}},
	{ID: "pass.lem4a", Planted: map[claimtest.Cell]int32{{7, 8}: 5}, Want: []string{"(x=7, y=8): claimed 0, actual 5"}},
	{ID: "pass.lem4b", Planted: map[claimtest.Cell]int32{{0, 2}: 9}, Want: []string{"(x=0, y=2): claimed 1, actual 9"}},
	{ID: "pass.lem4c", Planted: map[claimtest.Cell]int32{{9, 12}: 1}, Want: []string{"(x=9, y=12): claimed 2, actual 1"}},

	// Claims on solvers: a perturbed claim, or the printed claim where it
	// fails by itself.
	{ID: "pass.prop1", Bound: 16, Check: nsCheck([]stairH{
		halfK(1),
		{"h(z) = ⌊z/3⌋", func(z int) int { return z / 3 }},
		{"h(z) = ⌊z/2⌋ + 1", func(z int) int { return z/2 + 1 }},
	}), Want: []string{
		"(z=2, z'=3, i=1, h(z) = ⌊z/3⌋): claimed NS-property, actual breaks it: z = 2, z' = 3, i = 1: " +
			"⌊z/2^i⌋ = ⌊z'/2^i⌋ but ⌊h(z)/2^(i−1)⌋ = 0 ≠ 1 = ⌊h(z')/2^(i−1)⌋",
		"(h(z) = ⌊z/2⌋ + 1): claimed NS-property, actual breaks it: h(0) = 1 ≠ 0",
	}},
	// Lemma 1 with the cap at z = 5 lowered to 2: the NS functions on
	// {0, …, 6} with h(5) = 3 are the two below (h(4) = h(5) = h(6) by
	// i = 1, 2; h(0) = h(1) = 0 and h(2) = h(3) ≤ 1 by i = 1, 2).
	{ID: "pass.lem1", Bound: 6, Check: lemma1Check(func(z int) int {
		if z == 5 {
			return lemma1Cap(z) - 1
		}
		return lemma1Cap(z)
	}), Want: []string{
		"(z=5, h(0…6) = 0 0 0 0 3 3 3): claimed h(z) ≤ 2, actual h(z) = 3",
		"(z=5, h(0…6) = 0 0 1 1 3 3 3): claimed h(z) ≤ 2, actual h(z) = 3",
	}},
	// As printed, on F(x, z) = z and the stair functions h: {0, 1} → {0, 1}:
	// only h ≡ 1 disagrees (it has SG = x⊕y⊕z but h(0) ≠ 0).
	{ID: "pass.thm1.4", Bound: 2, Check: theorem14Check([]namedF{{"F(x, z) = z", func(_, z int) int { return z }}}, printedNS), Want: []string{
		"(F(x, z) = h(z), h(0…1) = 1 1): claimed SG ≠ x⊕y⊕z somewhere (F lacks the NS-property: " +
			"g_0(z) = F(0, z): g_0(0) = 1 ≠ 0), actual SG = x⊕y⊕z at every position with x, z ≤ 1",
	}},
	// A reading that grants every F the property: the two without it fail.
	{ID: "pass.thm1.4.corrected", Bound: 2, Check: theorem14Check([]namedF{{"F(x, z) = z", func(_, z int) int { return z }}},
		func(func(x, z int) int, int) (string, bool) { return "", false }), Want: []string{
		"(x=0, y=1, z=1, F(x, z) = z): claimed SG = x⊕y⊕z everywhere (F has the NS-property), actual SG = 2 ≠ 0 = x⊕y⊕z",
		"(x=0, y=1, z=1, F(x, z) = h(z), h(0…1) = 0 1): claimed SG = x⊕y⊕z everywhere (F has the NS-property), actual SG = 2 ≠ 0 = x⊕y⊕z",
	}},
	// h(z) = z lacks the NS-property: CB₂(z; 1, 1) has options of values 1
	// and 0, so SG-value 2, not 1 ⊕ 1.
	{ID: "pass.cor1", Bound: 1, Check: cb2Check([]stairH{{"h(z) = z", func(z int) int { return z }}}, 0, xorVerdict), Want: []string{
		"(y=1, z=1, h(z) = z): claimed 0, actual 2",
	}},
	{ID: "pass.table2", Want: []string{
		"(y=2, z=14, " + half + "): claimed 13, actual 12", "(y=2, z=15, " + half + "): claimed 12, actual 13",
		"(y=2, z=14, " + fourth + "): claimed 13, actual 12", "(y=2, z=15, " + fourth + "): claimed 12, actual 13",
		"(y=2, z=14, " + sixth + "): claimed 13, actual 12", "(y=2, z=15, " + sixth + "): claimed 12, actual 13",
		"(y=2, z=14, " + power + "): claimed 13, actual 12", "(y=2, z=15, " + power + "): claimed 12, actual 13",
	}},
	// (5, 9) is a position only for the largest h: 5 ≤ 2³ − 1.
	{ID: "pass.table2.corrected", Check: cb2Check(nsStairs, 15, printedVerdict(table2Corrected.WithCell(5, 9, 99))), Want: []string{
		"(y=5, z=9, " + power + "): claimed 99, actual 12",
	}},
	{ID: "pass.lem2", Bound: 17, Check: lemma2Check([]stairH{{"h(z) = z", func(z int) int { return z }}}), Want: []string{
		"(y=16, z=16, h(z) = z): claimed y⊕z ≥ 16, actual y⊕z = 0",
		"(y=16, z=17, h(z) = z): claimed y⊕z ≥ 16, actual y⊕z = 1",
		"(y=17, z=17, h(z) = z): claimed y⊕z ≥ 16, actual y⊕z = 0",
	}},
	// (3, 7) taken out of the set of value 4; it is a position for ⌊z/2⌋
	// and 2^⌊log₂z⌋ − 1 only.
	{ID: "pass.lem3", Bound: 8, Check: cb2Check(nsStairs, 0, func(y, z, sg int) (string, bool, bool) {
		if y == 3 && z == 7 {
			return "≥ 9", sg >= 9, true
		}
		return lemma3Verdict(y, z, sg)
	}), Want: []string{
		"(y=3, z=7, " + half + "): claimed ≥ 9, actual 4",
		"(y=3, z=7, " + power + "): claimed ≥ 9, actual 4",
	}},
	// With h(0) = 1, (1, 1) has the options (0, 1) and (1, 0), both of
	// value 1: a non-terminal position of value 0.
	{ID: "pass.def11note", Bound: 1, Check: oneMoveCheck([]stairH{{"h(z) = ⌊z/2⌋ + 1", func(z int) int { return z/2 + 1 }}}), Want: []string{
		"(y=1, z=1, h(z) = ⌊z/2⌋ + 1): claimed one-move game, actual a non-terminal follower has SG-value 0",
	}},
	{ID: "pass.def10note", Bound: 3, Want: []string{"(x=0, y=0, z=0): claimed N, actual P"}},
	// Claiming P instead of N: every non-terminal P-position of nim with
	// heaps ≤ 2, x ⊕ y ⊕ z = 0.
	{ID: "pass.def10note.corrected", Bound: 2, Check: passTurnsPCheck(false, solver.PPosition), Want: []string{
		"(x=0, y=1, z=1): claimed P, actual N", "(x=0, y=2, z=2): claimed P, actual N",
		"(x=1, y=0, z=1): claimed P, actual N", "(x=1, y=1, z=0): claimed P, actual N",
		"(x=2, y=0, z=2): claimed P, actual N", "(x=2, y=2, z=0): claimed P, actual N",
	}},
	// Nim with a pass claimed one higher at the values (1, 1); the pool of
	// bound 1 has three games of value 1, so six pairs.
	{ID: "pass.thm2.1", Bound: 1, Check: theorem2Check(func(values []int) int {
		if slices.Equal(values, []int{1, 1}) {
			return passNimGrundy(values) + 1
		}
		return passNimGrundy(values)
	}), Want: []string{
		"(C(+,pass)(heap 1, heap 1)): claimed 2, actual 1",
		"(C(+,pass)(heap 1, CB₂(⌊z/2⌋; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(heap 1, CB₂(2^⌊log₂z⌋ − 1; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(CB₂(⌊z/2⌋; y=0, z=1), CB₂(⌊z/2⌋; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(CB₂(⌊z/2⌋; y=0, z=1), CB₂(2^⌊log₂z⌋ − 1; y=0, z=1))): claimed 2, actual 1",
		"(C(+,pass)(CB₂(2^⌊log₂z⌋ − 1; y=0, z=1), CB₂(2^⌊log₂z⌋ − 1; y=0, z=1))): claimed 2, actual 1",
	}},
	// One member of each set taken out (A₁, B₁, C₁); each is a position
	// (y = 0) for every h.
	{ID: "pass.cor2", Bound: 2, Check: stairPassCheck(nsStairs, 0, flipAt(corollary2A, [4]int{1, 0, 2, 1})), Want: []string{
		"(x=1, y=0, z=2, p=1, " + half + "): claimed ≠ 0, actual 0", "(x=1, y=0, z=2, p=1, " + fourth + "): claimed ≠ 0, actual 0",
		"(x=1, y=0, z=2, p=1, " + sixth + "): claimed ≠ 0, actual 0", "(x=1, y=0, z=2, p=1, " + power + "): claimed ≠ 0, actual 0",
	}},
	{ID: "pass.cor3", Bound: 2, Check: stairPassCheck(nsStairs, 1, flipAt(corollary3B, [4]int{0, 0, 2, 1})), Want: []string{
		"(x=0, y=0, z=2, p=1, " + half + "): claimed ≠ 1, actual 1", "(x=0, y=0, z=2, p=1, " + fourth + "): claimed ≠ 1, actual 1",
		"(x=0, y=0, z=2, p=1, " + sixth + "): claimed ≠ 1, actual 1", "(x=0, y=0, z=2, p=1, " + power + "): claimed ≠ 1, actual 1",
	}},
	{ID: "pass.cor4", Bound: 5, Check: stairPassCheck(nsStairs, 2, flipAt(corollary4C, [4]int{3, 0, 5, 1})), Want: []string{
		"(x=3, y=0, z=5, p=1, " + half + "): claimed ≠ 2, actual 2", "(x=3, y=0, z=5, p=1, " + fourth + "): claimed ≠ 2, actual 2",
		"(x=3, y=0, z=5, p=1, " + sixth + "): claimed ≠ 2, actual 2", "(x=3, y=0, z=5, p=1, " + power + "): claimed ≠ 2, actual 2",
	}},
}

// The names of nsStairs, for the expected counterexamples.
const (
	half   = "h(z) = ⌊z/2⌋"
	fourth = "h(z) = ⌊z/4⌋"
	sixth  = "h(z) = ⌊z/6⌋"
	power  = "h(z) = 2^⌊log₂z⌋ − 1"
)

// flipAt returns in with the membership of the position q reversed.
func flipAt(in func(x, y, z, p int) bool, q [4]int) func(x, y, z, p int) bool {
	return func(x, y, z, p int) bool {
		return in(x, y, z, p) != ([4]int{x, y, z, p} == q)
	}
}

// The cases of structure.go: a formula wrong at one bar, a split that puts
// the heap 0 beside the bar for x = 1, and a family without (2, 3).
var structureCases = []claimtest.Case{
	{ID: "pass.cuboid", Bound: 2, Check: cuboidCheck(func(m, n, l int) int {
		if m == 2 && n == 3 && l == 1 {
			return 0
		}
		return (m - 1) ^ (n - 1) ^ (l - 1)
	}), Want: []string{"(m=2, n=3, ℓ=1): claimed 0, actual 3"}},
	{ID: "pass.stairsplit", Bound: 1, Check: stairCompoundCheck([]stairH{halfK(1)}, func(x int, bar solver.Game) (solver.Game, solver.Game) {
		if x == 1 {
			x = 0
		}
		return heapAndBar(x, bar)
	}), Want: []string{
		"(x=1, y=0, z=0, p=0, h(z) = ⌊z/2⌋): claimed 0, actual 1", "(x=1, y=0, z=0, p=1, h(z) = ⌊z/2⌋): claimed 0, actual 2",
		"(x=1, y=0, z=1, p=0, h(z) = ⌊z/2⌋): claimed 1, actual 0", "(x=1, y=0, z=1, p=1, h(z) = ⌊z/2⌋): claimed 2, actual 1",
	}},
	{ID: "pass.cor4families", Bound: 8, Check: familiesCheck(func(a, b int) bool { return families3(a, b) && (a != 2 || b != 3) }),
		Want: []string{"(a=2, b=3): claimed (a−1) ⊕ (b−1) ≠ 3, actual (a−1) ⊕ (b−1) = 3"}},
}
