package proof

import (
	"context"
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/engine/band"
)

// ValuePattern is what a repeat proves of one value v ≤ V: for every row
// x ≥ Start, the cell of value v in row x + Period is the one of row x
// moved Period along the diagonal, and Start is the least such row.
// Period is the least such period; it divides the repeat's P (two periods
// of an infinite sequence have their gcd as a period). Offsets[i] is the
// y − x of the cell of value v in the rows x ≥ Start with x mod Period = i,
// as package pattern writes them. Exceptions are the rows below Start
// whose cell of v is not where the period puts it, or that hold v more
// than once (a game file's prescribed cells: every row from Start on holds
// the one cell the period puts there), in increasing row, the first
// MaxExceptions of them; Omitted counts the rest.
type ValuePattern struct {
	Value      int         `json:"value"`
	Period     int64       `json:"period"`
	Start      int64       `json:"start"`
	Offsets    []int64     `json:"offsets"`
	Exceptions []Exception `json:"exceptions,omitempty"`
	Omitted    int64       `json:"omitted,omitempty"`
}

// Exception is a row X below a pattern's start and the y − x of its cell
// of the value, NoCell when the row has none, or SeveralCells when it has
// more than one.
type Exception struct {
	X      int64 `json:"x"`
	Offset int64 `json:"offset"`
}

// NoCell is the offset of an Exception whose row has no cell of the value
// (only rows of base cells can lack one).
const NoCell = math.MinInt64

// SeveralCells is the offset of an Exception whose row holds the value
// more than once: only a row of base cells can, a cell prescribed with a
// value the row has left of it.
const SeveralCells = math.MinInt64 + 1

// MaxExceptions bounds the exceptions a ValuePattern lists.
const MaxExceptions = 10000

// maxOffsets bounds the offsets Patterns returns in all: the sum of the
// least periods of the values 0 … V (8 bytes each).
const maxOffsets = 1 << 26

// Patterns returns the pattern of every value 0 … V that rep proves, from
// sweeps that hold O(V) whatever X0 and P (no row index):
//
//   - the least period of each v: the offsets of v from row X0 on are
//     periodic with period P, so its least period q divides P, and P/p^k
//     (p a prime of P) is a period exactly when q divides it; so q is P
//     divided, for each prime p^e of P, by the largest p^k (k ≤ e) such
//     that rows X0 … X0+P−1 repeat P/p^k rows later, all values tested at
//     once by two sweeps in lockstep P/p^k rows apart, one pass per k;
//   - the least start and the exceptions: with the least period q, the
//     offsets are periodic from s exactly when they are with P from s (a
//     sequence periodic with P from s whose tail has period q has period q
//     from s), so the exceptions are the rows x < X0 whose cell differs
//     from that of row x + mP (mP ≥ X0, where the period holds) or that
//     hold the value more than once (rows of base cells, before X0: the
//     rows from X0 on hold it once), and the start is one past the last of
//     them;
//   - the offsets: rows X0 … X0+q−1.
//
// Every comparison is of the cells themselves, exactly. It fails if the
// periods' offsets exceed maxOffsets in all.
func Patterns(ctx context.Context, rep Repeat, cfg band.Config) ([]ValuePattern, error) {
	rules, _, _, err := rulesOf(rep.Table, rep.V)
	if err != nil {
		return nil, err
	}
	ps := &patternSweeps{rules: rules, rep: rep, cfg: cfg, width: rep.V + 1}
	periods, err := ps.leastPeriods(ctx)
	if err != nil {
		return nil, fmt.Errorf("proof: the patterns of %s, V = %d: %w", rep.Table, rep.V, err)
	}
	patterns, err := ps.startsAndOffsets(ctx, periods)
	if err != nil {
		return nil, fmt.Errorf("proof: the patterns of %s, V = %d: %w", rep.Table, rep.V, err)
	}
	return patterns, nil
}

// patternSweeps are the sweeps Patterns compares.
type patternSweeps struct {
	rules band.Rules
	rep   Repeat
	cfg   band.Config
	width int
}

