package main

import (
	"context"
	"fmt"
	"io"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// computeBand runs the band sweep of one table (package bandrun), counting
// its rows on bar (its own, or one borrowed from the tables beside it),
// and prints its summary line: the cells kept, the time, the band's width
// in visited cells per row, and the cells' checksum.
func computeBand(ctx context.Context, r tables.Ruleset, opts options, bar progress, stdout, stderr io.Writer) error {
	rows := opts.rows[1] + 1
	var claims []conjecture.Claim
	for _, c := range opts.claims {
		if c.Table == r.ID {
			claims = append(claims, c)
		}
	}
	job := bandrun.Job{
		Table: r, N: int64(opts.n), Values: opts.values, Rows: opts.rows, Out: opts.out,
		WriteValues: opts.write.values, Workers: opts.cfg.Workers, Tile: opts.tile,
		Checkpoint: opts.checkpoint, Resume: opts.resume, Claims: claims,
		Notes: func(msg string) { fmt.Fprintf(stderr, "compute: %s\n", msg) },
	}
	if opts.patterns {
		var err error
		if job.Patterns, err = preparePatterns(ctx, r, opts, stdout); err != nil {
			return err
		}
	}
	// The rows swept, then, with -patterns, the values searched after
	// them: each with its own rate and ETA.
	var searched progress
	var shown int64
	job.Progress = func(done, _ int64) {
		bar.add(done - shown)
		shown = done
		if done == rows && job.Patterns != nil {
			bar.finish()
			searched = newProgress(stderr, opts.quiet, r.ID, "values searched", int64(valueCount(opts.values)))
		}
	}
	if job.Patterns != nil {
		job.Patterns.Progress = func(int, int) { searched.add(1) }
	}
	res, err := bandrun.Run(ctx, job)
	bar.finish()
	searched.finish()
	if err != nil {
		return fmt.Errorf("%s: %w", r.ID, err)
	}
	if res.Complete {
		_, err := fmt.Fprintf(stdout, "%-10s n=%d  already complete: %s (checked: %d cells, cells_sha256 %.16s in %s)\n",
			r.ID, opts.n, res.Path, res.Cells, res.Sum, valuesds.Format)
		return err
	}
	resumed := ""
	if res.Resumed > 0 {
		resumed = fmt.Sprintf("  resumed at row %d", res.Resumed)
	}
	// The seconds count the sessions before a resume too: so do the rows.
	fmt.Fprintf(stdout, "%-10s n=%d  band of values %s  rows %d-%d  %d cells  %.2fs  %.3g rows/s  %.1f visited/row  cells_sha256 %s (%s)  %s%s\n",
		r.ID, opts.n, opts.values, opts.rows[0], opts.rows[1], res.Cells, res.Seconds,
		float64(rows)/max(res.Seconds, 1e-9), float64(res.Visited)/float64(rows), res.Sum[:16], valuesds.Format, res.Path, resumed)
	if res.Patterns != nil {
		printPatterns(r, opts, res.Patterns, stdout)
	}
	if res.Reports != nil {
		return reportClaims(stdout, r.ID, res.Reports)
	}
	return nil
}
