package pattern

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// twoFamiliesReference is TwoFamilies from its definition, with maps and
// divisions: every pair of proper divisors q₁ ≠ q₂ of the period with
// lcm(q₁, q₂) = period, by q₁ + q₂ and then q₁; family 1 the offset most
// of each class mod q₁ has (the least on a tie); the rest one offset per
// class mod q₂; both families non-empty.
func twoFamiliesReference(offsets []int) (Families, bool) {
	p := len(offsets)
	type pair struct{ q1, q2 int }
	var pairs []pair
	for q1 := 2; q1 < p; q1++ {
		for q2 := 2; q2 < p; q2++ {
			if p%q1 == 0 && p%q2 == 0 && q1 != q2 && q1/gcd(q1, q2)*q2 == p {
				pairs = append(pairs, pair{q1, q2})
			}
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return cmp.Or(cmp.Compare(a.q1+a.q2, b.q1+b.q2), cmp.Compare(a.q1, b.q1)) })
	for _, pr := range pairs {
		first := map[int]int{}
		for c := range pr.q1 {
			count := map[int]int{}
			for r := c; r < p; r += pr.q1 {
				count[offsets[r]]++
			}
			best := 0
			for d, k := range count {
				if k > count[best] || (k == count[best] && d < best) || count[best] == 0 {
					best = d
				}
			}
			first[c] = best
		}
		second, n1, ok := map[int]int{}, 0, true
		for r, d := range offsets {
			if d == first[r%pr.q1] {
				n1++
				continue
			}
			if s, seen := second[r%pr.q2]; seen && s != d {
				ok = false
				break
			}
			second[r%pr.q2] = d
		}
		if ok && n1 > 0 && n1 < p {
			return Families{Periods: [2]int{pr.q1, pr.q2}, Residues: [2]int{n1, p - n1}}, true
		}
	}
	return Families{}, false
}

// TestTwoFamiliesMatchesReference compares TwoFamilies with its definition
// on random periods with many divisors: two planted families of periods
// q₁ and q₂ with a few residues changed, and random offsets.
func TestTwoFamiliesMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	periods := []int{4, 6, 12, 24, 30, 36, 48, 60, 72, 112, 120, 144, 180}
	found := 0
	for trial := range 3000 {
		p := periods[rng.IntN(len(periods))]
		offsets := make([]int, p)
		q1, q2 := 1+rng.IntN(p), 1+rng.IntN(p)
		for r := range offsets {
			switch {
			case rng.IntN(3) > 0:
				offsets[r] = r%q1%3 - 1
			default:
				offsets[r] = 5 + r%q2%4
			}
			if rng.IntN(p) == 0 {
				offsets[r] = rng.IntN(9) - 4
			}
		}
		got, gotOK := Pattern{Period: p, Offsets: offsets}.TwoFamilies()
		want, wantOK := twoFamiliesReference(offsets)
		if got != want || gotOK != wantOK {
			t.Fatalf("trial %d, offsets %v: TwoFamilies %+v %v, reference %+v %v", trial, offsets, got, gotOK, want, wantOK)
		}
		if gotOK {
			found++
		}
	}
	if found < 100 {
		t.Errorf("only %d of the trials split into two families: the test does not exercise the splits", found)
	}
}
