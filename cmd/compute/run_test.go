package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runCompute runs the command with args and returns its output and exit code.
func runCompute(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, &out, &errOut)
	code = exitCode(err, &errOut)
	return out.String(), errOut.String(), code
}

func TestUsageErrors(t *testing.T) {
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want []string // substrings of stderr
	}{
		{"unknown table", []string{"-table", "gneg1,wythof"}, []string{`-table`, `"wythof"`, "gstarneg1", "passnim"}},
		{"negative n", []string{"-n", "-3"}, []string{"-n -3"}},
		{"n beyond int32", []string{"-n", "2000000000"}, []string{"-n 2000000000", "the largest a full sweep takes"}},
		{"n beyond memory", []string{"-n", "1000000", "-sets", "dense", "-out", t.TempDir()},
			[]string{"-n 1000000", "GiB of memory", "more memory", "-force", "or keep only the cells of some values with -write values -values LO-HI"}},
		{"n beyond memory, some band", []string{"-table", "gneg1,josephusnim", "-n", "1000000", "-sets", "dense", "-out", t.TempDir()},
			[]string{"more memory", "of some values of gneg1 with -write values", "it does not serve josephusnim"}},
		{"n beyond disk", []string{"-table", "nim,g1,gneg1,gstarneg1,passnim", "-n", "120000", "-compress", "none", "-out", t.TempDir()},
			[]string{"-n 120000", "of disk (none)", "more disk", "-force"}},
		{"unwritable out", []string{"-n", "3", "-out", filepath.Join(notADir, "sub")}, []string{"-out", notADir}},
		{"bad compression", []string{"-compress", "gzip"}, []string{"-compress", "gzip", "zstd"}},
		{"zero workers", []string{"-workers", "0"}, []string{"-workers 0"}},
		{"zero tile", []string{"-tile", "0"}, []string{"-tile 0"}},
		{"stray argument", []string{"gneg1"}, []string{`"gneg1"`}},
		{"unknown flag", []string{"-size", "3"}, []string{"-size"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCompute(t, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr: %s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q does not mention %q", stderr, w)
				}
			}
		})
	}
}

// TestNoBandHintWithoutTheBand: refused for its memory, a table the band
// sweep cannot compute is not sent to -write values.
func TestNoBandHintWithoutTheBand(t *testing.T) {
	_, stderr, code := runCompute(t, "-table", "josephusnim", "-n", "1000000", "-out", t.TempDir())
	if code != 2 || !strings.Contains(stderr, "more memory") || strings.Contains(stderr, "-write values") {
		t.Errorf("exit %d, %q: want 2, more memory, no -write values", code, stderr)
	}
}

