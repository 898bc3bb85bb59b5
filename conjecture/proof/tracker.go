package proof

import "github.com/grundy-lab/grundy/engine/band"

// hashBase is the odd multiplier of the column hash: a column c holding
// the set S adds h(S)·hashBase^c to the sum, and the sum times
// hashBase^−Next is the same for a state and the state moved down the
// diagonal. Being odd, it has an inverse modulo 2⁶⁴.
const hashBase = 0x9E3779B97F4A7C15

// tracker follows the column sets of values ≤ V from the streamed rows,
// the way the band state holds them, and keeps a hash of the state before
// the next row relative to that row, in O(1) a cell. It finds candidates
// only: equal hashes say nothing until the states are compared exactly.
type tracker struct {
	words int
	full  []uint64
	next  int64    // the next row
	lo    int64    // every column below lo is full
	sets  []uint64 // the columns lo, lo+1, …, words words each
	pows  []uint64 // hashBase^c of each held column c
	sum   uint64   // Σ h(set of c)·hashBase^c over the held columns
	inv   uint64   // hashBase^−next
	hash  func(set []uint64) uint64
}

// newTracker starts before row 0 with no column reached; hash replaces
// the column hash mixHash when set (in tests).
func newTracker(v int, hash func([]uint64) uint64) *tracker {
	t := &tracker{words: v/64 + 1, inv: 1, hash: hash}
	t.full = make([]uint64, t.words)
	for k := range t.full {
		t.full[k] = ^uint64(0)
		if k == v/64 {
			t.full[k] = ^uint64(0) >> (63 - v%64)
		}
	}
	return t
}

// trackerAt starts before row st.Next, in the band state st.
func trackerAt(st band.State, hash func([]uint64) uint64) *tracker {
	t := newTracker(st.V, hash)
	t.next, t.lo = st.Next, st.Lo
	t.inv = powMod(inverseBase, uint64(st.Next))
	pow := powMod(hashBase, uint64(st.Lo))
	for c := range st.Columns() {
		set := st.Sets[c*st.Words : c*st.Words+t.words]
		t.sets = append(t.sets, set...)
		t.pows = append(t.pows, pow)
		t.sum += t.columnHash(set) * pow
		pow *= hashBase
	}
	return t
}

// columnHash is the hash of a column's set: mixHash, called directly on
// the hot path, unless a test replaced it.
func (t *tracker) columnHash(set []uint64) uint64 {
	if t.hash != nil {
		return t.hash(set)
	}
	return mixHash(set)
}

// row takes the cells of row t.next with value ≤ V: columns ys, values vals.
func (t *tracker) row(ys []int64, vals []int32) {
	for i, y := range ys {
		c := int(y - t.lo)
		if c < 0 {
			continue // a full column gains nothing
		}
		for len(t.pows) <= c {
			pow := uint64(1)
			if k := len(t.pows); k > 0 {
				pow = t.pows[k-1] * hashBase
			} else {
				pow = powMod(hashBase, uint64(t.lo))
			}
			t.pows = append(t.pows, pow)
			t.sets = append(t.sets, make([]uint64, t.words)...)
		}
		set := t.sets[c*t.words : (c+1)*t.words]
		old := t.columnHash(set)
		set[vals[i]>>6] |= 1 << (vals[i] & 63)
		t.sum += (t.columnHash(set) - old) * t.pows[c]
	}
	first := 0
	for first < len(t.pows) && t.isFull(t.sets[first*t.words:(first+1)*t.words]) {
		t.sum -= t.columnHash(t.full) * t.pows[first]
		first++
	}
	if first > 0 {
		t.sets = append(t.sets[:0], t.sets[first*t.words:]...)
		t.pows = append(t.pows[:0], t.pows[first:]...)
		t.lo += int64(first)
	}
	t.next++
	t.inv *= inverseBase
}

// isFull reports whether set holds all of 0 … V.
func (t *tracker) isFull(set []uint64) bool {
	for k, f := range t.full {
		if set[k] != f {
			return false
		}
	}
	return true
}

// key is the hash of the state before row t.next relative to that row:
// equal for a state and the same state moved down the diagonal.
func (t *tracker) key() uint64 {
	return t.sum*t.inv ^ mix(uint64(t.lo-t.next))
}

// inverseBase is hashBase^−1 modulo 2⁶⁴, by Newton's iteration: each step
// doubles the correct low bits of an inverse of an odd number.
var inverseBase = func() uint64 {
	inv := uint64(hashBase) // correct to 3 bits: a·a ≡ 1 mod 8 for odd a
	for range 5 {
		inv *= 2 - hashBase*inv
	}
	return inv
}()

// powMod is b^e modulo 2⁶⁴.
func powMod(b, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r *= b
		}
		b *= b
	}
	return r
}

// mixHash is the column hash: 0 for the empty set, so that columns not
// yet reached and reached but empty count the same, as they are the same.
func mixHash(set []uint64) uint64 {
	h, any := uint64(0), uint64(0)
	for _, w := range set {
		h = mix(h ^ w + 0x632BE59BD9B4E019)
		any |= w
	}
	if any == 0 {
		return 0
	}
	return h
}

// mix is the finalizer of SplitMix64, a bijection that spreads every bit.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
