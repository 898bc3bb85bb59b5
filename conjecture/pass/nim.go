package pass

import (
	"github.com/grundy-lab/grundy/conjecture"
	"slices"
)

// The claims of Manabe, Miyadera, Suetsugu, "On the Sprague-Grundy values
// of games with a pass" (seed 002) about two-pile nim with a pass, G_P,
// the table passnim.

// Citation names the paper in reports and claim sources: authors, title
// and arXiv id. (Its text is ../shared/seeds/002_6a1fb5bc99238621.txt.)
const Citation = "Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games with a pass"

// Claims returns the claims of 002, in the order of the paper.
func Claims() []conjecture.Claim {
	return slices.Concat(basicClaims(), hypergraphClaims(), chocolateClaims(), structureClaims(), compoundClaims(), noteClaims(), passNimClaims(), stairClaims())
}

// passSource is a label of seed 002.
func passSource(label string) conjecture.Source {
	return conjecture.Source{Paper: Citation, Label: label}
}

// Lemma 4 of 002, its sets as printed.
var (
	// (a): x = y = 0, or (x, y) = (2n−1, 2n) or (2n, 2n−1), n ≥ 1.
	lemma4a = conjecture.Families(1, []conjecture.Affine{{2, -1, 2, 0}, {2, 0, 2, -1}}, conjecture.Point{0, 0})
	// (b): (x, y) ∈ {(0, 2), (2, 0)}, or x = y with x ≠ 0 and x ≠ 2.
	lemma4b conjecture.CellSet = func(x int) []int {
		ys := conjecture.Families(0, nil, conjecture.Point{0, 2}, conjecture.Point{2, 0})(x)
		if x != 0 && x != 2 {
			ys = append(ys, x)
		}
		return conjecture.Normalize(ys)
	}
	// (c): nine cells, or (x−1) ⊕ (y−1) = 3 with x, y ≥ 9, that is
	// y = ((x−1) ⊕ 3) + 1 for x ≥ 9 (then y ≥ 9 as well).
	lemma4c conjecture.CellSet = func(x int) []int {
		ys := conjecture.Families(0, nil, conjecture.Point{0, 1}, conjecture.Point{1, 0}, conjecture.Point{2, 2}, conjecture.Point{3, 5}, conjecture.Point{4, 7},
			conjecture.Point{5, 3}, conjecture.Point{6, 8}, conjecture.Point{7, 4}, conjecture.Point{8, 6})(x)
		if y := ((x - 1) ^ 3) + 1; x >= 9 && y >= 9 {
			ys = append(ys, y)
		}
		return conjecture.Normalize(ys)
	}
)

// passNimClaims are the claims of 002 about G_P, in the order of the paper.
func passNimClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:     "pass.nim3",
			Source: passSource("Section 1 (three-pile nim with a pass) with G_P of Section 2; stated in tables.passnim"),
			Statement: "3-pile nim with a pass available has (x, y, z) as a P-position if and only if z = G_P(x, y) " +
				"(the fact the table passnim is documented by, not printed in 002).",
			CheckedOn: "nim-with-a-pass solver (solver.PassNimOutcome, pass available) for 0 ≤ x, y ≤ min(bound, n), " +
				"0 ≤ z ≤ bound, against G_P from table passnim",
			Table: "passnim",
			Bound: 30,
			Unit:  "positions",
			Check: conjecture.CornerCheck(conjecture.NimJudge(true)),
		},
		conjecture.PrintedTableClaim("pass.table3", passSource("Table 3"), "passnim",
			"Table 3: Values of G_P(x, y), 0 ≤ x, y ≤ 12.",
			"Transcribed in testdata/pass_table3_gp.txt; no cell is lost.", transcribed("pass_table3_gp.txt")),
		conjecture.ValueSetClaim("pass.lem4a", passSource("Lemma 4 (a)"), "passnim",
			"G_P(x, y) = 0 if and only if one of the following holds: x = y = 0; x = 2n−1 and y = 2n for a positive "+
				"integer n; x = 2n and y = 2n−1 for a positive integer n.",
			"", 0, lemma4a),
		conjecture.ValueSetClaim("pass.lem4b", passSource("Lemma 4 (b)"), "passnim",
			"G_P(x, y) = 1 if and only if one of the following holds: (x, y) ∈ {(0, 2), (2, 0)}; x = y, x ≠ 0, and x ≠ 2.",
			"", 1, lemma4b),
		conjecture.ValueSetClaim("pass.lem4c", passSource("Lemma 4 (c)"), "passnim",
			"G_P(x, y) = 2 if and only if one of the following holds: (x, y) ∈ {(0, 1), (1, 0), (2, 2), (3, 5), (4, 7), "+
				"(5, 3), (6, 8), (7, 4), (8, 6)}; (x−1) ⊕ (y−1) = 3 and x, y ≥ 9.",
			"", 2, lemma4c),
	}
}
