// Package fullrun is the full sweep of compute: every cell of a table,
// computed once by the engine and fed, band by band, to each consumer of
// the run: the table file, the values dataset (results/valuesds, sweep
// "full"), the claims, and g_sha256 and the largest value of the whole
// table.
//
// A run with a table file takes that file's rows as its checkpoint (the
// caller opens it, resumed or new). A run without one (compute -write
// values or none) saves a state file: the engine's state, the running
// g_sha256, and the values dataset's valuesds.Progress. Its segments end
// at band boundaries, and the dataset's parts are one band each, so every
// checkpoint is also the end of a finished part; -resume checks every field
// of the state, then the finished parts against their sha256
// (valuesds.Resume). A failed write, a full disk included, keeps the last
// good state and the finished parts and says how to go on.
package fullrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// Job is one full sweep: every cell of Table over 0 ≤ x, y ≤ N.
type Job struct {
	Table tables.Ruleset
	N     int
	// Engine configures the sweep; its Tile must be at most N+1 (it is the
	// band height, the checkpoint unit and the rows of a values part).
	Engine engine.Config
	// Out is the directory of the values dataset and the state file.
	Out string
	// TableFile, if set, is the table file being written (opened afresh or
	// resumed by the caller): its saved rows are the run's checkpoint, and
	// Run commits it, or keeps its partial file on a failure.
	TableFile results.Writer
	// WriteValues writes the cells of Values as the values dataset.
	WriteValues bool
	Values      results.ValueRange
	// Checkpoint is the least time between two state files (without a
	// table file); 0 saves after every band.
	Checkpoint time.Duration
	// Resume continues from the state file, if there is one (without a
	// table file; with one, the caller has resumed it).
	Resume bool
	// Claims are checked on every band as it is computed. Their state is
	// not saved: with a state file, a run with claims cannot resume.
	Claims []conjecture.Claim
	// Progress, if set, is told the cells done and the cells in all, from
	// the goroutine that called Run, once at the start and after each band.
	Progress func(done, total int64)
	// Notes, if set, is told when a run resumes, or starts afresh for want
	// of a state file, in a sentence that names the table.
	Notes func(msg string)
	// wrapPart, if set, wraps the writer of each values part: tests fill
	// the disk there.
	wrapPart func(io.Writer) io.Writer
	// block, if set, replaces blockRows (a multiple of the tile): tests
	// stop runs more often.
	block int
}

// Result is what a finished run reports.
type Result struct {
	// Cells, GSHA256 and MaxValue are of the whole table.
	Cells    int64
	GSHA256  string
	MaxValue int32
	// Seconds is the run's time, the interrupted runs' included where a
	// state file recorded it (not after a table file's rows).
	Seconds float64
	// Resumed is the row the run continued from (0 for a fresh run).
	Resumed int
	// Paths are the files written: the table file, the values dataset.
	Paths []string
	// ValuesCells and CellsSHA256 are the values dataset's cells and
	// checksum, with Job.WriteValues.
	ValuesCells int64
	CellsSHA256 string
	// Complete says that -resume found the run's dataset complete and did
	// nothing (Paths names it).
	Complete bool
	Reports  []conjecture.Report
}

// ErrInterrupted is returned (wrapped) when the context ends a run: the
// message says from which row -resume goes on.
var ErrInterrupted = errors.New("interrupted")

// write is the run's -write, as the state file records it.
func (j Job) write() string {
	switch {
	case j.TableFile != nil && j.WriteValues:
		return "table,values"
	case j.TableFile != nil:
		return "table"
	case j.WriteValues:
		return "values"
	}
	return "none"
}

// datasetDir is the final name of the run's values dataset.
func (j Job) datasetDir() string {
	return filepath.Join(j.Out, valuesds.DirName(j.Table.ID, int64(j.N)))
}

// meta describes the run's values dataset.
func (j Job) meta() valuesds.Meta {
	return valuesds.Meta{
		Table: j.Table.ID, Game: j.Table.Record(), Symbol: j.Table.Symbol, Definition: j.Table.Definition, Source: j.Table.Source,
		N: int64(j.N), Values: j.Values, Sweep: valuesds.SweepFull, Rows: valuesds.RowRange{First: 0, Last: int64(j.N)},
	}
}

// valuesOptions makes the dataset's parts the run's blocks.
func (j Job) valuesOptions() valuesds.Options {
	return valuesds.Options{BlockRows: int64(j.blockRows()), WrapPart: j.wrapPart}
}

