package josephus

import (
	"github.com/grundy-lab/grundy/conjecture"
	"math/bits"
	"slices"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of Takahashi, Manabe, Murakami, Miyadera, "Josephus Nim"
// (seed 004) about the game: Lemmas 1.2–1.4 and Theorem 1.1 on the sets
// 𝒢_s, and the abstract's link to the Josephus problem. They are checked
// on the Josephus Nim solver (solver.JosephusNim, whose options are the
// move set move(x, y) of Definition 1.3 derived from Definition 1.1) over
// the box 0 ≤ x, y ≤ bound; every option of a position in the box is in
// the box.

// Citation names the paper in reports and claim sources: authors, title
// and arXiv id. (Its text is ../shared/seeds/004_ea52c3d5708f4657.txt.)
const Citation = "Takahashi, Manabe, Murakami, Miyadera, Josephus Nim (arXiv 2312.02477)"

// josephusSource is a label of seed 004.
func josephusSource(label string) conjecture.Source {
	return conjecture.Source{Paper: Citation, Label: label}
}

// josephusBox is Josephus Nim solved on 0 ≤ x, y ≤ n, with the sets 𝒢_s
// of one reading: in[x][y] lists the s with (x, y) ∈ 𝒢_s, and reach[x][y]
// the s with some option of (x, y) in 𝒢_s.
type josephusBox struct {
	g     [][]int32
	in    [][][]int
	reach [][][]int
}

func newJosephusBox(n int, sets setFamily) josephusBox {
	b := josephusBox{g: solver.JosephusNim.Grundy(n), in: make([][][]int, n+1), reach: make([][][]int, n+1)}
	for x := range b.in {
		b.in[x] = make([][]int, n+1)
		for y := range b.in[x] {
			b.in[x][y] = sets(x, y)
		}
	}
	for x := range b.reach {
		b.reach[x] = make([][]int, n+1)
		for y := range b.reach[x] {
			var r []int
			for _, o := range solver.JosephusNim.Options(x, y) {
				r = append(r, b.in[o[0]][o[1]]...)
			}
			slices.Sort(r)
			b.reach[x][y] = slices.Compact(r)
		}
	}
	return b
}

// each calls fn for every position of the box.
func (b josephusBox) each(fn func(x, y int)) {
	for x := range b.g {
		for y := range b.g[x] {
			fn(x, y)
		}
	}
}

// lemma12Check is Lemma 1.2: if (x, y) ∈ 𝒢_s, no option of (x, y) is in
// 𝒢_s; each option that is is reported.
func lemma12Check(sets setFamily) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			b := newJosephusBox(bound, sets)
			b.each(func(x, y int) {
				for _, s := range b.in[x][y] {
					f.Checked++
					if !slices.Contains(b.reach[x][y], s) {
						continue
					}
					for _, o := range solver.JosephusNim.Options(x, y) {
						if slices.Contains(b.in[o[0]][o[1]], s) {
							f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s,x',y'", x, y, s, o[0], o[1]),
								Claimed: "move(x, y) ∩ 𝒢_s = ∅", Actual: "(x', y') ∈ move(x, y) ∩ 𝒢_s"})
						}
					}
				}
			})
		}}
	}
}

// reachCheck checks "move(x, y) ∩ 𝒢_s ≠ ∅" at every position of the box
// for every s that cases yields for it: the s where the lemma's hypothesis
// holds, given in, the s with (x, y) ∈ 𝒢_s.
func reachCheck(sets setFamily, cases func(x, y int, in []int, yield func(s int))) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			b := newJosephusBox(bound, sets)
			b.each(func(x, y int) {
				cases(x, y, b.in[x][y], func(s int) {
					f.Checked++
					if !slices.Contains(b.reach[x][y], s) {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y,s", x, y, s), Claimed: "move(x, y) ∩ 𝒢_s ≠ ∅", Actual: "= ∅"})
					}
				})
			})
		}}
	}
}

// lemma13Check is Lemma 1.3: if (x, y) ∉ 𝒢_s and x ≥ 2s, some option of
// (x, y) is in 𝒢_s; checked for every s ≤ x/2.
func lemma13Check(sets setFamily) func(int) conjecture.Checker {
	return reachCheck(sets, func(x, y int, in []int, yield func(s int)) {
		for s := 0; 2*s <= x; s++ {
			if !slices.Contains(in, s) {
				yield(s)
			}
		}
	})
}

// lemma14Check is Lemma 1.4: if (x, y) ∉ 𝒢_0 ∪ … ∪ 𝒢_s and x ≤ 2s − 1,
// some option of (x, y) is in 𝒢_s. The lemma quantifies over every s ≥
// (x+1)/2; s is checked up to top = ⌊x/2⌋ + bitlen(y) + 1. Beyond top no
// option (a, b) of (x, y) can be in 𝒢_s: 𝒢_{s,n} needs a ≥ 2s > x, and
// 𝒢_{s,a} ∪ 𝒢_{s,b} needs b ≥ 2^(s−⌊a/2⌋−1) > y. Likewise (x, y) is in no
// 𝒢_i with i ≥ top, so the hypothesis holds at top exactly when (x, y) is
// in no 𝒢_i at all, and then at every s ≥ top: such a position is
// reported once, at s = top, standing for all of them.
func lemma14Check(sets setFamily) func(int) conjecture.Checker {
	return reachCheck(sets, func(x, y int, in []int, yield func(s int)) {
		top := x/2 + bits.Len(uint(y)) + 1
		for s := x/2 + 1; s <= top; s++ { // x ≤ 2s − 1
			if len(in) > 0 && in[0] <= s {
				return // in 𝒢_i for some i ≤ s, and so for every larger s
			}
			yield(s)
		}
	})
}

// theorem11Check is Theorem 1.1: 𝒢_s is the set of positions of Grundy
// number s, for every s. A position in 𝒢_s of another value is reported
// as claimed s; a position of value g outside 𝒢_g as claimed ≠ g.
func theorem11Check(sets setFamily) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			b := newJosephusBox(bound, sets)
			b.each(func(x, y int) {
				f.Checked++
				g := int(b.g[x][y])
				for _, s := range b.in[x][y] {
					if s != g {
						f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: strconv.Itoa(s), Actual: strconv.Itoa(g)})
					}
				}
				if !slices.Contains(b.in[x][y], g) {
					f.Report(conjecture.Counterexample{At: conjecture.At("x,y", x, y), Claimed: "≠ " + strconv.Itoa(g), Actual: strconv.Itoa(g)})
				}
			})
		}}
	}
}

// abstractCheck is the abstract's "when (n, m) is a previous player's
// winning position, 2m + 1 is the last remaining number of the Josephus
// problem, where there are n numbers": for every P-position (n, m) of the
// box with n ≥ 1 (the problem needs a number), the last number left of
// 1, …, n + extra equals 2m + 1. The abstract has extra = 0.
func abstractCheck(extra int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			g := solver.JosephusNim.Grundy(bound)
			for n := 1; n <= bound; n++ {
				last := solver.JosephusOrder(n + extra)
				for m, v := range g[n] {
					if v != 0 {
						continue
					}
					f.Checked++
					if got := last[len(last)-1]; got != 2*m+1 {
						f.Report(conjecture.Counterexample{At: conjecture.At("n,m", n, m), Claimed: strconv.Itoa(2*m + 1), Actual: strconv.Itoa(got)})
					}
				}
			}
		}}
	}
}
