package bandrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/fulldisk"
	"github.com/grundy-lab/grundy/results/valuesds"
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
		values bool
	}{
		{"gneg1", 20000, 0, 200, [2]int64{0, 20000}, false},
		{"gneg1", 20000, 0, 200, [2]int64{0, 20000}, true},
		{"passnim", 9000, 3, 70, [2]int64{0, 9000}, true},
		{"gstarneg1", 9000, 0, 40, [2]int64{5000, 8000}, false},
		{"gstarneg1", 9000, 0, 40, [2]int64{5000, 8000}, true},
	} {
		t.Run(fmt.Sprintf("%s/values=%v", tc.id, tc.values), func(t *testing.T) {
			job := testJob(t, tc.id, tc.n, tc.lo, tc.hi, t.TempDir())
			job.Rows = tc.rows
			whole := job // no values dataset, other blocks: the same sum
			whole.block, whole.Out = 0, t.TempDir()
			want, err := Run(context.Background(), whole)
			if err != nil {
				t.Fatal(err)
			}
			job.WriteValues = tc.values
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
					if tc.values {
						checkDataset(t, got.Path, want)
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

// TestResumeKeepsTheBlocksOfTheRun: a run begun in blocks of another
// length than the default (as an earlier version's were) goes on in its
// blocks after -resume, its parts those of a run never stopped in those
// blocks.
func TestResumeKeepsTheBlocksOfTheRun(t *testing.T) {
	job := testJob(t, "gneg1", 5000, 0, 200, t.TempDir())
	job.WriteValues, job.block = true, 1024
	whole := job
	whole.Out = t.TempDir()
	want, err := Run(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	interruptedOnce(t, job)
	job.block, job.Resume = 0, true
	got, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	if got.Resumed == 0 {
		t.Fatal("the run started afresh")
	}
	checkDataset(t, got.Path, want)
	parts := func(dir string) []valuesds.Part {
		d, err := valuesds.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		return d.Manifest.Parts
	}
	if a, b := parts(got.Path), parts(want.Path); !slices.Equal(a, b) {
		t.Errorf("resumed in the default blocks: parts %v, want those of blocks of %d rows, %v", a, job.block, b)
	}
}

// TestBlockRows: a part holds about 2²⁴ cells of values at most V, 2²²
// when the values are too many to stream, in 2¹⁰ to 2¹⁶ rows.
func TestBlockRows(t *testing.T) {
	tests := []struct {
		lo, hi int32
		want   int64
	}{
		{0, 200, 65536},    // 201·2¹⁶ ≤ 2²⁴
		{0, 256, 32768},    // 257·2¹⁶ > 2²⁴
		{0, 30, 65536},     // 2¹⁶ rows at most
		{0, 4095, 4096},    // 4096 values stream: 2²⁴/2¹²
		{0, 4096, 1024},    // 4097 do not: 2²²/4097 rounded down, 2¹⁰
		{4000, 8000, 2048}, // 4001 values stream; 8001 a row are counted
		{0, 1 << 20, 1024}, // 2¹⁰ rows at least
	}
	for _, tt := range tests {
		j := Job{Values: results.ValueRange{Lo: tt.lo, Hi: tt.hi}}
		if got := j.blockRows(); got != tt.want {
			t.Errorf("values %d-%d: %d rows, want %d", tt.lo, tt.hi, got, tt.want)
		}
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

// checkDataset reads the values dataset at dir back in full (every part
// against its checksum, cells_sha256 recomputed) and compares it with the
// run want.
func checkDataset(t *testing.T, dir string, want Result) {
	t.Helper()
	m, err := valuesds.Check(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Cells != want.Cells || m.CellsSHA256 != want.Sum || m.Sweep != valuesds.SweepBand {
		t.Fatalf("dataset: %d cells, sum %s, sweep %s; want %d, %s, band", m.Cells, m.CellsSHA256, m.Sweep, want.Cells, want.Sum)
	}
}

// TestFullDiskKeepsTheLastState fills the disk while a values dataset is
// written: the run fails naming the cause and how to go on, the last state
// file and the finished parts stay, and -resume (with room again) finishes
// with the cells of an uninterrupted run.
func TestFullDiskKeepsTheLastState(t *testing.T) {
	dir := t.TempDir()
	job := testJob(t, "gneg1", 20000, 0, 100, dir)
	want, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	job.WriteValues, job.block, job.Checkpoint = true, 1000, 0
	job.wrapPart = fulldisk.New(150000).Wrap // a few parts of 1000 rows, then the disk is full
	_, err = Run(context.Background(), job)
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "rerun with -resume") {
		t.Fatalf("got %v, want ENOSPC with how to resume", err)
	}
	state := filepath.Join(dir, StateFileName("gneg1", 20000))
	if _, err := os.Stat(state); err != nil {
		t.Fatalf("the state file is gone: %v", err)
	}
	parts, _ := filepath.Glob(filepath.Join(valuesds.PartialDir(filepath.Join(dir, valuesds.DirName("gneg1", 20000))), "part-*.parquet"))
	if len(parts) == 0 {
		t.Fatal("no finished part kept")
	}
	job.wrapPart, job.Resume = nil, true
	got, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	if got.Resumed == 0 {
		t.Error("the run started afresh instead of resuming")
	}
	checkDataset(t, got.Path, want)
}

// TestFullDiskBeforeTheFirstState fills the disk at the first part of a run
// that has saved no state yet: the error says so, and does not send the
// user to -resume.
func TestFullDiskBeforeTheFirstState(t *testing.T) {
	dir := t.TempDir()
	job := testJob(t, "gneg1", 20000, 0, 100, dir)
	job.WriteValues, job.block, job.Checkpoint = true, 1000, time.Hour
	job.wrapPart = fulldisk.New(0).Wrap
	_, err := Run(context.Background(), job)
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "no state file was saved yet") || strings.Contains(err.Error(), "-resume") {
		t.Fatalf("got %v, want ENOSPC saying that no state was saved", err)
	}
}

// TestResumeRefusesAlteredState rewrites the state file of an interrupted
// run with one field changed and a valid checksum, as a buggy or foreign
// program would: each is refused, and the unchanged one, rewritten the
// same way, resumes to the uninterrupted run's cells.
func TestResumeRefusesAlteredState(t *testing.T) {
	tests := []struct {
		name   string
		values bool
		alter  func(cp *checkpoint, p *valuesds.Progress, st *band.State)
		want   string
	}{
		{"unchanged", false, func(*checkpoint, *valuesds.Progress, *band.State) {}, ""},
		{"unchanged, values", true, func(*checkpoint, *valuesds.Progress, *band.State) {}, ""},
		{"header a block later", false, func(cp *checkpoint, _ *valuesds.Progress, _ *band.State) { cp.Next += 1000 }, "band state is at row"},
		{"header and band a block later", false, func(cp *checkpoint, _ *valuesds.Progress, st *band.State) {
			cp.Next += 1000
			st.Next += 1000
		}, "cells_sha256 state has taken"},
		{"no cells_sha256 state", false, func(cp *checkpoint, _ *valuesds.Progress, _ *band.State) { cp.CellSum = nil }, "cells_sha256 state"},
		{"negative seconds", false, func(cp *checkpoint, _ *valuesds.Progress, _ *band.State) { cp.Seconds = -1 }, "out of range"},
		{"row beyond n", false, func(cp *checkpoint, _ *valuesds.Progress, st *band.State) {
			cp.Next, st.Next = 1<<40, 1<<40
		}, "out of range"},
		{"progress a block earlier", true, func(_ *checkpoint, p *valuesds.Progress, _ *band.State) { p.NextRow -= 1000 }, "goes on from row"},
		{"part's checksum", true, func(_ *checkpoint, p *valuesds.Progress, _ *band.State) {
			p.Parts[0].SHA256 = strings.Repeat("0", 64)
		}, "damaged"},
		{"other write", true, func(cp *checkpoint, _ *valuesds.Progress, _ *band.State) { cp.Write = "none" }, "-write"},
		{"earlier version's state", false, func(cp *checkpoint, _ *valuesds.Progress, _ *band.State) {
			cp.Format = checkpointFormat1
		}, "earlier version, whose cells_sha256 is of grundy-values/2"},
		{"dataset begun in format 2", true, func(_ *checkpoint, p *valuesds.Progress, _ *band.State) { p.Format = "" }, "begun in grundy-values/2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := testJob(t, "gneg1", 20000, 0, 30, t.TempDir())
			job.WriteValues = tt.values
			whole := job
			whole.Out = t.TempDir()
			want, err := Run(context.Background(), whole)
			if err != nil {
				t.Fatal(err)
			}
			path := interruptedOnce(t, job)
			rewriteState(t, path, tt.alter)
			job.Resume = true
			got, err := Run(context.Background(), job)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got.Sum != want.Sum || got.Cells != want.Cells {
					t.Fatalf("resumed to %d cells, sum %s; want %d, %s", got.Cells, got.Sum, want.Cells, want.Sum)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("resumed with %d cells, sum %s, error %v; want an error with %q", got.Cells, got.Sum, err, tt.want)
			}
		})
	}
}

// rewriteState reads the state file at path, lets alter change it, and
// writes it back with a valid checksum.
func rewriteState(t *testing.T, path string, alter func(*checkpoint, *valuesds.Progress, *band.State)) {
	t.Helper()
	var cp checkpoint
	body, err := results.LoadStateInto(path, &cp, maxCheckpointBytes)
	if err != nil {
		t.Fatal(err)
	}
	var st band.State
	if err := st.UnmarshalBinary(body); err != nil {
		t.Fatal(err)
	}
	var p valuesds.Progress
	if cp.Progress != nil {
		if err := json.Unmarshal(cp.Progress, &p); err != nil {
			t.Fatal(err)
		}
	}
	alter(&cp, &p, &st)
	if cp.Progress != nil {
		if cp.Progress, err = json.Marshal(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := saveCheckpoint(path, cp, st, nil); err != nil {
		t.Fatal(err)
	}
}

// TestInterruptAtAnyRowResumes cancels runs, as Ctrl-C does, while the
// sweep hands over chosen rows: the last row of a block (the block is
// complete but not yet remembered), the middle of a block, the first row
// of the window; with and without -checkpoint, with and without -rows.
// Every interruption must leave a state file that -resume takes, and the
// resumed dataset must hold the uninterrupted run's cells; one in the
// window's last, short block lets the run finish instead.
func TestInterruptAtAnyRowResumes(t *testing.T) {
	const n, block = 20000, 1000
	for _, tc := range []struct {
		name       string
		rows       [2]int64
		checkpoint time.Duration
		stops      []int64 // the rows at which the run is cancelled, in turn
	}{
		{"block ends", [2]int64{0, n}, 0, []int64{block - 1, 3*block - 1, 7*block - 1}},
		{"block ends, checkpoint 1h", [2]int64{0, n}, time.Hour, []int64{block - 1, 4*block - 1, 9*block - 1}},
		{"mid-block", [2]int64{0, n}, 0, []int64{block / 2, 5*block + 300, 11*block + 999}},
		{"mid-block, checkpoint 1h", [2]int64{0, n}, time.Hour, []int64{1500, 2500, 12345}},
		{"rows, block ends", [2]int64{5500, 15000}, 0, []int64{999, 5499, 6499, 9499}},
		{"rows, mid-block, checkpoint 1h", [2]int64{5500, 15000}, time.Hour, []int64{5000, 5500, 8000, 14999}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job := testJob(t, "gneg1", n, 0, 100, t.TempDir())
			job.Rows = tc.rows
			whole := job
			whole.Out = t.TempDir()
			want, err := Run(context.Background(), whole)
			if err != nil {
				t.Fatal(err)
			}
			job.WriteValues, job.Checkpoint, job.Resume = true, tc.checkpoint, true
			for _, stop := range tc.stops {
				ctx, cancel := context.WithCancel(context.Background())
				job.onRows = func(last int64) {
					if last >= stop {
						cancel()
					}
				}
				got, err := Run(ctx, job)
				cancel()
				if err == nil && stop >= tc.rows[1]-block {
					// Cancelled in the last, short block: the run finishes.
					checkDataset(t, got.Path, want)
					return
				}
				if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "-resume") {
					t.Fatalf("cancelled at row %d: got %v, want an interruption saying how to resume", stop, err)
				}
			}
			job.onRows = nil
			got, err := Run(context.Background(), job)
			if err != nil {
				t.Fatal(err)
			}
			if got.Resumed == 0 {
				t.Error("the last run started afresh")
			}
			checkDataset(t, got.Path, want)
		})
	}
}

// TestFullDiskWhileSavingAState fills the disk as a state file is written,
// after a few good ones, with and without a values dataset: the error names
// the row of the last good state file and says to free space and -resume,
// and -resume finishes with the uninterrupted run's cells. (It said "the
// last good state file, if any, is kept", without its row or what to do.)
func TestFullDiskWhileSavingAState(t *testing.T) {
	for _, values := range []bool{false, true} {
		t.Run(fmt.Sprintf("values=%v", values), func(t *testing.T) {
			job := testJob(t, "gneg1", 20000, 0, 100, t.TempDir())
			want, err := Run(context.Background(), job)
			if err != nil {
				t.Fatal(err)
			}
			job.WriteValues, job.Checkpoint = values, 0
			disk := fulldisk.New(1 << 30)
			job.wrapState = disk.Wrap
			job.onRows = func(last int64) {
				if last >= 5500 {
					disk.SetLeft(0)
				}
			}
			_, err = Run(context.Background(), job)
			if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "(row 5000)") ||
				!strings.Contains(err.Error(), "free space and rerun with -resume") {
				t.Fatalf("got %v, want ENOSPC naming the state file of row 5000 and how to resume", err)
			}
			job.wrapState, job.onRows, job.Resume = nil, nil, true
			got, err := Run(context.Background(), job)
			if err != nil {
				t.Fatal(err)
			}
			if got.Resumed != 5000 || got.Sum != want.Sum || got.Cells != want.Cells {
				t.Fatalf("resumed at row %d to %d cells, %s; want row 5000, %d cells, %s", got.Resumed, got.Cells, got.Sum, want.Cells, want.Sum)
			}
		})
	}
}

// TestForgedCellsStateCaughtByVerify: a state file's SHA-256 guards
// against accidents, not forgery. A cells_sha256 state edited and the file
// re-signed is resumed (compute cannot tell it from the parts without
// decoding them all, hours at n = 10⁹), and the dataset it publishes is
// refused by a whole scan, as verify -in makes one: damaged, naming the
// manifest's cells_sha256.
func TestForgedCellsStateCaughtByVerify(t *testing.T) {
	job := testJob(t, "gneg1", 20000, 0, 30, t.TempDir())
	job.WriteValues = true
	path := interruptedOnce(t, job)
	rewriteState(t, path, func(_ *checkpoint, p *valuesds.Progress, _ *band.State) {
		p.CellsState[12] ^= 1 // a byte of the rows hash's state: its length stays right
	})
	job.Resume = true
	if _, err := Run(context.Background(), job); err != nil {
		t.Fatalf("the forged state was refused after all (then say so in docs/compute.md): %v", err)
	}
	d, err := valuesds.Open(filepath.Join(job.Out, valuesds.DirName("gneg1", 20000)))
	if err != nil {
		t.Fatal(err)
	}
	err = d.Scan(context.Background(), func(int64, []int32, []int64, []int32) error { return nil }, valuesds.ScanOptions{})
	var damage *valuesds.DamageError
	if !errors.As(err, &damage) || !strings.Contains(err.Error(), "cells_sha256") {
		t.Fatalf("the whole scan of the dataset resumed from a forged state: %v", err)
	}
}

// TestResumeSaysWhatIsLeft: a resumed run notes the state file, the row it
// goes on from, of how many, and the time left at the pace before.
func TestResumeSaysWhatIsLeft(t *testing.T) {
	job := testJob(t, "gneg1", 20000, 0, 200, t.TempDir())
	statePath := interruptedOnce(t, job)
	var notes []string
	job.Resume, job.Notes = true, func(msg string) { notes = append(notes, msg) }
	if _, err := Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "gneg1: resuming from "+statePath+" at row ") ||
		!strings.Contains(notes[0], " of 20001 (") || !strings.HasSuffix(notes[0], " left at that pace") {
		t.Errorf("notes %q", notes)
	}
}

// TestResumeNote: the rest is the time so far scaled by the rows left over
// the rows swept (4592.7 s · 2108990465 / 7891009536 = 1227.5 s), and none
// is given before a row is swept.
func TestResumeNote(t *testing.T) {
	for _, tc := range []struct {
		next, rows int64
		seconds    float64
		want       string
	}{
		{25, 100, 10, "t: resuming from s at row 25 of 100 (25.0% swept, in 10s): about 30s left at that pace"},
		{7_891_009_536, 10_000_000_001, 4592.7, "t: resuming from s at row 7891009536 of 10000000001 (78.9% swept, in 1h16m33s): about 20m27s left at that pace"},
		{0, 100, 0, "t: resuming from s at row 0 of 100 (0.0% swept, in 0s)"},
	} {
		if got := resumeNote("t", "s", tc.next, tc.rows, tc.seconds); got != tc.want {
			t.Errorf("resumeNote(%d, %d, %g) = %q, want %q", tc.next, tc.rows, tc.seconds, got, tc.want)
		}
	}
}
