package proof

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
)

// Patterns finds the periods, starts and offsets of the reference (every
// row held) for every served table and V = 0 … 12, and its exceptions are
// exactly the rows below the start whose cell differs from the period's.
func TestPatternsMatchReference(t *testing.T) {
	ctx := context.Background()
	for _, table := range servedTables {
		for v := 0; v <= 12; v++ {
			rep, found, err := Search(ctx, table, v, 200000, Options{Config: testConfig})
			if err != nil || !found {
				t.Fatalf("%s, V = %d: no repeat (%v)", table, v, err)
			}
			want, err := patternsFromRows(ctx, rep, testConfig)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Patterns(ctx, rep, band.Config{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for u, w := range want {
				g := got[u]
				if g.Period != w.Period || g.Start != w.Start || !slices.Equal(g.Offsets, w.Offsets) {
					t.Errorf("%s, V = %d, value %d: period %d from %d, offsets %v; the reference: %d from %d, %v",
						table, v, u, g.Period, g.Start, g.Offsets, w.Period, w.Start, w.Offsets)
				}
				checkExceptions(t, ctx, rep, g)
			}
		}
	}
}

// checkExceptions checks the exceptions of vp against the rows of a sweep.
func checkExceptions(t *testing.T, ctx context.Context, rep Repeat, vp ValuePattern) {
	t.Helper()
	rules, _, _, err := rulesOf(rep.Table, rep.V)
	if err != nil {
		t.Fatal(err)
	}
	sw, err := band.New(rules, Infinity, rep.V, testConfig)
	if err != nil {
		t.Fatal(err)
	}
	var want []Exception
	err = sw.Run(ctx, vp.Start, func(r band.Rows) error {
		for i := range r.Len() {
			x, off := r.X0+int64(i), int64(NoCell)
			for k := r.Start[i]; k < r.Start[i+1]; k++ {
				if int(r.Value[k]) == vp.Value {
					off = r.Y[k] - x
				}
			}
			if off != vp.Offsets[x%vp.Period] {
				want = append(want, Exception{X: x, Offset: off})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(vp.Exceptions, want) || vp.Omitted != 0 {
		t.Errorf("%s, V = %d, value %d: exceptions %v (%d omitted), want %v", rep.Table, rep.V, vp.Value, vp.Exceptions, vp.Omitted, want)
	}
	if vp.Start > 0 && (len(want) == 0 || want[len(want)-1].X != vp.Start-1) {
		t.Errorf("%s, V = %d, value %d: start %d with no exception just below it: not the least start", rep.Table, rep.V, vp.Value, vp.Start)
	}
}

// maxOffsetCells bounds (X0+P)·(V+1), the offsets Patterns holds.
const maxOffsetCells = 1 << 26

// absent marks a row without a cell of the value.
const absent = math.MinInt16

// patternsFromRows is the reference of Patterns, from the definition: it
// holds the offsets of rows 0 … X0+P−1 of a fresh sweep; the least period
// is the least divisor of P under which the rows X0 … X0+P−1 repeat
// (cyclically), and the start is found by walking down from X0 while the
// rows still repeat. It lists no exceptions.
func patternsFromRows(ctx context.Context, rep Repeat, cfg band.Config) ([]ValuePattern, error) {
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
