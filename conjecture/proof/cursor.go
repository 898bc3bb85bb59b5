package proof

import (
	"context"

	"github.com/grundy-lab/grundy/engine/band"
)

// cursor is a band sweep with the tracker of its state's key.
type cursor struct {
	sw *band.Sweeper
	tr *tracker
}

// cursorAt starts a sweep of the search's side from st: when st is the
// zero State, from row 0, its tracker taking the state before row
// s.first, past the rows of base cells; else where a sweep of the same
// search was. Its band's workers hash the rows for the tracker.
//
// The tracker starts past the base cells because its key sums the cells a
// row adds to each column: a game file may prescribe a cell with a value
// its column holds above it (a column holding a value twice, as a row
// may), which the sum would count twice and the state's set once, so that
// no later key would match the state's. Past the base cells every cell is
// the mex of its options, new to its column.
func (s *searcher) cursorAt(ctx context.Context, st band.State) (*cursor, error) {
	cfg := s.cfg
	cfg.RowHash, cfg.DenseOnly = s.hasher.rows, true
	if s.hasher.passless != nil {
		cfg.PasslessRowHash = s.hasher.passless.rows
	}
	var sw *band.Sweeper
	var err error
	if st.Next == 0 {
		sw, err = band.New(s.rules, s.side, s.v, cfg)
		if err == nil {
			err = sw.Run(ctx, s.first, func(band.Rows) error { return nil })
			st = sw.State()
		}
	} else {
		sw, err = band.Resume(s.rules, s.side, s.v, cfg, st)
	}
	if err != nil {
		return nil, err
	}
	tr, err := trackerAt(st, s.hasher)
	if err != nil {
		return nil, err
	}
	return &cursor{sw: sw, tr: tr}, nil
}

// run sweeps on to row until and calls onRow, if set, after each row
// with the next row x and the key of the state before it.
func (c *cursor) run(ctx context.Context, until int64, onRow func(x int64, key uint64)) error {
	return c.sw.Run(ctx, until, func(r band.Rows) error {
		for _, hash := range r.Hash {
			c.tr.add(hash)
			if onRow != nil {
				onRow(c.tr.next, c.tr.key())
			}
		}
		return nil
	})
}
