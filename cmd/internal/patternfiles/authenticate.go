package patternfiles

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// ErrNotProved reports a value a patterns file marks "proved" that its
// certificate does not prove: a forged or damaged file, or a certificate
// that is missing, changed, or of another table.
var ErrNotProved = errors.New("a value marked proved is not proved by its certificate")

// maxCertificateBytes bounds the certificate file read: its state is a few
// words per value, far below this for every V the band sweep takes.
const maxCertificateBytes = 64 << 20

// Certified is a certificate a patterns file names, read, checked and
// matched against the values that cite it.
type Certified struct {
	// Name is the certificate's file name, beside the patterns file.
	Name string
	// SHA256 is the checksum of its bytes, as the patterns file records it.
	SHA256      string
	Certificate proof.Certificate
	// Values are the values marked proved by it, in increasing order.
	Values []int
}

// CheckProved authenticates every value f marks "proved", f being the
// patterns file read from dir: the certificate its proof block names must
// be a file of that name in dir whose bytes have the sha256 the block
// records; it must hold (proof.Check, the independent band check) and be of
// f's table; and the value must be at most its V, the block's v, x0 and p
// must be the certificate's, as must the search's outcome the block states
// (its search_bound and first_unrepeated_v, searchDisagrees), and the
// value's period, start and offsets, in
// the proof block, the value's report and its pattern, must be exactly
// those the certificate implies (proof.Patterns). It returns the
// certificates checked, by name, or an error wrapping ErrNotProved that
// names the first value in error. A file with no proved value is none.
func CheckProved(ctx context.Context, f pattern.File, dir string, cfg band.Config) ([]Certified, error) {
	var certified []Certified
	byName := map[string]int{}
	for _, r := range f.Values {
		if r.Status != pattern.Proved {
			continue
		}
		pr := r.Proof
		i, ok := byName[pr.Certificate]
		if !ok {
			c, err := readCertificate(dir, r.Value, pr)
			if err != nil {
				return nil, err
			}
			i = len(certified)
			byName[pr.Certificate] = i
			certified = append(certified, c)
		}
		if c := certified[i]; pr.CertificateSHA256 != c.SHA256 {
			return nil, fmt.Errorf("%w: value %d cites %s with sha256 %s, another value cites it with %s", ErrNotProved, r.Value, c.Name, pr.CertificateSHA256, c.SHA256)
		}
		certified[i].Values = append(certified[i].Values, r.Value)
	}
	patterns := make(map[int]pattern.Pattern, len(f.Patterns))
	for _, p := range f.Patterns {
		patterns[p.Value] = p
	}
	for _, c := range certified {
		if err := checkValues(ctx, f, c, patterns, cfg); err != nil {
			return nil, err
		}
	}
	return certified, nil
}

// readCertificate reads the certificate that value's proof block pr names,
// in dir, and checks its sha256 against pr's.
func readCertificate(dir string, value int, pr *pattern.Proof) (Certified, error) {
	name := pr.Certificate
	if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
		return Certified{}, fmt.Errorf("%w: value %d cites the certificate %q: want the name of a file beside the patterns file", ErrNotProved, value, name)
	}
	if pr.CertificateSHA256 == "" {
		return Certified{}, fmt.Errorf("%w: value %d cites %s without its certificate_sha256 (a file of an earlier version: run compute -patterns again)", ErrNotProved, value, name)
	}
	path := filepath.Join(dir, name)
	c, sum, err := certificateFile(path)
	if err != nil {
		return Certified{}, fmt.Errorf("%w: value %d cites %s: %w", ErrNotProved, value, path, err)
	}
	if sum != pr.CertificateSHA256 {
		return Certified{}, fmt.Errorf("%w: value %d cites %s with sha256 %s, but the file has sha256 %s: it is not the certificate the patterns were written with", ErrNotProved, value, path, pr.CertificateSHA256, sum)
	}
	return Certified{Name: name, SHA256: sum, Certificate: c}, nil
}

// certificateFile reads the certificate at path, a regular file (not a
// symbolic link) of at most maxCertificateBytes, and returns it with the
// SHA-256 of its bytes, in hex.
func certificateFile(path string) (proof.Certificate, string, error) {
	data, err := readRegular(path)
	if err != nil {
		return proof.Certificate{}, "", err
	}
	c, err := proof.Decode(bytes.NewReader(data))
	if err != nil {
		return proof.Certificate{}, "", err
	}
	sum := sha256.Sum256(data)
	return c, hex.EncodeToString(sum[:]), nil
}

