package solver

import "strconv"

// PairGame is an impartial game whose positions are pairs ⟨x, y⟩ of
// non-negative integers, given by its move rules: Wythoff, DeleteNim, VDN
// and JosephusNim. Every solver below enumerates those moves; none uses a
// formula for the values.
type PairGame struct {
	name string
	// valid reports whether ⟨x, y⟩ is a position; nil means every pair is.
	valid func(x, y int) bool
	// options calls yield once for each distinct option of the position
	// ⟨x, y⟩. Every option of a position in the box 0 ≤ x, y ≤ n lies in
	// the box.
	options func(x, y int, yield func(x, y int))
}

// Name returns the game's name, the prefix of its positions' keys.
func (r PairGame) Name() string { return r.name }

// IsPosition reports whether ⟨x, y⟩ is a position of the game.
func (r PairGame) IsPosition(x, y int) bool {
	return x >= 0 && y >= 0 && (r.valid == nil || r.valid(x, y))
}

// Options returns the distinct positions reachable from ⟨x, y⟩ in one move,
// in the rules' order; it panics if ⟨x, y⟩ is not a position.
func (r PairGame) Options(x, y int) [][2]int {
	r.mustBePosition(x, y)
	var opts [][2]int
	r.options(x, y, func(a, b int) { opts = append(opts, [2]int{a, b}) })
	return opts
}

// Position returns ⟨x, y⟩ as a Game, for the generic solvers; it panics if
// ⟨x, y⟩ is not a position.
func (r PairGame) Position(x, y int) Game {
	r.mustBePosition(x, y)
	return pairPosition{r, x, y}
}

// Grundy returns the Grundy values of every position ⟨x, y⟩ with
// 0 ≤ x, y ≤ n, indexed [x][y], by memoized recursion over the options;
// a pair that is not a position holds −1. n < 0 gives nil.
func (r PairGame) Grundy(n int) [][]int32 {
	if n < 0 {
		return nil
	}
	const unknown = -2
	g := make([][]int32, n+1)
	for x := range g {
		g[x] = make([]int32, n+1)
		for y := range g[x] {
			g[x][y] = unknown
		}
	}
	var solve func(x, y int) int32
	solve = func(x, y int) int32 {
		if v := g[x][y]; v != unknown {
			return v
		}
		var values []int32
		r.options(x, y, func(a, b int) {
			if a > n || b > n {
				panic("tables: " + r.name + " option ⟨" + strconv.Itoa(a) + ", " + strconv.Itoa(b) + "⟩ leaves the box")
			}
			values = append(values, solve(a, b))
		})
		g[x][y] = mex(values)
		return g[x][y]
	}
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			if r.IsPosition(x, y) {
				solve(x, y)
			} else {
				g[x][y] = -1
			}
		}
	}
	return g
}

// mustBePosition panics unless ⟨x, y⟩ is a position of r.
func (r PairGame) mustBePosition(x, y int) {
	if !r.IsPosition(x, y) {
		panic("tables: ⟨" + strconv.Itoa(x) + ", " + strconv.Itoa(y) + "⟩ is not a position of " + r.name)
	}
}

// pairPosition is a position of a PairGame as a Game.
type pairPosition struct {
	rules PairGame
	x, y  int
}

// Options lists the options in the rules' order.
func (p pairPosition) Options() []Game {
	var opts []Game
	p.rules.options(p.x, p.y, func(a, b int) { opts = append(opts, pairPosition{p.rules, a, b}) })
	return opts
}

// Key is "<name>:x,y".
func (p pairPosition) Key() string {
	return p.rules.name + ":" + strconv.Itoa(p.x) + "," + strconv.Itoa(p.y)
}
