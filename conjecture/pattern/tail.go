package pattern

import (
	"cmp"
	"math"
	"slices"
)

// absent marks, in an offset sequence, a row without the value.
const absent = math.MinInt32

// TailFit is how far back from the last decided row one period holds: the
// rows Start … decided−1 satisfy f_v(x) − x = f_v(x+Period) − (x+Period)
// whenever both rows are decided, and Repetitions whole periods fit in them.
type TailFit struct {
	Period      int `json:"period"`
	Start       int `json:"start"`
	Repetitions int `json:"repetitions"`
}

// tailScanner finds the tail fits of the periods 1, 2, 3, … of one
// offset sequence in turn. The tail of period p starts at the least x₀
// such that d[x] = d[x+p] for every x with x₀ ≤ x and x + p < decided, no
// row from x₀ on being absent. Rows are compared pairwise from the top
// down, stopping at the first difference, so a period the tail does not
// have costs a few rows, not a scan of the table: this is what makes trying
// every period up to rows/MinPeriods cheap. An absent row r in the tail
// stops the scan at r or at r − p, so a tail holding one is shorter than
// two periods: never accepted.
//
// Nor are the tails that a smaller period already covers scanned again.
// If period p holds on the rows s … decided−1 (d[x] = d[x+p], none
// absent), so does every multiple kp: d[x] = d[x+p] = … = d[x+kp] for
// x ≥ s, each step inside those rows. So the scan for kp can begin just
// below s. Without this, a value periodic with period p but rejected by
// the rule (a late start, an unstable stage) rescans its whole tail for
// every multiple of p up to the largest period: at n = 10⁸ that is most of
// the search's time.
//
// A fit never starts below floor, the row after the last one holding the
// value more than once (column.repeatFloor): those rows are exceptions
// whatever their first cell. The floor is applied to the fit returned, not
// to the tails passed on to the multiples, where a raw start stays true.
type tailScanner struct {
	d       []int32
	decided int
	floor   int
	// holdsFrom[q] is the least start of a tail already found for a
	// divisor of q: period q holds from there on. decided when none.
	holdsFrom []int32
}

// newTailScanner returns a scanner of the first decided rows of d for the
// periods 1 … maxPeriod, its fits starting at floor or later; it reuses
// the memory of reuse when that is large enough.
func newTailScanner(d []int32, decided, floor, maxPeriod int, reuse []int32) tailScanner {
	holdsFrom := reuse[:0]
	if cap(holdsFrom) < maxPeriod+1 {
		holdsFrom = make([]int32, maxPeriod+1)
	}
	holdsFrom = holdsFrom[:maxPeriod+1]
	for q := range holdsFrom {
		holdsFrom[q] = int32(decided)
	}
	return tailScanner{d: d, decided: decided, floor: floor, holdsFrom: holdsFrom}
}

// fit returns the tail fit of period p over the first decided rows. The
// periods must be asked in increasing order, each at most maxPeriod,
// for the tails of their divisors to be known.
func (s *tailScanner) fit(p int) TailFit {
	d, decided := s.d, s.decided
	x := min(decided-1-p, int(s.holdsFrom[p])-1)
	for ; x >= 0; x-- {
		if d[x] != d[x+p] || d[x] == absent {
			break
		}
	}
	start := max(x+1, 0)
	// A tail of fewer than two periods saves its multiples too little
	// to be worth passing on.
	if decided-start >= 2*p {
		for q := 2 * p; q < len(s.holdsFrom); q += p {
			s.holdsFrom[q] = min(s.holdsFrom[q], int32(start))
		}
	}
	start = max(start, s.floor)
	return TailFit{Period: p, Start: start, Repetitions: max(0, decided-start) / p}
}

// maxBestFits is how many tail fits a result without a pattern lists.
const maxBestFits = 5

// evidence reports whether the tail fit f over decided rows could be
// evidence of anything: at least two whole periods, inside the decided
// rows. Shorter fits are what every period has by chance.
func (f TailFit) evidence(decided int) bool { return f.Repetitions >= 2 && f.Start < decided }

// bestFits returns the longest tail fits among fits, which are all evidence
// (see TailFit.evidence), at most maxBestFits of them, longest first: a fit
// whose period is a multiple of a listed one and which starts no earlier
// adds nothing and is left out. It sorts fits.
func bestFits(fits []TailFit) []TailFit {
	slices.SortFunc(fits, func(a, b TailFit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.Period, b.Period))
	})
	var best []TailFit
	for _, f := range fits {
		if len(best) == maxBestFits {
			break
		}
		redundant := slices.ContainsFunc(best, func(b TailFit) bool { return f.Period%b.Period == 0 && f.Start >= b.Start })
		if !redundant {
			best = append(best, f)
		}
	}
	return best
}
