package pass

import (
	"fmt"

	"github.com/grundy-lab/grundy/conjecture"
	"github.com/grundy-lab/grundy/tables/solver"
)

// The statements of Section 1.1 of 002 recalled from Sprague and Grundy
// (Theorems 1.1 and 1.2) and the chocolate examples of Section 1.3
// (Examples 1 and 2), checked on positions of the games of this package.

// spragueGrundyCheck is Theorem 1.1 on every position of mixedPool(bound):
// the outcome found from the game tree (solver.GameOutcome) is P exactly
// when claimedP(G).
func spragueGrundyCheck(claimedP func(g int) bool) func(int) conjecture.Checker {
	return func(bound int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			for _, pos := range mixedPool(bound) {
				f.Checked++
				g := solver.GameGrundy(pos.Game)
				claimed := solver.NPosition
				if claimedP(g) {
					claimed = solver.PPosition
				}
				if actual := solver.GameOutcome(pos.Game); actual != claimed {
					f.Report(conjecture.Counterexample{Game: fmt.Sprintf("%s, G = %d", pos.Name, g), Claimed: claimed.String(), Actual: actual.String()})
				}
			}
		}}
	}
}

// optionsCheck checks a printed example of chocolate moves: every bar of
// bars is a position of CB(F, ·) and each of them but the first is an
// option of the first.
func optionsCheck(name string, F func(x, z int) int, bars [][3]int) func(int) conjecture.Checker {
	return func(int) conjecture.Checker {
		return conjecture.Checker{Finish: func(f *conjecture.Findings) {
			c := solver.NewChocolate(F)
			for _, p := range bars {
				f.Checked++
				if p[1] > F(p[0], p[2]) {
					f.Report(conjecture.Counterexample{At: conjecture.At("x,y,z", p[0], p[1], p[2]), Game: name,
						Claimed: "a position, y ≤ F(x, z)", Actual: fmt.Sprintf("y > F(x, z) = %d", F(p[0], p[2]))})
				}
			}
			if f.Found() > 0 {
				return
			}
			from := c.Position(bars[0][0], bars[0][1], bars[0][2])
			options := make(map[string]bool)
			for _, o := range from.Options() {
				options[o.Key()] = true
			}
			for _, p := range bars[1:] {
				f.Checked++
				if !options[c.Position(p[0], p[1], p[2]).Key()] {
					f.Report(conjecture.Counterexample{At: conjecture.At("x,y,z", p[0], p[1], p[2]), Game: name,
						Claimed: fmt.Sprintf("an option of CB(F, %d, %d, %d)", bars[0][0], bars[0][1], bars[0][2]), Actual: "not an option"})
				}
			}
		}}
	}
}

// The functions of Examples 1 and 2.
var (
	exampleF1 = func(x, z int) int { return (x + z) / 3 }
	exampleF2 = func(_, z int) int { return z / 2 }
)

// basicClaims are Theorems 1.1 and 1.2 and Examples 1 and 2 of 002.
func basicClaims() []conjecture.Claim {
	pool := "heaps of nim, Subtraction({1, 2}) and All-but({2}), chocolate bars CB₂ and Wythoff positions with coordinates ≤ bound"
	return []conjecture.Claim{
		{
			ID: "pass.thm1.1", Source: passSource("Theorem 1.1 (Sprague, Grundy)"),
			Statement: "For any position g of an impartial game, G(g) = 0 if and only if g is a P-position and G(g) ≠ 0 if and " +
				"only if g is an N-position.",
			CheckedOn: pool + ": the outcome from the game tree (solver.GameOutcome), never from G, against G",
			Bound:     12, Unit: "positions", Check: spragueGrundyCheck(func(g int) bool { return g == 0 }),
		},
		{
			ID: "pass.thm1.2", Source: passSource("Theorem 1.2 (Sprague, Grundy)"),
			Statement: "For any positions g₁, …, gₙ in impartial games, we have G(C+(g₁, …, gₙ)) = G(g₁) ⊕ ⋯ ⊕ G(gₙ).",
			CheckedOn: "every pair of " + pool + ", the compound's value from its own options (solver.DisjunctiveCompound)",
			Bound:     4, Unit: "pairs", Check: conjecture.SumCheck(mixedPool, func(a, b int) int { return a ^ b }),
		},
		{
			ID: "pass.ex1", Source: passSource("Example 1"),
			Statement: "Let F₁(x, z) = ⌊(x + z)/3⌋. CB(F₁, 7, 6, 13) and CB(F₁, 7, 3, 4) are positions of this chocolate game and " +
				"CB(F₁, 7, 3, 4) is an option of CB(F₁, 7, 6, 13).",
			CheckedOn: "the chocolate solver's positions and options (solver.Chocolate)",
			Unit:      "bars", Check: optionsCheck("F₁(x, z) = ⌊(x + z)/3⌋", exampleF1, [][3]int{{7, 6, 13}, {7, 3, 4}}),
		},
		{
			ID: "pass.ex2", Source: passSource("Example 2"),
			Statement: "Let F₂(x, z) = ⌊z/2⌋. Positions CB(F₂, 3, 3, 7), CB(F₂, 5, 2, 7), and CB(F₂, 5, 2, 5) are options of " +
				"CB(F₂, 5, 3, 7).",
			CheckedOn: "the chocolate solver's positions and options (solver.Chocolate)",
			Unit:      "bars", Check: optionsCheck("F₂(x, z) = ⌊z/2⌋", exampleF2, [][3]int{{5, 3, 7}, {3, 3, 7}, {5, 2, 7}, {5, 2, 5}}),
		},
	}
}
