package pattern_test

import (
	"fmt"
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
			// The rule may start anywhere that leaves MinPeriods periods
			// over a quarter of the rows: x₀ = 150 of 401…
			name: "late start", found: true,
			f:    lateStart(150),
			want: pattern.Pattern{Period: 1, Start: 150, Offsets: []int{0}, Exceptions: lateExceptions(150), ConfirmedTo: n},
		},
		{
			// …but not x₀ = 320, beyond x₀ ≤ 300: 81 rows are not evidence.
			name: "too late a start",
			f:    lateStart(320),
		},
		{
			// Period 120 repeats only 3 times in 401 rows.
			name: "too few periods",
			f:    func(x int) int { return x + []int{0, 1}[min(x%120, 1)] },
		},
		{
			name: "too few periods, fewer required", found: true,
			f:   func(x int) int { return x + []int{0, 1}[min(x%120, 1)] },
			opt: pattern.Options{MinPeriods: 3},
			// Row 400 ≡ 40 puts its cell at 401, beyond the edge.
			want: pattern.Pattern{Period: 120, Offsets: everyButFirst(120), Exceptions: []pattern.Cell{}, ConfirmedTo: n - 1},
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

// lateStart puts 0 on the diagonal from row x0 and at y = x0 + 10 − x
// before.
func lateStart(x0 int) func(x int) int {
	return func(x int) int {
		if x < x0 {
			return x0 + 10 - x
		}
		return x
	}
}

// lateExceptions are the cells of lateStart(x0) below row x0.
func lateExceptions(x0 int) []pattern.Cell {
	c := make([]pattern.Cell, x0)
	for x := range c {
		c[x] = pattern.Cell{X: x, Y: x0 + 10 - x}
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

// regime puts 0 on the diagonal up to row change − 1 and, from row change
// on, at y = x + 1 − 2·(x mod 2): a pattern that changes at a chosen row.
func regime(change int) func(x int) int {
	return func(x int) int {
		if x < change {
			return x
		}
		return x + 1 - 2*(x%2)
	}
}

// TestSearchRegimes plants a change of pattern at a chosen row. The fit on
// the first half of the rows (period 1 from 0) breaks there, so the value is
// unstable with the break at that row; when the new regime covers enough of
// the table it is the pattern (grade C), otherwise there is none.
func TestSearchRegimes(t *testing.T) {
	const n = 400
	for _, c := range []struct {
		change int
		found  bool
	}{{250, true}, {290, true}, {330, false}, {370, false}} {
		got := search(t, syntheticIndex(t, n, regime(c.change)), 0, pattern.Options{})
		k := got.Break
		if got.Status != pattern.Unstable || k == nil || k.Period != 1 || k.Start != 0 || k.Row != c.change {
			t.Fatalf("change at %d: %v; want unstable, period 1 from 0 breaking at row %d", c.change, got, c.change)
		}
		if got.Found != c.found {
			t.Fatalf("change at %d: found = %v, want %v: %v", c.change, got.Found, c.found, got)
		}
		if c.found && (got.Period != 2 || got.Start != c.change || got.Grade != "C" || k.Then == nil || k.Then.Start != c.change) {
			t.Errorf("change at %d: %v; want period 2 from %d, grade C", c.change, got, c.change)
		}
		if !c.found && (len(got.BestFits) == 0 || got.BestFits[0].Period != 2 || got.BestFits[0].Start != c.change) {
			t.Errorf("change at %d: best fits %v; want period 2 from %d first", c.change, got.BestFits, c.change)
		}
		if s := got.String(); !strings.Contains(s, fmt.Sprintf("breaks at row %d", c.change)) {
			t.Errorf("String() = %q names no break", s)
		}
	}
}

// TestSearchTwoFamilies: even rows with y − x = 2, 3 by x mod 4, odd rows
// with 5, 6, 7 by x mod 6; the pattern has period 12, and its form names the
// two families with the least periods: on odd rows x mod 6 is fixed by
// x mod 3, so the odd rows are 6 residues of period 3, the even rows 6 of
// period 4, and 12 = lcm(3, 4).
func TestSearchTwoFamilies(t *testing.T) {
	f := func(x int) int {
		if x%2 == 0 {
			return x + 2 + x%4/2
		}
		return x + 5 + x%6/2
	}
	got := search(t, syntheticIndex(t, 600, f), 0, pattern.Options{})
	if !got.Found || got.Period != 12 || got.Start != 0 || got.Status != pattern.Stable || got.Grade != "A" {
		t.Fatalf("got %v; want period 12 from 0, stable, grade A", got)
	}
	if form, want := got.Form(), "two interleaved families: 6 residues of period 3 and 6 of period 4, 12 = lcm(3, 4)"; !strings.Contains(form, want) {
		t.Errorf("Form() = %q, want %q in it", form, want)
	}
}

// TestSearchHonestNegative: a value without a pattern says which rule
// nothing met and lists its best tail fits.
func TestSearchHonestNegative(t *testing.T) {
	random := rand.New(rand.NewPCG(3, 4))
	got := search(t, syntheticIndex(t, 400, func(x int) int { return max(x-random.IntN(5), 0) }), 0, pattern.Options{})
	if got.Found || got.Status != pattern.None || got.Rule.MaxPeriod != 100 || got.Rule.MaxStart != 300 || got.Rule.MinPeriods != 4 {
		t.Fatalf("got %v, rule %+v; want none, periods ≤ 100, x₀ ≤ 300, 4 periods", got, got.Rule)
	}
	if s := got.String(); !strings.Contains(s, "periods 1…100, a start x₀ ≤ 300, at least 4 whole periods") {
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
		{"negative min periods", 0, pattern.Options{MinPeriods: -2}},
	} {
		if _, err := pattern.Search(idx, c.v, c.opt); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

// TestNoPeriodAboveTheLimit: a value whose rows repeat with a period above
// MaxPeriodLimit, over more than four periods, is reported without a
// pattern under a rule capped at the limit; the search used to accept the
// period and then fail, as no patterns file can hold it (G*₋₁, value 70,
// period 1566720 at n = 10⁷).
func TestNoPeriodAboveTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes 4.3·10⁶ rows")
	}
	const p = pattern.MaxPeriodLimit + 1
	n := int64(4*p + 1000)
	idx, err := pattern.NewBandIndex(n, 0, 0, pattern.BandIndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	vals := []int32{0}
	for x := range n + 1 {
		// One row in each period is one step right of the diagonal.
		y := x
		if x%p == 7 {
			y++
		}
		if err := idx.Row(x, []int64{y}, vals); err != nil {
			t.Fatal(err)
		}
	}
	if err := idx.Finish(); err != nil {
		t.Fatal(err)
	}
	res, err := idx.Search(0, pattern.Options{})
	if err != nil {
		t.Fatalf("search: %v", err)
	}
	if res.Found || res.Rule.MaxPeriod != pattern.MaxPeriodLimit {
		t.Errorf("found %v, rule %+v: want no pattern, periods up to %d", res.Found, res.Rule, pattern.MaxPeriodLimit)
	}
}
