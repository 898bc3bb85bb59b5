package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestResumeSkipsACompleteDataset: -resume on a complete values dataset
// reads it through and skips it, without computing it again, even when a
// kill after its publication left the run's state file (or the previous
// dataset, swapped out) beside it; both are removed. (It failed on the state
// file with "lstat …values.partial: no such file", and without one it
// computed the dataset again.)
func TestResumeSkipsACompleteDataset(t *testing.T) {
	const id, n = "gneg1", 3000
	for _, tc := range []struct {
		name  string
		sweep string
		state string
	}{
		{"band", "band", bandrun.StateFileName(id, n)},
		{"band, rows", "band", bandrun.StateFileName(id, n)},
		{"full", "full", results.StateFileName(id, n)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"-table", id, "-n", fmt.Sprint(n), "-out", dir, "-write", "values", "-values", "0-60", "-sweep", tc.sweep, "-quiet"}
			if strings.Contains(tc.name, "rows") {
				args = append(args, "-rows", "1000-2000")
			}
			if _, stderr, code := runCompute(t, args...); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			ds := filepath.Join(dir, valuesds.DirName(id, n))
			want := datasetSum(t, ds)
			state, partial := filepath.Join(dir, tc.state), valuesds.PartialDir(ds)
			if err := os.WriteFile(state, []byte("the state of the run that published the dataset"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(partial, 0o755); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, code := runCompute(t, append(args, "-resume")...)
			if code != 0 || !strings.Contains(stdout, "already complete") {
				t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
			}
			if got := datasetSum(t, ds); got.Seconds != want.Seconds || got.CellsSHA256 != want.CellsSHA256 {
				t.Errorf("the dataset was computed again (%g s, %s; was %g s, %s)", got.Seconds, got.CellsSHA256, want.Seconds, want.CellsSHA256)
			}
			if fileExists(state) || fileExists(partial) {
				t.Errorf("left behind: state file %v, partial directory %v", fileExists(state), fileExists(partial))
			}
			// Another range of values is another dataset: computed again.
			other := append(args[:len(args):len(args)], "-resume", "-values", "0-50")
			if stdout, stderr, code := runCompute(t, other...); code != 0 || strings.Contains(stdout, "already complete") ||
				!strings.Contains(stderr, "not the complete dataset") {
				t.Fatalf("another -values: exit %d, stdout %q, stderr %s", code, stdout, stderr)
			}
		})
	}
}

// TestNonDirectoryUnderTheDatasetNameFailsBeforeAnyWork: a FIFO, a regular
// file or a symbolic link under a values dataset's final name is an error
// before anything is computed, naming the path, with or without -resume.
// (It was found only when the dataset could not be published, after all
// the work, with advice about free space.)
func TestNonDirectoryUnderTheDatasetNameFailsBeforeAnyWork(t *testing.T) {
	const n = 1500
	for name, make := range map[string]func(path string) error{
		"file":    func(path string) error { return os.WriteFile(path, nil, 0o644) },
		"symlink": func(path string) error { return os.Symlink(os.TempDir(), path) },
		"fifo":    func(path string) error { return syscall.Mkfifo(path, 0o644) },
	} {
		for _, sweep := range []string{"band", "full"} {
			for _, resume := range []bool{false, true} {
				dir := t.TempDir()
				path := filepath.Join(dir, valuesds.DirName("gneg1", n))
				if err := make(path); err != nil {
					t.Fatal(err)
				}
				args := []string{"-table", "nim,gneg1", "-n", fmt.Sprint(n), "-out", dir, "-write", "values", "-sweep", sweep, "-quiet"}
				if resume {
					args = append(args, "-resume")
				}
				_, stderr, code := runCompute(t, args...)
				if code != 1 || !strings.Contains(stderr, path) || !strings.Contains(stderr, "not a values dataset") {
					t.Errorf("%s, %s, -resume %v: exit %d, %s", name, sweep, resume, code, stderr)
				}
				if fileExists(filepath.Join(dir, valuesds.DirName("nim", n))) {
					t.Errorf("%s, %s, -resume %v: a dataset was computed before the error", name, sweep, resume)
				}
			}
		}
	}
}

// TestInterruptedBandRunSaysHowToResume cancels a band run of the command
// as SIGINT does: exit 1, the state file kept, and the message gives the
// command that resumes, which finishes the dataset of an uninterrupted run.
func TestInterruptedBandRunSaysHowToResume(t *testing.T) {
	const id, n = "gneg1", 20000
	whole := t.TempDir()
	args := []string{"-table", id, "-n", fmt.Sprint(n), "-write", "values", "-values", "0-100", "-checkpoint", "1h", "-quiet"}
	if _, stderr, code := runCompute(t, append(args, "-out", whole)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := datasetSum(t, filepath.Join(whole, valuesds.DirName(id, n)))
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut strings.Builder
	err := run(ctx, append(args, "-out", dir), &out, &errOut)
	if code := exitCode(err, &errOut); code != 1 || !errors.Is(err, bandrun.ErrInterrupted) {
		t.Fatalf("exit %d, %v", code, err)
	}
	resume := shellQuote(self) + " -table gneg1 -n 20000 -write values -values 0-100 -checkpoint 1h -quiet -out " + dir + " -resume"
	if !strings.Contains(errOut.String(), "to go on: "+resume) || !fileExists(filepath.Join(dir, bandrun.StateFileName(id, n))) {
		t.Fatalf("stderr %s, want the command %q and the state file", errOut.String(), resume)
	}
	if _, stderr, code := runCompute(t, strings.Fields(resume)[1:]...); code != 0 {
		t.Fatalf("resumed: exit %d: %s", code, stderr)
	}
	if got := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, n))); got.CellsSHA256 != want.CellsSHA256 {
		t.Fatalf("resumed to cells_sha256 %s, uninterrupted %s", got.CellsSHA256, want.CellsSHA256)
	}
}
