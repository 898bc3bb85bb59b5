package pattern

import (
	"fmt"
	"slices"
)

// Proved is the status of a value whose pattern is proved for all x and y
// (Result.Proof), not only observed on 0 ≤ x, y ≤ n.
const Proved Status = "proved"

// Proof is what a repeated band state (package proof) proves of one value
// v ≤ V: for every row x ≥ Start, f_v(x) = x + Offsets[x mod Period], for
// all x and y, Period being the least such period and Start the least such
// start. The state of the band of the values 0 … V before row X0 + P is the
// one before row X0 moved P rows down the diagonal, as the certificate
// records: Certificate is its file name, beside the patterns file, and
// CertificateSHA256 the SHA-256 of its bytes, by which a reader knows it is
// the certificate the pattern was derived from (empty until the patterns
// file is written; files of earlier versions have none, and their "proved"
// is not authenticated). SearchBound and FirstUnrepeatedV are the outcome
// of the climb that found the certificate, as it records it: the rows each
// V was searched for a repeat, and the first V whose band state does not
// repeat within them, a search result and not a proof; FirstUnrepeatedV is
// 0 when the climb stopped at V, every V up to it repeating, and both are
// 0 when the certificate records no outcome (an earlier version).
type Proof struct {
	Period            int    `json:"period"`
	Start             int    `json:"start"`
	Offsets           []int  `json:"-"`
	V                 int    `json:"v"`
	X0                int64  `json:"x0"`
	P                 int64  `json:"p"`
	Certificate       string `json:"certificate"`
	CertificateSHA256 string `json:"certificate_sha256"`
	SearchBound       int64  `json:"search_bound"`
	FirstUnrepeatedV  int    `json:"first_unrepeated_v"`
}

// ErrProofDisagrees reports a value whose observed pattern differs from the
// one its proof states: a bug in the search, the sweep or the proof.
var ErrProofDisagrees = fmt.Errorf("pattern: the observed pattern and the proof disagree")

// ApplyProof returns r, the search's result for one value of the index,
// marked Proved by pr. A value the search found must have pr's period,
// start and offsets; one it did not (too few periods seen, say) gets pr's
// pattern, with the exceptions read from the index and every row up to n
// checked against it. It fails, wrapping ErrProofDisagrees, if the rows
// contradict the proof, and if r's value is outside the index. Its
// exceptions are omitted beyond opt.MaxExceptions, as Search omits them.
func (b *BandIndex) ApplyProof(r Result, pr Proof, opt Options) (Result, error) {
	v := r.Value
	if v < b.lo || v > b.hi {
		return Result{}, fmt.Errorf("pattern: value %d is not in the band index (%d…%d)", v, b.lo, b.hi)
	}
	if r.Found {
		if r.Period != pr.Period || r.Start != pr.Start || !slices.Equal(r.Offsets, pr.Offsets) {
			return Result{}, fmt.Errorf("%w: value %d observed with period %d from x₀ = %d, proved with period %d from x₀ = %d (V = %d, P = %d from row %d)",
				ErrProofDisagrees, v, r.Period, r.Start, pr.Period, pr.Start, pr.V, pr.P, pr.X0)
		}
		r.Status, r.Proof = Proved, &pr
		return r, nil
	}
	col, err := b.valueColumn(v)
	if err != nil {
		return Result{}, err
	}
	p := Pattern{Value: v, Period: pr.Period, Start: pr.Start, Offsets: pr.Offsets}
	if !col.setExceptions(&p, opt.MaxExceptions) {
		return Result{}, fmt.Errorf("%w: value %d is proved from row %d, but a row below it has no cell of %d inside 0 … %d",
			ErrProofDisagrees, v, pr.Start, v, b.n)
	}
	verdict, err := check(col, p, col.rows())
	if err != nil {
		return Result{}, fmt.Errorf("value %d: the proved pattern: %w", v, err)
	}
	if len(verdict.Violations) > 0 {
		return Result{}, fmt.Errorf("%w: value %d: %v (V = %d, P = %d from row %d)",
			ErrProofDisagrees, v, verdict.Violations[0], pr.V, pr.P, pr.X0)
	}
	p.ConfirmedTo = verdict.ConfirmedTo
	r.Pattern, r.Found, r.Status, r.Proof = p, true, Proved, &pr
	r.Repetitions = max(0, r.Rule.Decided-p.Start) / p.Period
	r.Grade = grade(r)
	r.keepForm()
	return r, nil
}
