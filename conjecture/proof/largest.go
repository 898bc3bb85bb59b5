package proof

import "context"

// Largest returns the repeat of the largest V ≤ hi whose band state
// repeats within bound rows (X0+P ≤ bound), and false when not even V = 0
// does. Repeating within bound is monotone in V: the state of a smaller
// cap is the larger one's with every set cut to 0 … v (and P stays a
// multiple of the smaller stride), so a repeat of V is one of every
// v < V. So a bisection finds it, sweeping about log₂(hi) times.
func Largest(ctx context.Context, table string, hi int, bound int64, opt Options) (Repeat, bool, error) {
	var best Repeat
	found := false
	lo, top := 0, hi // the answer lies in lo … top, or nowhere
	for lo <= top {
		v := lo + (top-lo)/2
		rep, ok, err := Search(ctx, table, v, bound, opt)
		if err != nil {
			return Repeat{}, false, err
		}
		if ok {
			best, found, lo = rep, true, v+1
		} else {
			top = v - 1
		}
	}
	return best, found, nil
}
