package fullrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/fulldisk"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// testJob is a full sweep of gneg1 at n = 300 in bands of 16 rows, values
// 0–20 in parts of 32 rows, saving after every block.
func testJob(t testing.TB, dir string, writeValues bool) Job {
	t.Helper()
	r, ok := tables.Lookup("gneg1")
	if !ok {
		t.Fatal("no gneg1")
	}
	return Job{Table: r, N: 300, Engine: engine.Config{Workers: 2, Tile: 16}, Out: dir, WriteValues: writeValues,
		Values: results.ValueRange{Lo: 0, Hi: 20}, block: 32}
}

// interrupted runs job until about half the table is done, then cancels
// it: the run must save its state and say it was interrupted.
func interrupted(t testing.TB, job Job) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job.Progress = func(done, total int64) {
		if 2*done >= total {
			cancel()
		}
	}
	_, err := Run(ctx, job)
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("a cancelled run: %v, want ErrInterrupted", err)
	}
	if _, err := os.Stat(filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))); err != nil {
		t.Fatalf("the interrupted run saved no state: %v", err)
	}
}

// mustRun runs job to the end.
func mustRun(t testing.TB, job Job) Result {
	t.Helper()
	res, err := Run(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// sameResult fails unless a and b report the same table and dataset.
func sameResult(t *testing.T, what string, got, want Result) {
	t.Helper()
	if got.GSHA256 != want.GSHA256 || got.MaxValue != want.MaxValue || got.CellsSHA256 != want.CellsSHA256 || got.ValuesCells != want.ValuesCells {
		t.Fatalf("%s: %+v, uninterrupted %+v", what, got, want)
	}
}

// TestInterruptAndResume: a run interrupted half way and resumed ends with
// the checksums and the dataset (every part's bytes) of an uninterrupted
// run, for -write values and none, and leaves no state file.
func TestInterruptAndResume(t *testing.T) {
	for _, values := range []bool{true, false} {
		whole := testJob(t, t.TempDir(), values)
		want := mustRun(t, whole)
		job := testJob(t, t.TempDir(), values)
		interrupted(t, job)
		job.Resume = true
		got := mustRun(t, job)
		if got.Resumed == 0 {
			t.Fatalf("values %t: resumed at row 0", values)
		}
		sameResult(t, fmt.Sprintf("values %t", values), got, want)
		if values {
			a, _ := valuesds.Open(whole.datasetDir())
			b, err := valuesds.Check(context.Background(), job.datasetDir())
			if err != nil || !slices.Equal(a.Manifest.Parts, b.Parts) || b.Sweep != valuesds.SweepFull {
				t.Fatalf("resumed dataset: %v, %+v", err, b)
			}
		}
		if _, err := os.Stat(filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))); !os.IsNotExist(err) {
			t.Errorf("values %t: the state file is left: %v", values, err)
		}
	}
}

// TestResumeRefusesAFlippedPart flips one bit of a finished part before
// -resume: the resume is refused as damage, naming the part.
func TestResumeRefusesAFlippedPart(t *testing.T) {
	job := testJob(t, t.TempDir(), true)
	interrupted(t, job)
	part := filepath.Join(valuesds.PartialDir(job.datasetDir()), valuesds.PartName(32))
	flipBit(t, part)
	job.Resume = true
	_, err := Run(context.Background(), job)
	if !errors.Is(err, valuesds.ErrDamaged) || !strings.Contains(err.Error(), part) {
		t.Fatalf("resume over a flipped part: %v, want damage naming %s", err, part)
	}
}

