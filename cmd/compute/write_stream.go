package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// streamRun is one table computed once and fed, band by band, to every
// consumer of the run: the table file, the values file, the claims, and
// the checksum of the whole table. When no table file is written, its
// checkpoints are state files (results.SaveState) holding the engine's
// state, taken between segments of bands at which the engine stops.
type streamRun struct {
	r      tables.Ruleset
	opts   options
	sw     *engine.Sweeper
	table  results.Writer        // -write table
	values *results.ValuesWriter // -write values
	// The checksum and largest value of the table when no file takes them.
	sum   *results.TableSum
	first int // the row the run resumed at
	// replay: the table file's saved rows must be replayed to the engine
	// and to the other consumers before the sweep goes on.
	replay    bool
	statePath string
	bar       progress
	started   time.Time
	before    float64 // seconds of the interrupted runs
}

// computeStreams computes table r once for every consumer of -write and
// -claims, and prints the summary line and, with -claims, the claims'
// report. Ctrl-C saves a checkpoint first.
func computeStreams(ctx context.Context, r tables.Ruleset, opts options, stdout, stderr io.Writer) error {
	s, done, err := openStreams(r, opts, stdout, stderr)
	if err != nil || done {
		return err
	}
	var claims []conjecture.Claim
	for _, c := range opts.claims {
		if c.Table == r.ID {
			claims = append(claims, c)
		}
	}
	var reports []conjecture.Report
	if len(claims) > 0 {
		reports, err = conjecture.Run(ctx, claims, map[string]conjecture.Table{r.ID: s.sweep(ctx)}, conjecture.Options{})
	} else {
		err = s.sweep(ctx)(nil)
	}
	s.bar.finish()
	if err != nil && ctx.Err() != nil {
		return s.suspend()
	}
	if err != nil {
		s.abort()
		return fmt.Errorf("%s: %w (nothing was written under the final names)", r.ID, err)
	}
	if err := s.commit(stdout); err != nil {
		return err
	}
	if reports != nil {
		return reportClaims(stdout, r.ID, reports)
	}
	return nil
}

// openStreams creates the consumers of the run, or with -resume reopens
// those of the interrupted run; done reports a run with nothing left to do.
func openStreams(r tables.Ruleset, opts options, stdout, stderr io.Writer) (s *streamRun, done bool, err error) {
	s = &streamRun{r: r, opts: opts, started: time.Now(),
		statePath: filepath.Join(opts.out, results.StateFileName(r.ID, opts.n))}
	info := results.Info{Table: r.ID, Symbol: r.Symbol, N: opts.n, Definition: r.Definition, Source: r.Source,
		Compression: opts.compression, Workers: opts.cfg.Workers, Tile: opts.cfg.Tile}
	if opts.resume && s.complete() {
		fmt.Fprintf(stdout, "%-10s n=%d  already complete: %s\n", r.ID, opts.n, strings.Join(s.paths(), ", "))
		return nil, true, nil
	}
	if opts.write.table() {
		// The table file's rows are its checkpoint; every other consumer
		// starts afresh and is fed the rows read back.
		if s.table, err = openWriter(r, tablePath(r, opts), opts, stderr); err != nil {
			return nil, false, err
		}
		s.table.CheckpointEvery(opts.checkpoint)
		s.first, s.replay = s.table.Rows(), s.table.Rows() > 0
	} else if opts.resume {
		resumed, err := s.resumeState(stderr)
		if err != nil || resumed {
			if err == nil {
				s.startBar(stderr)
			}
			return s, false, err
		}
	}
	if s.sw == nil {
		if s.sw, err = engine.NewSweeper(r.Rules, opts.n, opts.cfg); err != nil {
			s.abort()
			return nil, false, err
		}
	}
	if opts.write.values {
		if s.values, err = results.CreateValues(s.path(results.ValuesFileName), info, opts.values); err != nil {
			s.abort()
			return nil, false, err
		}
	} else if !opts.write.table() {
		s.sum = results.NewTableSum()
	}
	if !opts.write.table() {
		s.removeState() // a fresh run replaces an interrupted one
	}
	s.startBar(stderr)
	return s, false, nil
}

