package pattern

import (
	"slices"
	"testing"
)

// TestRepeatFloor: a column whose first cells follow the rule y = x on
// every row, row 3 holding the value a second time at column 7 (a
// prescribed cell right of the mex's), gets x₀ = 4, past that row, with
// every cell of the rows below as exceptions, the second one included:
// the tail fit alone would start at row 0, where the statement would leave
// (3, 7) out. Check finds no violation in it, and finds (3, 7) in the
// statement that starts at 0.
func TestRepeatFloor(t *testing.T) {
	const n = 400
	d := make([]int32, n+1) // f(x) = x
	col := column{value: 2, n: n, d: d, extra: []Cell{{3, 7}}}
	if got := col.repeatFloor(n + 1); got != 4 {
		t.Errorf("repeatFloor = %d, want 4", got)
	}
	if got := col.repeatFloor(3); got != 0 {
		t.Errorf("repeatFloor of the first 3 rows = %d, want 0", got)
	}
	res, err := searchColumn(col, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Cell{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {3, 7}}
	if !res.Found || res.Period != 1 || res.Start != 4 || !slices.Equal(res.Offsets, []int{0}) || !slices.Equal(res.Exceptions, want) {
		t.Fatalf("got %v, exceptions %v; want period 1 from x₀ = 4, offsets [0], exceptions %v", res, res.Exceptions, want)
	}
	if v, err := check(col, res.Pattern, col.rows()); err != nil || len(v.Violations) > 0 || v.ConfirmedTo != n {
		t.Errorf("check of the pattern found: %+v %v", v, err)
	}
	early := Pattern{Value: 2, Period: 1, Start: 0, Offsets: []int{0}}
	v, err := check(col, early, col.rows())
	if err != nil || !slices.Equal(v.Violations, []Violation{{Cell{3, 7}, 2, false}}) || v.ConfirmedTo != 2 {
		t.Errorf("check of the pattern from row 0: %+v %v; want the violation (3, 7), confirmed to row 2", v, err)
	}
}
