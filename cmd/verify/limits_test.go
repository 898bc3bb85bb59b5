package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/conjecture/provenance"
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

// TestReportsNameTheirInputs: the patterns JSON and Markdown name the table
// file with its g_sha256, the version and the command; a -claims-from
// report names the patterns file with the SHA-256 of its bytes too. (None
// of them did.)
func TestReportsNameTheirInputs(t *testing.T) {
	dir := t.TempDir()
	table := writeTable(t, dir, "gneg1", 100)
	info, err := pattern.ReadInputInfo(table)
	if err != nil {
		t.Fatal(err)
	}
	jsonPath, mdPath := filepath.Join(dir, "p.json"), filepath.Join(dir, "p.md")
	if _, stderr, code := runVerify(t, "-patterns", "-in", table, "-values", "0-3", "-json", jsonPath, "-markdown", mdPath); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(jsonPath)
	var file pattern.File
	if err := json.Unmarshal(data, &file); err != nil || file.Provenance == nil {
		t.Fatalf("patterns JSON: %v, provenance %v", err, file.Provenance)
	}
	want := provenance.Input{Path: table, Checksum: provenance.GSHA256, SHA256: info.SHA256}
	if p := file.Provenance; p.Version != cli.Version() || len(p.Inputs) != 1 || p.Inputs[0] != want || p.Command[0] != "verify" || p.Command[2] != "-in" {
		t.Errorf("provenance %+v, want the input %+v", p, want)
	}
	md, _ := os.ReadFile(mdPath)
	if !strings.Contains(string(md), "## Provenance") || !strings.Contains(string(md), "- input: "+table+" (g_sha256 "+info.SHA256+")") {
		t.Errorf("Markdown lacks the provenance:\n%s", md)
	}
	sum := sha256.Sum256(data)
	stdout, stderr, code := runVerify(t, "-claims-from", jsonPath, "-in", table)
	for _, w := range []string{"input: " + jsonPath + " (file_sha256 " + hex.EncodeToString(sum[:]) + ")", "input: " + table + " (g_sha256 " + info.SHA256 + ")"} {
		if code != 0 || !strings.Contains(stdout, w) {
			t.Errorf("exit %d, -claims-from report lacks %q:\n%s%s", code, w, stdout, stderr)
		}
	}
}

// TestProgressLines: a claims run whose stderr is not a terminal says it
// is alive every progressInterval.
func TestProgressLines(t *testing.T) {
	defer func(d time.Duration) { progressInterval = d }(progressInterval)
	progressInterval = 5 * time.Millisecond
	_, stderr, code := runVerify(t, "-in", t.TempDir(), "-claims", "pass.cor4families")
	if code != 0 || !strings.Contains(stderr, "verify: still checking 1 claims after ") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestIndexSizeCapped: an index above maxIndexBytes is refused before it
// is allocated; one below passes.
func TestIndexSizeCapped(t *testing.T) {
	table := writeTable(t, t.TempDir(), "gneg1", 100)
	if err := checkIndexSize(table, 0, 40); err != nil {
		t.Errorf("values 0…40 of n = 100: %v", err)
	}
	if err := checkIndexSize(table, 5_000_000, 6_000_000); err != nil {
		t.Errorf("values 5·10⁶…6·10⁶ of n = 100 (400 MB): %v", err)
	}
	// 4 · 101 · 6·10⁶ bytes: 2.3 GiB; 5315553 values of 404 bytes fit in 2 GiB (2³¹ / 404).
	err := checkIndexSize(table, 0, 6_000_000)
	if err == nil || !strings.Contains(err.Error(), "above the limit of 2048 MiB") || !strings.Contains(err.Error(), table) ||
		!strings.Contains(err.Error(), "-values 0-5315552, then -values 5315553-6000000") {
		t.Errorf("values 0…6·10⁶ of n = 100: %v", err)
	}
}
