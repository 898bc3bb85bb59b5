package pattern

import (
	"fmt"
	"slices"
)

// Defaults of Options.
const (
	// DefaultMaxPeriod puts no bound on the periods beyond the one the
	// table sets: every period that could repeat MinPeriods times is tried,
	// up to decided rows/MinPeriods (2500 at n = 10000).
	DefaultMaxPeriod = MaxPeriodLimit
	// DefaultMinPeriods is how many whole periods a rule must be seen to
	// repeat after its start, by default.
	DefaultMinPeriods = 4
	// coverDivisor: the rule must hold on at least 1/coverDivisor of the
	// decided rows, so that a few repetitions at the table's edge are not
	// taken for a pattern.
	coverDivisor = 4
	// strongRepetitions is how many periods after x₀ grade A requires.
	strongRepetitions = 8
)

// Options tune Search; the zero value means the defaults.
type Options struct {
	// MaxPeriod bounds the periods tried, which never exceed decided
	// rows/MinPeriods; 0 means DefaultMaxPeriod.
	MaxPeriod int
	// MinPeriods is how many whole periods must be observed after the
	// start; 0 means DefaultMinPeriods.
	MinPeriods int
	// MaxExceptions, if positive, bounds the exceptions a result keeps:
	// a pattern with more has them summarised and omitted (see
	// Pattern.ExceptionsOmitted), so that a late start at a large n
	// does not hold millions of cells. 0 keeps them all.
	MaxExceptions int
}

// resolved fills in the defaults, or reports options out of range.
func (o Options) resolved() (Options, error) {
	if o.MinPeriods == 0 {
		o.MinPeriods = DefaultMinPeriods
	}
	switch {
	case o.MaxPeriod < 0 || o.MaxPeriod > MaxPeriodLimit:
		return o, fmt.Errorf("pattern: max period %d outside 0…%d (0: scaled with the table)", o.MaxPeriod, MaxPeriodLimit)
	case o.MinPeriods < 1:
		return o, fmt.Errorf("pattern: min periods %d is not positive", o.MinPeriods)
	case o.MaxExceptions < 0:
		return o, fmt.Errorf("pattern: max exceptions %d is negative", o.MaxExceptions)
	}
	return o, nil
}

// Rule is the acceptance rule a search applied to the rows 0 … Rows−1: a
// period p ≤ MaxPeriod and a start x₀ ≤ MaxStart such that the rows x₀ …
// Decided−1 follow the periodic rule over at least MinPeriods whole periods
// (and so over at least a quarter of the decided rows), every row below x₀
// holding the value inside the table, and no row of the table contradicting
// the rule.
type Rule struct {
	Rows       int `json:"rows"`
	Decided    int `json:"decided"`
	MaxPeriod  int `json:"max_period"`
	MinPeriods int `json:"min_periods"`
	MaxStart   int `json:"max_start"`
}

// String states the rule in words.
func (r Rule) String() string {
	return fmt.Sprintf("periods 1…%d, a start x₀ ≤ %d, at least %d whole periods observed between x₀ and row %d",
		r.MaxPeriod, r.MaxStart, r.MinPeriods, r.Decided-1)
}

// newRule is the rule for the first rows rows of a table whose value v is
// decided on its first decided rows.
func newRule(rows, decided int, opt Options) Rule {
	// A period above MaxPeriodLimit could not be written to a patterns
	// file: the rule never tries one.
	maxPeriod := max(1, min(decided/opt.MinPeriods, MaxPeriodLimit))
	if opt.MaxPeriod > 0 {
		maxPeriod = min(maxPeriod, opt.MaxPeriod)
	}
	return Rule{Rows: rows, Decided: decided, MaxPeriod: maxPeriod, MinPeriods: opt.MinPeriods,
		MaxStart: decided - (decided+coverDivisor-1)/coverDivisor}
}

// accepts reports whether the tail fit f meets the rule's size conditions.
func (r Rule) accepts(f TailFit) bool {
	return f.Repetitions >= r.MinPeriods && f.Start <= r.MaxStart
}

// rejection says why the rule does not accept the tail fit f: too few
// periods, a start too late, or, when both hold, a row of the table that
// contradicts it or lacks the value below x₀.
func (r Rule) rejection(f TailFit) string {
	switch {
	case f.Repetitions < r.MinPeriods:
		return fmt.Sprintf("fewer than %d", r.MinPeriods)
	case f.Start > r.MaxStart:
		return fmt.Sprintf("starts after %d", r.MaxStart)
	case f.Period > r.MaxPeriod:
		return fmt.Sprintf("period above %d", r.MaxPeriod)
	}
	return "contradicted by a row of the table"
}

