package bandrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// Job is one band run: the cells of the values Values of Table over
// 0 ≤ x, y ≤ N, kept for the rows Rows[0] … Rows[1].
type Job struct {
	Table  tables.Ruleset
	N      int64
	Values results.ValueRange
	// Rows is the window of rows whose cells are kept; the sweep still
	// computes the rows before it, and stops after Rows[1].
	Rows [2]int64
	// Out is the directory of the values dataset and the state file.
	Out string
	// WriteValues writes the values dataset; without it the run reports
	// the cells' checksum only.
	WriteValues bool
	Workers     int
	Tile        int
	// Checkpoint is the least time between two state files; 0 saves at
	// every block of rows.
	Checkpoint time.Duration
	// Resume continues from the state file, if there is one.
	Resume bool
	// Progress, if set, is told the rows done and the rows in all, from
	// the goroutine that called Run, about once a block.
	Progress func(done, total int64)
	// Claims are checked on every row swept (conjecture.BandCheck): each
	// must be about the cells of one value up to Values.Hi. Their state is
	// not saved, so a run with claims cannot resume.
	Claims []conjecture.Claim
	// Patterns, if set, searches the pattern of every value of Values on
	// the rows swept (see PatternSearch), which must be every row 0 … N.
	// Its index is saved with the state file, its chunks in a journal.
	Patterns *PatternSearch
	// Notes, if set, is told what -resume found and did instead, one
	// message a call.
	Notes func(msg string)
	// block, if set, replaces blockRows: tests stop runs more often.
	block int64
	// wrapPart, if set, wraps the writer of each values part: tests fill
	// the disk there.
	wrapPart func(io.Writer) io.Writer
	// wrapState, if set, wraps the writer of each state file: tests fill
	// the disk there.
	wrapState func(io.Writer) io.Writer
	// onRows, if set, is called with the last row of every batch the
	// sweep hands over: tests interrupt runs at chosen rows there.
	onRows func(last int64)
}

// Result is what a finished run reports.
type Result struct {
	// Cells is the number of cells kept, Sum their cells_sha256.
	Cells int64
	Sum   string
	// Visited is the number of cells the sweep took a mex at (after the
	// rows of base cells): the band's size.
	Visited int64
	// Seconds is the time of the run, its sessions before a resume
	// included.
	Seconds float64
	// Resumed is the row the run continued from (0 for a fresh run).
	Resumed int64
	// Path is the values dataset written, if any.
	Path string
	// Reports are the claims' reports.
	Reports []conjecture.Report
	// Patterns is the pattern search's outcome, with Job.Patterns.
	Patterns *PatternResult
	// Complete says that -resume found the run's values dataset complete
	// and did nothing (Path names it).
	Complete bool
}

// write is the run's -write, as the state file records it.
func (j Job) write() string {
	if j.WriteValues {
		return "values"
	}
	return "none"
}

// blockRows is the rows between two possible checkpoints: a values part
// of about PartCells(values) cells at most V, a power of two from 2¹⁰ to
// 2¹⁶.
func (j Job) blockRows() int64 {
	if j.block > 0 {
		return j.block
	}
	rows, cells := int64(1)<<16, PartCells(j.Values)
	for rows > 1<<10 && rows*int64(j.Values.Hi+1) > cells {
		rows >>= 1
	}
	return rows
}

// PartCells is about how many cells a part of a band run's values dataset
// of values holds at most: 2²⁴, or 2²² when the values span more than
// valuesds.StreamedValues and its Writer holds each block whole (20 bytes
// a cell). A part holds a row group a value, its y a page or a few: the
// longer the pages, the more of the table's repeats zstd finds. G₋₁,
// values 0–200, n = 3·10⁶: parts of 65536 rows took 0.63 the bytes of
// parts of 16384 (55 against 87 MB) and 0.91 the time.
func PartCells(values results.ValueRange) int64 {
	if int64(values.Hi)-int64(values.Lo)+1 > valuesds.StreamedValues {
		return 1 << 22
	}
	return 1 << 24
}

