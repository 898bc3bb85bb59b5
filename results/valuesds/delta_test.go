package valuesds

import (
	"encoding/binary"
	"math"
	"math/rand"
	"slices"
	"testing"
)

// TestDeltaStatsAsGo: deltaStats (in AVX2 for a full block where the CPU
// has it) gives the deltas and statistics of deltaStatsGo, the loop
// written from the encoding's definition, for blocks of every length,
// values near each other, spread over all of int64 (deltas that wrap), at
// its ends, and constant.
func TestDeltaStatsAsGo(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	extremes := []int64{math.MinInt64, math.MaxInt64, 0, -1, 1, math.MinInt64 + 1, math.MaxInt64 - 1}
	draws := map[string]func() int64{
		"near":     func() int64 { return 1000 + rng.Int63n(600) },
		"anywhere": func() int64 { return int64(rng.Uint64()) },
		"extremes": func() int64 { return extremes[rng.Intn(len(extremes))] },
		"constant": func() int64 { return -7 },
	}
	for name, draw := range draws {
		for trial := range 400 {
			n := deltaBlockSize
			if trial%4 == 3 {
				n = 1 + rng.Intn(deltaBlockSize)
			}
			values := make([]int64, n+1)
			for i := range values {
				values[i] = draw()
			}
			var got, want [deltaBlockSize]int64
			gMin, gMax, gLo, gHi := deltaStats(values, &got)
			wMin, wMax, wLo, wHi := deltaStatsGo(values, &want)
			if got != want || gMin != wMin || gMax != wMax || gLo != wLo || gHi != wHi {
				t.Fatalf("%s, %d deltas: deltaStats min %d, max %v, values %d…%d; deltaStatsGo min %d, max %v, values %d…%d (deltas equal: %v)",
					name, n, gMin, gMax, gLo, gHi, wMin, wMax, wLo, wHi, got == want)
			}
		}
	}
}

// BenchmarkDeltaStats reports the time a value of deltaStats and of
// deltaStatsGo on full blocks of a band's y (values near each other).
func BenchmarkDeltaStats(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	values := make([]int64, deltaBlockSize+1)
	for i := range values {
		values[i] = 100_000 + int64(i) + rng.Int63n(300)
	}
	for _, f := range []struct {
		name  string
		stats func([]int64, *[deltaBlockSize]int64) (int64, [deltaMiniblocks]int64, int64, int64)
	}{{"dispatch", deltaStats}, {"go", deltaStatsGo}} {
		b.Run(f.name, func(b *testing.B) {
			var deltas [deltaBlockSize]int64
			for range b.N {
				f.stats(values, &deltas)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/deltaBlockSize, "ns/value")
		})
	}
}

// TestPackBitsAsGo: packBits (in assembly where the CPU has BMI2) packs
// as packBitsGo, the loop written from the encoding's definition, at every
// width, values anywhere below 2^width above bases anywhere in int64 (and
// all of a width's bits set, or none), and writes nothing past its 4·width
// bytes and the packSlack after them.
func TestPackBitsAsGo(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for width := 1; width <= 64; width++ {
		for trial := range 60 {
			base := int64(rng.Uint64())
			mini := make([]int64, deltaMiniblockSize)
			for i := range mini {
				bits := rng.Uint64() >> (64 - width)
				switch trial {
				case 0:
					bits = math.MaxUint64 >> (64 - width)
				case 1:
					bits = 0
				}
				mini[i] = base + int64(bits) // wraps as the deltas' sum does
			}
			got, want := make([]byte, 4*width+packSlack+8), make([]byte, 4*width+packSlack+8)
			for i := range got {
				got[i], want[i] = 0xA5, 0xA5
			}
			packBits(got[:4*width:4*width+packSlack], mini, base, width)
			packBitsGo(want[:4*width], mini, base, width)
			if !slices.Equal(got[:4*width], want[:4*width]) || !slices.Equal(got[4*width+packSlack:], want[4*width+packSlack:]) {
				t.Fatalf("width %d: packBits %x, packBitsGo %x", width, got, want)
			}
		}
	}
}

// BenchmarkPackBits reports the time a value of packBits and of
// packBitsGo on miniblocks of 7 to 9 bits, a band's y deltas' widths.
func BenchmarkPackBits(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	minis := make([][]int64, 64)
	for i := range minis {
		minis[i] = make([]int64, deltaMiniblockSize)
		for k := range minis[i] {
			minis[i][k] = rng.Int63n(1 << (7 + i%3))
		}
	}
	out := make([]byte, 4*64+packSlack)
	for _, f := range []struct {
		name string
		pack func([]byte, []int64, int64, int)
	}{{"dispatch", packBits}, {"go", packBitsGo}} {
		b.Run(f.name, func(b *testing.B) {
			for range b.N {
				for i, mini := range minis {
					f.pack(out, mini, 0, 7+i%3)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(minis)*deltaMiniblockSize), "ns/value")
		})
	}
}

