// Package thesis holds the claims of Abuku, "A Study on Combinatorial
// Games" (PhD thesis, University of Tsukuba, 2020): nim, Wythoff's Nim,
// cyclic and generalized cyclic Nimhoff, subtraction and all-but games,
// Delete Nim and VDN, on their solvers and on the tables wythoff,
// deletenim and vdn.
package thesis
