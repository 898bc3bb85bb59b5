package conjecture

import (
	"context"
	"fmt"
	"slices"
	"strconv"
)

// ValueCells is a claim "G(x, y) = V if and only if (x, y) ∈ Set". A band
// run of the values 0 … HI, HI ≥ V, knows every cell of value V, so it
// checks such a claim on every row it sweeps, to n = 10⁹ and beyond,
// without the table.
type ValueCells struct {
	V   int32
	Set CellSet
}

// BandCheck checks claims with Cells on the rows of a band run, as they
// come. Use it from one goroutine.
type BandCheck struct {
	claims   []Claim
	findings []*Findings
	n, hi    int64
}

// NewBandCheck prepares the check of claims on the rows of a band run of
// table over 0 ≤ x, y ≤ n with the values 0 … hi, keeping the first cap
// counterexamples of each (DefaultCap if cap ≤ 0). Every claim must be of
// table and have Cells with V ≤ hi; the error names one that is not.
func NewBandCheck(ctx context.Context, claims []Claim, table string, n int64, hi int32, cap int) (*BandCheck, error) {
	if cap <= 0 {
		cap = DefaultCap
	}
	b := &BandCheck{claims: claims, n: n, hi: int64(hi)}
	for _, c := range claims {
		if err := BandCheckable(c, table, hi); err != nil {
			return nil, err
		}
		b.findings = append(b.findings, &Findings{cap: cap, ctx: ctx})
	}
	return b, nil
}

// BandCheckable says why claim c cannot be checked on a band run of table
// with the values 0 … hi, or nil if it can.
func BandCheckable(c Claim, table string, hi int32) error {
	switch {
	case c.Table != table:
		return fmt.Errorf("claim %s reads table %q, not %s", c.ID, c.Table, table)
	case c.Cells == nil:
		return fmt.Errorf("claim %s is not about the cells of one value, which is all a band run knows", c.ID)
	case c.Cells.V > hi:
		return fmt.Errorf("claim %s is about the value %d, above the %d of -values", c.ID, c.Cells.V, hi)
	}
	return nil
}

// Row checks row x, whose cells of value at most hi are ys (increasing)
// with values vs: in both directions, a cell of value V outside the set,
// and a member of the set (y ≤ n) whose value is not V.
func (b *BandCheck) Row(x int64, ys []int64, vs []int32) {
	for i, c := range b.claims {
		f, v := b.findings[i], c.Cells.V
		members := c.Cells.Set(int(x))
		for k, y := range ys {
			if vs[k] != v {
				continue
			}
			if _, in := slices.BinarySearch(members, int(y)); !in {
				f.Report(Counterexample{At: At("x,y", int(x), int(y)), Claimed: "≠ " + Itoa32(v), Actual: Itoa32(v)})
			}
		}
		for _, y := range members {
			if int64(y) > b.n {
				break
			}
			k, in := slices.BinarySearch(ys, int64(y))
			switch {
			case !in:
				f.Report(Counterexample{At: At("x,y", int(x), y), Claimed: Itoa32(v), Actual: "> " + strconv.FormatInt(b.hi, 10)})
			case vs[k] != v:
				f.Report(Counterexample{At: At("x,y", int(x), y), Claimed: Itoa32(v), Actual: Itoa32(vs[k])})
			}
		}
		f.Checked += b.n + 1
	}
}

// Reports are the claims' reports after the rows checked so far.
func (b *BandCheck) Reports() []Report {
	reports := make([]Report, len(b.claims))
	for i, c := range b.claims {
		reports[i] = newReport(c)
		reports[i].CheckedOn = fmt.Sprintf("table %s, every cell of rows 0 … %d of a band run (the cells of value %d are all among its cells)",
			c.Table, b.rowsChecked(i), c.Cells.V)
		reports[i].record(b.findings[i])
	}
	return reports
}

// rowsChecked is the last row checked for claim i.
func (b *BandCheck) rowsChecked(i int) int64 { return b.findings[i].Checked/(b.n+1) - 1 }