// resumeState reopens an interrupted run that writes no table file from its
// state file; resumed is false (and nothing is open) when there is none.
func (s *streamRun) resumeState(stderr io.Writer) (resumed bool, err error) {
	st, engineState, err := results.LoadState(s.statePath)
	if errors.Is(err, results.ErrNoCheckpoint) {
		fmt.Fprintf(stderr, "compute: %s: no interrupted run to resume; starting afresh\n", s.r.ID)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	opts := s.opts
	switch {
	case st.Table != s.r.ID || st.N != opts.n:
		return false, fmt.Errorf("%s: the state file %s is of table %s at n = %d", s.r.ID, s.statePath, st.Table, st.N)
	case st.Tile != opts.cfg.Tile:
		return false, usagef("-tile %d differs from the interrupted run's %d: resume with -tile %d", opts.cfg.Tile, st.Tile, st.Tile)
	case st.Write != opts.write.String():
		return false, usagef("-write %s differs from the interrupted run's %s: resume with -write %s", opts.write, st.Write, st.Write)
	case opts.write.values && (st.Values == nil || st.Values.Values != opts.values || st.Values.Info.Compression != opts.compression):
		return false, usagef("-values and -compress must be those of the interrupted run (%s)", s.statePath)
	case !opts.write.values && st.Sum == nil:
		return false, fmt.Errorf("%s: the state file %s has no checksum state; start afresh without -resume", s.r.ID, s.statePath)
	}
	cfg := opts.cfg
	if s.sw, err = engine.ReadSweeper(bytes.NewReader(engineState), s.r.Rules, opts.n, cfg); err != nil {
		return false, fmt.Errorf("%s: resume from %s: %w", s.r.ID, s.statePath, err)
	}
	if s.sw.Next() != st.Rows {
		return false, fmt.Errorf("%s: the state file %s is inconsistent (engine at row %d, run at %d); start afresh without -resume",
			s.r.ID, s.statePath, s.sw.Next(), st.Rows)
	}
	if opts.write.values {
		if s.values, err = results.ResumeValues(s.path(results.ValuesFileName), *st.Values); err != nil {
			return false, err
		}
	} else {
		if s.sum, err = results.RestoreTableSum(*st.Sum); err != nil {
			return false, fmt.Errorf("%s: resume from %s: %w", s.r.ID, s.statePath, err)
		}
		s.before = st.Seconds
	}
	s.first = st.Rows
	fmt.Fprintf(stderr, "compute: %s: resuming at row %d of %d\n", s.r.ID, st.Rows, opts.n+1)
	return true, nil
}

// path is the file of this table named by name.
func (s *streamRun) path(name func(string, int) string) string {
	return filepath.Join(s.opts.out, name(s.r.ID, s.opts.n))
}

// paths lists the files the run writes.
func (s *streamRun) paths() []string {
	var p []string
	if s.opts.write.table() {
		p = append(p, tablePath(s.r, s.opts))
	}
	if s.opts.write.values {
		p = append(p, s.path(results.ValuesFileName))
	}
	return p
}

// complete reports whether every file of the run exists under its final
// name; a run that writes no file is never complete.
func (s *streamRun) complete() bool {
	p := s.paths()
	for _, path := range p {
		if _, err := os.Stat(path); err != nil {
			return false
		}
	}
	return len(p) > 0
}

// startBar shows the progress on stderr from the row the run starts at.
func (s *streamRun) startBar(stderr io.Writer) {
	width := int64(s.opts.n + 1)
	s.bar = newProgress(stderr, s.opts.quiet, s.r.ID, "cells", width*width)
	s.bar.add(int64(s.first) * width)
}

// sweep is the table as conjecture.Run reads it: a function that computes
// it, feeding each band to the run's consumers and then to visit (nil when
// no claim is checked). After a cancellation the bands that finish are
// still written, but no longer visited.
func (s *streamRun) sweep(ctx context.Context) conjecture.Table {
	return func(visit func(engine.Band) error) error {
		emit := func(b engine.Band) error {
			if err := s.consume(b); err != nil {
				return err
			}
			s.bar.add(int64(len(b.Cells)))
			if visit != nil && ctx.Err() == nil {
				return visit(b)
			}
			return nil
		}
		if s.replay {
			s.replay = false
			err := s.sw.Seed(s.first, func(seed func(engine.Band) error) error {
				return s.table.Replay(func(b engine.Band) error {
					if err := seed(b); err != nil {
						return err
					}
					if err := s.consumeOthers(b); err != nil {
						return err
					}
					if visit != nil {
						return visit(b)
					}
					return nil
				})
			})
			if err != nil {
				return err
			}
		}
		if s.opts.write.table() {
			return s.sw.Run(ctx, s.opts.n+1, emit)
		}
		return s.runSegments(ctx, emit)
	}
}

// runSegments sweeps the table in segments of whole bands, saving a state
// file after each; a segment lasts about -checkpoint (one band with 0), or
// longer when saving is slow (nextSegment). The engine drains its pipeline
// at the end of a segment, which costs about one band's time per checkpoint.
func (s *streamRun) runSegments(ctx context.Context, emit func(engine.Band) error) error {
	tile, end := s.opts.cfg.Tile, s.opts.n+1
	bands := 1
	for s.sw.Next() < end {
		t0 := time.Now()
		until := min(s.sw.Next()+bands*tile, end)
		if err := s.sw.Run(ctx, until, emit); err != nil {
			return err
		}
		if until == end {
			return nil
		}
		t1 := time.Now()
		if err := s.saveState(); err != nil {
			return err
		}
		if s.opts.checkpoint > 0 {
			bands = nextSegment(bands, t1.Sub(t0), time.Since(t1), s.opts.checkpoint)
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

// nextSegment returns the bands of the next segment, given that the last
// one swept bands bands in swept and saved its state in saved: as many as
// take checkpoint, or as many as take saved/saveTimeShare when that is
// longer, changing at most fourfold from one segment to the next, and at
// least one.
func nextSegment(bands int, swept, saved, checkpoint time.Duration) int {
	if swept <= 0 {
		return bands
	}
	target := max(checkpoint, time.Duration(float64(saved)/saveTimeShare))
	return max(1, min(4*bands, int(float64(bands)*float64(target)/float64(swept))))
}

// consume gives band b to every file and checksum of the run.
func (s *streamRun) consume(b engine.Band) error {
	if s.table != nil {
		if err := s.table.WriteBand(b); err != nil {
			return err
		}
	}
	return s.consumeOthers(b)
}

// consumeOthers gives band b to every consumer but the table file.
func (s *streamRun) consumeOthers(b engine.Band) error {
	if s.values != nil {
		return s.values.WriteBand(b)
	}
	if s.sum != nil {
		s.sum.Add(b.Cells)
	}
	return nil
}

// saveState records the engine's and the consumers' state in the state
// file, after making the values written so far durable.
func (s *streamRun) saveState() error {
	st := results.RunState{Table: s.r.ID, N: s.opts.n, Tile: s.opts.cfg.Tile, Write: s.opts.write.String(), Rows: s.sw.Next()}
	if s.values != nil {
		vs, err := s.values.Sync()
		if err != nil {
			return err
		}
		st.Values, st.Seconds = &vs, vs.Seconds
	} else {
		sum, err := s.sum.State()
		if err != nil {
			return fmt.Errorf("save state %s: %w", s.statePath, err)
		}
		st.Sum, st.Seconds = &sum, s.seconds()
	}
	return results.SaveState(s.statePath, st, s.sw.WriteState)
}

// seconds is the run time of this table so far, interrupted runs included.
func (s *streamRun) seconds() float64 { return s.before + time.Since(s.started).Seconds() }

// suspend saves a checkpoint after Ctrl-C and says where -resume goes on.
func (s *streamRun) suspend() error {
	var rows int
	var err error
	if s.table != nil {
		rows, err = s.table.Suspend()
	} else {
		rows = s.sw.Next()
		err = s.saveState()
	}
	if err != nil {
		return fmt.Errorf("%s: interrupted, and the checkpoint failed: %w", s.r.ID, err)
	}
	return fmt.Errorf("%s: interrupted; rows 0..%d of %d are saved: rerun with -resume (and the same -write) to continue from row %d",
		s.r.ID, rows-1, s.opts.n+1, rows)
}

// abort removes every partial file and the state file of the run.
func (s *streamRun) abort() {
	if s.table != nil {
		s.table.Abort()
	}
	if s.values != nil {
		s.values.Abort()
	}
	s.removeState()
}

// removeState removes the state file, and the temporary file of a save that
// a kill interrupted.
func (s *streamRun) removeState() {
	os.Remove(s.statePath)
	os.Remove(s.statePath + ".tmp")
}

// commit finishes every file and prints the summary line.
func (s *streamRun) commit(stdout io.Writer) error {
	var sums []results.Summary
	if s.table != nil {
		got, err := s.table.Commit()
		if err != nil {
			s.abort()
			return err
		}
		sums = append(sums, got)
	}
	if s.values != nil {
		got, err := s.values.Commit()
		if err != nil {
			return err
		}
		sums = append(sums, got)
	}
	if s.sum != nil {
		width := int64(s.opts.n + 1)
		sums = append(sums, results.Summary{Path: "(no file: -write none)", SHA256: s.sum.SHA256(), MaxValue: s.sum.MaxValue(), Cells: width * width})
	}
	sum, paths := sums[0], []string{}
	for _, got := range sums {
		if got.SHA256 != sum.SHA256 {
			return fmt.Errorf("%s: the table file and the values file disagree on g_sha256: %s and %s", s.r.ID, sum.SHA256, got.SHA256)
		}
		paths = append(paths, got.Path)
	}
	s.removeState()
	seconds := time.Since(s.started).Seconds()
	resumed := ""
	if s.first > 0 {
		resumed = fmt.Sprintf("  resumed at row %d", s.first)
	}
	computed := sum.Cells - int64(s.first)*int64(s.opts.n+1)
	_, err := fmt.Fprintf(stdout, "%-10s n=%d  %d cells  max %d  %.2fs  %.3g cells/s  sha256 %s  %s%s\n",
		s.r.ID, s.opts.n, sum.Cells, sum.MaxValue, seconds, float64(computed)/seconds, sum.SHA256[:16], strings.Join(paths, ", "), resumed)
	return err
}
