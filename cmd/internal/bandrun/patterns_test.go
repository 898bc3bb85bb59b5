package bandrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// TestInterruptedPatternRunKeepsNothing cancels -patterns runs, which
// cannot resume, in the sweep and after it: the error must not send the
// user to -resume, and no state file, partial dataset or spill file may be
// left; a spill directory left by a kill -9 is removed by the next run.
func TestInterruptedPatternRunKeepsNothing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stop   int64
		values bool
	}{
		{"first block", 10, false},
		{"block end", 2999, true},
		{"mid-sweep", 4500, true},
		{"in the search", 8000, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			job := testJob(t, "gneg1", 8000, 0, 20, dir)
			job.WriteValues = tc.values
			job.Patterns = &PatternSearch{Index: pattern.BandIndexOptions{ChunkRows: 256, MemoryBudget: 1}}
			stale := filepath.Join(spillDir(job), "patterns-1.chunks")
			if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(stale, []byte("left by kill -9"), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			spilled := false
			job.onRows = func(last int64) {
				if last >= tc.stop {
					m, _ := filepath.Glob(filepath.Join(spillDir(job), "patterns-*.chunks"))
					spilled = spilled || len(m) > 0
					cancel()
				}
			}
			_, err := Run(ctx, job)
			if !errors.Is(err, ErrInterrupted) || strings.Contains(err.Error(), "rerun with -resume") ||
				!strings.Contains(err.Error(), "without -resume") {
				t.Fatalf("got %v, want an interruption that says to rerun without -resume", err)
			}
			if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the spill file of an earlier run is left: %v", err)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				t.Errorf("left behind in -out: %s", e.Name())
			}
			if tc.stop > 1000 && !spilled {
				t.Error("the index spilled nothing: the test does not show spill files are removed")
			}
		})
	}
}
