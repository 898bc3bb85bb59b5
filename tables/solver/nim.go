package solver

import (
	"encoding/binary"
	"slices"
	"strconv"
	"sync"
)

// NimHeap is a single nim heap of the given size as a Game: a move removes
// any positive number of tokens. Its Options panic if the size is negative.
type NimHeap int

// Options returns the heaps 0, 1, …, n−1.
func (n NimHeap) Options() []Game {
	if n < 0 {
		panic("tables: negative NimHeap " + strconv.Itoa(int(n)))
	}
	opts := make([]Game, n)
	for i := range opts {
		opts[i] = NimHeap(i)
	}
	return opts
}

// Key returns "nim:" followed by the size.
func (n NimHeap) Key() string { return "nim:" + strconv.Itoa(int(n)) }

// Nim with one pass (002, Definition 10 applied to nim heaps): a position is
// a multiset of heaps and a flag saying whether the pass is still available.
// A move removes tokens from one heap, or, if the pass is available and some
// heap is non-empty, uses the pass: the heaps stay and the pass is gone. With
// every heap empty the position is terminal even if the pass is available.
//
// Hand-worked one-heap values with the pass available, writing n* for the
// heap n without the pass (value n): 0 is terminal, value 0; 1 has options
// 0 (value 0) and 1* (value 1), value 2; 2 has options 0, 1 and 2*, values
// 0, 2, 2, so value 1; 3 has options of values 0, 2, 1 and 3, so value 4.

// passNim caches pass-nim values for the life of the process, keyed by
// passNimKey; the mutex makes the exported functions safe for concurrent use.
var passNim = struct {
	sync.Mutex
	memo map[string]int
}{memo: make(map[string]int)}

// PassNimGrundy returns the Grundy value of nim with heaps of the given sizes
// and the pass available or not; no heaps (or all empty) gives 0. It panics
// on a negative heap.
func PassNimGrundy(heaps []int, passAvailable bool) int {
	h := canonicalHeaps(heaps)
	passNim.Lock()
	defer passNim.Unlock()
	return passNimGrundy(h, passAvailable)
}

// PassNimOutcome returns the normal-play outcome of the position of
// PassNimGrundy: P exactly when its value is 0. It panics on a negative heap.
func PassNimOutcome(heaps []int, passAvailable bool) Outcome {
	return normalOutcome(PassNimGrundy(heaps, passAvailable))
}

// passNimGrundy is the memoized recursion; h is canonical (sorted, no zeros)
// and the caller holds passNim's lock.
func passNimGrundy(h []int, pass bool) int {
	key := passNimKey(h, pass)
	if v, ok := passNim.memo[key]; ok {
		return v
	}
	var values []int
	for i, n := range h {
		if i > 0 && h[i-1] == n {
			continue // an equal heap has the same options
		}
		for m := range n {
			next := slices.Clone(h)
			next[i] = m
			values = append(values, passNimGrundy(canonicalHeaps(next), pass))
		}
	}
	if pass && len(h) > 0 {
		values = append(values, passNimGrundy(h, false))
	}
	v := mex(values)
	passNim.memo[key] = v
	return v
}

// canonicalHeaps returns the non-empty heaps sorted ascending, a new slice:
// heap order is irrelevant and an empty heap has no moves. It panics on a
// negative heap.
func canonicalHeaps(heaps []int) []int {
	h := make([]int, 0, len(heaps))
	for _, n := range heaps {
		if n < 0 {
			panic("tables: negative heap " + strconv.Itoa(n))
		}
		if n > 0 {
			h = append(h, n)
		}
	}
	slices.Sort(h)
	return h
}

// passNimKey encodes the pass flag and the canonical heaps as a string.
func passNimKey(h []int, pass bool) string {
	b := make([]byte, 1, 1+2*len(h))
	if pass {
		b[0] = 1
	}
	for _, n := range h {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return string(b)
}
