package solver

import "strconv"

// Outcome is the outcome class of a position: which player wins with perfect
// play. The zero Outcome is invalid, so a forgotten result never reads as P.
type Outcome int8

const (
	// PPosition means the previous player (the one who just moved) wins.
	PPosition Outcome = iota + 1
	// NPosition means the next player (the one to move) wins.
	NPosition
)

// String returns "P" or "N", or "Outcome(k)" for an invalid value k.
func (o Outcome) String() string {
	switch o {
	case PPosition:
		return "P"
	case NPosition:
		return "N"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}

// normalOutcome is the normal-play outcome of a position of Grundy value g:
// by the Sprague–Grundy theorem it is P exactly when g = 0.
func normalOutcome(g int) Outcome {
	if g == 0 {
		return PPosition
	}
	return NPosition
}

// GameOutcome returns the outcome class of g found from its game tree
// alone, never from Grundy values: P when every option is N (a terminal
// position has none), N when some option is P; memoized on Key for the
// duration of the call.
func GameOutcome(g Game) Outcome {
	memo := make(map[string]Outcome)
	var walk func(h Game) Outcome
	walk = func(h Game) Outcome {
		k := h.Key()
		if o, ok := memo[k]; ok {
			return o
		}
		o := PPosition
		for _, opt := range h.Options() {
			if walk(opt) == PPosition {
				o = NPosition
				break
			}
		}
		memo[k] = o
		return o
	}
	return walk(g)
}
