package pattern

import (
	"fmt"
	"strconv"
	"strings"
)

// maxListedFamilies is the largest period whose residue classes Markdown
// lists one by one, as the papers do; longer periods get a table of offsets.
const maxListedFamilies = 8

// Markdown renders results as statements in the style of Theorems 4 and 5 of
// the goishi-hiroi paper, ready to paste into a paper:
//
//	Let A₃ = {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n ≥ 2}.
//	Then G₋₁(x, y) = 3 if and only if (x, y) ∈ A₃ ∪ {(0, 4), (1, 3), …}.
//
// with the nim-sum form when there is one (see Pattern.XOR), and, for the
// values without a pattern, that none with period ≤ MaxPeriod holds. symbol
// is the paper's name of the table ("G₋₁") and n its size; every statement
// notes the rows it was mined on and confirmed for.
func Markdown(symbol string, n int, results []Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Values of %s on 0 ≤ x, y ≤ %d.\n\n", symbol, n)
	for _, r := range results {
		if !r.Found {
			fmt.Fprintf(&b, "- %s(x, y) = %d: no pattern y − x = d(x mod p) with period p ≤ %d holds on this table.\n",
				symbol, r.Value, r.MaxPeriod)
			continue
		}
		set := "A" + subscript(r.Value)
		fmt.Fprintf(&b, "- Let %s = %s. Then %s(x, y) = %d if and only if (x, y) ∈ %s",
			set, families(r.Pattern), symbol, r.Value, set)
		if len(r.Exceptions) > 0 {
			fmt.Fprintf(&b, " ∪ %s", cellSet(r.Exceptions))
		}
		b.WriteString(".")
		if s, c, ok := r.XOR(); ok && r.Period > 1 {
			fmt.Fprintf(&b, " Equivalently, for x ≥ %d, %s(x, y) = %d if and only if %s ⊕ %s = %d.",
				r.Start, symbol, r.Value, shifted("x", s), shifted("y", s), c)
		}
		fmt.Fprintf(&b, " _(Period %d from x = %d; mined on x < %d, confirmed for x ≤ %d.)_\n",
			r.Period, r.Start, r.MinedTo, r.ConfirmedTo)
	}
	return b.String()
}

// families writes the periodic part of p as the papers do: one family
// (pn+c, pn+c+d) per residue, with a common bound n ≥ n₀ on the parameter.
// The paper's choice of n₀ is the one that centres the constants c on 0:
// n₀ = round(x₀/p), halves rounded up, which gives back the printed forms of
// Theorems 4 and 5 and Lemma 4, e.g. {(4n−2, 4n), …, (4n+1, 4n−1) | n ≥ 2}
// for x₀ = 6, p = 4. Periods beyond maxListedFamilies get an offset table.
func families(p Pattern) string {
	if p.Period > maxListedFamilies {
		offsets := make([]string, len(p.Offsets))
		for i, d := range p.Offsets {
			offsets[i] = signed(d)
		}
		return fmt.Sprintf("{(x, x + d(x mod %d)) | x ≥ %d}, where (d(0), …, d(%d)) = (%s)",
			p.Period, p.Start, p.Period-1, strings.Join(offsets, ", "))
	}
	n0 := (2*p.Start + p.Period) / (2 * p.Period)
	terms := make([]string, 0, p.Period)
	for x := p.Start; x < p.Start+p.Period; x++ {
		c := x - p.Period*n0 // x = p·n₀ + c is the first row of its residue
		terms = append(terms, fmt.Sprintf("(%s, %s)", linear(p.Period, c), linear(p.Period, c+p.Offsets[x%p.Period])))
	}
	return fmt.Sprintf("{%s | n ≥ %d}", strings.Join(terms, ", "), n0)
}

// linear writes p·n + c as the papers do: "4n−2", "2n", "n+1".
func linear(p, c int) string {
	s := "n"
	if p != 1 {
		s = strconv.Itoa(p) + "n"
	}
	if c == 0 {
		return s
	}
	return s + signed(c)
}

// shifted writes "(x−s)", or x alone for s = 0.
func shifted(x string, s int) string {
	if s == 0 {
		return x
	}
	return "(" + x + signed(-s) + ")"
}

// signed writes d with its sign and a true minus: "+2", "−2", "0".
func signed(d int) string {
	switch {
	case d > 0:
		return "+" + strconv.Itoa(d)
	case d < 0:
		return "−" + strconv.Itoa(-d)
	}
	return "0"
}

// cellSet writes cells as "{(0, 4), (1, 3)}".
func cellSet(cells []Cell) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = fmt.Sprintf("(%d, %d)", c.X, c.Y)
	}
	return "{" + strings.Join(s, ", ") + "}"
}

// subscript writes v in subscript digits: 12 → "₁₂".
func subscript(v int) string {
	var b strings.Builder
	for _, r := range strconv.Itoa(v) {
		b.WriteRune('₀' + r - '0')
	}
	return b.String()
}
