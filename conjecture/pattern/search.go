package pattern

import (
	"fmt"
	"strings"
)

// Defaults of Options.
const (
	// DefaultMaxPeriod is the largest period Search tries by default; the
	// periods found at n = 10000 reach 480.
	DefaultMaxPeriod = 512
	// DefaultMinPeriods is how many whole periods a rule must hold on,
	// within the mined rows, by default.
	DefaultMinPeriods = 8
)

// Options tune Search; the zero value means the defaults.
type Options struct {
	// MaxPeriod is the largest period tried; 0 means DefaultMaxPeriod.
	MaxPeriod int
	// MineRows: the pattern is mined on rows x < MineRows and only
	// confirmed on the rest; 0 means half the index's rows, rounded up.
	MineRows int
	// MinPeriods is how many whole periods of mined rows the periodic rule
	// must hold on; 0 means DefaultMinPeriods.
	MinPeriods int
}

// resolved fills in the defaults for an index of rows rows, or reports
// options out of range.
func (o Options) resolved(rows int) (Options, error) {
	if o.MaxPeriod == 0 {
		o.MaxPeriod = DefaultMaxPeriod
	}
	if o.MineRows == 0 {
		o.MineRows = (rows + 1) / 2
	}
	if o.MinPeriods == 0 {
		o.MinPeriods = DefaultMinPeriods
	}
	switch {
	case o.MaxPeriod < 1 || o.MaxPeriod > MaxPeriodLimit:
		return o, fmt.Errorf("pattern: max period %d outside 1…%d", o.MaxPeriod, MaxPeriodLimit)
	case o.MineRows < 0 || o.MineRows > rows:
		return o, fmt.Errorf("pattern: %d mined rows, but the index has %d", o.MineRows, rows)
	case o.MinPeriods < 1:
		return o, fmt.Errorf("pattern: min periods %d is not positive", o.MinPeriods)
	}
	return o, nil
}

// Result is the outcome of Search for one value.
type Result struct {
	// Pattern is the pattern found, with the smallest period and then the
	// smallest start; unless Found, only its Value is set.
	Pattern
	Found bool
	// MaxPeriod is the largest period tried.
	MaxPeriod int
	// MinedTo: the pattern was mined on rows x < MinedTo; later rows only
	// confirmed it.
	MinedTo int
	// NearMiss, when not Found, is the first candidate that held on the
	// mined rows and failed on the rest, or nil.
	NearMiss *NearMiss
}

// NearMiss is a periodic rule that held on the mined rows of a table and
// failed on the rest, first at Violation.
type NearMiss struct {
	Period, Start int
	Violation     Violation
}

// String is the result as one line: value, period, start, offsets by
// residue, number of exceptions, mined and confirmed rows; or "no pattern
// with period ≤ P" and the near miss, if any.
func (r Result) String() string {
	if !r.Found {
		s := fmt.Sprintf("v=%d no pattern with period ≤ %d", r.Value, r.MaxPeriod)
		if m := r.NearMiss; m != nil {
			s += fmt.Sprintf(" (period %d from x=%d fits rows x < %d, then %v)", m.Period, m.Start, r.MinedTo, m.Violation)
		}
		return s
	}
	offsets := make([]string, len(r.Offsets))
	for i, d := range r.Offsets {
		offsets[i] = fmt.Sprintf("%+d", d)
	}
	return fmt.Sprintf("v=%d period=%d start=%d offsets=[%s] exceptions=%d mined_to=%d confirmed_to=%d",
		r.Value, r.Period, r.Start, strings.Join(offsets, ","), len(r.Exceptions), r.MinedTo, r.ConfirmedTo)
}

