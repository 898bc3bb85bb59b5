package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/cmd/internal/fullrun"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// fullSweepDataset writes the values dataset of values 0–40 of Wythoff's
// Nim at n by the full sweep of compute (package fullrun), with rules
// changed by plant, and returns its path.
func fullSweepDataset(t *testing.T, n int, plant func(*engine.Rules)) string {
	t.Helper()
	r, _ := tables.Lookup("wythoff")
	plant(&r.Rules)
	return fullSweepDatasetOf(t, r, n)
}

// fullSweepDatasetOf writes the values dataset of values 0–40 of r at n by
// the full sweep, and returns its path.
func fullSweepDatasetOf(t *testing.T, r tables.Ruleset, n int) string {
	t.Helper()
	dir := t.TempDir()
	job := fullrun.Job{Table: r, N: n, Engine: engine.Config{Workers: 2, Tile: 64}, Out: dir, WriteValues: true,
		Values: results.ValueRange{Lo: 0, Hi: 40}}
	if _, err := fullrun.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, valuesds.DirName(r.ID, int64(n)))
}

// TestFullSweepDatasetChecked: verify -in checks a full sweep's dataset of
// Wythoff's Nim against the game's own statement of the moves (package
// bandcheck, which shares nothing with the engine): the true one holds;
// one swept with a planted defect (G(0, 0) fixed at 1) fails with a cell
// named (exit 3).
func TestFullSweepDatasetChecked(t *testing.T) {
	const n = 1500
	clean := fullSweepDataset(t, n, func(*engine.Rules) {})
	stdout, stderr, code := runVerify(t, "-in", clean)
	if code != 0 || !strings.Contains(stdout, "wythoff.band\tholds") || !strings.Contains(stdout, "sweep full") {
		t.Fatalf("the full sweep's dataset: exit %d\n%s%s", code, stdout, stderr)
	}
	planted := fullSweepDataset(t, n, func(r *engine.Rules) { r.Base = []engine.Cell{{X: 0, Y: 0, Value: 1}} })
	stdout, stderr, code = runVerify(t, "-in", planted)
	if code != 3 || !strings.Contains(stdout, "wythoff.band\tFAILS") || !strings.Contains(stdout, "cell (0, 0)") {
		t.Fatalf("a planted defect: exit %d\n%s%s", code, stdout, stderr)
	}
	t.Logf("planted: %s", strings.TrimSpace(stdout))
}

// TestLimitedGameDatasetChecked: verify -in checks the full sweep's dataset
// of a game with a subtraction limit (two-heap nim taking at most 3 tokens
// a move) from the game's own moves, the limit included: the true one
// holds; one swept without the limit, under the same game record, fails
// with a cell named (exit 3).
func TestLimitedGameDatasetChecked(t *testing.T) {
	g, err := tables.LoadGame("../../games/subtraction-3.toml")
	if err != nil {
		t.Fatal(err)
	}
	r := g.Ruleset()
	stdout, stderr, code := runVerify(t, "-in", fullSweepDatasetOf(t, r, 200))
	if code != 0 || !strings.Contains(stdout, "subtraction-3.band\tholds") {
		t.Fatalf("the limited game's dataset: exit %d\n%s%s", code, stdout, stderr)
	}
	unlimited := g
	unlimited.Limit = 0
	r.Rules = unlimited.Ruleset().Rules
	stdout, stderr, code = runVerify(t, "-in", fullSweepDatasetOf(t, r, 200))
	if code != 3 || !strings.Contains(stdout, "subtraction-3.band\tFAILS") || !strings.Contains(stdout, "cell (") {
		t.Fatalf("swept without the limit: exit %d\n%s%s", code, stdout, stderr)
	}
}
