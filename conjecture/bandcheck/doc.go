// Package bandcheck checks a band run independently: the cells a band
// sweep streams for a table and a cap V, the cells whose value
// c(x, y) = min(G(x, y), V + 1) is at most V, are checked cell by cell
// against the table's game as package moves states it from its paper,
// never against the engine or the rules it computes.
//
// The cap is exact: the mex of a set S is at most V exactly when some
// value 0 … V is missing from S, and is then the mex of S ∩ [0, V]; so
// min(mex(S), V + 1) depends only on the option values ≤ V, which are the
// cells of the stream. A cell in the stream must hold that capped mex, and
// a cell outside it must have capped value V + 1: its row so far (the
// cells to its left), its column so far (the cells above) or, in Wythoff's
// Nim, its diagonal so far already holds all of 0 … V, or else the union
// of its options' values and its extra value covers 0 … V.
//
// To do this without visiting all n² cells, a Checker keeps the set of
// values ≤ V of every column that is not yet full (holds all of 0 … V)
// and that some row has reached, and walks each row only over those
// columns and the fresh ones beyond them, until the row's own set is full
// or the row ends: every cell it skips has a full row or column, so V + 1.
// Its memory follows the live columns, not n: they lie in a window of
// columns, a ring that slides along the diagonal with the rows. A row is
// one merge of two increasing sequences, its candidate columns and the
// stream's cells, with no sort and no allocation; the rows of a rook
// table after its fixed positions take a loop of their own, with nothing
// live but the row, the window and the stream (about 6 ns of CPU a cell
// at V = 80 on a 2-core AMD EPYC, against 13 before the window). A fixed position (a base
// cell) is checked against its fixed value wherever it lies; a fixed value
// below 0, a forbidden move target, is a capped value ≤ V, so the stream
// must carry it.
//
// With a game file's pass to a game G₀ other than nim
// (moves.Game.Passless), the extra value of a cell is G₀'s capped value
// there, and the checker computes G₀'s rows itself, row by row, with a
// checker of G₀ that computes instead of checking (pass.go); the positions
// without a move have no pass and are fixed at 0. Its State holds both.
//
// With a game file's subtraction limit the options are windows, which
// values leave, so no window of live columns serves: every cell of every
// row is walked (limit.go).
//
// The tables it checks are the rook tables nim, g1, gneg1, gstarneg1 and
// passnim, the game files of rook moves, and Wythoff's Nim, whose diagonals it keeps too. Wythoff's
// values ≤ V lie along two rays, y ≈ x/φ and y ≈ φx, and the columns
// between them stay live, so there the work and memory per row grow like
// x: with V = 20 there are 1009 live columns before row 1000 (y = 615 …
// 1623) and 10009 before row 10000 (y = 6177 … 16185). Only about 25
// diagonals are live at a time, but a full diagonal must stay known as
// full, so about x of them are kept too. It refuses the others:
//
//   - deletenim, vdn: the options of (x, y) are two whole anti-diagonals,
//     which run into later rows and hold no row or column prefix, so no
//     capped set of the rows so far decides a cell, and a value ≤ V absent
//     from the stream cannot be told from one > V;
//   - josephusnim: a column's options are a window whose start rises with
//     x, so values leave it and a column set that was full does not stay
//     full: a full column no longer proves V + 1 for the cells below.
package bandcheck
