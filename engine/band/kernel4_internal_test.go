package band

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// kernelCase is one input of fillWord4: a row partly filled, the 64
// columns of a live word and the cells taken so far.
type kernelCase struct {
	v          int
	row        [4]uint64
	sets       []uint64
	live       uint64
	liveWord   uint64
	full       [4]uint64
	cells      []uint64
	n          int
	packedBase uint64
	x, y0      int64
}

// randomSet is a random subset of 0 … v, each value in it with the same
// chance, drawn from 0, 1/16, 1/4, 1/2, 3/4, 15/16 and 1.
func randomSet(rng *rand.Rand, v int) [4]uint64 {
	full := [4]uint64(newWindow(v, 4).full)
	density := rng.IntN(7)
	var set [4]uint64
	for k := range set {
		word := rng.Uint64()
		switch density {
		case 0:
			word = 0
		case 1:
			word &= rng.Uint64() & rng.Uint64() & rng.Uint64()
		case 2:
			word &= rng.Uint64()
		case 4:
			word |= rng.Uint64()
		case 5:
			word |= rng.Uint64() | rng.Uint64() | rng.Uint64()
		case 6:
			word = ^uint64(0)
		}
		set[k] = word & full[k]
	}
	return set
}

// randomKernelCase draws a case: V anywhere in 0 … 255, row and column
// sets from empty to full (a full column is walked as any other and gives
// a cell above V), excluded values x XOR y that often fall on a mex.
func randomKernelCase(rng *rand.Rand) kernelCase {
	v := rng.IntN(256)
	if rng.IntN(2) == 0 {
		v = 200
	}
	full := newWindow(v, 4).full
	kc := kernelCase{v: v, full: [4]uint64(full), sets: make([]uint64, 256), cells: make([]uint64, v+1)}
	for {
		kc.row = randomSet(rng, v)
		kc.n = 0
		for _, word := range kc.row {
			kc.n += bits.OnesCount64(word)
		}
		if kc.n <= v {
			break
		}
	}
	for j := range 64 {
		set := randomSet(rng, v)
		if rng.IntN(8) == 0 {
			set = kc.full
		}
		copy(kc.sets[4*j:], set[:])
	}
	kc.live = rng.Uint64() & rng.Uint64()
	if rng.IntN(4) == 0 {
		kc.live = ^uint64(0)
	}
	kc.liveWord = kc.live | rng.Uint64()
	for i := range kc.cells[:kc.n] {
		kc.cells[i] = rng.Uint64()
	}
	kc.packedBase = uint64(rng.IntN(1<<20)) << 38
	kc.x, kc.y0 = noExclusion, rng.Int64N(1<<40)
	if rng.IntN(2) == 0 {
		kc.x = rng.Int64N(1024)
		kc.y0 = max(0, kc.x-int64(rng.IntN(300)))
	}
	return kc
}

// run calls fill on a copy of the case and returns what it changed.
func (kc kernelCase) run(fill func(*[4]uint64, []uint64, uint64, *uint64, *[4]uint64, []uint64, int, uint64, int64, int64) (int, int)) (kernelCase, int) {
	kc.sets, kc.cells = slices.Clone(kc.sets), slices.Clone(kc.cells)
	n, capped := fill(&kc.row, kc.sets, kc.live, &kc.liveWord, &kc.full, kc.cells, kc.n, kc.packedBase, kc.x, kc.y0)
	kc.n = n
	return kc, capped
}

// TestFillWord4MatchesGeneric compares the per-cell loop in use (assembly
// on amd64) with the Go one on random rows and columns: the same cells,
// row and column sets, live bits and count of cells above V.
func TestFillWord4MatchesGeneric(t *testing.T) {
	if !assemblyKernel {
		t.Skip("fillWord4 is fillWord4Generic in this build")
	}
	rng := rand.New(rand.NewPCG(21, 4))
	cases := 100_000
	if testing.Short() {
		cases = 10_000
	}
	for i := range cases {
		kc := randomKernelCase(rng)
		got, gotCapped := kc.run(fillWord4)
		want, wantCapped := kc.run(fillWord4Generic)
		if got.n != want.n || gotCapped != wantCapped || got.row != want.row || got.liveWord != want.liveWord ||
			!slices.Equal(got.sets, want.sets) || !slices.Equal(got.cells, want.cells) {
			t.Fatalf("case %d (V = %d, x = %d, y0 = %d, live %#x): fillWord4 gives n %d, %d above V, row %x, live word %#x; "+
				"fillWord4Generic n %d, %d above V, row %x, live word %#x (or their cells or column sets differ)",
				i, kc.v, kc.x, kc.y0, kc.live, got.n, gotCapped, got.row, got.liveWord, want.n, wantCapped, want.row, want.liveWord)
		}
	}
}

// TestFillWord4Generic checks the Go loop against the definition on one
// worked row: V = 3, two columns, x XOR y excluded.
func TestFillWord4Generic(t *testing.T) {
	// Row {0}; column 0 holds {1}, column 1 holds {}, column 2 is not live.
	// Cell (x, y0) = mex({0} ∪ {1}) = 2, unless 2 = x XOR y0 is excluded:
	// with x = 5, y0 = 7 it is, so the cell is 3. Cell (x, y0+1) =
	// mex({0, 3} ∪ {}) = 1, and 5 XOR 8 = 13 excludes nothing.
	row := [4]uint64{1}
	sets := make([]uint64, 256)
	sets[0] = 1 << 1
	full := [4]uint64{0b1111}
	liveWord := uint64(0b111)
	cells := make([]uint64, 4)
	n, capped := fillWord4Generic(&row, sets, 0b011, &liveWord, &full, cells, 1, 0, 5, 7)
	if n != 3 || capped != 0 || row != [4]uint64{0b1011} || cells[1] != 3 || cells[2] != 1<<32|1 ||
		sets[0] != 0b1010 || sets[4] != 0b0010 || liveWord != 0b111 {
		t.Errorf("got n %d, %d above V, row %b, cells %x, columns %b %b, live %b", n, capped, row[0], cells[1:n], sets[0], sets[4], liveWord)
	}
}
