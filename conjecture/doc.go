// Package conjecture registers the checkable statements of the papers in
// ../shared/seeds as claims, and checks each against the computed tables
// and against solvers of the games built from their rules, reporting every
// counterexample it finds.
//
// A claim is encoded exactly as printed, quantifier ranges included. Where
// the two conversions of a paper disagree, or a statement is ambiguous, the
// reading chosen is recorded in the claim's Note. Where a printed statement
// fails and the paper's own proof or tables show an evident typo, a second
// claim with the id suffix ".corrected" carries the smallest correction that
// makes it true; both are reported, so the package never silently repairs a
// paper.
//
// Claims about a table read its bands as a stream (one pass over a table
// feeds every claim about it), keeping at most a small corner or one row,
// so a table of 10⁸ cells is never held in memory. Claims about a game
// compare with a solver of that game (solver.GoishiHiroiOutcome,
// solver.PassNimGrundy, solver.Chocolate, solver.OnePassCompoundGrundy,
// solver.SubtractionGrundy, solver.NewGCN, the pair games solver.Wythoff,
// solver.DeleteNim, solver.VDN and solver.JosephusNim, the Josephus circle
// solver.JosephusOrder), never with the recurrence or formula the claim is
// about, up to a bound.
package conjecture
