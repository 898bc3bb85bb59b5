package proof

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/grundy-lab/grundy/engine/band"
)

// defaultChunk is the rows a sweep of Search runs between looks at its
// candidates, its progress and its saves: a few tenths of a second.
const defaultChunk = 1 << 18

// MaxMarks bounds the marks a search keeps, whatever the bound: 2¹⁶ keys
// and rows, MarkBytes each at most in a Go map (16 bytes a slot, half the
// slots empty just after it grows, the old table alive while it does), a
// few MB that stay in the caches: every row is looked up among them. A
// repeat is then found at most bound/2¹⁶ rows after it closes, a
// negligible part of the rows swept (with 2²² marks, 20% of the time of
// a search at V = 60 went to the lookups, missing the caches).
const (
	MaxMarks  = 1 << 16
	MarkBytes = 48
)

// searcher is one Search: the rules, where repeats may start, the side of
// its sweeps, and the marks.
type searcher struct {
	table string
	v     int
	bound int64
	rules band.Rules
	// first is the least X0: past the rows of base cells, and at least 1.
	first  int64
	stride int64
	// every is the spacing of the marks, a multiple of stride; limit the
	// row the search sweeps to: bound+every, where the first mark in the
	// cycle of a repeat with X0+P ≤ bound has recurred.
	every, limit int64
	side         int64
	chunk        int64
	cfg          band.Config
	hasher       *hasher
	marks        *marks
	rejected     int
	opt          Options
	// checkpoints are states of the sweep at chunk ends at least
	// checkpointEvery rows apart, in increasing row: where the lockstep
	// starts from instead of row 0 (leastStart).
	checkpoints     []band.State
	checkpointEvery int64
}

// maxCheckpoints bounds the states a search keeps for its lockstep: about
// (V+2)·32 bytes each, 8 MB at V = 255.
const maxCheckpoints = 1024

// newSearcher checks the arguments of Search and sets its parameters.
func newSearcher(table string, v int, bound int64, opt Options) (*searcher, error) {
	rules, baseEnd, stride, err := rulesOf(table, v)
	if err != nil {
		return nil, err
	}
	switch {
	case bound < 0 || bound > MaxBound:
		return nil, fmt.Errorf("proof: search bound %d outside 0 … %d", bound, MaxBound)
	case v < 0 || v > band.MaxCap:
		return nil, fmt.Errorf("proof: V = %d outside 0 … %d", v, band.MaxCap)
	}
	if opt.stride > 0 {
		stride = opt.stride
	}
	maxMarks := int64(MaxMarks)
	if opt.maxMarks > 0 {
		maxMarks = opt.maxMarks
	}
	s := &searcher{table: table, v: v, bound: bound, rules: rules, first: max(baseEnd, 1), stride: stride,
		chunk: defaultChunk, cfg: opt.Config, hasher: newHasher(v, opt.hash), marks: newMarks(), opt: opt}
	if rules.Passless != nil {
		s.hasher.passless = newHasher(v, passlessKey(opt.hash))
	}
	if opt.chunk > 0 {
		s.chunk = opt.chunk
	}
	s.every = stride * max(1, (bound+stride*maxMarks-1)/(stride*maxMarks))
	s.limit = bound + s.every
	s.checkpointEvery = s.chunk * max(1, (s.limit+s.chunk*maxCheckpoints-1)/(s.chunk*maxCheckpoints))
	s.side = Infinity
	if s.limit+1 > CheckedRows(v) {
		s.side = FarSide
	}
	return s, nil
}

// candidate is a row whose state's key matched a mark.
type candidate struct {
	key uint64
	row int64
}

