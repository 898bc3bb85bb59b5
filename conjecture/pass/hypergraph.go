package pass

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/tables/solver"
)

// The claims of 002 about SG-decreasing games and the hypergraph compound
// (Section 1.2, from Boros et al. [hyper]): Definition 5's examples and
// Theorem 1.3, checked with solver.IsSGDecreasing and
// solver.HypergraphCompound, both from the rules.

// exactNim is the position ⟨heaps⟩ of exact-k nim: a move reduces exactly k
// of the piles, each by a positive amount, which is the hypergraph
// compound of the heaps over every k-subset of the piles.
func exactNim(k int, heaps []int) solver.Game {
	parts := make([]solver.Game, len(heaps))
	for i, h := range heaps {
		parts[i] = solver.NimHeap(h)
	}
	return solver.HypergraphCompound(kSubsets(len(heaps), k), parts)
}

// kSubsets lists the k-subsets of {0, …, n−1}.
func kSubsets(n, k int) [][]int {
	var out [][]int
	var pick func(from int, set []int)
	pick = func(from int, set []int) {
		if len(set) == k {
			out = append(out, append([]int(nil), set...))
			return
		}
		for i := from; i < n; i++ {
			pick(i+1, append(set, i))
		}
	}
	pick(0, nil)
	return out
}

// eachHeaps calls fn with every list of n heaps of at most m tokens.
func eachHeaps(n, m int, fn func(heaps []int)) {
	heaps := make([]int, n)
	var fill func(i int)
	fill = func(i int) {
		if i == n {
			fn(heaps)
			return
		}
		for h := 0; h <= m; h++ {
			heaps[i] = h
			fill(i + 1)
		}
	}
	fill(0)
}

// heapsName is "⟨a, b, c⟩".
func heapsName(heaps []int) string {
	s := make([]string, len(heaps))
	for i, h := range heaps {
		s[i] = strconv.Itoa(h)
	}
	return "⟨" + strings.Join(s, ", ") + "⟩"
}

// definition5Check checks that every position of one-pile nim with at most
// bound tokens, and of exact-k nim with 2k > n for n ≤ 4 piles of at most
// bound/2 tokens, is SG-decreasing (sgDecreasing).
func definition5Check(sgDecreasing func(solver.Game) bool) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			judge := func(name string, g solver.Game) {
				f.Checked++
				if !sgDecreasing(g) {
					f.Report(conjecture.Counterexample{Game: name, Claimed: "SG-decreasing", Actual: "a follower has an option of no smaller SG-value"})
				}
			}
			for h := 0; h <= bound; h++ {
				judge("one-pile nim "+heapsName([]int{h}), solver.NimHeap(h))
			}
			for n := 1; n <= 4; n++ {
				for k := n/2 + 1; k <= n; k++ {
					eachHeaps(n, bound/2, func(heaps []int) {
						judge(fmt.Sprintf("exact-%d nim %s", k, heapsName(heaps)), exactNim(k, heaps))
					})
				}
			}
		}}
	}
}

// sgDecreasingPool lists the SG-decreasing positions among nim heaps,
// exact-k nim positions (2k > n, n ≤ 3) and the chocolate bars and
// subtraction heaps of oneMovePool, all with coordinates ≤ m.
func sgDecreasingPool(m int) []conjecture.NamedGame {
	var pool []conjecture.NamedGame
	for _, g := range mixedPool(m) {
		if solver.IsSGDecreasing(g.Game) {
			pool = append(pool, g)
		}
	}
	for n := 2; n <= 3; n++ {
		for k := n/2 + 1; k <= n; k++ {
			eachHeaps(n, m/2, func(heaps []int) {
				pool = append(pool, conjecture.NamedGame{Name: fmt.Sprintf("exact-%d nim %s", k, heapsName(heaps)), Game: exactNim(k, heaps)})
			})
		}
	}
	return pool
}

// mixedPool is oneMovePool(m) with heaps of Subtraction({1, 2}) and of
// All-but({2}), and Wythoff positions, which are not all one-move games.
func mixedPool(m int) []conjecture.NamedGame {
	pool := oneMovePool(m)
	for _, set := range []solver.SubtractionSet{solver.Finite(1, 2), solver.AllBut(2)} {
		for n := 0; n <= m; n++ {
			pool = append(pool, conjecture.NamedGame{Name: "Subtraction(" + set.Name + ") " + strconv.Itoa(n), Game: solver.SubtractionHeap(set, n)})
		}
	}
	for x := 0; x <= m/2; x++ {
		for y := x; y <= m/2; y++ {
			pool = append(pool, conjecture.NamedGame{Name: fmt.Sprintf("wythoff ⟨%d, %d⟩", x, y), Game: solver.Wythoff.Position(x, y)})
		}
	}
	return pool
}