// BlockCells and blockTableCells bound a block of rows, a values part:
// about 2²² cells kept (a part of a few hundred thousand cells or fewer
// costs several times the bytes per cell in row groups and footers), and
// at most 2²⁶ cells of the table, so that the rows a Ctrl-C finishes
// before it saves take about a second, and a part never holds more than
// valuesds.MaxPartCells.
const (
	BlockCells      = 1 << 22
	blockTableCells = 1 << 26
)

// blockRows is the rows between two checkpoints of the run: with a values
// dataset, a block of whole bands (one part), as many rows as hold about
// BlockCells cells kept, counted as one of each value a row (as in the
// rook tables and Wythoff's), and at most blockTableCells cells of the
// table; a band without one.
func (j Job) blockRows() int {
	if j.block > 0 {
		return j.block
	}
	tile := j.Engine.Tile
	if !j.WriteValues {
		return tile
	}
	perRow := min(int64(j.N)+1, int64(j.Values.Hi)-int64(j.Values.Lo)+1)
	rows := int64(1) << 16
	for rows > 1 && rows*perRow > BlockCells {
		rows >>= 1
	}
	rows = min(rows, blockTableCells/(int64(j.N)+1))
	return max(tile, int(rows)/tile*tile)
}

// nextStop is the first row after x where a run with a values dataset may
// save its state: the end of x's block, or of the table.
func (j Job) nextStop(x int) int {
	block := j.blockRows()
	return min((x/block+1)*block, j.N+1)
}

// Run sweeps job's table to the end, feeding every consumer, and commits
// the files. Without a table file it saves a state file at least every
// job.Checkpoint and when ctx ends the run (then the error wraps
// ErrInterrupted), and removes it once the run is complete.
func Run(ctx context.Context, job Job) (Result, error) {
	switch {
	case job.Engine.Tile < 1 || job.Engine.Tile > job.N+1:
		return Result{}, fmt.Errorf("full sweep of %s: tile %d, want 1 … n+1 = %d", job.Table.ID, job.Engine.Tile, job.N+1)
	case job.Resume && job.TableFile == nil && len(job.Claims) > 0:
		return Result{}, fmt.Errorf("claims cannot be checked on a resumed run without a table file: their state is not saved")
	}
	if done, ok, err := job.complete(ctx); ok || err != nil {
		return done, err
	}
	r, err := start(job)
	if err != nil {
		return Result{}, err
	}
	return r.run(ctx)
}

// complete reports, under -resume without a table file, a values dataset
// already complete, of this table, n and values, read through and checked
// (valuesds.Finished, which removes the state file and partial directory
// that a kill after its publication left): the run is done. A dataset that
// fails the check is computed again, and replaced when the new one is
// complete. A check that ctx ended is an error wrapping ctx's: nothing was
// changed, and nothing is to resume.
func (j Job) complete(ctx context.Context) (Result, bool, error) {
	if !j.Resume || j.TableFile != nil || !j.WriteValues {
		return Result{}, false, nil
	}
	m, err := valuesds.Finished(ctx, j.datasetDir(), j.meta(), filepath.Join(j.Out, StateFileName(j.Table.ID, j.N)))
	if err != nil && ctx.Err() != nil {
		return Result{}, false, fmt.Errorf("%s: stopped while checking whether %s is complete; nothing was changed: %w", j.Table.ID, j.datasetDir(), ctx.Err())
	}
	if err != nil {
		j.note("%s: %s is not the complete dataset of this run (%v): computing it again", j.Table.ID, j.datasetDir(), err)
	}
	if m == nil || m.MaxValue == nil {
		return Result{}, false, nil
	}
	return Result{Cells: int64(j.N+1) * int64(j.N+1), GSHA256: m.GSHA256, MaxValue: *m.MaxValue, Paths: []string{j.datasetDir()},
		ValuesCells: m.Cells, CellsSHA256: m.CellsSHA256, Complete: true}, true, nil
}

// runner is a run in progress.
type runner struct {
	job       Job
	sw        *engine.Sweeper
	sum       *results.TableSum // g_sha256 and the largest value, always
	values    *valuesds.Writer  // with Job.WriteValues
	scratch   valuesds.Rows
	statePath string
	first     int   // the row the run resumed at
	done      int64 // cells swept, the resumed rows' included
	replay    bool  // the table file's saved rows go to the engine and the consumers first
	// replayFailed says the run stopped while the saved rows were replayed.
	replayFailed bool
	saved        int // the row of the last state file written, -1 before any
	started      time.Time
	before       float64 // seconds of the interrupted runs
}

