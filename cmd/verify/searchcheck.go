package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync/atomic"
	"time"

	"github.com/grundy-lab/grundy/cmd/internal/cli"
	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
)

// errSearchBlock reports a certificate whose search block's word does not
// hold: the V it names as not repeating within its bound repeats.
var errSearchBlock = errors.New("its search block does not hold")

// searchWork is the work of searching c's first_unrepeated_v again within
// its bound, as the climb did (proof.Search): the rows swept, bound and
// the marks' spacing beyond it, and about V + 2 cells a row; 0, 0 for a
// certificate whose search block names no such V.
func searchWork(c proof.Certificate) (rows, cells int64) {
	if c.Search == nil || c.Search.FirstUnrepeatedV == 0 {
		return 0, 0
	}
	rows = c.Search.Bound + c.Search.Bound/proof.MaxMarks + 1
	perRow := int64(c.Search.FirstUnrepeatedV) + 2
	if rows > math.MaxInt64/perRow {
		return rows, math.MaxInt64
	}
	return rows, rows * perRow
}

// recheckSearch searches again, as the climb did, whether the band state
// of c's first_unrepeated_v repeats within its bound (proof.Search), and
// reports whether it searched (false for a block that names no such V).
// A repeat found is an error wrapping errSearchBlock that names it.
func recheckSearch(ctx context.Context, path string, c proof.Certificate, cfg band.Config, stderr io.Writer) (bool, error) {
	rows, cells := searchWork(c)
	if rows == 0 {
		return false, nil
	}
	v, bound := c.Search.FirstUnrepeatedV, c.Search.Bound
	fmt.Fprintf(stderr, "verify: %s: searching V = %d again within %s rows, %s cells; about %s\n", path, v, count(bound), count(cells), duration(cells, cfg.Workers))
	var reached atomic.Int64
	stop := cli.StartProgress(stderr, progressInterval, func(elapsed time.Duration) string {
		n := reached.Load()
		return fmt.Sprintf("verify: %s: V = %d searched to row %s of %s in %v", path, v, count(n), count(rows), elapsed)
	})
	rep, found, err := proof.Search(ctx, c.Table, v, bound, proof.Options{Config: cfg, Progress: func(p proof.Progress) { reached.Store(p.Rows) }})
	stop()
	switch {
	case err != nil:
		return false, err
	case found:
		return true, fmt.Errorf("%w: first_unrepeated_v is %d, but the band state of V = %d repeats within %d rows: x0 = %d, P = %d",
			errSearchBlock, v, v, bound, rep.X0, rep.P)
	}
	return true, nil
}

// searchVerdict is what the verdict line of -certificate says of the
// certificate's search block, if it has one: that the repeat lies within
// its bound is re-checked, so every V ≤ v repeats within it; that its
// first_unrepeated_v does not is the climb's word, which the check of the
// certificate does not re-check (proof.SearchChecked), and -recheck-search
// (searched) does.
func searchVerdict(c proof.Certificate, searched bool) string {
	switch {
	case c.Search == nil:
		return ""
	case c.Search.FirstUnrepeatedV == 0:
		return fmt.Sprintf("; its search block, re-checked: every V ≤ %d repeats within its bound of %d rows (no higher V was searched)", c.V, c.Search.Bound)
	case searched:
		return fmt.Sprintf("; its search block, re-checked by -recheck-search: the band state of V = %d does not repeat within %d rows",
			c.Search.FirstUnrepeatedV, c.Search.Bound)
	}
	return fmt.Sprintf("; its search block, NOT re-checked: first_unrepeated_v %d (the search's word that the band state of V = %d does not repeat within %d rows; no proof; -recheck-search searches it again)",
		c.Search.FirstUnrepeatedV, c.Search.FirstUnrepeatedV, c.Search.Bound)
}
