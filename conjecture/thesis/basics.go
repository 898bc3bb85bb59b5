package thesis

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/tables/solver"
)

// The small statements of Sections 1–3 of 003: the worked examples of
// nim-sum, mex, one heap, stairs and OR (Examples 1.4, 1.10, 1.12, 2.3,
// 3.3, 3.4), the
// group laws of nim-sum (Proposition 1.5), the Sprague–Grundy theorem on
// outcomes (Theorem 1.13), and Siegel's arithmetic periodicity of all-but
// games as the thesis cites it (Section 1.2.4).

// digitSum is the nim-sum from its definition: the binary digits of a and
// b added without carry, digit by digit.
func digitSum(a, b int) int {
	sum := 0
	for bit := 1; a > 0 || b > 0; bit <<= 1 {
		if (a%2+b%2)%2 == 1 {
			sum += bit
		}
		a, b = a/2, b/2
	}
	return sum
}

// digitOr is ∨ from Definition 3.2: a binary digit of the result is 1 when
// that digit of a or of b is.
func digitOr(a, b int) int {
	or := 0
	for bit := 1; a > 0 || b > 0; bit <<= 1 {
		if a%2 == 1 || b%2 == 1 {
			or += bit
		}
		a, b = a/2, b/2
	}
	return or
}

// binary is v in binary with at least width digits.
func binary(v, width int) string {
	s := strconv.FormatInt(int64(v), 2)
	return strings.Repeat("0", max(0, width-len(s))) + s
}

// mex is Definition 1.9: the least non-negative integer not in t.
func mex(t []int) int {
	for m := 0; ; m++ {
		if !slices.Contains(t, m) {
			return m
		}
	}
}

// fact is one equation of a worked example: what the thesis prints and
// what the definitions give.
type fact struct{ what, printed, computed string }

// factsCheck compares every printed fact with its computation.
func factsCheck(facts func() []fact) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, fc := range facts() {
				f.Checked++
				if fc.printed != fc.computed {
					f.Report(conjecture.Counterexample{Game: fc.what, Claimed: fc.printed, Actual: fc.computed})
				}
			}
		}}
	}
}

// The printed examples, as facts.
var (
	example14 = func() []fact {
		return []fact{
			{"3 in binary", "011", binary(3, 3)}, {"5 in binary", "101", binary(5, 3)},
			{"3 ⊕ 5 in binary", "110", binary(digitSum(3, 5), 3)}, {"3 ⊕ 5", "6", strconv.Itoa(digitSum(3, 5))},
		}
	}
	example110 = func() []fact {
		return []fact{
			{"mex {0, 1, 2, 4, 5, 7}", "3", strconv.Itoa(mex([]int{0, 1, 2, 4, 5, 7}))},
			{"mex {1, 2, 4, 5, 7}", "0", strconv.Itoa(mex([]int{1, 2, 4, 5, 7}))},
			{"mex ∅", "0", strconv.Itoa(mex(nil))},
		}
	}
	example23 = func() []fact {
		a := []int{0, 0, 1, 5, 4}
		printed := []int{0, 1, 2, 0, 1, 2, 3, 4, 5, 15, 16, 17, 12, 13, 14}
		var facts []fact
		for x, p := range printed {
			facts = append(facts, fact{fmt.Sprintf("B(%d)", x), strconv.Itoa(p), strconv.Itoa(stairFormula(func(q int) int { return a[q] }, 3, x))})
		}
		return facts
	}
	example33 = func() []fact {
		return []fact{{"3 in binary", "11", binary(3, 2)}, {"5 in binary", "101", binary(5, 3)},
			{"3 ∨ 5 in binary", "111", binary(digitOr(3, 5), 3)}, {"3 ∨ 5", "7", strconv.Itoa(digitOr(3, 5))}}
	}
	example34 = func() []fact {
		return []fact{{"9 in binary", "1001", binary(9, 4)}, {"12 in binary", "1100", binary(12, 4)},
			{"9 ∨ 12 in binary", "1101", binary(digitOr(9, 12), 4)}, {"9 ∨ 12", "13", strconv.Itoa(digitOr(9, 12))}}
	}
)

