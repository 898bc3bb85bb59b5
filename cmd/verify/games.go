package main

import (
	"fmt"

	"github.com/grundy-lab/grundy/cmd/internal/gamefiles"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// registerDatasetGame makes the game a values dataset at path records
// known by its id (gamefiles.FromRecord), so that the checks of a game of
// one's own read its rules from the dataset itself. A path that is not a
// dataset, or a dataset that records no game, is left to the checks.
func registerDatasetGame(path string) error {
	if !valuesds.IsDataset(path) {
		return nil
	}
	d, err := valuesds.Open(path)
	if err != nil || d.Manifest.Game == nil {
		return nil // the check that reads it reports the damage
	}
	if _, err := gamefiles.FromRecord(d.Manifest.Game); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
