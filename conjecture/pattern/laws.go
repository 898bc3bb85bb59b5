package pattern

import (
	"fmt"
	"math/bits"
	"strings"
)

// Law is a rule for the period as a function of the value, checked on every
// value of a search: Holds are the values with a pattern whose period it
// gives, Exceptions those with a pattern whose period it does not; values
// without a pattern, or outside the law's range, are in neither list.
type Law struct {
	Law        string `json:"law"`
	Holds      []int  `json:"holds"`
	Exceptions []int  `json:"exceptions"`
}

// String states the law with the values it holds for and its exceptions.
func (l Law) String() string {
	s := fmt.Sprintf("%s: holds for v ∈ %s", l.Law, valueSet(l.Holds))
	if len(l.Exceptions) > 0 {
		s += fmt.Sprintf(", fails for v ∈ %s", valueSet(l.Exceptions))
	}
	return s
}

// minLawValues is the least number of values a law must hold for; it must
// also hold for more values than it fails for.
const minLawValues = 3

// minClassLaw is the least number of values a law within one class
// v ≡ r (mod k) must hold for: fitted through two values of a small class,
// a line meets a third by chance too often.
const minClassLaw = 4

// minStructuralLaw is the least number of values an lcm law must hold for;
// such a law names a structure (two families), so it is kept even when it
// fails for most values, its exceptions listed.
const minStructuralLaw = 6

// FindLaws searches the periods of the found patterns among results for
// laws in v, and checks each on every value with a pattern:
//
//   - p(v) = 2^⌈log₂(v+1)⌉, the period of nim;
//   - p(v) = a·v + b, the affine law holding for the most values, and the
//     same within each class v ≡ r (mod k), k = 2, 3, 4;
//   - p(v) = lcm(m, m + s) with m = s·⌊(v − b)/s⌋, s = 2 or 4, the b that
//     holds most: the period of two interleaved families of periods m and
//     m + s (G₋₁ v = 14, 15: lcm(14, 16) = 112; G*₋₁ v = 21…24: lcm(20, 24));
//   - runs of consecutive values with one period, p(v) = c for a ≤ v ≤ b;
//   - doubling: runs of values whose successive distinct periods double.
//
// A law is kept if it holds for at least minLawValues values (minClassLaw
// within a class) and for more values than it fails for; an lcm law if it
// holds for minStructuralLaw.
func FindLaws(results []Result) []Law {
	var vs, ps []int
	for _, r := range results {
		if r.Found {
			vs, ps = append(vs, r.Value), append(ps, r.Period)
		}
	}
	var laws []Law
	keep := func(name string, period func(v int) (int, bool), only func(v int) bool, minHolds int, majority bool) {
		l := Law{Law: name, Holds: []int{}, Exceptions: []int{}}
		for i, v := range vs {
			if only != nil && !only(v) {
				continue
			}
			switch p, ok := period(v); {
			case !ok: // the law says nothing about v
			case p == ps[i]:
				l.Holds = append(l.Holds, v)
			default:
				l.Exceptions = append(l.Exceptions, v)
			}
		}
		if len(l.Holds) >= minHolds && (!majority || len(l.Holds) > len(l.Exceptions)) {
			laws = append(laws, l)
		}
	}
	keep("p(v) = 2^⌈log₂(v+1)⌉", func(v int) (int, bool) { return 1 << bits.Len(uint(v)), true }, nil, minLawValues, true)
	all := func(int) bool { return true }
	if a, b, ok := bestAffine(vs, ps, all); ok {
		keep(affineName(a, b, ""), affine(a, b), nil, minLawValues, true)
	}
	for k := 2; k <= 4; k++ {
		for r := range k {
			class := func(v int) bool { return v%k == r }
			if a, b, ok := bestAffine(vs, ps, class); ok {
				keep(affineName(a, b, fmt.Sprintf(" for v ≡ %d (mod %d)", r, k)), affine(a, b), class, minClassLaw, true)
			}
		}
	}
	for _, step := range []int{2, 4} {
		best, bestHolds := -1, 0
		for shift := range step {
			holds := 0
			for i, v := range vs {
				if p, ok := lcmLaw(step, shift)(v); ok && p == ps[i] {
					holds++
				}
			}
			if holds > bestHolds {
				best, bestHolds = shift, holds
			}
		}
		if best >= 0 {
			keep(lcmLawName(step, best), lcmLaw(step, best), nil, minStructuralLaw, false)
		}
	}
	laws = append(laws, constantRuns(vs, ps)...)
	return append(laws, doublingRuns(vs, ps)...)
}

