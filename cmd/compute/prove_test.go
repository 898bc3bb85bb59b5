package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// The flags -prove refuses, each with exit status 2 and a message naming
// the flag.
func TestProveUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a side", []string{"-n", "100"}, "-n does nothing with -prove"},
		{"with -patterns", []string{"-patterns"}, "-patterns does nothing with -prove"},
		{"a table file", []string{"-write", "none"}, "-write does nothing with -prove"},
		{"values from 3", []string{"-values", "3-9"}, "-values 3-9: -prove climbs from V = 0"},
		{"no rows", []string{"-prove-bound", "0"}, "-prove-bound 0"},
		{"too many rows", []string{"-prove-bound", fmt.Sprint(proof.MaxBound + 1)}, "-prove-bound"},
		{"not a rook table", []string{"-table", "wythoff"}, "-prove"},
		{"V beyond the band", []string{"-values", fmt.Sprintf("0-%d", band.MaxCap+1)}, "-prove takes V up to"},
	} {
		args := append([]string{"-prove", "-out", dir, "-quiet"}, tc.args...)
		_, stderr, code := runCompute(t, args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q", tc.name, code, stderr, tc.want)
		}
	}
}

// compute -prove finds the V of proof.Largest for each table, writes its
// certificate under <id>.proof.json, which checks, prints the largest V
// proved and the first that does not repeat, and leaves no saved search.
func TestProveEndToEnd(t *testing.T) {
	dir := t.TempDir()
	const bound = 3000
	stdout, stderr, code := runCompute(t, "-prove", "-table", "gneg1,passnim", "-values", "0-40",
		"-prove-bound", fmt.Sprint(bound), "-out", dir, "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	ctx := context.Background()
	for _, table := range []string{"gneg1", "passnim"} {
		want, found, err := proof.Largest(ctx, table, 40, bound, proof.Options{Config: band.Config{Workers: 1}})
		if err != nil || !found || want.V == 40 {
			t.Fatalf("%s: the reference climb found V = %d (%v, %v): the test needs one below 40", table, want.V, found, err)
		}
		path := filepath.Join(dir, patternfiles.CertificateName(table))
		line := fmt.Sprintf("the values 0 … %d repeat with period P = %d from row x0 = %d", want.V, want.P, want.X0)
		next := fmt.Sprintf("the band state of V = %d does not repeat within %d rows", want.V+1, bound)
		if !strings.Contains(stdout, line) || !strings.Contains(stdout, next) || !strings.Contains(stdout, path) {
			t.Errorf("%s: stdout %q; want %q, %q and %s", table, stdout, line, next, path)
		}
		// The search's time and the certificate's, apart: the check of a
		// certificate of 10⁹ rows takes longer than the search that found it.
		if times := regexp.MustCompile(regexp.QuoteMeta(line) + ` \(search [0-9hms.]+\); certificate ` +
			regexp.QuoteMeta(path) + `, checked \([0-9hms.]+\)`); !times.MatchString(stdout) {
			t.Errorf("%s: stdout %q; want the search's time and the certificate's check's, as %q", table, stdout, times)
		}
		if err := patternfiles.CheckFile(ctx, path, band.Config{Workers: 1}, nil); err != nil {
			t.Errorf("%s: %v", table, err)
		}
		if got := readCertificate(t, path).Search; got == nil || *got != (proof.SearchOutcome{Bound: bound, FirstUnrepeatedV: want.V + 1, Checked: proof.SearchChecked}) {
			t.Errorf("%s: the certificate records the search as %+v, want bound %d and first unrepeated V %d", table, got, bound, want.V+1)
		}
		if _, err := os.Stat(filepath.Join(dir, patternfiles.SearchStateName(table))); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: a saved search left behind: %v", table, err)
		}
	}
}

