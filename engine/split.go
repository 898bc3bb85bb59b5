package engine

// Split games (Rules.Split). The options of (x, y) are two whole
// anti-diagonals, a + b = x − Shift and a + b = y − Shift, so
//
//	G(x, y) = mex(A[x − Shift] ∪ A[y − Shift]),
//
// where A[s] is the set of values on anti-diagonal s. These sets do not
// follow the row-major order of the bands (A[y − 1] holds cells of rows
// below x when y > x + 1), so they are built first, one anti-diagonal after
// another: a cell on anti-diagonal s needs only A of smaller indices, since
// its options' coordinate sums are below s. The cells of the table are then
// computed from the finished, read-only sets by the same band scheduler;
// only anti-diagonals up to n are needed, as x − Shift ≤ n.

// prepareSplit builds the anti-diagonal sets A[0 … n] and their mexes.
func (s *sweep) prepareSplit() {
	sp := s.rules.Split
	s.antiSets = make([]uint64, s.width*s.stride)
	s.antiMex = make([]int32, s.width)
	s.emptySet = make([]uint64, s.stride)
	for sum := range s.width {
		set := s.antiSets[sum*s.stride : (sum+1)*s.stride]
		for a := sp.MinHeap; a <= sum-sp.MinHeap; a++ {
			addValue(set, s.words, s.splitValue(a, sum-a))
		}
		if set[0]&1 != 0 {
			s.antiMex[sum] = int32(nextMex(set, 0))
		}
	}
}

// splitValue is G(x, y) of a position (x, y ≥ MinHeap), from the sets of
// the anti-diagonals below x + y.
func (s *sweep) splitValue(x, y int) int {
	shift := s.rules.Split.Shift
	sx, mx := s.antiSet(x - shift)
	sy, my := s.antiSet(y - shift)
	return mexOfUnion(sx, sy, s.words, max(mx, my), -1)
}

// antiSet returns the set of anti-diagonal sum and its mex; the empty set
// for a negative sum, which has no cells.
func (s *sweep) antiSet(sum int) ([]uint64, int) {
	if sum < 0 {
		return s.emptySet, 0
	}
	return s.antiSets[sum*s.stride : (sum+1)*s.stride], int(s.antiMex[sum])
}

// splitRun fills out[ya:yb] of row x from the finished anti-diagonal sets.
func (s *sweep) splitRun(x int, out []int32, ya, yb int) {
	least := s.rules.Split.MinHeap
	for y := ya; y < yb; y++ {
		if x < least || y < least {
			out[y] = -1
			continue
		}
		out[y] = int32(s.splitValue(x, y))
	}
}