// Search finds where value v lies in the indexed table as a Pattern: the
// smallest period p ≤ MaxPeriod, then the smallest start x₀, such that
// f_v(x) − x depends only on x mod p for every row x ≥ x₀, where G(x, f_v(x))
// = v. It fails only if v is not in the index or opt is out of range; a value
// without a pattern is a Result that is not Found.
//
// To guard against patterns that are artefacts of a finite table, a
// candidate is mined on rows x < MineRows, and accepted only if
//
//   - its rule holds on at least MinPeriods whole periods and on at least
//     half of the mined rows (x₀ ≤ MineRows/2), every residue being seen;
//   - every row below x₀ has v inside the table, so the exceptions are all
//     the cells of value v in those rows;
//   - Check finds no violation on the whole table. A row whose predicted
//     cell lies beyond column n is missing data, not a violation.
func Search(idx *Index, v int, opt Options) (Result, error) {
	if v < 0 || v > idx.maxValue {
		return Result{}, fmt.Errorf("pattern: value %d is not in the index (0…%d)", v, idx.maxValue)
	}
	opt, err := opt.resolved(idx.rows)
	if err != nil {
		return Result{}, err
	}
	res := Result{Pattern: Pattern{Value: v}, MaxPeriod: opt.MaxPeriod, MinedTo: opt.MineRows}
	f := idx.first[v][:opt.MineRows]
	// Periods beyond MineRows/MinPeriods cannot repeat often enough.
	for p := 1; p <= opt.MaxPeriod && opt.MineRows/p >= opt.MinPeriods; p++ {
		start := tailStart(f, p, idx.n)
		if (opt.MineRows-start)/p < opt.MinPeriods || 2*start > opt.MineRows {
			continue
		}
		offsets, ok := tailOffsets(f, start, p)
		if !ok {
			continue
		}
		exceptions, ok := idx.exceptions(v, start)
		if !ok {
			continue
		}
		candidate := Pattern{Value: v, Period: p, Start: start, Offsets: offsets, Exceptions: exceptions}
		verdict, err := Check(idx, candidate)
		if err != nil {
			return Result{}, err
		}
		if len(verdict.Violations) > 0 {
			if res.NearMiss == nil {
				res.NearMiss = &NearMiss{p, start, verdict.Violations[0]}
			}
			continue
		}
		candidate.ConfirmedTo = verdict.ConfirmedTo
		res.Pattern, res.Found, res.NearMiss = candidate, true, nil
		return res, nil
	}
	return res, nil
}

// tailStart returns the least x₀ such that the rows x₀ … len(f)−1 fit one
// offset f[x] − x per residue x mod p, scanning down from the last row. A
// row without the value (f[x] < 0) fits an offset d only if its cell x + d
// lies beyond column n; while its residue's offset is not yet known, the
// lowest such row waits to be compared with it.
func tailStart(f []int32, p, n int) int {
	offset := make([]int, p)
	known := make([]bool, p)
	absent := make([]int, p) // lowest row of each residue without the value, or −1
	for r := range absent {
		absent[r] = -1
	}
	for x := len(f) - 1; x >= 0; x-- {
		r := x % p
		if f[x] < 0 {
			switch {
			case !known[r]:
				absent[r] = x
			case x+offset[r] <= n:
				return x + 1
			}
			continue
		}
		d := int(f[x]) - x
		switch {
		case !known[r] && absent[r] >= 0 && absent[r]+d <= n:
			return absent[r] + 1
		case !known[r]:
			offset[r], known[r] = d, true
		case offset[r] != d:
			return x + 1
		}
	}
	return 0
}

// tailOffsets returns the offset of each residue mod p from the first row at
// or after start that holds the value; ok is false if a residue has none.
func tailOffsets(f []int32, start, p int) (offsets []int, ok bool) {
	offsets = make([]int, p)
	known := make([]bool, p)
	seen := 0
	for x := start; x < len(f) && seen < p; x++ {
		if r := x % p; f[x] >= 0 && !known[r] {
			offsets[r], known[r] = int(f[x])-x, true
			seen++
		}
	}
	return offsets, seen == p
}
