package pass

import (
	"fmt"
	"github.com/grundy-lab/grundy/conjecture"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 002 about chocolate bars CB(F, x, y, z): Definition 9's
// NS-property (Proposition 1, Lemma 1), Theorem 1.4, and the
// two-dimensional bars CB₂(h, y, z) = CB(F, 0, y, z), F(x, z) = h(z)
// (Corollary 1, Table 2, Lemmas 2 and 3, the note after Definition 11).

// hNames lists the names of hs for a CheckedOn text.
func hNames(hs []stairH) string {
	names := make([]string, len(hs))
	for i, s := range hs {
		names[i] = s.name
	}
	return strings.Join(names, "; ")
}

// proposition1Hs are the functions of Proposition 1: ⌊z/(2k)⌋ for
// k = 1, …, 8, and 2^⌊log₂ z⌋ − 1.
var proposition1Hs = func() []stairH {
	var hs []stairH
	for k := 1; k <= 8; k++ {
		hs = append(hs, halfK(k))
	}
	return append(hs, powerCap)
}()

// nsCheck reports each function of hs that breaks Definition 9 (i) on
// 0 ≤ z, z' ≤ bound, at its first break.
func nsCheck(hs []stairH) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, s := range hs {
				f.Checked++
				if b, broken := nsBreakOf(s.h, bound, true); broken {
					f.Report(conjecture.Counterexample{At: b.at(), Game: s.name, Claimed: "NS-property", Actual: "breaks it: " + b.describe("h", "z")})
				}
			}
		}}
	}
}

// eachMonotone calls yield with every monotonically increasing function
// h: {0, …, top} → {0, …, top}, as h[z]; yield must not keep the slice.
func eachMonotone(top int, yield func(h []int)) {
	h := make([]int, top+1)
	var fill func(z, low int)
	fill = func(z, low int) {
		if z > top {
			yield(h)
			return
		}
		for v := low; v <= top; v++ {
			h[z] = v
			fill(z+1, v)
		}
	}
	fill(0, 0)
}

// tableName names the function h[z] by its values.
func tableName(h []int) string {
	return "h(0…" + strconv.Itoa(len(h)-1) + ") = " + strings.Trim(fmt.Sprint(h), "[]")
}

// lemma1Check checks h(z) ≤ claimedCap(z) for 1 ≤ z ≤ bound and every
// monotonically increasing h: {0, …, bound} → {0, …, bound} with the
// NS-property on that range.
func lemma1Check(claimedCap func(z int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			eachMonotone(bound, func(h []int) {
				if _, broken := nsBreakOf(func(z int) int { return h[z] }, bound, true); broken {
					return
				}
				f.Checked++
				for z := 1; z <= bound; z++ {
					if c := claimedCap(z); h[z] > c {
						f.Report(conjecture.Counterexample{At: conjecture.At("z", z), Game: tableName(h), Claimed: "h(z) ≤ " + strconv.Itoa(c), Actual: "h(z) = " + strconv.Itoa(h[z])})
					}
				}
			})
		}}
	}
}

// lemma1Cap is the bound of Lemma 1, 2^⌊log₂ z⌋ − 1.
func lemma1Cap(z int) int { return powerCap.h(z) }

// namedF is a named two-variable function F(x, z), the height cap of
// CB(F, x, y, z).
type namedF struct {
	name string
	f    func(x, z int) int
}

// stairF is F(x, z) = h(z).
func stairF(s stairH) namedF {
	return namedF{"F(x, z) = " + strings.TrimPrefix(s.name, "h(z) = "), func(_, z int) int { return s.h(z) }}
}

// theorem14Fs are the functions Theorem 1.4 is checked on: three stair
// functions of Proposition 1, a two-variable one and the constant 1, all
// five meeting the floor condition of Definition 9, and three that do not,
// Example 1's among them. As printed, only ⌊min(x, z)/2⌋ of the five has
// the NS-property: the others have sections h_m(0) = F(0, m) ≠ 0.
var theorem14Fs = []namedF{
	stairF(halfK(1)),
	stairF(halfK(2)),
	stairF(powerCap),
	{"F(x, z) = ⌊min(x, z)/2⌋", func(x, z int) int { return min(x, z) / 2 }},
	{"F(x, z) = 1", func(int, int) int { return 1 }},
	{"F(x, z) = ⌊(x + z)/3⌋", func(x, z int) int { return (x + z) / 3 }},
	{"F(x, z) = z", func(_, z int) int { return z }},
	{"F(x, z) = ⌊x/2⌋ + ⌊z/2⌋", func(x, z int) int { return x/2 + z/2 }},
}

