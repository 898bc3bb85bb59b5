package band

import (
	"errors"
	"fmt"
	"slices"
)

// Cell is a fixed value at table position (X, Y); a negative Value is a
// position whose value the mex ignores (a forbidden move target).
type Cell struct {
	X, Y  int64
	Value int32
}

// Rules is a rook-move ruleset: away from the Base cells,
//
//	G(x, y) = mex({G(x', y) : x' < x} ∪ {G(x, y') : y' < y} ∪ E(x, y)),
//
// the mex ignoring negative values, with E(x, y) = {x XOR y} when NimSum is
// set (the pass of two-pile nim with a pass), E(x, y) = {c₀(x, y)} when
// Passless is set, and empty otherwise.
type Rules struct {
	Base   []Cell
	NimSum bool
	// Passless, if non-nil, adds the pass: at every cell that is not a Base
	// cell, E(x, y) = {c₀(x, y)} where c₀(x, y) = min(G₀(x, y), V+1) and G₀ is
	// the table of *Passless (itself without NimSum or Passless; a negative
	// G₀ excludes nothing). The caller makes every cell that has no move a
	// Base cell (of value 0), so "no pass without a move" is not the sweep's
	// concern. NimSum and Passless are exclusive. The sweep runs the sweep
	// of *Passless a segment ahead (pass.go), and its State carries that
	// sweep's.
	Passless *Rules
}

// ErrInvalid reports a configuration or rules the band sweep cannot compute.
var ErrInvalid = errors.New("band: invalid")

// MaxCap is the largest V the sweep takes: its value sets are fixed arrays
// of at most maxWords words.
const MaxCap = maxWords*64 - 1

// OneSidedMaxCap is the largest V whose symmetric rules are swept on one
// side of the diagonal (Sweeper.OneSided): the 4-word sets of fillTile4,
// and a byte a cell of a row's right part, v+1 (0 for no cell). Above it,
// a row is walked on both sides, about twice the visited cells.
const OneSidedMaxCap = 4*64 - 2

// maxWords bounds the words of a capped value set.
const maxWords = 16

// validate checks the base cells (no duplicates, no negative coordinates)
// and the pass (Passless without NimSum, itself a plain ruleset).
func (r Rules) validate() error {
	if p := r.Passless; p != nil {
		switch {
		case r.NimSum:
			return fmt.Errorf("%w: both NimSum and Passless are set", ErrInvalid)
		case p.NimSum || p.Passless != nil:
			return fmt.Errorf("%w: the passless rules have an excluded value of their own", ErrInvalid)
		}
		if err := p.validate(); err != nil {
			return fmt.Errorf("the passless rules: %w", err)
		}
	}
	seen := make(map[[2]int64]bool, len(r.Base))
	for _, c := range r.Base {
		if c.X < 0 || c.Y < 0 {
			return fmt.Errorf("%w: base cell (%d, %d) has a negative coordinate", ErrInvalid, c.X, c.Y)
		}
		if seen[[2]int64{c.X, c.Y}] {
			return fmt.Errorf("%w: base cell (%d, %d) is listed twice", ErrInvalid, c.X, c.Y)
		}
		seen[[2]int64{c.X, c.Y}] = true
	}
	return nil
}

// sortedBase returns the base cells inside the table, by row then column.
func (r Rules) sortedBase(n int64) []Cell {
	var base []Cell
	for _, c := range r.Base {
		if c.X <= n && c.Y <= n {
			base = append(base, c)
		}
	}
	slices.SortFunc(base, func(a, b Cell) int {
		if a.X != b.X {
			return int(a.X - b.X)
		}
		return int(a.Y - b.Y)
	})
	return base
}
