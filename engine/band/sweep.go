package band

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/engine"
)

// DefaultTile is the band height when Config.Tile is zero, and
// DefaultWidth the tile width when Config.Width is. Band b+1 may sweep a
// tile once band b has swept it, and then reads the column sets band b
// wrote on another core. The cells of values up to V = 200 lie within about
// 100 of the diagonal, so about (Tile + 200)/(Tile + Width) bands can be in
// flight: lower bands wait less for the band above, taller ones move fewer
// column sets between cores per cell. 64 rows sped two workers up most
// (measured on 2 cores, medians of 12 rounds alternating in one process:
// 1.97× one worker against 1.84× with 32 rows; in another set 1.86×
// against 1.78× and 1.61× with 96 and 128 rows).
const (
	DefaultTile  = 64
	DefaultWidth = 64
)

// SoloTile is the band height when Config.Tile is zero and one worker
// sweeps: no two bands are then in flight, so the height only sets how
// often a band's fixed costs are paid (measured when each band was handed
// to the caller's goroutine: 11–15% less CPU than with DefaultTile,
// BenchmarkBand).
const SoloTile = 256

// DefaultSegment is the rows of a segment when Config.Segment is zero, and
// DefaultPassSegment with the pass (Rules.Passless): a segment's rows of
// the passless table, kept a byte a column (416 bytes a row at V = 200),
// then stay in a core's cache until the sweep with the pass reads them
// (G₋₁ with the pass, n = 10⁶, V = 200, one worker, on the loaded 2-core
// Xeon VM with 2 MB of L2 a core: 1.0–1.35 s with 2048 rows, 1.4–1.6 s
// with 16384; 1024 and 4096 rows within the noise of 2048).
const (
	DefaultSegment     = 1 << 14
	DefaultPassSegment = 1 << 11
)

// Config sets how the band is swept; it never changes the cells.
type Config struct {
	// Workers is the number of goroutines sweeping bands; 0 means GOMAXPROCS.
	Workers int
	// Tile is the band height, in rows; 0 means DefaultTile, or SoloTile
	// for one worker.
	Tile int
	// Width is the tile width, in columns, rounded up to a multiple of 64;
	// 0 means DefaultWidth.
	Width int
	// Segment is the rows swept with one window; 0 means DefaultSegment,
	// or DefaultPassSegment with the pass. Run stops only between
	// segments.
	Segment int
	// RowHash, if set, is called with each band of rows, packed, on the
	// worker that swept it (bands at once on several workers), to write
	// HashWords values a row to hashes (len HashWords·p.Len(), row i's at
	// [HashWords·i, HashWords·(i+1))); the caller finds them in
	// Rows.Hash. It takes per-row work off the caller's goroutine, such as
	// the key the proof search looks up at every row or each row's
	// SHA-256 of a checksum. Its error stops the sweep.
	RowHash func(p Packed, hashes []uint64) error
	// PasslessRowHash, if set with RowHash and the pass (Rules.Passless),
	// is RowHash for the rows of the passless table: each row's Rows.Hash
	// is then the sum, word by word, of RowHash's values of the row and of
	// PasslessRowHash's of the passless table's row (the key of the proof
	// search covers both sweeps' states). It is ignored without the pass.
	PasslessRowHash func(p Packed, hashes []uint64) error
	// HashWords is the values RowHash writes a row; 0 means 1.
	HashWords int
	// HashOnly says the caller reads of each row only its number of
	// cells, its Hash and its Packed cells: the cells are not unpacked
	// into Rows.Y and Rows.Value, which stay empty. With the checksum read
	// from the packed cells, this took compute -write none 13% less time
	// (n = 10⁷, V = 200).
	HashOnly bool
	// DenseOnly says, beyond HashOnly, that the caller reads the cells of
	// the rows that have a dense form (Packed.Dense, every row of a
	// one-sided sweep but those of base cells) from there alone: they are
	// not packed.
	DenseOnly bool
	// margin is the room, in columns, a segment's window has beyond its
	// last row; 0 means 4(V+2)+Tile. Tests shrink it to exercise the retry
	// of a segment whose rows ran out of window.
	margin int
	// onKept, if set, is called by a worker after it has finished band b
	// and kept it: tests stall a worker there, holding the band the caller
	// needs next.
	onKept func(b int)
	// twoSided makes tests sweep a symmetric table on both sides of the
	// diagonal, as a table that is not symmetric is; span, if positive,
	// is how far right of its diagonal a one-sided sweep may find a cell
	// (leftCells), which tests shrink to make the sweep fall back to two
	// sides.
	twoSided bool
	span     int
}

