package valuesds

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

// oneValue is n cells of value v whose x and y are drawn by coord.
func oneValue(n int, v int32, coord func(i int) int64) *cells {
	c := &cells{}
	for i := range n {
		c.append(v, coord(2*i), coord(2*i+1))
	}
	return c
}

// partCase is a named part, its cells in any order.
type partCase struct {
	name string
	c    *cells
}

// partCases are parts that exercise every path of the writer: no cell, one,
// bands, row groups of several pages of v (262144 values a page) and of
// x and y (1 MiB of blocks: 131072 deltas of 64 bits), deltas that
// overflow int64, and block and miniblock edges.
func partCases() []partCase {
	rng := rand.New(rand.NewSource(7))
	extremes := []int64{math.MinInt64, math.MaxInt64, 0, -1, 1, math.MinInt64 + 1, math.MaxInt64 - 1}
	cases := []partCase{
		{"empty", &cells{}},
		{"one cell", &cells{vs: []int32{-3}, xs: []int64{4}, ys: []int64{5}}},
		{"band V=0", bandPart(rng, 100, 0)},
		{"band V=20", bandPart(rng, 100, 20)},
		{"band V=200", bandPart(rng, 2000, 200)},
		{"negative values", &cells{vs: []int32{-1, -5, -1, 3, -5}, xs: []int64{0, 0, 1, 1, 2}, ys: []int64{0, 1, 0, 1, 2}}},
		{"values spanning maxStreams", &cells{vs: []int32{maxStreams - 1, 0, maxStreams - 1}, xs: []int64{0, 1, 2}, ys: []int64{3, 4, 5}}},
		{"values spanning one more, sorted", &cells{vs: []int32{maxStreams, 0, maxStreams, 0}, xs: []int64{0, 1, 2, 3}, ys: []int64{3, 4, 5, 6}}},
		{"wide span, sorted", &cells{vs: []int32{1 << 30, 0, -1 << 30, 0, 1 << 30}, xs: []int64{0, 1, 2, 3, 4}, ys: []int64{5, 6, 7, 8, 9}}},
		{"interleaved values over pages", func() *cells {
			c := &cells{}
			for i := range 600000 {
				c.append(int32(i%2), int64(rng.Uint64()), int64(i))
			}
			return c
		}()},
		{"v over three pages", oneValue(2*262144+5, 7, func(i int) int64 { return int64(i / 2) })},
		{"x and y over pages", oneValue(300000, math.MaxInt32, func(int) int64 { return int64(rng.Uint64()) })},
		{"extremes", oneValue(5000, math.MinInt32, func(int) int64 { return extremes[rng.Intn(len(extremes))] })},
		{"constant", oneValue(1000, 0, func(int) int64 { return -9 })},
		// A miniblock's width is that of its own deltas: 32 zeros, then
		// one delta of −2⁴⁸, the block's min, in a miniblock of width 0.
		{"width of each miniblock", oneValue(34, 0, func(i int) int64 { return -int64(i/67) << 48 })},
		// Blocks whose deltas are all the same (appendDeltaBlock's short
		// way), rising and falling, and one whose values wrap past
		// MaxInt64 with equal deltas, so that they are not monotone.
		{"even strides", oneValue(300, 3, func(i int) int64 { return int64(i) * 5 })},
		{"even falling strides", oneValue(300, 3, func(i int) int64 { return 1000 - int64(i)*7 })},
		{"even strides across the int64 edge", oneValue(300, 3, func(i int) int64 { return math.MaxInt64 - 100 + int64(i) })},
		{"even strides of 2³²+1", oneValue(300, 3, func(i int) int64 { return int64(i) * (1<<32 + 1) })},
	}
	for _, n := range []int{2, 3, 31, 32, 33, 127, 128, 129, 130, 255, 256, 257, 1023, 1024, 1025, 2049} {
		cases = append(cases, partCase{"n=" + formatInt(int64(n)), oneValue(n, 1, func(int) int64 { return rng.Int63n(1<<40) - 1<<39 })})
	}
	return cases
}

