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

// checkInvariants fails t if s breaks an invariant of sparseSet.
func checkInvariants(t *testing.T, s *sparseSet) {
	t.Helper()
	prevEnd, prevFull := s.mex>>6, false
	for k, sp := range s.spans {
		full := sp.bits == fullWord
		if sp.word < prevEnd || sp.end <= sp.word || sp.bits == 0 || (!full && sp.end != sp.word+1) || (full && prevFull && sp.word == prevEnd) {
			t.Fatalf("span %d of %+v breaks the invariants", k, s)
		}
		prevEnd, prevFull = sp.end, full
	}
}

// TestMexOfSparseUnionMatchesDense compares the two-set mex of sparse sets
// with that of dense bitsets holding the same random values.
func TestMexOfSparseUnionMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const words = 40
	for range 2000 {
		var rs, cs sparseSet
		row, col := make([]uint64, setStride(words)), make([]uint64, setStride(words))
		for range rng.IntN(1500) {
			v := rng.IntN(words*64 - 64)
			if rng.IntN(2) == 0 {
				rs.add(v)
				addValue(row, words, v)
			} else {
				cs.add(v)
				addValue(col, words, v)
			}
		}
		excluded := rng.IntN(words*64) - 64
		lb := int(max(rs.mex, cs.mex))
		got, ri, ci := mexOfSparseUnion(&rs, &cs, lb, excluded)
		if want := mexOfUnion(row, col, words, lb, excluded); got != want {
			t.Fatalf("sparse mex %d, dense %d", got, want)
		}
		if ri != rs.find(int32(got>>6)) || ci != cs.find(int32(got>>6)) {
			t.Fatalf("mex %d: span hints %d, %d, want %d, %d", got, ri, ci, rs.find(int32(got>>6)), cs.find(int32(got>>6)))
		}
	}
}

// TestSparseSpansGrowth measures the mean spans of the column sets of G₋₁
// after every band, which the memory estimate uses (sparseSpans): the mean
// peaks in the middle of the sweep, and the model must not be below that
// peak, nor more than twice it.
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
		peak, peakRow := 0.0, 0
		for sw.Next() <= n {
			if err := sw.Run(context.Background(), min(sw.Next()+64, n+1), func(Band) error { return nil }); err != nil {
				t.Fatal(err)
			}
			total := 0
			for _, c := range sw.s.colSparse {
				total += len(c.spans)
			}
			if mean := float64(total) / float64(n+1); mean > peak {
				peak, peakRow = mean, sw.Next()
			}
		}
		t.Logf("n = %d: at most %.2f spans per column (after row %d), model %d", n, peak, peakRow, sparseSpans(n))
		if model := float64(sparseSpans(n)); model < peak || model > 2*peak {
			t.Errorf("n = %d: up to %.2f spans per column, the estimate assumes %.0f", n, peak, model)
		}
	}
}
