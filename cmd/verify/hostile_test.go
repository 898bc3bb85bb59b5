package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results/valuesds/hostile"
)

// TestHostileCorpus runs verify -in on every dataset of the hostile
// corpus: the honest ones hold (values 0-20, and 3-20, whose values below
// 3 the check computes on the way), the one of values 3-20 with a wrong
// cell fails (exit 3) naming a cell, and every damaged one is exit 1
// with its reason, never a verdict on the table; a sparse part of 10 GB
// or 1 TB is refused within a second.
func TestHostileCorpus(t *testing.T) {
	out := t.TempDir()
	cases, err := hostile.Write(context.Background(), out, !testing.Short())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"holds": 0, "refused": 1, "fails": 3}
	for _, c := range cases {
		start := time.Now()
		stdout, stderr, code := runVerify(t, "-in", filepath.Join(out, c.Dataset))
		elapsed := time.Since(start)
		if code != want[c.Verdict] || !strings.Contains(stdout+stderr, c.Reason) {
			t.Errorf("%s (%s): exit %d, want %d saying %q; stdout %q, stderr %q", c.Name, c.Damage, code, want[c.Verdict], c.Reason, stdout, stderr)
		}
		if c.Sparse > 0 && elapsed > time.Second {
			t.Errorf("%s: refused after %v", c.Name, elapsed)
		}
	}
}
