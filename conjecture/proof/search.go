package proof

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// Infinity is the side n of every sweep here, standing for the infinite
// table: the table over 0 ≤ x, y ≤ n is the corner of the infinite one
// (a cell's options lie above it and to its left), and its band state
// before row x is the infinite table's as long as every earlier row holds
// all of 0 … V before column n, which Check requires of every row it
// reads. It is the largest n the independent check takes.
const Infinity = math.MaxInt32

// Repeat is a repeated band state: the state before row X0+P is the
// state before row X0 moved P rows down the diagonal, compared exactly
// (band.State.Repeats), with X0 past the rows of base cells and P a
// multiple of Stride.
type Repeat struct {
	Table string
	V     int
	X0, P int64
	// Stride is what P must be a multiple of: 1, or for passnim the
	// least power of two above V (see the package doc).
	Stride int64
	// State is the band state before row X0.
	State band.State
	// Rejected counts the hash matches that the exact comparison threw
	// out (collisions).
	Rejected int
}

// Options tune Search; the zero value is the default.
type Options struct {
	// Config sets how the band is swept (workers, tiles); never the cells.
	Config band.Config
	// hash replaces the column hash, for the tests of collisions.
	hash func([]uint64) uint64
	// stride replaces the stride the rules need when positive, for the
	// test that a repeat at a smaller stride is no proof.
	stride int64
}

// ErrTable reports a table the proofs do not serve.
var ErrTable = errors.New("proof: table not supported")

// rulesOf returns the band rules of a rook table, the first row after its
// base cells, and the stride its repeats need.
func rulesOf(table string, v int) (band.Rules, int64, int64, error) {
	r, ok := tables.Lookup(table)
	if !ok {
		return band.Rules{}, 0, 0, fmt.Errorf("%w: no table %q (tables: %s)", ErrTable, table, tables.ValidIDs())
	}
	rules, err := r.BandRules()
	if err != nil {
		return band.Rules{}, 0, 0, fmt.Errorf("%w: %w", ErrTable, err)
	}
	baseEnd := int64(0)
	for _, c := range rules.Base {
		baseEnd = max(baseEnd, c.X+1)
	}
	return rules, baseEnd, Stride(rules.NimSum, v), nil
}

// Stride is the least shift along the diagonal that keeps the rules of
// the capped table: 1 without the pass, and with it (nimSum) the least
// power of two 2^m > v, since x XOR y ≤ v exactly when x and y agree
// above bit m, and then x XOR y is unchanged by adding 2^m to both.
func Stride(nimSum bool, v int) int64 {
	if !nimSum {
		return 1
	}
	s := int64(1)
	for s <= int64(v) {
		s *= 2
	}
	return s
}

// candidate is a hash of a state relative to its row, and the row modulo
// the stride.
type candidate struct {
	hash  uint64
	phase int64
}

// errFound stops the sweep once the repeat is found.
var errFound = errors.New("proof: repeat found")

// Search sweeps table with cap v from row 0 and returns the first repeat
// whose rows X0+P reach at most bound: the least X0, and for it the least
// P, such that the states before rows X0 and X0+P agree. found is false
// when there is none up to row bound. A hash match is only a candidate;
// the states are compared exactly by sweeping again.
func Search(ctx context.Context, table string, v int, bound int64, opt Options) (rep Repeat, found bool, err error) {
	rules, baseEnd, stride, err := rulesOf(table, v)
	if err != nil {
		return Repeat{}, false, err
	}
	if opt.stride > 0 {
		stride = opt.stride
	}
	if bound < 0 || bound > Infinity {
		return Repeat{}, false, fmt.Errorf("proof: search bound %d outside 0 … %d", bound, Infinity)
	}
	hash := opt.hash
	if hash == nil {
		hash = mixHash
	}
	sw, err := band.New(rules, Infinity, v, opt.Config)
	if err != nil {
		return Repeat{}, false, fmt.Errorf("proof: sweep %s, V = %d: %w", table, v, err)
	}
	tr := newTracker(v, hash)
	seen := make(map[candidate][]int64)
	rep = Repeat{Table: table, V: v, Stride: stride}
	emit := func(r band.Rows) error {
		for i := range r.Len() {
			s, e := r.Start[i], r.Start[i+1]
			tr.row(r.Y[s:e], r.Value[s:e])
			if tr.next < baseEnd {
				continue
			}
			k := candidate{tr.key(), tr.next % stride}
			for _, x0 := range seen[k] {
				start, ok, err := exactRepeat(ctx, rules, v, x0, tr.next, opt.Config)
				if err != nil {
					return err
				}
				if ok {
					rep.X0, rep.P, rep.State = x0, tr.next-x0, start
					return errFound
				}
				rep.Rejected++
			}
			seen[k] = append(seen[k], tr.next)
		}
		return nil
	}
	switch err := sw.Run(ctx, bound, emit); {
	case errors.Is(err, errFound):
		return rep, true, nil
	case err != nil:
		return Repeat{}, false, fmt.Errorf("proof: sweep %s, V = %d: %w", table, v, err)
	}
	return rep, false, nil
}

// exactRepeat sweeps rows 0 … x1−1 again and compares the band states
// before rows x0 and x1 exactly; it returns the first.
func exactRepeat(ctx context.Context, rules band.Rules, v int, x0, x1 int64, cfg band.Config) (band.State, bool, error) {
	sw, err := band.New(rules, Infinity, v, cfg)
	if err != nil {
		return band.State{}, false, err
	}
	skip := func(band.Rows) error { return nil }
	if err := sw.Run(ctx, x0, skip); err != nil {
		return band.State{}, false, err
	}
	start := sw.State()
	if err := sw.Run(ctx, x1, skip); err != nil {
		return band.State{}, false, err
	}
	return start, start.Repeats(sw.State()), nil
}
