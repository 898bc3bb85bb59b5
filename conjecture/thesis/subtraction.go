package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 003 about the Grundy sequences G_S of subtraction games
// Subtraction(S): Table 1 and Example 1.19, Examples 2.5–2.8, Theorem 2.9.
// Each is checked on the subtraction solver (solver.SubtractionGrundy,
// G_S(x) = mex{G_S(x − s) : s ∈ S, s ≤ x} from the rules) for 0 ≤ x ≤ bound.

// sequenceCase is one subtraction game and what a claim says of its Grundy
// sequence: verdict returns the claimed value at x, given the actual
// sequence g (to x and beyond), and whether g[x] agrees.
type sequenceCase struct {
	set     solver.SubtractionSet
	detail  string // the case's parameters for reports: "h = 4"; may be empty
	verdict func(g []int, x int) (claimed string, ok bool)
}

// formulaCase is the case "G_S(x) = formula(x)".
func formulaCase(set solver.SubtractionSet, detail string, formula func(x int) int) sequenceCase {
	return sequenceCase{set, detail, func(g []int, x int) (string, bool) {
		want := formula(x)
		return strconv.Itoa(want), g[x] == want
	}}
}

// sequenceCheck checks every case of cases(bound) at 0 ≤ x ≤ bound.
func sequenceCheck(cases func(bound int) []sequenceCase) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, c := range cases(bound) {
				g := solver.SubtractionGrundy(c.set, bound)
				game := "S = " + c.set.Name
				if c.detail != "" {
					game += ", " + c.detail
				}
				for x := range g {
					f.Checked++
					if claimed, ok := c.verdict(g, x); !ok {
						f.Report(conjecture.Counterexample{At: conjecture.At("x", x), Game: game, Claimed: claimed, Actual: strconv.Itoa(g[x])})
					}
				}
			}
		}}
	}
}

// table1Check compares the printed row G(0), …, G(10) of Table 1 with the
// solver's Subtraction({2, 3}).
func table1Check(t conjecture.Transcription) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			row := t.Value[0]
			g := solver.SubtractionGrundy(solver.Finite(2, 3), len(row)-1)
			for n, want := range row {
				if t.State[0][n] != conjecture.Printed {
					continue
				}
				f.Checked++
				if g[n] != want {
					f.Report(conjecture.Counterexample{At: conjecture.At("n", n), Claimed: strconv.Itoa(want), Actual: strconv.Itoa(g[n])})
				}
			}
		}}
	}
}

// periodicCases is Example 1.19: G_{{2,3}} is purely periodic with the
// given period block (0, 0, 1, 1, 2 as printed).
func periodicCases(block []int) func(int) []sequenceCase {
	return func(int) []sequenceCase {
		return []sequenceCase{formulaCase(solver.Finite(2, 3), "", func(x int) int { return block[x%len(block)] })}
	}
}

// stairFormula is B(x) = A(⌊x/h⌋)·h + (x mod h), the h-stair of A
// (Definition 2.2) at x.
func stairFormula(a func(q int) int, h, x int) int { return a(x/h)*h + x%h }

// example25Cases is Example 2.5, G_ℕ₊(x) = ⌊x/h⌋·h + (x mod h) = x, for
// h = 1, …, 4; a is the sequence whose h-stair it is, A(q) = q.
func example25Cases(a func(q int) int) func(int) []sequenceCase {
	return func(int) []sequenceCase {
		var cases []sequenceCase
		for h := 1; h <= 4; h++ {
			cases = append(cases, formulaCase(solver.AllBut(), "h = "+strconv.Itoa(h), func(x int) int { return stairFormula(a, h, x) }))
		}
		return cases
	}
}

// example26Sets lists sets S with {1, …, l−1} ⊂ S ⊂ ℕ₊ ∖ lℕ₊: the smallest
// and the largest, and {1, …, l−1} ∪ T for every T of non-multiples of l
// in l+1…12 (an element above the bound changes nothing there).
func example26Sets(l int) []solver.SubtractionSet {
	base := make([]int, l-1)
	for i := range base {
		base[i] = i + 1
	}
	var extra []int
	for s := l + 1; s <= 12; s++ {
		if s%l != 0 {
			extra = append(extra, s)
		}
	}
	sets := []solver.SubtractionSet{{
		Name:     "ℕ₊ ∖ " + strconv.Itoa(l) + "ℕ₊",
		Contains: func(s int) bool { return s >= 1 && s%l != 0 },
	}}
	eachSubset(extra, func(t []int) { sets = append(sets, solver.Finite(append(t, base...)...)) })
	return sets
}

