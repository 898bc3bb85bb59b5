package pattern

import (
	"math/rand/v2"
	"testing"
)

// tailStartReference is tailStart from its definition: the least x₀ such
// that every row x ≥ x₀ with x + p < decided is present and has
// d[x] = d[x+p], tried x₀ = 0, 1, … with a full scan each.
func tailStartReference(d []int32, decided, p int) int {
	for start := 0; ; start++ {
		holds := true
		for x := start; x+p < decided && holds; x++ {
			holds = d[x] != absent && d[x] == d[x+p]
		}
		if holds {
			return start
		}
	}
}

// randomOffsets is a sequence of n offsets that follows period p from a
// random start, with random offsets before it, a few random defects and
// absent rows, so that tails end everywhere.
func randomOffsets(random *rand.Rand, n, p int) []int32 {
	d := make([]int32, n)
	start := random.IntN(n)
	for x := range d {
		switch {
		case x >= start:
			d[x] = int32((x%p)*7%5) - 2
		default:
			d[x] = int32(random.IntN(5)) - 2
		}
		if random.IntN(50) == 0 {
			d[x] = int32(random.IntN(5)) - 2
		}
		if random.IntN(200) == 0 {
			d[x] = absent
		}
	}
	return d
}

// TestTailScannerMatchesReference asks the scanner for the periods
// 1 … max in turn on random sequences, whose tails of a period are passed
// on to its multiples, and compares every fit with the reference.
func TestTailScannerMatchesReference(t *testing.T) {
	random := rand.New(rand.NewPCG(9, 10))
	var scratch []int32
	for trial := range 300 {
		n := 1 + random.IntN(160)
		d := randomOffsets(random, n, 1+random.IntN(20))
		for decided := 0; decided <= n; decided += 1 + random.IntN(20) {
			maxPeriod := 1 + random.IntN(n+1)
			tails := newTailScanner(d, decided, 0, maxPeriod, scratch)
			scratch = tails.holdsFrom
			for p := 1; p <= maxPeriod; p++ {
				start := tailStartReference(d, decided, p)
				want := TailFit{Period: p, Start: start, Repetitions: (decided - start) / p}
				if got := tails.fit(p); got != want {
					t.Fatalf("trial %d, n=%d decided=%d p=%d: scanner %+v, reference %+v; d=%v", trial, n, decided, p, got, want, d)
				}
			}
		}
	}
}

// BenchmarkTailFits compares the two ways of finding the tail fit of every
// period p ≤ n/4 of one value at n = 2000: the scanner, and a full scan per
// candidate start (the reference), in one run.
func BenchmarkTailFits(b *testing.B) {
	const n = 2000
	d := randomOffsets(rand.New(rand.NewPCG(7, 8)), n, 36)
	b.Run("scanner", func(b *testing.B) {
		var scratch []int32
		for b.Loop() {
			tails := newTailScanner(d, n, 0, n/4, scratch)
			scratch = tails.holdsFrom
			for p := 1; p <= n/4; p++ {
				tails.fit(p)
			}
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			for p := 1; p <= n/4; p++ {
				tailStartReference(d, n, p)
			}
		}
	})
}
