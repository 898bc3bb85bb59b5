package proof

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// Check re-verifies a certificate on its own: it streams the band sweep's
// rows 0 … X0+P−1, of side SideFor(V, X0+P), into the independent check
// (package bandcheck), which
// checks every cell from its own statement of the moves; it requires every
// row to hold all of 0 … V (so the table of side Infinity agrees with the
// infinite one); and it compares the check's own states before rows X0 and
// X0+P, exactly, with each other (moved P down the diagonal) and with the
// certificate's state. It also checks X0 against the rows of base cells
// and P against the stride of the rules, and, when the certificate names
// statements of the papers, checks them (CheckStatements). The error wraps
// ErrCertificate and says what failed.
func Check(ctx context.Context, c Certificate, cfg band.Config) error {
	return CheckProgress(ctx, c, cfg, nil)
}

// CheckProgress is Check reporting to progress, if set, the rows the sweep
// has handed to the check (of X0+P), about every 2¹⁸ rows: a check of a
// 10⁹-row certificate takes a quarter of an hour.
func CheckProgress(ctx context.Context, c Certificate, cfg band.Config, progress func(rows int64)) error {
	if c.Format != Format {
		return fmt.Errorf("%w: format %q, want %q", ErrCertificate, c.Format, Format)
	}
	if c.V < 0 || c.V > band.MaxCap {
		return fmt.Errorf("%w: V = %d outside 0 … %d", ErrCertificate, c.V, band.MaxCap)
	}
	rules, baseEnd, stride, err := rulesOf(c.Table, c.V)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	switch {
	case c.X0 < baseEnd:
		return fmt.Errorf("%w: x0 = %d is inside the rows of base cells (0 … %d), where the rules are not the same along the diagonal", ErrCertificate, c.X0, baseEnd-1)
	case c.P < 1:
		return fmt.Errorf("%w: period P = %d, want P ≥ 1", ErrCertificate, c.P)
	case c.P%stride != 0:
		return fmt.Errorf("%w: period P = %d is not a multiple of %d, the least power of two above V = %d: moving (x, y) by P along the diagonal changes which x XOR y are at most V", ErrCertificate, c.P, stride, c.V)
	case c.X0 > MaxBound || c.P > MaxBound: // each bounded first, so that their sum cannot wrap
		return fmt.Errorf("%w: x0 + P = %d beyond the rows the check can reach", ErrCertificate, c.X0+c.P)
	}
	st, err := c.state()
	if err != nil {
		return err
	}
	side := SideFor(c.V, c.X0+c.P)
	if st.V != c.V || st.Next != c.X0 || st.N != side {
		return fmt.Errorf("%w: its state is of V = %d before row %d in a table of side %d, not V = %d before row x0 = %d of side %d", ErrCertificate, st.V, st.Next, st.N, c.V, c.X0, side)
	}
	start, end, err := streamChecked(ctx, rules, c.Table, c.V, side, c.X0, c.X0+c.P, cfg, progress)
	if err != nil {
		return err
	}
	if !start.Shifted(end) {
		return fmt.Errorf("%w: the checked state before row %d is not the one before row %d moved %d along the diagonal: no repeat", ErrCertificate, end.Row, start.Row, c.P)
	}
	if !fromBand(st).Equal(start) {
		return fmt.Errorf("%w: the certificate's state is not the checked state before row x0 = %d", ErrCertificate, c.X0)
	}
	if len(c.Statements) > 0 {
		return CheckStatements(ctx, c)
	}
	return nil
}

// batchRows is the rows in flight between the sweep and the check: the
// sweep's runs of rows are copied into as many buffers, which the check
// hands back once it has read them.
const batchRows = 4

// streamChecked sweeps rows 0 … x1−1 of table with cap v and side n and
// streams them into the independent check, which runs in a goroutine of
// its own beside the sweep (the sweep's rows are copied into recycled
// buffers, in order). The check is one of cfg.Workers: the sweep gets the
// others, at least one. The check is the slower of the two (about twice
// the sweep's CPU a row), so a second sweep worker would only take its
// core from it: on two cores a check with two sweep workers took 3.5 s
// where one took 2.6; it requires every row to hold all of 0 … v (so
// that the table of side n agrees with the infinite one) and returns the
// check's canonical states before rows x0 and x1. The first failure of
// the check stops the sweep.
func streamChecked(ctx context.Context, rules band.Rules, table string, v int, n, x0, x1 int64, cfg band.Config, progress func(rows int64)) (start, end bandcheck.State, err error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	cfg.Workers = max(cfg.Workers-1, 1)
	sw, err := band.New(rules, n, v, cfg)
	if err != nil {
		return start, end, fmt.Errorf("proof: sweep %s, V = %d: %w", table, v, err)
	}
	checker, err := bandcheck.New(table, n, v)
	if err != nil {
		return start, end, fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	// A batch is a run of rows, or with snapshot set the moment to take
	// the state before row x0.
	type batch struct {
		rows     bandcheck.Rows
		snapshot bool
	}
	g, gctx := errgroup.WithContext(ctx)
	work, free := make(chan *batch, batchRows), make(chan *batch, batchRows)
	for range batchRows {
		free <- &batch{}
	}
	g.Go(func() error {
		for b := range work {
			if b.snapshot {
				start = canonical(checker.State())
				continue
			}
			if err := checker.Rows(b.rows); err != nil {
				return fmt.Errorf("%w: the independent check of the rows: %w", ErrCertificate, err)
			}
			if row, open := checker.FirstOpenRow(); open {
				return fmt.Errorf("%w: row %d does not hold all of the values 0 … %d: it does not fill, so the table of side %d may differ from the infinite one", ErrCertificate, row, v, n)
			}
			free <- b
		}
		return nil
	})
	send := func(b *batch) error {
		select {
		case work <- b:
			return nil
		case <-gctx.Done():
			return gctx.Err()
		}
	}
	report := everyChunk(progress)
	emit := func(r band.Rows) error {
		var b *batch
		select {
		case b = <-free:
		case <-gctx.Done():
			return gctx.Err()
		}
		b.rows.X0 = r.X0
		b.rows.Start = append(b.rows.Start[:0], r.Start...)
		b.rows.Y = append(b.rows.Y[:0], r.Y...)
		b.rows.Value = append(b.rows.Value[:0], r.Value...)
		report(r)
		return send(b)
	}
	g.Go(func() error {
		defer close(work)
		if err := sw.Run(gctx, x0, emit); err != nil {
			return err
		}
		if err := send(&batch{snapshot: true}); err != nil {
			return err
		}
		return sw.Run(gctx, x1, emit)
	})
	if err := g.Wait(); err != nil {
		return start, end, err
	}
	return start, canonical(checker.State()), nil
}
