package proof

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy-lab/grundy/engine/band"
)

// exhaustiveSearch is the repeat search straight from the definition, the
// reference of Search: it keeps the key of every row's state and compares
// every later row with each earlier one of the same key (and phase modulo
// the stride) exactly, so the first repeat it meets is the one of least
// x₀ + P, hence of least x₀ and, for it, least P. Its memory grows with
// the rows.
func exhaustiveSearch(ctx context.Context, table string, v int, bound int64) (Repeat, bool, error) {
	rules, baseEnd, stride, err := rulesOf(table, v)
	if err != nil {
		return Repeat{}, false, err
	}
	sw, err := band.New(rules, Infinity, v, band.Config{Workers: 1})
	if err != nil {
		return Repeat{}, false, err
	}
	type candidate struct {
		key   uint64
		phase int64
	}
	found := errors.New("found")
	tr, err := trackerAt(band.State{}, newHasher(v, nil))
	if err != nil {
		return Repeat{}, false, err
	}
	seen := make(map[candidate][]int64)
	rep := Repeat{Table: table, V: v, Stride: stride}
	emit := func(r band.Rows) error {
		for i := range r.Len() {
			s, e := r.Start[i], r.Start[i+1]
			if err := tr.row(r.Y[s:e], r.Value[s:e]); err != nil {
				return err
			}
			if tr.next < baseEnd {
				continue
			}
			k := candidate{tr.key(), tr.next % stride}
			for _, x0 := range seen[k] {
				start, ok, err := exactRepeat(ctx, rules, v, x0, tr.next, band.Config{Workers: 1}, nil)
				if err != nil {
					return err
				}
				if ok {
					rep.X0, rep.P, rep.State = x0, tr.next-x0, start
					return found
				}
			}
			seen[k] = append(seen[k], tr.next)
		}
		return nil
	}
	switch err := sw.Run(ctx, bound, emit); {
	case errors.Is(err, found):
		return rep, true, nil
	case err != nil:
		return Repeat{}, false, fmt.Errorf("reference search %s, V = %d: %w", table, v, err)
	}
	return Repeat{}, false, nil
}
