package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestSignalBandRunAndResume sends SIGINT and SIGTERM to the real binary at
// random moments of band runs that write a values dataset, with and
// without -checkpoint and -rows, resuming each time until a run finishes:
// every interrupted run must exit 1 saying the command that resumes, and
// the dataset must be the one an uninterrupted run writes. (Ctrl-C used
// to lose the whole run: "no state file was saved yet".)
func TestSignalBandRunAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and signals it")
	}
	bin := buildCompute(t)
	const id, n = "gneg1", 1000000 // 16 blocks of 2¹⁶ rows: a signal saves at most one block more
	for _, tc := range []struct {
		name  string
		extra []string
	}{
		{"checkpoint 1h", []string{"-checkpoint", "1h"}},
		{"checkpoint 0", []string{"-checkpoint", "0"}},
		{"rows, checkpoint 1h", []string{"-checkpoint", "1h", "-rows", "150000-1000000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-table", id, "-n", fmt.Sprint(n), "-write", "values", "-values", "0-60", "-quiet"}, tc.extra...)
			whole := t.TempDir()
			full := uninterruptedRun(t, bin, append(args, "-out", whole)...)
			want := datasetSum(t, filepath.Join(whole, valuesds.DirName(id, n)))
			dir := t.TempDir()
			// The signals come at random moments of a run as long as the
			// uninterrupted one, later with every attempt, whatever the
			// machine's speed (fixed delays let a fast machine finish first).
			// Each attempt keeps at most (20 + 4·attempt)% of the run plus a
			// block, so at least three signals land before a run finishes.
			signals := len(signalUntilDone(t, bin, append(args, "-out", dir, "-resume"), full, int64(len(tc.name)), 15, 4))
			if signals < 3 {
				t.Errorf("only %d signals landed before the run was done; the test needs a larger n", signals)
			}
			got := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, n)))
			if got.CellsSHA256 != want.CellsSHA256 || got.Cells != want.Cells {
				t.Fatalf("after %d signals: %d cells, %s; uninterrupted: %d, %s", signals, got.Cells, got.CellsSHA256, want.Cells, want.CellsSHA256)
			}
			t.Logf("%d signals", signals)
		})
	}
}
