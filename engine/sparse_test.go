package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestSparseSetMatchesAMap adds random values, duplicates included, to a
// sparse set in clusters (so that words fill up and full runs join) and
// checks after every addition its membership and mex against a plain map,
// and its invariants.
func TestSparseSetMatchesAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		var s sparseSet
		in, mex := map[int]bool{}, 0
		top := 64 * (1 + rng.IntN(40))
		for range rng.IntN(3 * top) {
			v := rng.IntN(top)
			if rng.IntN(3) == 0 {
				v = int(s.mex) + rng.IntN(70) // near the mex, where words complete
			}
			s.add(v)
			in[v] = true
			for in[mex] {
				mex++
			}
			if int(s.mex) != mex {
				t.Fatalf("trial %d: after adding %d the mex is %d, want %d", trial, v, s.mex, mex)
			}
			checkInvariants(t, &s)
		}
		for v := range top + 64 {
			if s.contains(v) != in[v] {
				t.Fatalf("trial %d: contains(%d) = %v", trial, v, s.contains(v))
			}
		}
	}
}

// checkInvariants fails t if s breaks an invariant of sparseSet, or holds
// more than three times the room its spans need (remove gives back the
// room of a set whose spans have fallen since their peak).
func checkInvariants(t *testing.T, s *sparseSet) {
	t.Helper()
	if c := cap(s.spans); c > sparseSlots && c > 3*len(s.spans) {
		t.Fatalf("%d spans hold a capacity of %d", len(s.spans), c)
	}
	prevEnd, prevFull := s.mex>>6, false
	for k, sp := range s.spans {
		full := sp.bits == fullWord
		if sp.word < prevEnd || sp.end <= sp.word || sp.bits == 0 || (!full && sp.end != sp.word+1) || (full && prevFull && sp.word == prevEnd) {
			t.Fatalf("span %d of %+v breaks the invariants", k, s)
		}
		prevEnd, prevFull = sp.end, full
	}
}

// TestMexOfRowAndSparseMatchesDense compares the mex of a dense row and
// sparse column and diagonal sets (mexOfRowAndSparse, mexOfRowAndSparse2)
// with that of dense bitsets holding the same random values, and checks
// the span indices they return for addAt.
func TestMexOfRowAndSparseMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const words = 40
	for range 3000 {
		var cs, ds sparseSet
		row, col, diag := make([]uint64, setStride(words)), make([]uint64, setStride(words)), make([]uint64, setStride(words))
		rowMex := 0
		for range rng.IntN(2000) {
			v := rng.IntN(words*64 - 128)
			switch rng.IntN(3) {
			case 0:
				addValue(row, words, v)
				if v == rowMex {
					rowMex = nextMex(row, rowMex)
				}
			case 1:
				cs.add(v)
				addValue(col, words, v)
			default:
				ds.add(v)
				addValue(diag, words, v)
			}
		}
		excluded := rng.IntN(words*64) - 64
		lb := max(rowMex, int(cs.mex))
		got, ci := mexOfRowAndSparse(row, words, &cs, lb, excluded)
		if want := mexOfUnion(row, col, words, lb, excluded); got != want {
			t.Fatalf("row and sparse column: mex %d, dense %d", got, want)
		}
		if ci != cs.find(int32(got>>6)) {
			t.Fatalf("mex %d: column span index %d, want %d", got, ci, cs.find(int32(got>>6)))
		}
		lb = max(lb, int(ds.mex))
		got, ci, di := mexOfRowAndSparse2(row, words, &cs, &ds, lb)
		if want := mexOfUnion3(row, col, diag, words, lb); got != want {
			t.Fatalf("row, sparse column and diagonal: mex %d, dense %d", got, want)
		}
		if ci != cs.find(int32(got>>6)) || di != ds.find(int32(got>>6)) {
			t.Fatalf("mex %d: span indices %d, %d, want %d, %d", got, ci, di, cs.find(int32(got>>6)), ds.find(int32(got>>6)))
		}
	}
}

// TestSparseSpansGrowth measures the mean spans of the column sets of G₋₁
// after every band, and the mean room of the arrays they own, which the
// memory estimate uses (sparseSpans, sparseRoom): the model must not be
// below the peak of either, nor more than twice the peak of the spans.
func TestSparseSpansGrowth(t *testing.T) {
	ns := []int{1000, 3000}
	if testing.Short() {
		ns = ns[:1]
	}
	for _, n := range ns {
		sw, err := NewSweeper(Rules{Base: []Cell{{X: 0, Y: 0, Value: -1}}}, n, Config{Workers: 2, Tile: 64, Sets: SparseSets})
		if err != nil {
			t.Fatal(err)
		}
		peak, peakRow, peakRoom := 0.0, 0, 0.0
		for sw.Next() <= n {
			if err := sw.Run(context.Background(), min(sw.Next()+64, n+1), func(Band) error { return nil }); err != nil {
				t.Fatal(err)
			}
			spans, room := 0, 0
			for _, c := range sw.s.colSparse {
				spans += len(c.spans)
				if cap(c.spans) > sparseSlots {
					room += cap(c.spans)
				}
			}
			if mean := float64(spans) / float64(n+1); mean > peak {
				peak, peakRow = mean, sw.Next()
			}
			peakRoom = max(peakRoom, float64(room)/float64(n+1))
		}
		t.Logf("n = %d: at most %.2f spans per column (after row %d), model %d; room of their own arrays at most %.2f, model %d",
			n, peak, peakRow, sparseSpans(n), peakRoom, sparseRoom(n))
		if model := float64(sparseSpans(n)); model < peak || model > 2*peak {
			t.Errorf("n = %d: up to %.2f spans per column, the estimate assumes %.0f", n, peak, model)
		}
		if model := float64(sparseRoom(n)); model < peakRoom {
			t.Errorf("n = %d: up to %.2f spans of room per column, the estimate assumes %.0f", n, peakRoom, model)
		}
	}
}

// TestWythoffSparseRoom measures the mean room of Wythoff's sparse column
// and diagonal sets, at its peak over the sweep, against the model the
// memory estimate uses (wythoffSparseRoom): the model must bound it, by
// less than twice.
func TestWythoffSparseRoom(t *testing.T) {
	ns := []int{1000, 3000}
	if testing.Short() {
		ns = ns[:1]
	}
	wythoff := Rules{Base: []Cell{{X: 0, Y: 0, Value: 0}}, Diagonal: true}
	for _, n := range ns {
		sw, err := NewSweeper(wythoff, n, Config{Workers: 2, Tile: 64, Sets: SparseSets})
		if err != nil {
			t.Fatal(err)
		}
		peakRoom := 0.0
		for sw.Next() <= n {
			if err := sw.Run(context.Background(), min(sw.Next()+64, n+1), func(Band) error { return nil }); err != nil {
				t.Fatal(err)
			}
			room, sets := 0, len(sw.s.colSparse)+len(sw.s.diagSparse)
			for _, group := range [][]sparseSet{sw.s.colSparse, sw.s.diagSparse} {
				for _, c := range group {
					if cap(c.spans) > sparseSlots {
						room += cap(c.spans)
					}
				}
			}
			peakRoom = max(peakRoom, float64(room)/float64(sets))
		}
		model := float64(sparseRoomFor(wythoff, n))
		t.Logf("n = %d: room of the sets' own arrays at most %.2f spans a set, model %.0f", n, peakRoom, model)
		if model < peakRoom || model > 2*peakRoom {
			t.Errorf("n = %d: up to %.2f spans of room a set, the estimate assumes %.0f", n, peakRoom, model)
		}
	}
}
