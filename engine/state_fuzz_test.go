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
		sw, err := engine.NewSweeper(r.Rules, 20, engine.Config{Tile: 4, Sets: sets})
		if err != nil {
			f.Fatal(err)
		}
		if err := sw.Run(context.Background(), 8, discard); err != nil {
			f.Fatal(err)
		}
		var state bytes.Buffer
		if err := sw.WriteState(&state); err != nil {
			f.Fatal(err)
		}
		f.Add(state.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sw, err := engine.ReadSweeper(bytes.NewReader(data), r.Rules, 20, engine.Config{Workers: 1})
		if err != nil {
			return
		}
		if err := sw.Run(context.Background(), 21, discard); err != nil {
			t.Fatalf("a state accepted by ReadSweeper fails to run: %v", err)
		}
	})
}
