package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/results"
)

// TestFIFONamedLikeATableIsRefused: a FIFO under a table's name in -in is
// an error naming it, at once. (Opening it used to wait for a writer that
// never came, deaf to SIGINT and SIGTERM.)
func TestFIFONamedLikeATableIsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, results.FileName("gneg1", 30))
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	done := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		done <- exitCode(run(context.Background(), []string{"-in", dir, "-claims", "goishi.thm4.1"}, &bytes.Buffer{}, &stderr), &stderr)
	}()
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(stderr.String(), fifo) || !strings.Contains(stderr.String(), "FIFO") {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		// Let the blocked open go, so the test binary can end.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		t.Fatal("verify hangs on a FIFO named like a table")
	}
}

// TestExactN: -n reads the files of that n, not the largest in the
// folder, and a table without a file of that n is missing.
func TestExactN(t *testing.T) {
	dir := t.TempDir()
	writeTable(t, dir, "gneg1", 10)
	writeTable(t, dir, "gneg1", 24)
	writeTable(t, dir, "gstarneg1", 24)
	stdout, stderr, code := runVerify(t, "-in", dir, "-n", "10", "-claims", "goishi.thm4.1,goishi.thm5.1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, w := range []string{"tables: gneg1 n=10 (gneg1_n10.arrow)\n", "missing tables: gstarneg1", "goishi.thm4.1  holds    121 cells\n"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("stdout does not contain %q:\n%s", w, stdout)
		}
	}
	if _, stderr, code := runVerify(t, "-in", dir, "-n", "-2"); code != 2 || !strings.Contains(stderr, "-n -2") {
		t.Errorf("-n -2: exit %d, %s", code, stderr)
	}
}