// TestResumeRefusesAlteredState rewrites the state file of an interrupted
// run with one field changed and a valid checksum: every such state is
// refused, and the unchanged one (rewritten the same way) resumes.
func TestResumeRefusesAlteredState(t *testing.T) {
	tests := []struct {
		name   string
		values bool
		alter  func(cp *checkpoint, p *valuesds.Progress, engineState *[]byte)
		want   string
	}{
		{"unchanged", true, func(*checkpoint, *valuesds.Progress, *[]byte) {}, ""},
		{"unchanged, none", false, func(*checkpoint, *valuesds.Progress, *[]byte) {}, ""},
		{"rows a block earlier", true, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Rows -= 32 }, "g_sha256 state has taken"},
		{"progress a block earlier", true, func(_ *checkpoint, p *valuesds.Progress, _ *[]byte) { p.NextRow -= 32 }, "values dataset goes on from row"},
		{"rows a band earlier, none", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Rows -= 16 }, "g_sha256 state has taken"},
		{"rows not a band", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Rows++ }, "not a whole number of bands"},
		{"rows beyond n", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Rows = 1 << 20 }, "not a whole number of bands"},
		{"rows and progress a block earlier", true, func(cp *checkpoint, p *valuesds.Progress, _ *[]byte) {
			cp.Rows -= 32
			p.NextRow -= 32
			p.Parts = p.Parts[:len(p.Parts)-1]
		}, "g_sha256 state has taken"},
		{"largest value out of range", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Sum.MaxValue = 1 << 20 }, "largest value"},
		{"sum of no cells", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) {
			st, _ := results.NewTableSum().State()
			cp.Sum.Hash = st.Hash
		}, "g_sha256 state has taken 0 cells"},
		{"cells miscounted", true, func(_ *checkpoint, p *valuesds.Progress, _ *[]byte) { p.Cells++ }, "cells"},
		{"part's cells miscounted", true, func(_ *checkpoint, p *valuesds.Progress, _ *[]byte) { p.Parts[0].Cells++; p.Cells++ }, "cells"},
		{"part's checksum", true, func(_ *checkpoint, p *valuesds.Progress, _ *[]byte) {
			p.Parts[0].SHA256 = strings.Repeat("0", 64)
		}, "damaged"},
		{"block size", true, func(_ *checkpoint, p *valuesds.Progress, _ *[]byte) { p.BlockRows = 64 }, "blocks of 64 rows"},
		{"no progress", true, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Progress = nil }, "values progress false"},
		{"other tile", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Tile = 32 }, "-tile 32"},
		{"other values", true, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Values = "0-19" }, "-values 0-19"},
		{"other write", true, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Write = "none" }, "-write none"},
		{"negative seconds", false, func(cp *checkpoint, _ *valuesds.Progress, _ *[]byte) { cp.Seconds = -1 }, "time"},
		{"engine state cut", false, func(_ *checkpoint, _ *valuesds.Progress, st *[]byte) { *st = (*st)[:len(*st)/2] }, "state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := testJob(t, t.TempDir(), tt.values)
			want := mustRun(t, testJob(t, t.TempDir(), tt.values))
			interrupted(t, job)
			rewriteState(t, job, tt.alter)
			job.Resume = true
			got, err := Run(context.Background(), job)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				sameResult(t, tt.name, got, want)
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("resumed with %+v, %v; want an error with %q", got, err, tt.want)
			}
		})
	}
}

// rewriteState reads the state file of job, lets alter change it, and
// writes it back with a valid checksum.
func rewriteState(t *testing.T, job Job, alter func(*checkpoint, *valuesds.Progress, *[]byte)) {
	t.Helper()
	path := filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))
	var cp checkpoint
	body, err := results.LoadStateInto(path, &cp, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	var p valuesds.Progress
	if cp.Progress != nil {
		if err := json.Unmarshal(cp.Progress, &p); err != nil {
			t.Fatal(err)
		}
	}
	alter(&cp, &p, &body)
	if cp.Progress != nil {
		if cp.Progress, err = marshalProgress(p); err != nil {
			t.Fatal(err)
		}
	}
	err = results.SaveState(path, cp, func(w io.Writer) error {
		_, err := w.Write(body)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFullDiskKeepsStateAndParts fills the disk while a part is written:
// the run fails saying so and how to resume, keeps its last state file and
// finished parts, and -resume after space is freed ends with the
// checksums of an uninterrupted run.
func TestFullDiskKeepsStateAndParts(t *testing.T) {
	want := mustRun(t, testJob(t, t.TempDir(), true))
	job := testJob(t, t.TempDir(), true)
	job.wrapPart = fulldisk.New(20000).Wrap
	_, err := Run(context.Background(), job)
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "free space and rerun with -resume") {
		t.Fatalf("a full disk gave %v", err)
	}
	statePath := filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))
	var cp checkpoint
	if _, err := results.LoadStateInto(statePath, &cp, 1<<30); err != nil || cp.Rows == 0 {
		t.Fatalf("the state file after the full disk: %v, row %d", err, cp.Rows)
	}
	entries, _ := os.ReadDir(valuesds.PartialDir(job.datasetDir()))
	if len(entries) < cp.Rows/32 {
		t.Fatalf("the state is at row %d, but only %d parts are kept", cp.Rows, len(entries))
	}
	job.wrapPart, job.Resume = nil, true
	got := mustRun(t, job)
	if got.Resumed != cp.Rows {
		t.Fatalf("resumed at row %d, the state file at %d", got.Resumed, cp.Rows)
	}
	sameResult(t, "after a full disk", got, want)
}

