package proof

import (
	"context"
	"fmt"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// batchRows is the rows in flight between the sweep and the check of one
// stream (streamRows): the sweep's runs of rows are copied into as many
// buffers, which the check hands back once it has read them.
const batchRows = 4

// wholeStream checks rows 0 … x1−1 as one stream, one checker beside a
// sweep of one worker fewer than cfg.Workers (at least one), and returns
// the check's canonical states before rows x0 and x1.
func wholeStream(ctx context.Context, rules band.Rules, table string, v int, n, x0, x1 int64, cfg band.Config, report *rowReport) (start, end bandcheck.State, err error) {
	cfg.Workers = max(cfg.Workers-1, 1)
	sw, err := band.New(rules, n, v, cfg)
	if err != nil {
		return start, end, fmt.Errorf("proof: sweep %s, V = %d: %w", table, v, err)
	}
	checker, err := bandcheck.New(table, n, v)
	if err != nil {
		return start, end, fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	if err := streamRows(ctx, sw, checker, x0, v, n, report); err != nil {
		return start, end, err
	}
	start = canonical(checker.State())
	if err := streamRows(ctx, sw, checker, x1, v, n, report); err != nil {
		return start, end, err
	}
	return start, canonical(checker.State()), nil
}

// checkRun checks a run of rows with checker and requires every row to
// hold all of 0 … v; it counts the rows to report.
func checkRun(checker *bandcheck.Checker, r bandcheck.Rows, v int, n int64, report *rowReport) error {
	if err := checker.Rows(r); err != nil {
		return fmt.Errorf("%w: the independent check of the rows: %w", ErrCertificate, err)
	}
	if row, open := checker.FirstOpenRow(); open {
		return fmt.Errorf("%w: row %d does not hold all of the values 0 … %d: it does not fill, so the table of side %d may differ from the infinite one", ErrCertificate, row, v, n)
	}
	report.add(int64(len(r.Start) - 1))
	return nil
}

// streamRows sweeps sw's rows to until and streams them into checker,
// which runs in a goroutine of its own beside the sweep (the sweep's rows
// are copied into recycled buffers, in order); it requires every row to
// hold all of 0 … v. The first failure of the check stops the sweep.
func streamRows(ctx context.Context, sw *band.Sweeper, checker *bandcheck.Checker, until int64, v int, n int64, report *rowReport) error {
	g, gctx := errgroup.WithContext(ctx)
	work, free := make(chan *bandcheck.Rows, batchRows), make(chan *bandcheck.Rows, batchRows)
	for range batchRows {
		free <- &bandcheck.Rows{}
	}
	g.Go(func() error {
		for b := range work {
			if err := checkRun(checker, *b, v, n, report); err != nil {
				return err
			}
			free <- b
		}
		return nil
	})
	emit := func(r band.Rows) error {
		var b *bandcheck.Rows
		select {
		case b = <-free:
		case <-gctx.Done():
			return gctx.Err()
		}
		b.X0 = r.X0
		b.Start = append(b.Start[:0], r.Start...)
		b.Y = append(b.Y[:0], r.Y...)
		b.Value = append(b.Value[:0], r.Value...)
		select {
		case work <- b:
			return nil
		case <-gctx.Done():
			return gctx.Err()
		}
	}
	g.Go(func() error {
		defer close(work)
		return sw.Run(gctx, until, emit)
	})
	return g.Wait()
}

// rowReport counts the rows checked, by every segment, and reports the
// count to progress, if set, once it is at least defaultChunk past the
// count reported last.
type rowReport struct {
	progress func(rows int64)
	mu       sync.Mutex
	checked  int64
	reported int64
}

func newRowReport(progress func(rows int64)) *rowReport { return &rowReport{progress: progress} }

// add counts rows more rows checked.
func (r *rowReport) add(rows int64) {
	if r.progress == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.checked += rows
	if r.checked-r.reported >= defaultChunk {
		r.progress(r.checked)
		r.reported = r.checked
	}
}
