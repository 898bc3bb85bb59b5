package solver

import (
	"encoding/binary"
	"slices"
	"strconv"
	"sync"
)

// Two-player goishi hiroi on a line (001, Section 1.2: the rules on lines
// 198–203 of the Markdown text, the line restriction on line 205, Figure 3
// on line 233). A move picks up one stone (Step 0), then repeatedly traces
// on from the last stone picked, never in the reverse direction, to the
// next stone, picking it up if it has the same colour and otherwise ending
// the move; the player may stop after any step (turning up or down on a
// line meets no stone). Picked-up stones leave the board and tracing skips
// the gaps they leave.
//
// So a move removes k ≥ 1 stones that are consecutive in one group (maximal
// run of one colour): the trace cannot cross a stone of the other colour,
// and cannot turn back. As only the group's length matters, a move lowers
// one group by any positive amount. When an interior group vanishes its two
// neighbours, which have the same colour, become one group; a vanished end
// group just disappears. This is the paper's "when the middle pile becomes
// empty, the current player can immediately win by removing all stones from
// both remaining piles" (line 207), Figure 3's move (2,0,2) → (0,0,0), and
// the option (0,0,0) of (x,0,z) in the proof of Theorem 2 (line 239).
//
// A position is a sequence of group lengths, colours alternating. Reversing
// the line or swapping the colours gives the same game.

// goishi caches goishi-hiroi results for the life of the process, keyed by
// the canonical sequence; the mutex makes the exported functions safe for
// concurrent use.
var goishi = struct {
	sync.Mutex
	normal map[string]int
	misere map[string]bool // true: the player to move wins under misère play
}{normal: make(map[string]int), misere: make(map[string]bool)}

// GoishiHiroiGrundy returns the normal-play Grundy value of the line whose
// group lengths are groups, the colours alternating: group i has colour i mod
// 2. A zero entry is an empty group, so (x, 0, z) is one group of x+z stones,
// as in the paper's (x, y, z) notation. It panics on a negative length.
func GoishiHiroiGrundy(groups []int) int {
	s := canonicalGroups(groups)
	goishi.Lock()
	defer goishi.Unlock()
	return goishiGrundy(s)
}

// GoishiHiroiOutcome returns the outcome of the position of GoishiHiroiGrundy
// under normal play, or under misère play (the player who moves last loses)
// if misere is true; the empty line is P in normal play and N in misère
// play. It panics on a negative length.
func GoishiHiroiOutcome(groups []int, misere bool) Outcome {
	if !misere {
		return normalOutcome(GoishiHiroiGrundy(groups))
	}
	s := canonicalGroups(groups)
	goishi.Lock()
	defer goishi.Unlock()
	if goishiMisereWins(s) {
		return NPosition
	}
	return PPosition
}

// goishiGrundy is the memoized normal-play recursion on a canonical sequence;
// the caller holds goishi's lock.
func goishiGrundy(s []int) int {
	key := groupsKey(s)
	if v, ok := goishi.normal[key]; ok {
		return v
	}
	var values []int
	for _, o := range goishiOptions(s) {
		values = append(values, goishiGrundy(o))
	}
	v := mex(values)
	goishi.normal[key] = v
	return v
}

// goishiMisereWins reports whether the player to move wins the canonical
// position s under misère play; the caller holds goishi's lock. With no
// stones left the previous player moved last and so lost.
func goishiMisereWins(s []int) bool {
	key := groupsKey(s)
	if w, ok := goishi.misere[key]; ok {
		return w
	}
	w := len(s) == 0
	for _, o := range goishiOptions(s) {
		if !goishiMisereWins(o) {
			w = true
			break
		}
	}
	goishi.misere[key] = w
	return w
}

// goishiOptions returns the canonical positions reachable in one move from
// the canonical position s: group i lowered to m, 0 ≤ m < s[i], with the
// neighbours of a vanished interior group merged.
func goishiOptions(s []int) [][]int {
	var opts [][]int
	for i, n := range s {
		for m := range n {
			var next []int
			switch {
			case m > 0:
				next = slices.Clone(s)
				next[i] = m
			case i == 0:
				next = slices.Clone(s[1:])
			case i == len(s)-1:
				next = slices.Clone(s[:i])
			default:
				next = slices.Concat(s[:i-1], []int{s[i-1] + s[i+1]}, s[i+2:])
			}
			opts = append(opts, canonicalOrientation(next))
		}
	}
	return opts
}

// canonicalGroups turns any group sequence into the canonical one: empty
// groups removed, now-adjacent groups of one colour (by index parity)
// merged, and the lexicographically smaller of the line and its reverse
// kept. It returns a new slice and panics on a negative length.
func canonicalGroups(groups []int) []int {
	var s []int
	lastColour := -1
	for i, n := range groups {
		if n < 0 {
			panic("tables: negative goishi hiroi group " + strconv.Itoa(n))
		}
		if n == 0 {
			continue
		}
		if i%2 == lastColour {
			s[len(s)-1] += n
			continue
		}
		s = append(s, n)
		lastColour = i % 2
	}
	return canonicalOrientation(s)
}

// canonicalOrientation returns s or its reverse, whichever is smaller
// lexicographically; s must already have no empty groups.
func canonicalOrientation(s []int) []int {
	r := slices.Clone(s)
	slices.Reverse(r)
	if slices.Compare(r, s) < 0 {
		return r
	}
	return s
}

// groupsKey encodes a canonical sequence as a string.
func groupsKey(s []int) string {
	b := make([]byte, 0, 2*len(s))
	for _, n := range s {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return string(b)
}

// GoishiHiroiIsMove reports whether one move of two-player goishi hiroi
// takes the line whose group lengths are from to the line to, both in the
// notation of GoishiHiroiGrundy ((2, 0, 2) is one group of 4 stones), as
// Figure 3 of 001 writes its plays. It panics on a negative length.
func GoishiHiroiIsMove(from, to []int) bool {
	target := canonicalGroups(to)
	return slices.ContainsFunc(goishiOptions(canonicalGroups(from)), func(o []int) bool { return slices.Equal(o, target) })
}