// nextStop is the first row after x where the run may stop and save: every
// multiple of the block before the window, the window's first row, and
// every block after it, and the row after the window.
func (j Job) nextStop(x int64) int64 {
	block := j.blockRows()
	var stop int64
	if x < j.Rows[0] {
		stop = min((x/block+1)*block, j.Rows[0])
	} else {
		stop = j.Rows[0] + ((x-j.Rows[0])/block+1)*block
	}
	return min(stop, j.Rows[1]+1)
}

// ErrInterrupted is returned (wrapped) when the context ends a run: the
// message says from which row -resume goes on.
var ErrInterrupted = errors.New("interrupted")

// Run sweeps job to the end of its window, feeding the checksum and the
// values dataset, and saves a state file at least every job.Checkpoint and
// when ctx ends it (then the error wraps ErrInterrupted). The state file is
// removed once the run is complete.
func Run(ctx context.Context, job Job) (Result, error) {
	rules, err := job.Table.BandRules()
	if err != nil {
		return Result{}, err
	}
	statePath := filepath.Join(job.Out, StateFileName(job.Table.ID, job.N))
	head := checkpoint{Table: job.Table.ID, Game: job.Table.Identity(), N: job.N, Values: job.Values.String(), Rows: job.Rows, Write: job.write(),
		Patterns: job.Patterns != nil}
	cfg := band.Config{Workers: job.Workers, Tile: job.Tile}
	var sums *rowSums
	if !job.WriteValues {
		sums = newRowSums(job.Values.Lo, job.Rows[0], job.Rows[1])
		cfg.RowHash, cfg.HashWords = sums.rows, rowSumWords
	}
	// The checksum, on the workers, and the values dataset read the cells
	// as bytes (or packed, in the rows that have no bytes); only claims
	// and patterns read them from the rows.
	cfg.DenseOnly = len(job.Claims) == 0 && job.Patterns == nil
	if job.Resume && len(job.Claims) > 0 {
		return Result{}, fmt.Errorf("claims cannot be checked on a resumed run: their state is not saved")
	}
	if err := job.checkPatterns(); err != nil {
		return Result{}, err
	}
	if done, ok, err := job.complete(ctx, statePath, head); ok || err != nil {
		return done, err
	}
	r, err := start(job, rules, cfg, statePath, head)
	if err != nil {
		return Result{}, err
	}
	r.rowSums = sums
	if job.Patterns != nil {
		if r.patterns, err = job.openPatternIndex(r.patternState); err != nil {
			return Result{}, err
		}
		defer r.closePatterns()
	}
	if len(job.Claims) > 0 {
		if r.claims, err = conjecture.NewBandCheck(ctx, job.Claims, job.Table.ID, job.N, job.Values.Hi, 0); err != nil {
			return Result{}, err
		}
	}
	return r.sweep(ctx)
}

// runner is a run in progress.
type runner struct {
	job      Job
	sw       *band.Sweeper
	sum      *valuesds.CellSum     // without a values dataset
	rowSums  *rowSums              // its rows' digests, from the band's workers
	values   *valuesds.Writer      // with one
	claims   *conjecture.BandCheck // with Job.Claims
	patterns *pattern.BandIndex    // with Job.Patterns
	// patternState is the pattern index's state in the state file resumed.
	patternState *pattern.BandIndexState
	dir          string // the values dataset's final name
	statePath    string
	head         checkpoint // the run's identity, and the last consumers' state saved
	started      time.Time
	before       float64 // seconds of the runs this one resumes
	visited      int64
	resumed      int64
	// saved is the state at the last block boundary, to save on Ctrl-C.
	saved      checkpoint
	savedState band.State
	lastSave   time.Time
	fileRow    int64 // the row of the state file on disk, −1 before the first
}

