package pattern_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// sweepBand runs the band sweep of table id over 0 ≤ x, y ≤ n for the
// values 0 … hi and hands every row to each of rows.
func sweepBand(t testing.TB, id string, n int64, hi int, rows ...func(x int64, ys []int64, vals []int32) error) {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	rules, err := r.BandRules()
	if err != nil {
		t.Fatal(err)
	}
	sw, err := band.New(rules, n, hi, band.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	err = sw.Run(context.Background(), n+1, func(b band.Rows) error {
		for i := range b.Len() {
			a, e := b.Start[i], b.Start[i+1]
			for _, row := range rows {
				if err := row(b.X0+int64(i), b.Y[a:e], b.Value[a:e]); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// bandAndIndex sweeps the band of table id once, feeding a BandIndex of the
// values lo … hi and an Index of the values 0 … hi through its rows as
// one-row bands (every other cell −1), the path of a table file.
func bandAndIndex(t testing.TB, id string, n int64, lo, hi int, opt pattern.BandIndexOptions) (*pattern.BandIndex, *pattern.Index) {
	t.Helper()
	bi, err := pattern.NewBandIndex(n, lo, hi, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bi.Close() })
	idx := pattern.NewIndex(int(n), hi)
	row := make([]int32, n+1)
	for y := range row {
		row[y] = -1
	}
	toIndex := func(x int64, ys []int64, vals []int32) error {
		for k, y := range ys {
			row[y] = vals[k]
		}
		err := idx.AddBand(engine.Band{X0: int(x), Rows: 1, Width: int(n) + 1, Cells: row})
		for _, y := range ys {
			row[y] = -1
		}
		return err
	}
	sweepBand(t, id, n, hi, bi.Row, toIndex)
	if err := bi.Finish(); err != nil {
		t.Fatal(err)
	}
	return bi, idx
}

// TestBandIndexMatchesIndex: the search on the compressed band index gives,
// value by value, the same result (status, pattern, grade, stages, breaks,
// best fits) as on an Index of the same rows, with 1 and 2 workers and
// chunks that do and do not divide the rows.
func TestBandIndexMatchesIndex(t *testing.T) {
	sizes := []int64{2000, 20000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, id := range []string{"gneg1", "gstarneg1", "passnim"} {
		for _, n := range sizes {
			const lo, hi = 0, 40
			bi, idx := bandAndIndex(t, id, n, lo, hi, pattern.BandIndexOptions{ChunkRows: 999})
			for _, workers := range []int{1, 2} {
				got, err := bi.SearchAll(context.Background(), pattern.Options{}, workers, nil)
				if err != nil {
					t.Fatal(err)
				}
				for v := lo; v <= hi; v++ {
					want := search(t, idx, v, pattern.Options{})
					if !reflect.DeepEqual(got[v-lo], want) {
						t.Errorf("%s n=%d workers=%d v=%d: band index\n%v\nindex\n%v", id, n, workers, v, got[v-lo], want)
					}
				}
			}
		}
	}
}

// TestBandIndexMatchesEngine: at n = 2000 the band index's results equal
// the search on the full table as engine.Compute computes it, an
// independent sweep.
func TestBandIndexMatchesEngine(t *testing.T) {
	const n, lo, hi = 2000, 5, 30
	for _, id := range []string{"gneg1", "passnim"} {
		bi, _ := bandAndIndex(t, id, n, lo, hi, pattern.BandIndexOptions{})
		idx := computeIndex(t, id, n, hi, nil)
		for v := lo; v <= hi; v++ {
			got, err := bi.Search(v, pattern.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if want := search(t, idx, v, pattern.Options{}); !reflect.DeepEqual(got, want) {
				t.Errorf("%s v=%d: band index\n%v\nengine\n%v", id, v, got, want)
			}
		}
	}
}

// TestBandIndexSpills: with a memory budget of a few bytes the chunks go to
// a spill file, and the results are unchanged; without a spill directory
// the index refuses the rows instead of growing.
func TestBandIndexSpills(t *testing.T) {
	const n, hi = 3000, 12
	inMemory, _ := bandAndIndex(t, "gneg1", n, 0, hi, pattern.BandIndexOptions{ChunkRows: 512})
	dir := t.TempDir()
	spilled, _ := bandAndIndex(t, "gneg1", n, 0, hi, pattern.BandIndexOptions{ChunkRows: 512, MemoryBudget: 64, SpillDir: dir})
	if s := spilled.Stats(); s.Spilled == 0 || s.Spilled > s.Compressed {
		t.Errorf("stats %+v: want chunks spilled", s)
	}
	a, err := inMemory.SearchAll(context.Background(), pattern.Options{}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := spilled.SearchAll(context.Background(), pattern.Options{}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("spilled index searches differently from the one in memory")
	}
	if err := spilled.Close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("spill file left behind: %v", left)
	}

	refused, err := pattern.NewBandIndex(n, 0, hi, pattern.BandIndexOptions{ChunkRows: 512, MemoryBudget: 64})
	if err != nil {
		t.Fatal(err)
	}
	defer refused.Close()
	var rowErr error
	r, _ := tables.Lookup("gneg1")
	rules, _ := r.BandRules()
	sw, _ := band.New(rules, n, hi, band.Config{Workers: 1})
	sw.Run(context.Background(), n+1, func(b band.Rows) error {
		for i := range b.Len() {
			a, e := b.Start[i], b.Start[i+1]
			if rowErr = refused.Row(b.X0+int64(i), b.Y[a:e], b.Value[a:e]); rowErr != nil {
				return rowErr
			}
		}
		return nil
	})
	if rowErr == nil {
		rowErr = refused.Finish()
	}
	if rowErr == nil {
		t.Error("an index beyond its memory budget without a spill directory was accepted")
	}
}

// TestBandIndexRefuses: a column beyond the budget, rows out of order, a
// second cell of a value in a row outside the corner of a game file's
// prescribed cells, a cell far from the diagonal, and a search before
// every row is in are errors, not crashes.
func TestBandIndexRefuses(t *testing.T) {
	if _, err := pattern.NewBandIndex(1_000_000, 0, 3, pattern.BandIndexOptions{ColumnBudget: 1 << 20}); err == nil {
		t.Error("a column of 4 MB under a budget of 1 MB was accepted")
	}
	newIndex := func() *pattern.BandIndex {
		b, err := pattern.NewBandIndex(400, 0, 3, pattern.BandIndexOptions{ChunkRows: 8})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return b
	}
	for _, c := range []struct {
		name string
		rows func(b *pattern.BandIndex) error
	}{
		{"row out of order", func(b *pattern.BandIndex) error { return b.Row(1, nil, nil) }},
		{"value twice in a row, right of column 255", func(b *pattern.BandIndex) error { return b.Row(0, []int64{1, 256}, []int32{3, 3}) }},
		{"value twice in a row, left of column 255", func(b *pattern.BandIndex) error { return b.Row(0, []int64{256, 1}, []int32{3, 3}) }},
		{"value twice in row 256", func(b *pattern.BandIndex) error {
			for x := range int64(256) {
				if err := b.Row(x, nil, nil); err != nil {
					return nil // not the error sought: the test fails
				}
			}
			return b.Row(256, []int64{1, 2}, []int32{3, 3})
		}},
		{"cell past n", func(b *pattern.BandIndex) error { return b.Row(0, []int64{401}, []int32{0}) }},
		{"missing rows", func(b *pattern.BandIndex) error { return b.Finish() }},
		{"search before finish", func(b *pattern.BandIndex) error { _, err := b.Search(0, pattern.Options{}); return err }},
	} {
		if err := c.rows(newIndex()); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, err := newIndex().Search(7, pattern.Options{}); err == nil {
		t.Error("a value outside lo … hi was searched")
	}
}

// TestBandIndexFarCell: a cell more than 2¹⁵ from the diagonal does not fit
// the index's int16 and is refused.
func TestBandIndexFarCell(t *testing.T) {
	b, err := pattern.NewBandIndex(40000, 0, 0, pattern.BandIndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Row(0, []int64{39000}, []int32{0}); err == nil {
		t.Error("a cell 39000 right of the diagonal was accepted")
	}
}

// TestMaxExceptions: beyond Options.MaxExceptions a pattern keeps its
// summary and count of exceptions, not the cells; it still checks against
// the table, goes through a file, and a pattern both listing and omitting
// exceptions is malformed.
func TestMaxExceptions(t *testing.T) {
	const n, v = 2000, 3
	idx := computeIndex(t, "gneg1", n, v, nil)
	full := search(t, idx, v, pattern.Options{})
	short := search(t, idx, v, pattern.Options{MaxExceptions: 2})
	if len(full.Exceptions) <= 2 {
		t.Fatalf("value %d has %d exceptions: pick a value with more", v, len(full.Exceptions))
	}
	if len(short.Exceptions) != 0 || short.ExceptionsOmitted != len(full.Exceptions) {
		t.Fatalf("omitted %d, listed %d; want all %d omitted", short.ExceptionsOmitted, len(short.Exceptions), len(full.Exceptions))
	}
	if !reflect.DeepEqual(short.SummarizeExceptions(), full.SummarizeExceptions()) {
		t.Errorf("summary %+v, want %+v", short.SummarizeExceptions(), full.SummarizeExceptions())
	}
	if verdict, err := pattern.Check(idx, short.Pattern); err != nil || len(verdict.Violations) > 0 {
		t.Errorf("the pattern with omitted exceptions does not check: %v %v", verdict.Violations, err)
	}
	var buf bytes.Buffer
	if err := pattern.Encode(&buf, pattern.NewFile("gneg1", n, []pattern.Result{short})); err != nil {
		t.Fatal(err)
	}
	back, err := pattern.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Patterns[0].ExceptionsOmitted; got != len(full.Exceptions) {
		t.Errorf("read back %d exceptions omitted", got)
	}
	bad := short.Pattern
	bad.Exceptions = full.Exceptions[:1]
	if bad.Validate() == nil {
		t.Error("a pattern listing and omitting exceptions is valid")
	}
}

// TestApplyProof: a proof that agrees with the rows marks the value
// proved, one whose period, start or offsets differ from the observed
// pattern fails with ErrProofDisagrees, and a proved pattern the rows
// contradict fails too, even when the search found none.
func TestApplyProof(t *testing.T) {
	bi, _ := bandAndIndex(t, "gneg1", 2000, 0, 3, pattern.BandIndexOptions{})
	r, err := bi.Search(3, pattern.Options{})
	if err != nil {
		t.Fatal(err)
	}
	theorem := pattern.Proof{Period: 4, Start: 6, Offsets: []int{-2, -2, 2, 2}, V: 3, X0: 6, P: 4, Certificate: "c.json"}
	got, err := bi.ApplyProof(r, theorem, pattern.Options{})
	if err != nil || got.Status != pattern.Proved || got.Proof == nil {
		t.Fatalf("Theorem 4(4): %v, %v", got.Status, err)
	}
	for name, pr := range map[string]pattern.Proof{
		"start":   {Period: 4, Start: 7, Offsets: []int{-2, -2, 2, 2}},
		"offsets": {Period: 4, Start: 6, Offsets: []int{-2, 2, -2, 2}},
		"period":  {Period: 8, Start: 6, Offsets: []int{-2, -2, 2, 2, -2, -2, 2, 2}},
	} {
		if _, err := bi.ApplyProof(r, pr, pattern.Options{}); !errors.Is(err, pattern.ErrProofDisagrees) {
			t.Errorf("a proof with another %s: %v, want ErrProofDisagrees", name, err)
		}
	}
	unseen := pattern.Result{Pattern: pattern.Pattern{Value: 3}, Status: pattern.None}
	if got, err := bi.ApplyProof(unseen, theorem, pattern.Options{}); err != nil || !got.Found || got.ConfirmedTo < 1900 {
		t.Errorf("a proof of a value the search missed: found %v to %d, %v", got.Found, got.ConfirmedTo, err)
	}
	wrong := pattern.Proof{Period: 4, Start: 6, Offsets: []int{2, 2, -2, -2}}
	if _, err := bi.ApplyProof(unseen, wrong, pattern.Options{}); !errors.Is(err, pattern.ErrProofDisagrees) {
		t.Errorf("a proof the rows contradict: %v, want ErrProofDisagrees", err)
	}
}
