// Package band computes the cells of value at most V of a rook-move
// Sprague-Grundy table, visiting only a band of about V cells per row.
//
// Let c(x, y) = min(G(x, y), V+1). Then c obeys the recurrence of G with
// every value set cut to 0..V: the mex of a set S is at most V exactly when
// some value of 0..V is missing from S, and then it is the mex of S ∩ [0, V];
// otherwise it is at least V+1, and c = V+1. So every row and column set
// needs only V+1 bits, whatever n is, and once a row's set holds all of
// 0..V every later cell of that row is V+1 and adds nothing to any set (the
// same for a column). Those cells are never visited: a row is walked over
// the columns that are not yet full, and only until the row itself is full.
// In the tables of the goishi-hiroi paper (G₀, G₁, G₋₁, G*₋₁) and in
// two-pile nim with a pass (G_P) the cells of value at most V lie within
// |x − y| ≤ V+1, and a row fills after about V+1 visited cells.
//
// The tables the band serves are symmetric, G(x, y) = G(y, x), and their
// rows are walked from the diagonal on (onesided.go): row x starts with
// column x's set, the values of the cells (y, x) above it, which are its
// own cells left of the diagonal; a row keeps the cells it finds right of
// its diagonal as a byte each (its right part), from which the rows below
// take their left cells once their band is done (dense.go). That visits
// half the cells; State stays the two-sided one. Rules that are not
// symmetric, and V ≥ 255, are swept on both sides.
//
// Only the columns that are not yet full are kept: a window that moves along
// the diagonal, so memory does not grow with n (State). Rows are swept in
// segments; inside a segment the window is fixed and the rows go in bands
// of Tile rows, each band split into tiles of Width columns, as a pipeline:
// tile j of band b needs tile j of band b−1 done (its columns) and tile j−1
// of band b (its rows). Each worker owns the band it sweeps and the columns
// of the tile it is in. A worker waiting for the band above unpacks its
// finished bands meanwhile, and hands them to the caller about SoloTile
// rows at a time; the caller takes them in order. One worker sweeps on
// the caller's goroutine, band after band, and hands nothing over. For
// V < 255 the per-cell loop is written in amd64 assembly (fillTile4Word),
// which walks a word of 64 columns for every row of a band in one call and
// keeps a row's set and its walk in registers (built three times: with the
// look at the excluded value x XOR y, without it for rules that have none,
// and with the pass's excluded values read from bytes);
// other architectures, and builds with the purego tag, run the Go loop it
// mirrors, and the tests compare them on random rows and columns.
//
// Only rook moves are served: a move lowers one coordinate by any positive
// amount, plus optionally the extra value x XOR y (the pass of G_P), or the
// pass over any rook table G₀ (Rules.Passless: the extra value G₀(x, y),
// whose capped cells a sweep of G₀ run a segment ahead gives, pass.go). Other
// rulesets are refused by the callers (see the tables package), never
// computed wrongly: Wythoff's values at most V lie along the two rays
// y ≈ x/φ and y ≈ φx, so a column must be remembered from the first ray to
// the second, which is not a window of bounded width; the split games
// (Delete Nim, VDN) take their options on anti-diagonals, which a cap on
// row and column sets does not skip; and Josephus Nim's options are a window
// of the column, not all of it, so a full column set does not make a cell
// V+1.
package band