// start makes the runner: from the state file with job.Resume (when there
// is one), afresh otherwise.
func start(job Job, rules band.Rules, cfg band.Config, statePath string, head checkpoint) (*runner, error) {
	r := &runner{job: job, statePath: statePath, head: head, started: time.Now(), fileRow: -1,
		dir: filepath.Join(job.Out, valuesds.DirName(job.Table.ID, job.N))}
	if job.Resume {
		cp, st, err := loadCheckpoint(statePath, head)
		switch {
		case errors.Is(err, results.ErrNoCheckpoint):
			job.note("%s: no state file %s to resume from (a run killed before its first save, a -checkpoint in, leaves none): starting from row 0", job.Table.ID, statePath)
		case err != nil:
			return nil, err
		default:
			if r.sw, err = band.Resume(rules, job.N, int(job.Values.Hi), cfg, st); err != nil {
				return nil, fmt.Errorf("resume from %s: %w: start afresh without -resume", statePath, err)
			}
			if err := r.resumeConsumers(cp); err != nil {
				return nil, fmt.Errorf("resume from %s: %w: start afresh without -resume", statePath, err)
			}
			r.before, r.visited, r.resumed, r.fileRow = cp.Seconds, cp.Visited, cp.Next, cp.Next
			r.patternState = cp.PatternIndex
			job.note("%s", resumeNote(job.Table.ID, statePath, cp.Next, job.Rows[1]+1, cp.Seconds))
			r.remember()
			return r, nil
		}
	}
	sw, err := band.New(rules, job.N, int(job.Values.Hi), cfg)
	if err != nil {
		return nil, err
	}
	r.sw = sw
	if err := os.Remove(statePath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("remove the old state file: %w", err)
	}
	if job.WriteValues {
		if r.values, err = valuesds.Create(r.dir, job.meta(), job.valuesOptions()); err != nil {
			return nil, err
		}
	} else {
		r.sum = valuesds.NewCellSum(job.Rows[0])
	}
	return r, r.remember()
}

// resumeNote says where a resumed run of table id goes on from: row next
// of the rows 0 … rows−1 it sweeps, swept in seconds before; and what is
// left at that pace (the sweep's time a row varies little along a band),
// which the opening estimate of the whole run does not say.
func resumeNote(id, statePath string, next, rows int64, seconds float64) string {
	msg := fmt.Sprintf("%s: resuming from %s at row %d of %d (%.1f%% swept, in %v)", id, statePath, next, rows,
		100*float64(next)/float64(rows), time.Duration(seconds*float64(time.Second)).Round(time.Second))
	if next > 0 && seconds > 0 {
		left := seconds * float64(rows-next) / float64(next)
		msg += fmt.Sprintf(": about %v left at that pace", time.Duration(left*float64(time.Second)).Round(time.Second))
	}
	return msg
}

// complete reports, under -resume with a values dataset, that the
// dataset is already complete (valuesds.Finished: read through, checked,
// of this run's table, n, values and rows, by either sweep; the state file
// and partial directory that a kill after its publication left are
// removed): the run is done. Another or a damaged dataset is computed
// again, and replaced when the new one is complete; so is the dataset of
// a run searching patterns, unless that run published it
// (patternsPublished). A check that ctx ended is an error wrapping ctx's:
// nothing was changed, and nothing is to resume.
func (j Job) complete(ctx context.Context, statePath string, head checkpoint) (Result, bool, error) {
	if !j.Resume || !j.WriteValues || (j.Patterns != nil && !j.patternsPublished(statePath, head)) {
		return Result{}, false, nil
	}
	dir := filepath.Join(j.Out, valuesds.DirName(j.Table.ID, j.N))
	meta := j.meta()
	meta.Sweep = ""
	m, err := valuesds.Finished(ctx, dir, meta, statePath)
	if err != nil && ctx.Err() != nil {
		return Result{}, false, fmt.Errorf("%s: stopped while checking whether %s is complete; nothing was changed: %w", j.Table.ID, dir, ctx.Err())
	}
	if err != nil {
		j.note("%s: %s is not the complete dataset of this run (%v): computing it again", j.Table.ID, dir, err)
	}
	if m == nil {
		return Result{}, false, nil
	}
	if j.Patterns != nil {
		os.RemoveAll(spillDir(j))
	}
	return Result{Cells: m.Cells, Sum: m.CellsSHA256, Path: dir, Seconds: m.Seconds, Complete: true}, true, nil
}

// note tells j.Notes, if set, what the run found.
func (j Job) note(format string, args ...any) {
	if j.Notes != nil {
		j.Notes(fmt.Sprintf(format, args...))
	}
}

