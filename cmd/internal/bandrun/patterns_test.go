package bandrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// patternJob is a test run of G₋₁ searching patterns, n = 8000 in blocks
// of 1000 rows, its index in chunks of 2000 rows spilled beyond a few
// bytes.
func patternJob(t *testing.T, dir string, values bool) Job {
	job := testJob(t, "gneg1", 8000, 0, 20, dir)
	job.WriteValues = values
	job.Patterns = &PatternSearch{Index: pattern.BandIndexOptions{ChunkRows: 2000, MemoryBudget: 300}, Workers: 2}
	return job
}

// TestInterruptedPatternRunsResume cancels -patterns runs (as Ctrl-C does)
// in the first block, at and past block ends, mid-chunk, in the last block
// and in the search, then again after each resume: every interruption says
// to rerun with -resume and keeps the state file and the index's journal,
// and the run resumed to the end finds the patterns, cells and checksum
// of an uninterrupted run, leaving neither state nor journal; the spill
// directory a kill -9 left is emptied by the first run.
func TestInterruptedPatternRunsResume(t *testing.T) {
	for _, values := range []bool{false, true} {
		want, err := Run(context.Background(), patternJob(t, t.TempDir(), values))
		if err != nil {
			t.Fatal(err)
		}
		for _, stops := range [][]int64{{10}, {2999, 3000}, {4500, 4600, 7200}, {7999}, {8000}, {3500, 8000, 8000}} {
			dir := t.TempDir()
			job := patternJob(t, dir, values)
			stale := filepath.Join(spillDir(job), "patterns-1.chunks")
			if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(stale, []byte("left by kill -9"), 0o644); err != nil {
				t.Fatal(err)
			}
			for i, stop := range stops {
				ctx, cancel := context.WithCancel(context.Background())
				job.onRows = func(last int64) {
					if last >= stop {
						cancel()
					}
				}
				_, err := Run(ctx, job)
				cancel()
				if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "rerun with -resume") {
					t.Fatalf("values %v, stops %v: interruption %d: got %v, want one that says to rerun with -resume", values, stops, i, err)
				}
				for _, kept := range []string{filepath.Join(dir, StateFileName("gneg1", 8000)), filepath.Join(spillDir(job), journalName)} {
					if _, err := os.Stat(kept); err != nil {
						t.Fatalf("values %v, stops %v: interruption %d: %v", values, stops, i, err)
					}
				}
				if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the spill file of an earlier run is left: %v", err)
				}
				job.Resume = true
			}
			job.onRows = nil
			got, err := Run(context.Background(), job)
			if err != nil {
				t.Fatalf("values %v, stops %v: the last resume: %v", values, stops, err)
			}
			if !reflect.DeepEqual(got.Patterns.Results, want.Patterns.Results) || got.Patterns.Index != want.Patterns.Index ||
				got.Sum != want.Sum || got.Cells != want.Cells {
				t.Errorf("values %v, stops %v: resumed run differs: index %+v, want %+v; %d cells %s, want %d %s",
					values, stops, got.Patterns.Index, want.Patterns.Index, got.Cells, got.Sum, want.Cells, want.Sum)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if !(values && e.Name() == valuesds.DirName("gneg1", 8000)) {
					t.Errorf("left behind in -out: %s", e.Name())
				}
			}
		}
	}
}

// TestPatternStateRefused: a -patterns run refuses the state of a run
// without -patterns and the reverse, and a state whose journal is gone or
// altered, each saying what to do.
func TestPatternStateRefused(t *testing.T) {
	interrupted := func(job Job) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		job.onRows = func(last int64) {
			if last >= 4500 {
				cancel()
			}
		}
		if _, err := Run(ctx, job); !errors.Is(err, ErrInterrupted) {
			t.Fatalf("want an interruption, got %v", err)
		}
	}
	dir := t.TempDir()
	withPatterns := patternJob(t, dir, false)
	without := withPatterns
	without.Patterns = nil
	withPatterns.Resume, without.Resume = true, true
	journal := filepath.Join(spillDir(withPatterns), journalName)
	for _, tc := range []struct {
		name     string
		saved    Job
		damage   func()
		resumed  Job
		saysWhat string
	}{
		{"a state without patterns", without, func() {}, withPatterns, "same flags"},
		{"a state with patterns", withPatterns, func() {}, without, "same flags"},
		{"journal removed", withPatterns, func() { os.Remove(journal) }, withPatterns, "start afresh without -resume"},
		{"journal altered", withPatterns, func() {
			b, _ := os.ReadFile(journal)
			b[len(b)/3] ^= 1
			os.WriteFile(journal, b, 0o644)
		}, withPatterns, "start afresh without -resume"},
	} {
		fresh := tc.saved
		fresh.Resume = false
		interrupted(fresh)
		tc.damage()
		if _, err := Run(context.Background(), tc.resumed); err == nil || !strings.Contains(err.Error(), tc.saysWhat) {
			t.Errorf("%s: got %v, want a refusal saying %q", tc.name, err, tc.saysWhat)
		} else {
			t.Logf("%s: %v", tc.name, err)
		}
	}
}

// TestPatternRunKilledAfterPublishing: the pattern files are written while
// the state file still stands, before the values dataset is published; a
// run killed after publishing it, its state file left (copied back here),
// is found complete by -resume, which removes the state and the journal
// and writes nothing again. A complete dataset beside the partial one of
// an interrupted -patterns run, or a complete dataset without a -patterns
// state, is computed again instead.
func TestPatternRunKilledAfterPublishing(t *testing.T) {
	dir := t.TempDir()
	job := patternJob(t, dir, true)
	statePath := filepath.Join(dir, StateFileName("gneg1", 8000))
	writes := 0
	job.Patterns.Write = func(PatternResult) error {
		writes++
		if _, err := os.Stat(statePath); err != nil {
			t.Errorf("the pattern files are written after the state file is removed: %v", err)
		}
		if _, err := os.Stat(valuesds.PartialDir(filepath.Join(dir, valuesds.DirName("gneg1", 8000)))); err != nil {
			t.Errorf("the pattern files are written after the dataset is published: %v", err)
		}
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	job.onRows = func(last int64) {
		if last >= 7999 {
			cancel()
		}
	}
	if _, err := Run(ctx, job); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("want an interruption, got %v", err)
	}
	saved, err := os.ReadFile(statePath)
	if err != nil {
		t.Fatal(err)
	}
	job.onRows, job.Resume = nil, true

	// A complete dataset (of an earlier run) beside the partial one.
	other := patternJob(t, t.TempDir(), true)
	other.Patterns = nil
	if _, err := Run(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	complete := valuesds.DirName("gneg1", 8000)
	if err := os.Rename(filepath.Join(other.Out, complete), filepath.Join(dir, complete)); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), job)
	if err != nil || res.Complete || res.Patterns == nil || writes != 1 {
		t.Fatalf("a complete dataset beside a partial one: %+v, %v, %d writes; want the run resumed and its files written", res, err, writes)
	}

	// Killed after publishing, before removing the state file.
	if err := os.WriteFile(statePath, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(spillDir(job), 0o755); err != nil {
		t.Fatal(err)
	}
	res, err = Run(context.Background(), job)
	if err != nil || !res.Complete || writes != 1 {
		t.Fatalf("killed after publishing: %+v, %v, %d writes; want the run complete, nothing written again", res, err, writes)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}

	// A complete dataset and no state of a -patterns run.
	if res, err = Run(context.Background(), job); err != nil || res.Complete || writes != 2 {
		t.Fatalf("no state file: %+v, %v, %d writes; want the patterns searched again", res, err, writes)
	}
}
