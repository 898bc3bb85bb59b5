package band

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// tileCase is one input of fillTile4Word: rows partly filled (some
// already full, skipped), the 64 columns of a live word and the cells the
// rows have taken so far.
type tileCase struct {
	v        int
	liveWord uint64
	full     [4]uint64
	t        tileWalk
}

// randomSet is a random subset of 0 … v, each value in it with the same
// chance, drawn from 0, 1/16, 1/4, 1/2, 3/4, 15/16 and 1; half of the
// sets hold every value of the words below a random one, as a row does
// that has taken its low values (the kernel's loops that start at word 1,
// 2 or 3).
func randomSet(rng *rand.Rand, v int) [4]uint64 {
	full := [4]uint64(newWindow(v, 4).full)
	density := rng.IntN(7)
	fullBelow := 0
	if rng.IntN(2) == 0 {
		fullBelow = rng.IntN(4)
	}
	var set [4]uint64
	for k := range set {
		word, d := rng.Uint64(), density
		if k < fullBelow {
			d = 6
		}
		switch d {
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

// randomTileCase draws a case: V anywhere in 0 … 254, one to eight rows
// (an eighth of them already full), row and column sets from empty to
// full (a full column is walked as any other and gives a cell above V),
// excluded values x XOR y that often fall on a mex, the rows' diagonals
// before the word, in it (the row starts there) or beyond it (the walk
// ends), and right parts of random bytes (the walk writes only its
// rows' cells there, and their ring slots come from the rows' numbers).
func randomTileCase(rng *rand.Rand) *tileCase {
	v := rng.IntN(OneSidedMaxCap + 1)
	if rng.IntN(2) == 0 {
		v = 200
	}
	rows := 1 + rng.IntN(8)
	tc := &tileCase{v: v, full: [4]uint64(newWindow(v, 4).full)}
	t := &tc.t
	t.rows, t.cellsLen = rows, v+1
	t.rowSets, t.done, t.cellN = make([]uint64, 4*rows), make([]bool, rows), make([]int32, rows)
	for i := range rows {
		if rng.IntN(8) == 0 {
			t.done[i] = true // left as it is: its set and cells are not looked at
			copy(t.rowSets[4*i:], tc.full[:])
			t.cellN[i] = int32(v + 1)
			continue
		}
		for {
			row := randomSet(rng, v)
			n := 0
			for _, word := range row {
				n += bits.OnesCount64(word)
			}
			if n <= v {
				copy(t.rowSets[4*i:], row[:])
				t.cellN[i] = int32(n)
				break
			}
		}
	}
	t.sets = make([]uint64, 256)
	for j := range 64 {
		set := randomSet(rng, v)
		if rng.IntN(8) == 0 {
			set = tc.full
		}
		copy(t.sets[4*j:], set[:])
	}
	t.span = v + 3
	if rng.IntN(4) == 0 {
		t.span = 1 + rng.IntN(100) // cells beyond the span: tooFar
	}
	t.ringMask, t.firstRow = 15, rng.Int64N(1<<40)
	t.rightStride = (t.span + 63) &^ 63
	t.rights = make([]byte, 16*t.rightStride)
	for k := range t.rights {
		t.rights[k] = byte(rng.Uint32())
	}
	switch rng.IntN(3) {
	case 0:
		t.diagonal = -1 - rng.Int64N(300)
	case 1:
		t.diagonal = rng.Int64N(64)
	default:
		t.diagonal = rng.Int64N(70) - int64(rows)
	}
	t.mask = rng.Uint64() | rng.Uint64()
	if rng.IntN(4) == 0 {
		t.mask = ^uint64(0)
	}
	tc.liveWord = rng.Uint64() | rng.Uint64()
	if rng.IntN(4) == 0 {
		tc.liveWord = ^uint64(0)
	}
	t.x0, t.y0 = noExclusion, rng.Int64N(1<<40)
	switch rng.IntN(3) {
	case 0:
		t.x0, t.xStep = rng.Int64N(1024), 1
		t.y0 = max(0, t.x0-int64(rng.IntN(300)))
	case 1:
		randomExcluded(rng, t, v)
	}
	t.finished, t.visits = rng.IntN(5), rng.Int64N(1000) // added to, not set
	return tc
}

// randomExcluded gives t the pass's excluded values: rows of bytes
// exclStride apart from exclAt, each row's from its diagonal on, most of
// them small values, which often fall on a mex, some none (0) and some any
// value up to V+1, or beyond.
func randomExcluded(rng *rand.Rand, t *tileWalk, v int) {
	t.exclStride, t.exclAt = t.span+rng.IntN(8), rng.IntN(16)
	t.excl = make([]byte, t.exclAt+t.rows*t.exclStride+rng.IntN(8))
	for k := range t.excl {
		switch rng.IntN(8) {
		case 0, 1:
			t.excl[k] = 0
		case 2:
			t.excl[k] = byte(1 + rng.IntN(v+1))
		case 3:
			t.excl[k] = byte(rng.Uint32())
		default:
			t.excl[k] = byte(1 + rng.IntN(min(v+1, 8)))
		}
	}
}

// run calls fill on a copy of the case and returns the copy.
func (tc *tileCase) run(fill func(*tileWalk)) *tileCase {
	out := *tc
	t := &out.t
	t.rowSets, t.done, t.cellN = slices.Clone(t.rowSets), slices.Clone(t.done), slices.Clone(t.cellN)
	t.sets = slices.Clone(t.sets)
	t.rights = slices.Clone(t.rights)
	t.full, t.liveWord = &out.full, &out.liveWord
	fill(t)
	return &out
}

// TestFillTile4WordMatchesGeneric compares the loops in use (assembly on
// amd64: with the look at the excluded value x XOR y, and, where no row has
// one, without; with the pass's, read from bytes) with the Go one on random
// rows and columns: the same cells, row
// and column sets, counts, rows marked full, live bits, rows finished and
// cells visited.
func TestFillTile4WordMatchesGeneric(t *testing.T) {
	if !assemblyKernel {
		t.Skip("fillTile4Word is fillTile4WordGeneric in this build")
	}
	rng := rand.New(rand.NewPCG(21, 4))
	cases := 50_000
	if testing.Short() {
		cases = 5_000
	}
	for i := range cases {
		tc := randomTileCase(rng)
		want := tc.run(fillTile4WordGeneric)
		kernels := map[string]func(*tileWalk){"fillTile4WordAsm": fillTile4WordAsm}
		switch {
		case tc.t.excl != nil && !passAssembly:
			continue // the pass's loop is the Go one on this processor
		case tc.t.excl != nil:
			kernels = map[string]func(*tileWalk){"fillTile4WordPassAsm": fillTile4WordPassAsm, "fillTile4Word": fillTile4Word}
		case tc.t.x0 == noExclusion && tc.t.xStep == 0:
			kernels["fillTile4WordPlainAsm"] = fillTile4WordPlainAsm
		}
		for name, kernel := range kernels {
			compareTileWalks(t, i, tc, name, tc.run(kernel), want)
		}
	}
}

// compareTileWalks fails t unless case i run by kernel name (got) left
// what fillTile4WordGeneric left (want).
func compareTileWalks(t *testing.T, i int, tc *tileCase, name string, got, want *tileCase) {
	t.Helper()
	g, w := &got.t, &want.t
	if got.liveWord != want.liveWord || g.finished != w.finished || g.visits != w.visits ||
		!slices.Equal(g.cellN, w.cellN) || !slices.Equal(g.done, w.done) || !slices.Equal(g.rowSets, w.rowSets) ||
		!slices.Equal(g.sets, w.sets) ||
		!slices.Equal(g.rights, w.rights) || g.tooFar != w.tooFar {
		t.Fatalf("case %d (V = %d, %d rows, diagonal %d, x0 = %d, y0 = %d, mask %#x): %s gives counts %d, done %v, "+
			"live word %#x, %d finished, %d visits; fillTile4WordGeneric %d, %v, %#x, %d, %d (or their sets, right parts or tooFar differ)",
			i, tc.v, tc.t.rows, tc.t.diagonal, tc.t.x0, tc.t.y0, tc.t.mask, name, g.cellN, g.done, got.liveWord, g.finished, g.visits,
			w.cellN, w.done, want.liveWord, w.finished, w.visits)
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
	// The row's diagonal is a column before the word: its cells are
	// bytes 1 and 2 of its right part.
	tw := &tileWalk{sets: sets, liveWord: &liveWord, full: &full, cellsLen: 4, span: 3, y0: 7}
	right := []byte{9, 9, 9, 9}
	n, capped := fillWord4Generic(tw, &row, 0b011, 1, 5, -1, right, nil)
	if n != 3 || capped != 0 || row != [4]uint64{0b1011} ||
		sets[0] != 0b1010 || sets[4] != 0b0010 || liveWord != 0b111 ||
		!slices.Equal(right, []byte{9, 4, 2, 9}) {
		t.Errorf("got n %d, %d above V, row %b, columns %b %b, live %b, right part %v", n, capped,
			row[0], sets[0], sets[4], liveWord, right)
	}
}
