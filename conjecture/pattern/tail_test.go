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

// runOffsets is a sequence of n offsets made of runs of equal offsets
// (+h or −h, up to 20 rows long) that repeats with period p from a random
// start, with a few defects and absent rows: the runs that tailStart
// crosses in one step.
func runOffsets(random *rand.Rand, n, p int) []int32 {
	period := make([]int32, p)
	for x := 0; x < p; {
		sign, length := int32(1-2*random.IntN(2)), 1+random.IntN(20)
		for ; length > 0 && x < p; length-- {
			period[x] = 7 * sign
			x++
		}
	}
	d := make([]int32, n)
	start := random.IntN(n)
	for x := range d {
		d[x] = period[x%p]
		if x < start && random.IntN(3) == 0 {
			d[x] = -d[x]
		}
		switch random.IntN(150) {
		case 0:
			d[x] = 3
		case 1:
			d[x] = absent
		}
	}
	return d
}

// TestTailStartMatchesReference compares the pairwise tail scan with the
// reference on random sequences, half of them made of long runs, for every period and number of decided
// rows.
func TestTailStartMatchesReference(t *testing.T) {
	random := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		n := 1 + random.IntN(120)
		d := randomOffsets(random, n, 1+random.IntN(12))
		if trial%2 == 1 {
			d = runOffsets(random, n, 1+random.IntN(40))
		}
		for decided := 0; decided <= n; decided += 1 + random.IntN(7) {
			for p := 1; p <= n+1; p++ {
				if got, want := tailStart(d, runStarts(d), decided, p), tailStartReference(d, decided, p); got != want {
					t.Fatalf("trial %d, n=%d decided=%d p=%d: tailStart %d, reference %d; d=%v", trial, n, decided, p, got, want, d)
				}
			}
		}
	}
}

// BenchmarkTailFits compares the two ways of finding the tail fit of every
// period p ≤ n/4 of one value at n = 2000: the pairwise scan that stops at
// the first difference, and a full scan per candidate start (the
// reference), in one run.
func BenchmarkTailFits(b *testing.B) {
	const n = 2000
	d := randomOffsets(rand.New(rand.NewPCG(7, 8)), n, 36)
	runs := runStarts(d)
	for _, variant := range []struct {
		name string
		fit  func([]int32, int, int) int
	}{{"pairwise", func(d []int32, n, p int) int { return tailStart(d, runs, n, p) }}, {"reference", tailStartReference}} {
		b.Run(variant.name, func(b *testing.B) {
			for b.Loop() {
				for p := 1; p <= n/4; p++ {
					variant.fit(d, n, p)
				}
			}
		})
	}
}
