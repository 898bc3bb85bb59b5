package josephus

import (
	"github.com/grundy-lab/grundy/conjecture"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 004 about the Josephus problem (Section 2), checked on the
// elimination order found by simulating the circle (solver.JosephusOrder).
// F_s(v) = e_{v−s} is the s-th number removed counting back from the last
// one left (Definition 2.1), defined for 0 ≤ s ≤ v − 1.

// josephusF returns F_s(v) for 1 ≤ v ≤ maxV, from the simulated orders.
func josephusF(maxV int) func(s, v int) int {
	orders := make([][]int, maxV+1)
	for v := 1; v <= maxV; v++ {
		orders[v] = solver.JosephusOrder(v)
	}
	return func(s, v int) int { return orders[v][v-s-1] }
}

// josephusClaim is a claimed value of F_s(v), given F for the recursions;
// ok is false where the statement says nothing about F_s(v).
type josephusClaim func(F func(s, v int) int, s, v int) (want int, ok bool)

// lemma21 is Lemma 2.1: F_s(s + k) = 2k for 1 ≤ k ≤ s (42), and
// F_s(2s + 1) = 1 (43).
func lemma21(_ func(s, v int) int, s, v int) (int, bool) {
	switch k := v - s; {
	case 1 <= k && k <= s:
		return 2 * k, true
	case v == 2*s+1:
		return 1, true
	}
	return 0, false
}

// lemma22 is Lemma 2.2: F_s(2v) = 2F_s(v) − 1 (45) and
// F_s(2v + 1) = 2F_s(v) + 1 (46), read where the right side is defined,
// v ≥ 1 and s ≤ v − 1 (F_s(v) is defined for s = 0, …, v − 1 only).
func lemma22(F func(s, v int) int, s, w int) (int, bool) {
	v := w / 2
	if v < 1 || s > v-1 {
		return 0, false
	}
	if w%2 == 0 {
		return 2*F(s, v) - 1, true
	}
	return 2*F(s, v) + 1, true
}

// theorem21 is Theorem 2.1: if v = (2s+1)·2ⁿ + m with s, n, m ≥ 0 and
// 0 ≤ m ≤ (2s+1)·2ⁿ − 1, then F_s(v) = 2m + 1. For v ≥ 2s + 1 exactly one
// n fits: the largest with (2s+1)·2ⁿ ≤ v.
func theorem21(_ func(s, v int) int, s, v int) (int, bool) {
	c := 2*s + 1
	if v < c {
		return 0, false
	}
	for 2*c <= v {
		c *= 2
	}
	return 2*(v-c) + 1, true
}

// josephusCheck compares F_s(v) with claimed for every 1 ≤ v ≤ bound and
// 0 ≤ s ≤ v − 1 the claim speaks of.
func josephusCheck(claimed josephusClaim) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			F := josephusF(bound)
			for v := 1; v <= bound; v++ {
				for s := range v {
					want, ok := claimed(F, s, v)
					if !ok {
						continue
					}
					f.Checked++
					if got := F(s, v); got != want {
						f.Report(conjecture.Counterexample{At: conjecture.At("s,v", s, v), Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
					}
				}
			}
		}}
	}
}

// theorem22Check is Theorem 2.2: for (x, y) ∈ 𝒢_{s,n}, F_s(x+1) = 2y+1 + shift
// (the theorem has shift = 0); checked on every (x, y) with x + 1 ≤ bound
// that lies in some 𝒢_{s,n}, n ≥ 0.
func theorem22Check(shift int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			F := josephusF(bound)
			for x := 0; x+1 <= bound; x++ {
				for y := 0; 2*y <= x; y++ {
					s, _, ok := seriesOf(x, y)
					if !ok {
						continue
					}
					f.Checked++
					if want, got := 2*y+1+shift, F(s, x+1); got != want {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, s), Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
					}
				}
			}
		}}
	}
}
