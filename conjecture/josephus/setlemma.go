package josephus

import (
	"github.com/grundy-lab/grundy/conjecture"
	"strconv"
)

// lemma11Check is Lemma 1.1 of 004, three facts about the sets of
// Definition 1.5, checked from the definition (inSide, seriesOf), for
// s ≤ bound in (i) and (iii) and h ≤ 16·bound in (ii):
//
//	(i)   for h ≤ s − 2, {(2h, j) : h+1 ≤ j ≤ 2^(s−h−1) + h − 1} ⊂ ⋃_{i=h+1}^{s−1} 𝒢_{i,a},
//	      and the same with 2h + 1 and 𝒢_{i,b};
//	(ii)  {(2h, x) : 0 ≤ x ≤ h} and {(2h+1, x) : 0 ≤ x ≤ h} ⊂ ⋃_{i=0}^{h} ⋃_{n=0}^{∞} 𝒢_{i,n};
//	(iii) every (x, y) ∈ 𝒢_{s,a} ∪ 𝒢_{s,b} has x ≤ xCap(s) and y > x/2,
//
// the lemma's xCap(s) being 2s − 1.
func lemma11Check(xCap func(s int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for s := 0; s <= bound; s++ {
				for h := 0; h <= s-2; h++ {
					for x := 2 * h; x <= 2*h+1; x++ {
						for j := h + 1; j <= 1<<(s-h-1)+h-1; j++ {
							f.Checked++
							if !inSideBetween(h+1, s-1, x, j) {
								f.Report(conjecture.Counterexample{At: conjecture.At("s,h,x,y", s, h, x, j),
									Claimed: "∈ ⋃_{i=h+1}^{s−1} 𝒢_{i," + side(x) + "}", Actual: "∉"})
							}
						}
					}
				}
			}
			for h := 0; h <= 16*bound; h++ {
				for x := 2 * h; x <= 2*h+1; x++ {
					for y := 0; y <= h; y++ {
						f.Checked++
						if i, _, ok := seriesOf(x, y); !ok || i > h {
							f.Report(conjecture.Counterexample{At: conjecture.At("h,x,y", h, x, y), Claimed: "∈ ⋃_{i≤h} ⋃_{n≥0} 𝒢_{i,n}", Actual: "∉"})
						}
					}
				}
			}
			for s := 1; s <= bound; s++ {
				for k := 0; k <= s-1; k++ {
					for x := 2 * k; x <= 2*k+1; x++ {
						for y := 1<<(s-k-1) + k; y <= 1<<(s-k)+k-1; y++ {
							f.Checked++
							if x > xCap(s) || 2*y <= x {
								f.Report(conjecture.Counterexample{At: conjecture.At("s,x,y", s, x, y),
									Claimed: "x ≤ " + strconv.Itoa(xCap(s)) + " and y > x/2", Actual: "x = " + strconv.Itoa(x) + ", y = " + strconv.Itoa(y)})
							}
						}
					}
				}
			}
		}}
	}
}

// inSideBetween reports whether (x, y) ∈ 𝒢_{i,a} ∪ 𝒢_{i,b} for some
// lo ≤ i ≤ hi.
func inSideBetween(lo, hi, x, y int) bool {
	for i := lo; i <= hi; i++ {
		if inSide(i, x, y) {
			return true
		}
	}
	return false
}

// side names the part of 𝒢_i a column x belongs to: a for even x, b for odd.
func side(x int) string {
	if x%2 == 0 {
		return "a"
	}
	return "b"
}
