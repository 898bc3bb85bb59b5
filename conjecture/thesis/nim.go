package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of Abuku, "A Study on Combinatorial Games" (seed 003) about
// nim: Theorem 1.6 (Bouton), Example 1.8 and Corollary 1.15, checked on
// the nim solver (solver.PassNimGrundy without the pass: k-heap nim, moves
// enumerated).

// Citation names the paper in reports and claim sources: authors, title
// and arXiv id. (Its text is ../shared/seeds/003_bc4fc888406a0cf1.txt.)
const Citation = "Abuku, A Study on Combinatorial Games (PhD thesis, Tsukuba 2020)"

// thesisSource is a label of seed 003.
func thesisSource(label string) conjecture.Source {
	return conjecture.Source{Paper: Citation, Label: label}
}

// eachNimPosition calls yield with every nim position of one to three heaps
// of at most bound tokens and of four heaps of at most bound/2; yield must
// not keep the slice.
func eachNimPosition(bound int, yield func(heaps []int)) {
	for k := 1; k <= 3; k++ {
		eachBox(k, bound, yield)
	}
	eachBox(4, bound/2, yield)
}

// indexedCoords names values prefix1, prefix2, …: the heaps m1, m2, … of
// Theorem 1.6, x1, x2, … of Definition 2.1.
func indexedCoords(prefix string, values []int) []conjecture.Coord {
	c := make([]conjecture.Coord, len(values))
	for i, v := range values {
		c[i] = conjecture.Coord{Name: prefix + strconv.Itoa(i+1), Value: v}
	}
	return c
}

// nimSum is m₁ ⊕ … ⊕ mₙ.
func nimSum(heaps []int) int {
	s := 0
	for _, m := range heaps {
		s ^= m
	}
	return s
}

// bouton is Theorem 1.6: ⟨m₁, …, mₙ⟩ is a P-position exactly when
// m₁ ⊕ … ⊕ mₙ = 0.
func bouton(heaps []int) solver.Outcome { return outcomeIf(nimSum(heaps) == 0) }

// nimCheck compares the claim with the solver at every position of
// eachNimPosition: judge returns the claimed and the actual value or class,
// equal when they agree.
func nimCheck(judge func(heaps []int) (claimed, actual string)) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			eachNimPosition(bound, func(heaps []int) {
				f.Checked++
				if claimed, actual := judge(heaps); claimed != actual {
					f.Report(conjecture.Counterexample{At: indexedCoords("m", heaps), Claimed: claimed, Actual: actual})
				}
			})
		}}
	}
}

// nimOutcomeCheck compares the outcome of every position with claimed.
func nimOutcomeCheck(claimed func(heaps []int) solver.Outcome) func(int) conjecture.Checker {
	return nimCheck(func(heaps []int) (string, string) {
		return claimed(heaps).String(), solver.PassNimOutcome(heaps, false).String()
	})
}

// nimValueCheck compares the Grundy value of every position with claimed.
func nimValueCheck(claimed func(heaps []int) int) func(int) conjecture.Checker {
	return nimCheck(func(heaps []int) (string, string) {
		return strconv.Itoa(claimed(heaps)), strconv.Itoa(solver.PassNimGrundy(heaps, false))
	})
}

// goodMovesCheck is Example 1.8: the position is an N-position, and its
// options that are P-positions (the good moves) are exactly good. Every
// option is checked: a good one must be P, any other N.
func goodMovesCheck(position []int, good [][]int) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			f.Checked++
			if got := solver.PassNimOutcome(position, false); got != solver.NPosition {
				f.Report(conjecture.Counterexample{At: indexedCoords("m", position), Claimed: "N", Actual: got.String()})
			}
			for i, m := range position {
				for smaller := range m {
					opt := slices.Clone(position)
					opt[i] = smaller
					claimed := solver.NPosition
					if slices.ContainsFunc(good, func(g []int) bool { return slices.Equal(g, opt) }) {
						claimed = solver.PPosition
					}
					f.Checked++
					if got := solver.PassNimOutcome(opt, false); got != claimed {
						f.Report(conjecture.Counterexample{At: indexedCoords("m", opt), Claimed: claimed.String(), Actual: got.String()})
					}
				}
			}
		}}
	}
}

// nimOn is what the claims on k-heap nim are checked on.
const nimOn = "nim solver (solver.PassNimGrundy without the pass), every position of 1–3 heaps ≤ bound and of 4 heaps ≤ bound/2"

// nimClaims are Theorem 1.6 and Example 1.8 of 003.
func nimClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:     "thesis.thm1.6",
			Source: thesisSource("Theorem 1.6 (Bouton)"),
			Statement: "We denote the Nim position with heaps of size m_1, …, m_n by ⟨m_1, …, m_n⟩. Then, m_1 ⊕ … ⊕ m_n ≠ 0 ⟺ " +
				"⟨m_1, …, m_n⟩ is an N-position; m_1 ⊕ … ⊕ m_n = 0 ⟺ ⟨m_1, …, m_n⟩ is a P-position.",
			CheckedOn: nimOn,
			Bound:     12,
			Unit:      "positions",
			Check:     nimOutcomeCheck(bouton),
		},
		{
			ID:     "thesis.ex1.8",
			Source: thesisSource("Example 1.8"),
			Statement: "In the case of Nim position ⟨7, 8, 10⟩: since 7 ⊕ 8 ⊕ 10 = 5 ≠ 0, this position is an N-position. … " +
				"The good moves are 7 → 2, 8 → 13 and 10 → 15. However, the only legal good move is 7 → 2.",
			CheckedOn: "nim solver (solver.PassNimOutcome without the pass) on ⟨7, 8, 10⟩ and each of its options",
			Note:      "Read as: ⟨7, 8, 10⟩ is N, and ⟨2, 8, 10⟩ is its only option that is a P-position.",
			Unit:      "positions",
			Check:     goodMovesCheck([]int{7, 8, 10}, [][]int{{2, 8, 10}}),
		},
	}
}
