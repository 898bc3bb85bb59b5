package valuesds

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestDenseSideBySideMatchesGo compares denseSideBySide (AVX2 where the
// CPU has it) with the Go loop on rows of 0 … 300 cells: the same verdict,
// and the same bytes when the row is dense. Columns are random in the high
// half of each cell; values are small, or one cell somewhere holds 254,
// 255, 256, 65535 or 2³²−1 (a negative value), which must be seen
// wherever it lies, in a round of thirty-two or in the tail.
func TestDenseSideBySideMatchesGo(t *testing.T) {
	if !hasAVX2 {
		t.Log("no AVX2 on this machine: denseSideBySide is the Go loop")
	}
	rng := rand.New(rand.NewPCG(3, 9))
	edges := []uint32{254, 255, 256, 65535, 1<<32 - 1}
	refused := 0
	for round := range 20000 {
		packed := make([]uint64, rng.IntN(301))
		for k := range packed {
			packed[k] = rng.Uint64()&^(1<<32-1) | uint64(rng.Uint32N(255))
		}
		if len(packed) > 0 && rng.IntN(2) == 0 {
			k := rng.IntN(len(packed))
			packed[k] = packed[k]&^(1<<32-1) | uint64(edges[rng.IntN(len(edges))])
		}
		got, want := make([]byte, len(packed)), make([]byte, len(packed))
		gotOK, wantOK := denseSideBySide(got, packed), denseSideBySideGo(want, packed)
		if gotOK != wantOK || wantOK && !bytes.Equal(got, want) {
			t.Fatalf("round %d, %d cells: denseSideBySide gives %v, %x; the Go loop %v, %x", round, len(packed), gotOK, got, wantOK, want)
		}
		if !wantOK {
			refused++
		}
	}
	if refused < 5000 {
		t.Errorf("only %d of 20000 rows held a value above 254", refused)
	}
}

// TestDenseSideBySideGo checks the Go loop on rows written out by hand: the
// bytes are the values plus 1, and a value of 255 or a negative one (as
// its uint32) at the first cell, in the eight-cell loop or in the tail
// makes the row not dense.
func TestDenseSideBySideGo(t *testing.T) {
	row := func(values ...uint32) []uint64 {
		packed := make([]uint64, len(values))
		for k, v := range values {
			packed[k] = uint64(k+7)<<32 | uint64(v)
		}
		return packed
	}
	at := make([]byte, 9)
	if !denseSideBySideGo(at, row(0, 1, 2, 3, 4, 5, 6, 7, 254)) || !bytes.Equal(at, []byte{1, 2, 3, 4, 5, 6, 7, 8, 255}) {
		t.Errorf("nine values 0 … 7, 254: dense %x", at)
	}
	for _, values := range [][]uint32{
		{255, 1, 2, 3, 4, 5, 6, 7, 8},
		{0, 1, 2, 3, 4, 5, 6, 1<<32 - 1, 8},
		{0, 1, 2, 3, 4, 5, 6, 7, 255},
		{0, 1, 2, 3, 4, 5, 6, 7, 1<<32 - 1},
	} {
		if denseSideBySideGo(make([]byte, 9), row(values...)) {
			t.Errorf("values %v taken as dense", values)
		}
	}
}