// leastPeriods returns the least period of each value from row X0 on.
func (ps *patternSweeps) leastPeriods(ctx context.Context) ([]int64, error) {
	periods := make([]int64, ps.width)
	for v := range periods {
		periods[v] = ps.rep.P
	}
	for _, f := range primeFactors(ps.rep.P) {
		open := make([]bool, ps.width) // p's power in the period may still drop
		for v := range open {
			open[v] = true
		}
		d := ps.rep.P
		for range f.exp {
			d /= f.prime
			repeats, err := ps.repeatsFromX0(ctx, d, open)
			if err != nil {
				return nil, err
			}
			for v := range open {
				if open[v] = open[v] && repeats[v]; open[v] {
					periods[v] /= f.prime
				}
			}
		}
	}
	return periods, nil
}

// repeatsFromX0 reports, for each value v with ask[v], whether rows X0 …
// X0+P−1 hold its cell where rows X0+d … X0+d+P−1 do, moved d back.
func (ps *patternSweeps) repeatsFromX0(ctx context.Context, d int64, ask []bool) ([]bool, error) {
	repeats := append([]bool(nil), ask...)
	a, err := ps.from(ctx, ps.rep.State, ps.rep.X0)
	if err != nil {
		return nil, err
	}
	b, err := ps.from(ctx, ps.rep.State, ps.rep.X0+d)
	if err != nil {
		return nil, err
	}
	end := ps.rep.X0 + ps.rep.P
	for x := ps.rep.X0; x < end; {
		next := min(x+offsetChunk, end)
		ra, rb, err := lockstep(ctx, a, b, next, d)
		if err != nil {
			return nil, err
		}
		left := false
		for v, r := range repeats {
			for i := v; r && i < len(ra); i += ps.width {
				r = ra[i] == rb[i]
			}
			repeats[v] = r
			left = left || r
		}
		if !left {
			break
		}
		x = next
	}
	return repeats, nil
}

// startsAndOffsets compares rows 0 … X0−1 with rows mP later (mP ≥ X0)
// for the exceptions and starts, and reads each value's offsets from rows
// X0 … X0+q−1.
func (ps *patternSweeps) startsAndOffsets(ctx context.Context, periods []int64) ([]ValuePattern, error) {
	patterns := make([]ValuePattern, ps.width)
	total := int64(0)
	for v, q := range periods {
		total += q
		patterns[v] = ValuePattern{Value: v, Period: q, Offsets: make([]int64, 0, min(q, maxOffsets))}
	}
	if total > maxOffsets {
		return nil, fmt.Errorf("their least periods sum to %d offsets, beyond %d", total, maxOffsets)
	}
	x0, p := ps.rep.X0, ps.rep.P
	a, err := ps.from(ctx, band.State{}, 0)
	if err != nil {
		return nil, err
	}
	shift := p * max(1, (x0+p-1)/p)
	b, err := ps.from(ctx, band.State{}, shift)
	if err != nil {
		return nil, err
	}
	for x := int64(0); x < x0; {
		next := min(x+offsetChunk, x0)
		ra, rb, err := lockstep(ctx, a, b, next, shift)
		if err != nil {
			return nil, err
		}
		for i := range ra {
			if ra[i] == rb[i] && ra[i] != SeveralCells {
				continue
			}
			vp := &patterns[i%ps.width]
			row := x + int64(i/ps.width)
			vp.Start = row + 1
			if len(vp.Exceptions) < MaxExceptions {
				vp.Exceptions = append(vp.Exceptions, Exception{X: row, Offset: ra[i]})
			} else {
				vp.Omitted++
			}
		}
		x = next
	}
	longest := int64(0)
	for _, q := range periods {
		longest = max(longest, q)
	}
	for x := x0; x < x0+longest; {
		next := min(x+offsetChunk, x0+longest)
		ra, err := a.rows(ctx, next)
		if err != nil {
			return nil, err
		}
		for i, off := range ra {
			vp := &patterns[i%ps.width]
			if int64(len(vp.Offsets)) == vp.Period {
				continue
			}
			switch off {
			case NoCell:
				return nil, fmt.Errorf("row %d, past x0 = %d, has no cell of %d", x+int64(i/ps.width), x0, vp.Value)
			case SeveralCells:
				return nil, fmt.Errorf("row %d, past x0 = %d, has %d more than once", x+int64(i/ps.width), x0, vp.Value)
			}
			vp.Offsets = append(vp.Offsets, off)
		}
		x = next
	}
	for v := range patterns { // Offsets[i] is of the rows x ≡ i: rotate rows x0 … x0+q−1 into place
		vp := &patterns[v]
		r := int(x0 % vp.Period)
		vp.Offsets = append(vp.Offsets[len(vp.Offsets)-r:], vp.Offsets[:len(vp.Offsets)-r]...)
	}
	return patterns, nil
}

