// Package goishi holds the claims of Abuku, Fukui, Katayama, Suetsugu,
// "Relationship between misère nim and two-player goishi hiroi"
// (arXiv 2412.03996): the printed Tables 1–4, Theorems 2–5 and
// Proposition 1, on the tables nim, g1, gneg1 and gstarneg1 and on the
// goishi hiroi solver.
package goishi
