package pass

import (
	"fmt"
	"github.com/grundy-lab/grundy/conjecture"
	"math/bits"
	"strconv"
)

// The NS-property of 002, Definition 9:
//
//	(i) a monotonically increasing h has it if h(0) = 0 and, whenever
//	    ⌊z/2^i⌋ = ⌊z'/2^i⌋ for some positive integer i, also
//	    ⌊h(z)/2^(i−1)⌋ = ⌊h(z')/2^(i−1)⌋;
//	(ii) a monotonically increasing F(x, z) has it if every g_n(z) = F(n, z)
//	    and every h_m(x) = F(x, m) has the NS-property of (i).
//
// Checks are over the arguments 0 ≤ z, z' ≤ limit. For i with 2^i > limit
// all those z share ⌊z/2^i⌋ = 0, and the condition stays non-trivial while
// 2^(i−1) ≤ max h, so i runs until both are past.

// nsBreak is where a function breaks the NS-property: h(0) ≠ 0 if zero is
// set, otherwise ⌊z/2^i⌋ = ⌊z'/2^i⌋ but ⌊h(z)/2^(i−1)⌋ ≠ ⌊h(z')/2^(i−1)⌋.
type nsBreak struct {
	zero   bool
	h0     int // h(0), when zero
	z, z2  int
	i      int
	hz, h2 int // h(z), h(z')
}

// describe renders b for a function h of the argument named arg.
func (b nsBreak) describe(h, arg string) string {
	if b.zero {
		return fmt.Sprintf("%s(0) = %d ≠ 0", h, b.h0)
	}
	return fmt.Sprintf("%[1]s = %[3]d, %[1]s' = %[4]d, i = %[5]d: ⌊%[1]s/2^i⌋ = ⌊%[1]s'/2^i⌋ but "+
		"⌊%[2]s(%[1]s)/2^(i−1)⌋ = %[6]d ≠ %[7]d = ⌊%[2]s(%[1]s')/2^(i−1)⌋",
		arg, h, b.z, b.z2, b.i, b.hz>>(b.i-1), b.h2>>(b.i-1))
}

// at returns the coordinates z, z', i of a break in the floor condition,
// nil for h(0) ≠ 0.
func (b nsBreak) at() []conjecture.Coord {
	if b.zero {
		return nil
	}
	return conjecture.At("z,z',i", b.z, b.z2, b.i)
}

// nsBreakOf returns the first break of Definition 9 (i) by h on
// 0 ≤ z ≤ limit, ordered by i, then z, then z' (z < z'), after h(0) = 0
// if requireZero is set; ok is false if h has none there. h must be
// non-negative; monotonicity, a premise of the definition, is not checked.
func nsBreakOf(h func(int) int, limit int, requireZero bool) (b nsBreak, ok bool) {
	values := make([]int, limit+1)
	top := 0
	for z := range values {
		values[z] = h(z)
		top = max(top, values[z])
	}
	if requireZero && values[0] != 0 {
		return nsBreak{zero: true, h0: values[0]}, true
	}
	for i := 1; 1<<(i-1) <= top || 1<<i <= limit; i++ {
		// The z with one ⌊z/2^i⌋ form the block [u, u + 2^i − 1].
		for u := 0; u <= limit; u += 1 << i {
			first := values[u] >> (i - 1)
			for z := u + 1; z <= min(u+1<<i-1, limit); z++ {
				if values[z]>>(i-1) != first {
					return nsBreak{z: u, z2: z, i: i, hz: values[u], h2: values[z]}, true
				}
			}
		}
	}
	return nsBreak{}, false
}

// sectionBreak returns the first section of F, on 0 ≤ x, z ≤ limit, that
// breaks Definition 9 (i) as nsBreakOf reads it, described: first the
// g_n(z) = F(n, z) for n = 0, 1, …, then the h_m(x) = F(x, m).
func sectionBreak(f func(x, z int) int, limit int, requireZero bool) (why string, ok bool) {
	for n := 0; n <= limit; n++ {
		if b, ok := nsBreakOf(func(z int) int { return f(n, z) }, limit, requireZero); ok {
			return fmt.Sprintf("g_%d(z) = F(%d, z): %s", n, n, b.describe(fmt.Sprintf("g_%d", n), "z")), true
		}
	}
	for m := 0; m <= limit; m++ {
		if b, ok := nsBreakOf(func(x int) int { return f(x, m) }, limit, requireZero); ok {
			return fmt.Sprintf("h_%d(x) = F(x, %d): %s", m, m, b.describe(fmt.Sprintf("h_%d", m), "x")), true
		}
	}
	return "", false
}

// floorLog2 is ⌊log₂ z⌋ for z > 0.
func floorLog2(z int) int { return bits.Len(uint(z)) - 1 }

// stairH is a named one-variable function h, the height cap of a
// two-dimensional chocolate bar and of stair chocolate.
type stairH struct {
	name string
	h    func(z int) int
}

// halfK is h(z) = ⌊z/(2k)⌋ of Proposition 1 (1) of 002.
func halfK(k int) stairH {
	name := "h(z) = ⌊z/" + strconv.Itoa(2*k) + "⌋"
	return stairH{name, func(z int) int { return z / (2 * k) }}
}

// powerCap is h(z) = 2^⌊log₂ z⌋ − 1, h(0) = 0, of Proposition 1 (2) of
// 002, the largest function with the NS-property (Lemma 1).
var powerCap = stairH{"h(z) = 2^⌊log₂z⌋ − 1", func(z int) int {
	if z == 0 {
		return 0
	}
	return 1<<floorLog2(z) - 1
}}

// nsStairs are functions with the NS-property (Proposition 1) on which the
// claims about two-dimensional and stair chocolate are checked: Example
// 2's ⌊z/2⌋, two more of Proposition 1 (1), and the largest one.
var nsStairs = []stairH{halfK(1), halfK(2), halfK(3), powerCap}
