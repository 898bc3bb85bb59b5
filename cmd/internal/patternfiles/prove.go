package patternfiles

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// ProofName is the certificate's file name for table id at side n.
func ProofName(id string, n int64) string { return fmt.Sprintf("%s_n%d.proof.json", id, n) }

// CertificateName is the certificate's file name of compute -prove, which
// has no side n: <id>.proof.json.
func CertificateName(id string) string { return id + ".proof.json" }

// SearchStateName is the file compute -prove saves its search in, for
// -resume: <id>.prove-state.
func SearchStateName(id string) string { return id + ".prove-state" }

// Proved is the outcome of Prove.
type Proved struct {
	// Found says a repeat was found within the bound, for V = 0 at least.
	Found  bool
	Repeat proof.Repeat
	// Outcome is the search's, when Found: the bound, and the first V
	// that does not repeat within it.
	Outcome proof.SearchOutcome
	// Path is the certificate written, when Found.
	Path string
	// Proofs are the proofs of the values 0 … V, by value.
	Proofs map[int]pattern.Proof
}

// Prove finds the largest V ≤ hi whose band state of table repeats within
// bound rows (proof.Largest), writes its certificate to
// <out>/<id>_n<N>.proof.json with the search's outcome (the bound and the
// first V that does not repeat within it, proof.OutcomeOf) once it checks
// from the file (WriteCertificate; a certificate whose check is stopped is
// not kept), and derives
// each value's proved pattern (proof.Patterns), its proof block carrying
// the outcome too. Nothing found is not an error.
func Prove(ctx context.Context, table string, n int64, hi int, bound int64, out string, cfg band.Config) (Proved, error) {
	rep, found, err := proof.Largest(ctx, table, hi, bound, proof.Options{Config: cfg})
	if err != nil || !found {
		return Proved{}, err
	}
	path := filepath.Join(out, ProofName(table, n))
	outcome := proof.OutcomeOf(rep, hi, bound)
	if err := WriteCertificate(ctx, rep, outcome, path, cfg, nil); err != nil {
		if errors.Is(err, ErrCheckInterrupted) {
			// compute -patterns proves again when it is run again: a
			// pending certificate would only be left behind.
			err = errors.Join(err, os.Remove(PendingName(path)))
		}
		return Proved{}, err
	}
	vps, err := proof.Patterns(ctx, rep, cfg)
	if err != nil {
		return Proved{}, err
	}
	proofs := make(map[int]pattern.Proof, len(vps))
	for _, vp := range vps {
		offsets := make([]int, len(vp.Offsets))
		for i, d := range vp.Offsets {
			offsets[i] = int(d)
		}
		proofs[vp.Value] = pattern.Proof{Period: int(vp.Period), Start: int(vp.Start), Offsets: offsets,
			V: rep.V, X0: rep.X0, P: rep.P, Certificate: filepath.Base(path),
			SearchBound: outcome.Bound, FirstUnrepeatedV: outcome.FirstUnrepeatedV}
	}
	return Proved{Found: true, Repeat: rep, Outcome: outcome, Path: path, Proofs: proofs}, nil
}

// WriteCertificate writes the certificate of rep, found by a climb whose
// outcome was outcome, to path once it checks (Publish: it waits for its
// check at PendingName(path)), reporting the check's rows to progress, if
// set (proof.CheckProgress).
func WriteCertificate(ctx context.Context, rep proof.Repeat, outcome proof.SearchOutcome, path string, cfg band.Config, progress func(rows int64)) error {
	c, err := proof.NewCertificate(rep, cli.Version())
	if err != nil {
		return err
	}
	c.Search = &outcome
	return Publish(ctx, c, path, cfg, progress)
}

// ReadCertificate reads and decodes the certificate at path, a regular
// file; it does not check that the certificate holds.
func ReadCertificate(path string) (proof.Certificate, error) {
	c, _, err := certificateFile(path)
	if err != nil {
		return proof.Certificate{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// CheckFile reads the certificate at path and checks it on its own,
// reporting the check's rows to progress, if set (proof.CheckProgress).
func CheckFile(ctx context.Context, path string, cfg band.Config, progress func(rows int64)) error {
	c, err := ReadCertificate(path)
	if err != nil {
		return err
	}
	if err := proof.CheckProgress(ctx, c, cfg, progress); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
