package goishi

import "github.com/grundy-lab/grundy/conjecture"

// The claims of Abuku, Fukui, Katayama, Suetsugu, "Relationship between
// misère nim and two-player goishi hiroi" (seed 001, with 000 where 001's
// conversion lost a symbol). G₀, G₁, G₋₁ and G*₋₁ are the tables nim, g1,
// gneg1 and gstarneg1.

// goishiSource is a label of seed 001.
func goishiSource(label string) conjecture.Source {
	return conjecture.Source{Paper: Citation, Label: label}
}

// Citation names the paper in reports and claim sources: authors, title
// and arXiv id. (Its text is ../shared/seeds/001_1e4022ffdf93bdb5.txt; 000 is its LaTeX text.)
const Citation = "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and two-player goishi hiroi (arXiv 2412.03996)"

// goishiTableClaim compares the printed Table k of 001 with the table.
func goishiTableClaim(k, table, symbol, file string) conjecture.Claim {
	return conjecture.PrintedTableClaim("goishi.table"+k, goishiSource("Table "+k), table,
		"Table "+k+": Values of "+symbol+"(x, y), 0 ≤ x, y ≤ 11.",
		"Transcribed in testdata/"+file+" from 001, cells blank there recovered from 000.", transcribed(file))
}

// xorRow writes G₀(x, y) = x XOR y for y = 0, 1, … into dst.
func xorRow(x int, dst []int32) {
	for y := range dst {
		dst[y] = int32(x ^ y)
	}
}

// g1Row writes the values of G₁ the text claims: G₁(0, 1) = G₁(1, 0) = 0,
// G₁(0, 0) = G₁(1, 1) = 1, and G₀(x, y) = x XOR y at every other cell.
func g1Row(x int, dst []int32) {
	xorRow(x, dst)
	if x <= 1 {
		for y := range min(2, len(dst)) {
			dst[y] ^= 1 // swaps 0 and 1 at the four cells
		}
	}
}

// theorem4 and theorem5 are the sets of Theorems 4 and 5 of 001, as printed.
var (
	theorem4A0 = conjecture.Families(2, []conjecture.Affine{{1, 0, 1, 0}}, conjecture.Point{0, 1}, conjecture.Point{1, 0})
	theorem4A1 = conjecture.Families(2, []conjecture.Affine{{2, 0, 2, -1}, {2, -1, 2, 0}}, conjecture.Point{0, 2}, conjecture.Point{1, 1}, conjecture.Point{2, 0})
	theorem4A2 = conjecture.Families(2, []conjecture.Affine{{2, 0, 2, 1}, {2, 1, 2, 0}}, conjecture.Point{0, 3}, conjecture.Point{1, 2}, conjecture.Point{2, 1}, conjecture.Point{3, 0})
	theorem4A3 = conjecture.Families(2, []conjecture.Affine{{4, -2, 4, 0}, {4, -1, 4, 1}, {4, 0, 4, -2}, {4, 1, 4, -1}},
		conjecture.Point{0, 4}, conjecture.Point{1, 3}, conjecture.Point{2, 5}, conjecture.Point{3, 1}, conjecture.Point{4, 0}, conjecture.Point{5, 2})
	theorem5B0 = conjecture.Families(0, []conjecture.Affine{{1, 0, 1, 0}})
	theorem5B1 = conjecture.Families(2, []conjecture.Affine{{2, 0, 2, 1}, {2, 1, 2, 0}}, conjecture.Point{0, 2}, conjecture.Point{1, 3}, conjecture.Point{2, 0}, conjecture.Point{3, 1})
	theorem5B2 = conjecture.Families(1, []conjecture.Affine{{4, 2, 4, 0}, {4, 3, 4, 1}, {4, 0, 4, 2}, {4, 1, 4, 3}},
		conjecture.Point{0, 3}, conjecture.Point{1, 2}, conjecture.Point{2, 1}, conjecture.Point{3, 0})
	theorem5B3 = conjecture.Families(2, []conjecture.Affine{{4, -2, 4, 0}, {4, -1, 4, 1}, {4, 0, 4, -2}, {4, 1, 4, -1}},
		conjecture.Point{0, 4}, conjecture.Point{1, 5}, conjecture.Point{2, 3}, conjecture.Point{3, 2}, conjecture.Point{4, 0}, conjecture.Point{5, 1})
)

// setNote is the reading shared by the sets of Theorems 4 and 5.
const setNote = "The condition on n applies to every member of the set-builder, as the proof treats them; " +
	"the theorem quantifies over all x, y ≥ 0, so every cell of the table is checked."

