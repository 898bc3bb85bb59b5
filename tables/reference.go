package tables

import "github.com/grundy-lab/grundy/engine"

// Reference computes the table of r over 0 ≤ x, y ≤ n straight from the
// definition: for each cell in row-major order it lists the values of all its
// options (those within r.Limit, if set) and takes their mex, ignoring
// negative values. It takes O(n³) time
// and is meant for tests only; the result is indexed [x][y]. n < 0 gives nil.
func Reference(r engine.Rules, n int) [][]int32 {
	if n < 0 {
		return nil
	}
	g := make([][]int32, n+1)
	for x := range g {
		g[x] = make([]int32, n+1)
	}
	if r.Split != nil {
		return referenceSplit(*r.Split, g)
	}
	if r.Josephus {
		return referenceJosephus(g)
	}
	excluded := []int32{-1}
	var passless [][]int32
	if r.Passless != nil {
		passless = Reference(*r.Passless, n)
	}
	for x := 0; x <= n; x++ {
		for y := 0; y <= n; y++ {
			if v, ok := baseValue(r.Base, x, y); ok {
				g[x][y] = v
				continue
			}
			var options []int32
			for xp := 0; xp < x; xp++ {
				if r.Limit == 0 || x-xp <= r.Limit {
					options = append(options, g[xp][y])
				}
			}
			for yp := 0; yp < y; yp++ {
				if r.Limit == 0 || y-yp <= r.Limit {
					options = append(options, g[x][yp])
				}
			}
			for k := 1; r.Diagonal && k <= min(x, y) && (r.Limit == 0 || k <= r.Limit); k++ {
				options = append(options, g[x-k][y-k])
			}
			if r.Excluded != nil {
				r.Excluded(x, y, excluded)
				options = append(options, excluded[0])
			}
			if passless != nil { // the pass, to the same position without it
				options = append(options, passless[x][y])
			}
			g[x][y] = plainMex(options)
		}
	}
	return g
}

// baseValue returns the fixed value at (x, y), if (x, y) is a base cell.
func baseValue(base []engine.Cell, x, y int) (int32, bool) {
	for _, c := range base {
		if c.X == x && c.Y == y {
			return c.Value, true
		}
	}
	return 0, false
}

// plainMex is the least non-negative integer not in values; negative values
// are ignored. A mex of k values is at most k, so larger values are too.
func plainMex(values []int32) int32 {
	present := make([]bool, len(values)+1)
	for _, v := range values {
		if v >= 0 && int(v) < len(present) {
			present[v] = true
		}
	}
	m := int32(0)
	for present[m] {
		m++
	}
	return m
}

// referenceSplit fills g with the split game sp from its definition: the
// options of (x, y) are the positions (a, b), a, b ≥ MinHeap, with a + b =
// x − Shift or y − Shift; a cell with a coordinate below MinHeap is not a
// position and holds −1. Options have smaller coordinate sums, so the cells
// are filled by increasing x + y.
func referenceSplit(sp engine.Split, g [][]int32) [][]int32 {
	n := len(g) - 1
	for sum := 0; sum <= 2*n; sum++ {
		for x := max(0, sum-n); x <= min(sum, n); x++ {
			y := sum - x
			if x < sp.MinHeap || y < sp.MinHeap {
				g[x][y] = -1
				continue
			}
			var options []int32
			for _, total := range []int{x - sp.Shift, y - sp.Shift} {
				for a := sp.MinHeap; a <= total-sp.MinHeap; a++ {
					options = append(options, g[a][total-a])
				}
			}
			g[x][y] = plainMex(options)
		}
	}
	return g
}

// referenceJosephus fills g with Josephus Nim from Definition 1.1 of 004:
// in ⟨x, y⟩ the total weight is m = x − 2y, and a move removes t ≥ 1 stones
// of one pile whose weight, t or −2t, is at most ⌊m/2⌋ (floor towards −∞).
func referenceJosephus(g [][]int32) [][]int32 {
	for x := range g {
		for y := range g[x] {
			bound := (x - 2*y) >> 1 // ⌊m/2⌋: an arithmetic shift rounds towards −∞
			var options []int32
			for t := 1; t <= x && t <= bound; t++ {
				options = append(options, g[x-t][y])
			}
			for t := 1; t <= y; t++ {
				if -2*t <= bound {
					options = append(options, g[x][y-t])
				}
			}
			g[x][y] = plainMex(options)
		}
	}
	return g
}
