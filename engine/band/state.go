package band

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// State is everything a rook-move sweep carries from one row to the next,
// taken between segments: before row Next, every column below Lo holds all
// of 0 … V, Sets holds the value sets (Words words each, bit k for value k)
// of the columns Lo, Lo+1, … in order, and every column beyond them holds
// nothing of 0 … V. The rows never look back: with the rules, State
// determines every later cell. With the pass (Rules.Passless), Passless is
// the state of the passless table's sweep at the same row, which the rows
// from Next on need as well; nil without the pass.
type State struct {
	N, Next, Lo int64
	V, Words    int
	Sets        []uint64
	Passless    *State
}

// Columns is the number of column sets held.
func (s State) Columns() int { return len(s.Sets) / max(s.Words, 1) }

// State returns a copy of the sweep's state: the full columns at the front
// and the empty ones at the end are left out, so two sweeps in the same
// state return equal States.
func (sw *Sweeper) State() State {
	st := sw.ownState()
	if sw.pass != nil {
		inner := sw.pass.inner.State()
		st.Passless = &inner
	}
	return st
}

// ownState is State without the passless sweep's.
func (sw *Sweeper) ownState() State {
	if sw.oneSided {
		return sw.oneSidedState()
	}
	w := sw.win
	first, last := 0, w.cols
	for first < last && w.isFull(w.column(first)) {
		first++
	}
	for last > first && isEmpty(w.column(last-1)) {
		last--
	}
	return State{
		N: sw.n, Next: sw.next, Lo: w.lo + int64(first), V: sw.v, Words: w.words,
		Sets: slices.Clone(w.sets[first*w.words : last*w.words]),
	}
}

// Resume makes a Sweeper that continues from st, which must come from a
// sweep of the same rules, n and V (State, or ReadState of its encoding).
// It checks st against n, V and the rules (ranges, widths, no value above
// V, no column beyond n, not inside the rows of the base cells); that a
// state is the one those rules reach is for a checksum or an independent
// check to say. A one-sided sweep (OneSided) rebuilds its column lists by
// walking the unfinished rows above st.Next on from there; a state whose
// column sets those rows do not give is swept on two-sided, from its sets.
// With the pass (rules.Passless), st.Passless must be the passless sweep's
// state at st.Next (State gives it), from which that sweep resumes; a state
// without one, or one given to rules without the pass, is refused.
func Resume(rules Rules, n int64, v int, cfg Config, st State) (*Sweeper, error) {
	sw, err := New(rules, n, v, cfg)
	if err != nil {
		return nil, err
	}
	if err := st.validate(n, v); err != nil {
		return nil, err
	}
	if st.Next > 0 && st.Next < sw.baseEnd {
		return nil, fmt.Errorf("%w: state at row %d inside the rows of base cells (before %d)", ErrState, st.Next, sw.baseEnd)
	}
	switch {
	case (st.Passless != nil) != (rules.Passless != nil):
		return nil, fmt.Errorf("%w: the state has a passless sweep's: %v, the rules a pass: %v", ErrState, st.Passless != nil, rules.Passless != nil)
	case st.Passless != nil && st.Passless.Next != st.Next:
		return nil, fmt.Errorf("%w: the passless sweep's state is at row %d, not %d", ErrState, st.Passless.Next, st.Next)
	case st.Passless != nil:
		inner, err := Resume(*rules.Passless, n, v, passConfig(cfg), *st.Passless)
		if err != nil {
			return nil, fmt.Errorf("the passless sweep's state: %w", err)
		}
		sw.pass.inner = inner
	}
	sw.next = st.Next
	if sw.oneSided {
		if err := sw.resumeOneSided(st); err != nil {
			sw.becomeTwoSided(st)
		}
		return sw, nil
	}
	sw.win.load(st)
	return sw, nil
}

// load makes the two-sided window hold st's column sets.
func (w *window) load(st State) {
	cols := st.Columns()
	w.grow(cols)
	w.lo, w.cols = st.Lo, cols
	copy(w.sets, st.Sets)
}

// isEmpty reports whether a set holds no value.
func isEmpty(set []uint64) bool {
	for _, word := range set {
		if word != 0 {
			return false
		}
	}
	return true
}

// ErrState reports a state that does not belong to the sweep it is given to.
var ErrState = errors.New("band: invalid state")

