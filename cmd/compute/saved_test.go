package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// TestFullDiskKeepsTheCheckpoint fills a real, small tmpfs: the run fails
// saying the disk is full and how to resume elsewhere, keeps its partial
// file and checkpoint, and a resume from another directory they are moved
// to writes the table an uninterrupted run writes. (A full disk used to
// delete both.) It needs permission to mount a tmpfs and skips without.
func TestFullDiskKeepsTheCheckpoint(t *testing.T) {
	small := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", small).Run() })
	const id, n = "passnim", 1500
	want := uninterruptedSHA(t, id, n, "-tile", "32")
	args := []string{"-table", id, "-n", fmt.Sprint(n), "-tile", "32", "-checkpoint", "0"}
	_, stderr, code := runCompute(t, append(args, "-out", small, "-force")...)
	path := filepath.Join(small, results.FileName(id, n))
	if code != 1 || !strings.Contains(stderr, "no space left") || !strings.Contains(stderr, "-resume -out THERE") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	elsewhere := t.TempDir()
	for _, name := range []string{results.PartialName(path), results.PartialName(path) + ".checkpoint"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("the full disk lost %s: %v", name, err)
		}
		os.WriteFile(filepath.Join(elsewhere, filepath.Base(name)), data, 0o644)
	}
	_, stderr, code = runCompute(t, append(args, "-out", elsewhere, "-resume")...)
	if code != 0 || !strings.Contains(stderr, "resuming at row") || strings.Contains(stderr, "at row 0 ") {
		t.Fatalf("resume elsewhere: exit %d: %s", code, stderr)
	}
	info, err := results.ReadInfo(filepath.Join(elsewhere, results.FileName(id, n)))
	if err != nil || info.SHA256 != want {
		t.Fatalf("resumed elsewhere: %v, g_sha256 %s, want %s", err, info.SHA256, want)
	}
}

// TestInterruptedBeforeAnyRow: an interruption before any row is saved
// says so, not "rows 0..-1".
func TestInterruptedBeforeAnyRow(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, []string{"-table", "gneg1", "-n", "300", "-out", t.TempDir()}, os.Stdout, os.Stderr)
	if err == nil || strings.Contains(err.Error(), "-1") || !strings.Contains(err.Error(), "no rows were saved") {
		t.Fatalf("%v", err)
	}
}

