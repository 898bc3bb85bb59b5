package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results"
)

// TestKillAndResume runs the real binary and kills it with SIGKILL at
// random moments, over and over, resuming each time, until a run finishes:
// the file must be the one an uninterrupted run writes. It reports how many
// kills landed after a batch was written but before its checkpoint, or in
// the middle of a write (the partial file longer than its checkpoint says).
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildCompute(t)
	const id, n = "passnim", 5000
	want := uninterruptedSHA(t, id, n, "-tile", "64")
	dir := t.TempDir()
	path := filepath.Join(dir, results.FileName(id, n))
	args := []string{"-table", id, "-n", fmt.Sprint(n), "-out", dir, "-tile", "64", "-checkpoint", "0", "-quiet", "-resume"}
	pastCheckpoint := 0
	kills, _ := killUntilDone(t, bin, args, 7, 40, func() {
		if partialBeyondCheckpoint(t, path) {
			pastCheckpoint++
		}
	})
	t.Logf("%d kills, %d of them with bytes written past the last checkpoint", kills, pastCheckpoint)
	if kills < 3 {
		t.Errorf("only %d kills landed before the table was done; the test needs a larger n", kills)
	}
	info, err := results.ReadInfo(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.SHA256 != want {
		t.Fatalf("after %d kills the file has g_sha256 %s, an uninterrupted run %s", kills, info.SHA256, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

// killUntilDone starts the binary bin with args again and again, killing
// it with SIGKILL after a random time (seeded by seed, growing with each
// attempt, so that on a slow machine a run still gets to finish) and
// calling afterKill, until a run exits by itself; a failed run ends the
// test. It returns the kills and what the run that finished printed.
func killUntilDone(t *testing.T, bin string, args []string, seed int64, base int, afterKill func()) (int, string) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	return interruptUntilDone(t, bin, args, func(attempt int) time.Duration {
		return time.Duration(base+rng.Intn(4*base)+3*base*attempt) * time.Millisecond
	}, func(_ int, cmd *exec.Cmd, done <-chan error, _ *bytes.Buffer) bool {
		cmd.Process.Kill()
		<-done
		afterKill()
		return true
	})
}

// partialBeyondCheckpoint reports whether the partial file of path holds
// bytes after the offset its checkpoint records.
func partialBeyondCheckpoint(t *testing.T, path string) bool {
	partial := results.PartialName(path)
	data, err := os.ReadFile(partial + ".checkpoint")
	if err != nil {
		return false
	}
	var c struct {
		Offset int64 `json:"offset"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("checkpoint: %v", err)
	}
	st, err := os.Stat(partial)
	return err == nil && st.Size() > c.Offset
}

// startCompute starts the binary bin with args, collecting its stdout (in
// cmd.Stdout, a *bytes.Buffer) and its stderr.
func startCompute(t *testing.T, bin string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// buildCompute builds the command into a temporary directory and returns
// the binary's path.
func buildCompute(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "compute")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
