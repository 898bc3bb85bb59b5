package proof

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// The independent check is about twice the band sweep's CPU a row, and a
// checker is one goroutine: checking rows 0 … x1−1 as one stream takes a
// core for the check and leaves the others idle. With W ≥ 2 workers the
// rows are split into segments, each checked by a checker of its own from
// the state before its first row (bandcheck's StartAt), W segments at a
// time; a sweep of its own, ahead of the segments, takes the band's
// states at the segments' first rows, the seeds. A seed is not
// trusted: the checker of the segment before ends in its own state at the
// seed's row, which must equal the seed exactly (the seam). Segment 0
// starts at row 0 from nothing, so by induction over the seams every
// segment's checker starts from the state the check itself reaches there,
// and the rows are checked as one checker would check them.

// segmentsPerWorker is how many segments a worker's share of the rows is
// cut into, so that the segments that start last (behind the seeds'
// sweep) are short.
const segmentsPerWorker = 4

// minSegmentRows is the fewest rows a segment is given: a segment costs a
// sweep and a checker set up, and a seed taken.
var minSegmentRows int64 = 1 << 16

// streamChecked sweeps rows 0 … x1−1 of table with cap v and side n and
// checks them with the independent check (package bandcheck), in segments
// when cfg.Workers ≥ 2 (see above); it requires every row to hold all of
// 0 … v (so that the table of side n agrees with the infinite one) and
// returns the check's canonical states before rows x0 and x1. The first
// failure, in the order of the rows, is the one returned.
func streamChecked(ctx context.Context, rules band.Rules, table string, v int, n, x0, x1 int64, cfg band.Config, progress func(rows int64)) (start, end bandcheck.State, err error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	bounds := segmentBounds(baseRows(rules), x0, x1, cfg.Workers)
	report := newRowReport(progress)
	if len(bounds) == 2 {
		return wholeStream(ctx, rules, table, v, n, x0, x1, cfg, report)
	}
	one := cfg
	one.Workers = 1
	seedCfg := one
	seedCfg.DenseOnly = true // its rows are skipped: no need to unpack them
	// The seeds' sweep takes about a quarter of the CPU a row of a
	// segment's sweep and check (V = 36): a worker of it for three
	// segments keeps it ahead.
	seedCfg.Workers = max(1, (cfg.Workers+1)/3)
	ends, err := checkSegments(ctx, rules, table, v, n, bounds, one, cfg.Workers, report, sweepSeeds(rules, table, v, n, seedCfg))
	if err != nil {
		return start, end, err
	}
	if x0 == 0 {
		fresh, err := bandcheck.New(table, n, v)
		if err != nil {
			return start, end, fmt.Errorf("%w: %w", ErrCertificate, err)
		}
		return canonical(fresh.State()), ends[len(ends)-1], nil
	}
	for k, b := range bounds[1:] {
		if b == x0 {
			start = ends[k]
		}
	}
	return start, ends[len(ends)-1], nil
}

// baseRows is the number of rows that hold base cells: no seed lies
// among them.
func baseRows(rules band.Rules) int64 {
	end := int64(0)
	for _, c := range rules.Base {
		end = max(end, c.X+1)
	}
	return end
}

// segmentBounds cuts rows 0 … x1−1 into segments: it returns their first
// rows and x1, increasing, from 0, with x0 among them when 0 < x0 < x1
// (the state before x0 is wanted; x0 ≥ baseEnd); the seeds lie at or past
// baseEnd and row 1. With one worker, or too few rows for two segments
// past the base rows, it returns {0, x1}: one stream.
func segmentBounds(baseEnd, x0, x1 int64, workers int) []int64 {
	first := max(baseEnd, 1)
	if workers < 2 || x1-first < 2*minSegmentRows {
		return []int64{0, x1}
	}
	segments := min(int64(workers*segmentsPerWorker), (x1-first)/minSegmentRows)
	bounds := []int64{0}
	for k := range segments {
		b := first + (x1-first)*k/segments
		if k == 0 && b > first { // segment 0 holds the base rows
			continue
		}
		if b > bounds[len(bounds)-1] {
			bounds = append(bounds, b)
		}
	}
	bounds = append(bounds, x1)
	if x0 > 0 && x0 < x1 {
		// The bound nearest to x0 moves to it: x0 lies between that
		// bound's neighbours, so the bounds still increase.
		nearest := 1
		for i := 2; i < len(bounds)-1; i++ {
			if abs(bounds[i]-x0) < abs(bounds[nearest]-x0) {
				nearest = i
			}
		}
		bounds[nearest] = x0
	}
	return bounds
}

