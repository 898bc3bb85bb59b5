package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// summaryLines returns the table and the cells_sha256 of each summary line
// of a band run's stdout, in order.
func summaryLines(t *testing.T, stdout string) [][2]string {
	t.Helper()
	var got [][2]string
	for _, m := range regexp.MustCompile(`(?m)^(\S+)\s+n=\d+ .* cells_sha256 ([0-9a-f]+) `).FindAllStringSubmatch(stdout, -1) {
		got = append(got, [2]string{m[1], m[2]})
	}
	return got
}

// TestSideBySideEqualsOneAfterAnother: a band run of three tables with two
// workers (two tables at once, the third after) and with three (all at
// once) writes the datasets and prints the summaries, in the order of
// -table, that one worker writes and prints computing the tables one
// after another.
func TestSideBySideEqualsOneAfterAnother(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	ids := []string{"gneg1", "gstarneg1", "passnim"}
	args := []string{"-table", strings.Join(ids, ","), "-n", fmt.Sprint(n), "-write", "values", "-values", "0-60", "-quiet"}
	var want [][2]string
	for _, workers := range []int{1, 2, 3} {
		flags := append(args, "-workers", fmt.Sprint(workers))
		opts, err := parseFlags(flags, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if got := tablesAtOnce(opts); got != workers {
			t.Fatalf("-workers %d: %d tables at once, want %d", workers, got, workers)
		}
		dir := t.TempDir()
		stdout, stderr, code := runCompute(t, append(flags, "-out", dir)...)
		if code != 0 {
			t.Fatalf("-workers %d: exit %d: %s", workers, code, stderr)
		}
		lines := summaryLines(t, stdout)
		if len(lines) != len(ids) {
			t.Fatalf("-workers %d: %d summary lines, want %d:\n%s", workers, len(lines), len(ids), stdout)
		}
		for i, id := range ids {
			m := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, int64(n))))
			if lines[i][0] != id || !strings.HasPrefix(m.CellsSHA256, lines[i][1]) {
				t.Errorf("-workers %d: line %d says %s %s; the dataset of %s holds %s", workers, i, lines[i][0], lines[i][1], id, m.CellsSHA256)
			}
		}
		if workers == 1 {
			want = lines
		} else if fmt.Sprint(lines) != fmt.Sprint(want) {
			t.Errorf("-workers %d: summaries %v, one worker's %v", workers, lines, want)
		}
	}
}

// TestSideBySideInterruptAndResume: a band run of two tables side by side,
// stopped once both have written a part, says how to go on; resumed, it
// goes on with both and ends with the datasets of a run never stopped.
func TestSideBySideInterruptAndResume(t *testing.T) {
	const n = 400_000
	ids := []string{"gneg1", "passnim"}
	args := []string{"-table", strings.Join(ids, ","), "-n", fmt.Sprint(n), "-write", "values", "-values", "0-60", "-quiet", "-checkpoint", "0"}
	whole := t.TempDir()
	if _, stderr, code := runCompute(t, append(args, "-workers", "1", "-out", whole)...); code != 0 {
		t.Fatalf("uninterrupted: exit %d: %s", code, stderr)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for !bothWritten(dir, ids, n) {
			select {
			case <-ctx.Done(): // the run is over
				return
			case <-time.After(time.Millisecond):
			}
		}
		cancel()
	}()
	flags := append(args, "-workers", "2", "-out", dir)
	var out, errOut strings.Builder
	err := run(ctx, flags, &out, &errOut)
	if err == nil {
		t.Skip("the run finished before it could be interrupted")
	}
	if !errors.Is(err, bandrun.ErrInterrupted) || !strings.Contains(err.Error(), "to go on: "+self+" ") {
		t.Fatalf("interrupted run: %v", err)
	}
	for _, id := range ids {
		if !strings.Contains(err.Error(), id+": interrupted at row") {
			t.Errorf("the interrupted run does not say where %s stopped: %v", id, err)
		}
	}
	stdout, stderr, code := runCompute(t, append(flags, "-resume")...)
	if code != 0 || strings.Count(stdout, "resumed at row") != len(ids) {
		t.Fatalf("resume: exit %d, both tables should resume:\n%s%s", code, stdout, stderr)
	}
	// A resumed table's rate is its rows over its time, both counting the
	// session before the resume.
	for _, m := range regexp.MustCompile(`(?m)  ([0-9.]+)s  ([0-9.e+]+) rows/s .* resumed at row`).FindAllStringSubmatch(stdout, -1) {
		seconds, _ := strconv.ParseFloat(m[1], 64)
		rate, _ := strconv.ParseFloat(m[2], 64)
		if rows := rate * seconds; rows < 0.98*(n+1) || rows > 1.02*(n+1) {
			t.Errorf("a resumed table says %s s at %s rows/s: %.0f rows, not the table's %d", m[1], m[2], rows, n+1)
		}
	}
	for _, id := range ids {
		got := datasetSum(t, filepath.Join(dir, valuesds.DirName(id, n)))
		want := datasetSum(t, filepath.Join(whole, valuesds.DirName(id, n)))
		if got.CellsSHA256 != want.CellsSHA256 || got.Cells != want.Cells {
			t.Errorf("%s resumed: %d cells, %s; uninterrupted: %d, %s", id, got.Cells, got.CellsSHA256, want.Cells, want.CellsSHA256)
		}
	}
}