// TestBlockRows: a block is about 2²² cells kept at one of each value a
// row, at most 2²⁶ cells of the table, a whole number of bands, and one
// band without a values dataset.
func TestBlockRows(t *testing.T) {
	tests := []struct {
		n, tile int
		lo, hi  int32
		values  bool
		want    int
	}{
		{10000, 128, 0, 200, true, 6656}, // 2²⁶/10001 = 6710 rows of the table, in bands of 128
		{3000, 128, 0, 200, true, 16384}, // 2²²/201: 2¹⁴ rows
		{3000, 100, 0, 200, true, 16300}, // … in bands of 100
		{300, 16, 0, 20, true, 65536},    // 2¹⁶ rows at most
		{300, 16, 0, 100000, true, 8192}, // 301 cells a row at most
		{1000000, 128, 0, 40, true, 128}, // at least one band
		{10000, 128, 0, 200, false, 128}, // a band without a dataset
		{100, 101, 0, 0, true, 65448},    // the tile is the table
	}
	for _, tt := range tests {
		j := Job{N: tt.n, Engine: engine.Config{Tile: tt.tile}, WriteValues: tt.values, Values: results.ValueRange{Lo: tt.lo, Hi: tt.hi}}
		if got := j.blockRows(); got != tt.want {
			t.Errorf("n %d tile %d values %d-%d (%t): %d rows, want %d", tt.n, tt.tile, tt.lo, tt.hi, tt.values, got, tt.want)
		}
	}
}

// TestInterruptAtTheEnd cancels a run at its last band: the sweep is done,
// so the run commits its files and the result is an uninterrupted run's.
func TestInterruptAtTheEnd(t *testing.T) {
	want := mustRun(t, testJob(t, t.TempDir(), true))
	job := testJob(t, t.TempDir(), true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job.Progress = func(done, total int64) {
		if done+int64(job.N+1)*16 >= total {
			cancel()
		}
	}
	var notes []string
	job.Notes = func(msg string) { notes = append(notes, msg) }
	got, err := Run(ctx, job)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "interrupted: finishing rows") {
		t.Fatalf("notes %q: the run did not finish its last block after the interruption", notes)
	}
	sameResult(t, "interrupted at the end", got, want)
}

// TestTableFileIsTheCheckpoint interrupts a run that writes the table file
// and the values dataset: the run stops with TableFileStopped (the caller
// suspends the table file) and removes the dataset's partial directory;
// resumed from the table file's rows, which are replayed to the dataset,
// it ends with the uninterrupted run's table and dataset.
func TestTableFileIsTheCheckpoint(t *testing.T) {
	want := mustRun(t, testJob(t, t.TempDir(), true))
	job := testJob(t, t.TempDir(), true)
	path := filepath.Join(job.Out, results.FileName(job.Table.ID, job.N))
	info := results.Info{Table: job.Table.ID, Symbol: job.Table.Symbol, N: job.N, Definition: job.Table.Definition,
		Source: job.Table.Source, Compression: results.Zstd, Workers: 2, Tile: job.Engine.Tile}
	w, err := results.Create(path, info)
	if err != nil {
		t.Fatal(err)
	}
	w.CheckpointEvery(0)
	job.TableFile = w
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	job.Progress = func(done, total int64) {
		if 2*done >= total {
			cancel()
		}
	}
	_, err = Run(ctx, job)
	var stopped *TableFileStopped
	if !errors.As(err, &stopped) || !stopped.Interrupted {
		t.Fatalf("an interrupted run with a table file: %v", err)
	}
	rows, err := w.Suspend()
	if err != nil || rows == 0 {
		t.Fatalf("Suspend: %d rows, %v", rows, err)
	}
	if _, err := os.Stat(valuesds.PartialDir(job.datasetDir())); !os.IsNotExist(err) {
		t.Fatalf("the values dataset's partial directory is left: %v", err)
	}
	if job.TableFile, err = results.Resume(path); err != nil {
		t.Fatal(err)
	}
	job.Progress = nil
	got := mustRun(t, job)
	if got.Resumed != rows {
		t.Fatalf("resumed at row %d, the table file saved %d", got.Resumed, rows)
	}
	sameResult(t, "resumed from the table file", got, want)
}

// TestResumeOfACompleteDataset: -resume over a complete dataset with no
// state file reports it complete after reading it through; over one with a
// damaged part it says so and computes the dataset again.
func TestResumeOfACompleteDataset(t *testing.T) {
	job := testJob(t, t.TempDir(), true)
	want := mustRun(t, job)
	job.Resume = true
	if got := mustRun(t, job); !got.Complete || got.CellsSHA256 != want.CellsSHA256 {
		t.Fatalf("-resume over the complete dataset: %+v", got)
	}
	flipBit(t, filepath.Join(job.datasetDir(), valuesds.PartName(64)))
	var notes []string
	job.Notes = func(msg string) { notes = append(notes, msg) }
	got := mustRun(t, job)
	if got.Complete || len(notes) == 0 || !strings.Contains(notes[0], "is not the complete dataset of this run") {
		t.Fatalf("-resume over a damaged dataset: %+v, notes %q", got, notes)
	}
	sameResult(t, "computed again", got, want)
	if _, err := valuesds.Check(context.Background(), job.datasetDir()); err != nil {
		t.Fatal(err)
	}
}

// flipBit flips one bit in the middle of the file path.
func flipBit(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 4
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
