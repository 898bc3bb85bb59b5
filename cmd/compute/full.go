package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/grundy-lab/grundy/cmd/internal/fullrun"
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// computeFull runs the full sweep of one table for every consumer of -write
// and -claims (package fullrun) and prints its summary line and, with
// -claims, the claims' report. A table file, when written, is opened (or
// resumed) here and its saved rows are the run's checkpoint.
func computeFull(ctx context.Context, r tables.Ruleset, opts options, stdout, stderr io.Writer) error {
	path := tablePath(r, opts)
	var tableFile results.Writer
	if opts.write.table() {
		w, err := openWriter(r, path, opts, stderr)
		if err != nil {
			return err
		}
		w.CheckpointEvery(opts.checkpoint)
		tableFile = w
	}
	width := int64(opts.n + 1)
	bar := newProgress(stderr, opts.quiet, r.ID, "cells", width*width)
	var shown int64
	job := fullrun.Job{
		Table: r, N: opts.n, Engine: opts.cfg, Out: opts.out, TableFile: tableFile,
		WriteValues: opts.write.values, Values: opts.values, Checkpoint: opts.checkpoint, Resume: opts.resume,
		Claims: claimsOf(r, opts),
		Progress: func(done, _ int64) {
			bar.add(done - shown)
			shown = done
		},
		Notes: func(msg string) { fmt.Fprintf(stderr, "compute: %s\n", msg) },
	}
	res, err := fullrun.Run(ctx, job)
	bar.finish()
	var stopped *fullrun.TableFileStopped
	if errors.As(err, &stopped) {
		return stopTable(r.ID, path, tableFile, stopped.Err, stopped.Interrupted, stopped.Replay, opts.n)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", r.ID, err)
	}
	if res.Complete {
		_, err := fmt.Fprintf(stdout, "%-10s n=%d  already complete: %s (g_sha256 %.16s)\n", r.ID, opts.n, strings.Join(res.Paths, ", "), res.GSHA256)
		return err
	}
	printFullSummary(stdout, r, opts, res)
	if res.Reports != nil {
		return reportClaims(stdout, r.ID, res.Reports)
	}
	return nil
}

// claimsOf is the claims of the run about table r.
func claimsOf(r tables.Ruleset, opts options) []conjecture.Claim {
	var claims []conjecture.Claim
	for _, c := range opts.claims {
		if c.Table == r.ID {
			claims = append(claims, c)
		}
	}
	return claims
}

// printFullSummary prints the summary line of a full sweep: the table's
// cells, largest value, time, rate and g_sha256, the files written, and the
// values dataset's cells and cells_sha256.
func printFullSummary(stdout io.Writer, r tables.Ruleset, opts options, res fullrun.Result) {
	paths := strings.Join(res.Paths, ", ")
	if len(res.Paths) == 0 {
		paths = "(no file: -write none)"
	}
	extra := ""
	if opts.write.values {
		extra = fmt.Sprintf("  values %s: %d cells, cells_sha256 %.16s (%s)", opts.values, res.ValuesCells, res.CellsSHA256, valuesds.Format)
	}
	if res.Resumed > 0 {
		extra += fmt.Sprintf("  resumed at row %d", res.Resumed)
	}
	// Seconds mostly count the interrupted runs too: the rate is of the whole table.
	fmt.Fprintf(stdout, "%-10s n=%d  %d cells  max %d  %.2fs  %.3g cells/s  sha256 %.16s  %s%s\n",
		r.ID, opts.n, res.Cells, res.MaxValue, res.Seconds, float64(res.Cells)/max(res.Seconds, 1e-9), res.GSHA256, paths, extra)
}
