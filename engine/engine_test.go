package engine_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// collect runs Compute and returns the table indexed [x][y].
func collect(t testing.TB, rules engine.Rules, n int, cfg engine.Config) [][]int32 {
	t.Helper()
	g := make([][]int32, 0, n+1)
	err := engine.Compute(context.Background(), rules, n, cfg, func(b engine.Band) error {
		if b.X0 != len(g) {
			return fmt.Errorf("band starts at row %d, want %d", b.X0, len(g))
		}
		for r := range b.Rows {
			g = append(g, append([]int32(nil), b.Cells[r*b.Width:(r+1)*b.Width]...))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("Compute(n=%d, %+v): %v", n, cfg, err)
	}
	if len(g) != n+1 {
		t.Fatalf("Compute(n=%d, %+v) emitted %d rows, want %d", n, cfg, len(g), n+1)
	}
	return g
}

// firstDifference names the first cell where got and want differ over the
// top-left (n+1)×(n+1) square, or returns "".
func firstDifference(got, want [][]int32, n int) string {
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			if got[x][y] != want[x][y] {
				return fmt.Sprintf("G(%d,%d) = %d, reference %d", x, y, got[x][y], want[x][y])
			}
		}
	}
	return ""
}

// TestComputeMatchesReference compares the engine with the slow reference
// cell by cell for every table, every n in 0..200 and several larger n, over
// several worker counts and tile sizes, with dense and sparse sets. A table's values do not depend on n
// (a cell only sees cells with smaller coordinates), so one reference per
// table serves every n as its top-left square.
func TestComputeMatchesReference(t *testing.T) {
	const refN = 300
	largeN := []int{255, 256, 257, 300}
	if testing.Short() {
		largeN = nil
	}
	dense, sparse := engine.DenseSets, engine.SparseSets
	configs := []engine.Config{
		{Workers: 1, Tile: 1, Sets: dense}, {Workers: 1, Tile: 1, Sets: sparse},
		{Workers: 2, Tile: 3, Sets: sparse}, {Workers: 3, Tile: 16, Sets: dense},
		{Workers: 7, Tile: 64, Sets: sparse}, {Workers: 2, Tile: 128, Sets: dense},
		{Workers: 3, Tile: 7, Sets: sparse}, {Workers: 2, Tile: 5},
	}
	for _, r := range tables.All() {
		t.Run(r.ID, func(t *testing.T) {
			want := tables.Reference(r.Rules, refN)
			for n := 0; n <= 200; n++ {
				// Every configuration at small n; one per n beyond, in turn.
				cfgs := configs
				if n > 40 {
					cfgs = configs[n%len(configs) : n%len(configs)+1]
				}
				for _, cfg := range cfgs {
					if d := firstDifference(collect(t, r.Rules, n, cfg), want, n); d != "" {
						t.Fatalf("n=%d workers=%d tile=%d sets=%s: %s", n, cfg.Workers, cfg.Tile, cfg.Sets, d)
					}
				}
			}
			for _, n := range largeN {
				for _, cfg := range configs[1:] {
					if d := firstDifference(collect(t, r.Rules, n, cfg), want, n); d != "" {
						t.Fatalf("n=%d workers=%d tile=%d sets=%s: %s", n, cfg.Workers, cfg.Tile, cfg.Sets, d)
					}
				}
			}
		})
	}
}

