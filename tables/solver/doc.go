// Package solver holds the oracles the claims are checked against: solvers
// of the papers' games built straight from their rules (goishi hiroi on a
// line, nim with one pass, chocolate bars, the one-pass and disjunctive
// compounds of any games, subtraction games, generalized cyclic Nimhoff,
// the pair games Wythoff, Delete Nim, VDN and Josephus Nim, the Josephus
// circle). They enumerate options and take mexes by memoized search, so
// they are slow and small; they never share code with the engine or with
// the rulesets of package tables, which is what makes them independent
// witnesses.
package solver
