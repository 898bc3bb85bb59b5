// Package tables defines the rulesets the tool computes — the tables of
// the papers and any rook-move game a game file states (Game, LoadGame) —
// as data the engines compute, and gives each a slow reference
// implementation written straight from its definition, for tests to
// compare against. The built-in rook tables are game files themselves
// (package games).
package tables

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/engine/band"
)

// Ruleset is a registered 2-D rook-move table: its engine rules plus the words
// that describe it in result files.
type Ruleset struct {
	// ID names the table on the command line and in file names ("gneg1").
	ID string
	// Symbol is the paper's name for the function ("G₋₁").
	Symbol string
	// Definition is the recurrence in words.
	Definition string
	// Source is the paper and table or theorem the definition comes from.
	Source string
	// Title is the game's name in words, if it has one.
	Title string
	// Rules is what the engine computes.
	Rules engine.Rules

	// game is the game file's game, for the rook tables and games of
	// one's own; nil for the tables written in code (the thesis' games
	// and Josephus Nim).
	game *Game

	// nimSum says that Rules.Excluded is x XOR y, which the band sweep
	// computes itself rather than calling a function per cell.
	nimSum bool
	// noBand, if set, is why the band sweep cannot compute this table.
	noBand string
}

// BandRules returns the ruleset as the band sweep computes it (package
// engine/band), or an error saying why the band cannot serve it.
func (r Ruleset) BandRules() (band.Rules, error) {
	if r.noBand != "" {
		return band.Rules{}, fmt.Errorf("%w: the band sweep cannot compute %s: %s", band.ErrInvalid, r.ID, r.noBand)
	}
	if r.Rules.Excluded != nil && !r.nimSum {
		panic("tables: " + r.ID + " has an excluded value the band sweep does not know")
	}
	rules := band.Rules{NimSum: r.nimSum, Base: bandCells(r.Rules.Base)}
	if p := r.Rules.Passless; p != nil {
		rules.Passless = &band.Rules{Base: bandCells(p.Base)}
	}
	return rules, nil
}

// Game returns the game file's game of a rook table or a game of one's
// own; ok is false for the tables written in code.
func (r Ruleset) Game() (g Game, ok bool) {
	if r.game == nil {
		return Game{}, false
	}
	return *r.game, true
}

// Identity is the game's identity (Game.Identity), or "" for a table
// written in code.
func (r Ruleset) Identity() string {
	if r.game == nil {
		return ""
	}
	return r.game.Identity()
}

// bandCells converts base cells to the band's.
func bandCells(base []engine.Cell) []band.Cell {
	var cells []band.Cell
	for _, c := range base {
		cells = append(cells, band.Cell{X: int64(c.X), Y: int64(c.Y), Value: c.Value})
	}
	return cells
}

// registry holds the rulesets in the order `-table all` computes them.
var registry = append(builtinRook(), wythoff, deletenim, vdn, josephusnim)

// All returns every registered ruleset, in a fixed order; the slice is a copy.
func All() []Ruleset { return slices.Clone(registry) }

// IDs returns the registered ids in the order of All.
func IDs() []string {
	ids := make([]string, len(registry))
	for i, r := range registry {
		ids[i] = r.ID
	}
	return ids
}

// Lookup returns the ruleset with the given id, built in or registered;
// ok is false if there is none.
func Lookup(id string) (r Ruleset, ok bool) {
	if i := slices.IndexFunc(registry, func(r Ruleset) bool { return r.ID == id }); i >= 0 {
		return registry[i], true
	}
	registered.RLock()
	defer registered.RUnlock()
	r, ok = registered.games[id]
	return r, ok
}

// registered holds the games of one's own that Register made known.
var registered struct {
	sync.RWMutex
	games map[string]Ruleset
}

// Register makes Lookup find r, a game of a game file, by its id for the
// rest of the process, as the commands do with the game files they are
// given or find recorded in a result file, so that the code that names a
// table by its id serves it. Registering a game again is no error; an id
// taken by another game (another identity, or a table written in code) is
// refused with ErrGame. All and IDs list the built-in tables only.
func Register(r Ruleset) error {
	if r.game == nil {
		return fmt.Errorf("%w: %s is not a game of a game file", ErrGame, r.ID)
	}
	if have, ok := Lookup(r.ID); ok {
		if have.Identity() != r.Identity() {
			return fmt.Errorf("%w: id %q is taken by another game (identity %.16s…, this one %.16s…); give the game an id of its own", ErrGame, r.ID, have.Identity(), r.Identity())
		}
		return nil
	}
	registered.Lock()
	defer registered.Unlock()
	if registered.games == nil {
		registered.games = make(map[string]Ruleset)
	}
	registered.games[r.ID] = r
	return nil
}

// ValidIDs is the list of ids for an error message: "nim, g1, …".
func ValidIDs() string { return strings.Join(IDs(), ", ") }

// Resolve returns the table a -table entry names: a built-in id, or the
// path of a game file (one ending in .toml or holding a path separator).
// A game file whose id is a built-in table's but whose rules are not is
// refused: its output files would take that table's names.
func Resolve(entry string) (Ruleset, error) {
	if !strings.HasSuffix(entry, ".toml") && !strings.ContainsRune(entry, '/') && !strings.ContainsRune(entry, filepath.Separator) {
		r, ok := Lookup(entry)
		if !ok {
			return Ruleset{}, fmt.Errorf("%w: unknown table %q (the tables: %s; or the path of a game file, ending in .toml)", ErrUnknown, entry, ValidIDs())
		}
		return r, nil
	}
	g, err := LoadGame(entry)
	if err != nil {
		return Ruleset{}, err
	}
	if builtin, ok := Lookup(g.ID); ok && builtin.Identity() != g.Identity() {
		return Ruleset{}, fmt.Errorf("game file %s: %w: id = %q is the built-in table's, whose rules are other (identity %.16s… against %.16s…); give the game an id of its own",
			entry, ErrGame, g.ID, g.Identity(), builtin.Identity())
	}
	return g.Ruleset(), nil
}

// ErrUnknown reports a -table entry that is neither a table id nor a file.
var ErrUnknown = errors.New("unknown table")

// IsBuiltin says id is a table built into the tool (All), not a registered
// game of one's own.
func IsBuiltin(id string) bool {
	return slices.ContainsFunc(registry, func(r Ruleset) bool { return r.ID == id })
}

// Record is the game's record for result files (Game.Record), or nil for a
// table written in code.
func (r Ruleset) Record() *GameRecord {
	if r.game == nil {
		return nil
	}
	return r.game.Record()
}
