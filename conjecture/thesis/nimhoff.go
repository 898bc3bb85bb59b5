package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 003 about cyclic Nimhoff and generalized cyclic Nimhoff
// GCN(h; S₁, …, Sₙ): Theorem 1.17, Theorem 2.4 and the example after
// Example 2.8, checked on the GCN solver (solver.GCN, moves enumerated)
// over every position of two heaps ≤ bound and of three heaps ≤ bound/2.

// gcnCase is one game GCN(h; sets…) solved on heaps ≤ top.
type gcnCase struct {
	h    int
	sets []solver.SubtractionSet
	top  int
}

// name is "GCN(4; ℕ₊, {1, 2}, ℕ₊ ∖ {4, 8})".
func (c gcnCase) name() string {
	names := make([]string, len(c.sets))
	for i, s := range c.sets {
		names[i] = s.Name
	}
	return "GCN(" + strconv.Itoa(c.h) + "; " + strings.Join(names, ", ") + ")"
}

// gcnClaim is a claimed Grundy value of the position x of GCN(h; …), given
// the Grundy sequences G_{S_i} of the sets to x_i and beyond.
type gcnClaim func(h int, seqs [][]int, x []int) int

// nimhoffValue is (⊕_i a(i))·h + ((Σ_i x_i) mod h), the form of the
// formulas of Theorems 1.17 and 2.4.
func nimhoffValue(h int, x []int, a func(i int) int) int {
	q, sum := 0, 0
	for i, xi := range x {
		q ^= a(i)
		sum += xi
	}
	return q*h + sum%h
}

// gcnFormula is Theorem 2.4: (⊕_i ⌊G_{S_i}(x_i)/h⌋)·h + ((Σ_i x_i) mod h).
func gcnFormula(h int, seqs [][]int, x []int) int {
	return nimhoffValue(h, x, func(i int) int { return seqs[i][x[i]] / h })
}

// nimhoffFormula is Theorem 1.17: (⊕_i ⌊x_i/h⌋)·h + ((Σ_i x_i) mod h).
func nimhoffFormula(h int, _ [][]int, x []int) int {
	return nimhoffValue(h, x, func(i int) int { return x[i] / h })
}

// example24 is the example after Example 2.8 for GCN(4; ℕ₊, {1, …, 7},
// ℕ₊ ∖ {4, 8}): (⌊x₁/4⌋ ⊕ ⌊(x₂ mod 8)/4⌋ ⊕ ⌊x₃/12⌋)·4 + (x₁ + x₂ + x₃) mod 4.
func example24(_ int, _ [][]int, x []int) int {
	return ((x[0]/4)^((x[1]%8)/4)^(x[2]/12))*4 + (x[0]+x[1]+x[2])%4
}

// gcnCheck compares the solver's value with claimed at every position of
// every case of cases(bound).
func gcnCheck(cases func(bound int) []gcnCase, claimed gcnClaim) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, c := range cases(bound) {
				seqs := make([][]int, len(c.sets))
				for i, s := range c.sets {
					seqs[i] = solver.SubtractionGrundy(s, c.top)
				}
				game := solver.NewGCN(c.h, c.sets, c.top)
				eachBox(len(c.sets), c.top, func(x []int) {
					f.Checked++
					if want, got := claimed(c.h, seqs, x), game.Grundy(x...); want != got {
						f.Report(conjecture.Counterexample{At: indexedCoords("x", x), Game: c.name(), Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
					}
				})
			}
		}}
	}
}

// eachBox calls yield with every x ∈ {0, …, top}^n in lexicographic order;
// yield must not keep the slice.
func eachBox(n, top int, yield func(x []int)) {
	x := make([]int, n)
	var fill func(i int)
	fill = func(i int) {
		if i == n {
			yield(x)
			return
		}
		for x[i] = 0; x[i] <= top; x[i]++ {
			fill(i + 1)
		}
	}
	fill(0)
}

// nimhoffCases are cyclic Nimhoff, GCN(h; ℕ₊, …, ℕ₊), for h = 1, …, 5 with
// two heaps ≤ bound and three heaps ≤ bound/2.
func nimhoffCases(bound int) []gcnCase {
	var cases []gcnCase
	for h := 1; h <= 5; h++ {
		for n := 2; n <= 3; n++ {
			sets := make([]solver.SubtractionSet, n)
			for i := range sets {
				sets[i] = solver.AllBut()
			}
			cases = append(cases, gcnCase{h, sets, heapTop(n, bound)})
		}
	}
	return cases
}

// heapTop is the largest heap checked with n heaps: bound, or bound/2 for
// three heaps.
func heapTop(n, bound int) int {
	if n == 3 {
		return bound / 2
	}
	return bound
}

// example24Cases is the single game of the example after Example 2.8,
// three heaps ≤ bound/2.
func example24Cases(bound int) []gcnCase {
	return []gcnCase{{4, []solver.SubtractionSet{solver.AllBut(), solver.Finite(1, 2, 3, 4, 5, 6, 7), solver.AllBut(4, 8)}, bound / 2}}
}