// groupLawsCheck is Proposition 1.5 for a, b, c ≤ bound, with ⊕ = sum.
func groupLawsCheck(sum func(a, b int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			law := func(name string, a, b, c, left, right int) {
				f.Checked++
				if left != right {
					f.Report(conjecture.Counterexample{At: conjecture.At("a,b,c", a, b, c), Game: name,
						Claimed: strconv.Itoa(left), Actual: strconv.Itoa(right)})
				}
			}
			for a := 0; a <= bound; a++ {
				law("(2) a ⊕ 0 = a", a, 0, 0, a, sum(a, 0))
				law("(2) 0 ⊕ a = a", a, 0, 0, a, sum(0, a))
				law("(3) a ⊕ a = 0", a, a, 0, 0, sum(a, a))
				for b := 0; b <= bound; b++ {
					law("(4) a ⊕ b = b ⊕ a", a, b, 0, sum(a, b), sum(b, a))
					for c := 0; c <= bound; c++ {
						law("(1) a ⊕ (b ⊕ c) = (a ⊕ b) ⊕ c", a, b, c, sum(a, sum(b, c)), sum(sum(a, b), c))
					}
				}
			}
		}}
	}
}

// heapValueCheck is Example 1.12: G(⟨m⟩) = claimed(m) for the single nim
// heaps m ≤ bound, G from the heap's own options.
func heapValueCheck(claimed func(m int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for m := 0; m <= bound; m++ {
				f.Checked++
				if got, want := solver.GameGrundy(solver.NimHeap(m)), claimed(m); got != want {
					f.Report(conjecture.Counterexample{At: conjecture.At("m", m), Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
				}
			}
		}}
	}
}

// theorem113Check is Theorem 1.13 on every position of sumPool(bound): its
// outcome, from the game tree, is P exactly when claimedP(its G-value).
func theorem113Check(claimedP func(g int) bool) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, pos := range sumPool(bound) {
				f.Checked++
				g := solver.GameGrundy(pos.Game)
				if claimed, actual := outcomeIf(claimedP(g)), solver.GameOutcome(pos.Game); claimed != actual {
					f.Report(conjecture.Counterexample{Game: fmt.Sprintf("%s, G = %d", pos.Name, g), Claimed: claimed.String(), Actual: actual.String()})
				}
			}
		}}
	}
}

// arithmeticPeriod returns the smallest period p, and for it the smallest
// preperiod n₀ and the saltus s, with a(n + p) = a(n) + s for every n₀ ≤ n
// < len(a) − p, among p ≤ len(a)/4 and n₀ ≤ len(a)/2, so that at least two
// periods confirm it; ok is false if there is none.
func arithmeticPeriod(a []int) (p, n0, s int, ok bool) {
	for p = 1; p <= len(a)/4; p++ {
		// The last n where the difference changes fixes n₀.
		n0 = 0
		for n := len(a) - p - 2; n >= 0; n-- {
			if a[n+p]-a[n] != a[n+1+p]-a[n+1] {
				n0 = n + 1
				break
			}
		}
		if n0 <= len(a)/2 {
			return p, n0, a[n0+p] - a[n0], true
		}
	}
	return 0, 0, 0, false
}

// subsetsOf6 lists every S ⊆ {1, …, 6}.
func subsetsOf6() [][]int {
	var sets [][]int
	for mask := 0; mask < 1<<6; mask++ {
		var s []int
		for e := 1; e <= 6; e++ {
			if mask&(1<<(e-1)) != 0 {
				s = append(s, e)
			}
		}
		sets = append(sets, s)
	}
	return sets
}

// siegelCheck checks that the G-value sequence of All-but(S) is arithmetic
// periodic for every S of sets, on the first 100·bound values; period
// finds the period, preperiod and saltus.
func siegelCheck(sets [][]int, period func(a []int) (p, n0, s int, ok bool)) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			longest, at := 0, ""
			for _, excluded := range sets {
				set := solver.AllBut(excluded...)
				f.Checked++
				p, n0, s, ok := period(solver.SubtractionGrundy(set, 100*bound))
				if !ok {
					f.Report(conjecture.Counterexample{Game: "All-but(" + set.Name + ")", Claimed: "arithmetic periodic",
						Actual: fmt.Sprintf("no period ≤ %d with preperiod ≤ %d in G(0 … %d)", 25*bound, 50*bound, 100*bound)})
					continue
				}
				if p > longest {
					longest, at = p, fmt.Sprintf("%s: period %d, preperiod %d, saltus %d", set.Name, p, n0, s)
				}
			}
			if f.Witness == "" && longest > 0 {
				f.Witness = "the longest period is that of All-but(" + at + ")"
			}
		}}
	}
}

