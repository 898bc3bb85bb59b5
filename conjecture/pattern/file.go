package pattern

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/grundy-lab/grundy/conjecture/provenance"
	"github.com/grundy-lab/grundy/tables"
)

// File is the patterns JSON of one table, as cmd/verify writes it with -json
// and reads it back as claims with -claims-from:
//
//	{"table": "gneg1", "n": 10000, "min_periods": 4,
//	 "patterns": [{"value": 3, "period": 4, "start": 6,
//	   "offsets": [-2, -2, 2, 2], "exceptions": [[0, 4], …],
//	   "confirmed_to": 9998}, …],
//	 "no_pattern": [16, …],
//	 "values": [{"value": 3, "status": "stable", "grade": "A", …}, …],
//	 "laws": [{"law": "…", "holds": [...], "exceptions": [...]}, …],
//	 "independent_check": {"values": [0, 16], "rows": [0, 1119], "by": "…"},
//	 "provenance": {"program": "verify", "version": "…", "command": [...],
//	   "inputs": [{"path": "…", "checksum": "g_sha256", "sha256": "…"}]}}
//
// Offsets are indexed by x mod period. Patterns are what the search found
// (the claims -claims-from re-checks); no_pattern lists the values without
// one; values reports, for every value searched, how it was searched and
// what was seen (see Report); laws are the laws in v (see FindLaws);
// provenance names the table file searched with its checksum, the program's
// version and the command line (absent from files of earlier versions).
// Every field is written, an empty list as [] and a zero as 0, except
// max_period and mined_to: they are only in files of earlier versions,
// which mined on the lower rows, and are read and written back as they are.
type File struct {
	Table string `json:"table"`
	// Game is the table's game with its identity, for a rook table or a
	// game file (files before 2026-12-06 have none).
	Game       *tables.GameRecord `json:"game,omitempty"`
	N          int                `json:"n"`
	MaxPeriod  int                `json:"max_period,omitempty"`
	MinedTo    int                `json:"mined_to,omitempty"`
	MinPeriods int                `json:"min_periods"`
	Patterns   []Pattern          `json:"patterns"`
	NoPattern  []int              `json:"no_pattern"`
	Values     []Report           `json:"values"`
	Laws       []Law              `json:"laws"`
	// IndependentCheck is what the independent check covered of the
	// cells the search read (see IndependentCheck), null if nothing.
	IndependentCheck *Coverage              `json:"independent_check"`
	Provenance       *provenance.Provenance `json:"provenance,omitempty"`
}

// Report is what a search concluded about one value, for the JSON file:
// the Result without the pattern's cells, with its compact form, its
// exceptions summarised and the paper that states it, if any. Every field
// is written, also when it is zero or empty: period, start, repetitions
// and form are 0 and "" for a value without a pattern, and exceptions,
// break and proof null where there is none.
type Report struct {
	Value       int               `json:"value"`
	Status      Status            `json:"status"`
	Grade       string            `json:"grade"`
	Period      int               `json:"period"`
	Start       int               `json:"start"`
	Repetitions int               `json:"repetitions"`
	Form        string            `json:"form"`
	Exceptions  *ExceptionSummary `json:"exceptions"`
	Published   string            `json:"published"`
	Rule        Rule              `json:"rule"`
	Stages      []Stage           `json:"stages"`
	Break       *Break            `json:"break"`
	BestFits    []TailFit         `json:"best_fits"`
	Proof       *Proof            `json:"proof"`
	// RowsChecked says that every row the statement rests on was checked
	// by the independent check (see IndependentCheck): true for a proved
	// value, whose certificate's check covers it; false for one that
	// rests on the engine's cells alone.
	RowsChecked bool `json:"rows_checked"`
}

// NewReport is the report of result r on table (an id such as "gneg1").
func NewReport(table string, r Result) Report {
	rep := Report{Value: r.Value, Status: r.Status, Grade: r.Grade, Rule: r.Rule, Stages: r.Stages,
		Break: r.Break, BestFits: r.BestFits, Proof: r.Proof, RowsChecked: r.Proof != nil}
	if item, paper := Published(table, r.Value); item != "" {
		rep.Published = item + " of " + paper
	}
	if r.Found {
		summary := r.SummarizeExceptions()
		form, _ := r.form()
		rep.Period, rep.Start, rep.Repetitions, rep.Form, rep.Exceptions = r.Period, r.Start, r.Repetitions, form, &summary
	}
	return rep
}

// NewFile collects the results of searching table (an id such as "gneg1")
// over 0 ≤ x, y ≤ n: found patterns under Patterns, the other values under
// NoPattern, a Report per value and the laws in v found among them.
func NewFile(table string, n int, results []Result) File {
	f := File{Table: table, N: n, Patterns: []Pattern{}, Laws: FindLaws(results), IndependentCheck: IndependentCheck(results)}
	if r, ok := tables.Lookup(table); ok {
		f.Game = r.Record()
	}
	for _, r := range results {
		f.MinPeriods = r.Rule.MinPeriods
		f.Values = append(f.Values, NewReport(table, r))
		if r.Found {
			f.Patterns = append(f.Patterns, r.Pattern)
		} else {
			f.NoPattern = append(f.NoPattern, r.Value)
		}
	}
	return f.normalized()
}

