package solver

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Chocolate bars CB(F, x, y, z) of 002, Definitions 7 and 8 (lines 134–146). The bar has
// columns at (u, w) for u ≤ x, w ≤ z, of height min(F(u, w), y) + 1, with the
// bitter box at (0, 0); a position is valid when y ≤ F(x, z). A cut lowers
// one coordinate, and the y-coordinate follows the bar's new shape
// (Definition 8):
//
//	(u, min(F(u, z), y), z) for u < x,
//	(x, v, z)               for v < y,
//	(x, min(y, F(x, w)), w) for w < z.
//
// Every option is again valid. Definition 7 asks F to be monotonically
// increasing (Definition 6); the solver uses F only through these moves and
// does not check that.
//
// With a pass (as in stair chocolate, Section 3 of 002, line 393, and the
// pass rule of Definition 10, line 271), a position is
// (x, y, z, p): the moves above keep p, and if p holds and the bar is not the
// bitter box alone, (x, y, z) may pass to (x, y, z, no pass).

// Chocolate is the chocolate-bar ruleset for one function F, with its own
// memo. Its methods are safe for concurrent use; values are cached for the
// life of the Chocolate.
type Chocolate struct {
	f  func(x, z int) int
	id uint64 // tells this ruleset's Game keys from other Chocolates'

	mu   sync.Mutex
	memo [2]map[[3]int]int // memo[1] with the pass available, memo[0] without
}

// chocolateIDs numbers Chocolates for their Game keys.
var chocolateIDs atomic.Uint64

// NewChocolate returns the ruleset CB(F, ·, ·, ·) for F(x, z), the cap on the
// height coordinate y; F must return non-negative values for non-negative
// arguments, and its methods panic when it does not.
func NewChocolate(f func(x, z int) int) *Chocolate {
	return &Chocolate{
		f:    f,
		id:   chocolateIDs.Add(1),
		memo: [2]map[[3]int]int{make(map[[3]int]int), make(map[[3]int]int)},
	}
}

// NewStairChocolate returns the stair chocolate game of Section 3 of 002,
// CB(F, ·, ·, ·) with F(x, z) = h(z); its position (0, y, z) is the
// two-dimensional bar CB2(h, y, z) of Corollary 1.
func NewStairChocolate(h func(z int) int) *Chocolate {
	return NewChocolate(func(_, z int) int { return h(z) })
}

// ChocolateGrundy returns the Grundy value of CB(F, x, y, z) with a fresh
// memo; use a Chocolate to share work between positions. It panics unless
// 0 ≤ x, z and 0 ≤ y ≤ F(x, z).
func ChocolateGrundy(f func(x, z int) int, x, y, z int) int {
	return NewChocolate(f).Grundy(x, y, z)
}

// Grundy returns the Grundy value of CB(F, x, y, z); the bitter box alone,
// (0, 0, 0), has value 0. It panics unless 0 ≤ x, z and 0 ≤ y ≤ F(x, z).
func (c *Chocolate) Grundy(x, y, z int) int {
	return c.PassGrundy(x, y, z, false)
}

// PassGrundy returns the Grundy value of (x, y, z, p) with the pass available
// when pass is true; for stair chocolate this is the position (x, y, z, p) of
// Corollaries 2–4. It panics unless 0 ≤ x, z and 0 ≤ y ≤ F(x, z).
func (c *Chocolate) PassGrundy(x, y, z int, pass bool) int {
	p := c.valid(x, y, z)
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.grundy(p, pass)
}

// Position returns CB(F, x, y, z) as a Game, its key naming this Chocolate.
// It panics unless 0 ≤ x, z and 0 ≤ y ≤ F(x, z).
func (c *Chocolate) Position(x, y, z int) Game {
	return chocolatePosition{c, c.valid(x, y, z)}
}

// grundy is the memoized recursion; the caller holds c.mu.
func (c *Chocolate) grundy(p [3]int, pass bool) int {
	memo := c.memo[0]
	if pass {
		memo = c.memo[1]
	}
	if v, ok := memo[p]; ok {
		return v
	}
	opts := c.options(p)
	values := make([]int, 0, len(opts)+1)
	for _, o := range opts {
		values = append(values, c.grundy(o, pass))
	}
	if pass && len(opts) > 0 {
		values = append(values, c.grundy(p, false))
	}
	v := mex(values)
	memo[p] = v
	return v
}

// options returns move_F(x, y, z) of Definition 8, possibly with repeats.
func (c *Chocolate) options(p [3]int) [][3]int {
	x, y, z := p[0], p[1], p[2]
	opts := make([][3]int, 0, x+y+z)
	for u := range x {
		opts = append(opts, [3]int{u, min(c.limit(u, z), y), z})
	}
	for v := range y {
		opts = append(opts, [3]int{x, v, z})
	}
	for w := range z {
		opts = append(opts, [3]int{x, min(y, c.limit(x, w)), w})
	}
	return opts
}

// limit returns F(x, z), panicking if it is negative.
func (c *Chocolate) limit(x, z int) int {
	v := c.f(x, z)
	if v < 0 {
		panic(fmt.Sprintf("tables: chocolate F(%d, %d) = %d < 0", x, z, v))
	}
	return v
}

// valid returns (x, y, z), panicking unless it is a position of Definition 7.
func (c *Chocolate) valid(x, y, z int) [3]int {
	if x < 0 || y < 0 || z < 0 || y > c.limit(x, z) {
		panic(fmt.Sprintf("tables: CB(F, %d, %d, %d) is not a position: need 0 ≤ x, z and 0 ≤ y ≤ F(x, z)", x, y, z))
	}
	return [3]int{x, y, z}
}

// chocolatePosition adapts a position of a Chocolate to Game.
type chocolatePosition struct {
	c *Chocolate
	p [3]int
}

func (g chocolatePosition) Options() []Game {
	opts := g.c.options(g.p)
	games := make([]Game, len(opts))
	for i, o := range opts {
		games[i] = chocolatePosition{g.c, o}
	}
	return games
}

func (g chocolatePosition) Key() string {
	return fmt.Sprintf("cb%d:%d,%d,%d", g.c.id, g.p[0], g.p[1], g.p[2])
}
