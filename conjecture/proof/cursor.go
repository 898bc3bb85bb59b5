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

// cursorAt starts a sweep of the search's side from st: before row 0
// when st is the zero State, else where a sweep of the same search was.
// Its band's workers hash the rows for the tracker.
func (s *searcher) cursorAt(st band.State) (*cursor, error) {
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
