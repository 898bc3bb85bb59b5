package valuesds

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// WriteFullSweep computes table r at size n with engine.Compute and writes
// the cells of values as the dataset at dir (sweep "full", every row,
// g_sha256 and max_value of the whole table), in one run without
// checkpoints: the simplest producer of a dataset, for tests and small n.
func WriteFullSweep(ctx context.Context, dir string, r tables.Ruleset, n int, values results.ValueRange, cfg engine.Config, opts Options) error {
	meta := Meta{Table: r.ID, Game: r.Record(), Symbol: r.Symbol, Definition: r.Definition, Source: r.Source, N: int64(n),
		Values: values, Sweep: SweepFull, Rows: RowRange{0, int64(n)}}
	w, err := Create(dir, meta, opts)
	if err != nil {
		return err
	}
	started := time.Now()
	var scratch Rows
	sum := results.NewTableSum()
	err = engine.Compute(ctx, r.Rules, n, cfg, func(b engine.Band) error {
		sum.Add(b.Cells)
		return w.WriteBand(b, &scratch)
	})
	if err == nil {
		err = w.Commit(Final{Workers: workersOf(cfg), Seconds: time.Since(started).Seconds(), GSHA256: sum.SHA256(), MaxValue: sum.MaxValue()})
	}
	if err != nil {
		w.Abort()
		return fmt.Errorf("write the full sweep of %s at n = %d: %w", r.ID, n, err)
	}
	return nil
}

// workersOf is the worker count engine.Compute uses for cfg.
func workersOf(cfg engine.Config) int {
	if cfg.Workers > 0 {
		return cfg.Workers
	}
	return runtime.GOMAXPROCS(0)
}