// meta describes the run's values dataset.
func (j Job) meta() valuesds.Meta {
	return valuesds.Meta{
		Table: j.Table.ID, Game: j.Table.Record(), Symbol: j.Table.Symbol, Definition: j.Table.Definition, Source: j.Table.Source,
		N: j.N, Values: j.Values, Sweep: valuesds.SweepBand, Rows: valuesds.RowRange{First: j.Rows[0], Last: j.Rows[1]},
	}
}

// valuesOptions makes the dataset's parts the run's blocks, so that every
// stop of the sweep in the window is the end of a part.
func (j Job) valuesOptions() valuesds.Options {
	return valuesds.Options{BlockRows: j.blockRows(), WrapPart: j.wrapPart}
}

// resumeConsumers restores the checksum, or reopens the values dataset, as
// the state file cp recorded them.
func (r *runner) resumeConsumers(cp checkpoint) error {
	if !r.job.WriteValues {
		var err error
		r.sum, err = valuesds.RestoreCellSum(cp.CellSum, max(0, cp.Next-r.job.Rows[0]), cp.Cells)
		return err
	}
	var p valuesds.Progress
	if err := json.Unmarshal(cp.Progress, &p); err != nil {
		return fmt.Errorf("its values dataset progress does not decode: %w", err)
	}
	if want := max(cp.Next, r.job.Rows[0]); p.NextRow != want {
		return fmt.Errorf("its values dataset goes on from row %d, the sweep from row %d", p.NextRow, want)
	}
	// A run begun by an earlier version, with parts of other lengths,
	// goes on in its blocks: its checkpoints stop where they end.
	if r.job.block == 0 && p.BlockRows > 0 {
		r.job.block = p.BlockRows
	}
	var err error
	r.values, err = valuesds.Resume(r.dir, r.job.meta(), p, r.job.valuesOptions())
	return err
}

// seconds is the run's time so far, the resumed runs' included.
func (r *runner) seconds() float64 { return r.before + time.Since(r.started).Seconds() }

// remember takes the consumers' state at a block boundary, as the state
// file would record it; the values dataset's progress is taken by save,
// once the part of the block before the boundary is written.
func (r *runner) remember() error {
	r.saved = r.head
	if r.values == nil {
		cs, err := r.sum.State()
		if err != nil {
			return err
		}
		r.saved.Cells, r.saved.CellSum = r.sum.Cells(), cs
	}
	r.saved.Next = r.sw.Next()
	r.saved.Visited, r.saved.Seconds = r.visited+r.sw.Visited(), r.seconds()
	r.savedState = r.sw.State()
	return nil
}

// save writes the state remembered last, with the values dataset's
// progress, which must have reached the same row.
func (r *runner) save() error {
	r.lastSave = time.Now()
	if r.values != nil {
		p, err := r.values.ProgressAt(max(r.saved.Next, r.job.Rows[0]))
		if err != nil {
			return r.failed(err)
		}
		if r.saved.Progress, err = json.Marshal(p); err != nil {
			return fmt.Errorf("save the values dataset's progress: %w", err)
		}
	}
	if err := r.savePatternState(); err != nil {
		return err
	}
	if err := saveCheckpoint(r.statePath, r.saved, r.savedState, r.job.wrapState); err != nil {
		return r.failed(err)
	}
	r.fileRow = r.saved.Next
	return nil
}

