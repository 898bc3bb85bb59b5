package results

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// TestBatchSizerMatchesTheFile writes tables band by band and requires the
// size BatchSizer gives each band to be the block the file records for it,
// for every compression, several sizes, tiles and tables, and its part
// besides g to be the same whatever the values.
func TestBatchSizerMatchesTheFile(t *testing.T) {
	for _, c := range []Compression{Zstd, LZ4, None} {
		for _, tc := range []struct {
			id      string
			n, tile int
		}{{"deletenim", 0, 128}, {"deletenim", 300, 128}, {"vdn", 300, 7}, {"gneg1", 129, 16}, {"josephusnim", 200, 64}} {
			path := filepath.Join(t.TempDir(), FileName(tc.id, tc.n))
			w := computeInto(t, path, tc.id, tc.n, tc.tile, c, time.Hour)
			if err := w.flush(); err != nil {
				t.Fatal(err)
			}
			blocks := w.sink.blocks
			w.Abort()
			r, _ := tables.Lookup(tc.id)
			sizer, zeroSizer := NewBatchSizer(c), NewBatchSizer(c)
			var got []int64
			err := engine.Compute(context.Background(), r.Rules, tc.n, engine.Config{Tile: tc.tile}, func(b engine.Band) error {
				rest, values, err := sizer.Bytes(b)
				if err != nil {
					return err
				}
				got = append(got, rest+values)
				zero := b
				zero.Cells = make([]int32, len(b.Cells))
				zeroRest, _, err := zeroSizer.Bytes(zero)
				if zeroRest != rest {
					t.Errorf("%v %s n=%d tile %d: the band at row %d has %d bytes besides g, %d with every g zero", c, tc.id, tc.n, tc.tile, b.X0, rest, zeroRest)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(blocks) {
				t.Fatalf("%v %s n=%d tile %d: %d bands sized, the file has %d blocks", c, tc.id, tc.n, tc.tile, len(got), len(blocks))
			}
			for i, b := range blocks {
				if want := int64(b.MetaLength) + b.BodyLength; got[i] != want {
					t.Errorf("%v %s n=%d tile %d: band %d sized %d bytes, the file's block is %d", c, tc.id, tc.n, tc.tile, i, got[i], want)
				}
			}
		}
	}
}

// TestBatchSizerRefusesAMalformedBand: a band whose cells are not its rows
// times its width is an error, not a size.
func TestBatchSizerRefusesAMalformedBand(t *testing.T) {
	if _, _, err := NewBatchSizer(Zstd).Bytes(engine.Band{X0: 0, Rows: 2, Width: 3, Cells: make([]int32, 5)}); err == nil {
		t.Fatal("a band of 5 cells as 2×3 was sized")
	}
}
