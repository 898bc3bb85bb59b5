package thesis

import (
	"github.com/grundy-lab/grundy/conjecture"
	"strconv"

	"github.com/grundy-lab/grundy/tables/solver"
)

// Theorem 1.14 of 003 (Sprague–Grundy for sums), checked on the disjunctive
// sum of two positions of the rulesets of this package, the sum's Grundy
// value taken from its own game tree (solver.DisjunctiveCompound and
// solver.GameGrundy), never from the components' values.

// sumPool lists positions of every ruleset of 003 and 004 with
// coordinates up to m: nim heaps, heaps of Subtraction({2, 3}) and of
// All-but({1}), and the pair games Wythoff's Nim, Delete Nim, VDN and
// Josephus Nim.
func sumPool(m int) []conjecture.NamedGame {
	var pool []conjecture.NamedGame
	for _, set := range []solver.SubtractionSet{solver.AllBut(), solver.Finite(2, 3), solver.AllBut(1)} {
		for n := 0; n <= m; n++ {
			pool = append(pool, conjecture.NamedGame{Name: "Subtraction(" + set.Name + ") " + strconv.Itoa(n), Game: solver.SubtractionHeap(set, n)})
		}
	}
	for _, game := range []solver.PairGame{solver.Wythoff, solver.DeleteNim, solver.VDN, solver.JosephusNim} {
		for x := 0; x <= m; x++ {
			for y := 0; y <= m; y++ {
				if game.IsPosition(x, y) {
					pool = append(pool, conjecture.NamedGame{Name: game.Name() + " ⟨" + strconv.Itoa(x) + ", " + strconv.Itoa(y) + "⟩", Game: game.Position(x, y)})
				}
			}
		}
	}
	return pool
}

// xor is the right side of Theorem 1.14.
func xor(a, b int) int { return a ^ b }

// sumClaims are Theorem 1.14 of 003 and Corollary 1.15, its consequence
// for nim.
func sumClaims() []conjecture.Claim {
	return []conjecture.Claim{
		{
			ID:        "thesis.thm1.14",
			Source:    thesisSource("Theorem 1.14 (Grundy, Sprague)"),
			Statement: "Let G and H be two game positions. Then G(G + H) = G(G) ⊕ G(H).",
			CheckedOn: "generic game solver on the sum's own game tree (solver.GameGrundy of solver.DisjunctiveCompound) against the " +
				"components' values, for every pair of positions with coordinates ≤ bound among heaps of nim, Subtraction({2, 3}) " +
				"and All-but({1}), and positions of Wythoff's Nim, Delete Nim, VDN and Josephus Nim",
			Bound: 4,
			Unit:  "sums",
			Check: conjecture.SumCheck(sumPool, xor),
		},
		{
			ID:        "thesis.cor1.15",
			Source:    thesisSource("Corollary 1.15"),
			Statement: "The G-value of Nim position ⟨m_1, …, m_n⟩ is G(⟨m_1⟩) ⊕ … ⊕ G(⟨m_n⟩) = m_1 ⊕ … ⊕ m_n.",
			CheckedOn: nimOn,
			Bound:     12,
			Unit:      "positions",
			Check:     nimValueCheck(nimSum),
		},
	}
}
