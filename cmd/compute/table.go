package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// computeTable computes one table into its file and prints a summary line.
// With -resume it continues an interrupted run of the table from its last
// checkpoint. On Ctrl-C it saves a checkpoint and says where a resume would
// continue; on a failure, a full disk included, it keeps the last
// checkpoint and says how to resume.
func computeTable(ctx context.Context, r tables.Ruleset, opts options, stdout, stderr io.Writer) error {
	if opts.band {
		bar := newProgress(stderr, opts.quiet, r.ID, "rows", opts.rows[1]+1)
		return computeBand(ctx, r, opts, bar, stdout, stderr)
	}
	if opts.streams() {
		return computeFull(ctx, r, opts, stdout, stderr)
	}
	start := time.Now()
	path := tablePath(r, opts)
	w, err := openWriter(r, path, opts, stderr)
	if err != nil {
		return err
	}
	w.CheckpointEvery(opts.checkpoint)
	first := w.Rows()
	cells := int64(opts.n+1) * int64(opts.n+1)
	bar := newProgress(stderr, opts.quiet, r.ID, "cells", cells)
	bar.add(int64(first) * int64(opts.n+1))
	// Rows that do not read back as their checkpoint says are no progress
	// to keep: the error says to start afresh.
	replayFailed := false
	replay := func(visit func(engine.Band) error) error {
		err := w.Replay(visit)
		replayFailed = err != nil
		return err
	}
	err = engine.Continue(ctx, r.Rules, opts.n, opts.cfg, first, replay, func(b engine.Band) (err error) {
		defer cli.Recover(&err) // it runs in an engine goroutine
		if err := w.WriteBand(b); err != nil {
			return err
		}
		bar.add(int64(len(b.Cells)))
		return nil
	})
	bar.finish()
	if err != nil && ctx.Err() != nil {
		return stopTable(r.ID, path, w, err, true, false, opts.n)
	}
	if err != nil {
		return stopTable(r.ID, path, w, err, false, replayFailed, opts.n)
	}
	sum, err := w.Commit()
	if err != nil {
		return failed(r.ID, path, err, w.SavedRows(), opts.n)
	}
	seconds := time.Since(start).Seconds()
	resumed := ""
	if first > 0 {
		resumed = fmt.Sprintf("  resumed at row %d", first)
	}
	fmt.Fprintf(stdout, "%-10s n=%d  %d cells  max %d  %.2fs  %.3g cells/s  sha256 %s  %s%s\n",
		r.ID, opts.n, sum.Cells, sum.MaxValue, seconds, float64(sum.Cells-int64(first)*int64(opts.n+1))/seconds,
		sum.SHA256[:16], sum.Path, resumed)
	return nil
}

// openWriter resumes the interrupted run of path under -resume when there is
// one, checking that it was made with the same flags, and starts afresh
// otherwise.
func openWriter(r tables.Ruleset, path string, opts options, stderr io.Writer) (results.Writer, error) {
	info := results.Info{
		Table: r.ID, Symbol: r.Symbol, N: opts.n, Definition: r.Definition, Source: r.Source,
		Compression: opts.compression, Workers: opts.cfg.Workers, Tile: opts.tile,
	}
	if !opts.resume {
		return results.CreateFormat(opts.format, path, info)
	}
	saved, rows, err := results.CheckpointInfo(path)
	if errors.Is(err, results.ErrNoCheckpoint) {
		fmt.Fprintf(stderr, "compute: %s: no interrupted run to resume; starting afresh\n", r.ID)
		return results.Create(path, info)
	}
	if err != nil {
		return nil, err
	}
	switch {
	case saved.Table != r.ID || saved.N != opts.n:
		return nil, fmt.Errorf("%s: the checkpoint of %s is of table %s at n = %d", r.ID, path, saved.Table, saved.N)
	case saved.Tile != opts.tile:
		return nil, usagef("-tile %d differs from the interrupted run's %d: resume with -tile %d", opts.tile, saved.Tile, saved.Tile)
	case saved.Compression != opts.compression:
		return nil, usagef("-compress %s differs from the interrupted run's %s: resume with -compress %s",
			opts.compression, saved.Compression, saved.Compression)
	}
	fmt.Fprintf(stderr, "compute: %s: resuming at row %d of %d from %s\n", r.ID, rows, opts.n+1, results.PartialName(path))
	w, err := results.Resume(path)
	if err == nil {
		w.SetWorkers(opts.cfg.Workers)
	}
	return w, err
}
