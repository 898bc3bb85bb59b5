package main

import (
	"cmp"
	"fmt"

	"github.com/grundy-lab/grundy/cmd/internal/gamefiles"
	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// registerDatasetGame makes the game a values dataset at path records
// known by its id (gamefiles.FromRecord), so that the checks of a game of
// one's own read its rules from the dataset itself. A path that is not a
// dataset, or a dataset that records no game, is left to the checks.
func registerDatasetGame(path string) error {
	d := openDataset(path)
	if d == nil || d.Manifest.Game == nil {
		return nil
	}
	if _, err := gamefiles.FromRecord(d.Manifest.Game); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// openDataset returns the values dataset at path, or nil for a path that
// is not one or a dataset that cannot be opened: the check that reads it
// reports the damage.
func openDataset(path string) *valuesds.Dataset {
	if !valuesds.IsDataset(path) {
		return nil
	}
	d, err := valuesds.Open(path)
	if err != nil {
		return nil
	}
	return d
}

// checkPatternsGame refuses a -claims-from patterns file that is not of the
// game of -game (checkGameFile, as -certificate does), and one checked
// against a values dataset -in that records another game than -game or
// than the patterns file, naming both identities and the files: the
// patterns of one game are never re-checked on another's cells, nor its
// proved values on another's certificate.
func checkPatternsGame(opts options, file pattern.File) error {
	if err := checkGameFile(opts.game, file.Table, file.Game); err != nil {
		return fmt.Errorf("-claims-from %s: %w", opts.claimsFrom, err)
	}
	d := openDataset(opts.in)
	if d == nil || d.Manifest.Game == nil {
		return nil
	}
	in := d.Manifest.Game
	if err := checkGameFile(opts.game, in.ID, in); err != nil {
		return fmt.Errorf("-in %s: %w", opts.in, err)
	}
	if file.Game != nil && file.Game.SHA256 != in.SHA256 {
		return fmt.Errorf("-claims-from %s records the game %s of identity %s, but -in %s records the game %s of identity %s: "+
			"give the values dataset of the game its patterns were searched on", opts.claimsFrom, file.Game.ID, file.Game.SHA256, opts.in, in.ID, in.SHA256)
	}
	return nil
}

// checkGameFile checks that the game file at path (if one is given) is the
// game a file records: table, and its record (nil for a file written
// before games were recorded, which names a built-in table by its id).
// Another identity is refused, naming both.
func checkGameFile(path, table string, recorded *tables.GameRecord) error {
	if path == "" {
		return nil
	}
	g, err := tables.LoadGame(path)
	if err != nil {
		return usageError{fmt.Sprintf("-game: %v", err)}
	}
	want := ""
	switch {
	case recorded != nil:
		want = recorded.SHA256
	default:
		if r, ok := tables.Lookup(table); ok {
			want = r.Identity()
		}
	}
	if g.ID != table || g.Identity() != want {
		return fmt.Errorf("-game %s is the game %s of identity %s; the file records the game %s of identity %s",
			path, g.ID, g.Identity(), table, cmp.Or(want, "(none recorded)"))
	}
	return nil
}