// nsReading decides whether F lacks the NS-property on 0 ≤ x, z ≤ limit,
// saying why if it does.
type nsReading func(f func(x, z int) int, limit int) (why string, lacks bool)

// printedNS is Definition 9 (ii) as printed: every section has the
// NS-property of (i), h(0) = 0 included.
func printedNS(f func(x, z int) int, limit int) (string, bool) { return sectionBreak(f, limit, true) }

// floorNS is Definition 9 (ii) asking of the sections only the floor
// condition of (i), the reading of pass.thm1.4.corrected.
func floorNS(f func(x, z int) int, limit int) (string, bool) { return sectionBreak(f, limit, false) }

// theorem14Check checks "F has the NS-property if and only if every
// CB(F, x, y, z) has the SG-value x ⊕ y ⊕ z" for each F of fs on
// 0 ≤ x, z ≤ bound, and for every stair F(x, z) = h(z) with h monotonically
// increasing from {0, …, bound/2} to itself on 0 ≤ x, z ≤ bound/2, the
// NS-property read by ns on the same range.
func theorem14Check(fs []namedF, ns nsReading) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, F := range fs {
				theorem14At(F, bound, ns, f)
			}
			eachMonotone(bound/2, func(h []int) {
				if f.Stopped() {
					return
				}
				h = slices.Clone(h)
				theorem14At(namedF{"F(x, z) = h(z), " + tableName(h), func(_, z int) int { return h[z] }}, bound/2, ns, f)
			})
		}}
	}
}

// theorem14At checks Theorem 1.4 for one F on 0 ≤ x, z ≤ limit.
func theorem14At(F namedF, limit int, ns nsReading, f *conjecture.Findings) {
	why, lacks := ns(F.f, limit)
	c := solver.NewChocolate(F.f)
	for x := 0; x <= limit && !f.Stopped(); x++ {
		for z := 0; z <= limit; z++ {
			for y := 0; y <= F.f(x, z); y++ {
				f.Checked++
				sg := c.Grundy(x, y, z)
				if sg == x^y^z {
					continue
				}
				if !lacks {
					f.Report(conjecture.Counterexample{At: conjecture.At("x,y,z", x, y, z), Game: F.name,
						Claimed: "SG = x⊕y⊕z everywhere (F has the NS-property)",
						Actual:  fmt.Sprintf("SG = %d ≠ %d = x⊕y⊕z", sg, x^y^z)})
				}
				return
			}
		}
	}
	if lacks {
		f.Report(conjecture.Counterexample{Game: F.name,
			Claimed: "SG ≠ x⊕y⊕z somewhere (F lacks the NS-property: " + why + ")",
			Actual:  fmt.Sprintf("SG = x⊕y⊕z at every position with x, z ≤ %d", limit)})
	}
}

// verdict judges one position of CB₂(h, y, z) given its SG-value: what
// the claim says there, whether it holds, and whether the claim says
// anything there at all.
type verdict func(y, z, sg int) (claimed string, holds, applies bool)

// cb2Check judges every position (y, z), y ≤ h(z), z ≤ zMax of CB₂(h, y, z)
// for each h of hs against the chocolate solver; zMax is the bound, or
// fixed if positive.
func cb2Check(hs []stairH, fixed int, judge verdict) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		zMax := bound
		if fixed > 0 {
			zMax = fixed
		}
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, s := range hs {
				c := solver.NewStairChocolate(s.h)
				for z := 0; z <= zMax; z++ {
					for y := 0; y <= s.h(z); y++ {
						sg := c.Grundy(0, y, z)
						claimed, holds, applies := judge(y, z, sg)
						if !applies {
							continue
						}
						f.Checked++
						if !holds {
							f.Report(conjecture.Counterexample{At: conjecture.At("y,z", y, z), Game: s.name, Claimed: claimed, Actual: strconv.Itoa(sg)})
						}
					}
				}
			}
		}}
	}
}

