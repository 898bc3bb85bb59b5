package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/patternfiles"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestSignalPatternRunAndResume sends SIGINT and SIGTERM to the real binary
// at random moments of -patterns runs, with -write none and -write values,
// resuming each time until a run finishes: every interrupted run must exit
// 1 saying the command that resumes, whether it was proving, sweeping or
// searching, and the finished run must write the pattern files (JSON,
// Markdown and proof certificate) of an uninterrupted run byte for byte,
// its -out directory aside, and the same values dataset, leaving no state
// file or spill directory. (-patterns used to refuse -resume and lose the
// run.)
func TestSignalPatternRunAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and signals it")
	}
	bin := buildCompute(t)
	const id = "gneg1"
	// Writing the values dataset takes most of a run: a smaller n keeps
	// the two runs about as long, 31 and 16 blocks of 2¹⁶ rows.
	for _, tc := range []struct {
		write string
		n     int64
	}{{"none", 2000000}, {"values", 1000000}} {
		write, n := tc.write, tc.n
		t.Run(write, func(t *testing.T) {
			args := []string{"-table", id, "-n", fmt.Sprint(n), "-write", write, "-values", "0-60",
				"-patterns", "-prove-bound", "20000", "-checkpoint", "1h", "-quiet"}
			whole := t.TempDir()
			full := uninterruptedRun(t, bin, append(args, "-out", whole)...)
			// As in TestSignalBandRunAndResume: random moments of a run
			// as long as the uninterrupted one, later with every attempt.
			dir := t.TempDir()
			var landed []string
			for _, stderr := range signalUntilDone(t, bin, append(args, "-out", dir, "-resume"), full, int64(len(write)), 25, 5) {
				landed = append(landed, phase(stderr))
			}
			t.Logf("%d signals: %v", len(landed), landed)
			if len(landed) < 3 {
				t.Errorf("only %d signals landed before the run was done; the test needs a larger n", len(landed))
			}
			sameOutputs(t, dir, whole, id, n, write == "values")
		})
	}
}

// TestKillPatternRunAndResume kills -patterns runs with -write values by
// SIGKILL at random moments (states saved at every block), resuming each
// time until a run finishes: every resume must go on, and the finished run
// must write the pattern files and dataset of an uninterrupted run, leaving
// no state file or journal.
func TestKillPatternRunAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildCompute(t)
	const id, n = "gneg1", 1000000
	args := []string{"-table", id, "-n", fmt.Sprint(n), "-write", "values", "-values", "0-60",
		"-patterns", "-prove-bound", "20000", "-checkpoint", "0", "-quiet"}
	whole, dir := t.TempDir(), t.TempDir()
	full := uninterruptedRun(t, bin, append(args, "-out", whole)...)
	kills, _ := killUntilDone(t, bin, append(args, "-out", dir, "-resume"), 3, int(full.Milliseconds()/25), func() {})
	t.Logf("%d kills", kills)
	if kills < 3 {
		t.Errorf("only %d kills landed before the run was done; the test needs a larger n", kills)
	}
	sameOutputs(t, dir, whole, id, n, true)
}

// sameOutputs compares the -out directory dir of a resumed -patterns run of
// table id at n with whole, an uninterrupted run's: the same pattern files
// and certificate byte for byte, the same values dataset if values, and no
// hidden file (state, journal, lock) left in dir.
func sameOutputs(t *testing.T, dir, whole, id string, n int64, values bool) {
	t.Helper()
	jsonName, mdName := patternfiles.Names(id, n)
	for _, name := range []string{jsonName, mdName, fmt.Sprintf("%s_n%d.proof.json", id, n)} {
		if !bytes.Equal(readOut(t, dir, name), readOut(t, whole, name)) {
			t.Errorf("%s differs from the uninterrupted run's", name)
		}
	}
	if values {
		got, want := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, n))), datasetSum(t, filepath.Join(whole, valuesds.DirName(id, n)))
		if got.CellsSHA256 != want.CellsSHA256 || got.Cells != want.Cells {
			t.Errorf("%d cells, %s; uninterrupted: %d, %s", got.Cells, got.CellsSHA256, want.Cells, want.CellsSHA256)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// readOut reads the file name of the -out directory dir, the directory's
// path, which the files name, replaced by "OUT".
func readOut(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.ReplaceAll(b, []byte(dir), []byte("OUT"))
}

// phase names where an interrupted run stopped, from its message.
func phase(stderr string) string {
	switch {
	case strings.Contains(stderr, "while proving"):
		return "proving"
	case strings.Contains(stderr, "while searching"):
		return "searching"
	}
	return "sweeping"
}