// lcmLaw is the law p(v) = lcm(m, m + step) with m = step·⌊(v − shift)/step⌋,
// which says nothing about v < shift + step (m must be positive).
func lcmLaw(step, shift int) func(int) (int, bool) {
	return func(v int) (int, bool) {
		if v < shift+step {
			return 0, false
		}
		m := step * ((v - shift) / step)
		return m / gcd(m, m+step) * (m + step), true
	}
}

// lcmLawName writes the law of lcmLaw.
func lcmLawName(step, shift int) string {
	floor := fmt.Sprintf("⌊v/%d⌋", step)
	if shift > 0 {
		floor = fmt.Sprintf("⌊(v−%d)/%d⌋", shift, step)
	}
	return fmt.Sprintf("p(v) = lcm(m, m + %d) with m = %d%s, v ≥ %d", step, step, floor, shift+step)
}

// affine is the law p(v) = a·v + b.
func affine(a, b int) func(int) (int, bool) {
	return func(v int) (int, bool) { return a*v + b, true }
}

// affineName writes "p(v) = a·v + b" and a qualifier.
func affineName(a, b int, qualifier string) string {
	coefficient := fmt.Sprintf("%d·", a)
	if a == 1 {
		coefficient = ""
	}
	return fmt.Sprintf("p(v) = %sv%s%s", coefficient, signedTerm(b), qualifier)
}

// bestAffine returns the affine law a·v + b, a ≥ 1, through two of the
// points (v, p) with in(v) that holds for the most of them (ties: the
// smallest a), if one holds for at least minLawValues.
func bestAffine(vs, ps []int, in func(int) bool) (a, b int, ok bool) {
	best := 0
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			dv, dp := vs[j]-vs[i], ps[j]-ps[i]
			if !in(vs[i]) || !in(vs[j]) || dp <= 0 || dp%dv != 0 {
				continue
			}
			ca, cb := dp/dv, ps[i]-dp/dv*vs[i]
			count := 0
			for k := range vs {
				if in(vs[k]) && ca*vs[k]+cb == ps[k] {
					count++
				}
			}
			if count > best || (count == best && ca < a) {
				a, b, best = ca, cb, count
			}
		}
	}
	return a, b, best >= minLawValues
}

// constantRuns returns, for each maximal run of at least minLawValues
// consecutive values with a pattern of one period c, the law p(v) = c
// there.
func constantRuns(vs, ps []int) []Law {
	var laws []Law
	for i := 0; i < len(vs); {
		j := i
		for j+1 < len(vs) && vs[j+1] == vs[j]+1 && ps[j+1] == ps[i] {
			j++
		}
		if j-i+1 >= minLawValues {
			laws = append(laws, Law{Law: fmt.Sprintf("p(v) = %d for %d ≤ v ≤ %d", ps[i], vs[i], vs[j]),
				Holds: append([]int{}, vs[i:j+1]...), Exceptions: []int{}})
		}
		i = j + 1
	}
	return laws
}

// doublingRuns returns the maximal runs of consecutive values with a
// pattern over which the period never decreases and each change doubles
// it, with at least two doublings: p = c, 2c, 4c, ….
func doublingRuns(vs, ps []int) []Law {
	var laws []Law
	for i := 0; i < len(vs); {
		j, doublings := i, 0
		for j+1 < len(vs) && vs[j+1] == vs[j]+1 && (ps[j+1] == ps[j] || ps[j+1] == 2*ps[j]) {
			if ps[j+1] == 2*ps[j] {
				doublings++
			}
			j++
		}
		if doublings >= 2 {
			var steps []string
			for k := i; k <= j; k++ {
				if k == i || ps[k] != ps[k-1] {
					steps = append(steps, fmt.Sprintf("%d from v = %d", ps[k], vs[k]))
				}
			}
			laws = append(laws, Law{Law: "the period doubles: " + strings.Join(steps, ", "),
				Holds: append([]int{}, vs[i:j+1]...), Exceptions: []int{}})
		}
		i = max(j, i+1) // the run's last value may start the next run
	}
	return laws
}

// valueSet writes values as "{0…3, 5, 7…9}".
func valueSet(vs []int) string { return "{" + valueRuns(vs, "…") + "}" }
