package conjecture

import (
	"fmt"
	"strings"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// CheckPatterns re-checks, as claims, the patterns of f (found by the
// pattern search on some table, read from the file named source) against
// the indexed table idx, which may be larger: one Report per pattern, with
// id "pattern.<table>.v<value>", holding when the table contradicts it on
// no row it can decide, and failing with the contradicting cells otherwise
// (at most limit kept). A pattern whose value is above the index's largest
// value is an error: index the table with f's largest value.
func CheckPatterns(f pattern.File, source string, idx *pattern.Index, limit int) ([]Report, error) {
	reports := make([]Report, 0, len(f.Patterns))
	for _, p := range f.Patterns {
		verdict, err := pattern.Check(idx, p)
		if err != nil {
			return nil, fmt.Errorf("check the pattern of value %d from %s: %w", p.Value, source, err)
		}
		r := Report{
			ID:        fmt.Sprintf("pattern.%s.v%d", f.Table, p.Value),
			Source:    Source{Paper: source, Label: fmt.Sprintf("value %d", p.Value)},
			Statement: patternStatement(f, source, p),
			CheckedOn: fmt.Sprintf("table %s at n = %d, every row; confirmed for x ≤ %d", f.Table, idx.N(), verdict.ConfirmedTo),
			Status:    Holds,
			Checked:   int64(verdict.ConfirmedTo + 1),
			Unit:      "rows",
			Found:     int64(len(verdict.Violations)),
		}
		if len(verdict.Violations) > 0 {
			r.Status = Fails
		}
		for _, v := range verdict.Violations[:min(len(verdict.Violations), limit)] {
			r.Counterexamples = append(r.Counterexamples, violationCounterexample(v))
		}
		reports = append(reports, r)
	}
	return reports, nil
}

// maxListedOffsets is the longest period whose offsets a pattern claim's
// statement lists; a longer one is stated in its compact form
// (pattern.Pattern.Form), its offsets being in the pattern file, so that a
// period of 3024 does not print 3024 numbers on one line of the report.
const maxListedOffsets = 16

// patternStatement says what pattern p, read from the file source, claims,
// in words.
func patternStatement(f pattern.File, source string, p pattern.Pattern) string {
	var rule string
	if p.Period <= maxListedOffsets {
		offsets := make([]string, len(p.Offsets))
		for i, d := range p.Offsets {
			offsets[i] = fmt.Sprintf("%+d", d)
		}
		rule = fmt.Sprintf("y = x + d(x mod %d) with d = (%s)", p.Period, strings.Join(offsets, ", "))
	} else {
		rule = fmt.Sprintf("%s, period %d (the %d offsets d(x mod %d) are in %s)", p.Form(), p.Period, p.Period, p.Period, source)
	}
	below := fmt.Sprintf("or (x, y) is one of the %d exceptions below", len(p.Exceptions))
	if p.ExceptionsOmitted > 0 {
		below = fmt.Sprintf("the rows x < %d (%d exceptions, omitted from the file) not stated", p.Start, p.ExceptionsOmitted)
	}
	return fmt.Sprintf("G(x, y) = %d iff %s for x ≥ %d, %s; "+
		"a conjecture mined from %s and verified there for 0 ≤ x, y ≤ %d", p.Value, rule, p.Start, below, f.Table, f.N)
}

// violationCounterexample turns a contradicting cell into a counterexample:
// the pattern puts the value there and the table does not, or the reverse.
func violationCounterexample(v pattern.Violation) Counterexample {
	c := Counterexample{
		At:      []Coord{{Name: "x", Value: v.Cell.X}, {Name: "y", Value: v.Cell.Y}},
		Claimed: fmt.Sprint(v.Value),
		Actual:  fmt.Sprintf("≠ %d", v.Value),
	}
	if !v.Missing {
		c.Claimed, c.Actual = c.Actual, c.Claimed
	}
	return c
}
