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
// set (the pass of two-pile nim with a pass) and empty otherwise.
type Rules struct {
	Base   []Cell
	NimSum bool
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

// validate checks the base cells: no duplicates, no negative coordinates.
func (r Rules) validate() error {
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
