package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestClaimsFromRefusedCheaply: a -claims-from input that is not a
// regular file, too large, or names a value no search writes is an error
// naming it, at once, before anything large is read or allocated. (A FIFO
// used to hang, deaf to signals; /dev/zero and a 1 GB file were read whole;
// a 158-byte file with "value": 100000 took 3 GB.)
func TestClaimsFromRefusedCheaply(t *testing.T) {
	dir := t.TempDir()
	table := writeTable(t, dir, "gneg1", 20)
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	huge := filepath.Join(dir, "huge.json")
	if f, err := os.Create(huge); err != nil || f.Truncate(1<<30) != nil || f.Close() != nil {
		t.Fatalf("sparse 1 GB file: %v", err)
	}
	bigValue := filepath.Join(dir, "value.json")
	os.WriteFile(bigValue, []byte(`{"table":"gneg1","n":20,"patterns":[{"value":100000,"period":1,"start":0,"offsets":[0],"exceptions":[],"confirmed_to":0}]}`), 0o644)
	tests := []struct {
		name, file, want string
	}{
		{"FIFO", fifo, "named pipe (FIFO)"},
		{"device", "/dev/zero", "not a regular file"},
		{"1 GB", huge, "above the limit of 64 MiB"},
		{"value 100000", bigValue, "a pattern of value 100000, above the 10000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			var stdout, stderr string
			var code int
			go func() {
				defer close(done)
				stdout, stderr, code = runVerify(t, "-claims-from", tt.file, "-in", table)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close() // let a blocked open go
				}
				t.Fatal("verify -claims-from hangs")
			}
			if code != 1 || !strings.Contains(stderr, tt.file) || !strings.Contains(stderr, tt.want) || stdout != "" {
				t.Errorf("exit %d, stderr %q; want 1 naming %s and saying %q", code, stderr, tt.file, tt.want)
			}
		})
	}
}

// TestInterruptIsReported: SIGINT to the real binary ends it with exit 1
// and "interrupted", not "context canceled".
func TestInterruptIsReported(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "verify")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A solver claim at a large bound runs for minutes.
	cmd := exec.Command(bin, "-in", t.TempDir(), "-claims", "pass.thm1.1", "-bound", "400")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if code != 1 || !strings.Contains(stderr.String(), "verify: interrupted") || strings.Contains(stderr.String(), "context canceled") {
		t.Errorf("exit %d (%v), stderr %q; want 1 and \"interrupted\"", code, err, stderr.String())
	}
}

// TestNoTablesSaidFirst: -in a directory without table files is an error
// said before any claim runs, solver claims included, unless only solver
// claims were selected. (It used to run 15 s of solver claims and report
// the papers' errata as failures, exit 3.)
func TestNoTablesSaidFirst(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a table"), 0o644)
	start := time.Now()
	var out, errOut bytes.Buffer
	code := exitCode(run(context.Background(), []string{"-in", dir}, &out, &errOut), &errOut)
	if code != 1 || out.Len() != 0 || !strings.Contains(errOut.String(), "-in "+dir+" holds no table file of") ||
		!strings.Contains(errOut.String(), "select them with -claims") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("took %v: claims ran before the missing tables were said", elapsed)
	}
}
