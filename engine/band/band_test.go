package band_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// rookIDs are the tables the band sweep serves.
var rookIDs = []string{"nim", "g1", "gneg1", "gstarneg1", "passnim"}

// cell is one cell of value at most V.
type cell struct {
	x, y int64
	v    int32
}

// fullTable computes the whole table with the full engine, row-major.
func fullTable(t *testing.T, id string, n int) []int32 {
	t.Helper()
	r, _ := tables.Lookup(id)
	g := make([]int32, 0, (n+1)*(n+1))
	err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 1, Sets: engine.DenseSets}, func(b engine.Band) error {
		g = append(g, b.Cells...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// capped lists the cells of value 0 … v of a row-major table of side n+1.
func capped(g []int32, n, v int) []cell {
	var cells []cell
	for i, value := range g {
		if value >= 0 && int(value) <= v {
			cells = append(cells, cell{int64(i / (n + 1)), int64(i % (n + 1)), value})
		}
	}
	return cells
}

// sweepCells runs the band sweep of id to the end and lists its cells,
// checking that the rows come in order, each once.
func sweepCells(t *testing.T, id string, n int64, v int, cfg band.Config, emitDelay time.Duration) []cell {
	t.Helper()
	r, _ := tables.Lookup(id)
	rules, err := r.BandRules()
	if err != nil {
		t.Fatal(err)
	}
	sw, err := band.New(rules, n, v, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var cells []cell
	next := int64(0)
	err = sw.Run(context.Background(), n+1, func(rows band.Rows) error {
		if rows.X0 != next {
			return fmt.Errorf("rows from %d, want %d", rows.X0, next)
		}
		time.Sleep(emitDelay)
		for i := range rows.Len() {
			for k := rows.Start[i]; k < rows.Start[i+1]; k++ {
				cells = append(cells, cell{rows.X0 + int64(i), rows.Y[k], rows.Value[k]})
			}
		}
		next += int64(rows.Len())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if next != n+1 {
		t.Fatalf("rows end at %d, want %d", next, n+1)
	}
	return cells
}

// firstDifference names the first cell where two lists differ.
func firstDifference(got, want []cell) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("cell %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("got %d cells, want %d", len(got), len(want))
}

// TestBandEqualsFullSweep compares the band sweep with the full engine,
// cell by cell, for every served table over many n, caps, worker counts,
// tiles and segment lengths (short segments and a tight window margin make
// the segment boundaries and the retry of a segment happen often).
func TestBandEqualsFullSweep(t *testing.T) {
	var sizes []int
	for n := 0; n <= 300; n++ {
		if n <= 40 || n%23 == 0 || n == 255 || n == 256 || n == 257 || n == 300 {
			sizes = append(sizes, n)
		}
	}
	if testing.Short() {
		sizes = []int{0, 1, 2, 7, 64, 129, 300}
	}
	configs := []band.Config{
		{Workers: 1},
		{Workers: 2},
		{Workers: 2, Tile: 64, Segment: 100},
		{Workers: 3, Tile: 64, Segment: 37},
		band.TightConfig(2, 64, 50),
		band.TightConfig(1, 16, 40),
		{Workers: 2, Tile: 16},
		{Workers: 3, Tile: 32, Segment: 61},
	}
	for _, id := range rookIDs {
		for _, n := range sizes {
			g := fullTable(t, id, n)
			caps := []int{0, 1, 2, 3, 5, 63, 64}
			if n == 100 || n == 300 {
				caps = caps[:0]
				for v := range 65 {
					caps = append(caps, v)
				}
			}
			for i, v := range caps {
				want := capped(g, n, v)
				cfg := configs[(i+n)%len(configs)]
				got := sweepCells(t, id, int64(n), v, cfg, 0)
				if !slices.Equal(got, want) {
					t.Fatalf("%s n=%d V=%d %+v: %s", id, n, v, cfg, firstDifference(got, want))
				}
			}
		}
	}
}

// TestSlowCaller sweeps with a caller slower than the workers, so that the
// workers run out of free band states, and compares the cells with the full
// engine's.
func TestSlowCaller(t *testing.T) {
	const n, v = 2000, 40
	want := capped(fullTable(t, "gneg1", n), n, v)
	for _, cfg := range []band.Config{{Workers: 2, Tile: 16}, {Workers: 3, Tile: 8, Segment: 500}} {
		if got := sweepCells(t, "gneg1", n, v, cfg, 100*time.Microsecond); !slices.Equal(got, want) {
			t.Fatalf("%+v: %s", cfg, firstDifference(got, want))
		}
	}
}

// TestStalledWorkerHandsOver stalls a worker right after it has kept band
// 5: the others sweep on and use up the free band states while the caller
// waits for band 5. The stalled worker, finding no free state, must hand
// its bands over before it waits for one, or the sweep never ends.
func TestStalledWorkerHandsOver(t *testing.T) {
	const n, v = 3000, 40
	want := capped(fullTable(t, "gneg1", n), n, v)
	cfg := band.StalledConfig(2, 16, func(b int) {
		if b == 5 {
			time.Sleep(100 * time.Millisecond)
		}
	})
	watchdog := time.AfterFunc(time.Minute, func() {
		panic("the sweep did not end within a minute: a worker waits for a band state holding the band the caller needs")
	})
	defer watchdog.Stop()
	if got := sweepCells(t, "gneg1", n, v, cfg, 0); !slices.Equal(got, want) {
		t.Fatalf("%s", firstDifference(got, want))
	}
}

// TestIndependentCheckAgrees streams band sweeps into the independent check
// of package bandcheck (its own statement of the moves, its own sets), and
// shows that it names a cell changed in the stream.
func TestIndependentCheckAgrees(t *testing.T) {
	const n = 3000
	for _, id := range rookIDs {
		for _, v := range []int{0, 3, 40, 200} {
			c, err := bandcheck.New(id, n, v)
			if err != nil {
				t.Fatal(err)
			}
			planted := 0
			cfg := band.Config{Workers: 2, Tile: 64, Segment: 500}
			check := func(plant bool) error {
				r, _ := tables.Lookup(id)
				rules, _ := r.BandRules()
				sw, err := band.New(rules, n, v, cfg)
				if err != nil {
					return err
				}
				return sw.Run(context.Background(), n+1, func(rows band.Rows) error {
					if plant && rows.X0 <= 1234 && 1234 < rows.X0+int64(rows.Len()) {
						k := rows.Start[1234-rows.X0] // the first cell of row 1234
						rows.Value[k] = (rows.Value[k] + 1) % int32(v+1)
						planted = int(rows.Y[k])
						if v == 0 { // one value only: remove the cell instead
							rows.Y[k] = -1
						}
					}
					return c.Rows(bandcheck.Rows{X0: rows.X0, Start: rows.Start, Y: rows.Y, Value: rows.Value})
				})
			}
			if err := check(false); err != nil {
				t.Fatalf("%s V=%d: the independent check fails the band sweep: %v", id, v, err)
			}
			if err := c.Finish(); err != nil {
				t.Fatalf("%s V=%d: %v", id, v, err)
			}
			c, _ = bandcheck.New(id, n, v)
			err = check(true)
			var cellErr *bandcheck.CellError
			if v > 0 && (!errors.As(err, &cellErr) || cellErr.X != 1234 || cellErr.Y != int64(planted)) {
				t.Fatalf("%s V=%d: a changed cell (1234, %d): got %v", id, v, planted, err)
			}
			if v == 0 && err == nil {
				t.Fatalf("%s V=0: a cell removed from row 1234 was not caught", id)
			}
		}
	}
}

// TestRowHashWords: RowHash's HashWords values of each row, written on the
// worker from the packed cells, reach the caller with that row, whatever
// the workers and band height: each row's are its number, its cells, the
// sum of its values and a weighted sum of its columns, checked against the
// row the caller gets, and its packed cells (Rows.Packed). With HashOnly
// the caller gets the same values, cell counts and packed cells, and no
// cells unpacked.
func TestRowHashWords(t *testing.T) {
	r, _ := tables.Lookup("gneg1")
	rules, err := r.BandRules()
	if err != nil {
		t.Fatal(err)
	}
	const words = 4
	rowWords := func(x int64, ys []int64, vs []int32) []uint64 {
		var values, columns uint64
		for k, y := range ys {
			values += uint64(vs[k])
			columns += uint64(k+1) * uint64(y)
		}
		return []uint64{uint64(x), uint64(len(ys)), values, columns}
	}
	packedWords := func(p band.Packed, i int) []uint64 {
		var ys []int64
		var vs []int32
		for _, cell := range p.Row(i) {
			y, v := p.Cell(cell)
			ys, vs = append(ys, y), append(vs, v)
		}
		return rowWords(p.X0+int64(i), ys, vs)
	}
	rowHash := func(p band.Packed, hashes []uint64) error {
		if len(hashes) != words*p.Len() {
			return fmt.Errorf("%d hash values for %d rows", len(hashes), p.Len())
		}
		for i := range p.Len() {
			copy(hashes[words*i:], packedWords(p, i))
		}
		return nil
	}
	var full []uint64 // every row's values, from the first configuration
	for _, cfg := range []band.Config{{Workers: 1}, {Workers: 2}, {Workers: 3, Tile: 5},
		{Workers: 1, HashOnly: true}, {Workers: 2, HashOnly: true}, {Workers: 3, Tile: 5, HashOnly: true}} {
		cfg.RowHash, cfg.HashWords = rowHash, words
		sw, err := band.New(rules, 3000, 40, cfg)
		if err != nil {
			t.Fatal(err)
		}
		var all []uint64
		err = sw.Run(context.Background(), sw.N()+1, func(rows band.Rows) error {
			if len(rows.Hash) != words*rows.Len() {
				return fmt.Errorf("rows from %d: %d hash values for %d rows", rows.X0, len(rows.Hash), rows.Len())
			}
			all = append(all, rows.Hash...)
			for i := range rows.Len() {
				got := rows.Hash[words*i : words*(i+1)]
				if cells := uint64(rows.Start[i+1] - rows.Start[i]); got[1] != cells {
					return fmt.Errorf("row %d: %d cells hashed, %d in Start", rows.X0+int64(i), got[1], cells)
				}
				if rows.Packed.X0 != rows.X0 || rows.Packed.Len() != rows.Len() {
					return fmt.Errorf("rows from %d: %d rows packed from %d", rows.X0, rows.Packed.Len(), rows.Packed.X0)
				}
				if packed := packedWords(rows.Packed, i); !slices.Equal(got, packed) {
					return fmt.Errorf("row %d: hash values %v, the packed cells the caller gets %v", rows.X0+int64(i), got, packed)
				}
				if cfg.HashOnly {
					continue
				}
				a, b := rows.Start[i], rows.Start[i+1]
				if want := rowWords(rows.X0+int64(i), rows.Y[a:b], rows.Value[a:b]); !slices.Equal(got, want) {
					return fmt.Errorf("row %d: hash values %v, want %v", rows.X0+int64(i), got, want)
				}
			}
			if cfg.HashOnly && (len(rows.Y) != 0 || len(rows.Value) != 0) {
				return fmt.Errorf("rows from %d: %d columns and %d values with HashOnly", rows.X0, len(rows.Y), len(rows.Value))
			}
			return nil
		})
		if err != nil || len(all) != words*3001 {
			t.Fatalf("%+v: %d hash values, %v", cfg, len(all), err)
		}
		if full == nil {
			full = all
		} else if !slices.Equal(all, full) {
			t.Fatalf("%+v: the rows' hash values differ from those of %+v", cfg, band.Config{Workers: 1})
		}
	}
}

// TestRowHashPanicIsAnError: a panic while a band is swept, here in
// RowHash, ends Run with a *engine.WorkerPanic naming the panic and where
// it happened, whether the band was swept on a pipeline worker (two
// workers), on the caller's goroutine (one worker), or is a row of base
// cells (row 0, swept row by row), rather than ending the process.
func TestRowHashPanicIsAnError(t *testing.T) {
	r, _ := tables.Lookup("gstarneg1")
	rules, err := r.BandRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		for _, row := range []int64{0, 2000} {
			cfg := band.Config{Workers: workers, RowHash: func(p band.Packed, hashes []uint64) error {
				if p.X0 <= row && row < p.X0+int64(p.Len()) {
					panic("row hash out of reach")
				}
				return nil
			}}
			sw, err := band.New(rules, 3000, 40, cfg)
			if err != nil {
				t.Fatal(err)
			}
			err = sw.Run(context.Background(), sw.N()+1, func(band.Rows) error { return nil })
			wp, ok := errors.AsType[*engine.WorkerPanic](err)
			if !ok {
				t.Fatalf("workers %d, panic at row %d: Run returned %v, want a *engine.WorkerPanic", workers, row, err)
			}
			if wp.Value != "row hash out of reach" || !strings.Contains(string(wp.Stack), "TestRowHashPanicIsAnError") {
				t.Errorf("workers %d, panic at row %d: the error does not name the panic and its place:\n%v", workers, row, err)
			}
		}
	}
}