// validate checks the state's fields against n and v.
func (st State) validate(n int64, v int) error {
	words := max(v/64+1, 4)
	switch {
	case st.N != n || st.V != v:
		return fmt.Errorf("%w: it is of n = %d, V = %d, not n = %d, V = %d", ErrState, st.N, st.V, n, v)
	case st.Words != words || len(st.Sets)%words != 0:
		return fmt.Errorf("%w: %d words a set, %d words in all, where V = %d needs %d a set", ErrState, st.Words, len(st.Sets), v, words)
	case st.Next < 0 || st.Next > n+1:
		return fmt.Errorf("%w: next row %d outside 0 … %d", ErrState, st.Next, n+1)
	case st.Lo < 0 || st.Lo > n+1 || int64(st.Columns()) > n+1-st.Lo:
		return fmt.Errorf("%w: columns %d … %d outside 0 … %d", ErrState, st.Lo, st.Lo+int64(st.Columns())-1, n)
	case st.Next == 0 && (st.Lo != 0 || len(st.Sets) != 0):
		return fmt.Errorf("%w: a state before row 0 holds column sets", ErrState)
	}
	top := uint64(1)<<(uint(v)&63)<<1 - 1 // the bits of values ≤ v in the last word
	if v&63 == 63 {
		top = ^uint64(0)
	}
	for c := range st.Columns() {
		if st.Sets[c*words+words-1]&^top != 0 {
			return fmt.Errorf("%w: column %d holds a value above %d", ErrState, st.Lo+int64(c), v)
		}
	}
	return nil
}

// Repeats reports whether t is s moved down the diagonal: the same column
// sets at the same places relative to the next row. For a rook-move table
// without an excluded value, t.Next > s.Next > the base rows, and t.Next
// short of n, every row from t.Next on is then the row t.Next − s.Next
// above it moved by that much along the diagonal; for G_P this holds when
// t.Next − s.Next is a multiple of a power of two above V (see package
// proof).
//
// With the pass, both the states and their passless sweeps' must repeat:
// the passless table's rows from t.Next on then repeat too, and with them
// the excluded values, so the rows with the pass repeat whatever t.Next −
// s.Next is (past the base rows of both tables).
func (s State) Repeats(t State) bool {
	if (s.Passless == nil) != (t.Passless == nil) || s.Passless != nil && !s.Passless.Repeats(*t.Passless) {
		return false
	}
	return s.V == t.V && s.Lo-s.Next == t.Lo-t.Next && slices.Equal(s.Sets, t.Sets)
}

// stateMagic starts the binary encoding of a State, with its version;
// passStateMagic that of a State with a passless sweep's (version 2), so
// that a State without one is encoded as it always was.
const (
	stateMagic     = "GRUNDYBANDSTATE1"
	passStateMagic = "GRUNDYBANDSTATE2"
)

// MarshalBinary encodes the state: the magic, N, Next, Lo, V, Words, the
// number of sets and their words, little-endian; with a passless sweep's
// state, the magic of version 2 and, after the sets, that state's
// encoding (version 1: it has no passless state of its own).
func (st State) MarshalBinary() ([]byte, error) {
	magic := stateMagic
	if st.Passless != nil {
		if st.Passless.Passless != nil {
			return nil, fmt.Errorf("%w: the passless sweep's state has a passless state of its own", ErrState)
		}
		magic = passStateMagic
	}
	b := make([]byte, 0, len(magic)+6*8+8*len(st.Sets))
	b = append(b, magic...)
	for _, f := range []int64{st.N, st.Next, st.Lo, int64(st.V), int64(st.Words), int64(st.Columns())} {
		b = binary.LittleEndian.AppendUint64(b, uint64(f))
	}
	for _, word := range st.Sets {
		b = binary.LittleEndian.AppendUint64(b, word)
	}
	if st.Passless != nil {
		inner, err := st.Passless.MarshalBinary()
		if err != nil {
			return nil, err
		}
		b = append(b, inner...)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote, checking its framing
// and sizes (not its meaning: Resume does that).
func (st *State) UnmarshalBinary(b []byte) error {
	head := len(stateMagic) + 6*8
	if len(b) < head || string(b[:len(stateMagic)]) != stateMagic && string(b[:len(stateMagic)]) != passStateMagic {
		return fmt.Errorf("%w: not a band state", ErrState)
	}
	pass := string(b[:len(stateMagic)]) == passStateMagic
	var f [6]int64
	for i := range f {
		f[i] = int64(binary.LittleEndian.Uint64(b[len(stateMagic)+8*i:]))
	}
	words, cols := f[4], f[5]
	body := int64(len(b) - head)
	if words < 1 || words > maxWords || f[3] < 0 || f[3] > MaxCap || cols < 0 || cols > body/8 ||
		body < 8*words*cols || !pass && body != 8*words*cols {
		return fmt.Errorf("%w: sizes do not match its length (%d words a set, %d sets, %d bytes)", ErrState, words, cols, len(b))
	}
	sets := make([]uint64, words*cols)
	for i := range sets {
		sets[i] = binary.LittleEndian.Uint64(b[head+8*i:])
	}
	*st = State{N: f[0], Next: f[1], Lo: f[2], V: int(f[3]), Words: int(words), Sets: sets}
	if pass {
		rest := b[head+8*int(words*cols):]
		if len(rest) < len(stateMagic) || string(rest[:len(stateMagic)]) != stateMagic {
			return fmt.Errorf("%w: no passless sweep's state (version 1) after the sets of version 2", ErrState)
		}
		var inner State
		if err := inner.UnmarshalBinary(rest); err != nil {
			return fmt.Errorf("the passless sweep's state: %w", err)
		}
		st.Passless = &inner
	}
	return nil
}
