package bandcheck

// The pass of a game file (moves.Game.Passless).
//
// With the pass, a position that is not fixed and has a move has one
// option more, the same position of G₀, the game without the pass. Its
// capped value c₀(x, y) = min(G₀(x, y), V + 1) is all a capped mex needs
// (an option value above V changes no capped mex), and the checker
// computes it itself, row by row, with a checker of G₀ that computes its
// rows instead of checking a stream (Checker.computing): the same walk,
// the same window, the cells of value ≤ V of each row of G₀ kept in
// increasing column just before the row with the pass is checked. The
// positions without a move are fixed at 0 (moves.Game.Stuck). The check's
// State then holds both (State.Passless): the rows from a row on follow
// from both states, so only a repeat of both is a repeat.

// passless is the game without the pass of a checker with the pass: its
// checker, computing, and where the row being checked stands in its row.
type passless struct {
	checker *Checker
	k       int // the next cell of checker.computed at or after the column asked last
}

// computeRow computes row x of the game without the pass, the row after
// the last one computed.
func (p *passless) computeRow(x int64) {
	c := p.checker
	c.computed.y, c.computed.value = c.computed.y[:0], c.computed.value[:0]
	if err := c.checkRow(x, nil, nil); err != nil {
		// Computing, checkRow matches no stream: it cannot fail.
		panic("bandcheck: computing a row of the game without the pass: " + err.Error())
	}
	c.next++
	p.k = 0
}

// at returns c₀(x, y) of the row computed last, or −1 when it is above V
// (or the cell is a forbidden move target); the columns asked must
// increase along a row.
func (p *passless) at(y int64) int {
	cells := &p.checker.computed
	for p.k < len(cells.y) && cells.y[p.k] < y {
		p.k++
	}
	if p.k < len(cells.y) && cells.y[p.k] == y {
		return int(cells.value[p.k])
	}
	return -1
}

// computedRow is a row a computing checker computed: its cells of value
// 0 … V, in increasing column.
type computedRow struct {
	y     []int64
	value []int32
}

// put records the cell at column y, of capped value want, if it is a
// value 0 … v.
func (r *computedRow) put(y int64, want int32, v int) {
	if want >= 0 && int(want) <= v {
		r.y = append(r.y, y)
		r.value = append(r.value, want)
	}
}
