package bandrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/results/valuesds"
)

// TestResumeWithoutStateSaysSo: -resume where no state file was saved (a
// run killed before its first) says it starts from row 0, and finishes.
func TestResumeWithoutStateSaysSo(t *testing.T) {
	job := testJob(t, "gneg1", 3000, 0, 40, t.TempDir())
	var notes []string
	job.Resume, job.WriteValues, job.Notes = true, true, func(msg string) { notes = append(notes, msg) }
	if _, err := Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "gneg1: no state file ") || !strings.HasSuffix(notes[0], "starting from row 0") {
		t.Errorf("notes %q, want one that says the run starts from row 0", notes)
	}
}

// TestInterruptedCheckOfCompleteDataset: Ctrl-C while -resume checks a
// complete dataset stops the run with the context's error, changing
// nothing: no note that the dataset is not complete, no state file, no
// partial directory, the dataset in place.
func TestInterruptedCheckOfCompleteDataset(t *testing.T) {
	dir := t.TempDir()
	job := testJob(t, "gneg1", 3000, 0, 40, dir)
	job.WriteValues = true
	if _, err := Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	var notes []string
	job.Resume, job.Notes = true, func(msg string) { notes = append(notes, msg) }
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, job)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrInterrupted) || len(notes) != 0 {
		t.Fatalf("Run = %v, notes %q; want the context's error alone", err, notes)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) != 0 {
		t.Errorf("left %q beside the dataset", left)
	}
	if _, err := os.Stat(filepath.Join(dir, valuesds.DirName("gneg1", 3000), "_manifest.json")); err != nil {
		t.Error(err)
	}
}
