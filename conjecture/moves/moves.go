package moves

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Position is a position (X, Y) of a table: a pair of heaps.
type Position struct{ X, Y int }

// Fixed is a position whose value the definition fixes instead of
// deriving it by the mex; a negative Value is a value the mex ignores (a
// forbidden move target).
type Fixed struct {
	X, Y  int
	Value int32
}

// Kind is the shape of a game's options in its table.
type Kind int

const (
	// Rook: the options of (x, y) are every (x', y), x' < x, and every
	// (x, y'), y' < y (a move lowers one heap by any amount), with the
	// diagonal (x − k, y − k), k ≥ 1, when Game.Diagonal is set, and the
	// extra value Game.Extra.Value(x, y).
	Rook Kind = iota
	// Split: a move deletes one heap and splits the other, less Shift
	// tokens, into two heaps of at least MinHeap tokens: the options are
	// the positions (a, b), a, b ≥ MinHeap, with a + b = x − Shift or
	// a + b = y − Shift, two anti-diagonals.
	Split
	// Josephus: the options are the rows JosephusColumn of column y and
	// the columns JosephusRow of row x.
	Josephus
)

// Extra is an option of a position outside the table, whose value is
// given by a formula rather than by a cell.
type Extra int

const (
	// NoExtra: the options are the table's cells alone.
	NoExtra Extra = iota
	// NimSumExtra: the option two-heap nim (x, y), of value x XOR y
	// (Bouton's theorem), as the pass of nim with a pass leaves.
	NimSumExtra
)

// Value is the value of the extra option of (x, y), −1 for none. Small
// enough to be inlined, it costs the independent band check no call per
// cell (a function value did: about a tenth of G_P's check).
func (e Extra) Value(x, y int) int {
	if e == NimSumExtra {
		return x ^ y
	}
	return -1
}

// Game is one table's game, as its paper defines it.
type Game struct {
	// ID is the table id the game belongs to ("passnim").
	ID string
	// Source names the paper and the definition the moves are taken from.
	Source string
	// Kind is the shape of the options.
	Kind Kind
	// Fixed lists the positions with fixed values of a Rook game.
	Fixed []Fixed
	// Diagonal adds the options (x − k, y − k), k ≥ 1, to a Rook game.
	Diagonal bool
	// Limit, if not 0, is a game file's subtraction limit: a move of a
	// Rook game takes at most Limit tokens from a heap (from both, along
	// the diagonal), so the options are the last Limit cells of the row,
	// the column and the diagonal.
	Limit int
	// Extra is the option of (x, y) outside the table, if any (its value
	// Extra.Value(x, y)). Only Rook games have one.
	Extra Extra
	// Passless, if set, is the game of a game file's pass (the pass paper's
	// one-pass compound): every position that is not fixed and has a move
	// has the option of passing to the same position of *Passless, the game
	// without the pass, and a position without a move (Stuck) has none, so
	// its value is mex ∅ = 0. Only Rook games without Extra have one.
	Passless *Game
	// Shift and MinHeap describe a Split game's moves; a position with a
	// heap below MinHeap is no position and holds −1.
	Shift, MinHeap int

	// options lists the options of a non-fixed (x, y) from the paper's
	// moves, independently of the shape fields above.
	options func(x, y int, visit func(Position))
}

// FixedValue returns the value the definition fixes at (x, y), if it
// fixes one: a fixed position of a Rook game, or a pair with a heap below
// MinHeap of a Split game (−1, no position).
func (g Game) FixedValue(x, y int) (int32, bool) {
	if g.Kind == Split && (x < g.MinHeap || y < g.MinHeap) {
		return -1, true
	}
	for _, f := range g.Fixed {
		if f.X == x && f.Y == y {
			return f.Value, true
		}
	}
	return 0, false
}

// Options returns the options of (x, y), x, y ≥ 0, as positions of the
// table (in no particular order, without repeats) and the extra value
// (−1 for none): with Passless, the value of the game without the pass at
// (x, y), from its table of side max(x, y) (slow: for tests), unless
// (x, y) has no move. A fixed position has no options to derive its value
// from: Options returns nil and −1 for it.
func (g Game) Options(x, y int) (positions []Position, extra int) {
	if _, ok := g.FixedValue(x, y); ok {
		return nil, -1
	}
	g.options(x, y, func(p Position) { positions = append(positions, p) })
	if g.Passless != nil {
		if !g.hasMove(positions) {
			return positions, -1
		}
		return positions, int(g.Passless.Table(max(x, y))[x][y])
	}
	return positions, g.Extra.Value(x, y)
}

// hasMove reports whether some option of a list is a move: a position
// that is not a forbidden move target (fixed below 0).
func (g Game) hasMove(options []Position) bool {
	for _, p := range options {
		if v, fixed := g.FixedValue(p.X, p.Y); !fixed || v >= 0 {
			return true
		}
	}
	return false
}

