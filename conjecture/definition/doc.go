// Package definition checks every cell of every table against the
// definition of its ruleset, as claims "<table>.definition": each cell
// must be the mex of the values of its options as the ruleset defines
// them (row, column, diagonal, split or Josephus moves, excluded value,
// base cells). The moves come from package moves, stated from the papers,
// never from the rules the engine computes (tables.*.Rules), so a wrong
// rule there shows as failing cells. The checks are written from the
// definitions, apart from the engine: they verify (g ∉ options, every value below g ∈ options)
// rather than search, keep their own sliding sets, and share no code with
// the engine's kernels. They stream the table once, in memory that grows
// like n times the window of values a line keeps, never like n².
//
// Beside them are the cheap necessary conditions, each its own claim:
// "<table>.rows" and "<table>.columns" (a value at most once in a row or
// column, where row and column moves imply it) and "<table>.symmetric"
// (G(x, y) = G(y, x), where the game is symmetric).
package definition