// eachSubset calls yield with every subset of elems, in the order of the
// binary counter over elems; yield may keep the slice.
func eachSubset(elems []int, yield func(subset []int)) {
	for mask := range 1 << len(elems) {
		var subset []int
		for i, e := range elems {
			if mask&(1<<i) != 0 {
				subset = append(subset, e)
			}
		}
		yield(subset)
	}
}

// example26Cases is Example 2.6: for 1 ≤ l ≤ 5, every set of example26Sets(l)
// and every h dividing l, G_S(x) = formula(x, l, h); the example prints
// x mod l = ⌊(x mod l)/h⌋·h + ((x mod l) mod h).
func example26Cases(formula func(x, l, h int) int) func(int) []sequenceCase {
	return func(int) []sequenceCase {
		var cases []sequenceCase
		for l := 1; l <= 5; l++ {
			for _, set := range example26Sets(l) {
				for h := 1; h <= l; h++ {
					if l%h == 0 {
						cases = append(cases, formulaCase(set, "l = "+strconv.Itoa(l)+", h = "+strconv.Itoa(h),
							func(x int) int { return formula(x, l, h) }))
					}
				}
			}
		}
		return cases
	}
}

// example26 is the formula printed in Example 2.6.
func example26(x, l, h int) int { return (x%l)/h*h + (x%l)%h }

// example27Cases is Example 2.7: for S = ℕ₊ ∖ {h, 2h, …, kh}, 1 ≤ h, k ≤ 4,
// G_S is the h-stair of a(k, q), printed as k+1 zeros, k+1 ones, k+1 twos, …:
// a(k, q) = ⌊q/(k+1)⌋.
func example27Cases(a func(k, q int) int) func(int) []sequenceCase {
	return func(int) []sequenceCase {
		var cases []sequenceCase
		for h := 1; h <= 4; h++ {
			for k := 1; k <= 4; k++ {
				var excluded []int
				for i := 1; i <= k; i++ {
					excluded = append(excluded, i*h)
				}
				cases = append(cases, formulaCase(solver.AllBut(excluded...), "h = "+strconv.Itoa(h)+", k = "+strconv.Itoa(k),
					func(x int) int { return stairFormula(func(q int) int { return a(k, q) }, h, x) }))
			}
		}
		return cases
	}
}

// example28Cases is Example 2.8: for S = ℕ₊ ∖ {s₁, s₂}, 1 ≤ s₁ < s₂ ≤ 12,
// G_S is the s₁-stair of a sequence of positive integers (of non-negative
// ones if !positive).
func example28Cases(positive bool) func(int) []sequenceCase {
	return func(int) []sequenceCase {
		var cases []sequenceCase
		for s1 := 1; s1 <= 11; s1++ {
			for s2 := s1 + 1; s2 <= 12; s2++ {
				cases = append(cases, sequenceCase{solver.AllBut(s1, s2), "", stairVerdict(s1, positive)})
			}
		}
		return cases
	}
}

// stairVerdict is "the sequence is the h-stair of a sequence A of positive
// integers" (of non-negative ones if !positive): at x = qh + r,
// G(qh) = A(q)·h must be a (positive) multiple of h, and
// G(qh + r) = G(qh) + r for 0 < r < h.
func stairVerdict(h int, positive bool) func(g []int, x int) (string, bool) {
	return func(g []int, x int) (string, bool) {
		if r := x % h; r > 0 {
			return strconv.Itoa(g[x-r] + r), g[x] == g[x-r]+r
		}
		if positive {
			return "a positive multiple of " + strconv.Itoa(h), g[x] > 0 && g[x]%h == 0
		}
		return "a multiple of " + strconv.Itoa(h), g[x]%h == 0
	}
}