// start makes the runner: from the table file's rows or the state file, or
// afresh.
func start(job Job) (*runner, error) {
	r := &runner{job: job, started: time.Now(), saved: -1,
		statePath: filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))}
	if job.TableFile == nil && job.Resume {
		ok, err := r.resume()
		if err != nil || ok {
			return r, err
		}
		job.note("%s: no interrupted run to resume; starting afresh", job.Table.ID)
	}
	var err error
	if r.sw, err = engine.NewSweeper(job.Table.Rules, job.N, job.Engine); err != nil {
		return nil, err
	}
	r.sum = results.NewTableSum()
	if job.TableFile != nil {
		r.first = job.TableFile.Rows()
		r.replay = r.first > 0
	} else if err := r.removeState(); err != nil {
		return nil, err
	}
	if job.WriteValues {
		if r.values, err = valuesds.Create(job.datasetDir(), job.meta(), job.valuesOptions()); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// head is the state file header of this run, without its progress.
func (r *runner) head() checkpoint {
	cp := checkpoint{Table: r.job.Table.ID, Game: r.job.Table.Identity(), N: r.job.N, Tile: r.job.Engine.Tile, Write: r.job.write()}
	if r.job.WriteValues {
		cp.Values = r.job.Values.String()
	}
	return cp
}

// resume reopens the interrupted run from its state file; ok is false (and
// nothing is open) when there is none.
func (r *runner) resume() (ok bool, err error) {
	res, err := loadCheckpoint(r.statePath, r.head(), r.job.Table, r.job.Engine)
	if errors.Is(err, results.ErrNoCheckpoint) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("%s: %w", r.job.Table.ID, err)
	}
	if res.progress != nil {
		if r.values, err = valuesds.Resume(r.job.datasetDir(), r.job.meta(), *res.progress, r.job.valuesOptions()); err != nil {
			return false, fmt.Errorf("%s: resume from %s: %w", r.job.Table.ID, filepath.Base(r.statePath), err)
		}
	}
	r.sw, r.sum, r.first, r.saved, r.before = res.sw, res.sum, res.cp.Rows, res.cp.Rows, res.cp.Seconds
	r.job.note("%s: resuming at row %d of %d", r.job.Table.ID, r.first, r.job.N+1)
	return true, nil
}

// run sweeps the table, checking the claims on it, and commits.
func (r *runner) run(ctx context.Context) (Result, error) {
	job := r.job
	width := int64(job.N + 1)
	r.progress(int64(r.first) * width)
	var reports []conjecture.Report
	var err error
	if len(job.Claims) > 0 {
		reports, err = conjecture.Run(ctx, job.Claims, map[string]conjecture.Table{job.Table.ID: r.table(ctx)}, conjecture.Options{})
	} else {
		err = r.table(ctx)(nil)
	}
	if err != nil && ctx.Err() != nil {
		return r.interrupted()
	}
	if err != nil {
		return Result{}, r.failed(err)
	}
	res, err := r.commit()
	res.Reports = reports
	return res, err
}

// interrupted ends a run that Ctrl-C stopped: a table file keeps its rows;
// without one the sweep goes on to the end of its block (a values part),
// about a second, and saves its state there, or, where that is the end of
// the table, commits the files.
func (r *runner) interrupted() (Result, error) {
	if r.job.TableFile != nil {
		return Result{}, r.tableStopped(context.Canceled, true)
	}
	if until := r.job.nextStop(r.sw.Next()); r.values != nil && until > r.sw.Next() {
		r.job.note("%s: interrupted: finishing rows %d … %d, the values part under way, to save there", r.job.Table.ID, r.sw.Next(), until-1)
		if err := r.sw.Run(context.Background(), until, func(b engine.Band) error { return r.emit(b, nil) }); err != nil {
			return Result{}, r.failed(err)
		}
	}
	if r.sw.Next() <= r.job.N {
		return Result{}, r.suspend()
	}
	res, err := r.commit()
	if err != nil {
		return Result{}, err
	}
	if len(r.job.Claims) > 0 {
		return res, fmt.Errorf("%w after the last row: the files are complete, but not every claim was checked", ErrInterrupted)
	}
	return res, nil
}

// progress reports the cells done.
func (r *runner) progress(done int64) {
	if r.job.Progress != nil {
		width := int64(r.job.N + 1)
		r.job.Progress(done, width*width)
	}
}

