package main

import (
	"context"
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// absent marks a row without the value inside the table.
const absent = math.MinInt16

// offsets holds d_v(x) = f_v(x) − x for every value v ≤ V and row x ≤ n,
// or absent. In a rook table |d| ≤ V + 1 ≤ 1024, so an int16 holds it.
type offsets [][]int16

// of returns the offsets of value v by row.
func (o offsets) of(v int) []int16 { return o[v] }

// sweepOffsets sweeps the band of table id over 0 ≤ x, y ≤ n for the
// values 0 … hi and records their offsets. A value twice in one row (which
// no rook table has) is an error.
func sweepOffsets(ctx context.Context, id string, n int64, hi int) (offsets, error) {
	r, ok := tables.Lookup(id)
	if !ok {
		return nil, fmt.Errorf("table %q: not a table of this program", id)
	}
	rules, err := r.BandRules()
	if err != nil {
		return nil, err
	}
	sw, err := band.New(rules, n, hi, band.Config{})
	if err != nil {
		return nil, err
	}
	o := make(offsets, hi+1)
	for v := range o {
		o[v] = make([]int16, n+1)
		for x := range o[v] {
			o[v][x] = absent
		}
	}
	err = sw.Run(ctx, n+1, func(rows band.Rows) error {
		for i := range rows.Len() {
			x := rows.X0 + int64(i)
			for k := rows.Start[i]; k < rows.Start[i+1]; k++ {
				v := rows.Value[k]
				if o[v][x] != absent {
					return fmt.Errorf("%s: value %d twice in row %d", id, v, x)
				}
				o[v][x] = int16(rows.Y[k] - x)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sweep %s to n = %d: %w", id, n, err)
	}
	return o, nil
}
