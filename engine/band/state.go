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
// determines every later cell.
type State struct {
	N, Next, Lo int64
	V, Words    int
	Sets        []uint64
}

// Columns is the number of column sets held.
func (s State) Columns() int { return len(s.Sets) / max(s.Words, 1) }

// State returns a copy of the sweep's state: the full columns at the front
// and the empty ones at the end are left out, so two sweeps in the same
// state return equal States.
func (sw *Sweeper) State() State {
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
func (s State) Repeats(t State) bool {
	return s.V == t.V && s.Lo-s.Next == t.Lo-t.Next && slices.Equal(s.Sets, t.Sets)
}

// stateMagic starts the binary encoding of a State, with its version.
const stateMagic = "GRUNDYBANDSTATE1"

// MarshalBinary encodes the state: the magic, N, Next, Lo, V, Words, the
// number of sets and their words, little-endian.
func (st State) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(stateMagic)+6*8+8*len(st.Sets))
	b = append(b, stateMagic...)
	for _, f := range []int64{st.N, st.Next, st.Lo, int64(st.V), int64(st.Words), int64(st.Columns())} {
		b = binary.LittleEndian.AppendUint64(b, uint64(f))
	}
	for _, word := range st.Sets {
		b = binary.LittleEndian.AppendUint64(b, word)
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote, checking its framing
// and sizes (not its meaning: Resume does that).
func (st *State) UnmarshalBinary(b []byte) error {
	head := len(stateMagic) + 6*8
	if len(b) < head || string(b[:len(stateMagic)]) != stateMagic {
		return fmt.Errorf("%w: not a band state", ErrState)
	}
	var f [6]int64
	for i := range f {
		f[i] = int64(binary.LittleEndian.Uint64(b[len(stateMagic)+8*i:]))
	}
	words, cols := f[4], f[5]
	body := int64(len(b) - head)
	if words < 1 || words > maxWords || f[3] < 0 || f[3] > MaxCap || cols < 0 || cols > body/8 || body != 8*words*cols {
		return fmt.Errorf("%w: sizes do not match its length (%d words a set, %d sets, %d bytes)", ErrState, words, cols, len(b))
	}
	sets := make([]uint64, words*cols)
	for i := range sets {
		sets[i] = binary.LittleEndian.Uint64(b[head+8*i:])
	}
	*st = State{N: f[0], Next: f[1], Lo: f[2], V: int(f[3]), Words: int(words), Sets: sets}
	return nil
}
