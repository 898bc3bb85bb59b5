package pattern_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// theorem4Item4 is G₋₁ = 3 as Theorem 4(4) states it (see papers_test.go).
var theorem4Item4 = pattern.Pattern{
	Value: 3, Period: 4, Start: 6, Offsets: []int{-2, -2, 2, 2},
	Exceptions: cells(0, 4, 1, 3, 2, 5, 3, 1, 4, 0, 5, 2),
}

// TestCheckPlantedDefects plants defects in G₋₁ and checks that the pattern
// found on the clean table fails exactly at the defects' cells. G₋₁(100, 98)
// = 3 by the theorem (100 ≡ 0 mod 4, offset −2).
func TestCheckPlantedDefects(t *testing.T) {
	const n = 300
	clean := search(t, computeIndex(t, "gneg1", n, 3, nil), 3, pattern.Options{})
	if !clean.Found {
		t.Fatalf("no pattern on the clean table: %v", clean)
	}
	for _, c := range []struct {
		name    string
		defects map[pattern.Cell]int32
		want    []pattern.Violation
		// breaks: the defect lies beyond the first half of the rows, whose
		// fit then breaks at the defect: the value is unstable.
		breaks bool
	}{
		{
			name:    "value removed",
			defects: map[pattern.Cell]int32{{X: 100, Y: 98}: 999},
			want:    []pattern.Violation{{Cell: pattern.Cell{X: 100, Y: 98}, Value: 3, Missing: true}},
		},
		{
			name:    "value added",
			defects: map[pattern.Cell]int32{{X: 100, Y: 50}: 3},
			want:    []pattern.Violation{{Cell: pattern.Cell{X: 100, Y: 50}, Value: 3}},
		},
		{
			name:    "value added after it",
			defects: map[pattern.Cell]int32{{X: 100, Y: 150}: 3},
			want:    []pattern.Violation{{Cell: pattern.Cell{X: 100, Y: 150}, Value: 3}},
		},
		{
			name:    "value moved",
			defects: map[pattern.Cell]int32{{X: 100, Y: 98}: 7, {X: 100, Y: 97}: 3},
			want: []pattern.Violation{
				{Cell: pattern.Cell{X: 100, Y: 97}, Value: 3},
				{Cell: pattern.Cell{X: 100, Y: 98}, Value: 3, Missing: true},
			},
		},
		{
			name:    "exception removed",
			defects: map[pattern.Cell]int32{{X: 2, Y: 5}: 0},
			want:    []pattern.Violation{{Cell: pattern.Cell{X: 2, Y: 5}, Value: 3, Missing: true}},
		},
		{
			name:    "defect in the confirmed rows",
			defects: map[pattern.Cell]int32{{X: 252, Y: 250}: 999},
			want:    []pattern.Violation{{Cell: pattern.Cell{X: 252, Y: 250}, Value: 3, Missing: true}},
			breaks:  true,
		},
		{
			name:    "defect beyond the value",
			defects: map[pattern.Cell]int32{{X: 100, Y: 98}: 4},
			want:    []pattern.Violation{{Cell: pattern.Cell{X: 100, Y: 98}, Value: 3, Missing: true}},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			idx := computeIndex(t, "gneg1", n, 3, c.defects)
			verdict, err := pattern.Check(idx, clean.Pattern)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(verdict.Violations, c.want) {
				t.Errorf("violations %v, want %v", verdict.Violations, c.want)
			}
			if first := c.want[0].Cell.X; verdict.ConfirmedTo != first-1 {
				t.Errorf("confirmed to %d, want %d", verdict.ConfirmedTo, first-1)
			}
			// On the damaged table a pattern may only start after the
			// defect, which is then one of its exceptions.
			got := search(t, idx, 3, pattern.Options{})
			if last := c.want[len(c.want)-1].Cell.X; got.Found && got.Start <= last {
				t.Errorf("search on the damaged table found %v, covering the defect in row %d", got, last)
			}
			if k := got.Break; c.breaks && (got.Status != pattern.Unstable || k == nil || k.Violation != c.want[0]) {
				t.Errorf("got %v; want unstable, breaking at %v", got, c.want[0])
			}
		})
	}
}

// TestCheckLargerAndSmaller re-checks a pattern found at n = 300 on larger and
// smaller tables: no violations, and rows whose cells lie beyond the edge are
// unconfirmed, not violations.
func TestCheckLargerAndSmaller(t *testing.T) {
	for _, c := range []struct {
		n, confirmedTo int
	}{
		{1000, 998}, // row 999 ≡ 3 needs column 1001
		{40, 38},
		{5, 5},  // rows 0…5 are exceptions, all inside the table
		{3, -1}, // row 0's exception (0, 4) lies beyond the table
	} {
		idx := computeIndex(t, "gneg1", c.n, 3, nil)
		verdict, err := pattern.Check(idx, theorem4Item4)
		if err != nil {
			t.Fatal(err)
		}
		if len(verdict.Violations) > 0 {
			t.Errorf("n=%d: violations %v", c.n, verdict.Violations)
		}
		if verdict.ConfirmedTo != c.confirmedTo {
			t.Errorf("n=%d: confirmed to %d, want %d", c.n, verdict.ConfirmedTo, c.confirmedTo)
		}
	}
}

// TestCheckErrors: malformed patterns and values the index lacks.
func TestCheckErrors(t *testing.T) {
	idx := computeIndex(t, "gneg1", 20, 2, nil)
	bad := theorem4Item4
	bad.Offsets = []int{1}
	for name, p := range map[string]pattern.Pattern{"value not indexed": theorem4Item4, "malformed": bad} {
		if _, err := pattern.Check(idx, p); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestViolationString names the cell and the fault.
func TestViolationString(t *testing.T) {
	for _, c := range []struct {
		v    pattern.Violation
		want string
	}{
		{pattern.Violation{Cell: pattern.Cell{X: 100, Y: 98}, Value: 3, Missing: true}, "G(100,98) ≠ 3, but the pattern puts 3 there"},
		{pattern.Violation{Cell: pattern.Cell{X: 100, Y: 50}, Value: 3}, "G(100,50) = 3, but the pattern does not put 3 there"},
	} {
		if got := c.v.String(); !strings.Contains(got, c.want) {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// TestCheckRowWithoutValue: a pattern that leaves a row below its start
// without the value agrees with a table lacking it there, but the table
// cannot confirm it (the value may lie beyond its last column).
func TestCheckRowWithoutValue(t *testing.T) {
	idx := syntheticIndex(t, 20, func(x int) int {
		if x == 1 {
			return -1
		}
		return x
	})
	p := pattern.Pattern{Value: 0, Period: 1, Start: 2, Offsets: []int{0}, Exceptions: cells(0, 0)}
	verdict, err := pattern.Check(idx, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(verdict.Violations) > 0 || verdict.ConfirmedTo != 0 {
		t.Errorf("violations %v, confirmed to %d; want none, 0", verdict.Violations, verdict.ConfirmedTo)
	}
}
