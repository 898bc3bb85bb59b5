package engine_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// randomLimitRules are rules with a subtraction limit 1 … 6 (now and then
// one above n), a few base cells in the 5×5 corner of values −1 … 4 (now
// and then a large one), and diagonal moves, an excluded value or a pass.
func randomLimitRules(rng *rand.Rand) engine.Rules {
	r := engine.Rules{Limit: 1 + rng.IntN(6)}
	if rng.IntN(8) == 0 {
		r.Limit = 40 + rng.IntN(100)
	}
	for _, at := range rng.Perm(25)[:rng.IntN(6)] {
		value := int32(rng.IntN(6) - 1)
		if rng.IntN(10) == 0 {
			value = 200
		}
		r.Base = append(r.Base, engine.Cell{X: at / 5, Y: at % 5, Value: value})
	}
	switch rng.IntN(4) {
	case 0:
		r.Diagonal = true
	case 1:
		r.Excluded = func(x, y0 int, dst []int32) {
			for i := range dst {
				dst[i] = int32((x*7 + (y0+i)*3) % 5)
			}
		}
	case 2:
		r.Passless = &engine.Rules{Base: r.Base, Limit: r.Limit}
	}
	return r
}

// TestLimitMatchesReference holds the engine with a limit to the slow
// reference cell by cell on random rules, over worker counts, tiles and
// both kinds of sets asked for (a limit always takes its own dense sets).
func TestLimitMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 7))
	rounds := 300
	if testing.Short() {
		rounds = 60
	}
	for i := range rounds {
		r := randomLimitRules(rng)
		n := rng.IntN(70)
		cfg := engine.Config{Workers: 1 + rng.IntN(3), Tile: 1 + rng.IntN(24), Sets: engine.SetKind(rng.IntN(3))}
		if d := firstDifference(collect(t, r, n, cfg), tables.Reference(r, n), n); d != "" {
			t.Fatalf("round %d: limit %d, base %v, diagonal %v, excluded %v, pass %v, n = %d, %+v: %s",
				i, r.Limit, r.Base, r.Diagonal, r.Excluded != nil, r.Passless != nil, n, cfg, d)
		}
	}
}

