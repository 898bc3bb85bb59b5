package proof

import (
	"fmt"

	"github.com/grundy-lab/grundy/engine/band"
)

// hashBase is the odd multiplier of the state's key: a column c holding
// the set S adds h(S)·hashBase^c to the sum, and the sum times
// hashBase^−Next is the same for a state and the state moved down the
// diagonal. Being odd, it has an inverse modulo 2⁶⁴.
const hashBase = 0x9E3779B97F4A7C15

// trackReach bounds how far from the diagonal a cell may lie for the key
// to follow it: |y − x| < trackReach. The cells of value at most V of the
// band tables lie within V+1 of it (V ≤ 1023); a cell beyond stops the
// search with an error, never a key that misses a repeat.
const trackReach = 1 << 11

// hasher holds what the keys of a search's states are made of: the key of
// each value, their sum (the hash of a full column), and hashBase^d for the
// offsets d of a cell from the diagonal. It is only read once made, by the
// band's workers at once (rows).
type hasher struct {
	keys    []uint64 // the key of each value 0 … V
	fullKey uint64
	offsets []uint64 // hashBase^d at d + trackReach, for −trackReach < d < trackReach
	// byteKeys is the key of the value b−1 at b, and 0 at 0: a dense
	// row's byte's share, cell or not (denseRowSum).
	byteKeys *[256]uint64
	// passless, with the pass (band.Rules.Passless), hashes the passless
	// table's rows and state with keys of its own (passlessKey), which
	// the key of a state adds to its own: the rows repeat only when both
	// states do.
	passless *hasher
}

// newHasher makes the hasher of V; valueKey replaces the values' keys
// (mix of the value) when set, in tests.
func newHasher(v int, valueKey func(int) uint64) *hasher {
	h := &hasher{keys: make([]uint64, v+1), offsets: make([]uint64, 2*trackReach), byteKeys: new([256]uint64)}
	for k := range h.keys {
		if valueKey != nil {
			h.keys[k] = valueKey(k)
		} else {
			h.keys[k] = mix(uint64(k) + 0x632BE59BD9B4E019)
		}
		h.fullKey += h.keys[k]
		if k < len(h.byteKeys)-1 {
			h.byteKeys[k+1] = h.keys[k]
		}
	}
	pow := powMod(inverseBase, trackReach)
	for d := range h.offsets {
		h.offsets[d] = pow
		pow *= hashBase
	}
	return h
}

// passlessKey is the key of the passless table's value k, beside
// valueKey's (or mix's) of the table's own: valueKey's when set, in tests.
func passlessKey(valueKey func(int) uint64) func(int) uint64 {
	if valueKey != nil {
		return valueKey
	}
	return func(k int) uint64 { return mix(uint64(k) + 0x2545F4914F6CDD1D) }
}

// fullKeys is the sum of the keys of the full sets: the table's and, with
// the pass, the passless table's.
func (h *hasher) fullKeys() uint64 {
	if h.passless != nil {
		return h.fullKey + h.passless.fullKey
	}
	return h.fullKey
}

// rows is band.Config.RowHash: it writes to hashes each row's cells'
// share of the state's sum, Σ key(v)·hashBase^y over its cells (y, v).
func (h *hasher) rows(p band.Packed, hashes []uint64) error {
	offsets := (*[2 * trackReach]uint64)(h.offsets)
	hashes = hashes[:p.Len()]
	pow := powMod(hashBase, uint64(p.X0))
	for i := range hashes {
		x := p.X0 + int64(i)
		if p.Dense.Bytes != nil {
			// Byte j is the cell of d = j − Left: within V+2 of the
			// diagonal, well inside trackReach.
			hashes[i] = denseRowSum(p.Dense.Row(i), trackReach-p.Dense.Left, h.byteKeys, offsets) * pow
			pow *= hashBase
			continue
		}
		// A cell's index in offsets, d + trackReach for d = y − x, is its
		// packed column plus shift.
		row := p.Row(i)
		sum, far := rowSum(row, p.Lo-x+trackReach, h.keys, offsets)
		if far < len(row) {
			y, _ := p.Cell(row[far])
			return fmt.Errorf("cell (%d, %d) lies %d columns from the diagonal: the search follows cells within %d", x, y, y-x, trackReach-1)
		}
		hashes[i] = sum * pow
		pow *= hashBase
	}
	return nil
}

// rowSum is Σ keys[v]·offsets[c + shift] over the packed cells (c, v) of
// a row, up to the first cell whose index in offsets is outside
// 1 … 2·trackReach−1, at far (len(cells) when none is). It is a function
// of its own, kept out of line, so that its loop keeps every value it
// reads in registers: written inside rows, beside the error's values, or
// inlined there, the loop spilled the cell and reloaded three others at
// every cell (2.5 against 1.2 ns a cell, BenchmarkRowHash).
//
//go:noinline
func rowSum(cells []uint64, shift int64, keys []uint64, offsets *[2 * trackReach]uint64) (sum uint64, far int) {
	for k, cell := range cells {
		at := int64(cell>>32) + shift
		if at <= 0 || at >= 2*trackReach {
			return sum, k
		}
		sum += keys[uint32(cell)] * offsets[at]
	}
	return sum, len(cells)
}

