package proof

import (
	"context"
	"fmt"
)

// Largest returns the repeat of the largest V ≤ hi whose band state
// repeats within bound rows (X0+P ≤ bound), and false when not even V = 0
// does. Repeating within bound is monotone in V: the state of a smaller
// cap is the larger one's with every set cut to 0 … v (and P stays a
// multiple of the smaller stride), so a repeat of V is one of every
// v < V. So it climbs: V = 0, 1, … until a V does not repeat within bound
// (then V−1 is the answer, and V the first that does not repeat). A search
// that succeeds sweeps about X0+P rows of its V (three times: to find P,
// then both sweeps of the lockstep), far fewer than bound until V nears
// the answer, while a search that fails sweeps all of bound; a bisection
// would fail about log₂(hi) times, the climb fails once.
//
// With opt.Resume it continues the climb from the V of the saved search,
// re-checking exactly the repeat of V−1 the state names, and opt.Save
// receives states that name it. Without it, opt.Known (a certificate's
// repeat, say) is re-checked exactly the same way and the climb goes on
// from its V+1.
func Largest(ctx context.Context, table string, hi int, bound int64, opt Options) (Repeat, bool, error) {
	var best Repeat
	found := false
	v := 0
	var below *KnownRepeat
	switch r := opt.Resume; {
	case r != nil && r.V > 0:
		v, below = r.V, &KnownRepeat{V: r.V - 1, X0: r.BelowX0, P: r.BelowP}
	case r == nil && opt.Known != nil:
		v, below = opt.Known.V+1, opt.Known
	}
	if below != nil {
		rep, err := confirmRepeat(ctx, table, below.V, below.X0, below.P, opt)
		if err != nil {
			return Repeat{}, false, err
		}
		best, found = rep, true
		if opt.Proved != nil {
			opt.Proved(rep)
		}
	}
	save := opt.Save
	for ; v <= hi; v++ {
		o := opt
		if save != nil {
			below := best
			o.Save = func(st *SearchState) error {
				if found {
					st.BelowX0, st.BelowP = below.X0, below.P
				}
				return save(st)
			}
		}
		if opt.Resume != nil && v != opt.Resume.V {
			o.Resume = nil
		}
		rep, ok, err := Search(ctx, table, v, bound, o)
		if err != nil {
			return Repeat{}, false, err
		}
		if !ok {
			break
		}
		best, found = rep, true
		if opt.Proved != nil {
			opt.Proved(rep)
		}
	}
	return best, found, nil
}

// confirmRepeat checks exactly that the state of table with cap v before
// row x0+p is the one before x0 moved p, by sweeping, and returns the
// repeat.
func confirmRepeat(ctx context.Context, table string, v int, x0, p int64, opt Options) (Repeat, error) {
	rules, baseEnd, stride, err := rulesOf(table, v)
	if err != nil {
		return Repeat{}, err
	}
	if x0 < max(baseEnd, 1) || p < 1 || p%stride != 0 || x0+p > MaxBound {
		return Repeat{}, fmt.Errorf("%w: the repeat of V = %d it names, x0 = %d, P = %d, is not one", ErrSearchState, v, x0, p)
	}
	st, ok, err := exactRepeat(ctx, rules, v, x0, x0+p, opt.Config, resweepProgress(opt.Progress, v, x0+p))
	if err != nil {
		return Repeat{}, fmt.Errorf("proof: re-check the repeat of %s, V = %d: %w", table, v, err)
	}
	if !ok {
		return Repeat{}, fmt.Errorf("%w: the state of %s, V = %d, before row %d is not the one before row %d moved", ErrSearchState, table, v, x0+p, x0)
	}
	return Repeat{Table: table, V: v, X0: x0, P: p, Stride: stride, State: st}, nil
}

// resweepProgress is the progress of an exact sweep of the repeat of V = v
// to row end, reported to report, or nil without one.
func resweepProgress(report func(Progress), v int, end int64) func(int64) {
	if report == nil {
		return nil
	}
	return func(rows int64) { report(Progress{V: v, Rows: rows, Limit: end, Resweep: true}) }
}