// offsetChunk is the rows an offset sweep hands over at a time.
const offsetChunk = 1 << 12

// offsetSweep is a band sweep that hands over the rows' offsets: y − x of
// each value's cell, NoCell where a row has none and SeveralCells where it
// has more than one, V+1 a row.
type offsetSweep struct {
	sw    *band.Sweeper
	width int
	buf   []int64
}

// from starts an offset sweep from st (the zero State: row 0) and runs it
// to row until.
func (ps *patternSweeps) from(ctx context.Context, st band.State, until int64) (*offsetSweep, error) {
	var sw *band.Sweeper
	var err error
	if st.Next == 0 {
		sw, err = band.New(ps.rules, ps.rep.State.N, ps.rep.V, ps.cfg)
	} else {
		sw, err = band.Resume(ps.rules, ps.rep.State.N, ps.rep.V, ps.cfg, st)
	}
	if err != nil {
		return nil, err
	}
	o := &offsetSweep{sw: sw, width: ps.width}
	if err := sw.Run(ctx, until, func(band.Rows) error { return nil }); err != nil {
		return nil, err
	}
	return o, nil
}

// rows sweeps on to row until and returns the offsets of the rows swept,
// row after row; they are valid until the next call.
func (o *offsetSweep) rows(ctx context.Context, until int64) ([]int64, error) {
	from := o.sw.Next()
	o.buf = o.buf[:0]
	for range (until - from) * int64(o.width) {
		o.buf = append(o.buf, NoCell)
	}
	err := o.sw.Run(ctx, until, func(r band.Rows) error {
		for i := range r.Len() {
			x := r.X0 + int64(i)
			row := o.buf[(x-from)*int64(o.width):]
			for k := r.Start[i]; k < r.Start[i+1]; k++ {
				if row[r.Value[k]] == NoCell {
					row[r.Value[k]] = r.Y[k] - x
				} else {
					row[r.Value[k]] = SeveralCells
				}
			}
		}
		return nil
	})
	return o.buf, err
}

// lockstep runs a on to row until and b on to row until+shift, and
// returns the offsets of the rows each swept.
func lockstep(ctx context.Context, a, b *offsetSweep, until, shift int64) (ra, rb []int64, err error) {
	if ra, err = a.rows(ctx, until); err != nil {
		return nil, nil, err
	}
	rb, err = b.rows(ctx, until+shift)
	return ra, rb, err
}

// primePower is a prime and its exponent in a number.
type primePower struct {
	prime int64
	exp   int
}

// primeFactors returns the prime powers of n ≥ 1, by trial division.
func primeFactors(n int64) []primePower {
	var fs []primePower
	for p := int64(2); p*p <= n; p++ {
		if n%p != 0 {
			continue
		}
		f := primePower{prime: p}
		for n%p == 0 {
			n /= p
			f.exp++
		}
		fs = append(fs, f)
	}
	if n > 1 {
		fs = append(fs, primePower{prime: n, exp: 1})
	}
	return fs
}
