// Package games holds the game files of the tables built into the tool, as
// files a user can read, copy and change: each is a TOML game file (see
// docs/games.md) that package tables parses into its registry, so that
// `-table gneg1` and `-table games/gneg1.toml` are one game. The example
// games of one's own beside them are not built in.
package games

import "embed"

// Builtin holds the built-in rook tables' game files, in no order; package
// tables gives the order of its registry.
//
//go:embed nim.toml g1.toml gneg1.toml gstarneg1.toml passnim.toml
var Builtin embed.FS