// xorVerdict is Corollary 1: the SG-value is y ⊕ z.
func xorVerdict(y, z, sg int) (string, bool, bool) { return strconv.Itoa(y ^ z), sg == y^z, true }

// printedVerdict compares with the printed cells of a transcription, row y
// and column z; it says nothing elsewhere.
func printedVerdict(t conjecture.Transcription) verdict {
	return func(y, z, sg int) (string, bool, bool) {
		if y >= len(t.Value) || z >= len(t.Value[y]) || t.State[y][z] != conjecture.Printed {
			return "", true, false
		}
		return strconv.Itoa(t.Value[y][z]), sg == t.Value[y][z], true
	}
}

// Table 2 of 002 as printed, and with the two cells of row y = 2 that were
// exchanged in typesetting (z = 14, 15) put back.
var (
	table2Printed   = transcribed("pass_table2_cb2.txt")
	table2Corrected = table2Printed.WithCell(2, 14, 12).WithCell(2, 15, 13)
)

// lemma3Sets are the sets of Lemma 3, as printed: CB₂(h, y, z) has
// SG-value v if and only if (y, z) ∈ lemma3Sets[v].
var lemma3Sets = [9][]conjecture.Point{
	{{0, 0}},
	{{0, 1}},
	{{0, 2}, {1, 3}},
	{{0, 3}, {1, 2}},
	{{0, 4}, {1, 5}, {2, 6}, {3, 7}},
	{{0, 5}, {1, 4}, {2, 7}, {3, 6}},
	{{0, 6}, {1, 7}, {2, 4}, {3, 5}},
	{{0, 7}, {1, 6}, {2, 5}, {3, 4}},
	{{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}},
}

// lemma3Verdict claims, at (y, z), the v whose set holds (y, z), or a
// value of at least 9 if none does.
func lemma3Verdict(y, z, sg int) (string, bool, bool) {
	for v, set := range lemma3Sets {
		if slices.Contains(set, conjecture.Point{y, z}) {
			return strconv.Itoa(v), sg == v, true
		}
	}
	return "≥ 9", sg >= 9, true
}

// lemma2Check checks y ⊕ z ≥ 16 for each h of hs, 16 ≤ z ≤ bound and
// y ≤ h(z).
func lemma2Check(hs []stairH) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, s := range hs {
				for z := 16; z <= bound; z++ {
					for y := 0; y <= s.h(z); y++ {
						f.Checked++
						if y^z < 16 {
							f.Report(conjecture.Counterexample{At: conjecture.At("y,z", y, z), Game: s.name, Claimed: "y⊕z ≥ 16", Actual: "y⊕z = " + strconv.Itoa(y^z)})
						}
					}
				}
			}
		}}
	}
}

// oneMoveCheck checks that every CB₂(h, y, z), z ≤ bound, is a one-move
// game (Definition 11) for each h of hs.
func oneMoveCheck(hs []stairH) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, s := range hs {
				c := solver.NewStairChocolate(s.h)
				for z := 0; z <= bound; z++ {
					for y := 0; y <= s.h(z); y++ {
						f.Checked++
						if !solver.IsOneMoveGame(c.Position(0, y, z)) {
							f.Report(conjecture.Counterexample{At: conjecture.At("y,z", y, z), Game: s.name, Claimed: "one-move game", Actual: "a non-terminal follower has SG-value 0"})
						}
					}
				}
			}
		}}
	}
}