// run is the search: the sweep for a key match, then the lockstep on each
// candidate until one holds exactly.
func (s *searcher) run(ctx context.Context) (Repeat, bool, error) {
	start, err := s.resumed()
	if err != nil {
		return Repeat{}, false, err
	}
	sweep, err := s.cursorAt(ctx, start)
	if err != nil {
		return Repeat{}, false, err
	}
	var cands []candidate
	// Keys are looked up at the rows x ≥ s.first that are multiples of the
	// stride, and marked at the multiples of s.every among them. onRow
	// sees x go up one row a call, so it counts its way to them rather
	// than divide at every row (G₋₁, V = 37, one worker: 0.95× the time).
	// A fresh search's cursor stands before row s.first (cursorAt), whose
	// key is looked up first; a resumed one's row was looked up before
	// its state was saved.
	firstX := max(s.first, sweep.sw.Next()+1)
	if start.Next == 0 {
		firstX = s.first
	}
	nextLook, nextMark := roundUp(firstX, s.stride), roundUp(firstX, s.every)
	onRow := func(x int64, key uint64) {
		if x < nextLook {
			return
		}
		if x > nextLook {
			panic(fmt.Sprintf("proof: the search skipped row %d", nextLook))
		}
		nextLook += s.stride
		if s.marks.has(key) {
			cands = append(cands, candidate{key, x})
		}
		if x == nextMark {
			s.marks.add(key, x)
			nextMark += s.every
		}
	}
	if sweep.sw.Next() == firstX {
		onRow(firstX, sweep.tr.key())
	}
	var lastSave time.Time // the first chunk saves: a climb of short searches then saves each V
	var rows []int64
	for sweep.sw.Next() < s.limit {
		cands = cands[:0]
		if err := sweep.run(ctx, min(s.limit, sweep.sw.Next()+s.chunk), onRow); err != nil {
			// Stopped by ctx, between segments: the sweep is whole, and
			// with no candidate pending its state is worth saving.
			if ctx.Err() != nil && len(cands) == 0 && s.opt.Save != nil {
				err = errors.Join(err, s.opt.Save(s.state(sweep.sw.State())))
			}
			return Repeat{}, false, err
		}
		if next := sweep.sw.Next(); next >= s.first && (len(s.checkpoints) == 0 || next-s.checkpoints[len(s.checkpoints)-1].Next >= s.checkpointEvery) {
			s.checkpoints = append(s.checkpoints, sweep.sw.State())
		}
		for _, c := range cands {
			rows = s.marks.rows(c.key, rows[:0])
			for _, a := range rows {
				if a >= c.row {
					break
				}
				st, ok, err := s.leastStart(ctx, a, c.row-a)
				if err != nil {
					return Repeat{}, false, err
				}
				if ok {
					return s.result(ctx, st, c.row-a)
				}
				s.rejected++
			}
		}
		if s.opt.Progress != nil {
			s.opt.Progress(Progress{V: s.v, Rows: sweep.sw.Next(), Limit: s.limit})
		}
		if s.opt.Save != nil && time.Since(lastSave) >= s.opt.SaveEvery {
			if err := s.opt.Save(s.state(sweep.sw.State())); err != nil {
				return Repeat{}, false, fmt.Errorf("save the search state: %w", err)
			}
			lastSave = time.Now()
		}
	}
	return Repeat{}, false, nil
}

// result is the repeat of the state before row x0 with period p, if it
// lies within the bound, its state of side Infinity if Check reaches it.
func (s *searcher) result(ctx context.Context, st band.State, p int64) (Repeat, bool, error) {
	x0 := st.Next
	if x0+p > s.bound {
		return Repeat{}, false, nil
	}
	if s.side != Infinity && x0+p <= CheckedRows(s.v) {
		again, ok, err := exactRepeat(ctx, s.rules, s.v, x0, x0+p, s.cfg, resweepProgress(s.opt.Progress, s.v, x0+p))
		if err != nil {
			return Repeat{}, false, err
		}
		if !ok {
			return Repeat{}, false, fmt.Errorf("the repeat of rows %d and %d does not hold in the table of side %d", x0, x0+p, int64(Infinity))
		}
		st = again
	}
	return Repeat{Table: s.table, V: s.v, X0: x0, P: p, Stride: s.stride, State: st, Rejected: s.rejected}, true, nil
}

// roundUp is the least multiple of m (m ≥ 1) at least x ≥ 0.
func roundUp(x, m int64) int64 { return (x + m - 1) / m * m }
