package main

import (
	"context"
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

// -prove=false asks for no proof: the other modes' flags work beside it
// (it was taken as -prove, which refused them); -prove=yes, no boolean,
// is refused naming it.
func TestProveFalseIsNoProof(t *testing.T) {
	stdout, stderr, code := runVerify(t, "-prove=false", "-list", "-claims", "goishi.thm4.1")
	if code != 0 || !strings.Contains(stdout, "goishi.thm4.1") {
		t.Errorf("-prove=false -list: exit %d, want 0 listing goishi.thm4.1\n%s%s", code, stdout, stderr)
	}
	if _, stderr, code := runVerify(t, "-prove=yes"); code != 2 || !strings.Contains(stderr, "-prove") {
		t.Errorf("-prove=yes: exit %d, want 2 naming -prove: %s", code, stderr)
	}
}

// One name for one bound: -prove's rows are -prove-bound, as in compute
// -prove; -bound, the solver's bound of the claims runs, is refused with
// -prove, naming both; each mode's help lists its own.
func TestProveBoundName(t *testing.T) {
	_, stderr, code := runVerify(t, "-prove", "-bound", "1000", "-out", t.TempDir())
	if code != 2 || !strings.Contains(stderr, "-bound is the solver's bound") || !strings.Contains(stderr, "-prove-bound") {
		t.Errorf("-prove -bound: exit %d, want 2 naming -prove-bound: %s", code, stderr)
	}
	if _, stderr, code := runVerify(t, "-prove", "-prove-bound", "0"); code != 2 || !strings.Contains(stderr, "-prove-bound 0: give 1 to") {
		t.Errorf("-prove -prove-bound 0: exit %d: %s", code, stderr)
	}
	_, help, _ := runVerify(t, "-prove", "-help")
	_, flags, _ := strings.Cut(help, "\n\n")
	if !regexp.MustCompile(`(?m)^  -prove-bound `).MatchString(flags) || regexp.MustCompile(`(?m)^  -bound `).MatchString(flags) {
		t.Errorf("-prove -help lists -bound, or not -prove-bound:\n%s", flags)
	}
	_, help, _ = runVerify(t, "-help")
	synopsis, _, _ := strings.Cut(help, "\n\n")
	if !strings.Contains(synopsis, "verify -prove [-table LIST] [-values 0-HI] [-prove-bound ROWS]") {
		t.Errorf("the synopsis of -prove does not name -prove-bound:\n%s", synopsis)
	}
}

// -certificate refuses an x0 or P no search writes by its key, whatever
// -max-cells: it used to ask to raise -max-cells to 2⁶³ − 1, and with
// that given, print a wrapped sum.
func TestCertificateFieldRanges(t *testing.T) {
	dir := t.TempDir()
	proved, err := patternfiles.Prove(context.Background(), "gneg1", 1000, 3, 1000, dir, band.Config{Workers: 1})
	if err != nil || !proved.Found {
		t.Fatalf("prove: %v", err)
	}
	data := readString(t, proved.Path)
	x0, p := fmt.Sprintf(`"x0": %d`, proved.Repeat.X0), fmt.Sprintf(`"p": %d`, proved.Repeat.P)
	for _, tc := range []struct{ from, to, says string }{
		{x0, `"x0": -5`, `"x0" is -5: a row from 0 to 274877906944`},
		{x0, `"x0": 274877906945`, `"x0" is 274877906945`},
		{p, `"p": -4`, `"p" is -4: a period from 1 to 274877906944`},
		{p, `"p": 9223372036854775807`, `"p" is 9223372036854775807`},
	} {
		forged := strings.Replace(data, tc.from, tc.to, 1)
		path := filepath.Join(dir, "forged.proof.json")
		if forged == data || os.WriteFile(path, []byte(forged), 0o644) != nil {
			t.Fatalf("no %q to forge", tc.from)
		}
		for _, extra := range [][]string{nil, {"-max-cells", "9223372036854775807"}} {
			_, stderr, code := runVerify(t, append([]string{"-certificate", path}, extra...)...)
			if code != 1 || !strings.Contains(stderr, tc.says) || strings.Contains(stderr, "-max-cells") {
				t.Errorf("%s %v: exit %d, %q; want 1 saying %q", tc.to, extra, code, stderr, tc.says)
			}
		}
	}
}

// -recheck-search searches again the V a certificate's search block names
// as not repeating within its bound: the honest block holds, re-checked;
// a bound forged up to where that V repeats, which the check of the
// certificate cannot tell, is exit 1 naming the repeat.
func TestRecheckSearch(t *testing.T) {
	dir := t.TempDir()
	const bound = 3000
	proved, err := patternfiles.Prove(context.Background(), "gneg1", bound, 40, bound, dir, band.Config{Workers: 1})
	if err != nil || !proved.Found || proved.Outcome.FirstUnrepeatedV == 0 {
		t.Fatalf("prove: %v, %+v", err, proved.Outcome)
	}
	next := proved.Outcome.FirstUnrepeatedV
	stdout, stderr, code := runVerify(t, "-certificate", proved.Path, "-recheck-search")
	if want := fmt.Sprintf("; its search block, re-checked by -recheck-search: the band state of V = %d does not repeat within %d rows\n", next, bound); code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("the honest certificate: exit %d, want 0 and %q\n%s%s", code, want, stdout, stderr)
	}
	rep, found, err := proof.Search(context.Background(), "gneg1", next, 1_000_000, proof.Options{Config: band.Config{Workers: 1}})
	if err != nil || !found {
		t.Fatalf("V = %d does not repeat within 10⁶ rows (%v): the test needs it to", next, err)
	}
	data := readString(t, proved.Path)
	forged := strings.Replace(data, fmt.Sprintf(`"bound": %d`, bound), fmt.Sprintf(`"bound": %d`, rep.X0+rep.P), 1)
	path := filepath.Join(dir, "forged.proof.json")
	if forged == data || os.WriteFile(path, []byte(forged), 0o644) != nil {
		t.Fatal("no bound to forge")
	}
	if _, stderr, code := runVerify(t, "-certificate", path); code != 0 {
		t.Fatalf("the forged bound, not searched: exit %d, want 0 (its proof holds): %s", code, stderr)
	}
	stdout, stderr, code = runVerify(t, "-certificate", path, "-recheck-search")
	want := fmt.Sprintf("its search block does not hold: first_unrepeated_v is %d, but the band state of V = %d repeats within %d rows: x0 = %d, P = %d",
		next, next, rep.X0+rep.P, rep.X0, rep.P)
	if code != 1 || !strings.Contains(stderr, want) || strings.Contains(stdout, "holds:") {
		t.Errorf("the forged bound searched: exit %d, want 1 saying %q\n%s%s", code, want, stdout, stderr)
	}
	if _, stderr, code := runVerify(t, "-certificate", path, "-recheck-search", "-max-cells", "1000"); code != 2 || !strings.Contains(stderr, "and its search again") {
		t.Errorf("-max-cells below the search: exit %d, %q", code, stderr)
	}
}
