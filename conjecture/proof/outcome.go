package proof

import "fmt"

// SearchOutcome is what the climb that found a certificate's repeat saw
// (Largest): the bound it searched, in rows, and the first V whose band
// state does not repeat within it. It is a search result, not a proof:
// another bound may find a repeat of that V, and Check does not re-check
// it (only that the certificate's own repeat lies within the bound).
type SearchOutcome struct {
	// Bound is the rows the climb searched each V for a repeat, its
	// -prove-bound: the certificate's X0+P is at most Bound.
	Bound int64 `json:"bound"`
	// FirstUnrepeatedV is the certificate's V+1 when its band state does
	// not repeat within Bound rows, and 0 (absent from the JSON) when the
	// climb stopped at its highest V, the certificate's, every V up to it
	// repeating: then nothing is known above V.
	FirstUnrepeatedV int `json:"first_unrepeated_v,omitempty"`
	// Checked states what of the outcome a check of the certificate
	// re-checks: SearchChecked, in a certificate of this version; absent
	// from those of earlier versions, which say the same by the schema.
	Checked string `json:"checked,omitempty"`
}

// SearchChecked is what a certificate's search block states of its own
// checking (SearchOutcome.Checked): Decode checks that the bound holds
// the repeat and that first_unrepeated_v is V+1 or absent; whether that V
// indeed does not repeat within the bound only a search can tell, and no
// check of the certificate runs one.
const SearchChecked = "re-checked: x0 + p ≤ bound, first_unrepeated_v = v + 1 or absent; " +
	"not re-checked: that the band state of first_unrepeated_v does not repeat within bound rows " +
	"(a search result, not part of the proof; verify -certificate -recheck-search searches it again)"

// OutcomeOf is the outcome of Largest(ctx, table, hi, bound, …) that
// returned rep: the climb stopped at rep.V+1 if rep.V < hi, else at hi.
func OutcomeOf(rep Repeat, hi int, bound int64) SearchOutcome {
	s := SearchOutcome{Bound: bound, Checked: SearchChecked}
	if rep.V < hi {
		s.FirstUnrepeatedV = rep.V + 1
	}
	return s
}

// Describe says what the outcome states of a certificate of cap v, as a
// search result: "the band state of V = v+1 does not repeat within R rows",
// or that every V ≤ v repeats within R rows and no higher V was searched.
func (s SearchOutcome) Describe(v int) string {
	if s.FirstUnrepeatedV == 0 {
		return fmt.Sprintf("every V ≤ %d repeats within %d rows (the search stopped at V = %d; no higher V was searched)", v, s.Bound, v)
	}
	return fmt.Sprintf("the band state of V = %d does not repeat within %d rows (a search result, not a proof)", s.FirstUnrepeatedV, s.Bound)
}

// check reports how the outcome disagrees with a certificate of cap v
// whose repeat ends at row x0+p: the bound must hold the repeat and be at
// most MaxBound, the first V that does not repeat must be v+1, the
// climb's next V, or absent, and what it states of its checking must be
// SearchChecked, or absent.
func (s SearchOutcome) check(v int, x0, p int64) error {
	switch {
	case s.Bound < 1 || s.Bound > MaxBound:
		return fmt.Errorf("its search's bound %d is not 1 to %d rows", s.Bound, int64(MaxBound))
	case x0 < 0 || p < 0 || x0 > s.Bound || p > s.Bound-x0:
		return fmt.Errorf("its repeat ends at row x0 + P = %d + %d, beyond its search's bound of %d rows", x0, p, s.Bound)
	case s.FirstUnrepeatedV != 0 && s.FirstUnrepeatedV != v+1:
		return fmt.Errorf("its search's first_unrepeated_v is %d, not V+1 = %d: the climb stops at the first V that does not repeat", s.FirstUnrepeatedV, v+1)
	case s.Checked != "" && s.Checked != SearchChecked:
		return fmt.Errorf("its search's \"checked\" is %q, not what a check of it re-checks: %q", s.Checked, SearchChecked)
	}
	return nil
}
