package pattern

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/bits"
)

// Limits of a valid Pattern, so that patterns read from a file cannot make
// Check loop or allocate without bound, nor overflow a row plus an offset.
const (
	// MaxPeriodLimit is the largest period a Pattern may have, and the
	// default bound of the search: 2²⁰, above 10⁶.
	MaxPeriodLimit = 1 << 20
	// maxCoord bounds values, rows, columns and offsets.
	maxCoord = 1 << 30
)

// Cell is the table cell (X, Y); in JSON it is the pair [x, y].
type Cell struct{ X, Y int }

// MarshalJSON writes c as [x, y].
func (c Cell) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{c.X, c.Y}) }

// UnmarshalJSON reads [x, y]; anything but a pair of integers is an error.
func (c *Cell) UnmarshalJSON(data []byte) error {
	var xy []int
	if err := json.Unmarshal(data, &xy); err != nil {
		return fmt.Errorf("cell %s: %w", data, err)
	}
	if len(xy) != 2 {
		return fmt.Errorf("cell %s: want a pair [x, y]", data)
	}
	c.X, c.Y = xy[0], xy[1]
	return nil
}

// Pattern is a statement in the form of Theorems 4 and 5 of the goishi-hiroi
// paper and Lemma 4 of the pass paper about where a value lies in a table:
// G(x, y) = Value if and only if either
//
//   - x ≥ Start and y = x + Offsets[x mod Period], or
//   - (x, y) is one of Exceptions, which all have x < Start.
//
// The statement is made row by row: a row from Start on holds Value once,
// a row below may hold it several times (a game file's prescribed cells
// repeating a value of their row), all of them exceptions. The tables of
// symmetric rules are symmetric, so a cell (x, y) of the first kind with
// y < Start has its mirror (y, x) among the exceptions. ConfirmedTo is the last row up to which the table the pattern
// was found on agrees with it, every predicted cell lying inside the table.
type Pattern struct {
	Value      int    `json:"value"`
	Period     int    `json:"period"`
	Start      int    `json:"start"`
	Offsets    []int  `json:"offsets"` // indexed by x mod Period
	Exceptions []Cell `json:"exceptions"`
	// ExceptionsOmitted, when positive, is the number of exceptions left
	// out (Exceptions is then empty; see Options.MaxExceptions): the
	// pattern states its periodic part only, and Check takes its rows
	// below Start as agreeing.
	ExceptionsOmitted int `json:"exceptions_omitted"`
	ConfirmedTo       int `json:"confirmed_to"`
	// summary is the summary of the exceptions omitted.
	summary *ExceptionSummary
}

// exceptionCount is the number of exceptions, those omitted included.
func (p Pattern) exceptionCount() int { return len(p.Exceptions) + p.ExceptionsOmitted }

// predict returns the column the pattern puts Value in for a row x ≥ Start.
func (p Pattern) predict(x int) int { return x + p.Offsets[x%p.Period] }

// Validate reports the first way p is malformed: a negative value, a period
// outside 1 … MaxPeriodLimit or not matching the offsets, an offset that
// puts a row at Start or beyond in a negative column, exceptions out of
// order or at rows x ≥ Start, or a number beyond 2³⁰ in magnitude.
func (p Pattern) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("pattern for value %d: %s", p.Value, fmt.Sprintf(format, args...))
	}
	switch {
	case p.Value < 0 || p.Value > maxCoord:
		return bad("value out of range")
	case p.Period < 1 || p.Period > MaxPeriodLimit:
		return bad("period %d outside 1…%d", p.Period, MaxPeriodLimit)
	case len(p.Offsets) != p.Period:
		return bad("%d offsets for period %d", len(p.Offsets), p.Period)
	case p.Start < 0 || p.Start > maxCoord:
		return bad("start %d out of range", p.Start)
	case p.ConfirmedTo < -1 || p.ConfirmedTo > maxCoord:
		return bad("confirmed_to %d out of range", p.ConfirmedTo)
	case p.ExceptionsOmitted < 0 || p.ExceptionsOmitted > maxCoord:
		return bad("exceptions_omitted %d out of range", p.ExceptionsOmitted)
	case p.ExceptionsOmitted > 0 && len(p.Exceptions) > 0:
		return bad("%d exceptions listed and %d omitted: omitted exceptions leave the list empty", len(p.Exceptions), p.ExceptionsOmitted)
	}
	for r, d := range p.Offsets {
		if d < -maxCoord || d > maxCoord {
			return bad("offset %d out of range", d)
		}
		// The first row of residue r the rule covers has the smallest y.
		x := p.Start + (r-p.Start%p.Period+p.Period)%p.Period
		if x+d < 0 {
			return bad("offset %d puts row %d in column %d", d, x, x+d)
		}
	}
	for i, c := range p.Exceptions {
		switch {
		case c.X < 0 || c.Y < 0 || c.Y > maxCoord:
			return bad("exception (%d,%d) out of range", c.X, c.Y)
		case c.X >= p.Start:
			return bad("exception (%d,%d) at a row x ≥ start %d", c.X, c.Y, p.Start)
		case i > 0 && compareCells(p.Exceptions[i-1], c) >= 0:
			return bad("exceptions not in increasing (x, y) order at (%d,%d)", c.X, c.Y)
		}
	}
	return nil
}

// compareCells orders cells row-major.
func compareCells(a, b Cell) int { return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y)) }

// XOR returns the nim-sum form of the periodic part of p, if it has one:
// shift s and value c such that, for x ≥ Start, y = x + Offsets[x mod p]
// exactly when (x − s) ⊕ (y − s) = c. Lemma 4(c) of the pass paper is of this
// form, (x−1) ⊕ (y−1) = 3, and so is nim itself, x ⊕ y = v.
//
// It exists only for a period p that is a power of two and a c < p: then
// (x−s) ⊕ c changes only the low bits of x − s, so ((x−s) ⊕ c) − (x−s)
// depends on x mod p alone. The least shift s ≤ min(p−1, Start) that works
// is returned (x − s must not be negative); ok is false if there is none.
func (p Pattern) XOR() (shift, value int, ok bool) {
	if p.Period < 1 || bits.OnesCount(uint(p.Period)) != 1 || len(p.Offsets) != p.Period {
		return 0, 0, false
	}
	m := p.Period - 1
	for s := 0; s <= min(m, p.Start); s++ {
		c := p.Offsets[s&m] // residue of x = s, where x − s = 0
		if c < 0 || c > m {
			continue
		}
		if xorFits(p.Offsets, s, c) {
			return s, c, true
		}
	}
	return 0, 0, false
}

// xorFits reports whether offsets[r] = ((r−s) mod p ⊕ c) − (r−s) mod p for
// every residue r, p = len(offsets) being a power of two.
func xorFits(offsets []int, s, c int) bool {
	m := len(offsets) - 1
	for r, d := range offsets {
		low := (r - s) & m // (x − s) mod p for every x ≡ r
		if low^c-low != d {
			return false
		}
	}
	return true
}