// twoVertexHypergraphs are the hypergraphs on {0, 1}: every non-empty set
// of the edges {0}, {1}, {0, 1}.
var twoVertexHypergraphs = func() [][][]int {
	edges := [][]int{{0}, {1}, {0, 1}}
	var out [][][]int
	for mask := 1; mask < 1<<len(edges); mask++ {
		var h [][]int
		for i, e := range edges {
			if mask&(1<<i) != 0 {
				h = append(h, e)
			}
		}
		out = append(out, h)
	}
	return out
}()

// hypergraphName is "{{0}, {0, 1}}".
func hypergraphName(h [][]int) string {
	edges := make([]string, len(h))
	for i, e := range h {
		edges[i] = "{" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(e)), ", "), "[]") + "}"
	}
	return "{" + strings.Join(edges, ", ") + "}"
}

// theorem13Check checks G(C_H(g₁, g₂)) = claimed(H, G(g₁), G(g₂)) for
// every hypergraph on two vertices and every pair of positions of
// pool(bound), SG-decreasing ones (sgDecreasingPool); Theorem 1.3 claims
// the value of the same compound of nim heaps of the components' values.
func theorem13Check(pool func(int) []conjecture.NamedGame, claimed func(h [][]int, a, b int) int) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			pool := pool(bound)
			values := conjecture.Values(pool)
			conjecture.EachMultiset(len(pool), 2, func(idx []int) {
				if f.Stopped() {
					return
				}
				a, b := pool[idx[0]], pool[idx[1]]
				for _, h := range twoVertexHypergraphs {
					f.Checked++
					want := claimed(h, values[idx[0]], values[idx[1]])
					if got := solver.GameGrundy(solver.HypergraphCompound(h, []solver.Game{a.Game, b.Game})); got != want {
						f.Report(conjecture.Counterexample{Game: fmt.Sprintf("C_%s(%s, %s)", hypergraphName(h), a.Name, b.Name),
							Claimed: strconv.Itoa(want), Actual: strconv.Itoa(got)})
					}
				}
			})
		}}
	}
}

// hypergraphNim is the right side of Theorem 1.3: the hypergraph compound
// of nim heaps of sizes a and b.
func hypergraphNim(h [][]int, a, b int) int {
	return solver.GameGrundy(solver.HypergraphCompound(h, []solver.Game{solver.NimHeap(a), solver.NimHeap(b)}))
}

// hypergraphClaims are Definition 5's examples and Theorem 1.3.
func hypergraphClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID: "pass.def5", Source: passSource("Definition 5, its examples"),
			Statement: "Positions in one-pile nim, minimal nim, and exact-k nim with 2k > n, are examples of SG-decreasing games.",
			CheckedOn: "solver.IsSGDecreasing (every follower's options of smaller SG-value, from the rules) on one-pile nim " +
				"with at most bound tokens and exact-k nim, 2k > n, n ≤ 4 piles of at most bound/2 tokens",
			Note: "Exact-k nim (Boros et al.): n piles, a move reduces exactly k of them, each by a positive amount. Minimal " +
				"nim is not checked: the paper gives neither its rules nor more than a citation.",
			Bound: 8, Unit: "positions", Check: definition5Check(solver.IsSGDecreasing),
		},
		{
			ID: "pass.thm1.3", Source: passSource("Theorem 1.3 (Boros et al.)"),
			Statement: "Let H ⊆ 2^[n] ∖ {∅} be a hypergraph. Assume that g₁, …, gₙ are SG-decreasing games. Then " +
				"G(C_H(g₁, …, gₙ)) = G(C_H^nim(G(g₁), …, G(gₙ))).",
			CheckedOn: "every hypergraph on two vertices and every pair of SG-decreasing positions (nim heaps, exact-k nim, and " +
				"those chocolate bars, subtraction heaps and Wythoff positions with coordinates ≤ bound that are SG-decreasing), " +
				"both sides from the compound's own options (solver.HypergraphCompound)",
			Bound: 4, Unit: "compounds", Check: theorem13Check(sgDecreasingPool, hypergraphNim),
		},
	}
}
