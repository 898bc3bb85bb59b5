package solver

import "strconv"

// GCN holds the Grundy values of generalized cyclic Nimhoff
// GCN(h; S₁, …, Sₙ) (003, Definition 2.1, lines 270–274 of the text) on
// every position ⟨x₁, …, xₙ⟩ with all heaps ≤ a bound. The options of a
// position are
//
//	X_i: ⟨…, x_i − s, …⟩ for s ∈ S_i, s ≤ x_i (one heap, by the set S_i);
//	Y:   ⟨x₁ − s₁, …, xₙ − sₙ⟩ for 0 ≤ s_i ≤ x_i with 0 < s₁ + … + sₙ < h.
//
// The s_i of Y are read as non-negative (tokens are removed, never added),
// as in cyclic Nimhoff (Section 1.2.2, line 219), which is
// GCN(h; ℕ₊, …, ℕ₊); a Y move may take tokens from several heaps at once.
// With h = 1 there is no Y move and the game is the sum of the n
// subtraction games.
type GCN struct {
	bound  int
	stride []int   // stride[i] = (bound+1)^(n−1−i)
	g      []int32 // g[Σ x_i·stride[i]]
}

// NewGCN solves GCN(h; sets…) on every position with heaps ≤ bound. Every
// option of a position has each heap no larger and one smaller, so its
// index (x₁ most significant) is smaller: filling the table in index order
// is the memoized recursion over positions. It panics if h < 1, bound < 0
// or there is no set.
func NewGCN(h int, sets []SubtractionSet, bound int) *GCN {
	if h < 1 || bound < 0 || len(sets) == 0 {
		panic("tables: NewGCN needs h ≥ 1, bound ≥ 0 and a set per heap; got h = " + strconv.Itoa(h) +
			", bound = " + strconv.Itoa(bound) + ", " + strconv.Itoa(len(sets)) + " sets")
	}
	n := len(sets)
	c := &GCN{bound: bound, stride: make([]int, n)}
	size := 1
	for i := n - 1; i >= 0; i-- {
		c.stride[i] = size
		size *= bound + 1
	}
	// in[i][s] caches "s ∈ S_i" for 1 ≤ s ≤ bound.
	in := make([][]bool, n)
	for i, set := range sets {
		in[i] = make([]bool, bound+1)
		for s := 1; s <= bound; s++ {
			in[i][s] = set.Contains(s)
		}
	}
	c.g = make([]int32, size)
	x := make([]int, n)
	var values []int32
	// spread appends the values of the Y moves from position idx: every
	// removal s_i ≤ x_i, i ≥ from, of total at most left, off being the
	// index offset of the removals so far; nothing removed is no move.
	var spread func(idx, from, left, off int)
	spread = func(idx, from, left, off int) {
		if from == n {
			if off > 0 {
				values = append(values, c.g[idx-off])
			}
			return
		}
		for s := 0; s <= min(left, x[from]); s++ {
			spread(idx, from+1, left-s, off+s*c.stride[from])
		}
	}
	for idx := range size {
		values = values[:0]
		for i := range n {
			for s := 1; s <= x[i]; s++ {
				if in[i][s] {
					values = append(values, c.g[idx-s*c.stride[i]])
				}
			}
		}
		spread(idx, 0, h-1, 0) // Y: a total removal 1 ≤ t ≤ h − 1
		c.g[idx] = mex(values)
		// Advance x to the next position in index order.
		for i := n - 1; i >= 0; i-- {
			if x[i] < bound {
				x[i]++
				break
			}
			x[i] = 0
		}
	}
	return c
}

// NewCyclicNimhoff solves cyclic Nimhoff with the given h and number of
// heaps (003, Section 1.2.2), GCN(h; ℕ₊, …, ℕ₊), on heaps ≤ bound.
func NewCyclicNimhoff(h, heaps, bound int) *GCN {
	sets := make([]SubtractionSet, heaps)
	for i := range sets {
		sets[i] = AllBut()
	}
	return NewGCN(h, sets, bound)
}

// Grundy returns the Grundy value of ⟨x₁, …, xₙ⟩. It panics unless there is
// one heap per set, each in 0…bound.
func (c *GCN) Grundy(heaps ...int) int {
	if len(heaps) != len(c.stride) {
		panic("tables: GCN position of " + strconv.Itoa(len(heaps)) + " heaps, want " + strconv.Itoa(len(c.stride)))
	}
	idx := 0
	for i, x := range heaps {
		if x < 0 || x > c.bound {
			panic("tables: GCN heap " + strconv.Itoa(x) + " outside 0…" + strconv.Itoa(c.bound))
		}
		idx += x * c.stride[i]
	}
	return int(c.g[idx])
}
