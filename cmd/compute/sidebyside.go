package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/cmd/internal/bandrun"
	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/tables"
)

// A band run of several tables sweeps them side by side, the workers
// shared out among them, rather than one after another with every worker
// on one table: two workers on one table wait for each other along the
// band's diagonal, two tables share nothing. Measured on 2 cores (AMD
// EPYC family 25 model 1), G₋₁ and G_P at n = 3·10⁶, values 0–200,
// -write none, against one table after the other with two workers
// (farm-bench, 5 pairs): 0.69× the wall time, 0.71× the CPU; with
// -write values at 10⁶, 0.96× (the part writers were already parallel).

// tablesAtOnce is how many tables the run of opts computes at once: for a
// band run of several tables without -patterns (whose index and proof
// each table would hold beside the other's), as many as there are workers
// (at most the tables); otherwise 1, one table after another.
func tablesAtOnce(opts options) int {
	if !opts.band || opts.patterns || len(opts.tables) < 2 {
		return 1
	}
	return max(1, min(len(opts.tables), opts.cfg.Workers))
}

// bandFunc computes the band of one table, counting its rows on bar: computeBand.
type bandFunc func(ctx context.Context, r tables.Ruleset, opts options, bar progress, stdout, stderr io.Writer) error

// computeSideBySide computes the band of each table of opts with compute,
// atOnce tables at a time, each with its share of the workers, under one
// progress of the rows of all; it prints the tables' summaries in the
// order of -table once all have stopped. A table that fails stops the
// others, which keep their progress as on Ctrl-C; the error returned is
// the first failure, then what each other table said on stopping (where
// its state was saved). Claims that fail on a table (errClaimsFail) stop
// nothing, and are returned once all tables are done.
func computeSideBySide(ctx context.Context, opts options, atOnce int, compute bandFunc, stdout, stderr io.Writer) error {
	perTable := opts
	perTable.cfg.Workers = max(1, opts.cfg.Workers/atOnce)
	if !cli.IsTerminal(stderr) {
		// The tables' notes and the progress lines come from several
		// goroutines; a terminal takes each write whole.
		stderr = &cli.LockedWriter{W: stderr}
	}
	rows := int64(opts.rows[1]+1) * int64(len(opts.tables))
	bar := newProgress(stderr, opts.quiet, tableIDs(opts), "rows", rows)
	summaries := make([]bytes.Buffer, len(opts.tables))
	errs := make([]error, len(opts.tables))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(atOnce)
	for i, r := range opts.tables {
		g.Go(func() error {
			if gctx.Err() != nil {
				// Stopped before its turn: nothing of it begun, nothing kept.
				errs[i] = fmt.Errorf("%s: %w before it started", r.ID, bandrun.ErrInterrupted)
				return errs[i]
			}
			errs[i] = compute(gctx, r, perTable, bar.borrowed(), &summaries[i], stderr)
			if errors.Is(errs[i], errClaimsFail) {
				return nil
			}
			return errs[i]
		})
	}
	first := g.Wait()
	bar.finish()
	for i := range summaries {
		if _, err := stdout.Write(summaries[i].Bytes()); err != nil && first == nil {
			first = err
		}
	}
	all := []error{first}
	for _, err := range errs {
		if err != first {
			all = append(all, err)
		}
	}
	return errors.Join(all...)
}
