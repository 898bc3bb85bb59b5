package conjecture

import "strings"

// Corrections maps the id of every claim of claims that has a correction
// to the correcting claim: "<id>.corrected" corrects "<id>", and where a
// paper's text is read two ways, "<id>" (the reading checked) corrects
// "<id>.printed".
func Corrections(claims []Claim) map[string]Claim {
	byID := make(map[string]Claim, len(claims))
	for _, c := range claims {
		byID[c.ID] = c
	}
	out := make(map[string]Claim)
	for _, c := range claims {
		if base, ok := strings.CutSuffix(c.ID, ".corrected"); ok {
			out[base] = c
		}
		if base, ok := strings.CutSuffix(c.ID, ".printed"); ok {
			if b, ok := byID[base]; ok {
				out[c.ID] = b
			}
		}
	}
	return out
}

// MarkErrata turns every failing report whose correction (from
// corrections, as Corrections returns) holds among reports into an
// Erratum with CorrectedBy set: a known error of the paper, confirmed on
// these inputs. A failing claim whose correction fails too, or was not
// run, stays Fails, and so does every failing correction.
func MarkErrata(reports []Report, corrections map[string]Claim) {
	status := make(map[string]Status, len(reports))
	for _, r := range reports {
		status[r.ID] = r.Status
	}
	for i, r := range reports {
		c, ok := corrections[r.ID]
		if r.Status == Fails && ok && status[c.ID] == Holds {
			reports[i].Status, reports[i].CorrectedBy = Erratum, c.ID
		}
	}
}
