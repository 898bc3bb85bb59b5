package pattern

import (
	"fmt"
	"math"
	"slices"
)

// Violation is a cell where a table contradicts a pattern.
type Violation struct {
	Cell  Cell `json:"cell"`
	Value int  `json:"value"`
	// Missing is true when the pattern puts Value at Cell and the table
	// does not, false when the table has Value at Cell and the pattern
	// does not put it there.
	Missing bool `json:"missing"`
}

// String names the cell and what is wrong with it.
func (v Violation) String() string {
	if v.Missing {
		return fmt.Sprintf("G(%d,%d) ≠ %d, but the pattern puts %d there", v.Cell.X, v.Cell.Y, v.Value, v.Value)
	}
	return fmt.Sprintf("G(%d,%d) = %d, but the pattern does not put %d there", v.Cell.X, v.Cell.Y, v.Value, v.Value)
}

// Verdict is the outcome of checking a pattern against a table.
type Verdict struct {
	// ConfirmedTo is the last row x such that every row up to x agrees
	// with the pattern and has its predicted cells inside the table; −1 if
	// row 0 does not.
	ConfirmedTo int
	// Violations are the contradicting cells, in row-major order; none
	// means the pattern holds on every row the table can decide.
	Violations []Violation
}

// Check compares pattern p with the indexed table row by row and returns
// where they disagree. A predicted cell beyond column n is missing data, not
// a violation: it only ends the confirmed rows, as does a row below Start
// without exceptions, whose lack of the value no finite table can confirm.
// It fails if p is malformed or its value is not in the index.
func Check(idx *Index, p Pattern) (Verdict, error) {
	if err := p.Validate(); err != nil {
		return Verdict{}, err
	}
	if !idx.holds(p.Value) {
		return Verdict{}, fmt.Errorf("pattern: value %d is not in the index (%d…%d)", p.Value, idx.minValue, idx.maxValue)
	}
	return check(idx.column(p.Value), p, idx.rows)
}

// check is Check on the first rows rows of col, the column of p's value.
func check(col column, p Pattern, rows int) (Verdict, error) {
	if err := p.Validate(); err != nil {
		return Verdict{}, err
	}
	verdict := Verdict{ConfirmedTo: -1}
	confirming := true
	var want, got []int
	exceptions := p.Exceptions
	// Most rows hold exactly the one cell the pattern puts there, inside
	// the table: such a row is confirmed without forming the lists below.
	// The rows up to the last with extra cells (a game file's prescribed
	// cells repeating a value of their row, in its first rows) take the
	// lists.
	simpleFrom := col.repeatFloor(math.MaxInt)
	residue := 0 // x mod p.Period, for the rows from p.Start on
	for x := range rows {
		if x == p.Start {
			residue = p.Start % p.Period
		}
		if x >= simpleFrom {
			if d := col.d[x]; d != absent && x+int(d) <= col.n {
				y := x + int(d)
				var agrees bool
				switch {
				case x >= p.Start:
					agrees = int(d) == p.Offsets[residue]
				case p.ExceptionsOmitted > 0:
					continue // the pattern does not state these rows
				default:
					// The row's exceptions are one cell, this one.
					for len(exceptions) > 0 && exceptions[0].X < x {
						exceptions = exceptions[1:]
					}
					agrees = len(exceptions) > 0 && exceptions[0] == Cell{x, y} &&
						(len(exceptions) == 1 || exceptions[1].X > x)
				}
				if agrees {
					if x >= p.Start {
						residue = nextResidue(residue, p.Period)
					}
					if confirming {
						verdict.ConfirmedTo = x
					}
					continue
				}
			}
		}
		if x >= p.Start {
			residue = nextResidue(residue, p.Period)
		}
		if x < p.Start && p.ExceptionsOmitted > 0 {
			continue // the pattern does not state these rows
		}
		// want: the columns the pattern puts p.Value in, in row x.
		want = want[:0]
		if x < p.Start {
			for len(exceptions) > 0 && exceptions[0].X <= x {
				if exceptions[0].X == x {
					want = append(want, exceptions[0].Y)
				}
				exceptions = exceptions[1:]
			}
		} else {
			want = append(want, p.predict(x))
		}
		got = col.cells(got, x)
		before := len(verdict.Violations)
		// A row the pattern leaves without the value cannot be confirmed:
		// the value may lie beyond column n.
		inside := len(want) > 0
		for _, y := range want {
			switch {
			case y > col.n:
				inside = false
			case !slices.Contains(got, y):
				verdict.Violations = append(verdict.Violations, Violation{Cell{x, y}, p.Value, true})
			}
		}
		for _, y := range got {
			if !slices.Contains(want, y) {
				verdict.Violations = append(verdict.Violations, Violation{Cell{x, y}, p.Value, false})
			}
		}
		slices.SortFunc(verdict.Violations[before:], func(a, b Violation) int { return compareCells(a.Cell, b.Cell) })
		confirming = confirming && inside && len(verdict.Violations) == before
		if confirming {
			verdict.ConfirmedTo = x
		}
	}
	return verdict, nil
}

// nextResidue is (r + 1) mod period for 0 ≤ r < period, without the
// division that would cost more than the rest of a row's check.
func nextResidue(r, period int) int {
	if r++; r == period {
		return 0
	}
	return r
}
