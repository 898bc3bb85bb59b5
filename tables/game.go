package tables

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Game is a rook-move game as a game file states it (docs/games.md): a
// move lowers one heap by any positive amount (and, with moves
// "rook+diagonal", both by the same amount), at most Limit tokens if Limit
// is set (a subtraction limit), a few prescribed cells near
// the origin fix their values, and with Pass a player may once in a game
// pass from a position that has a move and is not prescribed, to the same
// position of the game without the pass.
//
// Every other cell is the mex of its options, which ignores the value −1:
// a cell prescribed −1 is not a move target.
type Game struct {
	// ID names the output files, as a table id does: a safe file name.
	ID string
	// Title, Symbol, Definition, Source and Notes describe the game in
	// reports; they are not part of its identity. Symbol defaults to ID and
	// Definition to one written from the rules (DefinitionText).
	Title, Symbol, Definition, Source, Notes string
	// Moves is MovesRook or MovesRookDiagonal.
	Moves string
	// Limit, if not 0, is the subtraction limit: a move lowers a heap (a
	// diagonal move both) by 1 … Limit tokens only; 0 is no limit.
	Limit int
	// Pass adds the pass.
	Pass bool
	// Cells are the prescribed cells, ordered by x, then y.
	Cells []GameCell
}

// GameCell is a prescribed cell: G(X, Y) = Value whatever its options; the
// Value −1 makes (X, Y) no move target.
type GameCell struct {
	X     int   `json:"x"`
	Y     int   `json:"y"`
	Value int32 `json:"value"`
}

// The moves a game file may name.
const (
	// MovesRook lowers one heap by any positive amount.
	MovesRook = "rook"
	// MovesRookDiagonal also lowers both heaps by the same amount, as in
	// Wythoff's Nim; the band sweep cannot serve it.
	MovesRookDiagonal = "rook+diagonal"
)

// MaxLimit bounds a game's subtraction limit (Game.Limit). The full sweep
// keeps the last Limit values of every column (and diagonal), so its
// memory grows with the limit; beyond a few thousand a limit is no limit
// in any table the full sweep computes in reasonable time anyway.
const MaxLimit = 4096

// GameFormat names the canonical form's version; it is hashed with it.
const GameFormat = "grundy-game/1"

// canonicalRules is the part of a game its identity covers: the rules, in
// a fixed key order, the defaults filled in and the cells sorted.
type canonicalRules struct {
	Format string     `json:"format"`
	Moves  string     `json:"moves"`
	Limit  int        `json:"limit,omitempty"`
	Pass   bool       `json:"pass"`
	Cells  []GameCell `json:"cells"`
}

// Canonical is the game's canonical form: the JSON of its rules alone
// (format, moves, the limit where there is one, pass, cells ordered by x
// then y), without spaces. A game without a limit has no "limit" key, so
// the identities of the games stated before limits existed stay. Two
// spellings of one game — other key order, comments, defaults left out,
// cells in another order, another id or title — have the same canonical
// form. Games that have the same table but other rules (nim with and
// without its cell (0, 0) = 0) do not.
func (g Game) Canonical() []byte {
	cells := slices.Clone(g.Cells)
	if cells == nil {
		cells = []GameCell{}
	}
	sortCells(cells)
	b, err := json.Marshal(canonicalRules{Format: GameFormat, Moves: g.Moves, Limit: g.Limit, Pass: g.Pass, Cells: cells})
	if err != nil {
		panic("tables: a game's canonical form does not marshal: " + err.Error())
	}
	return b
}

// Identity is the hex SHA-256 of the canonical form: the game's identity,
// which manifests, patterns files and certificates record.
func (g Game) Identity() string {
	sum := sha256.Sum256(g.Canonical())
	return hex.EncodeToString(sum[:])
}