// table is the table as conjecture.Run reads it: a function that computes
// it, feeding each band to the run's consumers and then to visit (nil when
// no claim is checked). After a cancellation the bands that finish are
// still written, but no longer visited.
func (r *runner) table(ctx context.Context) conjecture.Table {
	return func(visit func(engine.Band) error) error {
		r.done = int64(r.first) * int64(r.job.N+1)
		emit := func(b engine.Band) error {
			if ctx.Err() != nil {
				visit = nil
			}
			return r.emit(b, visit)
		}
		if r.replay {
			r.replay = false
			if err := r.replayTable(visit); err != nil {
				r.replayFailed = true
				return err
			}
		}
		if r.job.TableFile != nil {
			return r.sw.Run(ctx, r.job.N+1, emit)
		}
		return r.segments(ctx, emit)
	}
}

// emit gives a new band b to every file and sum of the run, then to visit
// (nil when no claim is checked).
func (r *runner) emit(b engine.Band, visit func(engine.Band) error) error {
	if r.job.TableFile != nil {
		if err := r.job.TableFile.WriteBand(b); err != nil {
			return err
		}
	}
	if err := r.consume(b); err != nil {
		return err
	}
	r.done += int64(len(b.Cells))
	r.progress(r.done)
	if visit != nil {
		return visit(b)
	}
	return nil
}

// replayTable seeds the engine with the table file's saved rows and gives
// them to the other consumers and to visit.
func (r *runner) replayTable(visit func(engine.Band) error) error {
	return r.sw.Seed(r.first, func(seed func(engine.Band) error) error {
		return r.job.TableFile.Replay(func(b engine.Band) error {
			if err := seed(b); err != nil {
				return err
			}
			if err := r.consume(b); err != nil {
				return err
			}
			if visit != nil {
				return visit(b)
			}
			return nil
		})
	})
}

// consume gives band b to the sums and the values dataset.
func (r *runner) consume(b engine.Band) error {
	r.sum.Add(b.Cells)
	if r.values != nil {
		return r.values.WriteBand(b, &r.scratch)
	}
	return nil
}

// segments sweeps the table in segments of whole blocks (bands without a
// values dataset), saving a state file after each; a segment lasts about
// Checkpoint (one block with 0), or longer when saving is slow
// (nextSegment).
func (r *runner) segments(ctx context.Context, emit func(engine.Band) error) error {
	block, end := r.job.blockRows(), r.job.N+1
	blocks := 1
	for r.sw.Next() < end {
		t0 := time.Now()
		until := min(r.sw.Next()+blocks*block, end)
		if err := r.sw.Run(ctx, until, emit); err != nil {
			return err
		}
		if until == end {
			return nil
		}
		t1 := time.Now()
		if err := r.save(); err != nil {
			return err
		}
		if r.job.Checkpoint > 0 {
			blocks = nextSegment(blocks, t1.Sub(t0), time.Since(t1), r.job.Checkpoint)
		}
	}
	return nil
}

// saveTimeShare bounds the share of a run spent saving state files: a
// segment lasts at least 1/saveTimeShare times as long as its save. A state
// file holds the sparse sets' spans, 16 bytes each and about 0.16·√n per
// column (202 MB measured at n = 2·10⁵, some 2.5 GB at 10⁶), which take
// seconds to hash, write and sync, every minute with the default
// -checkpoint.
const saveTimeShare = 0.05

// nextSegment returns the blocks of the next segment, given that the last
// one swept blocks blocks in swept and saved its state in saved: as many as
// take checkpoint, or as many as take saved/saveTimeShare when that is
// longer, changing at most fourfold from one segment to the next, and at
// least one.
func nextSegment(blocks int, swept, saved, checkpoint time.Duration) int {
	if swept <= 0 {
		return blocks
	}
	target := max(checkpoint, time.Duration(float64(saved)/saveTimeShare))
	return max(1, min(4*blocks, int(float64(blocks)*float64(target)/float64(swept))))
}

// save writes the state file at the engine's row, which must be the end of
// a block: the values dataset's finished parts end there.
func (r *runner) save() error {
	cp := r.head()
	cp.Rows, cp.Seconds = r.sw.Next(), r.seconds()
	var err error
	if cp.Sum, err = r.sum.State(); err != nil {
		return err
	}
	if r.values != nil {
		p, err := r.values.ProgressAt(int64(cp.Rows))
		if err != nil {
			return fmt.Errorf("save state %s: %w", r.statePath, err)
		}
		if cp.Progress, err = marshalProgress(p); err != nil {
			return err
		}
	}
	if err := saveCheckpoint(r.statePath, cp, r.sw); err != nil {
		return err
	}
	r.saved = cp.Rows
	return nil
}

