package proof

import "github.com/grundy-lab/grundy/engine/band"

// hashBase is the odd multiplier of the state's key: a column c holding
// the set S adds h(S)·hashBase^c to the sum, and the sum times
// hashBase^−Next is the same for a state and the state moved down the
// diagonal. Being odd, it has an inverse modulo 2⁶⁴.
const hashBase = 0x9E3779B97F4A7C15

// tracker follows the column sets of values ≤ V from the streamed rows,
// the way the band state holds them, and keeps a key of the state before
// the next row relative to that row, in O(1) a cell: the hash of a set is
// the sum of the keys of its values (0 for the empty set, so that columns
// not yet reached and reached but empty count the same, as they are the
// same), so a cell of value k in column c adds key(k)·hashBase^c. It
// finds candidates only: equal keys say nothing until the states are
// compared exactly.
type tracker struct {
	words   int
	full    []uint64
	next    int64    // the next row
	lo      int64    // every column below lo is full
	sets    []uint64 // the columns lo, lo+1, …, words words each
	pows    []uint64 // hashBase^c of each held column c
	keys    []uint64 // the key of each value 0 … V
	fullKey uint64   // the hash of a full column: the sum of keys
	sum     uint64   // Σ h(set of c)·hashBase^c over the held columns
	inv     uint64   // hashBase^−next
}

// newTracker starts before row 0 with no column reached; valueKey replaces
// the values' keys (mix of the value) when set, in tests.
func newTracker(v int, valueKey func(int) uint64) *tracker {
	t := &tracker{words: v/64 + 1, inv: 1, keys: make([]uint64, v+1)}
	t.full = make([]uint64, t.words)
	for k := range t.full {
		t.full[k] = ^uint64(0)
		if k == v/64 {
			t.full[k] = ^uint64(0) >> (63 - v%64)
		}
	}
	for k := range t.keys {
		if valueKey != nil {
			t.keys[k] = valueKey(k)
		} else {
			t.keys[k] = mix(uint64(k) + 0x632BE59BD9B4E019)
		}
		t.fullKey += t.keys[k]
	}
	return t
}

// trackerAt starts before row st.Next, in the band state st.
func trackerAt(st band.State, valueKey func(int) uint64) *tracker {
	t := newTracker(st.V, valueKey)
	t.next, t.lo = st.Next, st.Lo
	t.inv = powMod(inverseBase, uint64(st.Next))
	pow := powMod(hashBase, uint64(st.Lo))
	for c := range st.Columns() {
		set := st.Sets[c*st.Words : c*st.Words+t.words]
		t.sets = append(t.sets, set...)
		t.pows = append(t.pows, pow)
		for k, key := range t.keys {
			if set[k>>6]&(1<<(k&63)) != 0 {
				t.sum += key * pow
			}
		}
		pow *= hashBase
	}
	return t
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
		m := vals[i]
		t.sets[c*t.words+int(m>>6)] |= 1 << (m & 63)
		t.sum += t.keys[m] * t.pows[c]
	}
	first := 0
	for first < len(t.pows) && t.isFull(t.sets[first*t.words:(first+1)*t.words]) {
		t.sum -= t.fullKey * t.pows[first]
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

// mix is the finalizer of SplitMix64, a bijection that spreads every bit.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