// readRegular reads the regular file at path, without following a
// symbolic link, up to maxCertificateBytes.
func readRegular(path string) ([]byte, error) {
	st, err := os.Lstat(path)
	switch {
	case err != nil:
		return nil, err
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("not a regular file (%s)", st.Mode().Type())
	case st.Size() > maxCertificateBytes:
		return nil, fmt.Errorf("%d bytes, more than a certificate's %d", st.Size(), maxCertificateBytes)
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return io.ReadAll(io.LimitReader(file, maxCertificateBytes+1))
}

// checkValues checks certificate c on its own and matches every value that
// cites it against what it proves.
func checkValues(ctx context.Context, f pattern.File, c Certified, patterns map[int]pattern.Pattern, cfg band.Config) error {
	cert := c.Certificate
	first := c.Values[0]
	if cert.Table != f.Table {
		return fmt.Errorf("%w: value %d cites %s, a certificate of table %s, not %s", ErrNotProved, first, c.Name, cert.Table, f.Table)
	}
	if err := proof.Check(ctx, cert, cfg); err != nil {
		return fmt.Errorf("%w: value %d cites %s, which does not check: %w", ErrNotProved, first, c.Name, err)
	}
	rep, err := cert.Repeat()
	if err != nil {
		return fmt.Errorf("value %d: the patterns %s implies: %w", first, c.Name, err)
	}
	implied, err := proof.Patterns(ctx, rep, cfg)
	if err != nil {
		return fmt.Errorf("value %d: the patterns %s implies: %w", first, c.Name, err)
	}
	reports := make(map[int]pattern.Report, len(f.Values))
	for _, r := range f.Values {
		reports[r.Value] = r
	}
	for _, v := range c.Values {
		if v > cert.V {
			return fmt.Errorf("%w: value %d is marked proved by %s, which proves the values 0 … %d only", ErrNotProved, v, c.Name, cert.V)
		}
		if err := matchValue(reports[v], patterns, implied[v], cert); err != nil {
			return fmt.Errorf("%w: value %d (certificate %s): %w", ErrNotProved, v, c.Name, err)
		}
	}
	return nil
}

// matchValue checks that the report r of a proved value, its proof block
// and its pattern in patterns state exactly want, the pattern certificate
// cert implies for it.
func matchValue(r pattern.Report, patterns map[int]pattern.Pattern, want proof.ValuePattern, cert proof.Certificate) error {
	pr := r.Proof
	if err := searchDisagrees(*pr, cert); err != nil {
		return err
	}
	switch {
	case pr.V != cert.V || pr.X0 != cert.X0 || pr.P != cert.P:
		return fmt.Errorf("the proof block says V = %d, x0 = %d, P = %d; the certificate says V = %d, x0 = %d, P = %d", pr.V, pr.X0, pr.P, cert.V, cert.X0, cert.P)
	case int64(pr.Period) != want.Period || int64(pr.Start) != want.Start:
		return fmt.Errorf("the proof block says period %d from x₀ = %d; the certificate implies period %d from x₀ = %d", pr.Period, pr.Start, want.Period, want.Start)
	case int64(r.Period) != want.Period || int64(r.Start) != want.Start:
		return fmt.Errorf("the report says period %d from x₀ = %d; the certificate implies period %d from x₀ = %d", r.Period, r.Start, want.Period, want.Start)
	}
	p, ok := patterns[r.Value]
	if !ok {
		return errors.New("it has no pattern in the file's patterns")
	}
	offsets := make([]int64, len(p.Offsets))
	for i, d := range p.Offsets {
		offsets[i] = int64(d)
	}
	if int64(p.Period) != want.Period || int64(p.Start) != want.Start || !slices.Equal(offsets, want.Offsets) {
		return fmt.Errorf("its pattern is period %d from x₀ = %d with offsets %v; the certificate implies period %d from x₀ = %d with offsets %v",
			p.Period, p.Start, p.Offsets, want.Period, want.Start, want.Offsets)
	}
	return nil
}

// searchDisagrees reports how the search's outcome the proof block pr
// states, its bound and first V that does not repeat within it, differs
// from the one certificate cert records (both zero in pr when cert records
// none), or nil.
func searchDisagrees(pr pattern.Proof, cert proof.Certificate) error {
	var want proof.SearchOutcome
	if cert.Search != nil {
		want = *cert.Search
	}
	if pr.SearchBound != want.Bound || pr.FirstUnrepeatedV != want.FirstUnrepeatedV {
		return fmt.Errorf("the proof block says the search bound %d rows and the first unrepeated V %d; the certificate records %d and %d (0: none)",
			pr.SearchBound, pr.FirstUnrepeatedV, want.Bound, want.FirstUnrepeatedV)
	}
	return nil
}
