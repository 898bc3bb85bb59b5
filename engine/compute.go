package engine

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// DefaultTile is the tile side used when Config.Tile is zero: the band
// height and the tile width, in cells.
const DefaultTile = 128

// Config sets how a table is computed; it never changes the values.
type Config struct {
	// Workers is the number of goroutines sweeping bands; 0 means GOMAXPROCS.
	Workers int
	// Tile is the side of a tile in cells; 0 means DefaultTile.
	Tile int
	// Sets chooses the representation of the value sets; AutoSets, the
	// zero value, chooses by n (see SetKind).
	Sets SetKind
}

// resolved returns c with its defaults filled in.
func (c Config) resolved() Config {
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.Tile <= 0 {
		c.Tile = DefaultTile
	}
	return c
}

// Band is a run of complete rows handed to the caller: rows X0 … X0+Rows−1,
// each of Width = n+1 cells, in Cells row-major. Cells is only valid during
// the emit call that receives it; copy what must outlive it.
type Band struct {
	X0, Rows, Width int
	Cells           []int32
}

// Compute sweeps the table of rules over 0 ≤ x, y ≤ n and calls emit once per
// band, in increasing x, from a single goroutine. It returns the first error
// of emit, or ctx's error if ctx is cancelled first; either stops all workers
// promptly. n must be non-negative.
func Compute(ctx context.Context, rules Rules, n int, cfg Config, emit func(Band) error) error {
	return Continue(ctx, rules, n, cfg, 0, nil, emit)
}

// Continue is Compute for a table whose rows 0 … start−1 are already known:
// prefix streams them, in order, to the function it is given, from which
// Continue rebuilds the column sets, and the sweep emits rows start … n.
// start must be a multiple of cfg.Tile, or n+1 when nothing is left; prefix
// may be nil when start is 0. This is how an interrupted run resumes: since
// every cell depends only on the cells above it and to its left, the rows
// written are the whole state.
func Continue(ctx context.Context, rules Rules, n int, cfg Config, start int, prefix func(visit func(Band) error) error, emit func(Band) error) error {
	if n < 0 {
		return fmt.Errorf("%w: n = %d is negative", ErrInvalidRules, n)
	}
	if err := rules.validate(); err != nil {
		return err
	}
	cfg = cfg.resolved()
	if start < 0 || start > n+1 || (start%cfg.Tile != 0 && start != n+1) {
		return fmt.Errorf("engine: cannot continue from row %d of a table of side %d with tile %d", start, n+1, cfg.Tile)
	}
	s := newSweep(rules, n, cfg.Tile, cfg.Sets.sparse(rules, n))
	if rules.Split != nil {
		s.prepareSplit()
	}
	if start > 0 {
		if err := s.seed(start, prefix); err != nil {
			return err
		}
	}
	if start == s.width {
		return nil
	}
	bands := (s.width + s.tile - 1) / s.tile
	tilesPerBand := bands
	firstBand := start / s.tile

	// progress[b] receives one token per finished tile of band b, in order;
	// band b+1 takes one before each of its tiles. Its capacity makes the
	// sender never block.
	progress := make([]chan struct{}, bands)
	for b := range progress {
		progress[b] = make(chan struct{}, tilesPerBand)
	}
	// States circulate: free → a worker → finished (in band order) → emit →
	// free. Workers+1 of them let one band wait for emit while every worker
	// sweeps; that bounds the memory to a few bands whatever n is.
	states := cfg.Workers + 1
	free := make(chan *bandState, states)
	for range states {
		free <- s.newBandState()
	}
	finished := make(chan *bandState, states)

	g, ctx := errgroup.WithContext(ctx)
	var nextBand atomic.Int64
	nextBand.Store(int64(firstBand))
	for range cfg.Workers {
		g.Go(func() error {
			excluded := s.newExcludedScratch()
			for {
				b := int(nextBand.Add(1) - 1)
				if b >= bands {
					return nil
				}
				var st *bandState
				select {
				case st = <-free:
				case <-ctx.Done():
					return ctx.Err()
				}
				s.reset(st, b)
				for j := range tilesPerBand {
					if b > firstBand {
						select {
						case <-progress[b-1]:
						case <-ctx.Done():
							return ctx.Err()
						}
					}
					s.fillTile(st, j*s.tile, min((j+1)*s.tile, s.width), excluded)
					if j == tilesPerBand-1 {
						// Hand the band on before releasing band b+1's last
						// tile, so that finished receives bands in order.
						select {
						case finished <- st:
						case <-ctx.Done():
							return ctx.Err()
						}
					}
					progress[b] <- struct{}{}
				}
			}
		})
	}
	g.Go(func() error {
		for range bands - firstBand {
			var st *bandState
			select {
			case st = <-finished:
			case <-ctx.Done():
				return ctx.Err()
			}
			err := emit(Band{X0: st.x0, Rows: st.rows, Width: s.width, Cells: st.cells[:st.rows*s.width]})
			if err != nil {
				return err
			}
			free <- st
		}
		return nil
	})
	return g.Wait()
}

// newSweep allocates the column state of a table of side n+1, with sparse
// or dense value sets.
func newSweep(rules Rules, n, tile int, sparse bool) *sweep {
	base := rules.sortedBase(n)
	top := maxBaseValue(base)
	if rules.Split != nil {
		top = 2*n + 2 // a mex of two anti-diagonals of at most n+1 cells each
	}
	words := bitsetWords(n, top, rules.Diagonal)
	width := n + 1
	s := &sweep{
		width:  width,
		tile:   tile,
		words:  words,
		stride: setStride(words),
		base:   base,
		rules:  rules,
		sparse: sparse,
	}
	if sparse {
		s.colSparse = make([]sparseSet, width)
		if rules.Diagonal {
			s.diagSparse = make([]sparseSet, 2*width-1)
		}
		return s
	}
	if rules.Split == nil {
		s.colSets = make([]uint64, width*s.stride)
		s.colMex = make([]int32, width)
	}
	if rules.Josephus {
		s.josephus = newJosephusColumns(width)
	}
	if rules.Diagonal {
		s.diagSets = make([]uint64, (2*width-1)*s.stride)
		s.diagMex = make([]int32, 2*width-1)
	}
	return s
}

// newBandState allocates the cells and row bitsets of one band.
func (s *sweep) newBandState() *bandState {
	if s.sparse {
		return &bandState{cells: make([]int32, s.tile*s.width), rowSparse: make([]sparseSet, s.tile)}
	}
	return &bandState{
		cells:   make([]int32, s.tile*s.width),
		rowSets: make([]uint64, s.tile*s.stride),
		rowMex:  make([]int32, s.tile),
		rowEnd:  make([]int32, s.tile),
	}
}

// newExcludedScratch returns a worker's buffer for the excluded values of a
// tile row, already holding "none" for rules without an excluded value.
func (s *sweep) newExcludedScratch() []int32 {
	excluded := make([]int32, s.tile)
	for i := range excluded {
		excluded[i] = -1
	}
	return excluded
}
