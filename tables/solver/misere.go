package solver

import (
	"slices"
	"strconv"
	"sync"
)

// Misère nim, from its rules alone: a move lowers one heap by any positive
// amount, and the player who takes the last stone loses; so with no stone
// left the player to move has already won. And two-heap nim under normal
// play with the move to (0, 0) forbidden, which section 2 of 001 (line 144)
// says is the same game as two-heap misère nim, with G₋₁ its Grundy values.

// misere caches MisereNimOutcome for the life of the process.
var misere = struct {
	sync.Mutex
	wins map[string]bool // true: the player to move wins
}{wins: make(map[string]bool)}

// MisereNimOutcome returns the outcome of nim with heaps under misère play,
// found by searching the game, not by Bouton's rule for misère nim; the
// empty position is N (the opponent took the last stone). It panics on a
// negative heap.
func MisereNimOutcome(heaps []int) Outcome {
	h := canonicalHeaps(heaps)
	misere.Lock()
	defer misere.Unlock()
	if misereWins(h) {
		return NPosition
	}
	return PPosition
}

// misereWins reports whether the player to move wins the canonical heaps h
// (sorted, no empty heap)
// under misère play; the caller holds misere's lock.
func misereWins(h []int) bool {
	key := heapsKey(h)
	if w, ok := misere.wins[key]; ok {
		return w
	}
	w := len(h) == 0 // no stone left: the last stone was the opponent's
	for i := 0; i < len(h) && !w; i++ {
		for m := 0; m < h[i] && !w; m++ {
			next := slices.Clone(h)
			next[i] = m
			w = !misereWins(canonicalHeaps(next))
		}
	}
	misere.wins[key] = w
	return w
}

// heapsKey encodes canonical heaps as a string.
func heapsKey(h []int) string {
	b := make([]byte, 0, 4*len(h))
	for _, n := range h {
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, ',')
	}
	return string(b)
}

// NimWithoutEmptyMoveGrundy returns the Grundy values g[x][y], 0 ≤ x, y ≤
// bound, of two-heap nim under normal play in which no move may reach
// (0, 0): the options of (x, y) are (x', y), x' < x, and (x, y'), y' < y,
// other than (0, 0). (0, 0) itself has no option and value 0, though no
// play reaches it. It panics if bound is negative.
func NimWithoutEmptyMoveGrundy(bound int) [][]int {
	g := make([][]int, bound+1)
	for x := range g {
		g[x] = make([]int, bound+1)
		for y := range g[x] {
			var values []int
			for x2 := range x {
				if x2 != 0 || y != 0 {
					values = append(values, g[x2][y])
				}
			}
			for y2 := range y {
				if x != 0 || y2 != 0 {
					values = append(values, g[x][y2])
				}
			}
			g[x][y] = mex(values)
		}
	}
	return g
}
