package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/results"
)

// TestResumeChecksTheFileUnderTheFinalName: -resume skips a complete file
// only after reading it through, and computes a truncated or foreign one
// again, saying what it found. (It used to call anything there "already
// complete", while verify sent the user back to -resume.)
func TestResumeChecksTheFileUnderTheFinalName(t *testing.T) {
	const id, n = "gstarneg1", 200
	want := uninterruptedSHA(t, id, n)
	dir := t.TempDir()
	path := filepath.Join(dir, results.FileName(id, n))
	args := []string{"-table", id, "-n", fmt.Sprint(n), "-out", dir, "-resume"}
	if _, stderr, code := runCompute(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	stdout, _, code := runCompute(t, args...)
	if code != 0 || !strings.Contains(stdout, "already complete") || !strings.Contains(stdout, "checked") {
		t.Fatalf("a complete file: exit %d, %s", code, stdout)
	}

	for name, damage := range map[string]func(){
		"truncated": func() {
			st, _ := os.Stat(path)
			os.Truncate(path, st.Size()-100)
		},
		"another table's": func() {
			runCompute(t, "-table", "nim", "-n", fmt.Sprint(n), "-out", dir)
			os.Rename(filepath.Join(dir, results.FileName("nim", n)), path)
		},
	} {
		damage()
		stdout, stderr, code := runCompute(t, args...)
		if code != 0 || strings.Contains(stdout, "already complete") || !strings.Contains(stderr, "is not a complete table") {
			t.Fatalf("%s file: exit %d, stdout %s, stderr %s", name, code, stdout, stderr)
		}
		if info, err := results.ReadInfo(path); err != nil || info.SHA256 != want {
			t.Fatalf("%s file recomputed: %v, g_sha256 %s, want %s", name, err, info.SHA256, want)
		}
	}
}

// TestNonFileUnderTheFinalNameFailsBeforeAnyWork: a directory, a symbolic
// link or a FIFO under a table's final name is an error before anything is
// computed, with or without -resume. (A directory used to be found only
// when the computed table could not be renamed over it; with -resume, it
// and a symlink counted as complete.)
func TestNonFileUnderTheFinalNameFailsBeforeAnyWork(t *testing.T) {
	const n = 1500
	for name, make := range map[string]func(path string) error{
		"directory": func(path string) error { return os.Mkdir(path, 0o755) },
		"symlink":   func(path string) error { return os.Symlink("/dev/null", path) },
		"fifo":      func(path string) error { return syscall.Mkfifo(path, 0o644) },
	} {
		for _, resume := range []bool{false, true} {
			dir := t.TempDir()
			path := filepath.Join(dir, results.FileName("gneg1", n))
			if err := make(path); err != nil {
				t.Fatal(err)
			}
			args := []string{"-table", "nim,gneg1", "-n", fmt.Sprint(n), "-out", dir}
			if resume {
				args = append(args, "-resume")
			}
			start := time.Now()
			_, stderr, code := runCompute(t, args...)
			if code != 1 || !strings.Contains(stderr, path) || !strings.Contains(stderr, "not a table file") {
				t.Errorf("%s, -resume %v: exit %d, %s", name, resume, code, stderr)
			}
			if fileExists(filepath.Join(dir, results.FileName("nim", n))) || fileExists(results.PartialName(path)) {
				t.Errorf("%s, -resume %v: tables were computed before the error (%v)", name, resume, time.Since(start))
			}
		}
	}
}

// TestStaleCheckpointIsRemoved: the checkpoint a run killed between its
// rename and its cleanup leaves beside a complete file is removed by the
// next -resume.
func TestStaleCheckpointIsRemoved(t *testing.T) {
	dir := t.TempDir()
	args := []string{"-table", "nim", "-n", "100", "-out", dir, "-resume"}
	runCompute(t, args...)
	path := filepath.Join(dir, results.FileName("nim", 100))
	stale := results.PartialName(path) + ".checkpoint"
	os.WriteFile(stale, []byte("{}"), 0o644)
	_, stderr, code := runCompute(t, args...)
	if code != 0 || fileExists(stale) || !strings.Contains(stderr, "removed the checkpoint") {
		t.Fatalf("exit %d, stale checkpoint still there: %v; %s", code, fileExists(stale), stderr)
	}
}

// TestResumeReportsRunsAtAnotherN: -resume at another -n than an
// interrupted run says where that run's files are and what to do with them,
// for a table run (its partial file), a -write values run (its state file)
// and a Parquet run killed hard (its partial file, which cannot be resumed),
// and says nothing of the run at -n itself.
func TestResumeReportsRunsAtAnotherN(t *testing.T) {
	for _, tc := range []struct {
		name, leftover, advice string
	}{
		{"table", results.PartialName(results.FileName("gneg1", 300)), "resume it with -n 300 -resume"},
		{"values", results.StateFileName("gneg1", 300), "resume it with -n 300, its -write list and -resume"},
		{"parquet", results.PartialName(results.Parquet.FileName("gneg1", 300)), "cannot be resumed"},
		{"band", bandrun.StateFileName("gneg1", 300), "a band run (-sweep band): resume it with -n 300"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			leftover := filepath.Join(dir, tc.leftover)
			os.WriteFile(leftover, make([]byte, 1000), 0o644)
			os.WriteFile(filepath.Join(dir, results.StateFileName("gneg1", 200)), nil, 0o644)
			_, stderr, code := runCompute(t, "-table", "gneg1", "-n", "200", "-out", dir, "-resume")
			if code != 0 || !strings.Contains(stderr, "interrupted run at n = 300 is kept in "+leftover) ||
				!strings.Contains(stderr, tc.advice) || strings.Contains(stderr, "n = 200 is kept") {
				t.Fatalf("exit %d, %s", code, stderr)
			}
		})
	}
}

// TestTableNamedTwiceIsComputedOnce: -table gneg1,gneg1 computes gneg1 once.
func TestTableNamedTwiceIsComputedOnce(t *testing.T) {
	stdout, stderr, code := runCompute(t, "-table", "gneg1,gneg1", "-n", "50", "-out", t.TempDir())
	if code != 0 || strings.Count(stdout, "gneg1") != 2 { // the id and the file name, on one line
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
}
