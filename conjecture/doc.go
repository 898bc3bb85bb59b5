// Package conjecture is the claim framework: a Claim is one checkable
// statement of a paper with a checker that returns every counterexample
// it finds, and Run checks a list of claims against streamed tables and
// game solvers, one pass per table shared by all its claims. The claims
// themselves live in one package per paper (conjecture/goishi, pass,
// thesis, josephus), the definition checks of the tables in
// conjecture/definition, and the list of them all in conjecture/papers;
// the pattern search is conjecture/pattern.
//
// A claim is encoded exactly as printed, quantifier ranges included. Where
// the two conversions of a paper disagree, or a statement is ambiguous, the
// reading chosen is recorded in the claim's Note. Where a printed statement
// fails and the paper's own proof or tables show an evident typo, a second
// claim with the id suffix ".corrected" carries the smallest correction that
// makes it true; both are reported, so the framework never silently repairs
// a paper.
//
// Claims about a table read its bands as a stream, keeping at most a small
// corner or a few rows, so a table of 10⁸ cells is never held in memory.
// Claims about a game compare with a solver of that game from
// tables/solver, never with the recurrence or formula the claim is about,
// up to a bound.
package conjecture