// seconds is the run time of this table so far, interrupted runs included.
func (r *runner) seconds() float64 { return r.before + time.Since(r.started).Seconds() }

// suspend saves a checkpoint after Ctrl-C and says where -resume goes on.
func (r *runner) suspend() error {
	if err := r.save(); err != nil {
		return fmt.Errorf("%w, and the checkpoint failed: %w; %s", ErrInterrupted, err, r.kept())
	}
	return fmt.Errorf("%w at row %d: the state is saved in %s: rerun with -resume (and the same -write) to go on from there",
		ErrInterrupted, r.saved, r.statePath)
}

// TableFileStopped is the error of a run with a table file that stopped
// before its end: the caller keeps the table file's saved rows (Suspend
// when Interrupted, Keep otherwise) and says how to resume, as for a run
// of the table file alone. The values dataset is removed: a resumed run
// rebuilds it from the table file's rows.
type TableFileStopped struct {
	Err         error
	Interrupted bool
	// Replay says the run stopped while the table file's saved rows were
	// read back: they may be damaged (engine.ErrKnownRows), and -resume
	// would only meet them again.
	Replay bool
}

func (e *TableFileStopped) Error() string { return e.Err.Error() }
func (e *TableFileStopped) Unwrap() error { return e.Err }

// tableStopped abandons the values dataset of a run with a table file.
func (r *runner) tableStopped(err error, interrupted bool) error {
	if r.values != nil {
		if aerr := r.values.Abort(); aerr != nil {
			err = fmt.Errorf("%w (and %w)", err, aerr)
		}
	}
	return &TableFileStopped{Err: err, Interrupted: interrupted, Replay: r.replayFailed}
}

// failed is the error of a run that could not go on: a run without a table
// file keeps its last state file and finished parts, and the message says
// how to go on.
func (r *runner) failed(err error) error {
	if r.job.TableFile != nil {
		return r.tableStopped(err, false)
	}
	return fmt.Errorf("%w; %s", err, r.kept())
}

// kept says what a failed run without a table file keeps and how to go on.
func (r *runner) kept() string {
	if r.saved < 0 {
		return "no state was saved yet: rerun without -resume"
	}
	moved := filepath.Base(r.statePath)
	if r.values != nil {
		moved += " and " + filepath.Base(valuesds.PartialDir(r.job.datasetDir()))
	}
	return fmt.Sprintf("the state file %s (row %d) and the finished parts are kept: free space and rerun with -resume, "+
		"or move %s to a directory with room and rerun there with -resume -out", r.statePath, r.saved, moved)
}

// commit finishes every file and removes the state file.
func (r *runner) commit() (Result, error) {
	job := r.job
	width := int64(job.N + 1)
	res := Result{Cells: width * width, GSHA256: r.sum.SHA256(), MaxValue: r.sum.MaxValue(), Resumed: r.first}
	if job.TableFile != nil {
		got, err := job.TableFile.Commit()
		if err != nil {
			return Result{}, r.failed(err)
		}
		if got.SHA256 != res.GSHA256 {
			return Result{}, fmt.Errorf("the table file and the sweep disagree on g_sha256: %s and %s", got.SHA256, res.GSHA256)
		}
		res.Paths = append(res.Paths, got.Path)
	}
	res.Seconds = r.seconds()
	if r.values != nil {
		final := valuesds.Final{Workers: job.Engine.Workers, Seconds: res.Seconds, GSHA256: res.GSHA256, MaxValue: res.MaxValue}
		if err := r.values.Commit(final); err != nil {
			return Result{}, r.failed(err)
		}
		d, err := valuesds.Open(job.datasetDir())
		if err != nil {
			return Result{}, fmt.Errorf("read back the values dataset just written: %w", err)
		}
		res.ValuesCells, res.CellsSHA256 = d.Manifest.Cells, d.Manifest.CellsSHA256
		res.Paths = append(res.Paths, job.datasetDir())
	}
	if job.TableFile == nil {
		if err := r.removeState(); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// removeState removes the state file, and the temporary file of a save
// that a kill interrupted.
func (r *runner) removeState() error {
	for _, p := range []string{r.statePath, r.statePath + ".tmp"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("remove the state file: %w", err)
		}
	}
	return nil
}

// note tells Notes, if set, the message of format and args.
func (j Job) note(format string, args ...any) {
	if j.Notes != nil {
		j.Notes(fmt.Sprintf(format, args...))
	}
}