// A climb that reaches -values' HI records the bound alone, no first
// unrepeated V, and says that every V up to HI repeats.
func TestProveStopsAtHI(t *testing.T) {
	dir := t.TempDir()
	const bound = 3000
	stdout, stderr, code := runCompute(t, "-prove", "-table", "gneg1", "-values", "0-2",
		"-prove-bound", fmt.Sprint(bound), "-out", dir, "-quiet")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if want := "every V ≤ 2 repeats within 3000 rows"; !strings.Contains(stdout, want) || strings.Contains(stdout, "does not repeat") {
		t.Errorf("stdout %q; want %q and no unrepeated V", stdout, want)
	}
	c := readCertificate(t, filepath.Join(dir, patternfiles.CertificateName("gneg1")))
	if c.V != 2 || c.Search == nil || *c.Search != (proof.SearchOutcome{Bound: bound, Checked: proof.SearchChecked}) {
		t.Errorf("the certificate: V = %d, search %+v; want V = 2 and bound %d alone", c.V, c.Search, bound)
	}
}

// readCertificate decodes the certificate at path.
func readCertificate(t *testing.T, path string) proof.Certificate {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := proof.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// compute -prove -resume goes on from a search saved mid-climb and finds
// what a run through finds; a saved search of another bound is refused,
// naming the file.
func TestProveResume(t *testing.T) {
	const table, bound = "gneg1", 20000
	want, _, err := proof.Largest(context.Background(), table, 30, bound, proof.Options{Config: band.Config{Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	statePath := saveSearchMidClimb(t, table, bound, dir, func(st *proof.SearchState) bool { return st.V >= want.V })
	// With HI below the saved search's V, only the repeat it names is
	// re-checked and certified, whichever HI: two below it here, and the
	// last line names the V certified, not HI.
	below := t.TempDir()
	saved, err := os.ReadFile(statePath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(below, patternfiles.SearchStateName(table)), saved, 0o644); err != nil {
		t.Fatal(err)
	}
	var st proof.SearchState
	if err := st.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	if st.V < 2 {
		t.Fatalf("the climb was interrupted at V = %d: the test needs V ≥ 2", st.V)
	}
	stdout, stderr, code := runCompute(t, "-prove", "-resume", "-table", table, "-values", fmt.Sprint("0-", st.V-2),
		"-prove-bound", fmt.Sprint(bound), "-out", below)
	if line := fmt.Sprintf("the values 0 … %d repeat", st.V-1); code != 0 || !strings.Contains(stdout, line) ||
		!strings.Contains(stderr, fmt.Sprintf("searches no V above -values' HI %d: it re-checks the repeat of V = %d", st.V-2, st.V-1)) ||
		!strings.Contains(stdout, fmt.Sprintf("no V above %d was searched (-values' HI is %d)", st.V-1, st.V-2)) {
		t.Errorf("HI below the saved V = %d: exit %d\n%s%s", st.V, code, stdout, stderr)
	}
	stdout, stderr, code = runCompute(t, "-prove", "-resume", "-table", table, "-values", "0-30",
		"-prove-bound", fmt.Sprint(bound), "-out", dir)
	line := fmt.Sprintf("the values 0 … %d repeat with period P = %d from row x0 = %d", want.V, want.P, want.X0)
	if code != 0 || !strings.Contains(stdout, line) || !strings.Contains(stderr, "resuming the search of V = ") {
		t.Fatalf("exit %d\n%s%s\nwant %q after resuming", code, stdout, stderr, line)
	}
	if climbed := fmt.Sprintf("V = %d repeats: x0 = %d, P = %d", want.V, want.X0, want.P); !strings.Contains(stderr, climbed) {
		t.Errorf("stderr %q does not say %q", stderr, climbed)
	}
	if err := os.WriteFile(statePath, []byte("GRUNDYPROOFSRCH2 cut short"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = runCompute(t, "-prove", "-resume", "-table", table, "-values", "0-30", "-out", dir, "-quiet")
	if code != 1 || !strings.Contains(stderr, statePath) {
		t.Errorf("a broken saved search: exit %d, %q; want 1 naming %s", code, stderr, statePath)
	}
}

// compute -prove -resume after a finished climb, whose saved search is
// removed, climbs on from its certificate: it re-checks the certificate's
// repeat, not V = 0 … below it, and ends where a climb from V = 0 ends. A
// certificate at or above HI, of another table, or whose repeat does not
// hold is not climbed from.
func TestProveResumeFromCertificate(t *testing.T) {
	const table, bound = "gneg1", 20000
	want, _, err := proof.Largest(context.Background(), table, 30, bound, proof.Options{Config: band.Config{Workers: 1}})
	if err != nil || want.V < 3 {
		t.Fatalf("no climb to stop inside: V = %d, %v", want.V, err)
	}
	dir := t.TempDir()
	certPath := filepath.Join(dir, patternfiles.CertificateName(table))
	climb := func(hi int, extra ...string) (string, string, int) {
		args := append([]string{"-prove", "-table", table, "-values", fmt.Sprintf("0-%d", hi), "-prove-bound", fmt.Sprint(bound), "-out", dir}, extra...)
		return runCompute(t, args...)
	}
	if _, stderr, code := climb(want.V - 2); code != 0 {
		t.Fatalf("the first climb: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := climb(30, "-resume")
	line := fmt.Sprintf("the values 0 … %d repeat with period P = %d from row x0 = %d", want.V, want.P, want.X0)
	if code != 0 || !strings.Contains(stdout, line) || !strings.Contains(stderr, "climbing on from the certificate "+certPath) {
		t.Fatalf("exit %d\n%s%s\nwant %q climbing on from %s", code, stdout, stderr, line, certPath)
	}
	if strings.Contains(stderr, "V = 0 repeats") || !strings.Contains(stderr, fmt.Sprintf("V = %d repeats", want.V-2)) ||
		!strings.Contains(stderr, fmt.Sprintf("-prove climbs V = %d … 30", want.V-1)) {
		t.Errorf("the climb on did not start at the certificate's V = %d:\n%s", want.V-2, stderr)
	}
	stdout, _, code = climb(want.V, "-resume")
	if already := fmt.Sprintf("proves the values 0 … %d already", want.V); code != 0 || !strings.Contains(stdout, already) {
		t.Errorf("HI = the certificate's V: exit %d, %q; want 0 and %q", code, stdout, already)
	}
	data, err := os.ReadFile(certPath)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, patternfiles.CertificateName("gstarneg1"))
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = runCompute(t, "-prove", "-resume", "-table", "gstarneg1", "-values", "0-30", "-prove-bound", fmt.Sprint(bound), "-out", dir)
	if code != 1 || !strings.Contains(stderr, "a certificate of table gneg1, not of gstarneg1") {
		t.Errorf("a certificate of another table: exit %d, %q", code, stderr)
	}
	c := readCertificate(t, certPath)
	forged := strings.Replace(string(data), fmt.Sprintf(`"p": %d`, c.P), fmt.Sprintf(`"p": %d`, c.P+1), 1)
	if forged == string(data) {
		t.Fatalf("no \"p\": %d in the certificate to forge", c.P)
	}
	if err := os.WriteFile(certPath, []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code = climb(30, "-resume"); code != 1 || !strings.Contains(stderr, "does not hold") {
		t.Errorf("a certificate whose P is one too many: exit %d, %q; want 1, does not hold", code, stderr)
	}
}

// saveSearchMidClimb climbs table to HI 30 within bound and stops it at the
// first save at which when holds, that save written where compute -prove
// keeps it in dir; it returns the state file's path.
func saveSearchMidClimb(t *testing.T, table string, bound int64, dir string, when func(*proof.SearchState) bool) string {
	t.Helper()
	statePath := filepath.Join(dir, patternfiles.SearchStateName(table))
	stop := errors.New("stopped")
	_, _, err := proof.Largest(context.Background(), table, 30, bound, proof.Options{Config: band.Config{Workers: 1},
		Save: func(st *proof.SearchState) error {
			if !when(st) {
				return nil
			}
			b, err := st.MarshalBinary()
			if err != nil {
				return err
			}
			if err := os.WriteFile(statePath, b, 0o644); err != nil {
				return err
			}
			return stop
		}})
	if !errors.Is(err, stop) {
		t.Fatalf("the climb was not interrupted: %v", err)
	}
	return statePath
}
