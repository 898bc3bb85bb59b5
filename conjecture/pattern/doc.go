// Package pattern searches a Grundy table for the kind of statement the
// papers prove about its smallest values, and checks such statements against
// other tables.
//
// # The form of the statements
//
// In the rook tables of package tables every value occurs at most once per
// row (a cell's value differs from all values to its left, which are its
// options), so for each value v the cells {(x, y) : G(x, y) = v} are a
// partial function y = f_v(x). Theorems 4 and 5 of the goishi-hiroi paper
// and Lemma 4 of the pass paper all say that f_v is periodic up to a shift:
// for x ≥ x₀, f_v(x) − x depends only on x mod p, plus a finite list of
// exceptions. Theorem 4(4), for instance,
//
//	G₋₁(x, y) = 3 iff (x, y) ∈ {(4n−2, 4n), (4n−1, 4n+1), (4n, 4n−2), (4n+1, 4n−1) | n ≥ 2}
//	                          ∪ {(0, 4), (1, 3), (2, 5), (3, 1), (4, 0), (5, 2)}
//
// is period 4 from x₀ = 6 with offsets (−2, −2, +2, +2) by x mod 4, and the
// six cells of the rows x < 6 as exceptions. A Pattern holds such a
// statement; Search finds, for one value, the smallest period p and then the
// smallest start x₀ for which it holds on a table, under an acceptance rule
// (see below), or reports what it searched and the best tail fits it saw.
//
// Exceptions are defined row by row: they are all the cells of value v in
// the rows x < x₀, where x₀ is the least row from which every row follows
// the periodic rule. This is how the papers' proofs state the results. Two
// printed statements differ from it in form, not in content:
//
//   - Lemma 4(b) of the pass paper prints the exceptions {(0, 2), (2, 0)} and
//     the rule "x = y, x ≠ 0, 2"; its proof (x + y = 2 or x = y > 2) and the
//     search have x₀ = 3 and exceptions {(0, 2), (1, 1), (2, 0)}: the same
//     cells, (1, 1) happening to follow the rule without starting it.
//   - Lemma 4(c) states its rule as (x−1) ⊕ (y−1) = 3 with x, y ≥ 9. That is
//     period 4 from x₀ = 9 with offsets (−3, +3, +1, −1); the rows x ≥ 9 of
//     this rule all have y ≥ 9, so "x ≥ 9" and "x, y ≥ 9" agree. In general
//     the tables are symmetric, and a cell (x, y) of the periodic part with
//     y < x₀ has its mirror (y, x) among the exceptions: the union is the
//     same set of cells either way. Pattern.XOR finds such nim-sum forms.
//
// # Game files: a value twice in a row
//
// A game file (docs/games.md) may prescribe cells in the corner
// 0 ≤ x, y ≤ 255, and a prescribed cell may repeat a value of its row: a
// cell prescribed 0 right of the 0 the mex gives, or two cells prescribed
// 1. A mex cell differs from every option left of it, so it is the first
// cell of its value in its row: every further cell of v in a row is
// prescribed, and such rows lie among the rows 0 … 255. The statement
// keeps its form: from x₀ on, every row holds v exactly once, at
// x + d(x mod p), so x₀ lies past every row holding v more than once, and
// those rows' cells, all of them, are among the exceptions, as every cell
// of v below x₀ is. Both indexes keep the cells beyond a row's first
// aside (column.extra); the search never lets a tail fit start at or
// below the last row holding v twice (column.repeatFloor), and Check
// compares every cell of a row with the ones the pattern puts there, so
// a second cell the pattern leaves out, or a row from x₀ on holding v
// twice, is a violation. The patterns file lists the exceptions as cells
// (x, y), which holds several cells of one row as well as one; verify
// -claims-from re-checks them the same way, from a values dataset or a
// table file. A proof (package proof) makes the same rows exceptions: its
// start lies past every row of base cells holding v twice. (A game with a
// subtraction limit, which only the full sweep computes, repeats values
// anywhere: a search of its table file stays exact, x₀ past its last row
// holding v twice, and so finds no pattern where they repeat throughout.)
// The mirror
// argument above holds for a game whose cells are symmetric; the cells of
// a row holding v twice have mirrors in one column, in distinct rows.
//
// Theorem 4(4) of the goishi-hiroi paper as printed says n > 2, which leaves
// out G₋₁(6, 8) = G₋₁(7, 9) = G₋₁(8, 6) = G₋₁(9, 7) = 3; its proof, and the
// other copy of the paper, say n ≥ 2, which is what the tables show.
//
// # Finite tables
//
// A table over 0 ≤ x, y ≤ n shows f_v(x), the first cell of v in row x,
// only when f_v(x) ≤ n. In a rook table,
//
//	f_v(x) ≤ x + v + 1 + c(x) + e_v(x),
//
// c(x) the prescribed (base) cells of row x and e_v(x) the cells of v in
// the rows above x beyond the first of their row. Each cell of row x
// before the first v is prescribed (at most c(x) cells, of any value or
// −1), or a mex cell of a value below v (at most v: a mex cell's value
// differs from every value left of it, so the mex cells of a row have
// distinct values), or a mex cell above v, which has v among its options:
// above it, in at most x + e_v(x) columns (the cells of v in the rows
// above), or as its pass (at most one cell: the pass leads to the game
// without it, whose row x holds v in one mex cell at most). In the
// built-in tables c(x) ≤ 1 (the cell (0, 0) of G₁ and G₋₁) and
// e_v(x) = 0, which is f_v(x) ≤ x + v + 2; in a game file's table
// c(x) = 0 from row 256 on, and e_v(x) is at most the number of cells it
// prescribes with value v. So f_v is partial only at the table's edge.
// The search does not rest on the bound: it calls decided the rows
// x ≤ n − dmax, dmax the largest offset f_v(x) − x seen (column.decided),
// a row among them without v ending the tail fits there. A row whose
// predicted cell lies beyond column n is missing data: it is neither a
// violation nor a confirmation.
//
// # The search
//
// For every period p up to a quarter of the decided rows (those whose
// cell of v lies inside the table), the tail fit is the least x₀ from which
// f_v(x) − x = f_v(x+p) − (x+p) on every decided row; it is found by
// comparing rows pairwise from the last one down and stopping at the first
// difference, so a period the tail does not have costs a few rows, and all
// of them together far less than one scan per period. A fit is accepted if
// it repeats at least MinPeriods (4) whole periods after x₀ and covers at
// least a quarter of the decided rows, every row below x₀ holds v inside the
// table (so the exceptions are complete), and Check finds no contradiction
// on any row (a second cell of v in a row from x₀ on, say). Evidence is the number of
// periods observed after x₀.
//
// The search runs on the first half, the first three quarters and all of
// the rows. A fit found on fewer rows that a later stage contradicts broke
// somewhere: the value is Unstable, with the row of the first contradiction
// and the tail fit that follows it (G_P v = 39 at n = 20000: period 40 from
// x₀ = 2842 until row 17364). Every statement is a conjecture verified on
// 0 ≤ x, y ≤ n, graded A, B or C (see Result.Grade); Pattern.Form writes
// its periodic part compactly, FindLaws looks for laws in v across values.
//
// # Memory
//
// An Index keeps only f_v(x), an int32 per value and row, built in one
// streaming pass over the bands of engine.Compute or of a Source (a table
// file, TableFile, or any other stream of rows): for n = 10000 and v ≤ 40
// that is 1.6 MB instead of the table's 400 MB. At n = 10⁸ and v ≤ 200
// that would be 80 GB: a BandIndex takes the rows of the band sweep
// (engine/band) instead, keeps each value's offsets f_v(x) − x as int16 in
// zstd-compressed chunks (periodic values compress to almost nothing),
// spilling them to a file beyond a memory budget, and searches one value at
// a time, materialising only its column (4·(n+1) bytes). With a journal of
// its chunks on disk, its state at a row (StateAt) is small, and
// ResumeBandIndex goes on from it after the process ends. Both indexes feed
// the same search (the unexported column type), so their results agree.
//
// # Files
//
// File is the patterns JSON of the command line, {"table", "n", "patterns":
// [{"value", "period", "start", "offsets", "exceptions", "confirmed_to"}],
// "no_pattern", "values", "laws"}, written by Encode and read, with every
// pattern validated, by Decode. A value proved for all x, y (status
// "proved", see Proof) carries a proof block naming its certificate by file
// name and SHA-256, so that verify -claims-from can re-check exactly that
// certificate and the value's pattern against it. Markdown renders the
// results as a conjecture report, statements in the papers' own notation,
// led by the theorem the proved values make, stated once per table.
package pattern
