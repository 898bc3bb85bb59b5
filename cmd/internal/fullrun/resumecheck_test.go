package fullrun

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestInterruptedCheckOfCompleteDataset: Ctrl-C while -resume checks a
// complete dataset stops the run with the context's error, changing
// nothing: no note that the dataset is not complete, no state file, no
// partial directory.
func TestInterruptedCheckOfCompleteDataset(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, testJob(t, dir, true))
	job := testJob(t, dir, true)
	var notes []string
	job.Resume, job.Notes = true, func(msg string) { notes = append(notes, msg) }
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, job)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrInterrupted) || len(notes) != 0 {
		t.Fatalf("Run = %v, notes %q; want the context's error alone", err, notes)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("left %q beside the dataset", left)
	}
}
