package solver

// RookFile is a game of a game file (docs/games.md), played as the file
// states it: a position is two heaps and whether the pass is still to be
// used. A move lowers one heap by any positive amount (and, with Diagonal,
// both by the same amount), at most Limit if Limit is set, to a position
// that is not forbidden; a
// prescribed position has its value whatever its options; with Pass, a
// player may once in the game pass from a position that is not prescribed
// and has a move, which leaves the heaps as they are and the pass used.
// It shares nothing with the engines or package tables: the tests hold
// them to it on random game files.
type RookFile struct {
	Diagonal bool
	// Limit, if not 0, is the most tokens a move takes from a heap (a
	// diagonal move from each): a subtraction limit.
	Limit int
	Pass  bool
	// Prescribed maps a position {x, y} to its value; −1 forbids moving
	// there.
	Prescribed map[[2]int]int32
}

// Grundy returns the values of the positions (x, y), 0 ≤ x, y ≤ n, with the
// pass still to be used when the game has one, indexed [x][y]; a forbidden
// position holds −1. It takes O(n³) time: for tests.
func (g RookFile) Grundy(n int) [][]int32 {
	withoutPass := g.table(n, nil)
	if !g.Pass {
		return withoutPass
	}
	return g.table(n, withoutPass)
}

// table fills the positions in increasing x + y, every option having a
// smaller sum. afterPass, if non-nil, is the table with the pass used: the
// pass's position, which the positions that may still pass reach.
func (g RookFile) table(n int, afterPass [][]int32) [][]int32 {
	t := make([][]int32, n+1)
	for x := range t {
		t[x] = make([]int32, n+1)
	}
	for sum := 0; sum <= 2*n; sum++ {
		for x := max(0, sum-n); x <= min(sum, n); x++ {
			y := sum - x
			if v, ok := g.Prescribed[[2]int{x, y}]; ok {
				t[x][y] = v
				continue
			}
			var options []int32
			move := func(a, b int) {
				if v, ok := g.Prescribed[[2]int{a, b}]; ok && v == -1 {
					return // not a move
				}
				options = append(options, t[a][b])
			}
			for take := 1; take <= x && g.allows(take); take++ {
				move(x-take, y)
			}
			for take := 1; take <= y && g.allows(take); take++ {
				move(x, y-take)
			}
			for take := 1; g.Diagonal && take <= min(x, y) && g.allows(take); take++ {
				move(x-take, y-take)
			}
			if afterPass != nil && len(options) > 0 {
				options = append(options, afterPass[x][y])
			}
			t[x][y] = mex(options)
		}
	}
	return t
}

// allows says a move may take take tokens from a heap: any number without
// a limit, at most Limit with one.
func (g RookFile) allows(take int) bool { return g.Limit == 0 || take <= g.Limit }