// bothWritten reports whether the dataset of each table in dir has a part
// written in its partial directory.
func bothWritten(dir string, ids []string, n int64) bool {
	for _, id := range ids {
		parts, _ := filepath.Glob(filepath.Join(valuesds.PartialDir(filepath.Join(dir, valuesds.DirName(id, n))), "part-*.parquet"))
		if len(parts) == 0 {
			return false
		}
	}
	return true
}

// TestSideBySidePlan: two tables side by side on two workers are planned
// as two one-worker runs on a CPU each, at once: the time of one of them,
// the memory of both; with one worker, one after the other.
func TestSideBySidePlan(t *testing.T) {
	plan := func(tables string, workers, cpus int) plan {
		opts, err := parseFlags([]string{"-table", tables, "-n", "10000000", "-write", "none", "-values", "0-200", "-workers", fmt.Sprint(workers)}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		opts.cpus = cpus
		return estimate(opts)
	}
	both, one := plan("gneg1,passnim", 2, 2), plan("gneg1", 1, 1)
	if both.seconds != one.seconds || both.memory != 2*one.memory-60<<20 {
		t.Errorf("two tables side by side: %.1f s, %d bytes; one table with one worker on one CPU: %.1f s, %d bytes",
			both.seconds, both.memory, one.seconds, one.memory)
	}
	if alone, each := plan("gneg1,passnim", 1, 2), plan("gneg1", 1, 2); alone.seconds != 2*each.seconds || alone.memory != each.memory {
		t.Errorf("two tables one after the other with one worker: %.1f s, %d bytes; one of them: %.1f s, %d bytes",
			alone.seconds, alone.memory, each.seconds, each.memory)
	}
}

// TestSideBySideErrors: tables side by side, computed by a stand-in that
// sweeps until stopped: a table that fails stops the one beside it (which
// sees its context end) and the one not begun, and its error comes first,
// the other tables' own errors follow it. A table whose claims fail stops
// nothing, and once every table is done the run returns that error, each
// table's summary printed in order.
func TestSideBySideErrors(t *testing.T) {
	opts, err := parseFlags([]string{"-table", "gneg1,gstarneg1,passnim", "-n", "1000", "-write", "none", "-values", "0-40", "-workers", "2", "-quiet"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	failure := errors.New("disk full")
	for _, tc := range []struct {
		name      string
		fails     error // what gneg1 returns
		want      error
		completed string // the tables whose stand-in ran to its end, in order (a failed one prints too)
	}{
		{"failure", failure, failure, "gneg1 "},
		{"claims", fmt.Errorf("%w: 1 of 3 claims on gneg1 fail", errClaimsFail), errClaimsFail, "gneg1 gstarneg1 passnim "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			started := make(chan struct{})
			compute := func(ctx context.Context, r tables.Ruleset, o options, bar progress, stdout, stderr io.Writer) error {
				if o.cfg.Workers != 1 {
					return fmt.Errorf("%s: %d workers, want 1 a table", r.ID, o.cfg.Workers)
				}
				switch r.ID {
				case "gneg1":
					<-started // the table beside it is sweeping
					fmt.Fprintf(stdout, "%s ", r.ID)
					return tc.fails
				case "gstarneg1":
					close(started)
					select {
					case <-ctx.Done():
						return fmt.Errorf("%s: %w", r.ID, bandrun.ErrInterrupted)
					case <-time.After(200 * time.Millisecond):
					}
				}
				fmt.Fprintf(stdout, "%s ", r.ID)
				return nil
			}
			var out strings.Builder
			err := computeSideBySide(context.Background(), opts, 2, compute, &out, io.Discard)
			if !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), tc.want.Error()) {
				t.Errorf("returned %v, want %v first", err, tc.want)
			}
			if tc.name == "failure" && (!strings.Contains(err.Error(), "gstarneg1: interrupted") || !strings.Contains(err.Error(), "passnim: interrupted before it started")) {
				t.Errorf("returned %v: it does not say how the other tables stopped", err)
			}
			if out.String() != tc.completed {
				t.Errorf("printed %q, want %q", out.String(), tc.completed)
			}
		})
	}
}
