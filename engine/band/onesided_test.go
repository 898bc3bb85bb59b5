package band_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// sweepTo runs sw to each stop in turn and returns the cells and the
// State at every stop.
func sweepTo(t *testing.T, sw *band.Sweeper, stops []int64) ([]cell, []band.State) {
	t.Helper()
	var cells []cell
	var states []band.State
	for _, stop := range stops {
		err := sw.Run(context.Background(), stop, func(rows band.Rows) error {
			for i := range rows.Len() {
				for k := rows.Start[i]; k < rows.Start[i+1]; k++ {
					cells = append(cells, cell{rows.X0 + int64(i), rows.Y[k], rows.Value[k]})
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, sw.State())
	}
	return cells, states
}

// stopsOf is a few rows to stop at on the way to n+1, and n+1.
func stopsOf(n int64) []int64 {
	var stops []int64
	for _, s := range []int64{1, 2, 3, n / 3, n/3 + 1, n / 2, n - 1, n} {
		if s > 0 && s <= n && (len(stops) == 0 || s > stops[len(stops)-1]) {
			stops = append(stops, s)
		}
	}
	return append(stops, n+1)
}

// TestOneSidedEqualsTwoSided sweeps every served table on one side of the
// diagonal, as New does for them, and on both, as it does for tables that
// are not symmetric: the same cells, row after row, and the same State at
// every stop (the one-sided sweep derives the two-sided column sets from
// its rows' final sets and right parts), over many n, V up to 254,
// worker counts, band heights and segment lengths; and it visits fewer
// cells, and never meets a cell further from the diagonal than its span.
// V = 255, whose value 255 has no byte in a right part, is swept on both
// sides.
func TestOneSidedEqualsTwoSided(t *testing.T) {
	sizes := []int64{0, 1, 2, 3, 5, 17, 64, 129, 300, 1000}
	caps := []int{0, 1, 2, 5, 31, 63, 64, 100, 200, 254, 255}
	configs := []band.Config{
		{Workers: 1},
		{Workers: 2},
		{Workers: 2, Tile: 64, Segment: 100},
		{Workers: 3, Tile: 5, Segment: 37},
		band.TightConfig(2, 64, 50),
		band.TightConfig(1, 16, 40),
		{Workers: 2, Tile: 16},
		{Workers: 3, Tile: 48, Segment: 90},
	}
	if testing.Short() {
		sizes, caps = []int64{0, 3, 129, 1000}, []int{0, 5, 64, 200}
	}
	for _, id := range rookIDs {
		r, _ := tables.Lookup(id)
		rules, _ := r.BandRules()
		for _, n := range sizes {
			for i, v := range caps {
				cfg := configs[(i+int(n))%len(configs)]
				one, err := band.New(rules, n, v, cfg)
				if err != nil {
					t.Fatal(err)
				}
				two, _ := band.New(rules, n, v, band.TwoSidedConfig(cfg))
				oneSided := v <= band.OneSidedMaxCap
				if one.OneSided() != oneSided || two.OneSided() {
					t.Fatalf("%s V=%d: one-sided %v and %v, want %v and false", id, v, one.OneSided(), two.OneSided(), oneSided)
				}
				stops := stopsOf(n)
				gotCells, gotStates := sweepTo(t, one, stops)
				wantCells, wantStates := sweepTo(t, two, stops)
				if !slices.Equal(gotCells, wantCells) {
					t.Fatalf("%s n=%d V=%d %+v: %s", id, n, v, cfg, firstDifference(gotCells, wantCells))
				}
				if one.OneSided() != oneSided {
					t.Fatalf("%s n=%d V=%d: a cell lay more than V+2 right of its diagonal, and the sweep went on two-sided", id, n, v)
				}
				for k, st := range gotStates {
					if want := wantStates[k]; st.Lo != want.Lo || st.Next != want.Next || !slices.Equal(st.Sets, want.Sets) {
						t.Fatalf("%s n=%d V=%d %+v: the state at row %d is from column %d with %d words, want from %d with %d",
							id, n, v, cfg, st.Next, st.Lo, len(st.Sets), want.Lo, len(want.Sets))
					}
				}
				if oneSided && n >= 300 && v >= 5 && one.Visited() >= two.Visited()*3/4 {
					t.Errorf("%s n=%d V=%d: one-sided visited %d cells, two-sided %d", id, n, v, one.Visited(), two.Visited())
				}
			}
		}
	}
}

// TestOneSidedFallsBack gives the one-sided sweep a span shorter than the
// distance of some cells from their diagonal: the segment that meets such
// a cell is swept again on both sides, and so is the rest of the table, with
// the same cells and States as the two-sided sweep; and so does a sweep
// resumed half way (two-sided from the start with a span of 1, as the rows
// above have cells right of their next row).
func TestOneSidedFallsBack(t *testing.T) {
	const n = 700
	for _, id := range rookIDs {
		r, _ := tables.Lookup(id)
		rules, _ := r.BandRules()
		for _, v := range []int{3, 40} {
			for _, span := range []int{1, 2, v / 2, v} {
				for _, cfg := range []band.Config{{Workers: 1, Segment: 100}, {Workers: 2, Segment: 64}, {Workers: 3, Tile: 7}} {
					sw, _ := band.New(rules, n, v, band.SpanConfig(cfg, span))
					two, _ := band.New(rules, n, v, band.TwoSidedConfig(cfg))
					stops := stopsOf(n)
					gotCells, gotStates := sweepTo(t, sw, stops)
					wantCells, wantStates := sweepTo(t, two, stops)
					if !slices.Equal(gotCells, wantCells) {
						t.Fatalf("%s V=%d span %d %+v: %s", id, v, span, cfg, firstDifference(gotCells, wantCells))
					}
					if sw.OneSided() {
						t.Fatalf("%s V=%d span %d: still one-sided at the end", id, v, span)
					}
					for k, st := range gotStates {
						if want := wantStates[k]; st.Lo != want.Lo || !slices.Equal(st.Sets, want.Sets) {
							t.Fatalf("%s V=%d span %d: the state at row %d differs", id, v, span, st.Next)
						}
					}
					mid := len(stops) / 2
					resumed, err := band.Resume(rules, n, v, band.SpanConfig(cfg, span), wantStates[mid])
					if err != nil {
						t.Fatal(err)
					}
					if span == 1 && resumed.OneSided() {
						t.Fatalf("%s V=%d span 1: the rows above row %d have cells right of it, and it resumed one-sided", id, v, stops[mid])
					}
					rest, _ := sweepTo(t, resumed, []int64{n + 1})
					tail := wantCells[slices.IndexFunc(wantCells, func(c cell) bool { return c.x >= stops[mid] }):]
					if !slices.Equal(rest, tail) {
						t.Fatalf("%s V=%d span %d, resumed at row %d: %s", id, v, span, stops[mid], firstDifference(rest, tail))
					}
				}
			}
		}
	}
}

// TestResumeOneSided stops a sweep at various rows, takes its State, and
// resumes it one-sided (which walks the unfinished rows above on from the
// next column to rebuild the column lists) and two-sided: both give the
// rows of the uninterrupted sweep, whichever side the state came from.
func TestResumeOneSided(t *testing.T) {
	const n = 1500
	for _, id := range rookIDs {
		r, _ := tables.Lookup(id)
		rules, _ := r.BandRules()
		for _, v := range []int{0, 7, 64, 200} {
			cfg := band.Config{Workers: 2, Segment: 200}
			whole, _ := band.New(rules, n, v, cfg)
			want, _ := sweepTo(t, whole, []int64{n + 1})
			for _, stop := range []int64{2, 3, 50, 64, 777, n, n + 1} {
				for _, from := range []band.Config{cfg, band.TwoSidedConfig(cfg)} {
					sw, _ := band.New(rules, n, v, from)
					before, states := sweepTo(t, sw, []int64{stop})
					for _, to := range []band.Config{{Workers: 1}, {Workers: 3, Tile: 9, Segment: 100}, band.TwoSidedConfig(cfg)} {
						resumed, err := band.Resume(rules, n, v, to, states[0])
						if err != nil {
							t.Fatalf("%s V=%d at row %d: %v", id, v, stop, err)
						}
						if st := resumed.State(); st.Lo != states[0].Lo || !slices.Equal(st.Sets, states[0].Sets) {
							t.Fatalf("%s V=%d at row %d: the resumed sweep's state differs from the one it was given", id, v, stop)
						}
						after, _ := sweepTo(t, resumed, []int64{n + 1})
						if got := append(slices.Clone(before), after...); !slices.Equal(got, want) {
							t.Fatalf("%s V=%d stopped at row %d, resumed %+v: %s", id, v, stop, to, firstDifference(got, want))
						}
					}
				}
			}
		}
	}
}

// TestResumeForeignState changes one column set of a state at or beyond
// its next row: the rows above no longer give it, so the one-sided Resume,
// which rebuilds those sets from them, cannot hold it, and sweeps it on
// two-sided, from the sets as given, like a two-sided sweep.
func TestResumeForeignState(t *testing.T) {
	r, _ := tables.Lookup("gneg1")
	rules, _ := r.BandRules()
	const n, v = 2000, 30
	sw, _ := band.New(rules, n, v, band.Config{Workers: 2})
	_, states := sweepTo(t, sw, []int64{1000})
	st := states[0]
	for c := int(st.Next-st.Lo) + 1; c < st.Columns(); c += 7 {
		bad := st
		bad.Sets = slices.Clone(st.Sets)
		bad.Sets[c*st.Words] ^= 1 << (c % 31)
		got, err := band.Resume(rules, n, v, band.Config{}, bad)
		if err != nil {
			t.Fatal(err)
		}
		if got.OneSided() {
			t.Fatalf("column %d changed: resumed one-sided", st.Lo+int64(c))
		}
		want, _ := band.Resume(rules, n, v, band.TwoSidedConfig(band.Config{}), bad)
		gotCells, _ := sweepTo(t, got, []int64{n + 1})
		wantCells, _ := sweepTo(t, want, []int64{n + 1})
		if !slices.Equal(gotCells, wantCells) {
			t.Fatalf("column %d changed: %s", st.Lo+int64(c), firstDifference(gotCells, wantCells))
		}
	}
}

// ExampleSweeper_OneSided: the served tables are symmetric, so their rows
// are walked from the diagonal on, and the cells left of it come from the
// columns above.
func ExampleSweeper_OneSided() {
	r, _ := tables.Lookup("gneg1")
	rules, _ := r.BandRules()
	sw, _ := band.New(rules, 9, 2, band.Config{Workers: 1})
	_ = sw.Run(context.Background(), 10, func(rows band.Rows) error {
		for i := range rows.Len() {
			a, b := rows.Start[i], rows.Start[i+1]
			fmt.Println(rows.X0+int64(i), rows.Y[a:b], rows.Value[a:b])
		}
		return nil
	})
	fmt.Println(sw.OneSided(), sw.Visited())
	// Output:
	// 0 [1 2 3] [0 1 2]
	// 1 [0 1 2] [0 1 2]
	// 2 [0 1 2] [1 2 0]
	// 3 [0 3 4] [2 0 1]
	// 4 [3 4 5] [1 0 2]
	// 5 [4 5 6] [2 0 1]
	// 6 [5 6 7] [1 0 2]
	// 7 [6 7 8] [2 0 1]
	// 8 [7 8 9] [1 0 2]
	// 9 [8 9] [2 0]
	// true 16
}
