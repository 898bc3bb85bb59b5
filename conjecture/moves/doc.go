// Package moves states the moves of every table's game on its own, from
// its paper, for the checks to read instead of the rules the engine
// computes (tables.*.Rules): a wrong rule in that data then shows up as
// cells that break the definition, instead of being checked against
// itself.
//
// A Game gives, for each position (x, y) of its table,
//
//   - whether the definition fixes its value (a terminal position given a
//     value, a forbidden move target, a pair that is no position), and
//   - otherwise its options, listed one by one by Options, as positions of
//     the same table and as extra values: options outside the table whose
//     value is known, like the pass of nim with a pass, which leads to
//     plain two-heap nim, of value x XOR y.
//
// Options is written from each paper's moves (remove tokens from a heap,
// delete a heap and split the other, remove stones of a weight); the
// shape fields (Kind, Diagonal, Shift, MinHeap, JosephusRow, JosephusColumn)
// state the same options as the lines the streaming checks keep sets for,
// and the tests compare the two on every position of a square.
//
// Nothing here imports the engine or the tables package.
package moves
