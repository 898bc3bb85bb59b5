package proof

import (
	"context"
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/engine/band"
)

// ValuePattern is what a repeat proves of one value v ≤ V: for every row
// x ≥ Start, the cell of value v in row x + Period is the one of row x
// moved Period along the diagonal, and Start is the least such row.
// Period is the least such period; it divides the repeat's P (two periods
// of an infinite sequence have their gcd as a period). Offsets[i] is the
// y − x of the cell of value v in the rows x ≥ Start with x mod Period = i,
// as package pattern writes them.
type ValuePattern struct {
	Value   int     `json:"value"`
	Period  int64   `json:"period"`
	Start   int64   `json:"start"`
	Offsets []int64 `json:"offsets"`
}

// maxOffsetCells bounds (X0+P)·(V+1), the offsets Patterns holds.
const maxOffsetCells = 1 << 26

// absent marks a row without a cell of the value.
const absent = math.MinInt16

// Patterns returns the pattern of every value 0 … V that rep proves,
// from the rows 0 … X0+P−1 of a fresh sweep: the least period is the least
// divisor of P under which the rows X0 … X0+P−1 repeat (cyclically), and
// the start is found by walking down from X0 while the rows still repeat.
func Patterns(ctx context.Context, rep Repeat, cfg band.Config) ([]ValuePattern, error) {
	rows := rep.X0 + rep.P
	if rows*int64(rep.V+1) > maxOffsetCells {
		return nil, fmt.Errorf("proof: the patterns of %s, V = %d need %d rows of %d offsets, beyond %d", rep.Table, rep.V, rows, rep.V+1, maxOffsetCells)
	}
	rules, _, _, err := rulesOf(rep.Table, rep.V)
	if err != nil {
		return nil, err
	}
	sw, err := band.New(rules, Infinity, rep.V, cfg)
	if err != nil {
		return nil, fmt.Errorf("proof: sweep %s, V = %d: %w", rep.Table, rep.V, err)
	}
	width := int64(rep.V + 1)
	offsets := make([]int16, rows*width) // row x, value v at x·width + v
	for i := range offsets {
		offsets[i] = absent
	}
	err = sw.Run(ctx, rows, func(r band.Rows) error {
		for i := range r.Len() {
			x := r.X0 + int64(i)
			for k := r.Start[i]; k < r.Start[i+1]; k++ {
				offsets[x*width+int64(r.Value[k])] = int16(r.Y[k] - x)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("proof: sweep %s, V = %d: %w", rep.Table, rep.V, err)
	}
	patterns := make([]ValuePattern, rep.V+1)
	for v := range patterns {
		at := func(x int64) int16 { // rows from X0 on repeat with period P
			if x >= rows {
				x = rep.X0 + (x-rep.X0)%rep.P
			}
			return offsets[x*width+int64(v)]
		}
		period := rep.P
		for q := int64(1); q < rep.P; q++ {
			if rep.P%q == 0 && repeatsWith(at, rep.X0, rep.P, q) {
				period = q
				break
			}
		}
		start := rep.X0
		for start > 0 && at(start-1) == at(start-1+period) {
			start--
		}
		p := ValuePattern{Value: v, Period: period, Start: start, Offsets: make([]int64, period)}
		for i := range p.Offsets { // by residue: row x ≥ start with x mod period = i
			x := start + ((int64(i)-start)%period+period)%period
			p.Offsets[i] = int64(at(x))
		}
		patterns[v] = p
	}
	return patterns, nil
}

// repeatsWith reports whether rows x0 … x0+p−1 of at repeat with period
// q, cyclically (at being periodic with period p from x0).
func repeatsWith(at func(int64) int16, x0, p, q int64) bool {
	for x := x0; x < x0+p; x++ {
		if at(x) != at(x+q) {
			return false
		}
	}
	return true
}
