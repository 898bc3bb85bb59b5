package pattern

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/conjecture/provenance"
)

// maxListedFamilies is the largest period whose residue classes Markdown
// lists one by one, as the papers do; longer periods get their compact form
// (see Pattern.Form).
const maxListedFamilies = 8

// maxSummaryForm is the longest form the summary table shows in its cell.
const maxSummaryForm = 60

// Markdown renders the results of searching table (an id such as "gneg1",
// whose paper symbol is symbol, e.g. "G₋₁") over 0 ≤ x, y ≤ n as a
// conjecture report, every line short enough to read:
//
//   - first, if some values are proved (Result.Proof), the theorem, once
//     per certificate: for all x, y ≥ 0 the cells of value v ≤ V are those
//     the statements below give, with the certificate's name and sha256,
//     and for G_P the corollary for three-pile nim with a pass (see
//     provedSection); the results must come from a run that checked the
//     certificate (patternfiles.Write after Prove, or verify -claims-from);
//
//   - what the independent check covered of the cells the results rest
//     on (IndependentCheck), naming the values that rest on the engine's
//     cells alone;
//
//   - a summary table: status, period, start, periods observed after x₀,
//     grade and form of every value, and the paper that states it, if any;
//
//   - one statement per value with a pattern, a conjecture verified for
//     0 ≤ x, y ≤ n, in the style of Theorems 4 and 5 of the goishi-hiroi
//     paper for periods up to maxListedFamilies,
//
//     Let A₃ = {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n ≥ 2}.
//     Then G₋₁(x, y) = 3 if and only if (x, y) ∈ A₃ ∪ {(0, 4), (1, 3), …}.
//
//     with the nim-sum form where there is one, and long exception lists
//     summarised (see ExceptionSummary);
//
//   - for a value without one, the rule under which nothing was accepted
//     and its best tail fits; for an unstable value, where its fit breaks;
//
//   - the laws in v (see FindLaws);
//
//   - where it comes from, if from is not nil: the input with its
//     checksum, the program's version and the command line.
func Markdown(table, symbol string, n int, results []Result, from *provenance.Provenance) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Values of %s on 0 ≤ x, y ≤ %d\n\n", symbol, n)
	provedSection(&b, table, symbol, n, results)
	fmt.Fprintf(&b, "Every statement below is a conjecture mined from this table and verified on every cell 0 ≤ x, y ≤ %d, "+
		"not a theorem, unless it is marked proved or the last column names the paper that proves it.\n", n)
	b.WriteString("Each value is searched on the first half, the first three quarters and all of the rows; " +
		"stable: found on at least two of the three, the fits agreeing wherever the pattern was visible; " +
		"tentative: found on all the rows only; unstable: a fit broke before the end.\n" +
		"Grade A: stable, the same period and start on at least two of the three, at least 8 periods observed after x₀; " +
		"B: stable or tentative otherwise; C: unstable.\n" +
		"A statement whose rule is too long for the text says so: its offsets are given in full in the patterns JSON.\n")
	var unchecked []int
	for _, r := range results {
		if r.Proof == nil {
			unchecked = append(unchecked, r.Value)
		}
	}
	b.WriteString(IndependentCheck(results).describe(unchecked) + "\n\n")
	// A form can take a while (TwoFamilies tries every pair of divisors of
	// a long period): each is taken once, from the search if it kept it.
	forms := make([]patternForm, len(results))
	for i, r := range results {
		if r.Found {
			forms[i].text, forms[i].complete = r.form()
		}
	}
	markdownSummary(&b, table, results, forms)
	b.WriteString("\n## Statements\n\n")
	for i, r := range results {
		markdownValue(&b, table, symbol, n, r, forms[i])
	}
	if laws := FindLaws(results); len(laws) > 0 {
		b.WriteString("\n## Laws in v\n\n")
		b.WriteString("Each law is checked on every value above with a pattern.\n\n")
		for _, l := range laws {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	if from != nil {
		b.WriteString("\n## Provenance\n\n")
		b.WriteString(from.Lines("- "))
	}
	return b.String()
}

// patternForm is a found pattern's Form and FormComplete.
type patternForm struct {
	text     string
	complete bool
}

// markdownSummary writes the summary table, one row per value, forms[i]
// being the form of results[i].
func markdownSummary(b *strings.Builder, table string, results []Result, forms []patternForm) {
	b.WriteString("| v | status | period | start x₀ | periods after x₀ | grade | form | stated in |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	cited := map[string]bool{}
	for i, r := range results {
		item, paper := Published(table, r.Value)
		if paper != "" {
			cited[paper] = true
		}
		if !r.Found {
			fmt.Fprintf(b, "| %d | %s | – | – | – | – | – | %s |\n", r.Value, r.Status, item)
			continue
		}
		form := forms[i].text
		if len([]rune(form)) > maxSummaryForm {
			form = "see below"
		}
		form = strings.ReplaceAll(form, "|", "\\|") // a bar would end the cell
		fmt.Fprintf(b, "| %d | %s | %d | %d | %d | %s | %s | %s |\n", r.Value, r.Status, r.Period, r.Start, r.Repetitions, r.Grade, form, item)
	}
	for _, paper := range slices.Sorted(maps.Keys(cited)) {
		fmt.Fprintf(b, "\nStated in: %s.\n", paper)
	}
}

// markdownValue writes the statement, or the honest negative, of one value
// whose pattern, if found, has the form form.
func markdownValue(b *strings.Builder, table, symbol string, n int, r Result, form patternForm) {
	if !r.Found {
		fmt.Fprintf(b, "- **v = %d**: %s. No pattern found under the acceptance rule: %s.", r.Value, r.Status, r.Rule)
		if len(r.BestFits) > 0 {
			fmt.Fprintf(b, " Best tail fits, per candidate period: %s.", fitList(r.BestFits, r.Rule))
		}
		b.WriteByte('\n')
		if r.Break != nil {
			fmt.Fprintf(b, "  - Unstable: %s.\n", r.Break)
		}
		return
	}
	fmt.Fprintf(b, "- **v = %d**: %s, grade %s: period %d from x₀ = %d, %d periods observed after x₀; confirmed for x ≤ %d.\n",
		r.Value, r.Status, r.Grade, r.Period, r.Start, r.Repetitions, r.ConfirmedTo)
	set := "A" + subscript(r.Value)
	// A proved value says so in its first line; the theorem and its
	// certificate are stated once, at the top (provedSection).
	item, _ := Published(table, r.Value)
	switch {
	case r.Proof != nil && item != "":
		fmt.Fprintf(b, "  - %s of the paper cited above. ", item)
	case r.Proof != nil:
		b.WriteString("  - ")
	case item != "":
		fmt.Fprintf(b, "  - %s of the paper cited above; verified for 0 ≤ x, y ≤ %d. ", item, n)
	default:
		fmt.Fprintf(b, "  - Conjecture (verified for 0 ≤ x, y ≤ %d). ", n)
	}
	listed := r.Period <= maxListedFamilies
	shift, sum, xorOK := r.XOR()
	switch {
	case listed:
		fmt.Fprintf(b, "Let %s = %s. Then %s(x, y) = %d if and only if (x, y) ∈ %s", set, families(r.Pattern), symbol, r.Value, set)
		switch {
		case len(r.Exceptions) > 0 && len(r.Exceptions) <= maxRuns:
			fmt.Fprintf(b, " ∪ %s", cellSet(r.Exceptions))
		case r.exceptionCount() > 0:
			fmt.Fprintf(b, " ∪ E%s", subscript(r.Value))
		}
		b.WriteString(".")
	case xorOK:
		fmt.Fprintf(b, "For x ≥ %d, %s(x, y) = %d if and only if %s ⊕ %s = %d.", r.Start, symbol, r.Value, shifted("x", shift), shifted("y", shift), sum)
	case form.complete:
		fmt.Fprintf(b, "For x ≥ %d, %s(x, y) = %d if and only if %s.", r.Start, symbol, r.Value, form.text)
	default:
		fmt.Fprintf(b, "For x ≥ %d, %s(x, y) = %d if and only if y = x + d(x mod %d), the %d offsets d being in the patterns JSON only; "+
			"in outline, %s.", r.Start, symbol, r.Value, r.Period, r.Period, form.text)
	}
	if xorOK && listed && r.Period > 1 {
		fmt.Fprintf(b, " Equivalently, for x ≥ %d, %s(x, y) = %d if and only if %s ⊕ %s = %d.",
			r.Start, symbol, r.Value, shifted("x", shift), shifted("y", shift), sum)
	}
	b.WriteByte('\n')
	below := r.SummarizeExceptions()
	switch {
	case listed && r.exceptionCount() > maxRuns:
		fmt.Fprintf(b, "  - E%s, the cells of value %d in the rows x < %d (listed in the JSON): %s.\n",
			subscript(r.Value), r.Value, r.Start, below)
	case !listed && below.Total > 0:
		fmt.Fprintf(b, "  - The rows x < %d (their cells of value %d listed in the JSON): %s.\n", r.Start, r.Value, below)
	case below.FollowRule > 0:
		fmt.Fprintf(b, "  - The rows x < %d: %s.\n", r.Start, below)
	}
	if r.Period <= maxListedFamilies && r.Period > 1 {
		fmt.Fprintf(b, "  - Form: %s.\n", form.text)
	}
	if len(r.Stages) > 0 {
		fmt.Fprintf(b, "  - Stages: %s.\n", stages(r.Stages))
	}
	if r.Break != nil {
		fmt.Fprintf(b, "  - Unstable: %s.\n", r.Break)
	}
}

// stages writes the fits of the stages: "rows < 5001: none; …".
func stages(list []Stage) string {
	s := make([]string, len(list))
	for i, st := range list {
		fit := "none"
		if f := st.Fit; f != nil {
			fit = fmt.Sprintf("period %d from x₀ = %d (%d periods)", f.Period, f.Start, f.Repetitions)
		}
		s[i] = fmt.Sprintf("rows x < %d: %s", st.Rows, fit)
	}
	return strings.Join(s, "; ")
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
