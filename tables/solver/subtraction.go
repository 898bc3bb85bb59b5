package solver

import (
	"slices"
	"strconv"
	"strings"
)

// SubtractionSet is a set of positive integers, the moves of a subtraction
// game (003, Definition 1.18): a move removes s tokens from a heap for some
// s in the set. Sets may be infinite, so a set is given by membership.
type SubtractionSet struct {
	// Name identifies the set in keys and reports: "{2, 3}", "ℕ₊ ∖ {4, 8}".
	Name string
	// Contains reports whether s ≥ 1 is in the set.
	Contains func(s int) bool
}

// Finite returns the set of the given positive integers, named "{2, 3}".
// It panics on an element below 1.
func Finite(elems ...int) SubtractionSet {
	in := sortedPositive(elems)
	return SubtractionSet{
		Name:     "{" + joinInts(in) + "}",
		Contains: func(s int) bool { _, ok := slices.BinarySearch(in, s); return ok },
	}
}

// AllBut returns ℕ₊ ∖ excluded, the moves of All-but(excluded) (003,
// Section 1.2.4), named "ℕ₊ ∖ {4, 8}", or "ℕ₊" when nothing is excluded:
// All-but() is nim. It panics on an element below 1.
func AllBut(excluded ...int) SubtractionSet {
	out := sortedPositive(excluded)
	name := "ℕ₊"
	if len(out) > 0 {
		name += " ∖ {" + joinInts(out) + "}"
	}
	return SubtractionSet{
		Name:     name,
		Contains: func(s int) bool { _, ok := slices.BinarySearch(out, s); return s >= 1 && !ok },
	}
}

// SubtractionGrundy returns G_S(0), …, G_S(n), the Grundy values of a
// single heap of Subtraction(S), from the rules:
// G_S(x) = mex{G_S(x − s) : s ∈ S, s ≤ x}. n < 0 gives nil.
func SubtractionGrundy(set SubtractionSet, n int) []int {
	if n < 0 {
		return nil
	}
	g := make([]int, n+1)
	var values []int
	for x := range g {
		values = values[:0]
		for s := 1; s <= x; s++ {
			if set.Contains(s) {
				values = append(values, g[x-s])
			}
		}
		g[x] = mex(values)
	}
	return g
}

// SubtractionHeap returns a heap of n tokens of Subtraction(set) as a
// Game; it panics if n is negative.
func SubtractionHeap(set SubtractionSet, n int) Game {
	if n < 0 {
		panic("tables: negative subtraction heap " + strconv.Itoa(n))
	}
	return subtractionHeap{set, n}
}

type subtractionHeap struct {
	set SubtractionSet
	n   int
}

// Options returns the heaps n − s, s ∈ S, s ≤ n, largest first.
func (h subtractionHeap) Options() []Game {
	var opts []Game
	for s := 1; s <= h.n; s++ {
		if h.set.Contains(s) {
			opts = append(opts, subtractionHeap{h.set, h.n - s})
		}
	}
	return opts
}

// Key is "subtraction<name>:n".
func (h subtractionHeap) Key() string { return "subtraction" + h.set.Name + ":" + strconv.Itoa(h.n) }

// sortedPositive returns a sorted copy of elems without repeats; it panics
// on an element below 1.
func sortedPositive(elems []int) []int {
	s := slices.Clone(elems)
	for _, e := range s {
		if e < 1 {
			panic("tables: subtraction set element " + strconv.Itoa(e) + " is not positive")
		}
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// joinInts writes the integers as "1, 2, 3".
func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, e := range v {
		s[i] = strconv.Itoa(e)
	}
	return strings.Join(s, ", ")
}
