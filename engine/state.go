package engine

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
)

// The state of a Sweeper between two Runs is its column state: the value
// sets of the columns (and diagonals) with their mexes, or for Josephus Nim
// the column rings and windows. Row sets start afresh with every band, and
// the anti-diagonal sets of split moves are rebuilt from the rules. So a
// table that is never written can still be continued after a kill: the
// caller saves this state (with a checksum: it is not checked here beyond
// what keeps the engine from reading out of bounds) and ReadSweeper
// restores it.

// stateMagic opens a saved engine state; the digit is its format version.
// The state of rules with a limit opens with limitStateMagic, followed by
// the header and the limit (an int64), and holds the rings (limit.go).
const (
	stateMagic      = "grundy engine state 1\n"
	limitStateMagic = "grundy engine state L\n"
)

// magic is the first line of a saved state of sw.
func (sw *Sweeper) magic() string {
	if sw.s.limit != nil {
		return limitStateMagic
	}
	return stateMagic
}

// ErrBadState reports a saved state that cannot be this table's.
var ErrBadState = errors.New("engine: saved state does not fit")

// stateHeader is the fixed part of a saved state.
type stateHeader struct {
	N, Tile, Next int64
	Sparse        bool
	Diagonal      bool
	Josephus      bool
	Split         bool
}

// header returns what a saved state records of sw to check it on reading.
func (sw *Sweeper) header() stateHeader {
	r := sw.s.rules
	return stateHeader{N: int64(sw.n), Tile: int64(sw.s.tile), Next: int64(sw.next), Sparse: sw.s.sparse,
		Diagonal: r.Diagonal, Josephus: r.Josephus, Split: r.Split != nil}
}

