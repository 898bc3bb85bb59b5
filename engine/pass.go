package engine

import (
	"context"
	"fmt"
)

// The pass of a game with a pass (Rules.Passless). The pass leads from
// (x, y) to the same position of the game without the pass, G₀, so the
// cell needs G₀(x, y) as an extra excluded value. A Sweeper of G₀ runs
// beside the one of the game, a segment of rows ahead: each segment of G₀'s
// rows is kept whole (passSegmentBands bands of n+1 values) while the
// game's bands of the same rows read their excluded values from it, and is
// then dropped. The two sweepers stand at the same row between Runs, so a
// saved state is the game's followed by G₀'s.

// passSegmentBands is the bands of G₀ a segment keeps, per worker: enough
// that the game's workers rarely wait at a segment's end for the others.
const passSegmentBands = 4

// passRows is the segment of G₀'s rows the game's bands read.
type passRows struct {
	passless *Sweeper
	x0       int     // the segment's first row
	width    int     // n+1
	cells    []int32 // rows x0 … passless.Next()−1, row-major
}

// excluded is the game's Rules.Excluded: G₀(x, y0+i) into dst[i]. Every
// row a band reads lies in the segment, which no one writes meanwhile.
func (p *passRows) excluded(x, y0 int, dst []int32) {
	copy(dst, p.cells[(x-p.x0)*p.width+y0:])
}

// newPassRows prepares the sweep of G₀ beside a sweep of rules.
func newPassRows(rules Rules, n int, cfg Config) (*passRows, error) {
	passless, err := NewSweeper(*rules.Passless, n, cfg)
	if err != nil {
		return nil, fmt.Errorf("the game without the pass: %w", err)
	}
	rows := min(passSegmentBands*cfg.Workers*cfg.Tile, n+1)
	return &passRows{passless: passless, width: n + 1, cells: make([]int32, 0, rows*(n+1))}, nil
}

// fill computes the segment of G₀'s rows from row next on, to until at the
// most: fewer when ctx is cancelled (passless.Next() then says where it
// stopped, at a band's end).
func (p *passRows) fill(ctx context.Context, next, until int) error {
	p.x0, p.cells = next, p.cells[:0]
	end := min(until, next+cap(p.cells)/p.width)
	err := p.passless.Run(ctx, end, func(b Band) error {
		p.cells = append(p.cells, b.Cells[:b.Rows*b.Width]...)
		return nil
	})
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("the game without the pass: %w", err)
	}
	return nil
}

// runWithPass is Run for rules with a pass: segment by segment, G₀'s rows
// and then the game's. A cancellation stops G₀ at a band's end, and the
// game is swept to the same row before Run returns, so that both stand at
// one row.
func (sw *Sweeper) runWithPass(ctx context.Context, until int, emit func(Band) error) error {
	p := sw.pass
	for sw.next < until {
		if err := p.fill(ctx, sw.next, until); err != nil {
			sw.broken = true
			return err
		}
		// The rows of G₀ computed are swept whatever ctx says: a
		// cancellation waits for at most one segment of the game.
		if err := sw.runBands(context.WithoutCancel(ctx), p.passless.Next(), emit); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// seedPass brings G₀ to row start, computing its rows 0 … start−1 again:
// they are not saved (a table file holds the game's rows only).
func (p *passRows) seed(start int) error {
	return p.passless.Run(context.Background(), start, func(Band) error { return nil })
}
