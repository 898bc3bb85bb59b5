package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// valuesRow is one row of a values file.
type valuesRow struct{ v, x, y int32 }

// readValuesFile returns the rows and metadata of the values file at path.
func readValuesFile(t *testing.T, path string) ([]valuesRow, results.Info) {
	t.Helper()
	var rows []valuesRow
	info, _, err := results.ScanValues(path, func(v, x, y []int32) error {
		for i := range v {
			rows = append(rows, valuesRow{v[i], x[i], y[i]})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return rows, info
}

// TestValuesFileEqualsTableFile runs compute -write table,values at
// n = 3000 and requires the values file to hold exactly the positions of
// the values 0..40 read from the table file of the same run, cell for cell
// and in order, under the same g_sha256.
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
	got, vinfo := readValuesFile(t, filepath.Join(dir, results.ValuesFileName("gneg1", n)))
	if len(got) != len(want) {
		t.Fatalf("values file: %d rows; table file: %d cells of values 0..40", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("values row %d is %+v, table cell %+v", i, got[i], want[i])
		}
	}
	if vinfo.SHA256 != tinfo.SHA256 || vinfo.MaxValue != tinfo.MaxValue {
		t.Errorf("values file: g_sha256 %s max %d; table file: %s max %d", vinfo.SHA256, vinfo.MaxValue, tinfo.SHA256, tinfo.MaxValue)
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
// random moments while it writes a values file (and, in a second round,
// nothing), resuming each time from the state files, until a run
// finishes: the checksum and the values file must be those of an
// uninterrupted run.
func TestKillAndResumeWithoutTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := filepath.Join(t.TempDir(), "compute")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const id, n = "gstarneg1", 4000
	whole := t.TempDir()
	if _, stderr, code := runCompute(t, "-table", id, "-n", fmt.Sprint(n), "-out", whole, "-tile", "64", "-write", "values", "-sweep", "full", "-quiet"); code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, stderr)
	}
	wantRows, wantInfo := readValuesFile(t, filepath.Join(whole, results.ValuesFileName(id, n)))
	for _, write := range []string{"values", "none"} {
		dir := t.TempDir()
		args := []string{"-table", id, "-n", fmt.Sprint(n), "-out", dir, "-tile", "64", "-checkpoint", "0", "-quiet", "-resume", "-sweep", "full", "-write", write}
		rng := rand.New(rand.NewSource(11))
		kills := 0
		var stdout bytes.Buffer
		for attempt := 0; ; attempt++ {
			if attempt == 40 {
				t.Fatalf("-write %s: no run finished in %d attempts", write, attempt)
			}
			stdout.Reset()
			cmd := exec.Command(bin, args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("-write %s: run %d failed: %v\n%s", write, attempt, err, stderr.String())
				}
			case <-time.After(time.Duration(40+rng.Intn(160)+100*attempt) * time.Millisecond):
				cmd.Process.Kill()
				<-done
				kills++
				continue
			}
			break
		}
		t.Logf("-write %s: %d kills", write, kills)
		if kills < 3 {
			t.Errorf("-write %s: only %d kills landed before the run was done; the test needs a larger n", write, kills)
		}
		if !strings.Contains(stdout.String(), "sha256 "+wantInfo.SHA256[:16]) {
			t.Fatalf("-write %s: after %d kills the run printed %q; an uninterrupted run has g_sha256 %s", write, kills, stdout.String(), wantInfo.SHA256)
		}
		if write == "values" {
			rows, info := readValuesFile(t, filepath.Join(dir, results.ValuesFileName(id, n)))
			info.Seconds, wantInfo.Seconds = 0, 0
			if info != wantInfo || len(rows) != len(wantRows) {
				t.Fatalf("after %d kills: %d rows, %+v; uninterrupted: %d rows, %+v", kills, len(rows), info, len(wantRows), wantInfo)
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

// TestNextSegment: segments aim at -checkpoint, stretch so that saving the
// state takes at most saveTimeShare of the run, and change at most fourfold.
func TestNextSegment(t *testing.T) {
	const s = time.Second
	tests := []struct {
		name                     string
		bands                    int
		swept, saved, checkpoint time.Duration
		want                     int
	}{
		{"on target", 10, 60 * s, s / 10, 60 * s, 10},
		{"too short doubles", 10, 30 * s, s / 10, 60 * s, 20},
		{"too long halves", 10, 120 * s, s / 10, 60 * s, 5},
		{"at most fourfold up", 10, s, s / 10, 60 * s, 40},
		{"never below one band", 1, 600 * s, s / 10, 60 * s, 1},
		{"slow save stretches", 10, 60 * s, 6 * s, 60 * s, 20},
		{"slow save, fourfold at most", 10, 60 * s, 60 * s, 60 * s, 40},
		{"nothing measured", 7, 0, s, 60 * s, 7},
	}
	for _, tt := range tests {
		if got := nextSegment(tt.bands, tt.swept, tt.saved, tt.checkpoint); got != tt.want {
			t.Errorf("%s: nextSegment(%d, %v, %v, %v) = %d, want %d", tt.name, tt.bands, tt.swept, tt.saved, tt.checkpoint, got, tt.want)
		}
	}
}