// Status says what a search concluded about a value.
type Status string

// The statuses of a Result.
const (
	// Stable: a pattern holds to the end of the table, a fit was found on
	// at least one earlier stage too (the first half or three quarters of
	// the rows), and the earlier fits agree with it wherever it was visible.
	Stable Status = "stable"
	// Tentative: a pattern holds to the end of the table, but no earlier
	// stage found any fit: it was seen on the last stage only.
	Tentative Status = "tentative"
	// Unstable: a fit on the first half or three quarters of the rows
	// broke further on (Result.Break); a pattern may still hold from a
	// later start to the end.
	Unstable Status = "unstable"
	// None: no fit met the rule on any part of the table.
	None Status = "none"
)

// Statuses lists every Status, Proved included, as the files hold them.
var Statuses = []Status{Proved, Stable, Tentative, Unstable, None}

// Stage is the fit on the first Rows rows of the table: the pattern the
// rule accepts there, if any.
type Stage struct {
	Rows int      `json:"rows"`
	Fit  *TailFit `json:"fit"`
}

// Break is where a fit found on the first rows of a table stops holding:
// the pattern of period Period from Start holds on the rows Start … Row−1
// and row Row contradicts it (Violation); Then is the longest tail fit of
// the whole table after it, if any.
type Break struct {
	Period    int       `json:"period"`
	Start     int       `json:"start"`
	Row       int       `json:"row"`
	Violation Violation `json:"violation"`
	Then      *TailFit  `json:"then"`
}

// Result is the outcome of Search for one value.
type Result struct {
	// Pattern is the pattern found on the whole table, with the smallest
	// period and then the smallest start; unless Found, only its Value is set.
	Pattern
	Found bool
	// Status is Stable, Tentative, Unstable or None; Grade is A (stable,
	// the same period and start on at least two of the three stages, at
	// least 8 periods observed after x₀), B (stable or tentative otherwise)
	// or C (unstable), and empty unless Found.
	Status Status
	Grade  string
	// Repetitions is how many whole periods were observed after x₀.
	Repetitions int
	// Rule is the acceptance rule applied to the whole table.
	Rule Rule
	// Stages are the fits on the first half, three quarters and all rows.
	Stages []Stage
	// Break is set when Status is Unstable.
	Break *Break
	// BestFits, when not Found, are the longest tail fits of the whole
	// table, one per candidate period, longest first.
	BestFits []TailFit
	// Proof, when Status is Proved, is the proof of the pattern for all
	// x and y (see BandIndex.ApplyProof).
	Proof *Proof
	// formed is the pattern's Form and FormComplete, found once by the
	// search (keepForm) for the JSON and the Markdown, which both state
	// it: a long period's can take seconds (TwoFamilies).
	formed *patternForm
}

// keepForm finds the form of r's pattern, which must not change from then
// on, and keeps it with r.
func (r *Result) keepForm() {
	text, complete := r.Pattern.form()
	r.formed = &patternForm{text: text, complete: complete}
}

// form is the form of r's pattern: the one kept, or found now.
func (r Result) form() (text string, complete bool) {
	if r.formed != nil {
		return r.formed.text, r.formed.complete
	}
	return r.Pattern.form()
}

// Search finds where value v lies in the indexed table as a Pattern: the
// smallest period p ≤ MaxPeriod, then the smallest start x₀, such that
// f_v(x) − x depends only on x mod p for every row x ≥ x₀ (G(x, f_v(x)) = v)
// under the acceptance rule (see Rule). It runs the search on the first
// half, three quarters and all of the rows, and calls the result Unstable
// if a fit found on fewer rows breaks further on. It fails only if v is not
// in the index or opt is out of range; a value without a pattern is a Result
// that is not Found, with its best tail fits.
func Search(idx *Index, v int, opt Options) (Result, error) {
	if !idx.holds(v) {
		return Result{}, fmt.Errorf("pattern: value %d is not in the index (%d…%d)", v, idx.minValue, idx.maxValue)
	}
	return searchColumn(idx.column(v), opt)
}

