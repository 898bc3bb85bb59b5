package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestSubtractionLimitSweeps: a game file with a limit is computed by the
// full sweep only. -sweep band and -prove refuse it (exit 2) naming the
// limit and -sweep full, and so does -patterns; under -sweep auto the run says the band
// cannot serve it and sweeps in full; the dataset of games/subtraction-3.toml
// holds G(x, y) = (x mod 4) XOR (y mod 4) and records the limit.
func TestSubtractionLimitSweeps(t *testing.T) {
	const game = "../../games/subtraction-3.toml"
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-sweep", "band", "-write", "none", "-n", "100"}, []string{"limit = 3", "-sweep full"}},
		{[]string{"-sweep", "band", "-write", "values", "-values", "0-3", "-n", "100"}, []string{"limit = 3", "-sweep full"}},
		{[]string{"-prove", "-values", "0-3"}, []string{"limit = 3", "-sweep full"}},
		{[]string{"-patterns", "-write", "none", "-n", "100"}, []string{"-patterns", "rook tables"}},
	} {
		args := append(tc.args, "-table", game, "-out", dir, "-quiet")
		_, stderr, code := runCompute(t, args...)
		for _, w := range tc.want {
			if code != 2 || !strings.Contains(stderr, w) {
				t.Errorf("%v: exit %d, want 2 and a message naming %q:\n%s", args, code, w, stderr)
			}
		}
	}
	const n = 250
	_, stderr, code := runCompute(t, "-table", game, "-n", "250", "-write", "values", "-values", "0-3", "-out", dir, "-quiet")
	if code != 0 || !strings.Contains(stderr, "the band sweep cannot compute subtraction-3") || !strings.Contains(stderr, "full sweep") {
		t.Fatalf("-sweep auto: exit %d\n%s", code, stderr)
	}
	rows, m := readDataset(t, filepath.Join(dir, valuesds.DirName("subtraction-3", n)))
	if m.Game == nil || m.Game.Limit != 3 || m.Sweep != valuesds.SweepFull || m.MaxValue == nil || *m.MaxValue != 3 {
		t.Fatalf("manifest: game %+v, sweep %s, max value %v", m.Game, m.Sweep, m.MaxValue)
	}
	if len(rows) != (n+1)*(n+1) {
		t.Fatalf("%d cells of values 0-3, want all %d", len(rows), (n+1)*(n+1))
	}
	for _, r := range rows {
		if want := r.x%4 ^ r.y%4; r.v != want {
			t.Fatalf("G(%d, %d) = %d, want %d", r.x, r.y, r.v, want)
		}
	}
}
