package engine

import "fmt"

// SetKind chooses how the engine stores the value sets of rows, columns and
// diagonals. It never changes the values, only speed and memory.
type SetKind int

const (
	// AutoSets chooses DenseSets for n below SparseFromN and SparseSets
	// from there on.
	AutoSets SetKind = iota
	// DenseSets are bitsets of (2n+2)/8 bytes each (3n for diagonal
	// moves), with a summary bit per word: n²/4 bytes for the columns.
	DenseSets
	// SparseSets store only the words that are neither full nor empty
	// (sparse.go), so their memory follows those words, not n. Split and
	// Josephus moves and subtraction limits ignore it and use dense sets
	// (a limit's sets have a few words: limit.go).
	SparseSets
)

// SparseFromN is the smallest n at which AutoSets chooses sparse sets.
const SparseFromN = 32768

// String names the kind as the -sets flag spells it.
func (k SetKind) String() string {
	switch k {
	case AutoSets:
		return "auto"
	case DenseSets:
		return "dense"
	case SparseSets:
		return "sparse"
	}
	return fmt.Sprintf("SetKind(%d)", int(k))
}

// Sparse reports whether k chooses sparse sets for a rook-move table (no
// split or Josephus moves) at n.
func (k SetKind) Sparse(n int) bool { return k == SparseSets || (k == AutoSets && n >= SparseFromN) }

// sparseFor reports whether a sweep of rules at n uses sparse sets.
func (k SetKind) sparseFor(rules Rules, n int) bool {
	if rules.Split != nil || rules.Josephus || rules.Limit > 0 {
		return false
	}
	return k.Sparse(n)
}
