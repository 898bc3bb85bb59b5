package solver

import (
	"encoding/binary"
	"slices"
)

// Forms numbers game trees up to isomorphism (003, Definition 3.8: two
// positions are isomorphic if they have the same game tree). The tree of
// a position has a child for each of its distinct options, with the
// option's own tree below it; two trees are isomorphic when their roots'
// children can be paired off with isomorphic subtrees. Forms gives two
// positions the same number exactly when that holds: a position's number
// stands for the sorted list (a multiset) of its options' numbers, and
// equal lists get equal numbers, so the comparison is structural all the
// way to the terminal positions and never looks at values. Positions of
// different games are compared just the same, which is how VDN and Delete
// Nim are compared (Theorem 3.9).
//
// A Forms is not safe for concurrent use.
type Forms struct {
	byKey  map[string]int // Game.Key → number
	byList map[string]int // encoded sorted child numbers → number
}

// NewForms returns an empty numbering.
func NewForms() *Forms {
	return &Forms{byKey: make(map[string]int), byList: make(map[string]int)}
}

// ID returns the number of g's game tree; 0 is the tree of a terminal
// position. Isomorphic trees, and only they, get equal numbers within one
// Forms.
func (f *Forms) ID(g Game) int {
	k := g.Key()
	if id, ok := f.byKey[k]; ok {
		return id
	}
	opts := g.Options()
	children := make([]int, len(opts))
	for i, o := range opts {
		children[i] = f.ID(o)
	}
	slices.Sort(children)
	var list []byte
	for _, c := range children {
		list = binary.AppendUvarint(list, uint64(c))
	}
	id, ok := f.byList[string(list)]
	if !ok {
		id = len(f.byList)
		f.byList[string(list)] = id
	}
	f.byKey[k] = id
	return id
}