// TestComputeNimIsXor checks the engine against the closed form of G₀ at a
// size the reference is too slow for.
func TestComputeNimIsXor(t *testing.T) {
	r, _ := tables.Lookup("nim")
	const n = 1500
	err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 2, Tile: 100}, func(b engine.Band) error {
		for i, v := range b.Cells {
			x, y := b.X0+i/b.Width, i%b.Width
			if v != int32(x^y) {
				return fmt.Errorf("G₀(%d,%d) = %d, want %d", x, y, v, x^y)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestComputeStopsOnEmitError(t *testing.T) {
	r, _ := tables.Lookup("gneg1")
	stop := errors.New("disk full")
	calls := 0
	err := engine.Compute(context.Background(), r.Rules, 1000, engine.Config{Workers: 3, Tile: 16}, func(engine.Band) error {
		calls++
		if calls == 5 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("Compute returned %v, want %v", err, stop)
	}
	if calls != 5 {
		t.Fatalf("emit called %d times after failing on call 5", calls)
	}
}

func TestComputeHonoursCancellation(t *testing.T) {
	r, _ := tables.Lookup("passnim")
	ctx, cancel := context.WithCancel(context.Background())
	rows := 0
	err := engine.Compute(ctx, r.Rules, 2000, engine.Config{Workers: 2, Tile: 8}, func(b engine.Band) error {
		rows += b.Rows
		if rows >= 80 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Compute returned %v, want context.Canceled", err)
	}
	if rows >= 2001 {
		t.Fatalf("Compute emitted all %d rows despite cancellation", rows)
	}
}

func TestComputeRejectsBadInput(t *testing.T) {
	tests := []struct {
		name  string
		rules engine.Rules
		n     int
	}{
		{"negative n", engine.Rules{}, -1},
		{"negative base coordinate", engine.Rules{Base: []engine.Cell{{X: -1, Y: 0}}}, 3},
		{"duplicate base cell", engine.Rules{Base: []engine.Cell{{X: 1, Y: 1}, {X: 1, Y: 1, Value: 2}}}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := engine.Compute(context.Background(), tt.rules, tt.n, engine.Config{}, func(engine.Band) error { return nil })
			if !errors.Is(err, engine.ErrInvalidRules) {
				t.Fatalf("Compute returned %v, want ErrInvalidRules", err)
			}
		})
	}
}

// TestComputeLargeBaseValue checks that a base value far above 2n+1 fits the
// bitsets (the capacity accounts for it) and is excluded from its row and
// column like any other value.
func TestComputeLargeBaseValue(t *testing.T) {
	rules := engine.Rules{Base: []engine.Cell{{X: 1, Y: 2, Value: 1000}, {X: 3, Y: 3, Value: -5}}}
	const n = 12
	want := tables.Reference(rules, n)
	for _, cfg := range []engine.Config{{Workers: 1, Tile: 1}, {Workers: 2, Tile: 5}} {
		if d := firstDifference(collect(t, rules, n, cfg), want, n); d != "" {
			t.Fatalf("workers=%d tile=%d: %s", cfg.Workers, cfg.Tile, d)
		}
	}
}

// TestContinueMatchesCompute resumes tables from every band boundary, and
// from the end, with the known rows taken from the reference: the rows
// computed must be the reference's.
func TestContinueMatchesCompute(t *testing.T) {
	const n = 90
	for _, r := range tables.All() {
		want := tables.Reference(r.Rules, n)
		for _, cfg := range []engine.Config{{Workers: 1, Tile: 7}, {Workers: 3, Tile: 16}} {
			for start := 0; start <= n+1; start += cfg.Tile {
				if start > n+1-cfg.Tile && start != n+1 {
					start = n + 1 // also resume a table with nothing left to do
				}
				prefix := func(visit func(engine.Band) error) error {
					for x := 0; x < start; x += 5 {
						rows := min(5, start-x)
						var cells []int32
						for r := range rows {
							cells = append(cells, want[x+r]...)
						}
						if err := visit(engine.Band{X0: x, Rows: rows, Width: n + 1, Cells: cells}); err != nil {
							return err
						}
					}
					return nil
				}
				next := start
				err := engine.Continue(context.Background(), r.Rules, n, cfg, start, prefix, func(b engine.Band) error {
					if b.X0 != next {
						return fmt.Errorf("band at row %d, want %d", b.X0, next)
					}
					for i, v := range b.Cells {
						if x, y := b.X0+i/b.Width, i%b.Width; v != want[x][y] {
							return fmt.Errorf("G(%d,%d) = %d, reference %d", x, y, v, want[x][y])
						}
					}
					next += b.Rows
					return nil
				})
				if err != nil || next != n+1 {
					t.Fatalf("%s tile %d from row %d: %v (reached row %d)", r.ID, cfg.Tile, start, err, next)
				}
			}
		}
	}
}

func TestContinueRejectsBadStart(t *testing.T) {
	r, _ := tables.Lookup("gneg1")
	none := func(func(engine.Band) error) error { return nil }
	for _, start := range []int{-1, 5, 12} {
		err := engine.Continue(context.Background(), r.Rules, 10, engine.Config{Tile: 4}, start, none, discard)
		if err == nil {
			t.Errorf("Continue from row %d of 11 with tile 4 succeeded", start)
		}
	}
	// The prefix must deliver exactly the rows it promises.
	err := engine.Continue(context.Background(), r.Rules, 10, engine.Config{Tile: 4}, 4, none, discard)
	if err == nil || !strings.Contains(err.Error(), "0 known rows given, 4 expected") {
		t.Errorf("Continue with a short prefix: %v", err)
	}
}

// TestMemoryBytesGrowsWithTheSets: diagonal moves add about two more sets
// per column, and the estimate grows like n² bits, not n² cells.
func TestMemoryBytesGrowsWithTheSets(t *testing.T) {
	rook, _ := tables.Lookup("gneg1")
	queen, _ := tables.Lookup("wythoff")
	cfg := engine.Config{Workers: 2, Tile: 128}
	r, q := engine.MemoryBytes(rook.Rules, 10000, cfg), engine.MemoryBytes(queen.Rules, 10000, cfg)
	if q < 3*r/2 || q > 5*r {
		t.Errorf("wythoff %d bytes, gneg1 %d: diagonal sets not accounted for", q, r)
	}
	cells := int64(10001) * 10001 * 4
	if r > cells/4 {
		t.Errorf("gneg1 at n = 10000: %d bytes, a quarter of the table's %d", r, cells)
	}
	if engine.MemoryBytes(rook.Rules, -1, cfg) != 0 {
		t.Error("MemoryBytes of n = -1 is not 0")
	}
}

// TestSparseMatchesDense compares the sparse and the dense engine cell by
// cell at sizes the reference is too slow for, over several worker counts
// and tiles: the representation must never change a value.
func TestSparseMatchesDense(t *testing.T) {
	n := 1200
	if testing.Short() {
		n = 200
	}
	for _, r := range tables.All() {
		if r.Rules.Split != nil || r.Rules.Josephus {
			continue // always dense
		}
		want := collect(t, r.Rules, n, engine.Config{Workers: 2, Tile: 64, Sets: engine.DenseSets})
		for _, cfg := range []engine.Config{{Workers: 1, Tile: 128}, {Workers: 2, Tile: 17}, {Workers: 3, Tile: 256}} {
			cfg.Sets = engine.SparseSets
			if d := firstDifference(collect(t, r.Rules, n, cfg), want, n); d != "" {
				t.Fatalf("%s n=%d workers=%d tile=%d: sparse %s", r.ID, n, cfg.Workers, cfg.Tile, d)
			}
		}
	}
}
