package pattern

import "fmt"

// Coverage is what the independent check (package conjecture/bandcheck,
// which checks every cell from the game's own statement of the moves, not
// from the engine's) covered of the cells a search rests on: the cells of
// the values Values[0] … Values[1] in the rows Rows[0] … Rows[1]. By names
// the check. Every other cell the search read is the engine's, unchecked.
type Coverage struct {
	Values [2]int   `json:"values"`
	Rows   [2]int64 `json:"rows"`
	By     string   `json:"by"`
}

// IndependentCheck returns what the independent check covered of the rows
// the results rest on, or nil if it covered nothing: the check of a
// certificate (proof.Check) covers the values 0 … V on the rows 0 … X0+P−1
// it sweeps, and the repeat it proves extends them to every row; nothing
// else of a search is checked independently. Of several certificates it
// names the one of the largest V, whose check covers the others' values.
func IndependentCheck(results []Result) *Coverage {
	var best *Proof
	for _, r := range results {
		if pr := r.Proof; pr != nil && (best == nil || pr.V > best.V) {
			best = pr
		}
	}
	if best == nil {
		return nil
	}
	return &Coverage{Values: [2]int{0, best.V}, Rows: [2]int64{0, best.X0 + best.P - 1},
		By: fmt.Sprintf("the check of certificate %s, which verify -certificate repeats", best.Certificate)}
}

// describe says what c checked and what rests on the engine alone, as the
// Markdown report says it: c is nil when nothing was checked, and
// unchecked are the values searched whose statements c does not cover.
func (c *Coverage) describe(unchecked []int) string {
	if c == nil {
		return "No independent check covered the rows of this search: every statement rests on the engine's cells " +
			"(verify -in a values dataset checks them against the definition)."
	}
	s := fmt.Sprintf("The independent check covered the cells of the values %d … %d on the rows %d … %d (%s).",
		c.Values[0], c.Values[1], c.Rows[0], c.Rows[1], c.By)
	if len(unchecked) > 0 {
		s += fmt.Sprintf(" The statements of the values %s rest on the engine's cells alone, checked by no independent check "+
			"(rows_checked false in the JSON); to check them, compute -write values and verify -in the dataset.", ValueRanges(unchecked))
	}
	return s
}
