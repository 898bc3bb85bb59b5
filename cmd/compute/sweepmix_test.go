package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestMixedTableListRefusedWithTwoRuns: a -table list of a run without a
// table file that mixes tables the band serves with tables it does not is
// refused (exit 2) under -sweep auto, never dropped whole to the full
// sweep; the two commands the refusal prints run as printed, each table
// its own way; -sweep full still takes the list whole.
func TestMixedTableListRefusedWithTwoRuns(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-table", "gneg1,wythoff", "-write", "values", "-values", "0-20", "-n", "300", "-quiet", "-out", dir}
	stdout, stderr, code := runCompute(t, args...)
	if code != 2 || stdout != "" {
		t.Fatalf("mixed list: exit %d, %s%s; want a refusal", code, stdout, stderr)
	}
	for _, want := range []string{"the band sweep serves gneg1, not wythoff", "two rays", "-sweep full to sweep them all"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("refusal does not say %q: %s", want, stderr)
		}
	}
	if strings.Contains(stderr, "invalid") {
		t.Errorf("refusal says invalid of the table, not of the run: %s", stderr)
	}
	m := regexp.MustCompile(`run them apart: (.*?), then (.*?); or`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no two commands in %s", stderr)
	}
	for i, want := range []string{"band of values 0-20", "values 0-20: "} {
		words := strings.Fields(m[i+1])
		if words[0] != shellQuote(self) {
			t.Errorf("command %q does not start with the program as invoked, %q", m[i+1], self)
		}
		stdout, stderr, code := runCompute(t, words[1:]...)
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("%s: exit %d, %s%s; want a summary with %q", m[i+1], code, stdout, stderr, want)
		}
	}
	if _, stderr, code := runCompute(t, append(args, "-sweep", "full", "-out", t.TempDir())...); code != 0 {
		t.Errorf("-sweep full: exit %d, %s", code, stderr)
	}
}

// TestFullSweepNoteSaysNoInvalid: a run that -sweep auto takes to the full
// sweep goes on (exit 0), and its note says why without calling anything
// invalid.
func TestFullSweepNoteSaysNoInvalid(t *testing.T) {
	_, stderr, code := runCompute(t, "-table", "wythoff", "-n", "100", "-write", "none", "-quiet", "-out", t.TempDir())
	if code != 0 || !strings.Contains(stderr, "the band sweep cannot compute wythoff") || strings.Contains(stderr, "invalid") {
		t.Errorf("exit %d, %s", code, stderr)
	}
}

func TestCommandWithTables(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		extra []string
		want  string
	}{
		{[]string{"-table", "gneg1,vdn", "-n", "5"}, nil, "bin/compute -table gneg1 -n 5"},
		{[]string{"-n", "5", "--table=gneg1,vdn", "-out", "a b"}, []string{"-sweep", "full"}, "bin/compute -table gneg1 -n 5 -out 'a b' -sweep full"},
		{[]string{"-n", "5"}, nil, "bin/compute -table gneg1 -n 5"},
	} {
		if got := commandWithTables("bin/compute", tc.args, []string{"gneg1"}, tc.extra...); got != tc.want {
			t.Errorf("commandWithTables(%q, %q) = %q, want %q", tc.args, tc.extra, got, tc.want)
		}
	}
}
