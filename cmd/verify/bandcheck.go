package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// runBandCheck checks a values dataset of the values LO … V against the
// definition of its table, from the game's own statement of the moves
// (package conjecture/bandcheck, which shares nothing with the engine):
// every cell it holds must be the mex of its options capped at V+1, and
// every cell it leaves out must be above V or, for LO > 0, below LO (the
// values below LO, which the dataset leaves out, are computed on the way,
// as the band of 0 … V would hold them). The parts are read in full,
// each against its SHA-256 and the whole against cells_sha256, before any
// verdict, so damage is exit status 1 and never taken for a counterexample
// (exit status 3).
func runBandCheck(ctx context.Context, dir string, stdout, stderr io.Writer) error {
	d, err := valuesds.Open(dir)
	if err != nil {
		return err
	}
	m := d.Manifest
	values := m.ValueRange()
	if m.Rows.First != 0 || m.Rows.Last != m.N {
		return fmt.Errorf("%s holds rows %d … %d of n = %d: the check needs every row from 0 (compute without -rows)", dir, m.Rows.First, m.Rows.Last, m.N)
	}
	checker, err := bandcheck.New(m.Table, m.N, int(values.Hi))
	if err == nil {
		err = checker.SetLo(int(values.Lo))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	var rows atomic.Int64 // the scan's, read by the progress lines' goroutine
	stop := cli.StartProgress(stderr, progressInterval, func(elapsed time.Duration) string {
		return fmt.Sprintf("verify: %s: %d of %d rows checked after %s", dir, rows.Load(), m.N+1, elapsed)
	})
	start := time.Now()
	// A cell that fails the check is held back until the scan has ended:
	// only cells_sha256, checked at its end, tells a counterexample from
	// damage whose part checksum was forged to match.
	var failed error
	err = d.Scan(ctx, func(x0 int64, starts []int32, ys []int64, vs []int32) error {
		rows.Store(x0 + int64(len(starts)-1))
		if failed == nil {
			failed = checker.Rows(bandcheck.Rows{X0: x0, Start: starts, Y: ys, Value: vs})
		}
		return nil
	}, valuesds.ScanOptions{})
	stop()
	switch {
	case err != nil:
		return err
	case failed != nil:
		err = failed
	default:
		err = checker.Finish()
	}
	id := m.Table + ".band"
	var cell *bandcheck.CellError
	switch {
	case errors.As(err, &cell):
		fmt.Fprintf(stdout, "%s\tFAILS\t%v (%s, cells_sha256 %s…)\n", id, cell, dir, m.CellsSHA256[:16])
		return fmt.Errorf("%w: %s: %v", errFails, id, cell)
	case err != nil:
		return err
	}
	sum := fmt.Sprintf("cells_sha256 %s… in %s", m.CellsSHA256[:16], m.Format)
	if now := d.CurrentSum(); now != "" {
		sum = fmt.Sprintf("%s, cells_sha256 %s… in that format; %s… in today's %s", m.Format, m.CellsSHA256[:16], now[:16], valuesds.Format)
	}
	others := fmt.Sprintf("above %d", values.Hi)
	if values.Lo > 0 {
		others = fmt.Sprintf("below %d or above %d", values.Lo, values.Hi)
	}
	_, err = fmt.Fprintf(stdout, "%s\tholds\tthe %d cells of values %s in rows 0-%d of %s (sweep %s, %s) are those of "+
		"the definition, and every other cell is %s (%.1fs)\n", id, m.Cells, values, m.N, dir, m.Sweep,
		sum, others, time.Since(start).Seconds())
	return err
}