// sweep runs to the end of the window, block by block.
func (r *runner) sweep(ctx context.Context) (Result, error) {
	job := r.job
	r.lastSave = time.Now()
	for r.sw.Next() <= job.Rows[1] {
		if r.beforeSearch() {
			if err := r.save(); err != nil {
				return Result{}, err
			}
		}
		err := r.sw.Run(ctx, job.nextStop(r.sw.Next()), r.consume)
		var write *writeError
		switch {
		case errors.As(err, &write):
			return Result{}, r.failed(write.err)
		case err == nil:
			// The block is complete, its part handed to the dataset,
			// even if ctx ended as its last rows were swept: what Ctrl-C
			// saves must be taken at its end, where the parts end.
			if err := r.remember(); err != nil {
				return Result{}, err
			}
		case ctx.Err() == nil:
			return Result{}, err
		}
		// Once the window is swept, the run finishes rather than save a
		// state whose last part is not a whole block.
		if ctx.Err() != nil && r.sw.Next() <= job.Rows[1] {
			if serr := r.save(); serr != nil {
				return Result{}, serr
			}
			return Result{}, fmt.Errorf("%w at row %d: the state at row %d is saved in %s; "+
				"rerun with -resume to go on from there", ErrInterrupted, r.sw.Next(), r.saved.Next, r.statePath)
		}
		if time.Since(r.lastSave) >= job.Checkpoint && r.sw.Next() <= job.Rows[1] {
			if err := r.save(); err != nil {
				return Result{}, err
			}
		}
		if job.Progress != nil {
			job.Progress(r.sw.Next(), job.Rows[1]+1)
		}
	}
	res := Result{Visited: r.visited + r.sw.Visited(), Seconds: r.seconds(), Resumed: r.resumed}
	if r.claims != nil {
		res.Reports = r.claims.Reports()
	}
	if r.patterns != nil {
		searched := time.Now()
		pr, err := searchPatterns(ctx, r.patterns, job.Patterns)
		if err != nil && ctx.Err() != nil {
			return Result{}, r.searchInterrupted()
		}
		if err != nil {
			return Result{}, err
		}
		pr.Seconds = time.Since(searched).Seconds()
		res.Patterns = &pr
		if err := job.Patterns.write(pr); err != nil {
			return Result{}, err
		}
	}
	if r.values != nil {
		if err := r.values.Commit(valuesds.Final{Workers: job.Workers, Seconds: res.Seconds}); err != nil {
			return Result{}, r.failed(err)
		}
		d, err := valuesds.Open(r.dir)
		if err != nil {
			return Result{}, fmt.Errorf("read back the values dataset just written: %w", err)
		}
		res.Cells, res.Sum, res.Path = d.Manifest.Cells, d.Manifest.CellsSHA256, r.dir
	} else {
		res.Cells, res.Sum = r.sum.Cells(), r.sum.Sum()
	}
	if err := os.Remove(r.statePath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return Result{}, fmt.Errorf("remove the state file of the finished run: %w", err)
	}
	return res, nil
}

// failed is the error of a failed write, of the values dataset or a state
// file: the last state file and the dataset's finished parts are kept, and
// the message names the row of that state file and says how to go on.
func (r *runner) failed(err error) error {
	if r.fileRow < 0 {
		return fmt.Errorf("%w; no state file was saved yet, so the run cannot resume: free space and run it again", err)
	}
	if r.values == nil {
		return fmt.Errorf("%w; the state file %s (row %d) is kept: free space and rerun with -resume, "+
			"or move it to a directory with room and run with -resume -out there", err, r.statePath, r.fileRow)
	}
	return fmt.Errorf("%w; the finished parts of %s and the state file %s (row %d) are kept: "+
		"free space and rerun with -resume, or move both (%s and %s) to a directory with room and run with -resume -out there",
		err, valuesds.PartialDir(r.dir), r.statePath, r.fileRow, filepath.Base(valuesds.PartialDir(r.dir)), filepath.Base(r.statePath))
}

// consume takes one batch of rows from the sweep: to the values dataset,
// which keeps the cells of LO … HI in the window and sums them, or else to
// the checksum alone.
func (r *runner) consume(rows band.Rows) error {
	if r.job.onRows != nil {
		r.job.onRows(rows.X0 + int64(rows.Len()) - 1)
	}
	if r.claims != nil {
		for i := range rows.Len() {
			a, b := rows.Start[i], rows.Start[i+1]
			r.claims.Row(rows.X0+int64(i), rows.Y[a:b], rows.Value[a:b])
		}
	}
	if r.patterns != nil {
		for i := range rows.Len() {
			a, b := rows.Start[i], rows.Start[i+1]
			if err := r.patterns.Row(rows.X0+int64(i), rows.Y[a:b], rows.Value[a:b]); err != nil {
				return err
			}
		}
	}
	if r.values != nil {
		if err := r.values.WritePacked(rows.Packed); err != nil {
			return &writeError{err}
		}
		return nil
	}
	r.rowSums.add(r.sum, rows)
	return nil
}

// writeError is a failed write of the values dataset, as opposed to an
// error of the sweep.
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }
