package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/papers"
)

// errClaimsFail reports that a claim checked with -claims has a
// counterexample: exit status 3, as verify's.
var errClaimsFail = errors.New("counterexamples found")

// reportClaims prints one line per claim, as verify's text report does
// (id, holds or FAILS, what was checked and the first counterexamples),
// and returns errClaimsFail if one fails. A printed claim that fails while
// its correction, checked in the same run, holds is a known erratum of its
// paper: reported as such and not a failure, as in verify.
func reportClaims(w io.Writer, table string, reports []conjecture.Report) error {
	conjecture.MarkErrata(reports, conjecture.Corrections(papers.All()))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	failed, errata := 0, 0
	for _, r := range reports {
		status := string(r.Status)
		switch r.Status {
		case conjecture.Fails:
			status, failed = "FAILS", failed+1
		case conjecture.Erratum:
			status, errata = fmt.Sprintf("erratum (holds as corrected in %s)", r.CorrectedBy), errata+1
		}
		detail := fmt.Sprintf("%d %s", r.Checked, r.Unit)
		if r.Status == conjecture.Skipped {
			detail = r.Reason
		}
		if r.Found > 0 {
			var first []string
			for _, c := range r.Counterexamples[:min(3, len(r.Counterexamples))] {
				first = append(first, c.String())
			}
			detail += fmt.Sprintf("; %d counterexample(s): %s", r.Found, strings.Join(first, "; "))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, status, detail)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %d claims: %d hold, %d errata of the papers, %d FAIL\n", table, len(reports), len(reports)-failed-errata, errata, failed)
	if failed > 0 {
		return fmt.Errorf("%w: %d of %d claims on %s fail", errClaimsFail, failed, len(reports), table)
	}
	return nil
}
