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
// of emit, or ctx's error if ctx is cancelled first: an emit error stops all
// workers at once, a cancellation once the bands already started are done
// (at most Workers bands). n must be non-negative.
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
	sw, err := NewSweeper(rules, n, cfg)
	if err != nil {
		return err
	}
	if err := sw.Seed(start, prefix); err != nil {
		return err
	}
	return sw.Run(ctx, n+1, emit)
}

// Sweeper is a table computation that can stop between bands and go on
// later, or save its state (WriteState) and go on in another process
// (ReadSweeper). Use it from one goroutine.
type Sweeper struct {
	s      *sweep
	cfg    Config
	n      int
	next   int  // the first row not yet computed
	broken bool // a Run stopped in the middle of a band
	// states are the band states, Workers+1 of them, made by the first
	// Run and reused by the later ones.
	states []*bandState
	// pass, for rules with a pass, sweeps the game without it (pass.go).
	pass *passRows
}

// NewSweeper prepares the computation of the table of rules over
// 0 ≤ x, y ≤ n, from row 0. n must be non-negative.
func NewSweeper(rules Rules, n int, cfg Config) (*Sweeper, error) {
	if n < 0 {
		return nil, fmt.Errorf("%w: n = %d is negative", ErrInvalidRules, n)
	}
	if err := rules.validate(); err != nil {
		return nil, err
	}
	cfg = cfg.resolved()
	s := newSweep(rules, n, cfg.Tile, cfg.Sets.sparseFor(rules, n))
	if rules.Split != nil {
		s.prepareSplit()
	}
	sw := &Sweeper{s: s, cfg: cfg, n: n}
	if rules.Passless != nil {
		pass, err := newPassRows(rules, n, cfg)
		if err != nil {
			return nil, err
		}
		sw.pass, s.rules.Excluded = pass, pass.excluded
	}
	return sw, nil
}

// Seed takes in the known rows 0 … start−1 of a new Sweeper from prefix,
// as Continue does: start must be a multiple of the tile or n+1, and prefix
// may be nil when start is 0.
func (sw *Sweeper) Seed(start int, prefix func(visit func(Band) error) error) error {
	if start < 0 || start > sw.n+1 || (start%sw.cfg.Tile != 0 && start != sw.n+1) {
		return fmt.Errorf("engine: cannot continue from row %d of a table of side %d with tile %d", start, sw.n+1, sw.cfg.Tile)
	}
	if start > 0 {
		if err := sw.s.seed(start, prefix); err != nil {
			return err
		}
		if sw.pass != nil {
			if err := sw.pass.seed(start); err != nil {
				return err
			}
		}
	}
	sw.next = start
	return nil
}

// Next returns the first row not yet computed: n+1 when the table is done.
func (sw *Sweeper) Next() int { return sw.next }

// Run computes rows Next() … until−1 and calls emit once per band, in order,
// from the calling goroutine. until must be a multiple of the tile or n+1.
// On an error of emit it stops every worker at once and the Sweeper can do
// nothing more. When ctx is cancelled it starts no new band, finishes and
// emits the bands already started, and returns ctx's error: Next() then
// says where a later Run (or a saved state) continues.
func (sw *Sweeper) Run(ctx context.Context, until int, emit func(Band) error) error {
	s, width := sw.s, sw.s.width
	if sw.broken {
		return fmt.Errorf("engine: the sweep was stopped in the middle of a band and cannot continue")
	}
	if until < sw.next || until > width || (until%s.tile != 0 && until != width) {
		return fmt.Errorf("engine: cannot run to row %d from row %d of a table of side %d with tile %d", until, sw.next, width, s.tile)
	}
	if sw.pass != nil {
		return sw.runWithPass(ctx, until, emit)
	}
	return sw.runBands(ctx, until, emit)
}