// theorem14Statement and the notes of Theorem 1.4's two claims.
const (
	theorem14Statement = "Let F(x, z) be a monotonically increasing function. F(x, z) has NS-property if and only if " +
		"the SG-value of chocolate bar CB(F, x, y, z) is x ⊕ y ⊕ z."
	theorem14CheckedOn = "chocolate solver (solver.Chocolate), every position with x, z ≤ bound, for the functions " +
		"F(x, z) = ⌊z/2⌋, ⌊z/4⌋, 2^⌊log₂z⌋ − 1, ⌊min(x, z)/2⌋, 1, ⌊(x + z)/3⌋, z, ⌊x/2⌋ + ⌊z/2⌋; and for every stair " +
		"F(x, z) = h(z) with h monotonically increasing from {0, …, bound/2} to itself, on x, z ≤ bound/2. " +
		"The NS-property is checked on the same ranges; a counterexample is an F where the two sides disagree."
	theorem14Note = "Definition 9 (ii) read as printed: every g_n(z) = F(n, z) and h_m(x) = F(x, m) has the NS-property " +
		"of (i), h(0) = 0 included. \"The SG-value is x ⊕ y ⊕ z\" is read as: at every position, y ≤ F(x, z)."
	theorem14CorrectedNote = "Changed: Definition 9 (ii) asks of the sections g_n and h_m only the floor condition of (i), " +
		"not h(0) = 0. As printed, h_m(0) = F(0, m) = 0 for every m forces F(x, z) = h(z) to be 0, yet the proof of " +
		"Corollary 1 says \"When h(z) has NS-property, F(x,z) = h(z) also has NS-property\" and Section 3 applies " +
		"Theorem 1.4 to stair chocolate F(x, z) = h(z); F ≡ 1 shows h(0) = 0 is not needed for SG = x ⊕ y ⊕ z either."
)

