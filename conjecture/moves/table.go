package moves

import (
	"math/bits"
	"slices"
)

// Table computes g over 0 ≤ x, y ≤ n by listing the options of every
// position and taking the mex of their values and the extra value (with
// Passless, the value of the game without the pass at the same position,
// where the position has a move), ignoring negative ones: the slow reference, O(n³), for tests. Every
// option of every game here has a smaller x + y than its position, so the
// cells are filled by increasing x + y. The result is indexed [x][y];
// n < 0 gives nil.
func (g Game) Table(n int) [][]int32 {
	if n < 0 {
		return nil
	}
	t := make([][]int32, n+1)
	for x := range t {
		t[x] = make([]int32, n+1)
	}
	var (
		values   []int32
		seen     []uint64
		passless [][]int32 // the table of the game without the pass
	)
	if g.Passless != nil {
		passless = g.Passless.Table(n)
	}
	for sum := 0; sum <= 2*n; sum++ {
		for x := max(0, sum-n); x <= min(sum, n); x++ {
			y := sum - x
			if v, ok := g.FixedValue(x, y); ok {
				t[x][y] = v
				continue
			}
			values = values[:0]
			g.options(x, y, func(p Position) { values = append(values, t[p.X][p.Y]) })
			if g.Extra != NoExtra {
				values = append(values, int32(g.Extra.Value(x, y)))
			}
			if passless != nil && slices.ContainsFunc(values, func(v int32) bool { return v >= 0 }) {
				// A move to a value ≥ 0 is a move; only then may one pass.
				values = append(values, passless[x][y])
			}
			t[x][y] = mex(values, &seen)
		}
	}
	return t
}

// mex is the least value ≥ 0 not in values; negative values are ignored.
// The values below len(values) + 1 are marked in seen, a bitset reused
// between calls (the mex of k values is at most k).
func mex(values []int32, seen *[]uint64) int32 {
	words := len(values)/64 + 1
	if len(*seen) < words {
		*seen = make([]uint64, words)
	}
	marks := (*seen)[:words]
	clear(marks)
	for _, v := range values {
		if v >= 0 && int(v) < 64*words {
			marks[v/64] |= 1 << (v % 64)
		}
	}
	for w, b := range marks {
		if b != ^uint64(0) {
			return int32(64*w + bits.TrailingZeros64(^b))
		}
	}
	return int32(64 * words)
}
