package proof

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/grundy-lab/grundy/engine/band"
)

// SearchState is where a Search stands between chunks, all it needs to go
// on after a kill: its table, V and bound, the state of its sweep, its
// marks and the collisions it has rejected. Largest adds the repeat of
// V−1 it has proved (BelowX0, BelowP; 0 when V is the first searched).
type SearchState struct {
	Table           string
	V               int
	Bound           int64
	Sweep           band.State
	Marks           []Mark
	Rejected        int
	BelowX0, BelowP int64
}

// Mark is a marked row and the key of the state before it.
type Mark struct {
	Key uint64
	Row int64
}

// ErrSearchState reports a saved search state that cannot be read or
// does not belong to the search it is given to.
var ErrSearchState = errors.New("proof: invalid search state")

// searchStateMagic starts the binary encoding of a SearchState, with its
// version. Version 3 ends with the SHA-256 of all before it. Version 2
// has no checksum: a bit flipped in its sweep's state or its marks, its
// framing intact, goes on from a state that is not the table's, and the
// climb then records as unrepeated a V that repeats; since such a file
// cannot be told from a damaged one, it is refused, as version 1 is,
// whose marks are keyed as the tracker did before it kept no sets
// (2026-11-26).
const (
	searchStateMagic   = "GRUNDYPROOFSRCH3"
	searchStateMagicV2 = "GRUNDYPROOFSRCH2"
	searchStateMagicV1 = "GRUNDYPROOFSRCH1"
)

// state is the search's state with its sweep at sw.
func (s *searcher) state(sw band.State) *SearchState {
	st := &SearchState{Table: s.table, V: s.v, Bound: s.bound, Sweep: sw, Rejected: s.rejected,
		Marks: make([]Mark, 0, s.marks.count)}
	s.marks.each(func(key uint64, row int64) { st.Marks = append(st.Marks, Mark{key, row}) })
	return st
}

// resumed takes over opt.Resume, if set, and returns the state its sweep
// starts from: the zero State (row 0) without one.
func (s *searcher) resumed() (band.State, error) {
	r := s.opt.Resume
	if r == nil {
		return band.State{}, nil
	}
	switch {
	case r.Table != s.table || r.V != s.v || r.Bound != s.bound:
		return band.State{}, fmt.Errorf("%w: it is of %s, V = %d, bound %d, not %s, V = %d, bound %d",
			ErrSearchState, r.Table, r.V, r.Bound, s.table, s.v, s.bound)
	case r.Sweep.Next > s.limit || r.Sweep.N != s.side:
		return band.State{}, fmt.Errorf("%w: its sweep is before row %d of side %d, not within %d rows of side %d",
			ErrSearchState, r.Sweep.Next, r.Sweep.N, s.limit, s.side)
	}
	for _, m := range r.Marks {
		if m.Row < s.first || m.Row > r.Sweep.Next || m.Row%s.every != 0 {
			return band.State{}, fmt.Errorf("%w: a mark at row %d, not a multiple of %d in %d … %d",
				ErrSearchState, m.Row, s.every, s.first, r.Sweep.Next)
		}
	}
	marks := append([]Mark(nil), r.Marks...)
	slices.SortFunc(marks, func(a, b Mark) int { return cmp.Compare(a.Row, b.Row) })
	for _, m := range marks {
		s.marks.add(m.Key, m.Row)
	}
	s.rejected = r.Rejected
	return r.Sweep, nil
}

// MarshalBinary encodes the state: the magic, the table's length and
// name, V, the bound, the rejected count, BelowX0, BelowP, the sweep's
// state (its length, then band.State.MarshalBinary), the number of marks
// and each key and row, little-endian, and last the SHA-256 of all that.
func (st *SearchState) MarshalBinary() ([]byte, error) {
	sweep, err := st.Sweep.MarshalBinary()
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(searchStateMagic)+len(st.Table)+8*8+len(sweep)+16*len(st.Marks)+sha256.Size)
	b = append(b, searchStateMagic...)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(st.Table)))
	b = append(b, st.Table...)
	for _, f := range []int64{int64(st.V), st.Bound, int64(st.Rejected), st.BelowX0, st.BelowP, int64(len(sweep))} {
		b = binary.LittleEndian.AppendUint64(b, uint64(f))
	}
	b = append(b, sweep...)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(st.Marks)))
	for _, m := range st.Marks {
		b = binary.LittleEndian.AppendUint64(b, m.Key)
		b = binary.LittleEndian.AppendUint64(b, uint64(m.Row))
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...), nil
}

// UnmarshalBinary decodes what MarshalBinary wrote, checking its
// checksum, then its framing and sizes; whether it belongs to a search is
// for Search to say. A state of an earlier version is refused (see
// searchStateMagic).
func (st *SearchState) UnmarshalBinary(b []byte) error {
	switch string(b[:min(len(b), len(searchStateMagic))]) {
	case searchStateMagic:
	case searchStateMagicV2:
		return fmt.Errorf("%w: saved by an earlier version (GRUNDYPROOFSRCH2), with no checksum to tell it from a damaged state", ErrSearchState)
	case searchStateMagicV1:
		return fmt.Errorf("%w: saved by an earlier version, whose keys of the states this one does not use: start the search afresh", ErrSearchState)
	default:
		return fmt.Errorf("%w: not a search state", ErrSearchState)
	}
	if len(b) < len(searchStateMagic)+sha256.Size {
		return fmt.Errorf("%w: cut short at %d bytes", ErrSearchState, len(b))
	}
	body := b[:len(b)-sha256.Size]
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], b[len(body):]) {
		return fmt.Errorf("%w: its %d bytes do not match their SHA-256 (damaged or cut short)", ErrSearchState, len(b))
	}
	b = body
	r := reader{b: b[len(searchStateMagic):]}
	table := string(r.bytes(r.length(1)))
	var f [6]int64
	for i := range f {
		f[i] = int64(r.uint64())
	}
	if f[5] < 0 || f[5] > int64(len(b)) {
		r.fail = true
	}
	sweep := r.bytes(int(min(max(f[5], 0), int64(len(b)))))
	marks := make([]Mark, r.length(16))
	for i := range marks {
		marks[i] = Mark{Key: r.uint64(), Row: int64(r.uint64())}
	}
	if r.fail || len(r.b) != 0 {
		return fmt.Errorf("%w: its sizes do not match its length of %d bytes", ErrSearchState, len(b))
	}
	var sw band.State
	if err := sw.UnmarshalBinary(sweep); err != nil {
		return fmt.Errorf("%w: its sweep: %w", ErrSearchState, err)
	}
	*st = SearchState{Table: table, V: int(f[0]), Bound: f[1], Rejected: int(f[2]), BelowX0: f[3], BelowP: f[4],
		Sweep: sw, Marks: marks}
	return nil
}

// reader takes little-endian fields off b, noting when b runs short.
type reader struct {
	b    []byte
	fail bool
}

// bytes takes n bytes, or none when fewer are left.
func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.fail, r.b = true, nil
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

// uint64 takes a word, or 0 when fewer than 8 bytes are left.
func (r *reader) uint64() uint64 {
	w := r.bytes(8)
	if w == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(w)
}

// length takes a count of items of size bytes each, 0 when the bytes left
// cannot hold that many.
func (r *reader) length(size int) int {
	n := r.uint64()
	if n > uint64(len(r.b)/size) {
		r.fail, r.b = true, nil
		return 0
	}
	return int(n)
}
