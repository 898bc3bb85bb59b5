package proof

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// withSegmentRows sets minSegmentRows to rows for the test.
func withSegmentRows(t *testing.T, rows int64) {
	saved := minSegmentRows
	minSegmentRows = rows
	t.Cleanup(func() { minSegmentRows = saved })
}

// The segments start at row 0, increase, end at x1, hold x0 and leave the
// base rows to segment 0; one worker, or too few rows, is one stream.
func TestSegmentBounds(t *testing.T) {
	withSegmentRows(t, 10)
	for _, tc := range []struct {
		baseEnd, x0, x1 int64
		workers         int
		want            []int64
	}{
		{2, 50, 1000, 1, []int64{0, 1000}},
		{2, 5, 21, 2, []int64{0, 21}},
		{2, 5, 22, 2, []int64{0, 5, 12, 22}},
		{0, 0, 41, 2, []int64{0, 1, 11, 21, 31, 41}},
		{2, 300, 1000, 2, []int64{0, 2, 126, 300, 376, 501, 625, 750, 875, 1000}},
		{2, 250, 1000, 2, []int64{0, 2, 126, 250, 376, 501, 625, 750, 875, 1000}},
		{2, 990, 1000, 2, []int64{0, 2, 126, 251, 376, 501, 625, 750, 990, 1000}},
		{2, 1000, 1000, 2, []int64{0, 2, 126, 251, 376, 501, 625, 750, 875, 1000}},
	} {
		got := segmentBounds(tc.baseEnd, tc.x0, tc.x1, tc.workers)
		if !slices.Equal(got, tc.want) {
			t.Errorf("segmentBounds(%d, %d, %d, %d) = %v, want %v", tc.baseEnd, tc.x0, tc.x1, tc.workers, got, tc.want)
		}
	}
}

// Checked in segments, with two, three and five workers, every rook table
// reaches the states a check of the rows as one stream reaches before x0
// and x1, and the progress counts every row once.
func TestSegmentsCheckAsOneStream(t *testing.T) {
	withSegmentRows(t, 50)
	const v, x0, x1 = 5, 700, 2000
	for _, table := range servedTables {
		rules := mustRules(t, table)
		one := band.Config{Workers: 1}
		start, end, err := wholeStream(context.Background(), rules, table, v, Infinity, x0, x1, one, newRowReport(nil))
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{2, 3, 5} {
			t.Run(fmt.Sprintf("%s/workers=%d", table, workers), func(t *testing.T) {
				report := &rowReport{progress: func(int64) {}}
				bounds := segmentBounds(baseRows(rules), x0, x1, workers)
				if len(bounds) < 2*workers {
					t.Fatalf("%d segments, want at least %d", len(bounds)-1, 2*workers)
				}
				ends, err := checkSegments(context.Background(), rules, table, v, Infinity, bounds, one, workers, report, sweepSeeds(rules, table, v, Infinity, one))
				if err != nil {
					t.Fatal(err)
				}
				at := slices.Index(bounds, x0) - 1
				if !ends[at].Equal(start) || !ends[len(ends)-1].Equal(end) {
					t.Errorf("states before rows %d and %d differ from the one stream's", x0, x1)
				}
				if report.checked != x1 {
					t.Errorf("%d rows counted, want %d", report.checked, x1)
				}
			})
		}
	}
}

// A seed that is not the sweep's state (a value taken out of a column
// that holds some; with the pass, a column of the passless sweep's state)
// is caught at its seam, whichever segment it starts.
func TestForgedSeedCaughtAtItsSeam(t *testing.T) {
	withSegmentRows(t, 50)
	const v, x0, x1, workers = 5, 700, 2000, 2
	for _, table := range []string{"gneg1", "passnim", "misere-pass"} {
		rules := mustRules(t, table)
		one := band.Config{Workers: 1}
		bounds := segmentBounds(baseRows(rules), x0, x1, workers)
		for forged := 1; forged < len(bounds)-1; forged += 3 {
			honest := sweepSeeds(rules, table, v, Infinity, one)
			forging := func(ctx context.Context, bounds []int64, seeds []band.State, seeded []chan struct{}) error {
				held := make([]chan struct{}, len(seeded))
				for k := range held {
					held[k] = make(chan struct{})
				}
				close(held[0])
				go func() {
					for k := 1; k < len(seeds); k++ {
						select {
						case <-held[k]:
						case <-ctx.Done():
							return
						}
						if k == forged {
							// With the pass, the passless sweep's state is forged.
							st := &seeds[k]
							if st.Passless != nil {
								inner := *st.Passless
								st.Passless = &inner
								st = &inner
							}
							st.Sets = slices.Clone(st.Sets)
							for i, word := range st.Sets {
								if word != 0 {
									st.Sets[i] = word & (word - 1)
									break
								}
							}
						}
						close(seeded[k])
					}
				}()
				return honest(ctx, bounds, seeds, held)
			}
			_, err := checkSegments(context.Background(), rules, table, v, Infinity, bounds, one, workers, newRowReport(nil), forging)
			want := fmt.Sprintf("the check's state before row %d is not the sweep's state there", bounds[forged])
			if !errors.Is(err, ErrCertificate) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s, seed of row %d forged: %v, want %q", table, bounds[forged], err, want)
			}
		}
	}
}

// When every segment fails, the error is the first row's, as one stream
// would give it: G₋₁'s sweep checked as nim fails at (0, 0), though the
// segments after the first fail too, at their own first rows.
func TestSegmentsReportTheFirstFailure(t *testing.T) {
	withSegmentRows(t, 50)
	rules := mustRules(t, "gneg1")
	for _, workers := range []int{2, 4} {
		_, _, err := streamChecked(context.Background(), rules, "nim", 5, Infinity, 700, 2000, band.Config{Workers: workers}, nil)
		var cell *bandcheck.CellError
		if !errors.Is(err, ErrCertificate) || !errors.As(err, &cell) || cell.X != 0 || cell.Y != 0 {
			t.Errorf("workers %d: %v, want the cell (0, 0)", workers, err)
		}
	}
}
