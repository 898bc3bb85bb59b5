package proof

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/tables"
)

// Infinity is the side n of the sweeps a certificate is made and checked
// with, standing for the infinite table: the table over 0 ≤ x, y ≤ n is
// the corner of the infinite one (a cell's options lie above it and to
// its left), and its band state before row x is the infinite table's as
// long as every earlier row holds all of 0 … V before column n, which
// Check requires of every row it reads. It is the largest n the
// independent check takes.
const Infinity = math.MaxInt32

// FarSide is the side n of a search whose rows may pass Infinity: the
// band sweep takes any n up to 2⁶¹ and keeps its coordinates in int64, and
// its state before row x does not depend on n while the rows before x fill
// before column n, so a search sweeps with n = Infinity while it can and
// with FarSide beyond.
const FarSide = int64(1) << 40

// MaxBound is the most rows Search takes: far below FarSide, so that no
// row searched comes near its last column.
const MaxBound = FarSide / 4

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
	// State is the band state before row X0, of a sweep of side Infinity
	// when X0+P lies within the rows Check reaches (CheckedRows), of side
	// FarSide otherwise.
	State band.State
	// Rejected counts the key matches that the exact comparison threw
	// out (collisions).
	Rejected int
}

// Progress is what Search reports as it goes.
type Progress struct {
	V int
	// Rows is the row the search for a repeat has reached, of Limit;
	// while Resweep, the row an exact sweep of a repeat found (or given to
	// Largest) has reached, of the repeat's X0+P.
	Rows, Limit int64
	// Resweep is set while a repeat is swept again from row 0 to X0+P and
	// its two states compared exactly: the state a certificate holds, or
	// the re-check of a repeat Largest resumes from.
	Resweep bool
}

// Options tune Search; the zero value is the default.
type Options struct {
	// Config sets how the band is swept (workers, tiles); never the cells.
	Config band.Config
	// Progress, if set, is called between chunks of rows.
	Progress func(Progress)
	// Proved, if set, is called by Largest with the repeat of each V it
	// climbs past, and of the V−1 it re-checks when it resumes.
	Proved func(Repeat)
	// Save, if set, is called with the search's state after its first
	// chunk and then about every SaveEvery (every chunk when it is 0),
	// between chunks: what Resume takes to continue after a kill.
	Save      func(*SearchState) error
	SaveEvery time.Duration
	// Resume, if set, continues the search it is the state of, which must
	// be of the same table, V and bound.
	Resume *SearchState
	// Known, if set (and Resume not), is a repeat found before, which
	// Largest re-checks and climbs on from: a certificate's.
	Known *KnownRepeat
	// hash replaces the keys of the values the state's key sums, for the
	// tests of collisions.
	hash func(value int) uint64
	// stride replaces the stride the rules need when positive, for the
	// test that a repeat at a smaller stride is no proof.
	stride int64
	// chunk replaces the rows swept between looks (defaultChunk) when
	// positive, for the tests of the lockstep's rewinds and of resuming.
	chunk int64
	// maxMarks replaces the marks a search keeps (MaxMarks) when
	// positive, for the tests of marks sparser than every row.
	maxMarks int64
}

// KnownRepeat is a repeat found before, named by its V, X0 and P alone:
// the state before X0+P is the one before X0 moved P along the diagonal.
// Nothing is taken on trust: Largest sweeps to X0+P to re-check it.
type KnownRepeat struct {
	V     int
	X0, P int64
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
	return rules, baseRows(rules), Stride(rules.NimSum, v), nil
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

// CheckedRows is the largest X0+P that Check reaches with V = v in a
// sweep of side Infinity, which must leave every row room to fill; a
// repeat beyond is made and checked with side FarSide (SideFor).
func CheckedRows(v int) int64 { return Infinity - int64(v) - 2 }

// SideFor is the side of the sweeps that make and check the certificate
// of a repeat of the rows x0 and x1 = x0+P with V = v: Infinity when
// x1 ≤ CheckedRows(v), which every certificate of a smaller repeat keeps,
// and FarSide beyond.
func SideFor(v int, x1 int64) int64 {
	if x1 > CheckedRows(v) {
		return FarSide
	}
	return Infinity
}

// Search sweeps table with cap v and returns its first repeat: the least
// X0 ≥ max(1, base rows) whose state recurs, and the least P (a multiple
// of the stride) with which it does; found is false when X0+P > bound.
//
// The state before row x together with x modulo the stride determines the
// state before row x+1 (see the package doc), so the states from the
// first row past the base cells on run into a cycle: a tail of X0 rows
// (at least), then a cycle of P. Search keeps the key (tracker) of the
// state before every D-th row, D the least multiple of the stride that
// keeps at most MaxMarks such marks up to bound, and looks every row's key up
// among them. The first mark c ≥ X0 recurs at c+P < X0+P+D, and no row
// before matches a mark exactly (a mark c' < X0 never recurs, and a mark
// c ≥ X0 first at c+P); so the first key match that holds exactly gives
// P, found by row X0+P+D. A key match is only a candidate: it holds when
// two sweeps in lockstep P rows apart (leastStart) meet states that are
// equal word by word, and the first row where they do is X0. Memory is
// the marks and O(V) a sweep, whatever the bound.
func Search(ctx context.Context, table string, v int, bound int64, opt Options) (rep Repeat, found bool, err error) {
	s, err := newSearcher(table, v, bound, opt)
	if err != nil {
		return Repeat{}, false, err
	}
	rep, found, err = s.run(ctx)
	if err != nil {
		return Repeat{}, false, fmt.Errorf("proof: search %s, V = %d: %w", table, v, err)
	}
	return rep, found, nil
}

// everyChunk returns what a sweep's callback calls with each run of rows:
// it reports the rows swept to progress, if set, once they are at least
// defaultChunk past the rows it reported last.
func everyChunk(progress func(rows int64)) func(band.Rows) {
	reported := int64(0)
	return func(r band.Rows) {
		if next := r.X0 + int64(r.Len()); progress != nil && next-reported >= defaultChunk {
			progress(next)
			reported = next
		}
	}
}

// exactRepeat sweeps rows 0 … x1−1 and compares the band states before
// rows x0 and x1 exactly; it returns the first, of side SideFor(v, x1).
// It reports the rows swept to progress, if set, about every defaultChunk
// rows: the sweep is as long as the search that found the repeat.
func exactRepeat(ctx context.Context, rules band.Rules, v int, x0, x1 int64, cfg band.Config, progress func(rows int64)) (band.State, bool, error) {
	sw, err := band.New(rules, SideFor(v, x1), v, cfg)
	if err != nil {
		return band.State{}, false, err
	}
	report := everyChunk(progress)
	skip := func(r band.Rows) error {
		report(r)
		return nil
	}
	if err := sw.Run(ctx, x0, skip); err != nil {
		return band.State{}, false, err
	}
	start := sw.State()
	if err := sw.Run(ctx, x1, skip); err != nil {
		return band.State{}, false, err
	}
	return start, start.Repeats(sw.State()), nil
}