// TestAppendFullBlockAsGo: a full block encoded in one call where the CPU
// allows (appendFullBlock) is appendDeltaBlockGo's block, with its least
// and greatest value, for values near each other, spread so that a
// miniblock takes exactly 8, 9, 16 or 17 bits, constant (widths 0) in all
// miniblocks or the first two, and anywhere in int64 (deltas that wrap);
// it declines exactly the blocks of a miniblock wider than 16 bits,
// leaving dst as it was.
func TestAppendFullBlockAsGo(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	spread := func(bits uint) func(i int) int64 {
		return func(i int) int64 { return 1<<40 + int64(i)*3 + rng.Int63n(1<<bits) }
	}
	draws := map[string]func(i int) int64{
		"near":     spread(6),
		"8 bits":   spread(7),
		"9 bits":   spread(8),
		"16 bits":  spread(15),
		"17 bits":  spread(16),
		"constant": func(i int) int64 { return -5 + 2*int64(i) },
		"constant, then not": func() func(i int) int64 { // the least delta, 5, in all of miniblocks 0 and 1
			extra := int64(0)
			return func(i int) int64 {
				if i > 2*deltaMiniblockSize {
					extra += rng.Int63n(50)
				}
				return 5*int64(i) + extra
			}
		}(),
		"anywhere": func(int) int64 { return int64(rng.Uint64()) },
		"negative": func(i int) int64 { return -1<<50 - int64(i)*7 + rng.Int63n(100) },
	}
	accepted, declined := 0, 0
	for name, draw := range draws {
		for range 300 {
			values := make([]int64, deltaBlockSize+1)
			for i := range values {
				values[i] = draw(i)
			}
			prefix := []byte{0xA5, 0x5A}
			want, wLo, wHi := appendDeltaBlockGo(slices.Clone(prefix), values)
			got, gLo, gHi, ok := appendFullBlock(slices.Clone(prefix), values)
			// The widths follow the least delta's varint.
			_, n := binary.Varint(want[len(prefix):])
			widths := want[len(prefix)+n : len(prefix)+n+deltaMiniblocks]
			wide := !fullBlockAssembly // the Go path encodes every block
			for _, w := range widths {
				wide = wide || w > 16
			}
			switch {
			case ok == wide:
				t.Fatalf("%s: appendFullBlock ok %t for a block whose widths are %v", name, ok, widths)
			case !ok && !slices.Equal(got, prefix):
				t.Fatalf("%s: appendFullBlock declined and left %x, want %x", name, got, prefix)
			case ok && (!slices.Equal(got, want) || gLo != wLo || gHi != wHi):
				t.Fatalf("%s: appendFullBlock %x [%d, %d], appendDeltaBlockGo %x [%d, %d]", name, got, gLo, gHi, want, wLo, wHi)
			}
			if ok {
				accepted++
			} else {
				declined++
			}
		}
	}
	if fullBlockAssembly && (accepted < 1000 || declined < 300) {
		t.Errorf("%d blocks encoded in one call, %d declined", accepted, declined)
	}
}

// TestAppendOffsetBlockAsGo: a full block taken as 16-bit offsets from a
// base (appendOffsetBlock), where the CPU allows it, is appendDeltaBlockGo's
// block of the values base + offset, with its least and greatest value,
// for offsets that rise slowly, walk down, span just under 2¹⁵ (deltas of
// 15 and 16 bits, both signs), stand still, rise by one (widths 0), or
// are small (widths up to 8); it declines exactly the blocks whose 129
// offsets span 2¹⁵ or more, leaving dst as it was.
func TestAppendOffsetBlockAsGo(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	walk := func(from, step, jitter int) func(i int) int {
		return func(i int) int { return from + i*step + rng.Intn(jitter) }
	}
	draws := map[string]func(i int) int{
		"rising":     walk(100, 1, 400),
		"falling":    walk(60000, -3, 9),
		"small":      walk(0, 0, 256),
		"one byte":   walk(7, 0, 2),
		"still":      func(int) int { return 4321 },
		"by one":     func(i int) int { return 17 + i },
		"15 bits":    walk(1000, 0, 1<<15-1),
		"just over":  walk(30000, 0, 1<<15+1),
		"anywhere":   func(int) int { return rng.Intn(1 << 16) },
		"the ends":   func(int) int { return []int{0, 1<<16 - 1, 1 << 15, 1<<15 - 1}[rng.Intn(4)] },
		"half, ends": func(int) int { return []int{0, 1<<15 - 1}[rng.Intn(2)] },
	}
	accepted, declined := 0, 0
	for name, draw := range draws {
		for range 300 {
			var block [deltaBlockSize + 1]uint16
			values := make([]int64, len(block))
			base := rng.Int63n(1<<50) - 1<<49
			least, greatest := math.MaxInt, 0
			for i := range block {
				off := draw(i)
				block[i] = uint16(off)
				values[i] = base + int64(off)
				least, greatest = min(least, off), max(greatest, off)
			}
			prefix := []byte{0xA5, 0x5A}
			want, wLo, wHi := appendDeltaBlockGo(slices.Clone(prefix), values)
			got, gLo, gHi, ok := appendOffsetBlock(slices.Clone(prefix), base, &block)
			spans := !fullBlockAssembly || greatest-least >= 1<<15
			switch {
			case ok == spans:
				t.Fatalf("%s: appendOffsetBlock ok %t for offsets spanning %d", name, ok, greatest-least)
			case !ok && !slices.Equal(got, prefix):
				t.Fatalf("%s: appendOffsetBlock declined and left %x, want %x", name, got, prefix)
			case ok && (!slices.Equal(got, want) || gLo != wLo || gHi != wHi):
				t.Fatalf("%s: appendOffsetBlock %x [%d, %d], appendDeltaBlockGo %x [%d, %d]", name, got, gLo, gHi, want, wLo, wHi)
			}
			if ok {
				accepted++
			} else {
				declined++
			}
		}
	}
	if fullBlockAssembly && (accepted < 2000 || declined < 300) {
		t.Errorf("%d blocks encoded from their offsets, %d declined", accepted, declined)
	}
}
