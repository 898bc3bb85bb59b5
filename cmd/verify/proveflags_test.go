package main

import (
	"regexp"
	"strings"
	"testing"
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