// TestLimitIsSubtractionNim: two-heap nim whose moves take 1 … k tokens is
// the sum of two subtraction games S = {1, …, k}, whose one-heap values are
// x mod (k+1), so G(x, y) = (x mod (k+1)) XOR (y mod (k+1)) (the
// Sprague-Grundy theorem).
func TestLimitIsSubtractionNim(t *testing.T) {
	const n = 600
	for _, k := range []int{1, 2, 3, 7, 64} {
		sw, err := engine.NewSweeper(engine.Rules{Limit: k}, n, engine.Config{Workers: 2, Tile: 50})
		if err != nil {
			t.Fatal(err)
		}
		err = sw.Run(context.Background(), n+1, func(b engine.Band) error {
			for i, v := range b.Cells {
				x, y := b.X0+i/b.Width, i%b.Width
				if want := int32(x%(k+1)) ^ int32(y%(k+1)); v != want {
					return fmt.Errorf("G(%d,%d) = %d, want %d", x, y, v, want)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("limit %d: %v", k, err)
		}
	}
}

// TestLimitContinuesAndSavesState: a sweep with a limit goes on from known
// rows (Continue) and from a saved state (ReadSweeper, another worker
// count) at every band boundary, with and without diagonal moves and the
// pass, to the reference's rows.
func TestLimitContinuesAndSavesState(t *testing.T) {
	const n, tile = 45, 6
	base := []engine.Cell{{X: 0, Y: 0, Value: -1}, {X: 1, Y: 2, Value: 3}, {X: 2, Y: 1, Value: 3}}
	for _, r := range []engine.Rules{
		{Base: base, Limit: 3},
		{Base: base, Limit: 2, Diagonal: true},
		{Base: append(base, engine.Cell{X: 1, Y: 0, Value: 0}), Limit: 4, Passless: &engine.Rules{Base: base, Limit: 4}},
		{Base: base, Limit: 100}, // above n: no limit
	} {
		want := tables.Reference(r, n)
		check := func(next *int) func(b engine.Band) error {
			return func(b engine.Band) error {
				if b.X0 != *next {
					return fmt.Errorf("band at row %d, want %d", b.X0, *next)
				}
				*next += b.Rows
				for i, v := range b.Cells {
					if x, y := b.X0+i/b.Width, i%b.Width; v != want[x][y] {
						return fmt.Errorf("G(%d,%d) = %d, reference %d", x, y, v, want[x][y])
					}
				}
				return nil
			}
		}
		for start := 0; start <= n+1; start = min(start+tile, n+1) {
			prefix := func(visit func(engine.Band) error) error {
				for x := range start {
					if err := visit(engine.Band{X0: x, Rows: 1, Width: n + 1, Cells: want[x]}); err != nil {
						return err
					}
				}
				return nil
			}
			next := start
			if err := engine.Continue(context.Background(), r, n, engine.Config{Workers: 2, Tile: tile}, start, prefix, check(&next)); err != nil || next != n+1 {
				t.Fatalf("limit %d diagonal %v: continue from row %d: %v (reached %d)", r.Limit, r.Diagonal, start, err, next)
			}

			sw, err := engine.NewSweeper(r, n, engine.Config{Workers: 2, Tile: tile})
			if err != nil {
				t.Fatal(err)
			}
			next = 0
			if err := sw.Run(context.Background(), start, check(&next)); err != nil {
				t.Fatal(err)
			}
			var state bytes.Buffer
			if err := sw.WriteState(&state); err != nil {
				t.Fatal(err)
			}
			back, err := engine.ReadSweeper(bytes.NewReader(state.Bytes()), r, n, engine.Config{Workers: 3})
			if err != nil {
				t.Fatalf("limit %d: read the state at row %d: %v", r.Limit, start, err)
			}
			if err := back.Run(context.Background(), n+1, check(&next)); err != nil || next != n+1 {
				t.Fatalf("limit %d diagonal %v: resumed at row %d: %v (reached %d)", r.Limit, r.Diagonal, start, err, next)
			}
			if start == n+1 {
				break
			}
		}
	}
}

// TestLimitStatesAreTheirOwn: a state with a limit is refused by rules
// without one or with another limit, and the other way round.
func TestLimitStatesAreTheirOwn(t *testing.T) {
	state := func(r engine.Rules) []byte { return savedState(t, r, 30, 16, engine.Config{Tile: 8}) }
	limited, plain := engine.Rules{Limit: 3}, engine.Rules{}
	for _, tc := range []struct {
		name  string
		data  []byte
		rules engine.Rules
	}{
		{"a limited state, no limit", state(limited), plain},
		{"a limited state, another limit", state(limited), engine.Rules{Limit: 4}},
		{"a plain state, a limit", state(plain), limited},
		{"a limited state truncated", state(limited)[:60], limited},
	} {
		if _, err := engine.ReadSweeper(bytes.NewReader(tc.data), tc.rules, 30, engine.Config{}); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s: %v, want ErrBadState", tc.name, err)
		}
	}
	damaged := state(limited)
	damaged[len(damaged)-1] = 0x7f // a ring value far above the sets
	if _, err := engine.ReadSweeper(bytes.NewReader(damaged), limited, 30, engine.Config{}); !errors.Is(err, engine.ErrBadState) {
		t.Errorf("a ring value out of range: %v, want ErrBadState", err)
	}
}

// TestLimitRulesRefused: limits the engine cannot compute.
func TestLimitRulesRefused(t *testing.T) {
	for _, r := range []engine.Rules{
		{Limit: -1},
		{Limit: engine.MaxLimit + 1},
		{Limit: 2, Josephus: true},
		{Limit: 2, Split: &engine.Split{Shift: 1}},
		{Limit: 2, Base: []engine.Cell{{Value: engine.MaxLimitValue + 1}}},
		{Limit: 2, Diagonal: true, Excluded: func(int, int, []int32) {}},
	} {
		if _, err := engine.NewSweeper(r, 10, engine.Config{}); !errors.Is(err, engine.ErrInvalidRules) {
			t.Errorf("limit %d: %v, want ErrInvalidRules", r.Limit, err)
		}
	}
}

// TestLimitMemory: a limit's memory grows like k·n, far below the n²/4
// bytes of the dense column sets at large n.
func TestLimitMemory(t *testing.T) {
	cfg := engine.Config{Workers: 2, Tile: 128}
	small, large := engine.MemoryBytes(engine.Rules{Limit: 3}, 100000, cfg), engine.MemoryBytes(engine.Rules{Limit: 3000}, 100000, cfg)
	plain := engine.MemoryBytes(engine.Rules{}, 100000, engine.Config{Workers: 2, Tile: 128, Sets: engine.DenseSets})
	if small >= large || large >= plain || small > 200<<20 {
		t.Errorf("limit 3: %d bytes, limit 3000: %d, no limit: %d", small, large, plain)
	}
}

// FuzzReadLimitSweeper is FuzzReadSweeper for a state with a limit and
// diagonal moves: refused, or a Sweeper that runs to the end.
func FuzzReadLimitSweeper(f *testing.F) {
	r := engine.Rules{Limit: 3, Diagonal: true, Base: []engine.Cell{{X: 0, Y: 0, Value: -1}, {X: 1, Y: 1, Value: 2}}}
	f.Add(savedState(f, r, 20, 8, engine.Config{Tile: 4}))
	fuzzReadSweeper(f, r, 20)
}

// BenchmarkLimit times the sweep of subtraction nim (limit 3 and 100)
// beside two-heap nim's, at n = 3000, one worker; a sanity check that the
// windows cost about what the running mexes do.
func BenchmarkLimit(b *testing.B) {
	const n = 3000
	for _, tc := range []struct {
		name  string
		rules engine.Rules
	}{
		{"nim", engine.Rules{}},
		{"limit=3", engine.Rules{Limit: 3}},
		{"limit=100", engine.Rules{Limit: 100}},
		{"limit=3/diagonal", engine.Rules{Limit: 3, Diagonal: true}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if err := engine.Compute(context.Background(), tc.rules, n, engine.Config{Workers: 1}, discard); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n+1)*float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "cells/s")
		})
	}
}