// TestResumedRunRecordsItsWorkers: the workers metadata of a resumed table
// is the count of the run that finished it, not of the interrupted one.
func TestResumedRunRecordsItsWorkers(t *testing.T) {
	const n = 2000
	dir := t.TempDir()
	path := filepath.Join(dir, results.FileName("gneg1", n))
	args := []string{"-table", "gneg1", "-n", fmt.Sprint(n), "-out", dir, "-tile", "32", "-checkpoint", "0"}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for !fileExists(results.PartialName(path) + ".checkpoint") {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if err := run(ctx, append(args, "-workers", "1"), io.Discard, io.Discard); err == nil {
		t.Skip("the run finished before it could be interrupted")
	}
	if stdout, stderr, code := runCompute(t, append(args, "-workers", "3", "-resume")...); code != 0 || !strings.Contains(stdout, "resumed at row") {
		t.Fatalf("resume: exit %d\n%s%s", code, stdout, stderr)
	}
	info, err := results.ReadInfo(path)
	if err != nil || info.Workers != 3 {
		t.Fatalf("the resumed file records workers %d (%v), want 3", info.Workers, err)
	}
}

// TestDamagedRowsAreNotCalledSaved: when the rows of an interrupted run do
// not read back as their checkpoint says, the message says to start afresh
// and does not offer -resume again.
func TestDamagedRowsAreNotCalledSaved(t *testing.T) {
	const n = 1000
	dir := t.TempDir()
	path := filepath.Join(dir, results.FileName("gneg1", n))
	args := []string{"-table", "gneg1", "-n", fmt.Sprint(n), "-out", dir, "-tile", "16", "-checkpoint", "0"}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for !fileExists(results.PartialName(path) + ".checkpoint") {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if err := run(ctx, args, io.Discard, io.Discard); err == nil {
		t.Skip("the run finished before it could be interrupted")
	}
	data, _ := os.ReadFile(results.PartialName(path))
	data[len(data)-20] ^= 0xFF // inside the last batch's compressed body
	os.WriteFile(results.PartialName(path), data, 0o644)
	_, stderr, code := runCompute(t, append(args, "-resume")...)
	if code != 1 || !strings.Contains(stderr, "start afresh") || strings.Contains(stderr, "rerun with -resume") {
		t.Fatalf("exit %d: %q", code, stderr)
	}
}

// TestFullDiskFullSweep fills a real, small tmpfs during a full sweep that
// writes a values dataset (and, in a second round, nothing): the run fails
// saying the disk is full and how to resume, keeps its last state file and
// finished parts, and -resume after the tmpfs is made larger ends with the
// checksums of an uninterrupted run. It needs permission to mount a tmpfs
// and skips without.
func TestFullDiskFullSweep(t *testing.T) {
	const id, n = "gstarneg1", 4000
	base := []string{"-table", id, "-n", fmt.Sprint(n), "-sweep", "full", "-tile", "64", "-checkpoint", "0", "-quiet", "-force"}
	// The engine's state is 4.1 MB at this n; the dataset's parts of 1024
	// rows are 6.6, 5.6, 5.3 and 4.6 MB. 14 MB take the first part and
	// state, and the second part's write fails; 18 MB take two parts and a
	// state, and the second state's write fails; 6 MB take one state, and
	// the second one's write fails.
	for _, tc := range []struct{ write, size string }{{"values", "14m"}, {"values", "18m"}, {"none", "6m"}} {
		args := append(slices.Clone(base), "-write", tc.write)
		if tc.write == "values" {
			args = append(args, "-values", "0-4000")
		}
		whole := t.TempDir()
		want, _, code := runCompute(t, append(args, "-out", whole)...)
		if code != 0 {
			t.Fatalf("-write %s: uninterrupted run: exit %d", tc.write, code)
		}
		small := t.TempDir()
		if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+tc.size, "tmpfs", small).CombinedOutput(); err != nil {
			t.Skipf("cannot mount a tmpfs here: %v %s", err, out)
		}
		t.Cleanup(func() { exec.Command("umount", small).Run() })
		_, stderr, code := runCompute(t, append(args, "-out", small)...)
		if code != 1 || !strings.Contains(stderr, "no space left") || !strings.Contains(stderr, "free space and rerun with -resume") {
			t.Fatalf("-write %s on a full disk: exit %d: %s", tc.write, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(small, results.StateFileName(id, n))); err != nil {
			t.Fatalf("-write %s: the full disk lost the state file: %v", tc.write, err)
		}
		if out, err := exec.Command("mount", "-o", "remount,size=64m", small).CombinedOutput(); err != nil {
			t.Fatalf("remount: %v %s", err, out)
		}
		got, stderr, code := runCompute(t, append(args, "-out", small, "-resume")...)
		if code != 0 || !strings.Contains(stderr, "resuming at row") || strings.Contains(stderr, "at row 0 ") {
			t.Fatalf("-write %s: resume: exit %d: %s", tc.write, code, stderr)
		}
		field := regexp.MustCompile(`sha256 [0-9a-f]{16}`)
		if g, w := field.FindAllString(got, -1), field.FindAllString(want, -1); !slices.Equal(g, w) || len(w) == 0 {
			t.Fatalf("-write %s: resumed %q, uninterrupted %q", tc.write, got, want)
		}
	}
}

// TestDamagedRowsWithValues: -resume of a run that writes the table file
// and the values dataset, whose saved rows were damaged since: it fails
// saying so, without advising -resume again, keeps the partial file (the
// rows are the user's to inspect or delete) and leaves no dataset.
func TestDamagedRowsWithValues(t *testing.T) {
	const n = 300
	dir := t.TempDir()
	r, _ := tables.Lookup("gneg1")
	path := filepath.Join(dir, results.FileName(r.ID, n))
	w, err := results.Create(path, results.Info{Table: r.ID, Symbol: r.Symbol, N: n, Definition: r.Definition, Source: r.Source,
		Compression: results.None, Workers: 1, Tile: 16})
	if err != nil {
		t.Fatal(err)
	}
	w.CheckpointEvery(0)
	stop := errors.New("stop")
	err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 1, Tile: 16}, func(b engine.Band) error {
		if b.X0 >= 160 {
			return stop
		}
		return w.WriteBand(b)
	})
	if !errors.Is(err, stop) {
		t.Fatal(err)
	}
	if rows, err := w.Suspend(); err != nil || rows != 160 {
		t.Fatalf("Suspend: %d rows, %v", rows, err)
	}
	partial := results.PartialName(path)
	data, err := os.ReadFile(partial)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40 // a cell of the saved rows, uncompressed
	if err := os.WriteFile(partial, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCompute(t, "-table", r.ID, "-n", fmt.Sprint(n), "-out", dir, "-tile", "16", "-compress", "none",
		"-write", "table,values", "-values", "0-5", "-resume", "-quiet")
	if code != 1 || strings.Contains(stderr, "rerun with -resume") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(partial); err != nil {
		t.Errorf("the damaged partial file was not kept: %v", err)
	}
	if entries, _ := filepath.Glob(filepath.Join(dir, "*.values*")); len(entries) != 0 {
		t.Errorf("left: %v", entries)
	}
	t.Logf("%s", strings.TrimSpace(stderr))
}
