package main

import (
	"cmp"
	"fmt"

	"github.com/grundy-lab/grundy/cmd/internal/gamefiles"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// registerDatasetGame makes the game a values dataset at path records
// known by its id (gamefiles.FromRecord), so that the checks of a game of
// one's own read its rules from the dataset itself. A path that is not a
// dataset, or a dataset that records no game, is left to the checks. With
// bandCheck (the check of every cell against the game's moves), a game
// with a subtraction limit, or whose pass leads to a game other than
// two-heap nim, is refused: the independent checks do not state its moves
// yet.
func registerDatasetGame(path string, bandCheck bool) error {
	if !valuesds.IsDataset(path) {
		return nil
	}
	d, err := valuesds.Open(path)
	if err != nil || d.Manifest.Game == nil {
		return nil // the check that reads it reports the damage
	}
	r, err := gamefiles.FromRecord(d.Manifest.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if g, _ := r.Game(); bandCheck && g.Limit > 0 {
		return fmt.Errorf("%s: the game %s has a subtraction limit (limit = %d), whose moves the independent checks do not state yet "+
			"(docs/games.md, \"Not yet\"), so its cells cannot be checked here; its cells_sha256 %s… is the full sweep's", path, r.ID, g.Limit, d.Manifest.CellsSHA256[:16])
	}
	if bandCheck && r.Rules.Passless != nil {
		return fmt.Errorf("%s: the game %s passes to a game other than two-heap nim, whose moves the independent checks do not state yet "+
			"(docs/games.md, \"Not yet\"); its cells_sha256 %s… is the full sweep's", path, r.ID, d.Manifest.CellsSHA256[:16])
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
