package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/engine/band"
)

// -prove writes certificates that -certificate accepts (exit 0), and one
// with a planted period is refused (exit 1), naming why.
func TestProveAndCertificate(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	err := run(context.Background(), []string{"-prove", "-table", "gneg1,passnim", "-values", "0-8", "-prove-bound", "5000", "-out", dir}, &out, &errs)
	if err != nil {
		t.Fatalf("-prove: %v\n%s", err, errs.String())
	}
	for _, want := range []string{"gneg1: largest proved V = 8", "goishi.thm4.4", "passnim: largest proved V = 8", "pass.lem4c"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-prove output lacks %q:\n%s", want, out.String())
		}
	}
	path := filepath.Join(dir, "gneg1_V3.proof.json")
	out.Reset()
	if err := run(context.Background(), []string{"-certificate", path}, &out, &errs); err != nil || !strings.Contains(out.String(), "holds") {
		t.Fatalf("-certificate %s: %v, %s", path, err, out.String())
	}

	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	c["p"] = 2
	planted := filepath.Join(dir, "planted.proof.json")
	b, _ = json.Marshal(c)
	if err := os.WriteFile(planted, b, 0o644); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"-certificate", planted}, &out, &errs)
	if code := exitCode(err, &errs); code != 1 || !strings.Contains(err.Error(), "no repeat") {
		t.Errorf("planted P: exit %d, %v; want 1 and no repeat", code, err)
	}
	if code := exitCode(run(context.Background(), []string{"-prove", "-values", "3-8"}, &out, &errs), &errs); code != 2 {
		t.Errorf("-values 3-8: exit %d, want 2", code)
	}
}

// -certificate prints the search's outcome a certificate of compute's climb
// records, the first V that does not repeat within the bound, and nothing
// of a search for a certificate that records none.
func TestCertificatePrintsSearch(t *testing.T) {
	dir := t.TempDir()
	const bound = 3000
	proved, err := patternfiles.Prove(context.Background(), "gneg1", bound, 40, bound, dir, band.Config{Workers: 1})
	if err != nil || !proved.Found || proved.Outcome.FirstUnrepeatedV == 0 {
		t.Fatalf("prove: found %v, outcome %+v, %v; the test needs a V below 40", proved.Found, proved.Outcome, err)
	}
	var out, errs bytes.Buffer
	if err := run(context.Background(), []string{"-certificate", proved.Path}, &out, &errs); err != nil {
		t.Fatalf("-certificate: %v\n%s", err, errs.String())
	}
	verdict := regexp.MustCompile(fmt.Sprintf(`: holds: .*; its search block, NOT re-checked: first_unrepeated_v %d \(the search's word that the band state of V = %d does not repeat within %d rows; no proof; -recheck-search searches it again\)\n`,
		proved.Repeat.V+1, proved.Repeat.V+1, bound))
	if !verdict.MatchString(out.String()) {
		t.Errorf("-certificate's verdict line does not match %q:\n%s", verdict, out.String())
	}
	// A search block forged within what the certificate can check (a
	// bound that still holds the repeat) holds with the same words; one
	// that claims more of its checking, or another first V, is refused.
	data := readString(t, proved.Path)
	for _, tc := range []struct {
		name, from, to string
		code           int
		says           string
	}{
		{"a larger bound", fmt.Sprintf(`"bound": %d`, bound), `"bound": 30000000`, 0, "NOT re-checked: first_unrepeated_v"},
		{"checked forged", "not re-checked: that", "re-checked: that", 1, `its search's "checked" is`},
		{"first V forged", fmt.Sprintf(`"first_unrepeated_v": %d`, proved.Repeat.V+1), fmt.Sprintf(`"first_unrepeated_v": %d`, proved.Repeat.V+2), 1, "not V+1"},
	} {
		forged := strings.Replace(data, tc.from, tc.to, 1)
		if forged == data {
			t.Fatalf("%s: no %q in the certificate", tc.name, tc.from)
		}
		path := filepath.Join(dir, "forged.proof.json")
		if err := os.WriteFile(path, []byte(forged), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runVerify(t, "-certificate", path)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.says) {
			t.Errorf("%s: exit %d, want %d saying %q\n%s%s", tc.name, code, tc.code, tc.says, stdout, stderr)
		}
	}
	var c map[string]any
	if err := json.Unmarshal([]byte(readString(t, proved.Path)), &c); err != nil {
		t.Fatal(err)
	}
	delete(c, "search")
	bare := filepath.Join(dir, "bare.proof.json")
	if b, err := json.Marshal(c); err != nil || os.WriteFile(bare, b, 0o644) != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"-certificate", bare}, &out, &errs); err != nil || strings.Contains(out.String(), "its search") {
		t.Errorf("-certificate of a certificate without an outcome: %v\n%s", err, out.String())
	}
}

// -certificate whose stderr is not a terminal says how far its check has
// gone every progressInterval: a 10⁹-row certificate takes a quarter of an
// hour.
func TestCertificateProgressLines(t *testing.T) {
	defer func(d time.Duration) { progressInterval = d }(progressInterval)
	progressInterval = time.Millisecond
	// G₋₁'s values 0 … 31 repeat from row 1428 with P = 332,640: a check
	// of 334,068 rows, more than the 2¹⁸ between the check's reports.
	proved, err := patternfiles.Prove(context.Background(), "gneg1", 400_000, 31, 400_000, t.TempDir(), band.Config{Workers: 1})
	if err != nil || !proved.Found || proved.Repeat.X0+proved.Repeat.P != 334_068 {
		t.Fatalf("prove: %v, %+v", err, proved.Repeat)
	}
	_, stderr, code := runVerify(t, "-certificate", proved.Path)
	if want := regexp.MustCompile(`: [1-9][0-9,]* of 334,068 rows checked in `); code != 0 || !want.MatchString(stderr) {
		t.Errorf("exit %d, stderr lacks a line matching %q:\n%s", code, want, stderr)
	}
}

// The estimate of a check: one worker at checkNsPerCell; segments share
// segmentNsPerCell among the cores they get, never more than the
// machine's; a certificate of more cells than a Duration holds is capped,
// not negative.
func TestCheckDuration(t *testing.T) {
	if got := duration(400_000_000, 1); got != "4s" {
		t.Errorf("4·10⁸ cells, one worker: %s, want 4s", got)
	}
	if runtime.NumCPU() >= 2 {
		if got := duration(400_000_000, 2); got != "3.2s" {
			t.Errorf("4·10⁸ cells, two workers: %s, want 3.2s", got)
		}
	}
	cores := runtime.NumCPU()
	if got, want := duration(4_000_000_000, 4*cores), duration(4_000_000_000, cores); got != want {
		t.Errorf("workers beyond the cores: %s, want the cores' %s", got, want)
	}
	if got := duration(math.MaxInt64, 1); strings.HasPrefix(got, "-") {
		t.Errorf("MaxInt64 cells: %s", got)
	}
}