// Validate reports the first way f is malformed: an empty table id, n or a
// search setting out of range, an invalid pattern (see Pattern.Validate), or
// a value listed twice.
func (f File) Validate() error {
	switch {
	case f.Table == "":
		return errors.New("patterns file: no table")
	case f.Game != nil && f.Game.ID != f.Table:
		return fmt.Errorf("patterns file: its game is %q, its table %q", f.Game.ID, f.Table)
	case f.N < 0 || f.N > maxCoord:
		return fmt.Errorf("patterns file: n = %d out of range", f.N)
	case f.MaxPeriod < 0 || f.MaxPeriod > MaxPeriodLimit:
		return fmt.Errorf("patterns file: max_period %d outside 0…%d", f.MaxPeriod, MaxPeriodLimit)
	case f.MinPeriods < 0 || f.MinPeriods > maxCoord:
		return fmt.Errorf("patterns file: min_periods %d out of range", f.MinPeriods)
	case f.MinedTo < 0 || f.MinedTo > maxCoord:
		return fmt.Errorf("patterns file: mined_to %d out of range", f.MinedTo)
	}
	for _, r := range f.Values {
		if !slices.Contains(Statuses, r.Status) {
			return fmt.Errorf("patterns file: value %d has status %q, not one of %v", r.Value, r.Status, Statuses)
		}
		if (r.Status == Proved) != (r.Proof != nil) {
			return fmt.Errorf("patterns file: value %d has status %q and proof %v: a proof goes with status %q only", r.Value, r.Status, r.Proof != nil, Proved)
		}
	}
	seen := make(map[int]bool)
	for _, p := range f.Patterns {
		if err := p.Validate(); err != nil {
			return fmt.Errorf("patterns file: %w", err)
		}
		if seen[p.Value] {
			return fmt.Errorf("patterns file: value %d listed twice", p.Value)
		}
		seen[p.Value] = true
	}
	for _, v := range f.NoPattern {
		if v < 0 || v > maxCoord {
			return fmt.Errorf("patterns file: no_pattern value %d out of range", v)
		}
		if seen[v] {
			return fmt.Errorf("patterns file: value %d listed twice", v)
		}
		seen[v] = true
	}
	return nil
}

// Encode writes f to w as JSON after validating it, one pattern per line so
// that long exception lists stay readable and diffs stay small.
func Encode(w io.Writer, f File) error {
	if err := f.Validate(); err != nil {
		return err
	}
	f = f.normalized()
	table, err := json.Marshal(f.Table)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"table\": %s", table)
	if f.Game != nil {
		game, err := json.Marshal(f.Game)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, ",\n  \"game\": %s", game)
	}
	fmt.Fprintf(&b, ",\n  \"n\": %d", f.N)
	for _, field := range []struct {
		name  string
		value int
	}{{"max_period", f.MaxPeriod}, {"mined_to", f.MinedTo}} {
		if field.value != 0 {
			fmt.Fprintf(&b, ",\n  %q: %d", field.name, field.value)
		}
	}
	fmt.Fprintf(&b, ",\n  \"min_periods\": %d", f.MinPeriods)
	if err := writeList(&b, "patterns", f.Patterns); err != nil {
		return err
	}
	noPattern, err := json.Marshal(f.NoPattern)
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, ",\n  \"no_pattern\": %s", noPattern)
	if err := writeList(&b, "values", f.Values); err != nil {
		return err
	}
	if err := writeList(&b, "laws", f.Laws); err != nil {
		return err
	}
	check, err := json.Marshal(f.IndependentCheck)
	if err != nil {
		return err
	}
	fmt.Fprintf(&b, ",\n  \"independent_check\": %s", check)
	if f.Provenance != nil {
		data, err := json.Marshal(f.Provenance)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, ",\n  \"provenance\": %s", data)
	}
	b.WriteString("\n}\n")
	_, err = w.Write(b.Bytes())
	return err
}

// writeList writes the field name of a JSON object, after a comma, as a
// list with one element per line.
func writeList[T any](b *bytes.Buffer, name string, list []T) error {
	fmt.Fprintf(b, ",\n  %q: [", name)
	for i, e := range list {
		data, err := json.Marshal(e)
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(data)
	}
	if len(list) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteByte(']')
	return nil
}

// Decode reads one patterns file from r and validates it. Unknown fields,
// trailing data and any malformed pattern are errors: the file is outside
// input, and a pattern read from it is about to be trusted as a claim.
func Decode(r io.Reader) (File, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return File{}, fmt.Errorf("patterns file: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return File{}, errors.New("patterns file: data after the JSON object")
	}
	if err := f.Validate(); err != nil {
		return File{}, err
	}
	return f.normalized(), nil
}

// normalized returns f with every empty list as an empty list (JSON []),
// never nil (null), as Encode writes it: a file of an earlier version that
// left a list out reads as one that has it empty.
func (f File) normalized() File {
	f.Patterns = nonNil(f.Patterns)
	for i := range f.Patterns {
		f.Patterns[i].Exceptions = nonNil(f.Patterns[i].Exceptions)
	}
	f.NoPattern, f.Values, f.Laws = nonNil(f.NoPattern), nonNil(f.Values), nonNil(f.Laws)
	for i := range f.Values {
		f.Values[i].Stages, f.Values[i].BestFits = nonNil(f.Values[i].Stages), nonNil(f.Values[i].BestFits)
	}
	return f
}

// nonNil returns list, or an empty list for nil.
func nonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
