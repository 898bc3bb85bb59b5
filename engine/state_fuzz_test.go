package engine_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// FuzzReadSweeper feeds arbitrary bytes to the state reader: it must refuse
// them or return a Sweeper that computes the rest of the table without
// panicking (the values may be wrong: a state file's checksum, not this
// reader, is what vouches for them).
func FuzzReadSweeper(f *testing.F) {
	r, _ := tables.Lookup("gneg1")
	for _, sets := range []engine.SetKind{engine.DenseSets, engine.SparseSets} {
		f.Add(savedState(f, r.Rules, 20, 8, engine.Config{Tile: 4, Sets: sets}))
	}
	fuzzReadSweeper(f, r.Rules, 20)
}

// savedState is the state of a Sweeper of rules at n with cfg, run to row
// until.
func savedState(tb testing.TB, rules engine.Rules, n, until int, cfg engine.Config) []byte {
	tb.Helper()
	sw, err := engine.NewSweeper(rules, n, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if err := sw.Run(context.Background(), until, discard); err != nil {
		tb.Fatal(err)
	}
	var state bytes.Buffer
	if err := sw.WriteState(&state); err != nil {
		tb.Fatal(err)
	}
	return state.Bytes()
}

// fuzzReadSweeper is the body of the fuzz targets of the state reader: a
// state of rules at n is refused, or its Sweeper runs to the end.
func fuzzReadSweeper(f *testing.F, rules engine.Rules, n int) {
	f.Fuzz(func(t *testing.T, data []byte) {
		sw, err := engine.ReadSweeper(bytes.NewReader(data), rules, n, engine.Config{Workers: 1})
		if err != nil {
			return
		}
		if err := sw.Run(context.Background(), n+1, discard); err != nil {
			t.Fatalf("a state accepted by ReadSweeper fails to run: %v", err)
		}
	})
}
