// Package engine computes 2-D Sprague-Grundy tables of rook-move games in
// parallel, streaming the finished rows to the caller.
//
// A rook-move table over 0 ≤ x, y ≤ n is defined, away from a few fixed base
// cells, by
//
//	G(x, y) = mex({G(x', y) : x' < x} ∪ {G(x, y') : y' < y} ∪ E(x, y)),
//
// where the mex ignores negative values and E(x, y) is an optional extra
// excluded value (the pass move of nim with a pass, for example).
//
// The engine never rescans cells. Every row and every column keeps the set of
// values it has seen as a bitset, together with its running mex. The mex of
// the union at (x, y) is at least the larger of the two running mexes, since
// every value below either one is in the union, so the scan for the first
// zero bit of row|column starts at that word and usually ends there.
//
// From n = SparseFromN on (or with Config.Sets), the sets are sparse
// instead (sparse.go): only the 64-bit words that are neither full nor
// empty are stored, with full stretches as one span and everything below
// the mex forgotten, so that their memory follows those words, a few dozen
// per set, rather than n. The mex scan still goes a word at a time. A
// Sweeper runs a table in segments and saves its state between them, for
// runs that write no table file to continue after a kill.
//
// The table is swept in row bands of Tile rows, each band split into tiles of
// Tile columns. Tile j of band b needs the column bitsets left by tile j of
// band b−1 and the row bitsets left by tile j−1 of band b, so the bands run
// as a pipeline that lags one tile per band: the anti-diagonal wave order of
// tiles, with each worker owning the band it sweeps and the columns of the
// tile it is in. Bands finish in order, which lets the caller stream them out
// while the process holds only a few bands of cells at a time.
package engine

import (
	"errors"
	"fmt"
	"slices"
)

// Cell is a fixed value at table position (X, Y); a negative Value is a
// position whose value the mex ignores (a forbidden move target).
type Cell struct {
	X, Y  int
	Value int32
}

// Rules is what the engine needs to know of a rook-move ruleset: the base
// cells it must not compute, and the optional extra excluded value per cell.
type Rules struct {
	// Base lists the fixed cells; all others follow the mex recurrence.
	Base []Cell

	// Split, if non-nil, replaces the moves above by those of Delete Nim and
	// its variant VDN; Base, Excluded and Diagonal must then be unset.
	Split *Split

	// Josephus, if set, replaces the moves above by those of Josephus Nim
	// (josephus.go): a window of the column and a prefix of the row, set by
	// the total weight x − 2y. Base, Excluded, Diagonal and Split must then
	// be unset.
	Josephus bool

	// Diagonal adds the moves that lower both coordinates by the same
	// amount, as in Wythoff's Nim: the options of (x, y) then include every
	// (x−k, y−k), k ≥ 1, besides its row and column.
	Diagonal bool

	// Limit, if not 0, is a subtraction limit (limit.go): a move lowers a
	// coordinate (a diagonal move both) by at most Limit, so the options
	// of (x, y) are (x−k, y), (x, y−k) and, with Diagonal, (x−k, y−k) for
	// 1 ≤ k ≤ Limit only. 0 ≤ Limit ≤ MaxLimit; Split and Josephus must
	// then be unset, and the base values at most MaxLimitValue.
	Limit int

	// Excluded, if non-nil, writes into dst[i] the extra value excluded from
	// the mex at cell (x, y0+i), or −1 where there is none. It is called once
	// per row of a tile, never per cell, so it may loop over dst freely.
	Excluded func(x, y0 int, dst []int32)

	// Passless, if non-nil, adds the pass of a game with a pass (pass.go):
	// the extra excluded value of every cell that is not a Base cell is
	// G₀(x, y), G₀ being the table of *Passless, which has rook moves, its
	// own Base and Limit and nothing else. The caller makes every cell
	// without a move a Base cell, since no pass is allowed there. Excluded,
	// Diagonal, Split and Josephus must then be unset.
	Passless *Rules
}

// Split describes a split game: a move deletes one heap and splits the
// other, after removing Shift tokens, into two heaps of at least MinHeap
// tokens each. The options of (x, y) are the cells (a, b), a, b ≥ MinHeap,
// with a + b = x − Shift or a + b = y − Shift: two anti-diagonals. Cells with
// a coordinate below MinHeap are not positions and hold −1. Delete Nim is
// {Shift: 1, MinHeap: 0}, VDN {Shift: 0, MinHeap: 1}.
type Split struct {
	Shift, MinHeap int
}

// ErrInvalidRules reports Rules the engine cannot compute.
var ErrInvalidRules = errors.New("engine: invalid rules")

// validate checks the base cells: no duplicates, and non-negative positions.
func (r Rules) validate() error {
	if sp := r.Split; sp != nil {
		if r.Diagonal || r.Excluded != nil || len(r.Base) > 0 {
			return fmt.Errorf("%w: split moves take no base cells, excluded value or diagonal moves", ErrInvalidRules)
		}
		if sp.Shift < 0 || sp.MinHeap < 0 || sp.Shift+2*sp.MinHeap == 0 {
			return fmt.Errorf("%w: split moves need Shift, MinHeap ≥ 0 and Shift + 2·MinHeap > 0 (else a position is its own option)", ErrInvalidRules)
		}
	}
	if r.Limit != 0 {
		if err := r.validateLimit(); err != nil {
			return err
		}
	}
	if r.Josephus && (r.Split != nil || r.Diagonal || r.Excluded != nil || len(r.Base) > 0) {
		return fmt.Errorf("%w: Josephus moves take no base cells, excluded value, split or diagonal moves", ErrInvalidRules)
	}
	if p := r.Passless; p != nil {
		if r.Excluded != nil || r.Diagonal || r.Split != nil || r.Josephus {
			return fmt.Errorf("%w: the pass (Passless) takes rook moves and no excluded value of its own", ErrInvalidRules)
		}
		if p.Excluded != nil || p.Diagonal || p.Split != nil || p.Josephus || p.Passless != nil {
			return fmt.Errorf("%w: the game without the pass (Passless) must have rook moves and base cells only", ErrInvalidRules)
		}
		if err := p.validate(); err != nil {
			return fmt.Errorf("the game without the pass: %w", err)
		}
	}
	if r.Diagonal && r.Excluded != nil {
		return fmt.Errorf("%w: diagonal moves with an excluded value are not supported", ErrInvalidRules)
	}
	seen := make(map[[2]int]bool, len(r.Base))
	for _, c := range r.Base {
		if c.X < 0 || c.Y < 0 {
			return fmt.Errorf("%w: base cell (%d, %d) has a negative coordinate", ErrInvalidRules, c.X, c.Y)
		}
		if seen[[2]int{c.X, c.Y}] {
			return fmt.Errorf("%w: base cell (%d, %d) is listed twice", ErrInvalidRules, c.X, c.Y)
		}
		seen[[2]int{c.X, c.Y}] = true
	}
	return nil
}

// sortedBase returns the base cells inside the table, ordered by row then
// column, as the tile kernel consumes them.
func (r Rules) sortedBase(n int) []Cell {
	base := make([]Cell, 0, len(r.Base))
	for _, c := range r.Base {
		if c.X <= n && c.Y <= n {
			base = append(base, c)
		}
	}
	slices.SortFunc(base, func(a, b Cell) int {
		if a.X != b.X {
			return a.X - b.X
		}
		return a.Y - b.Y
	})
	return base
}

// maxBaseValue is the largest base value, or −1 if there is none.
func maxBaseValue(base []Cell) int {
	m := -1
	for _, c := range base {
		m = max(m, int(c.Value))
	}
	return m
}