// stairSet is S′ = ℕ₊ ∖ {(ℕ₊ ∖ S)h} of Theorem 2.9, read as ℕ₊ minus the
// multiples ch of h with c ∉ S: s ∈ S′ unless h | s and s/h ∉ S.
func stairSet(set solver.SubtractionSet, h int) solver.SubtractionSet {
	return solver.SubtractionSet{
		Name:     "ℕ₊ ∖ (ℕ₊ ∖ " + set.Name + ")·" + strconv.Itoa(h),
		Contains: func(s int) bool { return s >= 1 && (s%h != 0 || set.Contains(s/h)) },
	}
}

// theorem29Pool lists the sets S of the Theorem 2.9 Check: every subset
// of {1, …, 5} and three all-but sets.
func theorem29Pool() []solver.SubtractionSet {
	var pool []solver.SubtractionSet
	eachSubset([]int{1, 2, 3, 4, 5}, func(s []int) { pool = append(pool, solver.Finite(s...)) })
	return append(pool, solver.AllBut(), solver.AllBut(1), solver.AllBut(2, 3))
}

// theorem29Cases is Theorem 2.9: for every S of theorem29Pool and
// 1 ≤ h ≤ 4, G_{S′}(n) = formula(G_S, h, n), printed as
// G_S(⌊n/h⌋)·h + (n mod h); G_S is from the same solver.
func theorem29Cases(formula func(gs []int, h, n int) int) func(int) []sequenceCase {
	return func(bound int) []sequenceCase {
		var cases []sequenceCase
		for _, set := range theorem29Pool() {
			gs := solver.SubtractionGrundy(set, bound)
			for h := 1; h <= 4; h++ {
				cases = append(cases, formulaCase(stairSet(set, h), "", func(n int) int { return formula(gs, h, n) }))
			}
		}
		return cases
	}
}

// theorem29 is the formula of Theorem 2.9.
func theorem29(gs []int, h, n int) int { return gs[n/h]*h + n%h }

// sequenceOn begins the CheckedOn of the claims of this file.
const sequenceOn = "subtraction solver (solver.SubtractionGrundy, from the rules), 0 ≤ x ≤ bound, "

// subtractionClaims are Table 1 and Example 1.19 of 003.
func subtractionClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:        "thesis.table1",
			Source:    thesisSource("Table 1 (Example 1.19)"),
			Statement: "Table 1: The G-value of a single heap in Subtraction({2, 3}), n = 0, …, 10.",
			CheckedOn: "subtraction solver (solver.SubtractionGrundy) for S = {2, 3}, every printed cell",
			Note:      "Transcribed in testdata/thesis_table1_subtraction23.txt; no cell is lost.",
			Unit:      "cells",
			Check:     table1Check(transcribed("thesis_table1_subtraction23.txt")),
		},
		{
			ID:        "thesis.ex1.19",
			Source:    thesisSource("Example 1.19"),
			Statement: "In fact, we obtain {G(n)}_{n=0}^∞ = 0, 0, 1, 1, 2 (repeated), where the dots above numbers indicate the beginning and the end of recursion of numbers.",
			CheckedOn: sequenceOn + "S = {2, 3}",
			Note:      "Read as: G(n) = (0, 0, 1, 1, 2)[n mod 5] for every n, a purely periodic sequence of period 5.",
			Bound:     2000,
			Unit:      "values",
			Check:     sequenceCheck(periodicCases([]int{0, 0, 1, 1, 2})),
		},
	}
}

