package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// valuesRow is one cell of a values dataset.
type valuesRow struct{ v, x, y int32 }

// readDataset checks the values dataset dir in full and returns its cells
// in (x, y) order and its manifest.
func readDataset(t *testing.T, dir string) ([]valuesRow, valuesds.Manifest) {
	t.Helper()
	m := datasetSum(t, dir)
	d, err := valuesds.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var rows []valuesRow
	err = d.Scan(context.Background(), func(x0 int64, start []int32, ys []int64, vs []int32) error {
		for i := range len(start) - 1 {
			for k := start[i]; k < start[i+1]; k++ {
				rows = append(rows, valuesRow{vs[k], int32(x0) + int32(i), int32(ys[k])})
			}
		}
		return nil
	}, valuesds.ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rows, m
}

// TestValuesFileEqualsTableFile runs compute -write table,values at
// n = 3000 and requires the values dataset to hold exactly the positions
// of the values 0..40 read from the table file of the same run, cell for
// cell and in order, under the same g_sha256 and largest value.
func TestValuesFileEqualsTableFile(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 700
	}
	dir := t.TempDir()
	if _, stderr, code := runCompute(t, "-table", "gneg1", "-n", fmt.Sprint(n), "-out", dir, "-write", "table,values",
		"-values", "0-40", "-quiet"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var want []valuesRow
	tinfo, err := results.Scan(filepath.Join(dir, results.FileName("gneg1", n)), func(b engine.Band) error {
		for i, g := range b.Cells {
			if g >= 0 && g <= 40 {
				want = append(want, valuesRow{g, int32(b.X0 + i/b.Width), int32(i % b.Width)})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	got, m := readDataset(t, filepath.Join(dir, valuesds.DirName("gneg1", int64(n))))
	if len(got) != len(want) {
		t.Fatalf("values file: %d rows; table file: %d cells of values 0..40", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("values row %d is %+v, table cell %+v", i, got[i], want[i])
		}
	}
	if m.GSHA256 != tinfo.SHA256 || m.MaxValue == nil || *m.MaxValue != tinfo.MaxValue || m.Sweep != valuesds.SweepFull {
		t.Errorf("values dataset: g_sha256 %s max %v sweep %s; table file: %s max %d", m.GSHA256, m.MaxValue, m.Sweep, tinfo.SHA256, tinfo.MaxValue)
	}
}

// TestWriteNonePrintsTheChecksum: a run that writes nothing still prints
// the table's checksum, the same as the table file's, and leaves nothing.
func TestWriteNonePrintsTheChecksum(t *testing.T) {
	const n = 400
	want := uninterruptedSHA(t, "passnim", n)
	dir := t.TempDir()
	stdout, stderr, code := runCompute(t, "-table", "passnim", "-n", fmt.Sprint(n), "-out", dir, "-write", "none", "-sweep", "full")
	if code != 0 || !strings.Contains(stdout, "sha256 "+want[:16]) {
		t.Fatalf("exit %d, stdout %q (want sha256 %.16s), stderr %s", code, stdout, want, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("-write none left %v", entries)
	}
}

// TestClaimsOnTheStream checks claims as the bands stream: on the true
// table they hold, with every cell checked; on a table with a planted
// defect (G(0,0) = 0 instead of −1 under the id gneg1, which makes it plain
// nim) they fail, and compute exits 3 as verify does.
func TestClaimsOnTheStream(t *testing.T) {
	const n = 300
	dir := t.TempDir()
	stdout, stderr, code := runCompute(t, "-table", "gneg1", "-n", fmt.Sprint(n), "-out", dir, "-write", "none", "-claims", "goishi.thm4.1,goishi.thm4.2")
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("goishi.thm4.1  holds  %d cells", (n+1)*(n+1))) {
		t.Fatalf("true table: exit %d\n%s%s", code, stdout, stderr)
	}
	opts, err := parseFlags([]string{"-table", "gneg1", "-n", fmt.Sprint(n), "-out", dir, "-write", "values", "-claims", "goishi.thm4.1,goishi.thm4.2"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	planted, _ := tables.Lookup("gneg1")
	planted.Rules.Base = []engine.Cell{{X: 0, Y: 0, Value: 0}}
	var out bytes.Buffer
	err = computeTable(context.Background(), planted, opts, &out, &bytes.Buffer{})
	if !errors.Is(err, errClaimsFail) || exitCode(err, &bytes.Buffer{}) != 3 || !strings.Contains(out.String(), "FAILS") {
		t.Fatalf("planted defect: %v (exit %d)\n%s", err, exitCode(err, &bytes.Buffer{}), out.String())
	}
}

// TestStreamUsageErrors: the new flags name themselves when misused.
func TestStreamUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-write", "tables"}, `unknown item "tables"`},
		{[]string{"-write", "none,values"}, "none goes alone"},
		{[]string{"-values", "40-3"}, "-values"},
		{[]string{"-values", "-1-3"}, "-values"},
		{[]string{"-sets", "bitmap"}, "-sets"},
		{[]string{"-claims", "nosuch.*"}, "-claims"},
		{[]string{"-table", "gneg1", "-claims", "pass.lem4a"}, "no claim about the tables"},
		{[]string{"-claims", "pass.thm1.4"}, "no claim about a table"},
		{[]string{"-write", "values", "-resume", "-claims", "goishi.thm4.1"}, "-claims with -resume needs -write to include table"},
	}
	for _, tt := range tests {
		_, stderr, code := runCompute(t, append(tt.args, "-n", "10", "-out", t.TempDir())...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestKillAndResumeWithoutTable kills the real binary with SIGKILL at
// random moments of a full sweep that writes a values dataset (and, in a
// second round, nothing), resuming each time from the state files, until a
// run finishes: the checksum and the dataset (its cells and every part's
// bytes) must be those of an uninterrupted run.
func TestKillAndResumeWithoutTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildCompute(t)
	const id, n = "gstarneg1", 4000
	whole := t.TempDir()
	// Parts of 1024 rows (values 0-4000): four checkpoints to resume from.
	// The kills come at times scaled by this run's, so that a loaded machine
	// (a CI runner's other tests) still lets a run finish.
	full := uninterruptedRun(t, bin, "-table", id, "-n", fmt.Sprint(n), "-out", whole, "-tile", "64", "-write", "values", "-values", "0-4000",
		"-sweep", "full", "-quiet")
	wantRows, want := readDataset(t, filepath.Join(whole, valuesds.DirName(id, n)))
	for _, write := range []string{"values", "none"} {
		dir := t.TempDir()
		args := []string{"-table", id, "-n", fmt.Sprint(n), "-out", dir, "-tile", "64", "-checkpoint", "0", "-quiet", "-resume", "-sweep", "full",
			"-write", write}
		if write == "values" {
			args = append(args, "-values", "0-4000")
		}
		kills, stdout := killUntilDone(t, bin, args, 11, int(max(full.Milliseconds()/40, 10)), func() {})
		t.Logf("-write %s: %d kills (the uninterrupted run took %v)", write, kills, full)
		if kills < 3 {
			t.Errorf("-write %s: only %d kills landed before the run was done; the test needs a larger n", write, kills)
		}
		if !strings.Contains(stdout, "sha256 "+want.GSHA256[:16]) {
			t.Fatalf("-write %s: after %d kills the run printed %q; an uninterrupted run has g_sha256 %s", write, kills, stdout, want.GSHA256)
		}
		if write == "values" {
			rows, got := readDataset(t, filepath.Join(dir, valuesds.DirName(id, n)))
			if got.GSHA256 != want.GSHA256 || *got.MaxValue != *want.MaxValue || got.CellsSHA256 != want.CellsSHA256 ||
				!slices.Equal(got.Parts, want.Parts) || len(rows) != len(wantRows) {
				t.Fatalf("after %d kills: %d rows, %+v; uninterrupted: %d rows, %+v", kills, len(rows), got, len(wantRows), want)
			}
			for i := range rows {
				if rows[i] != wantRows[i] {
					t.Fatalf("after %d kills: row %d is %+v, want %+v", kills, i, rows[i], wantRows[i])
				}
			}
		}
		entries, _ := os.ReadDir(dir)
		if want := map[string]int{"values": 1, "none": 0}[write]; len(entries) != want {
			t.Errorf("-write %s left %v", write, entries)
		}
	}
}
