// Package proof proves that the cells of small value of a rook table are
// periodic along the diagonal for all x and y, from a repeated band state.
package proof