// chocolateClaims are the claims of 002 about chocolate bars, in the order
// of the paper.
func chocolateClaims() []conjecture.Claim {
	cb2On := "chocolate solver (solver.Chocolate), every position of CB₂(h, y, z) with z ≤ bound, for " + hNames(nsStairs)
	return []conjecture.Claim{
		{
			ID:     "pass.prop1",
			Source: passSource("Proposition 1"),
			Statement: "1. Let h(z) = ⌊z/(2k)⌋ for some positive integer k. Then h(z) satisfies NS-property. " +
				"2. Let h(z) = 2^⌊log₂z⌋ − 1 for z > 0 and h(0) = 0. Then, h(z) satisfies NS-property.",
			CheckedOn: "Definition 9 (i) on 0 ≤ z, z' ≤ bound, for k = 1, …, 8 and the function of (2)",
			Bound:     4096,
			Unit:      "functions",
			Check:     nsCheck(proposition1Hs),
		},
		{
			ID:        "pass.lem1",
			Source:    passSource("Lemma 1"),
			Statement: "Let h(z) be a function which has NS-property. For any positive integer z, we have h(z) ≤ 2^⌊log₂z⌋ − 1.",
			CheckedOn: "every monotonically increasing h: {0, …, bound} → {0, …, bound} with the NS-property of " +
				"Definition 9 (i) on that range, at 1 ≤ z ≤ bound",
			Note: "The NS-property is checked on 0 ≤ z, z' ≤ bound; that includes the pair (0, z) and i = ⌊log₂ z⌋ + 1 the " +
				"proof uses, so every function with the property, restricted, is among those checked.",
			Bound: 12,
			Unit:  "functions",
			Check: lemma1Check(lemma1Cap),
		},
		{
			ID:        "pass.thm1.4",
			Source:    passSource("Theorem 1.4 with Definition 9"),
			Statement: theorem14Statement,
			CheckedOn: theorem14CheckedOn,
			Note:      theorem14Note,
			Bound:     20,
			Unit:      "positions",
			Check:     theorem14Check(theorem14Fs, printedNS),
		},
		{
			ID:        "pass.thm1.4.corrected",
			Source:    passSource("Theorem 1.4 with Definition 9"),
			Statement: theorem14Statement + " [Definition 9 (ii) without h(0) = 0 for the sections g_n and h_m]",
			CheckedOn: theorem14CheckedOn,
			Note:      theorem14CorrectedNote,
			Bound:     20,
			Unit:      "positions",
			Check:     theorem14Check(theorem14Fs, floorNS),
		},
		{
			ID:     "pass.cor1",
			Source: passSource("Corollary 1"),
			Statement: "Let h(z) be a monotonically increasing function. Assume that function h(z) has NS-property. Then, " +
				"consider two-dimensional chocolate game CB₂(h, y, z) = CB(F, 0, y, z), where F(x, z) = h(z) and y is " +
				"restricted by F as y ≤ F(x, z). The SG-value of the chocolate bar CB₂(h, y, z) is y ⊕ z.",
			CheckedOn: cb2On,
			Bound:     128,
			Unit:      "positions",
			Check:     cb2Check(nsStairs, 0, xorVerdict),
		},
		{
			ID:        "pass.table2",
			Source:    passSource("Table 2"),
			Statement: "Table 2: SG-values of chocolate game CB₂(h, y, z), where h has NS-property, 0 ≤ y ≤ 7, 0 ≤ z ≤ 15.",
			CheckedOn: "chocolate solver, every printed cell (y, z) that is a position of CB₂(h, ·, ·), for " + hNames(nsStairs),
			Note:      "Transcribed in testdata/pass_table2_cb2.txt as printed; no cell is lost.",
			Unit:      "cells",
			Check:     cb2Check(nsStairs, 15, printedVerdict(table2Printed)),
		},
		{
			ID:        "pass.table2.corrected",
			Source:    passSource("Table 2"),
			Statement: "Table 2 with row y = 2 ending 12 13 at z = 14, 15 instead of the printed 13 12.",
			CheckedOn: "chocolate solver, every printed cell (y, z) that is a position of CB₂(h, ·, ·), for " + hNames(nsStairs),
			Note: "Changed: the last two cells of row y = 2 swapped. Every other printed cell is y ⊕ z, as Corollary 1 " +
				"says, and so are 12 = 2 ⊕ 14 and 13 = 2 ⊕ 15: the two values were exchanged in typesetting.",
			Unit:  "cells",
			Check: cb2Check(nsStairs, 15, printedVerdict(table2Corrected)),
		},
		{
			ID:        "pass.lem2",
			Source:    passSource("Lemma 2"),
			Statement: "Assume that h(z) has NS-property. For any z ≥ 16, we have y ⊕ z ≥ 16 if y ≤ h(z).",
			CheckedOn: "arithmetic, every y ≤ h(z) with 16 ≤ z ≤ bound, for " + hNames(nsStairs),
			Bound:     4096,
			Unit:      "positions",
			Check:     lemma2Check(nsStairs),
		},
		{
			ID:     "pass.lem3",
			Source: passSource("Lemma 3"),
			Statement: "Assume that h has NS-property. Let y and z be nonnegative integers with y ≤ h(z). Then CB₂(h, y, z) " +
				"has SG-value 0 iff y = z = 0; 1 iff y = 0 and z = 1; 2 iff (y, z) ∈ {(0, 2), (1, 3)}; 3 iff (y, z) ∈ " +
				"{(0, 3), (1, 2)}; 4 iff (y, z) ∈ {(0, 4), (1, 5), (2, 6), (3, 7)}; 5 iff (y, z) ∈ {(0, 5), (1, 4), (2, 7), " +
				"(3, 6)}; 6 iff (y, z) ∈ {(0, 6), (1, 7), (2, 4), (3, 5)}; 7 iff (y, z) ∈ {(0, 7), (1, 6), (2, 5), (3, 4)}; " +
				"8 iff (y, z) ∈ {(0, 8), (1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15)}.",
			CheckedOn: cb2On + "; the claimed value at (y, z) is the v whose set holds it, or ≥ 9 if none does",
			Bound:     128,
			Unit:      "positions",
			Check:     cb2Check(nsStairs, 0, lemma3Verdict),
		},
		{
			ID:        "pass.def11note",
			Source:    passSource("note after Definition 11"),
			Statement: "For example, two-dimensional chocolate game where function h satisfies NS-property is a one-move game.",
			CheckedOn: "solver.IsOneMoveGame, every position of CB₂(h, y, z) with z ≤ bound, for " + hNames(nsStairs),
			Bound:     32,
			Unit:      "positions",
			Check:     oneMoveCheck(nsStairs),
		},
	}
}
