package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results"
)

// TestSecondRunOfATableRefusesAtOnce starts two real processes on one table
// and -out: the second refuses at once, naming the first, while a run of
// another table goes side by side; the first finishes with the table an
// uninterrupted run writes. (Without the lock the second run wrote into the
// file the first renamed, and both failed or one committed a broken file.)
func TestSecondRunOfATableRefusesAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it three times")
	}
	bin := buildCompute(t)
	const id, n = "gneg1", 2000
	want := uninterruptedSHA(t, id, n, "-tile", "64")
	dir := t.TempDir()
	path := filepath.Join(dir, results.FileName(id, n))
	args := []string{"-n", fmt.Sprint(n), "-out", dir, "-tile", "64", "-checkpoint", "0", "-quiet"}
	first, firstErr := startCompute(t, bin, append([]string{"-table", id}, args...)...)
	// Wait until the first run holds the lock and has said who it is.
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		if data, _ := os.ReadFile(lockName(dir, id, n)); bytes.Contains(data, []byte("pid")) {
			break
		}
		if time.Since(start) > 20*time.Second {
			t.Fatal("the first run never took its lock")
		}
	}

	start := time.Now()
	second, err := exec.Command(bin, append([]string{"-table", "nim," + id, "-resume"}, args...)...).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("second run of the same table: %v\n%s", err, second)
	}
	for _, w := range []string{"another run is writing this table", fmt.Sprintf("pid %d", first.Process.Pid), "started", "command: compute -table " + id} {
		if !strings.Contains(string(second), w) {
			t.Errorf("the second run's message does not say %q:\n%s", w, second)
		}
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("the second run took %v to refuse", elapsed)
	}
	if fileExists(filepath.Join(dir, results.FileName("nim", n))) {
		t.Error("the refused run computed its other table")
	}

	other, err := exec.Command(bin, append([]string{"-table", "passnim"}, args...)...).CombinedOutput()
	if err != nil {
		t.Errorf("a run of another table beside it: %v\n%s", err, other)
	}
	if err := first.Wait(); err != nil {
		t.Fatalf("the first run: %v\n%s", err, firstErr.String())
	}
	info, err := results.ReadInfo(path)
	if err != nil || info.SHA256 != want {
		t.Fatalf("the first run's file: %v, g_sha256 %s, want %s", err, info.SHA256, want)
	}
	if fileExists(lockName(dir, id, n)) {
		t.Error("the lock file is left behind")
	}
}

// TestLockIsExclusiveAndReleased: a lock held is refused to a second taker
// with the holder's description, and taken again once released.
func TestLockIsExclusiveAndReleased(t *testing.T) {
	dir := t.TempDir()
	path := lockName(dir, "gneg1", 10)
	held, err := lockTable(path, "pid 1, the first")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockTable(path, "pid 2"); !errors.Is(err, errLocked) || !strings.Contains(err.Error(), "pid 1, the first") {
		t.Fatalf("second lock: %v", err)
	}
	if _, err := lockTable(lockName(dir, "gneg1", 11), "pid 2"); err != nil {
		t.Fatalf("the lock of another table: %v", err)
	}
	held.release()
	again, err := lockTable(path, "pid 3")
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	again.release()
}

// TestOneLockPerTableAndN: while a run holds table gneg1 at n = 50, every
// other run of it refuses, whatever its format, sweep or -write (they all
// write beside the same names); another n runs.
func TestOneLockPerTableAndN(t *testing.T) {
	dir := t.TempDir()
	held, err := lockTable(lockName(dir, "gneg1", 50), "pid 1, the first")
	if err != nil {
		t.Fatal(err)
	}
	defer held.release()
	for _, args := range [][]string{
		{"-write", "table"}, {"-write", "table", "-format", "parquet"}, {"-write", "values"},
		{"-write", "none"}, {"-write", "values", "-sweep", "full"}, {"-write", "none", "-sweep", "full"},
	} {
		_, stderr, code := runCompute(t, append([]string{"-table", "gneg1", "-n", "50", "-out", dir, "-quiet"}, args...)...)
		if code != 1 || !strings.Contains(stderr, "pid 1, the first") {
			t.Errorf("%v beside a held lock: exit %d, %q", args, code, stderr)
		}
	}
	if _, stderr, code := runCompute(t, "-table", "gneg1", "-n", "51", "-out", dir, "-quiet", "-write", "none"); code != 0 {
		t.Errorf("another n: exit %d, %q", code, stderr)
	}
}