// GameRecord is a game as result files record it: its descriptive fields,
// its rules and its identity (SHA256, of the rules' canonical form). A
// game file can be written back from it (WriteGameFile in the Python
// package grundytables does).
type GameRecord struct {
	ID     string     `json:"id"`
	Title  string     `json:"title,omitempty"`
	Symbol string     `json:"symbol,omitempty"`
	Source string     `json:"source,omitempty"`
	Notes  string     `json:"notes,omitempty"`
	Moves  string     `json:"moves"`
	Limit  int        `json:"limit,omitempty"`
	Pass   bool       `json:"pass"`
	Cells  []GameCell `json:"cells"`
	SHA256 string     `json:"sha256"`
}

// Record returns the game's record, its identity computed.
func (g Game) Record() *GameRecord {
	cells := slices.Clone(g.Cells)
	if cells == nil {
		cells = []GameCell{}
	}
	sortCells(cells)
	return &GameRecord{ID: g.ID, Title: g.Title, Symbol: g.Symbol, Source: g.Source, Notes: g.Notes,
		Moves: g.Moves, Limit: g.Limit, Pass: g.Pass, Cells: cells, SHA256: g.Identity()}
}

// Game returns the game a record describes, checked as a game file is
// (CheckGame), and that the record's SHA256 is its identity: a record
// whose rules were changed without its identity is refused.
func (r GameRecord) Game() (Game, error) {
	g := Game{ID: r.ID, Title: r.Title, Symbol: r.Symbol, Source: r.Source, Notes: r.Notes,
		Moves: r.Moves, Limit: r.Limit, Pass: r.Pass, Cells: slices.Clone(r.Cells)}
	if err := CheckGame(&g); err != nil {
		return Game{}, err
	}
	if id := g.Identity(); id != r.SHA256 {
		return Game{}, fmt.Errorf("%w: the recorded game's sha256 %s is not the identity of its rules, %s", ErrGame, r.SHA256, id)
	}
	return g, nil
}

// sortCells orders cells by x, then y.
func sortCells(cells []GameCell) {
	slices.SortFunc(cells, func(a, b GameCell) int {
		if a.X != b.X {
			return a.X - b.X
		}
		return a.Y - b.Y
	})
}

// DefinitionText states the game's recurrence in words, from its rules:
// the Definition of a game file that gives none.
func (g Game) DefinitionText() string {
	var b strings.Builder
	var fixed []string
	for _, c := range g.Cells {
		fixed = append(fixed, fmt.Sprintf("G(%d,%d) = %d", c.X, c.Y, c.Value))
	}
	if len(fixed) > 0 {
		b.WriteString(strings.Join(fixed, ", ") + "; otherwise ")
	}
	if g.Limit > 0 {
		fmt.Fprintf(&b, "G(x,y) = mex({G(x-k,y) : 1 ≤ k ≤ min(x,%d)} ∪ {G(x,y-k) : 1 ≤ k ≤ min(y,%d)}", g.Limit, g.Limit)
	} else {
		b.WriteString("G(x,y) = mex({G(x',y) : x' < x} ∪ {G(x,y') : y' < y}")
	}
	switch {
	case g.Moves == MovesRookDiagonal && g.Limit > 0:
		fmt.Fprintf(&b, " ∪ {G(x-k,y-k) : 1 ≤ k ≤ min(x,y,%d)}", g.Limit)
	case g.Moves == MovesRookDiagonal:
		b.WriteString(" ∪ {G(x-k,y-k) : 1 ≤ k ≤ min(x,y)}")
	}
	if g.Pass {
		b.WriteString(" ∪ {G₀(x,y)}), the last option being the pass, once in a game, to the same position without the pass (G₀, the table of these rules without it), " +
			"from every position that has a move")
	} else {
		b.WriteString(")")
	}
	b.WriteString(", the mex ignoring -1 (a cell of value -1 is not a move target).")
	return b.String()
}

// OtherGame says a file that recorded the game of identity recorded under
// table id is not of the game of identity current: they differ, or the
// file recorded none and the table is not built in (a built-in table was
// known by its id before identities were recorded, on 2026-12-06).
func OtherGame(id, recorded, current string) bool {
	if recorded == "" {
		return current != "" && !IsBuiltin(id)
	}
	return recorded != current
}
