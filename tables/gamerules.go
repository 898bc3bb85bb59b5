package tables

import (
	"fmt"
	"slices"

	"github.com/grundy-lab/grundy/engine"
)

// Ruleset returns the game as the engines compute it. The cells are the
// base cells; moves "rook+diagonal" adds the diagonal moves, and a limit
// makes every move take at most Limit tokens (engine.Rules.Limit), which
// only the full sweep computes. With the pass,
// the cells without a move (every option a cell of value −1, or none at
// all) become base cells of value 0, since a position with no move has no
// pass either; if the game without the pass is two-heap nim (rook moves, no
// cell but (0, 0) = 0) the pass's option is x XOR y, which both sweeps
// compute themselves (G_P), and otherwise the engines sweep the game
// without the pass beside it (engine.Rules.Passless).
func (g Game) Ruleset() Ruleset {
	r := Ruleset{ID: g.ID, Symbol: g.Symbol, Definition: g.Definition, Source: g.Source, Title: g.Title, game: &g}
	if r.Symbol == "" {
		r.Symbol = g.ID
	}
	if r.Definition == "" {
		r.Definition = g.DefinitionText()
	}
	if r.Source == "" {
		r.Source = "game file " + g.ID
	}
	base := engineCells(g.Cells)
	r.Rules = engine.Rules{Base: base, Diagonal: g.Moves == MovesRookDiagonal, Limit: g.Limit}
	switch {
	case g.Limit > 0:
		r.noBand = limitNoBand(g.Limit)
	case g.Moves == MovesRookDiagonal:
		r.noBand = wythoffNoBand
	}
	if !g.Pass {
		return r
	}
	withPass := slices.Clone(base)
	for _, c := range g.noMoveCells() {
		withPass = append(withPass, engine.Cell{X: c.X, Y: c.Y, Value: 0})
	}
	if g.passlessIsNim() {
		r.Rules = engine.Rules{Base: withPass, Excluded: excludeNimSum}
		r.nimSum = true
		return r
	}
	r.Rules = engine.Rules{Base: withPass, Limit: g.Limit, Passless: &engine.Rules{Base: base, Limit: g.Limit}}
	return r
}

// limitNoBand is why the band cannot serve a subtraction limit, naming the
// sweep that can.
func limitNoBand(limit int) string {
	return fmt.Sprintf("its moves take at most %d tokens (limit = %d), so the options of a cell are a window of its row and "+
		"column, and a value leaves a column's set again: a full column set does not make a cell V+1, nor do the patterns "+
		"and proofs hold: only the full sweep (-sweep full) computes it", limit, limit)
}

// engineCells converts prescribed cells to the engine's base cells.
func engineCells(cells []GameCell) []engine.Cell {
	base := make([]engine.Cell, len(cells))
	for i, c := range cells {
		base[i] = engine.Cell{X: c.X, Y: c.Y, Value: c.Value}
	}
	return base
}

// passlessIsNim says the game without the pass is two-heap nim: rook moves
// without a limit and no cell but (0, 0) = 0, which the mex gives (0, 0)
// anyway.
func (g Game) passlessIsNim() bool {
	if g.Moves != MovesRook || g.Limit > 0 {
		return false
	}
	for _, c := range g.Cells {
		if c != (GameCell{X: 0, Y: 0, Value: 0}) {
			return false
		}
	}
	return true
}

// noMoveCells returns the cells that are not prescribed and have no move:
// every option is a cell of value −1 (or there is none, at (0, 0)). The
// option (x−1, y) of (x, y), x > 0, which every limit allows, must then be
// a prescribed cell, so x and y are at most one more than the largest
// prescribed coordinate.
func (g Game) noMoveCells() []GameCell {
	value := make(map[[2]int]int32, len(g.Cells))
	top := 0
	for _, c := range g.Cells {
		value[[2]int{c.X, c.Y}] = c.Value
		top = max(top, c.X+1, c.Y+1)
	}
	forbidden := func(x, y int) bool {
		v, ok := value[[2]int{x, y}]
		return ok && v == -1
	}
	var cells []GameCell
	for x := 0; x <= top; x++ {
		for y := 0; y <= top; y++ {
			if _, ok := value[[2]int{x, y}]; ok {
				continue
			}
			hasMove := false
			for k := 1; k <= x && (g.Limit == 0 || k <= g.Limit) && !hasMove; k++ {
				hasMove = !forbidden(x-k, y)
			}
			for k := 1; k <= y && (g.Limit == 0 || k <= g.Limit) && !hasMove; k++ {
				hasMove = !forbidden(x, y-k)
			}
			for k := 1; g.Moves == MovesRookDiagonal && k <= min(x, y) && (g.Limit == 0 || k <= g.Limit) && !hasMove; k++ {
				hasMove = !forbidden(x-k, y-k)
			}
			if !hasMove {
				cells = append(cells, GameCell{X: x, Y: y})
			}
		}
	}
	return cells
}
