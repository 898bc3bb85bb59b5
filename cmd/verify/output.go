package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/provenance"
)

// shownCounterexamples is how many counterexamples a text line shows.
const shownCounterexamples = 3

// writeText prints where the report comes from (from), the tables read,
// one line per claim and a summary. A claim's Reading goes on an indented
// line under it, and so does, for a printed claim that fails or is an
// erratum, the claim that corrects it (from corrections, by the printed
// claim's id) with the first sentence of its note. Errata are counted apart
// from failures.
func writeText(w io.Writer, from provenance.Provenance, in inputSet, reports []conjecture.Report, corrections map[string]conjecture.Claim) error {
	fmt.Fprint(w, from.Lines(""))
	var used []string
	for _, f := range in.found {
		used = append(used, fmt.Sprintf("%s n=%d (%s)", f.ID, f.N, f.File))
	}
	if len(used) > 0 {
		fmt.Fprintf(w, "tables: %s\n", strings.Join(used, ", "))
	}
	if len(in.missing) > 0 {
		fmt.Fprintf(w, "missing tables: %s (compute them: compute -table %s -out %s)\n",
			strings.Join(in.missing, ", "), strings.Join(in.missing, ","), in.dir)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	counts := make(map[conjecture.Status]int)
	for _, r := range reports {
		counts[r.Status]++
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, statusWord(r.Status), detail(r))
		if r.Reading != "" {
			fmt.Fprintf(tw, "\t\t  reading: %s\n", r.Reading)
		}
		if r.Witness != "" {
			fmt.Fprintf(tw, "\t\t  witness: %s\n", r.Witness)
		}
		if c, ok := corrections[r.ID]; ok && (r.Status == conjecture.Fails || r.Status == conjecture.Erratum) {
			reason := firstSentence(c.Note)
			if strings.HasSuffix(r.ID, ".printed") {
				reason = "the reading checked"
			}
			if r.Status == conjecture.Erratum {
				fmt.Fprintf(tw, "\t\t  erratum of the paper: as printed it fails, and %s holds: %s\n", c.ID, reason)
			} else {
				fmt.Fprintf(tw, "\t\t  see %s: %s\n", c.ID, reason)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	errata := "known errata confirmed"
	if counts[conjecture.Erratum] == 1 {
		errata = "known erratum confirmed"
	}
	_, err := fmt.Fprintf(w, "%d claims: %d hold, %d FAIL, %d %s, %d vacuous, %d skipped\n", len(reports), counts[conjecture.Holds],
		counts[conjecture.Fails], counts[conjecture.Erratum], errata, counts[conjecture.Vacuous], counts[conjecture.Skipped])
	return err
}

// firstSentence is s up to its first full stop followed by a space.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// statusWord is the status as the text report shows it; a failure shouts.
func statusWord(s conjecture.Status) string {
	if s == conjecture.Fails {
		return "FAILS"
	}
	return string(s)
}

// detail is what a line says after the status: what was checked and the
// first counterexamples, or why the claim was skipped.
func detail(r conjecture.Report) string {
	switch r.Status {
	case conjecture.Skipped:
		return r.Reason
	case conjecture.Vacuous:
		return "nothing in its range lies in the table; no evidence either way"
	}
	// An Erratum shows its counterexamples as a failure does.
	s := fmt.Sprintf("%d %s", r.Checked, r.Unit)
	if r.Bound > 0 {
		s += fmt.Sprintf(", bound %d", r.Bound)
	}
	if r.Found == 0 {
		return s
	}
	var first []string
	for _, c := range r.Counterexamples[:min(shownCounterexamples, len(r.Counterexamples))] {
		first = append(first, c.String())
	}
	more := ""
	if r.Found > int64(len(first)) {
		more = "; …"
	}
	noun := "counterexamples"
	if r.Found == 1 {
		noun = "counterexample"
	}
	return fmt.Sprintf("%s; %d %s: %s%s", s, r.Found, noun, strings.Join(first, "; "), more)
}

// jsonReport is the -json file.
type jsonReport struct {
	Provenance    provenance.Provenance `json:"provenance"`
	Tables        []tableFile           `json:"tables"`
	MissingTables []string              `json:"missing_tables"`
	Claims        []conjecture.Report   `json:"claims"`
}

// writeJSON writes the report, with where it comes from, as indented JSON
// to path.
func writeJSON(path string, from provenance.Provenance, in inputSet, reports []conjecture.Report) error {
	report := jsonReport{Provenance: from, Tables: in.found, MissingTables: in.missing, Claims: reports}
	if report.Tables == nil {
		report.Tables = []tableFile{}
	}
	if report.MissingTables == nil {
		report.MissingTables = []string{}
	}
	data, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		return fmt.Errorf("write -json %s: %w", path, err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write -json %s: %w", path, err)
	}
	return nil
}

// writeList prints the claims: id, what it reads, its default bound, and
// where it is printed (label, then the paper's authors and title).
func writeList(w io.Writer, claims []conjecture.Claim) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\treads\tbound\tsource")
	for _, c := range claims {
		reads, bound := "solvers", "-"
		if c.Table != "" {
			reads = "table " + c.Table
		}
		if c.Bound > 0 {
			bound = fmt.Sprint(c.Bound)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s, %s\n", c.ID, reads, bound, c.Source.Label, c.Source.Paper)
	}
	return tw.Flush()
}
