package pattern_test

import (
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
)

// TestNim: in nim G(x, y) = x ⊕ y, so f_v(x) = x ⊕ v, and (x ⊕ v) − x depends
// on the bits of x below the highest bit of v only: the search must find as
// period the least power of two above v, offsets (r ⊕ v) − r and no
// exceptions, from x₀ = 0.
func TestNim(t *testing.T) {
	const n, maxValue = 2000, 40
	idx := computeIndex(t, "nim", n, maxValue, nil)
	for v := 0; v <= maxValue; v++ {
		period := 1 << bits.Len(uint(v))
		want := pattern.Pattern{Value: v, Period: period, Offsets: make([]int, period), Exceptions: []pattern.Cell{}}
		for r := range want.Offsets {
			want.Offsets[r] = r ^ v - r
		}
		got := search(t, idx, v, pattern.Options{})
		want.ConfirmedTo = got.ConfirmedTo
		if !got.Found || !reflect.DeepEqual(got.Pattern, want) {
			t.Errorf("v=%d: found %v\nwant %+v", v, got, want)
		}
		if s, c, ok := got.XOR(); v > 0 && (!ok || s != 0 || c != v) {
			t.Errorf("v=%d: nim-sum form (x−%d) ⊕ (y−%d) = %d, %v; want x ⊕ y = %d", v, s, s, c, ok, v)
		}
	}
}

// TestSearchSynthetic runs the search on made-up tables whose value 0 lies
// at y = f(x), to pin down starts, edges and the guards against artefacts.
func TestSearchSynthetic(t *testing.T) {
	const n = 400
	random := rand.New(rand.NewPCG(1, 2))
	noise := make([]int, n+1)
	for x := range noise {
		noise[x] = x + random.IntN(7) - 3
	}
	for _, c := range []struct {
		name  string
		f     func(x int) int
		opt   pattern.Options
		found bool
		want  pattern.Pattern // ConfirmedTo included when found
	}{
		{
			name: "period 3 from 0", found: true,
			f: func(x int) int { return x + []int{2, 0, 5}[x%3] },
			// Row 398 ≡ 2 is the first whose cell, 403, lies beyond n.
			want: pattern.Pattern{Period: 3, Offsets: []int{2, 0, 5}, Exceptions: []pattern.Cell{}, ConfirmedTo: n - 3},
		},
		{
			// Row 6 fits the rule by chance; x₀ is the first row after the
			// last one that breaks it, and rows below it are all exceptions.
			name: "transient", found: true,
			f: func(x int) int {
				if x < 7 && x != 6 {
					return 20 - x
				}
				return x + 1 - 2*(x%2)
			},
			want: pattern.Pattern{Period: 2, Start: 6, Offsets: []int{1, -1},
				Exceptions: cells(0, 20, 1, 19, 2, 18, 3, 17, 4, 16, 5, 15), ConfirmedTo: n - 1},
		},
		{
			// Rows whose cell lies beyond column n are missing data: they
			// end the confirmed rows without breaking the pattern.
			name: "edge", found: true,
			f:    func(x int) int { return x + 9 },
			want: pattern.Pattern{Period: 1, Offsets: []int{9}, Exceptions: []pattern.Cell{}, ConfirmedTo: n - 9},
		},
		{
			name: "noise",
			f:    func(x int) int { return noise[x] },
		},
		{
			// The rule only starts at x₀ = 150, beyond half of the 201
			// mined rows: not accepted, as it covers too few of them…
			name: "late start",
			f:    lateStart,
		},
		{
			// …but found when more rows are mined.
			name: "late start, more rows mined", found: true,
			f:    lateStart,
			opt:  pattern.Options{MineRows: 350},
			want: pattern.Pattern{Period: 1, Start: 150, Offsets: []int{0}, Exceptions: lateExceptions(), ConfirmedTo: n},
		},
		{
			// Period 50 repeats only 4 times in 201 mined rows.
			name: "too few periods",
			f:    func(x int) int { return x + []int{0, 1}[min(x%50, 1)] },
		},
		{
			name: "too few periods, fewer required", found: true,
			f:    func(x int) int { return x + []int{0, 1}[min(x%50, 1)] },
			opt:  pattern.Options{MinPeriods: 4},
			want: pattern.Pattern{Period: 50, Offsets: everyButFirst(50), Exceptions: []pattern.Cell{}, ConfirmedTo: n},
		},
		{
			// A row below x₀ without the value, far from the edge: the
			// exceptions would not be all the cells of rows below x₀.
			name: "gap below start",
			f: func(x int) int {
				if x == 3 {
					return -1
				}
				return x + min(x, 4)
			},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := search(t, syntheticIndex(t, n, c.f), 0, c.opt)
			if got.Found != c.found {
				t.Fatalf("found = %v, want %v: %v", got.Found, c.found, got)
			}
			if !c.found {
				return
			}
			if !reflect.DeepEqual(got.Pattern, c.want) {
				t.Errorf("found %+v\nwant  %+v", got.Pattern, c.want)
			}
		})
	}
}

// lateStart puts 0 on the diagonal from row 150 and at y = 160 − x before.
func lateStart(x int) int {
	if x < 150 {
		return 160 - x
	}
	return x
}

// lateExceptions are the cells of lateStart below row 150.
func lateExceptions() []pattern.Cell {
	c := make([]pattern.Cell, 150)
	for x := range c {
		c[x] = pattern.Cell{X: x, Y: 160 - x}
	}
	return c
}

// everyButFirst is p offsets, all 1 but the first, 0.
func everyButFirst(p int) []int {
	offsets := make([]int, p)
	for r := 1; r < p; r++ {
		offsets[r] = 1
	}
	return offsets
}

// TestSearchNearMiss: a rule that holds on the mined rows and fails later is
// not reported as a pattern; the result names the first cell it fails at.
func TestSearchNearMiss(t *testing.T) {
	idx := syntheticIndex(t, 400, func(x int) int {
		if x == 300 {
			return 0
		}
		return x
	})
	got := search(t, idx, 0, pattern.Options{MaxPeriod: 16})
	m := got.NearMiss
	if got.Found || m == nil || m.Period != 1 || m.Start != 0 || m.Violation.Cell != (pattern.Cell{X: 300, Y: 0}) {
		t.Fatalf("got %v, near miss %+v; want a near miss of period 1 at (300,0)", got, m)
	}
	if s := got.String(); !strings.Contains(s, "no pattern with period ≤ 16") || !strings.Contains(s, "G(300,0) = 0") {
		t.Errorf("String() = %q", s)
	}
}

// TestSearchErrors: values outside the index and options out of range.
func TestSearchErrors(t *testing.T) {
	idx := syntheticIndex(t, 10, func(x int) int { return x })
	for _, c := range []struct {
		name string
		v    int
		opt  pattern.Options
	}{
		{"negative value", -1, pattern.Options{}},
		{"value above index", 1, pattern.Options{}},
		{"negative max period", 0, pattern.Options{MaxPeriod: -1}},
		{"huge max period", 0, pattern.Options{MaxPeriod: pattern.MaxPeriodLimit + 1}},
		{"too many mined rows", 0, pattern.Options{MineRows: 12}},
		{"negative min periods", 0, pattern.Options{MinPeriods: -2}},
	} {
		if _, err := pattern.Search(idx, c.v, c.opt); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
