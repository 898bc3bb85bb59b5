package pattern

import (
	"fmt"
	"strings"
)

// maxListedOffsets is the longest period whose offsets String lists; longer
// ones are written in their compact form (see Pattern.Form).
const maxListedOffsets = 16

// String is the result as one line: value, period, start, offsets by
// residue, exceptions (the cells below x₀ that do not follow the rule; those
// that do are counted apart, as on_rule_below_start), confirmed rows, then the evidence (periods observed
// after x₀), status and grade; or what was searched, the best tail fits,
// and the break of an unstable value.
func (r Result) String() string {
	var b strings.Builder
	if r.Found {
		offsets := make([]string, len(r.Offsets))
		for i, d := range r.Offsets {
			offsets[i] = fmt.Sprintf("%+d", d)
		}
		list := "[" + strings.Join(offsets, ",") + "]"
		if r.Period > maxListedOffsets {
			form, _ := r.form()
			list = "{" + form + "}"
		}
		below := r.SummarizeExceptions()
		fmt.Fprintf(&b, "v=%d period=%d start=%d offsets=%s exceptions=%d", r.Value, r.Period, r.Start, list, below.Exceptions)
		if below.FollowRule > 0 {
			fmt.Fprintf(&b, " on_rule_below_start=%d", below.FollowRule)
		}
		fmt.Fprintf(&b, " confirmed_to=%d repetitions=%d %s grade=%s", r.ConfirmedTo, r.Repetitions, r.Status, r.Grade)
	} else {
		fmt.Fprintf(&b, "v=%d %s: no pattern under the rule (%s)", r.Value, r.Status, r.Rule)
		if len(r.BestFits) > 0 {
			fmt.Fprintf(&b, "; best tail fits %s", fitList(r.BestFits, r.Rule))
		}
	}
	if k := r.Break; k != nil {
		fmt.Fprintf(&b, "; %s", k)
	}
	return b.String()
}

// String says where the fit broke and what follows.
func (k Break) String() string {
	s := fmt.Sprintf("period %d from x₀ = %d held on rows %d…%d (%d periods) and breaks at row %d: %v",
		k.Period, k.Start, k.Start, k.Row-1, (k.Row-k.Start)/k.Period, k.Row, k.Violation)
	if k.Then != nil {
		s += fmt.Sprintf("; then period %d from x = %d (%d periods)", k.Then.Period, k.Then.Start, k.Then.Repetitions)
	}
	return s
}

// fitList writes tail fits as "p=36 from x=4777 (3 periods: fewer than 4)",
// each with the reason rule rejected it.
func fitList(fits []TailFit, rule Rule) string {
	s := make([]string, len(fits))
	for i, f := range fits {
		s[i] = fmt.Sprintf("p=%d from x=%d (%d periods: %s)", f.Period, f.Start, f.Repetitions, rule.rejection(f))
	}
	return strings.Join(s, ", ")
}