// theorem24Pool lists subtraction sets whose Grundy sequences the examples
// of Section 2.2 make h-stairs: ℕ₊ (Example 2.5), {1, …, h−1} and
// {1, …, 2h−1} and {1, …, h−1, h+1} (Example 2.6 with l = h, 2h, h),
// ℕ₊ ∖ {h, 2h} (Example 2.7), ℕ₊ ∖ {h, h+1} (Example 2.8) and the S′ of
// Theorem 2.9 for S = {2, 3}.
func theorem24Pool(h int) []solver.SubtractionSet {
	upTo := func(top int, more ...int) solver.SubtractionSet {
		var elems []int
		for s := 1; s <= top; s++ {
			elems = append(elems, s)
		}
		return solver.Finite(append(elems, more...)...)
	}
	return []solver.SubtractionSet{
		solver.AllBut(), upTo(h - 1), upTo(2*h - 1), upTo(h-1, h+1),
		solver.AllBut(h, 2*h), solver.AllBut(h, h+1), stairSet(solver.Finite(2, 3), h),
	}
}

// isStair reports whether g is an h-stair (Definition 2.2) of a sequence of
// non-negative integers, by stairVerdict at every x.
func isStair(g []int, h int) bool {
	verdict := stairVerdict(h, false)
	for x := range g {
		if _, ok := verdict(g, x); !ok {
			return false
		}
	}
	return true
}

// theorem24Cases are, for h = 2, 3, 4, every pair and every triple (with
// repetition) of the sets of theorem24Pool(h) whose Grundy sequences are
// h-stairs up to the largest heap: Theorem 2.4's hypothesis, checked
// rather than assumed; a set failing it is left out.
func theorem24Cases(bound int) []gcnCase {
	var cases []gcnCase
	for h := 2; h <= 4; h++ {
		var pool []solver.SubtractionSet
		for _, s := range theorem24Pool(h) {
			if isStair(solver.SubtractionGrundy(s, bound), h) {
				pool = append(pool, s)
			}
		}
		for n := 2; n <= 3; n++ {
			conjecture.EachMultiset(len(pool), n, func(idx []int) {
				sets := make([]solver.SubtractionSet, n)
				for i, j := range idx {
					sets[i] = pool[j]
				}
				cases = append(cases, gcnCase{h, sets, heapTop(n, bound)})
			})
		}
	}
	return cases
}

// The claims of this file, each returned where the thesis prints it.
const (
	gcnOn = "GCN solver (solver.NewGCN, moves X_1 ∪ … ∪ X_n ∪ Y of Definition 2.1 enumerated), every position of two heaps ≤ bound " +
		"and of three heaps ≤ bound/2"
	yNote = "The s_i of the moves Y are read as non-negative with 0 < Σ s_i < h (tokens are removed, from one heap or several)."
)

// nimhoffClaims is Theorem 1.17 of 003, cyclic Nimhoff.
func nimhoffClaims() []conjecture.Claim {
	return []conjecture.Claim{{
		ID:     "thesis.thm1.17",
		Source: thesisSource("Theorem 1.17 (Fraenkel and Lorberbom)"),
		Statement: "The G-value of position ⟨x_1, x_2, …, x_n⟩ in the cyclic Nimhoff is " +
			"G(⟨x_1, …, x_n⟩) = (⊕_i ⌊x_i/h⌋)h + ((Σ_i x_i) mod h).",
		CheckedOn: gcnOn + "; cyclic Nimhoff as GCN(h; ℕ₊, …, ℕ₊), h = 1, …, 5",
		Note:      yNote,
		Bound:     40,
		Unit:      "positions",
		Check:     gcnCheck(nimhoffCases, nimhoffFormula),
	}}
}

// gcnClaims is Theorem 2.4 of 003.
func gcnClaims() []conjecture.Claim {
	return []conjecture.Claim{{
		ID:     "thesis.thm2.4",
		Source: thesisSource("Theorem 2.4"),
		Statement: "Let A_1, …, A_n be arbitrary sequences of non-negative integers and ⟨x_1, …, x_n⟩ a game position of " +
			"GCN(h; S_1, …, S_n). If G_{S_i} is the h-stair of sequence A_i for all i, then " +
			"G(⟨x_1, …, x_n⟩) = (⊕_i ⌊G_{S_i}(x_i)/h⌋)h + ((Σ_i x_i) mod h).",
		CheckedOn: gcnOn + "; h = 2, 3, 4 and every pair and triple of ℕ₊, {1, …, h−1}, {1, …, 2h−1}, {1, …, h−1, h+1}, " +
			"ℕ₊ ∖ {h, 2h}, ℕ₊ ∖ {h, h+1} and ℕ₊ ∖ (ℕ₊ ∖ {2, 3})·h whose G-value sequences are h-stairs up to the bound " +
			"(checked; G_{S_i} from the subtraction solver)",
		Note:  yNote,
		Bound: 30,
		Unit:  "positions",
		Check: gcnCheck(theorem24Cases, gcnFormula),
	}}
}

// gcnExampleClaims is the example after Example 2.8 of 003.
func gcnExampleClaims() []conjecture.Claim {
	return []conjecture.Claim{{
		ID:     "thesis.gcnexample",
		Source: thesisSource("Section 2.2, the example after Example 2.8"),
		Statement: "For GCN(4; ℕ₊, {1, 2, 3, 4, 5, 6, 7}, ℕ₊ ∖ {4, 8}), we have G(⟨x_1, x_2, x_3⟩) = " +
			"(⌊x_1/4⌋ ⊕ ⌊(x_2 mod 8)/4⌋ ⊕ ⌊x_3/12⌋) × 4 + (x_1 + x_2 + x_3) mod 4.",
		CheckedOn: "GCN solver (solver.NewGCN), every position with heaps ≤ bound/2",
		Note:      yNote,
		Bound:     60,
		Unit:      "positions",
		Check:     gcnCheck(example24Cases, example24),
	}}
}
