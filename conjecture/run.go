package conjecture

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/engine"
)

// Status is the outcome of checking one claim.
type Status string

// The statuses of a Report.
const (
	Holds   Status = "holds"   // no counterexample within what was checked
	Fails   Status = "fails"   // at least one counterexample
	Skipped Status = "skipped" // an input is missing; Report.Reason says which
	// Vacuous means the claim's range held nothing to check (a table too
	// small for it): no counterexample, but no evidence either.
	Vacuous Status = "vacuous"
	// Erratum: a claim as printed fails while the claim that corrects it
	// (Report.CorrectedBy) holds on the same inputs: a known error of the
	// paper, confirmed, not a finding against the data (see MarkErrata).
	Erratum Status = "erratum"
)

// DefaultCap is the number of counterexamples a Report keeps when
// Options.Cap is zero.
const DefaultCap = 10

// Report is the result of checking one claim; its JSON form is the report
// format of cmd/verify.
type Report struct {
	ID        string `json:"id"`
	Source    Source `json:"source"`
	Statement string `json:"statement"`
	CheckedOn string `json:"checked_on"`
	Status    Status `json:"status"`
	// Reason says why a claim was skipped.
	Reason string `json:"reason,omitempty"`
	// Bound is the solver bound used; 0 for a claim without one.
	Bound int `json:"bound,omitempty"`
	// Checked counts the cells, positions or functions checked, in Unit.
	Checked int64  `json:"checked"`
	Unit    string `json:"unit"`
	// Found counts all counterexamples; Counterexamples keeps the first.
	Found           int64            `json:"found"`
	Counterexamples []Counterexample `json:"counterexamples"`
	Note            string           `json:"note,omitempty"`
	// Reading is the claim's one-line reading, when the text report must
	// say which of two printed readings is checked.
	Reading string `json:"reading,omitempty"`
	// Witness is what an existential claim found, shown in the report.
	Witness string `json:"witness,omitempty"`
	// CorrectedBy is, for an Erratum, the id of the correcting claim that
	// holds.
	CorrectedBy string `json:"corrected_by,omitempty"`
}

// Table streams the bands of one table, in order, to visit, stopping at
// visit's first error; it returns that error or its own. A closure over
// results.Scan (a file) or engine.Compute (a table computed on the fly)
// is one.
type Table func(visit func(engine.Band) error) error

// Options set a run of Run.
type Options struct {
	// Bound replaces every claim's default bound when positive.
	Bound int
	// Cap is the number of counterexamples kept per claim; 0 is DefaultCap.
	Cap int
}

// Run checks claims: a claim that reads a table gets the bands of
// tables[claim.Table], one pass per table shared by all its claims, and is
// skipped if that table is absent; the others run their solvers. Tables
// and solver claims run concurrently. The reports are in the order of
// claims; a claim that checked nothing and found nothing is Vacuous. The
// error is the first failure to read a table, or ctx's: on cancellation
// Run returns at once, and checkers still running see Findings.Stopped.
func Run(ctx context.Context, claims []Claim, tables map[string]Table, opts Options) ([]Report, error) {
	if opts.Cap <= 0 {
		opts.Cap = DefaultCap
	}
	reports := make([]Report, len(claims))
	runs := make([]run, len(claims))
	byTable := make(map[string][]int)
	for i, c := range claims {
		reports[i] = newReport(c)
		if c.Table != "" && tables[c.Table] == nil {
			reports[i].Status = Skipped
			reports[i].Reason = fmt.Sprintf("needs table %s, which is not among the inputs", c.Table)
			continue
		}
		bound := c.Bound
		if opts.Bound > 0 && c.Bound > 0 {
			bound = opts.Bound
		}
		reports[i].Bound = bound
		runs[i] = run{Checker: c.Check(bound), findings: &Findings{cap: opts.Cap, ctx: ctx}}
		if c.Table != "" {
			byTable[c.Table] = append(byTable[c.Table], i)
		}
	}

	parent := ctx
	g, ctx := errgroup.WithContext(ctx)
	for id, idx := range byTable {
		g.Go(func() error {
			err := tables[id](func(b engine.Band) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				for _, i := range idx {
					runs[i].Visit(b, runs[i].findings)
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("check claims on table %s: %w", id, err)
			}
			for _, i := range idx {
				runs[i].finishIfAny()
			}
			return nil
		})
	}
	for i, c := range claims {
		if c.Table == "" {
			g.Go(func() error {
				runs[i].finishIfAny()
				return ctx.Err()
			})
		}
	}
	// A solver's loop may run long after ctx is cancelled; Run does not wait
	// for it (it stops at its next Stopped check), so Ctrl-C is prompt.
	done := make(chan error, 1)
	go func() { done <- g.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return nil, err
		}
	case <-parent.Done():
		return nil, parent.Err()
	}

	for i := range reports {
		if reports[i].Status == Skipped {
			continue
		}
		reports[i].record(runs[i].findings)
	}
	return reports, nil
}

// newReport is the report of claim c before its check.
func newReport(c Claim) Report {
	return Report{
		ID: c.ID, Source: c.Source, Statement: c.Statement, CheckedOn: c.CheckedOn,
		Note: c.Note, Reading: c.Reading, Unit: c.Unit, Counterexamples: []Counterexample{},
	}
}

// record takes the findings of the claim's check into r, and its status.
func (r *Report) record(f *Findings) {
	r.Checked, r.Found, r.Witness = f.Checked, f.found, f.Witness
	r.Counterexamples = append(r.Counterexamples, f.kept...)
	switch {
	case f.found > 0:
		r.Status = Fails
	case f.Checked == 0:
		r.Status = Vacuous
	default:
		r.Status = Holds
	}
}

// run is one claim's checker with its findings.
type run struct {
	Checker
	findings *Findings
}

// finishIfAny runs the checker's finish, if it has one.
func (r run) finishIfAny() {
	if r.Finish != nil {
		r.Finish(r.findings)
	}
}