// Stuck returns the positions of a Rook game that are not fixed and have
// no move, every option a forbidden move target (or none, at (0, 0)), in
// increasing x, then y. An option (x', y), x' < x, of such a position is
// fixed, so x and y are at most one more than the largest fixed
// coordinate: the positions beyond have a move.
func (g Game) Stuck() []Position {
	top := 0
	for _, f := range g.Fixed {
		top = max(top, f.X+1, f.Y+1)
	}
	var stuck []Position
	for x := 0; x <= top; x++ {
		for y := 0; y <= top; y++ {
			if _, fixed := g.FixedValue(x, y); fixed {
				continue
			}
			var options []Position
			g.options(x, y, func(p Position) { options = append(options, p) })
			if !g.hasMove(options) {
				stuck = append(stuck, Position{x, y})
			}
		}
	}
	return stuck
}

// JosephusColumn returns the rows lo … hi − 1 of column y that are options
// of (x, y) in Josephus Nim; the window is empty when lo ≥ hi.
func JosephusColumn(x, y int) (lo, hi int) {
	// ⟨x − t, y⟩ for 1 ≤ t ≤ ⌊x/2⌋ − y: rows x − (⌊x/2⌋ − y) … x − 1,
	// and x − ⌊x/2⌋ = ⌈x/2⌉.
	return (x+1)/2 + y, x
}

// JosephusRow returns the end e of the columns 0 … e of row x that are
// options of (x, y) in Josephus Nim; e < 0 when there are none.
func JosephusRow(x, y int) (e int) {
	// ⟨x, y − t⟩ for −2t ≤ ⌊x/2⌋ − y, that is t ≥ (y − ⌊x/2⌋)/2, and
	// 1 ≤ t ≤ y: columns y − t from 0 up to y − ⌈(y − ⌊x/2⌋)/2⌉ =
	// ⌊(y + ⌊x/2⌋)/2⌋ (when that t is at least 1), at most y − 1.
	return min(y-1, (y+x/2)/2)
}

// registry holds the games in the order of the project's tables.
var registry = []Game{nim, g1, gneg1, gstarneg1, passnim, wythoff, deletenim, vdn, josephusnim}

// All returns every game, in a fixed order; the slice is a copy.
func All() []Game { return slices.Clone(registry) }

// Lookup returns the game of table id; ok is false if there is none.
func Lookup(id string) (g Game, ok bool) {
	if i := slices.IndexFunc(registry, func(g Game) bool { return g.ID == id }); i >= 0 {
		return registry[i], true
	}
	registered.RLock()
	defer registered.RUnlock()
	g, ok = registered.games[id]
	return g, ok
}

// IDs is the list of the games' table ids for an error message: "nim, g1, …".
func IDs() string {
	ids := make([]string, len(registry))
	for i, g := range registry {
		ids[i] = g.ID
	}
	return strings.Join(ids, ", ")
}

// OfFile states the moves of a game of a game file (docs/games.md) from
// its fields: the heap moves, with diagonal the moves that lower both
// heaps alike, at most limit tokens a move when limit > 0, and the
// prescribed cells, fixed; with pass, the pass to the same game without
// it (Passless). A game file's pass to two-heap nim (rook moves, no limit,
// no prescribed cell but (0, 0) = 0) is stated as G_P's: the option
// x XOR y (Bouton's theorem) and (0, 0), the one position without a move,
// fixed at 0.
func OfFile(id, source string, fixed []Fixed, diagonal, pass bool, limit int) Game {
	g := Game{ID: id, Source: source, Fixed: slices.Clone(fixed), Diagonal: diagonal, Limit: limit, options: heapMoves}
	switch {
	case limit > 0:
		g.options = limitedMoves(limit, diagonal)
	case diagonal:
		g.options = wythoff.options
	}
	if !pass {
		return g
	}
	if !diagonal && limit == 0 && !slices.ContainsFunc(fixed, func(f Fixed) bool { return f != Fixed{0, 0, 0} }) {
		g.Fixed, g.Extra = []Fixed{{0, 0, 0}}, NimSumExtra
		return g
	}
	passless := g
	g.Passless = &passless
	return g
}

// limitedMoves lists the moves of a game file with a subtraction limit:
// take 1 … limit tokens from one heap, or with diagonal from both.
func limitedMoves(limit int, diagonal bool) func(x, y int, visit func(Position)) {
	return func(x, y int, visit func(Position)) {
		for k := 1; k <= limit; k++ {
			if k <= x {
				visit(Position{x - k, y})
			}
			if k <= y {
				visit(Position{x, y - k})
			}
			if diagonal && k <= min(x, y) {
				visit(Position{x - k, y - k})
			}
		}
	}
}

// registered holds the games Register made known, by id.
var registered struct {
	sync.RWMutex
	games map[string]Game
}

// Register makes Lookup find g, a game of a game file (OfFile), for the
// rest of the process. Registering a game again replaces it; the id of a
// table of the papers is refused.
func Register(g Game) error {
	if slices.ContainsFunc(registry, func(b Game) bool { return b.ID == g.ID }) {
		return fmt.Errorf("moves: %q is the id of a table of the papers", g.ID)
	}
	registered.Lock()
	defer registered.Unlock()
	if registered.games == nil {
		registered.games = make(map[string]Game)
	}
	registered.games[g.ID] = g
	return nil
}
