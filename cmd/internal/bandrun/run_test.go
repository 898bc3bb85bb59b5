package bandrun

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// testJob is a band run of id over 0 … n, values lo … hi, into dir.
func testJob(t *testing.T, id string, n int64, lo, hi int32, dir string) Job {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %s", id)
	}
	return Job{Table: r, N: n, Values: results.ValueRange{Lo: lo, Hi: hi}, Rows: [2]int64{0, n}, Out: dir, Workers: 2, block: 1000}
}

// TestInterruptedRunsResumeToTheSameCells stops runs at many blocks (as
// Ctrl-C does) and resumes each until it finishes: the cells' checksum and
// count must be those of an uninterrupted run, and no state file is left.
func TestInterruptedRunsResumeToTheSameCells(t *testing.T) {
	for _, tc := range []struct {
		id     string
		n      int64
		lo, hi int32
		rows   [2]int64
	}{
		{"gneg1", 20000, 0, 200, [2]int64{0, 20000}},
		{"passnim", 9000, 3, 70, [2]int64{0, 9000}},
		{"gstarneg1", 9000, 0, 40, [2]int64{5000, 8000}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			job := testJob(t, tc.id, tc.n, tc.lo, tc.hi, t.TempDir())
			job.Rows = tc.rows
			whole := job
			whole.block = 0
			want, err := Run(context.Background(), whole)
			if err != nil {
				t.Fatal(err)
			}
			job.Resume = true
			for stopAfter := 1; ; stopAfter++ {
				ctx, cancel := context.WithCancel(context.Background())
				calls := 0
				job.Progress = func(done, total int64) {
					if calls++; calls == stopAfter%3+1 {
						cancel()
					}
				}
				got, err := Run(ctx, job)
				cancel()
				if err == nil {
					if got.Sum != want.Sum || got.Cells != want.Cells {
						t.Fatalf("after %d interruptions: %d cells, sum %s; uninterrupted: %d cells, sum %s",
							stopAfter-1, got.Cells, got.Sum, want.Cells, want.Sum)
					}
					if stopAfter < 3 {
						t.Fatalf("only %d interruptions: the test needs more blocks", stopAfter-1)
					}
					break
				}
				if !errors.Is(err, ErrInterrupted) {
					t.Fatal(err)
				}
			}
			if _, err := os.Stat(filepath.Join(job.Out, StateFileName(tc.id, tc.n))); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the state file is left behind: %v", err)
			}
		})
	}
}

// interruptedOnce runs job until its first checkpoint and stops it there,
// leaving its state file.
func interruptedOnce(t *testing.T, job Job) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	job.Progress = func(int64, int64) { cancel() }
	if _, err := Run(ctx, job); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("want an interruption, got %v", err)
	}
	return filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))
}

// TestResumeRefusesDamagedOrForeignStates flips every byte of a state file
// in turn, cuts it short, and resumes with other flags: each is refused
// with a message saying what to do, never resumed into other cells.
func TestResumeRefusesDamagedOrForeignStates(t *testing.T) {
	job := testJob(t, "gneg1", 20000, 0, 30, t.TempDir())
	path := interruptedOnce(t, job)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	job.Resume = true
	step := max(1, len(good)/300)
	for i := 0; i < len(good); i += step {
		bad := append([]byte(nil), good...)
		bad[i] ^= 0x10
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Run(context.Background(), job); err == nil || !strings.Contains(err.Error(), "start afresh") {
			t.Fatalf("byte %d flipped: got %v, want a refusal that says to start afresh", i, err)
		}
	}
	if err := os.WriteFile(path, good[:len(good)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), job); err == nil {
		t.Fatal("a state file cut short was resumed")
	}
	for _, change := range []func(*Job){
		func(j *Job) { j.Values.Hi = 31 },
		func(j *Job) { j.Values.Lo = 1 },
		func(j *Job) { j.Rows[0] = 1 },
		func(j *Job) { j.WriteValues = true },
	} {
		if err := os.WriteFile(path, good, 0o644); err != nil {
			t.Fatal(err)
		}
		other := job
		change(&other)
		if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "same flags") {
			t.Fatalf("resumed a state of other flags: %v", err)
		}
	}
}
