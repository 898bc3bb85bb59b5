// Package pass holds the claims of Manabe, Miyadera, Suetsugu, "On the
// Sprague-Grundy values of games with a pass": two-pile nim with a pass
// (Table 3, Lemma 4) on the table passnim, and the one-pass compound,
// one-move games and chocolate bars CB(F, x, y, z) on their solvers.
package pass