// TestPartBytesAsArrow: encodePart writes the very bytes arrow-go's writer
// wrote of the cells stably sorted by value, so the files, their footers
// and statistics are what DuckDB, polars and pandas read already, and
// arrow-go's reader gives back the cells in that order.
func TestPartBytesAsArrow(t *testing.T) {
	for _, tc := range partCases() {
		t.Run(tc.name, func(t *testing.T) {
			if err := checkAsArrow(tc.c); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// checkAsArrow encodes c with encodePart and checks the file with
// sameAsArrow and readsBack against c stably sorted by value, in a
// dataset of c's values and in one of values too many for a stream a
// value (whose parts find their values' range by a pass over them).
func checkAsArrow(c *cells) error {
	meta := checkMeta
	if c.len() > 0 {
		meta.Values.Lo, meta.Values.Hi = c.valueBounds()
	}
	wide := meta
	wide.Values = results.ValueRange{Lo: math.MinInt32, Hi: math.MaxInt32}
	for _, m := range []Meta{meta, wide} {
		var got bytes.Buffer
		if err := encodePart(&got, m, 0, 99, c); err != nil {
			return err
		}
		sorted := byValueReference(c)
		if err := sameAsArrow(got.Bytes(), m, &sorted); err != nil {
			return fmt.Errorf("values %s: %w", m.Values, err)
		}
		if err := readsBack(got.Bytes(), &sorted); err != nil {
			return fmt.Errorf("values %s: %w", m.Values, err)
		}
	}
	return nil
}

// checkMeta is the dataset of the parts the tests write.
var checkMeta = Meta{Table: "gneg1", Symbol: "G₋₁", N: 99, Values: results.ValueRange{Lo: 0, Hi: 20}}

// sameAsArrow checks that got is the file arrowEncodePart writes of c, in
// (v, x, y) order, in the dataset m.
func sameAsArrow(got []byte, m Meta, c *cells) error {
	var want bytes.Buffer
	if err := arrowEncodePart(&want, m, 0, 99, c); err != nil {
		return fmt.Errorf("arrow's writer: %w", err)
	}
	if w := want.Bytes(); !bytes.Equal(got, w) {
		at := 0
		for at < min(len(got), len(w)) && got[at] == w[at] {
			at++
		}
		return fmt.Errorf("%d bytes, arrow's %d: they differ from byte %d on\n%x\n%x", len(got), len(w), at, got[max(0, at-60):min(len(got), at+30)], w[max(0, at-60):min(len(w), at+30)])
	}
	return nil
}

// readsBack checks that arrow-go's reader reads the cells c from the file got.
func readsBack(got []byte, c *cells) error {
	back, err := arrowDecodePart(got)
	if err != nil {
		return fmt.Errorf("arrow's reader: %w", err)
	}
	if !slices.Equal(back.vs, c.vs) || !slices.Equal(back.xs, c.xs) || !slices.Equal(back.ys, c.ys) {
		return fmt.Errorf("arrow's reader reads %d other cells than the %d written", back.len(), c.len())
	}
	return nil
}

// TestCheckAsArrowRefuses plants a wrong file under each check of
// checkAsArrow: one bit flipped in a page, and the file of other cells.
func TestCheckAsArrowRefuses(t *testing.T) {
	c := bandPart(rand.New(rand.NewSource(3)), 50, 5)
	sorted := byValueReference(c)
	var file bytes.Buffer
	if err := encodePart(&file, checkMeta, 0, 99, &sorted); err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(file.Bytes())
	flipped[len(parquetMagic)+40] ^= 1
	if sameAsArrow(flipped, checkMeta, &sorted) == nil {
		t.Errorf("sameAsArrow takes a file with a bit flipped")
	}
	other := cells{vs: slices.Clone(sorted.vs), xs: slices.Clone(sorted.xs), ys: slices.Clone(sorted.ys)}
	other.ys[len(other.ys)/2]++
	if readsBack(file.Bytes(), &other) == nil {
		t.Errorf("readsBack takes the file of other cells")
	}
}

// FuzzEncodePart encodes cells drawn from the fuzzer's bytes — a few values,
// each with any number of cells of any x and y — and checks them as
// TestPartBytesAsArrow does.
func FuzzEncodePart(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
	f.Add(bytes.Repeat([]byte{0xff, 0, 0x80, 1, 0x7f, 0xfe, 0, 2, 3}, 300))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &cells{}
		// Each cell takes 17 bytes: its value (one of 8, times 2²⁰ when bit
		// 3 is set, so that values span more than maxStreams too) and 8
		// bytes of x and y, each shifted right by a few bits so that deltas
		// of every width appear.
		for ; len(data) >= 17; data = data[17:] {
			v := int32(data[0]&7) - 3
			if data[0]&8 != 0 {
				v <<= 20
			}
			shift := data[0] >> 4 * 4
			x := int64(binary.LittleEndian.Uint64(data[1:])) >> shift
			y := int64(binary.LittleEndian.Uint64(data[9:])) >> shift
			c.append(v, x, y)
		}
		if err := checkAsArrow(c); err != nil {
			t.Fatal(err)
		}
	})
}

// TestValuePagesRecur: a page of v taken from compressedValuePages is the
// page compressed afresh, for parts whose values recur with the same
// count and with another, one after the other, as a band run's parts do.
func TestValuePagesRecur(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	parts := []*cells{
		bandPart(rng, 300, 20),
		bandPart(rng, 300, 20), // the same counts, other cells
		bandPart(rng, 301, 20), // other counts
		oneValue(262144+3, 5, func(i int) int64 { return int64(i) }),
		oneValue(262144+4, 5, func(i int) int64 { return int64(i) }),
		oneValue(3, 5, func(i int) int64 { return int64(i) }),
	}
	for i, c := range parts {
		before := compressedValuePages.len()
		if err := checkAsArrow(c); err != nil {
			t.Fatalf("part %d: %v", i, err)
		}
		if i == 1 && compressedValuePages.len() != before {
			t.Errorf("part 1 compressed %d pages of v anew: the pages of part 0 were not taken", compressedValuePages.len()-before)
		}
	}
}

// TestPartInChunksAsWhole: a part whose cells come in runs (as a Writer
// hands a block's chunks to its job) is the file of the cells given at
// once, byte for byte, for a dataset of the part's values (streams) and of
// values too wide for them (kept until the end).
func TestPartInChunksAsWhole(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, tc := range []partCase{
		{"band V=20", bandPart(rng, 300, 20)},
		{"band V=200", bandPart(rng, 700, 200)},
		{"interleaved values over pages", oneValue(300000, 3, func(i int) int64 { return int64(i) })},
	} {
		meta := checkMeta
		meta.Values.Lo, meta.Values.Hi = tc.c.valueBounds()
		wide := meta
		wide.Values = results.ValueRange{Lo: math.MinInt32, Hi: math.MaxInt32}
		for _, m := range []Meta{meta, wide} {
			var whole, chunked bytes.Buffer
			if err := encodePart(&whole, m, 0, 99, tc.c); err != nil {
				t.Fatal(err)
			}
			e := newPartEncoder(m)
			for at := 0; at < tc.c.len(); {
				end := min(at+1+rng.Intn(3*orderChunk), tc.c.len())
				e.add(&cells{vs: tc.c.vs[at:end], xs: tc.c.xs[at:end], ys: tc.c.ys[at:end]})
				at = end
			}
			if err := e.writeTo(&chunked, 0, 99); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(whole.Bytes(), chunked.Bytes()) {
				t.Errorf("%s, values %s: %d bytes in chunks, %d at once: they differ", tc.name, m.Values, chunked.Len(), whole.Len())
			}
		}
	}
}

// len is the number of pages kept.
func (c *valuePageCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pages)
}
