// Package proof proves that the cells of value at most V of a rook table
// (nim, g1, gneg1, gstarneg1, passnim, and the game files with rook
// moves, docs/games.md) are periodic along the diagonal for all x and y,
// not only up to some n, from a repeated band state.
//
// # Why a repeated state is a proof
//
// Let c(x, y) = min(G(x, y), V + 1). The band sweep (package engine/band)
// computes c row by row, and what it carries from one row to the next is
// its State: the value sets, cut to 0 … V, of the columns that are not yet
// full, where they lie, and from which column on every column is still
// empty. Away from the base cells, which lie in the first rows, c(x, y) is
// the capped mex of the row so far, the column so far and the extra value
// of the rules; so the state before row x determines every cell of every
// later row. And the rules are the same at (x + t, y + t) as at (x, y):
// the options of a cell are the cells to its left and above it, which move
// with it. So if the state before row x₀ + P is the state before row x₀
// moved P along the diagonal (band.State.Repeats: the same column sets at
// the same offsets from the next row), with x₀ past the rows of base cells,
// then row x₀ + P is row x₀ moved P along the diagonal, the states before
// rows x₀ + P + 1 and x₀ + 1 agree again, and by induction every row
// x ≥ x₀ + P is row x − P moved: the cells of every value ≤ V are periodic
// with period P from row x₀, for all x. The tables are symmetric, so the
// columns are too; the rows before x₀ are computed. For every v ≤ V the
// pattern of v is then proved; its least period divides P (Patterns).
//
// # Two-pile nim with a pass
//
// In G_P the pass adds the option value x XOR y, which is not the same at
// (x + t, y + t). But only min(x XOR y, V + 1) matters to c, and for
// 2^m > V, x XOR y ≤ V exactly when x and y agree above bit m, which adding
// 2^m to both keeps (it adds the same to their high parts), leaving their
// low parts and so x XOR y unchanged. So for G_P only repeats with P a
// multiple of the least power of two above V (Stride) count; a repeat of
// the state at another P is no proof: the state of G_P with V = 2 before
// row 9 is the one before row 3 moved 6, yet the value 2 has period 4.
//
// # A game file's pass
//
// With a game file's pass to a game G₀ other than nim (band.Rules.Passless)
// the extra value of (x, y) is G₀(x, y), capped: the cell of G₀'s own
// capped table at the same place, which a band sweep of G₀ beside the
// table computes, carried in the state as band.State.Passless. G₀ is a
// rook table without an extra value, so its state before row x determines
// its later rows, and with them, and the table's own state, the table's;
// both move with the diagonal. So a repeat needs both states to repeat,
// and then any P will do (Stride 1). Misère two-heap nim with a pass has
// states before rows 7 and 11 (V = 4) that repeat with the pass and not
// without: the search's key sums both states, each with keys of its own,
// and the exact comparison, the certificate and Check hold both (the
// independent check computes G₀'s capped band itself).
//
// # Finding and checking
//
// Search sweeps with n = Infinity (FarSide beyond the rows Check
// reaches), which stands for the infinite table: its rows fill long before
// column n, so it never looks beyond its window. It keeps a hash (key) of
// the state relative to the next row, updated with one hash a row that the
// band's workers compute (tracker, band.Config.RowHash), and the
// keys of every D-th row only (marks), so its memory does not grow with
// the rows; a key match is only a candidate: two sweeps in lockstep then
// compare the states exactly (band.State.Repeats), and a match of keys
// alone never counts. It returns the least x₀ and for it the least P,
// within a bound of rows, or reports that there is no repeat up to it; a
// search of hours saves its state (SearchState) and resumes. Largest
// climbs on V, repeating within the bound being monotone in V.
//
// A Certificate ("grundy-proof/1") holds the table, V, x₀, P and the state
// before row x₀. Check re-verifies it on its own: it streams the band
// sweep's rows 0 … x₀ + P − 1 into the independent check of package
// conjecture/bandcheck, which checks every cell from its own statement of
// the moves, and compares that check's own states before rows x₀ and
// x₀ + P with each other and with the certificate's, exactly (a reached
// column that holds nothing counts as the empty column it is). With
// several workers the rows are checked in segments at once, each checker
// started from the band's state at its first row, and every such seed is
// compared exactly with the state the checker before it reaches there, so
// the check stays the one stream's. The
// certificates of the papers' V name their statements — Theorems 4 and 5
// of Abuku, Fukui, Katayama, Suetsugu, "Relationship between misère nim
// and two-player goishi hiroi" (arXiv 2412.03996), for G₋₁ and G*₋₁ and
// the values 0 … 3, and Lemma 4 of Manabe, Miyadera, Suetsugu, "On the
// Sprague-Grundy values of games with a pass", for G_P and 0 … 2 — and
// Check runs their claim checkers on the rows of the proved period
// (CheckStatements). A certificate of a climb also records its outcome
// (SearchOutcome: the bound, and the first V whose state does not repeat
// within it), a search result beside the proof, not part of it.
package proof