// stairExampleClaims are Examples 2.5–2.8 of 003.
func stairExampleClaims() []conjecture.Claim {
	example28Statement := "If s_2 > s_1, then G_S(x) is the s_1-stair of a sequence of positive integers."
	example28On := sequenceOn + "every 1 ≤ s_1 < s_2 ≤ 12"
	return []conjecture.Claim{
		{
			ID:        "thesis.ex2.5",
			Source:    thesisSource("Example 2.5 (Nim)"),
			Statement: "For any h, G_ℕ₊(x) = x = (⌊x/h⌋)h + (x mod h).",
			CheckedOn: sequenceOn + "S = ℕ₊, h = 1, …, 4",
			Bound:     500,
			Unit:      "values",
			Check:     sequenceCheck(example25Cases(func(q int) int { return q })),
		},
		{
			ID:     "thesis.ex2.6",
			Source: thesisSource("Example 2.6 (Subtraction({1, …, l−1}) and its variants)"),
			Statement: "If {1, …, l−1} ⊂ S ⊂ ℕ₊ ∖ {kl | l ∈ ℕ₊} and h | l, then " +
				"G_S(x) = x mod l = (⌊(x mod l)/h⌋)h + ((x mod l) mod h).",
			CheckedOn: sequenceOn + "1 ≤ l ≤ 5, every h | l, S = ℕ₊ ∖ lℕ₊ and S = {1, …, l−1} ∪ T for every set T of non-multiples of l in l+1…12",
			Note:      "{kl | l ∈ ℕ₊} is read as the multiples of l, {kl | k ∈ ℕ₊}; the printed bound variable is a slip.",
			Bound:     120,
			Unit:      "values",
			Check:     sequenceCheck(example26Cases(example26)),
		},
		{
			ID:     "thesis.ex2.7",
			Source: thesisSource("Example 2.7 (All-but({h, 2h, …, kh}))"),
			Statement: "If S = ℕ₊ ∖ {h, 2h, …, kh}, then G_S(x) is the h-stair of 0, …, 0 (k+1 times), 1, …, 1 (k+1 times), " +
				"2, …, 2 (k+1 times), ….",
			CheckedOn: sequenceOn + "1 ≤ h ≤ 4, 1 ≤ k ≤ 4",
			Note:      "The printed sequence read as A(q) = ⌊q/(k+1)⌋, so G_S(x) = ⌊⌊x/h⌋/(k+1)⌋·h + (x mod h).",
			Bound:     500,
			Unit:      "values",
			Check:     sequenceCheck(example27Cases(func(k, q int) int { return q / (k + 1) })),
		},
		{
			ID:        "thesis.ex2.8",
			Source:    thesisSource("Example 2.8 (All-but({s_1, s_2}))"),
			Statement: example28Statement,
			CheckedOn: example28On,
			Note:      "Checked as: G_S(q·s_1) is a positive multiple of s_1, and G_S(q·s_1 + r) = G_S(q·s_1) + r for 0 < r < s_1.",
			Bound:     300,
			Unit:      "values",
			Check:     sequenceCheck(example28Cases(true)),
		},
		{
			ID:        "thesis.ex2.8.corrected",
			Source:    thesisSource("Example 2.8 (All-but({s_1, s_2}))"),
			Statement: "If s_2 > s_1, then G_S(x) is the s_1-stair of a sequence of non-negative integers.",
			CheckedOn: example28On,
			Note: "Changed: \"non-negative\" for \"positive\". Every G-value sequence starts with G_S(0) = 0, so the sequence " +
				"A of which it is the s_1-stair has A(0) = 0; also G_S(s_1) = mex{1, …, s_1 − 1} = 0, as the move s_1 is excluded. " +
				"Definition 2.2 and Theorem 2.4 only ask for non-negative integers.",
			Bound: 300,
			Unit:  "values",
			Check: sequenceCheck(example28Cases(false)),
		},
	}
}

// theorem29Claims is Theorem 2.9 of 003.
func theorem29Claims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:     "thesis.thm2.9",
			Source: thesisSource("Theorem 2.9"),
			Statement: "Let S be an arbitrary subtraction set and let S′ = ℕ₊ ∖ {(ℕ₊ ∖ S)h}. Then " +
				"G_{S′}(n) = G_S(⌊n/h⌋)h + (n mod h).",
			CheckedOn: sequenceOn + "S every subset of {1, …, 5}, ℕ₊, ℕ₊ ∖ {1} and ℕ₊ ∖ {2, 3}; h = 1, …, 4",
			Note:      "{(ℕ₊ ∖ S)h} read as the set {ch : c ∈ ℕ₊ ∖ S}, as the proof uses it.",
			Bound:     300,
			Unit:      "values",
			Check:     sequenceCheck(theorem29Cases(theorem29)),
		},
	}
}