// WriteState writes the state of sw, which must be between two Runs (not
// stopped by an emit error), to w. Its size is that of the column sets:
// for sparse sets 16 bytes per span, for dense ones n²/4 bytes.
func (sw *Sweeper) WriteState(w io.Writer) error {
	if sw.broken {
		return fmt.Errorf("engine: the sweep was stopped in the middle of a band; it has no state to save")
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(sw.magic())
	if err := binary.Write(bw, binary.LittleEndian, sw.header()); err != nil {
		return fmt.Errorf("write engine state: %w", err)
	}
	s := sw.s
	var err error
	switch {
	case s.limit != nil:
		err = cmp.Or(binary.Write(bw, binary.LittleEndian, int64(s.rules.Limit)),
			writeValues(bw, s.limit.colRing), writeValues(bw, s.limit.diagRing))
	case s.rules.Split != nil:
	case s.sparse:
		err = writeSparseSets(bw, s.colSparse)
		if err == nil && s.rules.Diagonal {
			err = writeSparseSets(bw, s.diagSparse)
		}
	default:
		// bufio.Writer keeps its first error, so the writes after a failed
		// one do nothing and cmp.Or reports it.
		err = cmp.Or(writeValues(bw, s.colSets), writeValues(bw, s.colMex),
			writeValues(bw, s.diagSets), writeValues(bw, s.diagMex))
		if jc := s.josephus; jc != nil && err == nil {
			err = cmp.Or(writeValues(bw, jc.lo), writeValues(bw, jc.hi), writeValues(bw, jc.ring))
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && sw.pass != nil {
		// The game without the pass stands at the same row: its state
		// follows, as a state of its own.
		err = sw.pass.passless.WriteState(w)
	}
	if err != nil {
		return fmt.Errorf("write engine state: %w", err)
	}
	return nil
}

// writeSparseSets writes each set as its mex, its span count and its spans.
func writeSparseSets(w *bufio.Writer, sets []sparseSet) error {
	var buf [16]byte
	for i := range sets {
		binary.LittleEndian.PutUint32(buf[:4], uint32(sets[i].mex))
		binary.LittleEndian.PutUint32(buf[4:8], uint32(len(sets[i].spans)))
		if _, err := w.Write(buf[:8]); err != nil {
			return err
		}
		for _, sp := range sets[i].spans {
			binary.LittleEndian.PutUint32(buf[:4], uint32(sp.word))
			binary.LittleEndian.PutUint32(buf[4:8], uint32(sp.end))
			binary.LittleEndian.PutUint64(buf[8:], sp.bits)
			if _, err := w.Write(buf[:]); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReadSweeper restores a Sweeper of rules at n from a state written by
// WriteState, with the workers of cfg; the tile and the representation of
// the sets are the saved ones, and cfg.Tile must be the saved tile or 0.
// A state of another table shape, or one that breaks the invariants of the
// sets, is refused with ErrBadState.
func ReadSweeper(r io.Reader, rules Rules, n int, cfg Config) (*Sweeper, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	sw, err := readSweeper(br, rules, n, cfg)
	if err != nil {
		return nil, err
	}
	if sw.pass != nil {
		// A game with a pass: the state of the game without it follows.
		passless, err := readSweeper(br, *rules.Passless, n, Config{Workers: sw.cfg.Workers, Tile: sw.cfg.Tile})
		if err != nil {
			return nil, fmt.Errorf("the game without the pass: %w", err)
		}
		if passless.next != sw.next {
			return nil, fmt.Errorf("%w: the game without the pass stands at row %d, the game at row %d", ErrBadState, passless.next, sw.next)
		}
		sw.pass.passless = passless
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: bytes follow the state", ErrBadState)
	}
	return sw, nil
}

// readSweeper reads one Sweeper's state from br, leaving what follows.
func readSweeper(br *bufio.Reader, rules Rules, n int, cfg Config) (*Sweeper, error) {
	magic := make([]byte, len(stateMagic))
	if _, err := io.ReadFull(br, magic); err != nil || (string(magic) != stateMagic && string(magic) != limitStateMagic) {
		return nil, fmt.Errorf("%w: not an engine state (or another version of it)", ErrBadState)
	}
	switch limited := string(magic) == limitStateMagic; {
	case limited && rules.Limit == 0:
		return nil, fmt.Errorf("%w: a state of rules with a subtraction limit, for rules without one", ErrBadState)
	case !limited && rules.Limit > 0:
		return nil, fmt.Errorf("%w: a state of rules without a subtraction limit, for rules with limit %d", ErrBadState, rules.Limit)
	}
	var h stateHeader
	if err := binary.Read(br, binary.LittleEndian, &h); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadState, err)
	}
	if cfg.Tile == 0 {
		cfg.Tile = int(h.Tile)
	}
	if h.Sparse {
		cfg.Sets = SparseSets
	} else {
		cfg.Sets = DenseSets
	}
	sw, err := NewSweeper(rules, n, cfg)
	if err != nil {
		return nil, err
	}
	want := sw.header()
	want.Next = h.Next
	if h != want || h.Next < 0 || h.Next > int64(n)+1 || (h.Next%h.Tile != 0 && h.Next != int64(n)+1) {
		return nil, fmt.Errorf("%w: it is of n = %d, tile %d, sparse %v, row %d; wanted n = %d, tile %d, sparse %v (%+v)",
			ErrBadState, h.N, h.Tile, h.Sparse, h.Next, n, cfg.Tile, sw.s.sparse, h)
	}
	s := sw.s
	switch {
	case s.limit != nil:
		var limit int64
		if err = binary.Read(br, binary.LittleEndian, &limit); err == nil && limit != int64(s.rules.Limit) {
			err = fmt.Errorf("it is of limit %d, wanted %d", limit, s.rules.Limit)
		}
		err = cmp.Or(err, readValues(br, s.limit.colRing), readValues(br, s.limit.diagRing))
		if err == nil {
			err = checkLimitRings(s)
		}
		if err == nil {
			s.rebuildLimit()
		}
	case s.rules.Split != nil:
	case s.sparse:
		err = readSparseSets(br, s.colSparse, s.words)
		if err == nil && s.rules.Diagonal {
			err = readSparseSets(br, s.diagSparse, s.words)
		}
	default:
		err = cmp.Or(readValues(br, s.colSets), readValues(br, s.colMex),
			readValues(br, s.diagSets), readValues(br, s.diagMex))
		if jc := s.josephus; jc != nil && err == nil {
			err = cmp.Or(readValues(br, jc.lo), readValues(br, jc.hi), readValues(br, jc.ring))
		}
		if err == nil {
			err = checkDense(s)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadState, err)
	}
	sw.next = int(h.Next)
	return sw, nil
}

// readSparseSets reads what writeSparseSets wrote into sets, checking the
// invariants of sparseSet: sorted disjoint spans within words words, full
// runs never adjacent, none wholly below the mex.
func readSparseSets(r *bufio.Reader, sets []sparseSet, words int) error {
	var buf [16]byte
	for i := range sets {
		if _, err := io.ReadFull(r, buf[:8]); err != nil {
			return err
		}
		mex := int32(binary.LittleEndian.Uint32(buf[:4]))
		count := binary.LittleEndian.Uint32(buf[4:8])
		if mex < 0 || int(mex) >= words*64 || int(count) > words {
			return fmt.Errorf("set %d: mex %d, %d spans: out of range", i, mex, count)
		}
		spans := make([]span, count)
		prevEnd, prevFull := mex>>6, false
		for k := range spans {
			if _, err := io.ReadFull(r, buf[:]); err != nil {
				return err
			}
			sp := span{word: int32(binary.LittleEndian.Uint32(buf[:4])), end: int32(binary.LittleEndian.Uint32(buf[4:8])),
				bits: binary.LittleEndian.Uint64(buf[8:])}
			full := sp.bits == fullWord
			switch {
			case sp.word < prevEnd || sp.end <= sp.word || int(sp.end) > words:
				return fmt.Errorf("set %d: span %d (words %d..%d) is out of order", i, k, sp.word, sp.end)
			case sp.bits == 0 || (!full && sp.end != sp.word+1):
				return fmt.Errorf("set %d: span %d is neither a full run nor a mixed word", i, k)
			case full && prevFull && sp.word == prevEnd:
				return fmt.Errorf("set %d: full runs %d and %d are adjacent", i, k-1, k)
			case k == 0 && sp.word == mex>>6 && (full || sp.bits|(1<<(mex&63)-1) != sp.bits || sp.bits&(1<<(mex&63)) != 0):
				return fmt.Errorf("set %d: the word of the mex %d does not fit it", i, mex)
			}
			spans[k], prevEnd, prevFull = sp, sp.end, full
		}
		if mex&63 != 0 && (count == 0 || spans[0].word != mex>>6) {
			return fmt.Errorf("set %d: the word of the mex %d is missing", i, mex)
		}
		sets[i] = sparseSet{spans: spans, mex: mex}
	}
	return nil
}

// checkDense checks the invariants of saved dense sets that keep the scans
// inside them: each set holds at most n values (one per row or diagonal
// cell before the last), so a union of two or three always has a zero bit;
// a word's summary bit is set exactly when the word is full; and each mex
// is the first zero of its set.
func checkDense(s *sweep) error {
	for _, family := range []struct {
		sets  []uint64
		mexes []int32
	}{{s.colSets, s.colMex}, {s.diagSets, s.diagMex}} {
		for i, m := range family.mexes {
			set := family.sets[i*s.stride : (i+1)*s.stride]
			count := 0
			for w := range s.stride - s.words {
				summary := set[s.words+w]
				for b := range 64 {
					if full := w*64+b < s.words && set[w*64+b] == ^uint64(0); full != (summary>>b&1 == 1) {
						return fmt.Errorf("set %d: the summary of word %d is wrong", i, w*64+b)
					}
				}
			}
			for _, word := range set[:s.words] {
				count += bits.OnesCount64(word)
			}
			// Josephus Nim keeps no column mexes (its windows shrink).
			badMex := !s.rules.Josephus && (m < 0 || int(m) >= s.words*64 || set[m>>6]&(1<<(m&63)) != 0 ||
				(m > 0 && nextMex(set, 0) != int(m)) || (m == 0 && set[0]&1 != 0))
			if count > s.width-1 || badMex {
				return fmt.Errorf("set %d: %d values, mex %d: not a set the engine makes", i, count, m)
			}
		}
	}
	if jc := s.josephus; jc != nil {
		for y := range jc.lo {
			if jc.lo[y] < 0 || jc.hi[y] < jc.lo[y] || int(jc.hi[y]) > s.width {
				return fmt.Errorf("column %d: window %d..%d out of range", y, jc.lo[y], jc.hi[y])
			}
		}
		for _, v := range jc.ring {
			if v < 0 || int(v) >= s.words*64 {
				return fmt.Errorf("a ring value %d is out of range", v)
			}
		}
	}
	return nil
}

// stateChunk is how many values writeValues and readValues hand to
// encoding/binary at a time. binary.Write and binary.Read copy a slice
// through a buffer of its whole size, which for dense column sets is as
// large as the sets (229 MB at n = 3·10⁴: the peak of a dense run with a
// state file was twice its sets).
const stateChunk = 8192

// writeValues writes vals little-endian, a chunk at a time.
func writeValues[T uint64 | int32 | int16](w io.Writer, vals []T) error {
	for len(vals) > 0 {
		k := min(len(vals), stateChunk)
		if err := binary.Write(w, binary.LittleEndian, vals[:k]); err != nil {
			return err
		}
		vals = vals[k:]
	}
	return nil
}

// readValues fills vals with what writeValues wrote, a chunk at a time.
func readValues[T uint64 | int32 | int16](r io.Reader, vals []T) error {
	for len(vals) > 0 {
		k := min(len(vals), stateChunk)
		if err := binary.Read(r, binary.LittleEndian, vals[:k]); err != nil {
			return err
		}
		vals = vals[k:]
	}
	return nil
}