// A seeder takes the seeds of segments 1, 2, …: seeds[k] is to be the
// band's state before row bounds[k], and seeded[k] closed once it is set.
type seeder func(ctx context.Context, bounds []int64, seeds []band.State, seeded []chan struct{}) error

// sweepSeeds is the seeder that sweeps the rows with cfg, skipping them,
// and takes the sweep's state at each segment's first row.
func sweepSeeds(rules band.Rules, table string, v int, n int64, cfg band.Config) seeder {
	return func(ctx context.Context, bounds []int64, seeds []band.State, seeded []chan struct{}) error {
		sw, err := band.New(rules, n, v, cfg)
		if err != nil {
			return fmt.Errorf("proof: sweep %s, V = %d: %w", table, v, err)
		}
		skip := func(band.Rows) error { return nil }
		for k := 1; k < len(seeds); k++ {
			if err := sw.Run(ctx, bounds[k], skip); err != nil {
				return fmt.Errorf("proof: sweep %s, V = %d, to row %d: %w", table, v, bounds[k], err)
			}
			seeds[k] = sw.State()
			close(seeded[k])
		}
		return nil
	}
}

// checkSegments checks the segments bounds[k] … bounds[k+1]−1, workers at
// a time (each a sweep with cfg and its checker in one goroutine), from
// the seeds that seed takes meanwhile, and compares every seam; it returns
// the check's canonical state at the end of each segment.
func checkSegments(ctx context.Context, rules band.Rules, table string, v int, n int64, bounds []int64, cfg band.Config, workers int, report *rowReport, seed seeder) ([]bandcheck.State, error) {
	segments := len(bounds) - 1
	seeds := make([]band.State, segments) // seeds[0] unused: segment 0 starts at row 0
	seeded := make([]chan struct{}, segments)
	for k := range seeded {
		seeded[k] = make(chan struct{})
	}
	close(seeded[0])
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return seed(gctx, bounds, seeds, seeded) })
	ends := make([]bandcheck.State, segments)
	errs := make([]error, segments)
	// A segment that fails stops the segments after it (their errors would
	// not be the first), never those before it.
	stops := make([]context.CancelFunc, segments)
	segCtx := make([]context.Context, segments)
	for k := range segments {
		segCtx[k], stops[k] = context.WithCancel(gctx)
	}
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	slots := make(chan struct{}, workers)
	for k := range segments {
		g.Go(func() error {
			select {
			case <-seeded[k]:
			case <-segCtx[k].Done():
				return nil
			}
			select {
			case slots <- struct{}{}:
			case <-segCtx[k].Done():
				return nil
			}
			defer func() { <-slots }()
			ends[k], errs[k] = checkSegment(segCtx[k], rules, table, v, n, bounds[k], bounds[k+1], seeds[k], cfg, report)
			if errs[k] != nil {
				for _, stop := range stops[k+1:] {
					stop()
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for k := range segments {
		if errs[k] != nil {
			return nil, errs[k]
		}
		if k+1 < segments && !ends[k].Equal(fromBand(seeds[k+1])) {
			return nil, fmt.Errorf("%w: the check's state before row %d is not the sweep's state there, from which the rows after it were checked", ErrCertificate, bounds[k+1])
		}
	}
	return ends, nil
}

// checkSegment checks rows x0 … x1−1, swept from seed (from row 0 when x0
// is 0), by a checker started at the seed, and returns the checker's
// canonical state before row x1.
func checkSegment(ctx context.Context, rules band.Rules, table string, v int, n, x0, x1 int64, seed band.State, cfg band.Config, report *rowReport) (bandcheck.State, error) {
	checker, err := bandcheck.New(table, n, v)
	if err != nil {
		return bandcheck.State{}, fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	var sw *band.Sweeper
	if x0 == 0 {
		sw, err = band.New(rules, n, v, cfg)
	} else {
		sw, err = band.Resume(rules, n, v, cfg, seed)
		if err == nil {
			err = checker.StartAt(fromBand(seed))
		}
	}
	if err != nil {
		return bandcheck.State{}, fmt.Errorf("proof: segment of rows %d … %d of %s, V = %d: %w", x0, x1-1, table, v, err)
	}
	// The segments run side by side, so sweep and check share the
	// segment's goroutine: the check reads each run of rows in place,
	// during the sweep's call.
	check := func(r band.Rows) error {
		return checkRun(checker, bandcheck.Rows{X0: r.X0, Start: r.Start, Y: r.Y, Value: r.Value}, v, n, report)
	}
	if err := sw.Run(ctx, x1, check); err != nil {
		return bandcheck.State{}, err
	}
	return canonical(checker.State()), nil
}

func abs(d int64) int64 { return max(d, -d) }