// Sweeper computes the cells of value at most V of a rook-move table over
// 0 ≤ x, y ≤ n, row after row, and can stop between segments, save its
// State and go on later. Use it from one goroutine.
type Sweeper struct {
	n       int64
	v       int
	excl    exclusion  // the rules' excluded values
	pass    *passSweep // the passless table's sweep, with Rules.Passless
	base    []Cell
	baseEnd int64 // the first row after every base cell
	cfg     Config
	win     *window
	next    int64
	// oneSided says the rows are walked from their diagonal on
	// (onesided.go): the rules are symmetric and V < 255.
	oneSided bool
	broken   bool
	states   []*bandState
	progress []bandProgress // the bands' of the last run, kept for their channels
	visited  int64          // cells whose mex the pipeline took
	spare    *window        // the snapshot taken before each segment
}

// New prepares the sweep of rules over 0 ≤ x, y ≤ n for the values
// 0 … v, from row 0. n ≥ 0 and 0 ≤ v ≤ MaxCap.
func New(rules Rules, n int64, v int, cfg Config) (*Sweeper, error) {
	switch {
	case n < 0:
		return nil, fmt.Errorf("%w: n = %d is negative", ErrInvalid, n)
	case v < 0 || v > MaxCap:
		return nil, fmt.Errorf("%w: the largest value %d is outside 0 … %d", ErrInvalid, v, MaxCap)
	case n > math.MaxInt64/4:
		return nil, fmt.Errorf("%w: n = %d is too large", ErrInvalid, n)
	}
	if err := rules.validate(); err != nil {
		return nil, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	switch {
	case cfg.Tile > 0:
	case cfg.Workers == 1:
		cfg.Tile = SoloTile
	default:
		cfg.Tile = DefaultTile
	}
	switch {
	case cfg.Segment > 0:
	case rules.Passless != nil:
		cfg.Segment = DefaultPassSegment
	default:
		cfg.Segment = DefaultSegment
	}
	if cfg.Width <= 0 {
		cfg.Width = DefaultWidth
	}
	if cfg.HashWords <= 0 {
		cfg.HashWords = 1
	}
	cfg.Width = (cfg.Width + 63) &^ 63
	if cfg.margin <= 0 {
		cfg.margin = 4*(v+2) + cfg.Width
	}
	base := rules.sortedBase(n)
	var baseEnd int64
	for _, c := range base {
		baseEnd = max(baseEnd, c.X+1)
	}
	words := v/64 + 1
	if words < 4 {
		words = 4 // fillTile4 serves every V < 256
	}
	sw := &Sweeper{n: n, v: v, excl: exclusion{nimSum: rules.NimSum}, base: base, baseEnd: baseEnd, cfg: cfg,
		win: newWindow(v, words), spare: newWindow(v, words)}
	if rules.Passless != nil {
		inner, err := New(*rules.Passless, n, v, passConfig(cfg))
		if err != nil {
			return nil, err
		}
		sw.pass = &passSweep{rules: *rules.Passless, inner: inner, rows: newPassRows(v, cfg.span)}
		sw.excl.pass = sw.pass.rows
	}
	if v <= OneSidedMaxCap && rules.symmetric() && !cfg.twoSided {
		sw.oneSided = true
		sw.win.oneSided = newLeftCells(v, cfg.span, cfg.Workers, cfg.Tile)
		sw.spare.oneSided = newLeftCells(v, cfg.span, cfg.Workers, cfg.Tile)
	}
	return sw, nil
}

// N is the table's last row and column.
func (sw *Sweeper) N() int64 { return sw.n }

// V is the largest value whose cells the sweep reports.
func (sw *Sweeper) V() int { return sw.v }

// Visited is the number of cells of the rows emitted so far, after the
// rows of base cells, whose mex the sweep took: the cells of the band.
func (sw *Sweeper) Visited() int64 { return sw.visited }

// Next is the first row not yet computed: n+1 when the table is done.
func (sw *Sweeper) Next() int64 { return sw.next }

// OneSided reports whether the rows are walked from their diagonal on, the
// cells left of it taken from the columns above (onesided.go): for
// symmetric rules and V < 255, until a cell lies further right of its
// diagonal than V+2, when the sweep goes on two-sided.
func (sw *Sweeper) OneSided() bool { return sw.oneSided }

// errOutOfWindow stops a segment whose rows need columns beyond its window.
var errOutOfWindow = errors.New("band: a row ran out of its window")

// Run computes rows Next() … until−1 and calls emit with them, in order,
// from the calling goroutine (a band of Tile rows a call, the rows holding
// base cells first). When ctx is cancelled it stops at the next segment
// boundary and returns ctx's error; Next() then says where a later Run
// continues. An error of emit stops the sweep for good.
func (sw *Sweeper) Run(ctx context.Context, until int64, emit func(Rows) error) error {
	if sw.broken {
		return fmt.Errorf("band: the sweep was stopped by an error and cannot continue")
	}
	if until < sw.next || until > sw.n+1 {
		return fmt.Errorf("band: cannot run to row %d from row %d of a table of side %d", until, sw.next, sw.n+1)
	}
	for sw.next < until {
		if err := ctx.Err(); err != nil {
			return err
		}
		end := min(until, sw.next+int64(sw.cfg.Segment))
		if sw.next < sw.baseEnd {
			end = min(until, sw.baseEnd)
		}
		if err := sw.segment(end, emit); err != nil {
			sw.broken = true
			return err
		}
	}
	return nil
}

// segment computes rows next … end−1 with one window, retrying with twice
// the room when a row runs out of it, and two-sided from its first row
// when a one-sided sweep found a cell beyond its span (emitting no row
// twice).
func (sw *Sweeper) segment(end int64, emit func(Rows) error) error {
	start := sw.next
	if sw.pass != nil {
		if err := sw.pass.fill(start, end); err != nil {
			return err
		}
		if sw.cfg.RowHash != nil && sw.cfg.PasslessRowHash != nil {
			emit = sw.pass.rows.addHashes(emit, sw.cfg.HashWords)
		}
	}
	for margin := sw.cfg.margin; ; {
		if sw.oneSided {
			sw.win.slideOneSided(start, end, int64(margin), sw.n)
		} else {
			sw.win.slide(end, int64(margin), sw.n)
		}
		sw.spare.copyFrom(sw.win)
		var err error
		if start < sw.baseEnd {
			err = sw.baseRows(start, end, emit)
		} else {
			err = sw.pipeline(start, end, emit)
		}
		switch {
		case errors.Is(err, errOutOfWindow):
			margin *= 2
		case errors.Is(err, errTooFar):
			sw.win.copyFrom(sw.spare)
			next := sw.next
			sw.next = start
			st := sw.oneSidedState()
			sw.next = next
			sw.becomeTwoSided(st)
			continue
		default:
			return err
		}
		sw.win.copyFrom(sw.spare)
	}
}

// bandStates returns k band states, made on first use.
func (sw *Sweeper) bandStates(k int) []*bandState {
	for len(sw.states) < k {
		span := 0
		if o := sw.win.oneSided; o != nil {
			span = o.span
		}
		sw.states = append(sw.states, newBandState(sw.cfg.Tile, sw.win.words, sw.v+1+len(sw.base), span, sw.cfg))
	}
	return sw.states[:k]
}

// baseRows computes the rows holding base cells one by one, from start to
// end, on the calling goroutine, and emits those from sw.next on.
func (sw *Sweeper) baseRows(start, end int64, emit func(Rows) error) error {
	st := sw.bandStates(1)[0]
	for x := start; x < end; x++ {
		st.reset(x, sw.win.lo, 1)
		first := 0
		for first < len(sw.base) && sw.base[first].X < x {
			first++
		}
		last := first
		for last < len(sw.base) && sw.base[last].X == x {
			last++
		}
		if o := sw.win.oneSided; o != nil {
			o.clearRows(x, 1)
		}
		fits, err := sw.win.fillBaseRow(st, 0, sw.v, sw.excl, sw.base[first:last], sw.n)
		if err != nil {
			return err
		}
		if !fits {
			return errOutOfWindow
		}
		if o := sw.win.oneSided; o != nil {
			c, words := int(x-sw.win.lo), sw.win.words
			copy(o.finals[c*words:(c+1)*words], st.rowSets[:words])
		}
		if x >= sw.next {
			if err := gatherHere(st); err != nil {
				return err
			}
			if err := emit(st.out); err != nil {
				return err
			}
			sw.next = x + 1
		}
	}
	return nil
}

// spinTime is how long await spins before it parks. On a virtual machine
// a parked goroutine can take a hundred microseconds to wake, longer than
// most waits for the band above (measured on 2 cores: two workers 1.97×
// one with 1 ms, 1.78× with 200 looks, 1.82× with 100 µs, 1.85× with
// 10 ms, medians of 12 rounds alternating in one process). For the first
// busyTime of it, it only looks: a wait for a tile of the band above takes
// a few microseconds (3 µs on average at V = 200, Tile 64, Width 16), less
// than a yield to the scheduler and back, which slowed the loop that
// looked between yields more than it helped the caller (docs/measurements.md,
// 2026-12-01); then it yields between looks, so that the caller and a
// values dataset's encoders run.
const (
	spinTime = time.Millisecond
	busyTime = 50 * time.Microsecond
)

// bandProgress is what band b+1 reads of band b: the tiles it has passed
// (frontier; math.MaxInt64 once finished) and the first tile that still has
// a live column. tick wakes the one waiter after frontier moves. In a
// one-sided sweep, finished receives a token when the band, and every band
// above it, has read the right parts its rows need, which frees their
// slots for the one band that waits for them, inFlight further down. A Sweeper keeps its bands' progress from run
// to run (reset), with the channels.
type bandProgress struct {
	frontier atomic.Int64
	start    atomic.Int64
	tick     chan struct{}
	finished chan struct{}
}

// reset readies p for a new run: no tile passed, no token waiting (a band
// of the run before may have left one nobody took).
func (p *bandProgress) reset() {
	p.frontier.Store(0)
	p.start.Store(0)
	if p.tick == nil {
		p.tick, p.finished = make(chan struct{}, 1), make(chan struct{}, 1)
	}
	for _, c := range [...]chan struct{}{p.tick, p.finished} {
		select {
		case <-c:
		default:
		}
	}
}

// advance publishes that every tile before j is done.
func (p *bandProgress) advance(j int64) {
	p.frontier.Store(j)
	select {
	case p.tick <- struct{}{}:
	default:
	}
}

// passed reports whether tile j is done.
func (p *bandProgress) passed(j int64) bool { return p.frontier.Load() > j }

// await blocks until tile j is done, or abort ends. The wait is usually
// shorter than a goroutine's park and wake-up, so it spins for up to
// spinTime first: busyTime looking only, reading the clock every 256
// looks, then yielding the processor between looks and reading the clock
// every 16 of them.
func (p *bandProgress) await(j int64, abort <-chan struct{}) bool {
	if p.passed(j) {
		return true
	}
	start := time.Now()
	for time.Since(start) < busyTime {
		for range 256 {
			if p.passed(j) {
				return true
			}
		}
	}
	for time.Since(start) < spinTime {
		for range 16 {
			if p.passed(j) {
				return true
			}
			runtime.Gosched()
		}
	}
	for !p.passed(j) {
		select {
		case <-p.tick:
		case <-abort:
			return false
		}
	}
	return true
}

// finishedBand is band b of a pipeline, swept.
type finishedBand struct {
	b  int
	st *bandState
}

// heldBands are the finished bands a worker keeps until it hands them to
// the caller's goroutine: a few at a time, since each hand-over costs a
// goroutine switch, and packed, so that the worker can unpack them when it
// would otherwise wait for the band above (measured on 2 cores: two workers
// 1.89× one, against 1.80× without unpacking while waiting and 1.85× with
// a hand-over per band).
type heldBands struct {
	bands    []finishedBand
	gathered int // bands[:gathered] are unpacked
	to       chan<- finishedBand
}

// gatherOne unpacks a held band and reports whether one was still packed.
func (h *heldBands) gatherOne() bool {
	if h.gathered == len(h.bands) {
		return false
	}
	h.bands[h.gathered].st.gather()
	h.gathered++
	return true
}

// handOver unpacks the held bands, sends them to the caller and yields: the
// first send readied the caller's goroutine on this processor, and yielding
// runs it now, here, rather than when the other core is free or through an
// OS wake-up (measured: compute at n = 10⁷, 2 workers, 8% faster). The
// sends never block: the channel has room for every band state.
func (h *heldBands) handOver() {
	for h.gatherOne() {
	}
	for _, f := range h.bands {
		h.to <- f
	}
	h.bands, h.gathered = h.bands[:0], 0
	runtime.Gosched()
}

// bandRun is what the workers of a pipeline share: its rows start …
// end−1, their bands of height rows and tiles of width columns, and each
// band's progress.
type bandRun struct {
	sw                   *Sweeper
	start, end           int64
	height, width, tiles int64
	progress             []bandProgress
	inFlight             int
	tableEnd             bool // the window reaches the table's last column
}

// newBandRun prepares the sweep of rows start … end−1, with the bands'
// progress kept from the Sweeper's run before (made anew for each
// segment, their channels were a third of what a proof search allocated).
func (sw *Sweeper) newBandRun(start, end int64) *bandRun {
	r := &bandRun{sw: sw, start: start, end: end, height: int64(sw.cfg.Tile), width: int64(sw.cfg.Width)}
	r.tiles = (int64(sw.win.cols) + r.width - 1) / r.width
	bands := int((end - start + r.height - 1) / r.height)
	if bands > len(sw.progress) {
		sw.progress = make([]bandProgress, bands)
	}
	r.progress = sw.progress[:bands]
	for b := range r.progress {
		r.progress[b].reset()
	}
	r.inFlight = len(r.progress)
	if sw.oneSided {
		r.inFlight = sw.win.oneSided.inFlight(int(r.height))
	}
	r.tableEnd = sw.win.lo+int64(sw.win.cols) > sw.n
	return r
}

// sweepBand computes band b into st, tile by tile, each tile once band b−1
// has passed it, unpacking held bands while it waits. It reports false
// when abort ended a wait, and errOutOfWindow or errTooFar when the band
// needs a wider window or both sides of the diagonal.
func (r *bandRun) sweepBand(st *bandState, b int, held *heldBands, abort <-chan struct{}) (bool, error) {
	sw, w := r.sw, r.sw.win
	x0 := r.start + int64(b)*r.height
	st.reset(x0, w.lo, int(min(r.height, r.end-x0)))
	me := &r.progress[b]
	if b >= r.inFlight {
		// A one-sided sweep's band may write the right parts of band
		// b−inFlight's rows once that band, and so every band above it,
		// has read the parts it needs.
		select {
		case <-r.progress[b-r.inFlight].finished:
		default:
			held.handOver()
			select {
			case <-r.progress[b-r.inFlight].finished:
			case <-abort:
				return false, nil
			}
		}
	}
	if sw.oneSided {
		w.oneSided.clearRows(x0, st.rows)
	}
	first := int64(0)
	switch {
	case sw.oneSided: // the rows start at their diagonal
		first = (x0 - w.lo) / r.width
	case b > 0:
		first = r.progress[b-1].start.Load()
	}
	me.start.Store(first)
	for j := first; j < r.tiles && st.open > 0; j++ {
		if b > 0 {
			above := &r.progress[b-1]
			for !above.passed(j) && held.gatherOne() {
			}
			if !above.await(j, abort) {
				return false, nil
			}
		}
		c0, c1 := int(j*r.width), min(int((j+1)*r.width), w.cols)
		if j == first && !sw.oneSided && !w.anyLive(c0, c1) {
			first++
			me.start.Store(first)
		} else {
			if sw.oneSided {
				w.fillTile4(st, c0, c1, sw.v, sw.excl)
			} else {
				for i := range st.rows {
					if !st.done[i] {
						w.fillRowTile(st, i, c0, c1, sw.v, sw.excl)
					}
				}
			}
		}
		me.advance(j + 1)
	}
	if st.open > 0 && !r.tableEnd {
		return false, errOutOfWindow
	}
	if st.tooFar {
		return false, errTooFar
	}
	if sw.oneSided {
		w.finishOneSided(st)
	}
	if b > 0 {
		// A band whose rows filled early says it has passed every tile,
		// and the band below then goes on without waiting at the tiles
		// this one never reached: the band above may still be writing
		// their columns. So it says so only once the band above has
		// passed them all.
		above := &r.progress[b-1]
		for !above.passed(math.MaxInt64-1) && held.gatherOne() {
		}
		if !above.await(math.MaxInt64-1, abort) {
			return false, nil
		}
	}
	me.advance(math.MaxInt64)
	if sw.oneSided {
		me.finished <- struct{}{} // never blocks: one token a run, its buffer drained by reset
	}
	return true, nil
}

// emitBand hands the swept band st to emit unless a retried segment has
// emitted its rows already, and accounts it.
func (sw *Sweeper) emitBand(st *bandState, emit func(Rows) error) error {
	if st.x0+int64(st.rows) <= sw.next {
		return nil
	}
	if st.hashErr != nil {
		return st.hashErr
	}
	if err := emit(st.out); err != nil {
		return err
	}
	sw.next = st.x0 + int64(st.rows)
	sw.visited += st.visits
	return nil
}

// solo computes rows r.start … r.end−1 band after band on the calling
// goroutine, emitting each as it is swept. One worker sweeps so, rather
// than beside the caller: a band handed to another goroutine was often
// taken up on the other core, and its cells and the window with it
// (measured on 2 cores, n = 3·10⁶, V = 200: 0.77× the time).
func (sw *Sweeper) solo(r *bandRun, emit func(Rows) error) error {
	st := sw.bandStates(1)[0]
	for b := range r.progress {
		if err := r.sweepHere(st, b); err != nil {
			return err
		}
		if sw.cfg.onKept != nil {
			sw.cfg.onKept(b)
		}
		if err := sw.emitBand(st, emit); err != nil {
			return err
		}
	}
	return nil
}

// sweepHere sweeps band b into st and gathers it on the calling goroutine,
// where the band above is always done; a panic there is returned as a
// *engine.WorkerPanic, as on a pipeline worker.
func (r *bandRun) sweepHere(st *bandState, b int) (err error) {
	defer engine.RecoverWorker(&err)
	var held heldBands // nothing is held
	if _, err := r.sweepBand(st, b, &held, nil); err != nil {
		return err
	}
	return gatherHere(st)
}

// gatherHere gathers the swept band st on the calling goroutine and
// returns Config.RowHash's error; a panic there is returned as a
// *engine.WorkerPanic, as on a pipeline worker.
func gatherHere(st *bandState) (err error) {
	defer engine.RecoverWorker(&err)
	st.gather()
	return st.hashErr
}

// pipeline computes rows start … end−1 in bands of Tile rows on the
// workers, and emits the bands in order, those below sw.next skipped (a
// retried segment emits nothing twice).
func (sw *Sweeper) pipeline(start, end int64, emit func(Rows) error) (err error) {
	r := sw.newBandRun(start, end)
	bands := len(r.progress)
	workers := min(sw.cfg.Workers, bands)
	if workers <= 1 {
		return sw.solo(r, emit)
	}
	// A worker hands its finished bands to the caller's goroutine about
	// SoloTile rows at a time. Room for the bands each worker sweeps and
	// holds, and for as many again waiting for the caller, which has no
	// core of its own.
	handOff := max(1, SoloTile/int(r.height))
	states := sw.bandStates(2*workers*handOff + 2)
	free := make(chan *bandState, len(states))
	for _, st := range states {
		free <- st
	}
	finished := make(chan finishedBand, len(states))
	stop, cancel := context.WithCancel(context.Background())
	defer cancel()
	g, gctx := errgroup.WithContext(stop)
	abort := gctx.Done()
	var nextBand atomic.Int64
	for range workers {
		g.Go(func() (err error) {
			defer engine.RecoverWorker(&err)
			held := heldBands{bands: make([]finishedBand, 0, handOff), to: finished}
			for {
				var st *bandState
				select {
				case st = <-free:
				default:
					// A worker never blocks holding bands: they may be the
					// ones the caller needs to free a state.
					held.handOver()
					select {
					case st = <-free:
					case <-abort:
						return nil
					}
				}
				b := int(nextBand.Add(1) - 1)
				if b >= bands {
					held.handOver()
					return nil
				}
				if ok, err := r.sweepBand(st, b, &held, abort); !ok {
					return err
				}
				if held.bands = append(held.bands, finishedBand{b, st}); len(held.bands) == handOff {
					held.handOver()
				}
				if sw.cfg.onKept != nil {
					sw.cfg.onKept(b)
				}
			}
		})
	}
	done := make(chan error, 1)
	go func() {
		done <- g.Wait()
		close(finished)
	}()
	pending := make(map[int]*bandState, len(states))
	nextEmit := 0
	var emitErr error
	for f := range finished {
		pending[f.b] = f.st
		for st := pending[nextEmit]; st != nil && emitErr == nil; st = pending[nextEmit] {
			delete(pending, nextEmit)
			nextEmit++
			if emitErr = sw.emitBand(st, emit); emitErr != nil {
				break
			}
			free <- st
		}
		if emitErr != nil {
			break
		}
	}
	if emitErr != nil {
		cancel()
		for range finished { // drained until the workers have stopped
		}
	}
	werr := <-done
	if emitErr != nil {
		return emitErr
	}
	return werr
}