// searchColumn is Search on one value's column.
func searchColumn(col column, opt Options) (Result, error) {
	opt, err := opt.resolved()
	if err != nil {
		return Result{}, err
	}
	total, decided := col.rows(), col.decided()
	res := Result{Pattern: Pattern{Value: col.value}, Status: None}
	var stagePatterns []*Pattern
	var scratch []int32
	for _, rows := range []int{(total + 1) / 2, (3*total + 3) / 4, total} {
		s, p, fits, err := searchStage(col, rows, min(rows, decided), opt, &scratch)
		if err != nil {
			return Result{}, err
		}
		res.Stages = append(res.Stages, s)
		stagePatterns = append(stagePatterns, p)
		if rows == total {
			res.Rule = newRule(rows, min(rows, decided), opt)
			if p == nil {
				res.BestFits = bestFits(fits)
			}
		}
	}
	whole := stagePatterns[len(stagePatterns)-1]
	if whole != nil {
		res.Pattern, res.Found, res.Status = *whole, true, Stable
		res.Repetitions = res.Stages[len(res.Stages)-1].Fit.Repetitions
		if !slices.ContainsFunc(stagePatterns[:len(stagePatterns)-1], func(p *Pattern) bool { return p != nil }) {
			res.Status = Tentative // seen on the last stage only: one stage is no evidence of stability
		}
	}
	// The latest earlier stage whose fit differs from the whole table's
	// broke somewhere after its rows.
	for i := len(stagePatterns) - 2; i >= 0; i-- {
		early := stagePatterns[i]
		if early == nil || (whole != nil && early.Period == whole.Period && early.Start == whole.Start) {
			continue
		}
		verdict, err := check(col, *early, total)
		if err != nil {
			return Result{}, err
		}
		if len(verdict.Violations) == 0 {
			continue // it holds, the whole table merely prefers a shorter period
		}
		violation := verdict.Violations[0]
		res.Status = Unstable
		res.Break = &Break{Period: early.Period, Start: early.Start, Row: violation.Cell.X, Violation: violation}
		switch {
		case whole != nil:
			res.Break.Then = res.Stages[len(res.Stages)-1].Fit
		case len(res.BestFits) > 0:
			res.Break.Then = &res.BestFits[0]
		}
		break
	}
	if res.Found {
		res.Grade = grade(res)
		res.keepForm()
	}
	return res, nil
}

// grade rates a found pattern: see Result.Grade.
func grade(r Result) string {
	switch r.Status {
	case Unstable:
		return "C"
	case Tentative:
		return "B"
	}
	seen := 0
	for _, s := range r.Stages {
		if s.Fit != nil && s.Fit.Period == r.Period && s.Fit.Start == r.Start {
			seen++
		}
	}
	if seen >= 2 && r.Repetitions >= strongRepetitions {
		return "A"
	}
	return "B"
}

// searchStage runs the rule on the first rows rows, of which the first
// decided are decided, and returns the stage, its pattern (nil if none) and
// the tail fits of the periods tried that are evidence (TailFit.evidence),
// for bestFits. scratch is memory for the tail scanner, reused between
// stages.
func searchStage(col column, rows, decided int, opt Options, scratch *[]int32) (Stage, *Pattern, []TailFit, error) {
	d, v := col.d, col.value
	rule := newRule(rows, decided, opt)
	stage := Stage{Rows: rows}
	tails := newTailScanner(d, decided, col.repeatFloor(rows), rule.MaxPeriod, *scratch)
	*scratch = tails.holdsFrom
	var fits []TailFit
	for p := 1; p <= rule.MaxPeriod; p++ {
		fit := tails.fit(p)
		if fit.evidence(decided) {
			fits = append(fits, fit)
		}
		if !rule.accepts(fit) {
			continue
		}
		offsets := make([]int, p)
		for x := fit.Start; x < fit.Start+p; x++ {
			offsets[x%p] = int(d[x])
		}
		candidate := Pattern{Value: v, Period: p, Start: fit.Start, Offsets: offsets}
		if !col.setExceptions(&candidate, opt.MaxExceptions) {
			continue
		}
		verdict, err := check(col, candidate, rows)
		if err != nil {
			return Stage{}, nil, nil, err
		}
		if len(verdict.Violations) > 0 {
			continue
		}
		candidate.ConfirmedTo = verdict.ConfirmedTo
		accepted := fit
		stage.Fit = &accepted
		return stage, &candidate, fits, nil
	}
	return stage, nil, fits, nil
}
