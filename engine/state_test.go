package engine_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// TestSweeperStateRoundTrip stops every table at every band boundary, saves
// the engine state, restores it into a new Sweeper with another worker
// count and finishes there: every row must be the reference's, for dense
// and sparse sets.
func TestSweeperStateRoundTrip(t *testing.T) {
	const n = 70
	for _, r := range tables.All() {
		want := tables.Reference(r.Rules, n)
		check := func(b engine.Band) error {
			for i, v := range b.Cells {
				if x, y := b.X0+i/b.Width, i%b.Width; v != want[x][y] {
					return fmt.Errorf("G(%d,%d) = %d, reference %d", x, y, v, want[x][y])
				}
			}
			return nil
		}
		step := 8
		if testing.Short() {
			step = 24
		}
		for _, sets := range []engine.SetKind{engine.DenseSets, engine.SparseSets} {
			cfg := engine.Config{Workers: 2, Tile: 8, Sets: sets}
			for stop := 0; stop <= n+1; stop += step {
				stop = min(stop, n+1)
				sw, err := engine.NewSweeper(r.Rules, n, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if err := sw.Run(context.Background(), stop, check); err != nil {
					t.Fatalf("%s %s: run to %d: %v", r.ID, sets, stop, err)
				}
				var state bytes.Buffer
				if err := sw.WriteState(&state); err != nil {
					t.Fatal(err)
				}
				back, err := engine.ReadSweeper(bytes.NewReader(state.Bytes()), r.Rules, n, engine.Config{Workers: 3})
				if err != nil {
					t.Fatalf("%s %s: read state at row %d: %v", r.ID, sets, stop, err)
				}
				if back.Next() != stop {
					t.Fatalf("%s %s: restored at row %d, saved at %d", r.ID, sets, back.Next(), stop)
				}
				if err := back.Run(context.Background(), n+1, check); err != nil {
					t.Fatalf("%s %s: resumed at row %d: %v", r.ID, sets, stop, err)
				}
			}
		}
	}
}

// TestReadSweeperRefusesOtherStates: a truncated state, one with bytes
// appended, or one of another table shape is refused, never trusted.
func TestReadSweeperRefusesOtherStates(t *testing.T) {
	r, _ := tables.Lookup("gneg1")
	q, _ := tables.Lookup("wythoff")
	sw, err := engine.NewSweeper(r.Rules, 50, engine.Config{Tile: 8, Sets: engine.SparseSets})
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.Run(context.Background(), 24, discard); err != nil {
		t.Fatal(err)
	}
	var state bytes.Buffer
	if err := sw.WriteState(&state); err != nil {
		t.Fatal(err)
	}
	good := state.Bytes()
	tests := []struct {
		name  string
		data  []byte
		rules engine.Rules
		n     int
	}{
		{"truncated", good[:len(good)-5], r.Rules, 50},
		{"bytes appended", append(bytes.Clone(good), 0), r.Rules, 50},
		{"another n", good, r.Rules, 51},
		{"another ruleset shape", good, q.Rules, 50},
		{"not a state", []byte("hello"), r.Rules, 50},
	}
	for _, tt := range tests {
		if _, err := engine.ReadSweeper(bytes.NewReader(tt.data), tt.rules, tt.n, engine.Config{}); !errors.Is(err, engine.ErrBadState) {
			t.Errorf("%s: ReadSweeper returned %v, want ErrBadState", tt.name, err)
		}
	}
}

// TestSweeperStopsBetweenBands: a cancelled Run finishes the bands it has
// started, so the Sweeper stops at a band boundary and can go on.
func TestSweeperStopsBetweenBands(t *testing.T) {
	r, _ := tables.Lookup("passnim")
	const n = 300
	want := tables.Reference(r.Rules, n)
	sw, err := engine.NewSweeper(r.Rules, n, engine.Config{Workers: 2, Tile: 8, Sets: engine.SparseSets})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	rows := 0
	collect := func(b engine.Band) error {
		if b.X0 != rows {
			return fmt.Errorf("band at row %d, want %d", b.X0, rows)
		}
		for i, v := range b.Cells {
			if x, y := b.X0+i/b.Width, i%b.Width; v != want[x][y] {
				return fmt.Errorf("G(%d,%d) = %d, reference %d", x, y, v, want[x][y])
			}
		}
		rows += b.Rows
		if rows >= 40 {
			cancel()
		}
		return nil
	}
	if err := sw.Run(ctx, n+1, collect); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Run returned %v", err)
	}
	if sw.Next() != rows || rows%8 != 0 || rows >= n+1 {
		t.Fatalf("stopped at row %d after emitting %d rows", sw.Next(), rows)
	}
	if err := sw.Run(context.Background(), n+1, collect); err != nil || rows != n+1 {
		t.Fatalf("continued run: %v, %d rows", err, rows)
	}
}