// basicClaims are the examples and small statements of 003.
func basicClaims() []conjecture.Claim {
	example := func(id, label, statement string, facts func() []fact) conjecture.Claim {
		return conjecture.Claim{ID: id, Source: thesisSource(label), Statement: statement,
			CheckedOn: "every printed number against its definition, computed digit by digit", Unit: "numbers", Check: factsCheck(facts)}
	}
	return []conjecture.Claim{
		example("thesis.ex1.4", "Example 1.4", "3 ⊕ 5 = (011)₂ ⊕ (101)₂ = (110)₂ = 6.", example14),
		{
			ID: "thesis.prop1.5", Source: thesisSource("Proposition 1.5"),
			Statement: "Let a, b, c ∈ ℕ₀. Nim-sum ⊕ satisfies: (1) a ⊕ (b ⊕ c) = (a ⊕ b) ⊕ c; (2) a ⊕ 0 = 0 ⊕ a = a; " +
				"(3) a ⊕ a = 0; (4) a ⊕ b = b ⊕ a.",
			CheckedOn: "nim-sum from its definition (binary addition without carry, digit by digit), every a, b, c ≤ bound",
			Bound:     40, Unit: "equations", Check: groupLawsCheck(digitSum),
		},
		example("thesis.ex1.10", "Example 1.10", "mex {0, 1, 2, 4, 5, 7} = 3, mex {1, 2, 4, 5, 7} = 0, mex ∅ = 0.", example110),
		{
			ID: "thesis.ex1.12", Source: thesisSource("Example 1.12"),
			Statement: "Let ⟨m⟩ be the Nim position with a single heap of size m. Then G(⟨m⟩) = m.",
			CheckedOn: "nim solver (solver.NimHeap, the heap's options enumerated), every m ≤ bound",
			Bound:     200, Unit: "heaps", Check: heapValueCheck(func(m int) int { return m }),
		},
		{
			ID: "thesis.thm1.13", Source: thesisSource("Theorem 1.13 (Grundy, Sprague)"),
			Statement: "Let G be an impartial game position. Then G(G) ≠ 0 ⟺ G is an N-position; G(G) = 0 ⟺ G is a P-position.",
			CheckedOn: "every position of the pool of Theorem 1.14 with coordinates ≤ bound (subtraction and all-but heaps, Wythoff, " +
				"Delete Nim, VDN, Josephus Nim): the outcome found from the game tree (solver.GameOutcome: P when every option " +
				"is N), never from G, against G from solver.GameGrundy",
			Bound: 12, Unit: "positions", Check: theorem113Check(func(g int) bool { return g == 0 }),
		},
		{
			ID: "thesis.siegel", Source: thesisSource("Section 1.2.4 (Siegel's theorem, as cited)"),
			Statement: "All-but subtraction games All-but(S) (S finite) were studied by Angela Siegel. She proved that the " +
				"G-value sequence is arithmetic periodic.",
			CheckedOn: "G-values of All-but(S) from the solver (solver.SubtractionGrundy), every S ⊆ {1, …, 6}, x ≤ 100·bound: " +
				"a period p ≤ 25·bound, preperiod n₀ ≤ 50·bound and saltus s with G(n + p) = G(n) + s for every n₀ ≤ n ≤ 100·bound − p",
			Note: "Arithmetic periodicity (Definition 1.21) is a statement about the infinite sequence; it is checked as " +
				"the existence of (p, n₀, s) confirmed over at least two periods of the values computed.",
			Bound: 10, Unit: "sets", Check: siegelCheck(subsetsOf6(), arithmeticPeriod),
		},
		example("thesis.ex2.3", "Example 2.3", "If A = 0, 0, 1, 5, 4, …, then the 3-stair of sequence A is "+
			"B = 0, 1, 2, 0, 1, 2, 3, 4, 5, 15, 16, 17, 12, 13, 14, ….", example23),
		example("thesis.ex3.3", "Example 3.3", "3 ∨ 5 = 11₂ ∨ 101₂ = 111₂ = 7.", example33),
		example("thesis.ex3.4", "Example 3.4", "9 ∨ 12 = 1001₂ ∨ 1100₂ = 1101₂ = 13.", example34),
	}
}
