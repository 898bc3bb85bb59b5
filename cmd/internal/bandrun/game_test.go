package bandrun

import (
	"context"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/tables"
)

// TestResumeRefusesAnotherGame: a state saved by a run of a game file is
// refused by -resume with another game file of the same id (other rules),
// naming both identities, and taken with a second spelling of the same game.
func TestResumeRefusesAnotherGame(t *testing.T) {
	parse := func(text string) tables.Ruleset {
		t.Helper()
		g, err := tables.ParseGame("mine.toml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return g.Ruleset()
	}
	saved := parse("id = \"mine\"\ncells = [ { x = 0, y = 0, value = -1 }, { x = 1, y = 1, value = -1 } ]\n")
	other := parse("id = \"mine\"\ncells = [ { x = 0, y = 0, value = -1 } ]\n")
	respelled := parse("# the same game\nid = \"mine\"\nmoves = \"rook\"\ncells = [ { x = 1, y = 1, value = -1 }, { y = 0, x = 0, value = -1 } ]\n")

	job := testJob(t, "gneg1", 20000, 0, 30, t.TempDir())
	job.Table = saved
	interruptedOnce(t, job)
	job.Resume = true

	job.Table = other
	_, err := Run(context.Background(), job)
	if err == nil || !strings.Contains(err.Error(), saved.Identity()) || !strings.Contains(err.Error(), other.Identity()) {
		t.Fatalf("resumed with another game: %v, want a refusal naming %s and %s", err, saved.Identity(), other.Identity())
	}
	job.Table = respelled
	if _, err := Run(context.Background(), job); err != nil {
		t.Fatalf("the same game spelt otherwise: %v", err)
	}
}
