package fullrun

import (
	"fmt"
	"testing"

	"github.com/grundy-lab/grundy/tables"
)

// TestLimitedGameInterruptAndResume: the full sweep of games with a
// subtraction limit — with diagonal moves, and with the pass, whose state
// holds the game without the pass too — interrupted half way and resumed
// from its state file ends with the checksums and dataset of an
// uninterrupted run.
func TestLimitedGameInterruptAndResume(t *testing.T) {
	for _, text := range []string{
		"id = \"limit-diagonal\"\nmoves = \"rook+diagonal\"\nlimit = 3\ncells = [ { x = 0, y = 0, value = -1 } ]\n",
		"id = \"limit-pass\"\nlimit = 2\npass = true\ncells = [ { x = 0, y = 0, value = -1 }, { x = 1, y = 1, value = 2 } ]\n",
	} {
		g, err := tables.ParseGame("limit.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		limited := func(dir string) Job {
			job := testJob(t, dir, true)
			job.Table = g.Ruleset()
			return job
		}
		want := mustRun(t, limited(t.TempDir()))
		job := limited(t.TempDir())
		interrupted(t, job)
		job.Resume = true
		got := mustRun(t, job)
		if got.Resumed == 0 {
			t.Fatalf("%s: resumed at row 0", g.ID)
		}
		sameResult(t, fmt.Sprintf("%s resumed at row %d", g.ID, got.Resumed), got, want)
	}
}