// denseRowSum is Σ byteKeys[b]·offsets[j + shift] over the bytes b of a
// dense row (band.Dense): its cells' share, byte j at index j + shift of
// offsets. A byte without a cell adds 0: the loop has no branch, and two
// sums, so that the adds of one byte need not wait for the last's (2.0
// against 2.9 ns a cell, BenchmarkRowHash/dense).
//
//go:noinline
func denseRowSum(row []byte, shift int, byteKeys *[256]uint64, offsets *[2 * trackReach]uint64) uint64 {
	at := offsets[shift : shift+len(row)]
	var s0, s1 uint64
	j := 0
	for ; j+1 < len(row); j += 2 {
		s0 += byteKeys[row[j]] * at[j]
		s1 += byteKeys[row[j+1]] * at[j+1]
	}
	if j < len(row) {
		s0 += byteKeys[row[j]] * at[j]
	}
	return s0 + s1
}

// tracker keeps a key of the band state before its next row relative to
// that row, in O(1) a row from the rows' hashes (hasher.rows, on the
// band's workers): the sum
//
//	S = Σ (h(set of c) − h(full set))·hashBase^c over the columns c < next + trackReach,
//
// h(S) the sum of the keys of the values in S, times hashBase^−next. A
// full column counts 0, and so do the columns left of the state's first
// (all full); the empty ones count −h(full set), up to a fixed distance
// right of next, past every cell so far: so the key of a state is the
// same wherever along the diagonal it stands, with no set to keep. A row
// adds its cells' share and opens the column trackReach right of it. The
// key finds candidates only: equal keys say nothing until the states are
// compared exactly.
type tracker struct {
	*hasher
	next int64
	sum  uint64 // S
	full uint64 // h(full set): with the pass, of both tables' (fullKeys)
	open uint64 // hashBase^(next + trackReach), the column the next row opens
	inv  uint64 // hashBase^−next
}

// trackerAt starts before row st.Next, in the band state st, which must
// hold no column trackReach or more right of st.Next; with the pass the
// sum is both states', each with its keys.
func trackerAt(st band.State, h *hasher) (*tracker, error) {
	end := st.Next + trackReach
	sum, err := h.stateSum(st, end)
	if err != nil {
		return nil, err
	}
	if h.passless != nil {
		if st.Passless == nil {
			return nil, fmt.Errorf("the state before row %d has no passless sweep's state", st.Next)
		}
		inner, err := h.passless.stateSum(*st.Passless, end)
		if err != nil {
			return nil, fmt.Errorf("the passless sweep's state: %w", err)
		}
		sum += inner
	}
	return &tracker{hasher: h, next: st.Next, sum: sum, full: h.fullKeys(), open: powMod(hashBase, uint64(end)), inv: powMod(inverseBase, uint64(st.Next))}, nil
}

// stateSum is S of the state st's own columns, up to column end.
func (h *hasher) stateSum(st band.State, end int64) (uint64, error) {
	if last := st.Lo + int64(st.Columns()); last > end {
		return 0, fmt.Errorf("the state before row %d holds columns up to %d: the search follows columns within %d of the next row", st.Next, last-1, trackReach)
	}
	var sum uint64
	pow := powMod(hashBase, uint64(st.Lo))
	for c := range end - st.Lo {
		var setKey uint64
		if c < int64(st.Columns()) {
			set := st.Sets[c*int64(st.Words) : (c+1)*int64(st.Words)]
			for k, key := range h.keys {
				if set[k>>6]&(1<<(k&63)) != 0 {
					setKey += key
				}
			}
		}
		sum += (setKey - h.fullKey) * pow
		pow *= hashBase
	}
	return sum, nil
}

// add takes row t.next, of hash rowHash (hasher.rows).
func (t *tracker) add(rowHash uint64) {
	t.sum += rowHash - t.full*t.open
	t.open *= hashBase
	t.next++
	t.inv *= inverseBase
}

// row takes row t.next, whose cells of value ≤ V are at columns ys with
// values vals, hashing it here: for sweeps without RowHash (tests).
func (t *tracker) row(ys []int64, vals []int32) error {
	var hash [1]uint64
	packed := band.Packed{X0: t.next, Count: []int32{int32(len(ys))}, Stride: len(ys), Cells: make([]uint64, len(ys))}
	if len(ys) > 0 {
		packed.Lo = ys[0] // the least column: ys increase
	}
	for k, y := range ys {
		packed.Cells[k] = uint64(y-packed.Lo)<<32 | uint64(uint32(vals[k]))
	}
	err := t.rows(packed, hash[:])
	t.add(hash[0])
	return err
}

// key is the hash of the state before row t.next relative to that row:
// equal for a state and the same state moved down the diagonal.
func (t *tracker) key() uint64 { return t.sum * t.inv }

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
