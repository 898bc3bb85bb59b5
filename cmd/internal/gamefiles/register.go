// Package gamefiles makes the games of game files known to the code that
// names a table by its id: the proof search, the pattern search, the
// independent band check (package moves) and the claims. The commands
// register each game file their -table names and each game a result file
// records, before they read the file.
package gamefiles

import (
	"fmt"

	"github.com/grundy-lab/grundy/conjecture/moves"
	"github.com/grundy-lab/grundy/tables"
)

// Register makes r known by its id to tables.Lookup and moves.Lookup; a
// built-in table, or a game of the identity already known, is left as it
// is. An id taken by another game is refused.
func Register(r tables.Ruleset) error {
	g, ok := r.Game()
	if !ok {
		return nil // a table written in code: known already
	}
	if have, ok := tables.Lookup(r.ID); ok && have.Identity() == r.Identity() {
		if _, known := moves.Lookup(r.ID); known {
			return nil
		}
	}
	if err := tables.Register(r); err != nil {
		return err
	}
	fixed := make([]moves.Fixed, len(g.Cells))
	for i, c := range g.Cells {
		fixed[i] = moves.Fixed{X: c.X, Y: c.Y, Value: c.Value}
	}
	if err := moves.Register(moves.OfFile(r.ID, r.Source, fixed, g.Moves == tables.MovesRookDiagonal, g.Pass, g.Limit)); err != nil {
		return fmt.Errorf("game %s: %w", r.ID, err)
	}
	return nil
}

// FromRecord returns the table a result file records as its game, checked
// (tables.GameRecord.Game) and registered. A record of a built-in table
// must be that table's.
func FromRecord(rec *tables.GameRecord) (tables.Ruleset, error) {
	g, err := rec.Game()
	if err != nil {
		return tables.Ruleset{}, err
	}
	if known, ok := tables.Lookup(g.ID); ok {
		if known.Identity() == g.Identity() {
			return known, nil
		}
		if tables.IsBuiltin(g.ID) {
			return tables.Ruleset{}, fmt.Errorf("%w: the recorded game %s (identity %.16s…) is not the built-in table %s (identity %.16s…)",
				tables.ErrGame, g.ID, g.Identity(), known.ID, known.Identity())
		}
	}
	r := g.Ruleset()
	return r, Register(r)
}