// Claims returns the claims of 001, in the order of the paper.
func Claims() []conjecture.Claim {
	return []conjecture.Claim{
		goishiTableClaim("1", "nim", "G₀", "goishi_table1_g0.txt"),
		{
			ID:        "goishi.g0xor",
			Source:    goishiSource("Section 1.1, after Table 1"),
			Statement: "Since two-pile nim can be considered as a disjunctive sum of single piles, G₀(x, y) = x ⊕ y holds.",
			CheckedOn: "table nim, every cell",
			Table:     "nim",
			Unit:      "cells",
			Check:     conjecture.FormulaCheck(xorRow),
		},
		{
			ID:        "goishi.nim3",
			Source:    goishiSource("Section 1.1, after Table 1"),
			Statement: "In three-pile nim, (x, y, z) is a P-position if and only if z = G₀(x, y).",
			CheckedOn: "nim solver (solver.PassNimOutcome without the pass) for 0 ≤ x, y ≤ min(bound, n), 0 ≤ z ≤ bound, against G₀ from table nim",
			Table:     "nim",
			Bound:     30,
			Unit:      "positions",
			Check:     conjecture.CornerCheck(conjecture.NimJudge(false)),
		},
		goishiTableClaim("2", "g1", "G₁", "goishi_table2_g1.txt"),
		{
			ID:     "goishi.g0g1",
			Source: goishiSource("Section 1.1, after Table 2"),
			Statement: "G₀(0,0) = G₀(1,1) = G₁(0,1) = G₁(1,0) = 0, G₀(0,1) = G₀(1,0) = G₁(0,0) = G₁(1,1) = 1 " +
				"and for any other (x, y), G₀(x, y) = G₁(x, y).",
			CheckedOn: "table g1, every cell, against G₀(x, y) = x ⊕ y",
			Note: "Read as a claim about G₁: G₀ is taken as x ⊕ y (its closed form, Theorem 1 (3); goishi.g0xor checks it " +
				"on table nim), so this claim reads only table g1.",
			Table: "g1",
			Unit:  "cells",
			Check: conjecture.FormulaCheck(g1Row),
		},
		misereClaim(),
		gneg1SGClaim(),
		goishiTableClaim("3", "gneg1", "G₋₁", "goishi_table3_gneg1.txt"),
		goishiTableClaim("4", "gstarneg1", "G*₋₁", "goishi_table4_gstarneg1.txt"),
		conjecture.ValueSetClaim("goishi.zeros", goishiSource("Section 1.1, after Table 4"), "gstarneg1",
			"G*₋₁ has the same 0-positions as G₀.",
			"G₀(x, y) = x ⊕ y is 0 exactly when x = y, so read as: G*₋₁(x, y) = 0 if and only if x = y.",
			0, func(x int) []int { return []int{x} }),
		figure3Claim(figure3),
		{
			ID:     "goishi.thm2",
			Source: goishiSource("Theorem 2"),
			Statement: "A position (x, y, z) in two-player goishi hiroi under normal play convention is a P-position " +
				"if and only if y = G₋₁(x, z) + 1.",
			CheckedOn: "goishi hiroi solver (solver.GoishiHiroiOutcome, normal play) for 0 ≤ x, z ≤ min(bound, n), 0 ≤ y ≤ bound, " +
				"against G₋₁ from table gneg1",
			Note: "(x, y, z) is the line of x stones, y stones of the other colour and z of the first; (x, 0, z) is one group " +
				"of x + z stones (the text: emptying the middle pile lets the mover take both others at once).",
			Table: "gneg1",
			Bound: 30,
			Unit:  "positions",
			Check: conjecture.CornerCheck(goishiJudge(false)),
		},
		{
			ID:     "goishi.thm3",
			Source: goishiSource("Theorem 3"),
			Statement: "A position (x, y, z) in two-player goishi hiroi under misère play convention is a P-position " +
				"if and only if y = G*₋₁(x, z) + 1.",
			CheckedOn: "goishi hiroi solver (solver.GoishiHiroiOutcome, misère play) for 0 ≤ x, z ≤ min(bound, n), 0 ≤ y ≤ bound, " +
				"against G*₋₁ from table gstarneg1",
			Note:  "Positions read as in goishi.thm2.",
			Table: "gstarneg1",
			Bound: 30,
			Unit:  "positions",
			Check: conjecture.CornerCheck(goishiJudge(true)),
		},
		conjecture.ValueSetClaim("goishi.thm4.1", goishiSource("Theorem 4 (1)"), "gneg1",
			"Let A₀ = {(n, n) | n ≥ 2}. Then G₋₁(x, y) = 0 if and only if (x, y) ∈ A₀ ∪ {(0, 1), (1, 0)}.",
			setNote, 0, theorem4A0),
		conjecture.ValueSetClaim("goishi.thm4.2", goishiSource("Theorem 4 (2)"), "gneg1",
			"Let A₁ = {(2n, 2n−1), (2n−1, 2n) | n ≥ 2}. Then G₋₁(x, y) = 1 if and only if (x, y) ∈ A₁ ∪ {(0, 2), (1, 1), (2, 0)}.",
			setNote, 1, theorem4A1),
		conjecture.ValueSetClaim("goishi.thm4.3", goishiSource("Theorem 4 (3)"), "gneg1",
			"Let A₂ = {(2n, 2n+1), (2n+1, 2n) | n ≥ 2}. Then G₋₁(x, y) = 2 if and only if "+
				"(x, y) ∈ A₂ ∪ {(0, 3), (1, 2), (2, 1), (3, 0)}.",
			setNote, 2, theorem4A2),
		thm44(),
		thm44Printed(),
		conjecture.ValueSetClaim("goishi.thm5.1", goishiSource("Theorem 5 (1)"), "gstarneg1",
			"Let B₀ = {(n, n) | n ≥ 0}. Then G*₋₁(x, y) = 0 if and only if (x, y) ∈ B₀.",
			setNote, 0, theorem5B0),
		conjecture.ValueSetClaim("goishi.thm5.2", goishiSource("Theorem 5 (2)"), "gstarneg1",
			"Let B₁ = {(2n, 2n+1), (2n+1, 2n) | n ≥ 2}. Then G*₋₁(x, y) = 1 if and only if "+
				"(x, y) ∈ B₁ ∪ {(0, 2), (1, 3), (2, 0), (3, 1)}.",
			setNote, 1, theorem5B1),
		conjecture.ValueSetClaim("goishi.thm5.3", goishiSource("Theorem 5 (3)"), "gstarneg1",
			"Let B₂ = {(4n+2, 4n), (4n+3, 4n+1), (4n, 4n+2), (4n+1, 4n+3) | n ≥ 1}. Then G*₋₁(x, y) = 2 if and only if "+
				"(x, y) ∈ B₂ ∪ {(0, 3), (1, 2), (2, 1), (3, 0)}.",
			setNote, 2, theorem5B2),
		conjecture.ValueSetClaim("goishi.thm5.4", goishiSource("Theorem 5 (4)"), "gstarneg1",
			"Let B₃ = {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n ≥ 2}. Then G*₋₁(x, y) = 3 if and only if "+
				"(x, y) ∈ B₃ ∪ {(0, 4), (1, 5), (2, 3), (3, 2), (4, 0), (5, 1)}.",
			setNote, 3, theorem5B3),
		{
			ID:     "goishi.prop1",
			Source: goishiSource("Proposition 1"),
			Statement: "For any nonnegative integers n and m, G*₋₁(2n, 2m) = G*₋₁(2n+1, 2m+1) and " +
				"G*₋₁(2n+1, 2m) = G*₋₁(2n, 2m+1) hold.",
			CheckedOn: "table gstarneg1, every 2×2 block inside the table; a failure is reported at (2n+1, 2m+1) or " +
				"(2n, 2m+1), claimed being the value of the opposite cell",
			Table: "gstarneg1",
			Unit:  "cells",
			Check: diagonalBlockCheck(),
		},
	}
}