// TestComputeAll writes every table and checks each file against the
// reference, and that stdout has one line per table naming its file.
func TestComputeAll(t *testing.T) {
	dir := t.TempDir()
	const n = 45
	stdout, stderr, code := runCompute(t, "-table", "all", "-n", fmt.Sprint(n), "-out", dir, "-workers", "3", "-tile", "8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("stderr is not a terminal, yet got %q", stderr)
	}
	for _, r := range tables.All() {
		path := filepath.Join(dir, results.FileName(r.ID, n))
		if !strings.Contains(stdout, path) {
			t.Errorf("stdout does not name %s:\n%s", path, stdout)
		}
		want := tables.Reference(r.Rules, n)
		_, err := results.Scan(path, func(b engine.Band) error {
			for i, v := range b.Cells {
				if x, y := b.X0+i/b.Width, i%b.Width; v != want[x][y] {
					return fmt.Errorf("%s: G(%d,%d) = %d, reference %d", r.ID, x, y, v, want[x][y])
				}
			}
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(tables.All()) {
		t.Errorf("out holds %d entries, want just the %d tables", len(entries), len(tables.All()))
	}
}

// TestDeterminism checks that workers, tile size and compression never
// change the values: every run gives the same g_sha256.
func TestDeterminism(t *testing.T) {
	const n = 333
	var first string
	for _, args := range [][]string{
		{"-workers", "1", "-tile", "128"},
		{"-workers", "2", "-tile", "5", "-compress", "none"},
		{"-workers", "7", "-tile", "64", "-compress", "lz4"},
	} {
		dir := t.TempDir()
		_, stderr, code := runCompute(t, append([]string{"-table", "passnim", "-n", fmt.Sprint(n), "-out", dir}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		info, err := results.ReadInfo(filepath.Join(dir, results.FileName("passnim", n)))
		if err != nil {
			t.Fatal(err)
		}
		if first == "" {
			first = info.SHA256
		} else if info.SHA256 != first {
			t.Errorf("%v: g_sha256 %s, first run %s", args, info.SHA256, first)
		}
	}
}

// TestInterruptedRunLeavesNoFile cancels a run before it starts: the final
// name never appears, and the message says how to resume.
func TestInterruptedRunLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err := run(ctx, []string{"-table", "gneg1", "-n", "3000", "-out", dir}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), "-resume") {
		t.Fatalf("run returned %v, want an interruption error that names -resume", err)
	}
	if code := exitCode(err, &errOut); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if _, err := os.Stat(filepath.Join(dir, results.FileName("gneg1", 3000))); !os.IsNotExist(err) {
		t.Errorf("the final file exists after an interrupted run: %v", err)
	}
}

// TestResumeAfterCancel interrupts a run once it has saved a checkpoint,
// requires the command that resumes it, resumes it, and requires the same
// file as an uninterrupted run.
func TestResumeAfterCancel(t *testing.T) {
	const n = 2500
	want := uninterruptedSHA(t, "gstarneg1", n, "-tile", "64")
	dir := t.TempDir()
	path := filepath.Join(dir, results.FileName("gstarneg1", n))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for !fileExists(results.PartialName(path) + ".checkpoint") {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	args := []string{"-table", "gstarneg1", "-n", fmt.Sprint(n), "-out", dir, "-tile", "64", "-checkpoint", "0"}
	var out, errOut bytes.Buffer
	err := run(ctx, args, &out, &errOut)
	if err == nil {
		t.Skip("the run finished before it could be interrupted")
	}
	resume, _ := resumeCommand(self, args)
	if !strings.Contains(err.Error(), "rerun with -resume to continue from row") || !strings.Contains(err.Error(), "to go on: "+resume) {
		t.Fatalf("interrupted run: %v; want the rows saved and the command %q", err, resume)
	}
	stdout, stderr, code := runCompute(t, append(args, "-resume")...)
	if code != 0 || !strings.Contains(stdout, "resumed at row") {
		t.Fatalf("resume: exit %d\n%s%s", code, stdout, stderr)
	}
	info, err := results.ReadInfo(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.SHA256 != want {
		t.Fatalf("resumed file has g_sha256 %s, an uninterrupted run %s", info.SHA256, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("out holds %v after the resumed run, want only the table", entries)
	}
	// A second -resume finds the table complete and leaves it alone.
	if stdout, _, code := runCompute(t, append(args, "-resume")...); code != 0 || !strings.Contains(stdout, "already complete") {
		t.Errorf("-resume of a complete table: exit %d, %s", code, stdout)
	}
}

func TestResumeRefusesOtherFlags(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var sink bytes.Buffer
	run(ctx, []string{"-table", "nim", "-n", "500", "-out", dir, "-tile", "32"}, &sink, &sink)
	_, stderr, code := runCompute(t, "-table", "nim", "-n", "500", "-out", dir, "-tile", "64", "-resume")
	if code != 2 || !strings.Contains(stderr, "-tile 64 differs") {
		t.Errorf("resume with another tile: exit %d, %s", code, stderr)
	}
}

// uninterruptedSHA computes table id once without interruption and returns
// its checksum.
func uninterruptedSHA(t *testing.T, id string, n int, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	if _, stderr, code := runCompute(t, append([]string{"-table", id, "-n", fmt.Sprint(n), "-out", dir}, args...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	info, err := results.ReadInfo(filepath.Join(dir, results.FileName(id, n)))
	if err != nil {
		t.Fatal(err)
	}
	return info.SHA256
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestGoldenChecksums pins the checksum and largest value of every table at
// n = 500, so that any change to any value shows up; run with -update to
// rewrite testdata/checksums.golden after a deliberate change.
func TestGoldenChecksums(t *testing.T) {
	dir := t.TempDir()
	const n = 500
	if _, stderr, code := runCompute(t, "-table", "all", "-n", fmt.Sprint(n), "-out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got strings.Builder
	for _, id := range tables.IDs() {
		info, err := results.ReadInfo(filepath.Join(dir, results.FileName(id, n)))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%s n=%d max_value=%d g_sha256=%s\n", id, n, info.MaxValue, info.SHA256)
	}
	golden := filepath.Join("testdata", "checksums.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got.String() != string(want) {
		t.Errorf("checksums changed:\ngot:\n%s\nwant:\n%s", got.String(), want)
	}
}

func TestExitCodes(t *testing.T) {
	var sink bytes.Buffer
	tests := []struct {
		err  error
		want int
	}{
		{nil, 0},
		{usagef("-n bad"), 2},
		{fmt.Errorf("wrapped: %w", usagef("-n bad")), 2},
		{errors.New("disk full"), 1},
		{&cli.InternalError{Value: "index out of range"}, 1},
	}
	for _, tt := range tests {
		if got := exitCode(tt.err, &sink); got != tt.want {
			t.Errorf("exitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

func TestHelpExitsZero(t *testing.T) {
	_, stderr, code := runCompute(t, "-h")
	if code != 0 || !strings.Contains(stderr, "-table") {
		t.Fatalf("-h: exit %d, stderr %q", code, stderr)
	}
}

// TestNimChecksumIsXor anchors the golden checksums to something outside the
// program: the checksum of G₀ must be that of x XOR y, hashed here directly.
func TestNimChecksumIsXor(t *testing.T) {
	dir := t.TempDir()
	const n = 500
	if _, stderr, code := runCompute(t, "-table", "nim", "-n", fmt.Sprint(n), "-out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	info, err := results.ReadInfo(filepath.Join(dir, results.FileName("nim", n)))
	if err != nil {
		t.Fatal(err)
	}
	hash := sha256.New()
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			binary.Write(hash, binary.LittleEndian, int32(x^y))
		}
	}
	if want := fmt.Sprintf("%x", hash.Sum(nil)); info.SHA256 != want {
		t.Fatalf("g_sha256 of nim is %s, SHA-256 of x XOR y is %s", info.SHA256, want)
	}
}
