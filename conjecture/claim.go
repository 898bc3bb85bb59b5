package conjecture

import (
	"context"

	"github.com/grundy-lab/grundy/engine"
)

// Source is where a claim is printed.
type Source struct {
	// Paper names the paper: authors, title and arXiv id; for a pattern
	// re-checked as a claim (CheckPatterns), the pattern file it came from.
	Paper string `json:"paper"`
	// Label is the paper's label for the statement, "Theorem 4 (4)".
	Label string `json:"label"`
}

// Claim is one checkable statement of a paper, with its checker.
type Claim struct {
	// ID is "<paper>.<label>", paper being goishi, pass, thesis or josephus;
	// a correction of a printed claim that fails has the id of the claim
	// plus ".corrected", the printed reading of a claim read otherwise has
	// its id plus ".printed", and the same statement checked on a table
	// besides a solver has the id of the solver claim plus ".table". The
	// definition checks of a table are "<table>.definition", ".rows",
	// ".columns" and ".symmetric".
	ID string
	// Source is the paper and label the statement is printed under.
	Source Source
	// Statement is the statement in words, as printed.
	Statement string
	// CheckedOn says what the checker compares the statement with.
	CheckedOn string
	// Note records readings chosen for ambiguous text and, for a corrected
	// claim, what was changed and why.
	Note string
	// Table is the id of the table the claim reads (tables.Lookup), or ""
	// for a claim checked on solvers alone.
	Table string
	// Bound is the default bound of the claim's solver part, whose meaning
	// CheckedOn gives; 0 for a claim without one.
	Bound int
	// Unit names what Report.Checked counts: "cells", "positions", ….
	Unit string
	// Reading, if set, is shown under the claim in the text report: which
	// of two printed readings the claim checks.
	Reading string

	// check starts one run of the checker with the given bound.
	Check func(bound int) Checker

	// Cells, if set, is the claim as a set of cells of one value, which a
	// band run of the values up to Cells.V or more checks (BandCheck).
	Cells *ValueCells
}

// Checker is one run of a claim's check. visit receives every band of the
// claim's table, in order (nil for a claim that reads no table); finish
// runs once after the last band (nil if nothing is left to do then). Both
// record into the run's findings.
type Checker struct {
	Visit  func(b engine.Band, f *Findings)
	Finish func(f *Findings)
}

// Findings collects what one run of a checker saw: how much it checked, how
// many counterexamples it found, and the first cap of them.
type Findings struct {
	Checked int64
	// Witness is what an existential claim ("can fail", "there are two
	// cases") found to hold; empty when none was found.
	Witness string
	ctx     context.Context
	found   int64
	kept    []Counterexample
	cap     int
}

// Found is the number of counterexamples recorded so far.
func (f *Findings) Found() int64 { return f.found }

// Stopped reports whether the run was cancelled: a long solver loop checks
// it now and then and returns early, its findings then being discarded.
func (f *Findings) Stopped() bool { return f.ctx != nil && f.ctx.Err() != nil }

// Report records a counterexample, keeping it if fewer than cap are kept.
func (f *Findings) Report(c Counterexample) { f.ReportN(c, 1) }

// ReportN records count counterexamples that c stands for (cells with the
// same fault), keeping c if fewer than cap are kept; count < 1 records
// nothing.
func (f *Findings) ReportN(c Counterexample, count int64) {
	if count < 1 {
		return
	}
	f.found += count
	if len(f.kept) < f.cap {
		f.kept = append(f.kept, c)
	}
}