// theorem4A3Printed is A₃ with 001's range n > 2: from n = 3 on.
var theorem4A3Printed = conjecture.Families(3, []conjecture.Affine{{4, -2, 4, 0}, {4, -1, 4, 1}, {4, 0, 4, -2}, {4, 1, 4, -1}},
	conjecture.Point{0, 4}, conjecture.Point{1, 3}, conjecture.Point{2, 5}, conjecture.Point{3, 1}, conjecture.Point{4, 0}, conjecture.Point{5, 2})

// thm44Statement is Theorem 4 (4) with its range of n.
func thm44Statement(from string) string {
	return "Let A₃ = {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n " + from + "}. Then G₋₁(x, y) = 3 if and only if " +
		"(x, y) ∈ A₃ ∪ {(0, 4), (1, 3), (2, 5), (3, 1), (4, 0), (5, 2)}."
}

// thm44 is Theorem 4 (4) read with n ≥ 2, as 000 prints it and the proof
// uses it; 001 prints n > 2, which goishi.thm4.4.printed checks.
func thm44() conjecture.Claim {
	c := conjecture.ValueSetClaim("goishi.thm4.4", goishiSource("Theorem 4 (4)"), "gneg1", thm44Statement("≥ 2"),
		"The range is n ≥ 2 as the LaTeX copy of the paper prints it (\\geq 2) and as the proof uses it (\"Let n ≥ 2\"); "+
			"the Markdown copy's \"n > 2\" is a "+
			"conversion slip: it would leave out (6, 8), (7, 9), (8, 6), (9, 7), which Table 3 itself gives the value 3 "+
			"(goishi.thm4.4.printed checks it as the Markdown copy prints it). "+setNote,
		3, theorem4A3)
	c.Reading = "the Markdown copy of the paper prints n > 2; checked with n ≥ 2, as the LaTeX copy prints it and the proof uses it; " +
		"the reading n > 2 is goishi.thm4.4.printed"
	return c
}

// thm44Printed is Theorem 4 (4) as 001 prints it, n > 2. It fails at the
// four cells of n = 2, which have the value 3 (Table 3 prints them).
func thm44Printed() conjecture.Claim {
	c := conjecture.ValueSetClaim("goishi.thm4.4.printed", goishiSource("Theorem 4 (4), as the Markdown copy prints it"), "gneg1",
		thm44Statement("> 2"),
		"As printed in the Markdown copy of the paper. It fails at (6, 8), (7, 9), (8, 6), (9, 7), the members of n = 2; "+
			"goishi.thm4.4 reads n ≥ 2 as the LaTeX copy and the proof do. "+setNote,
		3, theorem4A3Printed)
	c.Reading = "as the Markdown copy prints it, n > 2; fails at the members of n = 2 (goishi.thm4.4 checks n ≥ 2)"
	return c
}
