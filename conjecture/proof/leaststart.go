package proof

import (
	"context"

	"github.com/grundy-lab/grundy/engine/band"
)

// leastStart returns the state before the least row x in first … last
// whose state the one before row x+p is, moved p down the diagonal,
// compared exactly (band.State.Repeats), or false when there is none.
// Since a state that recurs recurs forever after (see Search), the rows
// where it holds are all rows from the start of the repeat on, if p is
// its period, and none otherwise: so a bisection over the checkpoints
// (each compared exactly with the state p rows later) brackets the start
// between two of them, and two sweeps in lockstep p rows apart walk the
// bracket. They run a chunk at a time, recording each row's key; at the
// first chunk row whose keys agree both go back to the chunk's start (its
// saved states) and on to that row, where their states are compared
// exactly; a collision is counted and the lockstep goes on from there.
func (s *searcher) leastStart(ctx context.Context, last, p int64) (band.State, bool, error) {
	if p%s.stride != 0 {
		return band.State{}, false, nil
	}
	below := 0
	for _, c := range s.checkpoints {
		if c.Next <= last {
			below++
		}
	}
	i, j := 0, below // the first checkpoint whose state recurs p rows later is in i … j
	for i < j {
		m := (i + j) / 2
		later, err := s.cursorTo(ctx, s.checkpoints[m].Next+p)
		if err != nil {
			return band.State{}, false, err
		}
		if s.checkpoints[m].Repeats(later.sw.State()) {
			j = m
		} else {
			i = m + 1
		}
	}
	x := s.first
	if i > 0 {
		x = s.checkpoints[i-1].Next + 1 // the start is past the last checkpoint where the state does not recur
	}
	if i < below {
		last = s.checkpoints[i].Next
	}
	if x > last {
		return band.State{}, false, nil
	}
	a, err := s.cursorTo(ctx, x)
	if err != nil {
		return band.State{}, false, err
	}
	b, err := s.cursorTo(ctx, x+p)
	if err != nil {
		return band.State{}, false, err
	}
	var keysA, keysB []uint64
	for {
		sa, sb := a.sw.State(), b.sw.State()
		if a.tr.key() == b.tr.key() {
			if sa.Repeats(sb) {
				return sa, true, nil
			}
			s.rejected++
		}
		if x >= last {
			return band.State{}, false, nil
		}
		end := min(x+s.chunk, last)
		keysA, keysB = keysA[:0], keysB[:0]
		if err := a.run(ctx, end, func(_ int64, k uint64) { keysA = append(keysA, k) }); err != nil {
			return band.State{}, false, err
		}
		if err := b.run(ctx, end+p, func(_ int64, k uint64) { keysB = append(keysB, k) }); err != nil {
			return band.State{}, false, err
		}
		i := -1
		for j := range keysA {
			if keysA[j] == keysB[j] {
				i = j
				break
			}
		}
		if i < 0 {
			x = end
			continue
		}
		x += int64(i) + 1
		if a, err = s.sweptTo(ctx, sa, x); err != nil {
			return band.State{}, false, err
		}
		if b, err = s.sweptTo(ctx, sb, x+p); err != nil {
			return band.State{}, false, err
		}
	}
}

// cursorTo starts a sweep at row until: from the last checkpoint at or
// before it, or from row 0.
func (s *searcher) cursorTo(ctx context.Context, until int64) (*cursor, error) {
	var from band.State
	for _, c := range s.checkpoints {
		if c.Next > until {
			break
		}
		from = c
	}
	return s.sweptTo(ctx, from, until)
}

// sweptTo starts a sweep from st and runs it to row until.
func (s *searcher) sweptTo(ctx context.Context, st band.State, until int64) (*cursor, error) {
	c, err := s.cursorAt(ctx, st)
	if err != nil {
		return nil, err
	}
	return c, c.run(ctx, until, nil)
}