// runBands is Run's sweep of the bands up to until, which Run has checked.
func (sw *Sweeper) runBands(ctx context.Context, until int, emit func(Band) error) error {
	s, width := sw.s, sw.s.width
	if sw.next == until {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	firstBand := sw.next / s.tile
	bands := (until + s.tile - 1) / s.tile
	tilesPerBand := (width + s.tile - 1) / s.tile

	// progress[b] receives one token per finished tile of band b, in order;
	// band b+1 takes one before each of its tiles. Its capacity makes the
	// sender never block.
	progress := make([]chan struct{}, bands-firstBand)
	for b := range progress {
		progress[b] = make(chan struct{}, tilesPerBand)
	}
	// States circulate: free → a worker → finished (in band order) → emit →
	// free. Workers+1 of them let one band wait for emit while every worker
	// sweeps; that bounds the memory to a few bands whatever n is.
	if sw.states == nil {
		for range sw.cfg.Workers + 1 {
			sw.states = append(sw.states, s.newBandState())
		}
	}
	free := make(chan *bandState, len(sw.states))
	for _, st := range sw.states {
		free <- st
	}
	finished := make(chan *bandState, len(sw.states))

	// abort stops everything at once (an emit or worker error); ctx only
	// stops the claiming of new bands.
	abortCtx, abort := context.WithCancel(context.Background())
	defer abort()
	g, abortCtx := errgroup.WithContext(abortCtx)
	var nextBand atomic.Int64
	nextBand.Store(int64(firstBand))
	for range sw.cfg.Workers {
		g.Go(func() (err error) {
			defer RecoverWorker(&err)
			excluded := s.newExcludedScratch()
			for {
				if ctx.Err() != nil {
					return nil
				}
				b := int(nextBand.Add(1) - 1)
				if b >= bands {
					return nil
				}
				var st *bandState
				select {
				case st = <-free:
				case <-abortCtx.Done():
					return abortCtx.Err()
				}
				s.reset(st, b)
				for j := range tilesPerBand {
					if b > firstBand {
						select {
						case <-progress[b-1-firstBand]:
						case <-abortCtx.Done():
							return abortCtx.Err()
						}
					}
					s.fillTile(st, j*s.tile, min((j+1)*s.tile, width), excluded)
					if j == tilesPerBand-1 {
						// Hand the band on before releasing band b+1's last
						// tile, so that finished receives bands in order.
						select {
						case finished <- st:
						case <-abortCtx.Done():
							return abortCtx.Err()
						}
					}
					progress[b-firstBand] <- struct{}{}
				}
			}
		})
	}
	workersDone := make(chan error, 1)
	go func() {
		workersDone <- g.Wait()
		close(finished)
	}()
	var emitErr error
	for st := range finished {
		if emitErr != nil {
			continue // drain, so that no worker blocks
		}
		if emitErr = emit(Band{X0: st.x0, Rows: st.rows, Width: width, Cells: st.cells[:st.rows*width]}); emitErr != nil {
			abort()
			continue
		}
		sw.next = st.x0 + st.rows
		free <- st
	}
	werr := <-workersDone
	switch {
	case emitErr != nil:
		sw.broken = true
		return emitErr
	case werr != nil:
		sw.broken = true
		return werr
	case sw.next < until:
		return ctx.Err()
	}
	return nil
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
	if rules.Limit > 0 {
		words = limitWords(limitWindow(rules.Limit, n), top, rules.Diagonal)
	}
	s := &sweep{
		width:  width,
		tile:   tile,
		words:  words,
		stride: setStride(words),
		base:   base,
		rules:  rules,
		sparse: sparse,
	}
	if rules.Limit > 0 {
		// Dense sets of a few words each, without running mexes.
		s.colSets = make([]uint64, width*s.stride)
		if rules.Diagonal {
			s.diagSets = make([]uint64, (2*width-1)*s.stride)
		}
		s.limit = newLimitLines(width, limitWindow(rules.Limit, n), top+1, rules.Diagonal)
		return s
	}
	if sparse {
		s.colSparse = newSparseSets(width, sparseSlots)
		if rules.Diagonal {
			s.diagSparse = newSparseSets(2*width-1, sparseSlots/2)
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
	st := &bandState{
		cells:   make([]int32, s.tile*s.width),
		rowSets: make([]uint64, s.tile*s.stride),
		rowMex:  make([]int32, s.tile),
		rowEnd:  make([]int32, s.tile),
	}
	if s.limit != nil {
		st.rowCount = make([]uint16, s.tile*s.limit.counted)
	}
	return st
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
