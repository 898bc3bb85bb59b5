package valuesds

import (
	"bytes"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

// TestRowsOnceAsSorted: a part whose rows come packed (addRows, as a
// Writer hands them over), or as a band's bytes in chunks prepared as a
// part's job prepares them (placeDenseOnce, or unpacked when the rows do
// not hold each value once), is the very file encodePart writes of the same
// cells (whose bytes TestPartBytesAsArrow checks against arrow-go's),
// both for rows that hold each value once, whose x a part takes as runs
// (placeOnce, addRun) that its values share, and for rows of as many cells
// that do not: a value twice in a row and missing from another, in one
// chunk, in two, or after chunks whose x the values shared until then, a row
// short of a value that the next holds twice, and a last row with a value
// twice and without another, or short of a value (which no later row can
// show).
func TestRowsOnceAsSorted(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	const v = 20
	// permutationRows are rows that hold values 0 … v once each, in a
	// random order.
	permutationRows := func(rows int) [][]int32 {
		out := make([][]int32, rows)
		for i := range out {
			for _, value := range rng.Perm(v + 1) {
				out[i] = append(out[i], int32(value))
			}
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		x0    int64
		rows  [][]int32
		chunk int // rows a chunk
	}{
		{"once", 0, permutationRows(700), 64},
		{"once, one chunk", 5, permutationRows(300), 300},
		{"once, chunks of one row", 1 << 40, permutationRows(200), 1},
		{"once, across batches", 0, permutationRows(3*batchValues + 7), 1000},
		{"twice in a row, missing from the next", 0, func() [][]int32 {
			r := permutationRows(50)
			replaceValue(r[10], 3, 4) // row 10 holds 4 twice and 3 not, row 11 the other way
			replaceValue(r[11], 4, 3)
			return r
		}(), 50},
		{"twice in a row, missing from a later one, two chunks", 0, func() [][]int32 {
			r := permutationRows(40)
			replaceValue(r[3], 0, 1)
			replaceValue(r[13], 1, 0)
			replaceValue(r[33], 0, 1)
			replaceValue(r[34], 1, 0)
			return r
		}(), 20},
		{"twice in a row after chunks that share their x", 0, func() [][]int32 {
			r := permutationRows(100)
			replaceValue(r[70], 2, 9)
			replaceValue(r[71], 9, 2)
			return r
		}(), 30},
		{"a last row with a value twice", 0, func() [][]int32 {
			r := permutationRows(30)
			replaceValue(r[29], 5, 6)
			return r
		}(), 30},
		{"a last row short", 0, func() [][]int32 {
			r := permutationRows(30)
			r[29] = r[29][:v]
			return r
		}(), 30},
		{"a row short, the next long", 0, func() [][]int32 {
			r := permutationRows(30)
			r[7], r[8] = r[7][:v], append(r[8], r[7][v])
			return r
		}(), 30},
	} {
		for _, dense := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/dense=%t", tc.name, dense), func(t *testing.T) {
				meta := checkMeta
				meta.Values = results.ValueRange{Lo: 0, Hi: v}
				meta.N = tc.x0 + int64(len(tc.rows)) + 2*v
				var all cells
				e := newPartEncoder(meta)
				var c chunk
				c.reset(tc.x0, dense)
				take := func() {
					if !dense {
						e.addRows(&c.c)
						return
					}
					lo, span, streamed := e.streamed()
					if err := c.prepare(lo, span, streamed, v); err != nil {
						t.Fatal(err)
					}
					e.takeOrder(&c.order)
				}
				for i, row := range tc.rows {
					x := tc.x0 + int64(i)
					ys := make([]int64, len(row))
					cellBytes := make([]byte, len(row)) // from the diagonal on
					for k := range ys {
						ys[k] = x + int64(k)
						cellBytes[k] = byte(row[k] + 1)
						all.append(row[k], x, ys[k])
					}
					var err error
					if dense {
						err = c.d.appendRow(x, cellBytes, 0, len(row), meta.N)
					} else {
						err = c.c.appendRow(x, ys, row, meta.Values, meta.N)
					}
					if err != nil {
						t.Fatal(err)
					}
					if c.rowCount() == tc.chunk {
						take()
						c.reset(x+1, dense)
					}
				}
				if c.rowCount() > 0 {
					take()
				}
				xLast := tc.x0 + int64(len(tc.rows)) - 1
				var got, want bytes.Buffer
				if err := e.writeTo(&got, tc.x0, xLast); err != nil {
					t.Fatal(err)
				}
				if err := encodePart(&want, meta, tc.x0, xLast, &all); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("rows given: %d bytes, differ from encodePart's %d", got.Len(), want.Len())
				}
			})
		}
	}
}

// TestAddOffsetsAsAddAll: a column fed offsets from a base (addOffsets,
// widened in assembly where the CPU has it) writes the pages addAll
// writes fed the values themselves, for runs of 0 to 300 values, any
// base, offsets up to 2¹⁶−1; and widenOffsets is widenOffsetsGo for every
// length to 40.
func TestAddOffsetsAsAddAll(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	for n := range 41 {
		offs := make([]uint16, n+3)
		for i := range offs {
			offs[i] = uint16(rng.Intn(1 << 16))
		}
		base := rng.Int63() - 1<<62
		got, want := make([]int64, n+1), make([]int64, n+1)
		got[n], want[n] = 7, 7 // past dst: left alone
		widenOffsets(got[:n], base, offs)
		widenOffsetsGo(want[:n], base, offs)
		if !slices.Equal(got, want) {
			t.Fatalf("widenOffsets of %d: %v, want %v", n, got, want)
		}
	}
	var byOffsets, byValues deltaColumn
	for range 3000 {
		offs := make([]uint16, rng.Intn(301))
		spread := 1 + rng.Intn(1<<16)
		for i := range offs {
			offs[i] = uint16(rng.Intn(spread))
		}
		base := rng.Int63n(1 << 40)
		values := make([]int64, len(offs))
		for i, off := range offs {
			values[i] = base + int64(off)
		}
		byOffsets.addOffsets(base, offs)
		byValues.addAll(values)
	}
	got, want := byOffsets.finish(), byValues.finish()
	if len(got) != len(want) || len(got) < 2 {
		t.Fatalf("%d pages by offsets, %d by values (want the same, at least 2)", len(got), len(want))
	}
	for i := range got {
		if g, w := got[i], want[i]; !bytes.Equal(g.encoded(), w.encoded()) || g.count != w.count || g.lo != w.lo || g.hi != w.hi {
			t.Fatalf("page %d: by offsets %d values in %d bytes, [%d, %d]; by values %d in %d, [%d, %d]",
				i, g.count, len(g.encoded()), g.lo, g.hi, w.count, len(w.encoded()), w.lo, w.hi)
		}
	}
}

// TestAddOffsetsAcrossChunks: a column fed a dense chunk's offsets at a
// time, each chunk's base set so that the value before it lies within
// 2¹⁶ above the base, just below the base or just beyond 2¹⁶ (where a
// uint16 would wrap it next to the chunk's first offsets), its offsets a
// walk from there with steps of up to 2¹⁶ (blocks encoded from the offsets
// and blocks declined), writes the pages
// of its values fed to addAll: blocks, statistics and the ends of pages,
// which come every megabyte of blocks.
func TestAddOffsetsAcrossChunks(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var byOffsets, byValues deltaColumn
	last := int64(1) << 40 // the value before the chunk
	for range 8000 {
		// The value before the chunk at before from its base, its first
		// offsets near before as a uint16 would hold it.
		before := []int{rng.Intn(1 << 16), -1 - rng.Intn(8), 1<<16 + rng.Intn(8), 1<<16 - 1 - rng.Intn(8)}[rng.Intn(4)]
		base := last - int64(before)
		jump := 1 << rng.Intn(17)
		offs := make([]uint16, rng.Intn(1200))
		at := int(uint16(before))
		for i := range offs {
			at = min(max(at+rng.Intn(jump)-jump/2, 0), 1<<16-1)
			offs[i] = uint16(at)
		}
		values := make([]int64, len(offs))
		for i, off := range offs {
			values[i] = base + int64(off)
		}
		if len(values) > 0 {
			last = values[len(values)-1]
		}
		byOffsets.addOffsets(base, offs)
		byValues.addAll(values)
	}
	got, want := byOffsets.finish(), byValues.finish()
	if len(got) != len(want) || len(got) < 4 {
		t.Fatalf("%d pages by offsets, %d by values (want the same, at least 4)", len(got), len(want))
	}
	for i := range got {
		if g, w := got[i], want[i]; !bytes.Equal(g.encoded(), w.encoded()) || g.count != w.count || g.lo != w.lo || g.hi != w.hi {
			t.Fatalf("page %d: by offsets %d values in %d bytes, [%d, %d]; by values %d in %d, [%d, %d]",
				i, g.count, len(g.encoded()), g.lo, g.hi, w.count, len(w.encoded()), w.lo, w.hi)
		}
	}
}

// replaceValue puts value to where row holds value from.
func replaceValue(row []int32, from, to int32) {
	row[slices.Index(row, from)] = to
}

// TestAddRunAsAdd: a column fed runs (addRun) among single values and
// slices writes the pages add writes fed the same values one by one,
// across blocks, batches and pages, runs that go on from the value before
// and runs that do not.
func TestAddRunAsAdd(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var byRuns, oneByOne deltaColumn
	next := int64(0)
	addRun := func(k int) {
		byRuns.addRun(next, k)
		for i := range k {
			oneByOne.add(next + int64(i))
		}
		next += int64(k)
	}
	for range 10000 {
		switch rng.Intn(4) {
		case 0: // a run going on
			addRun(rng.Intn(300) + 1)
		case 1: // a run after a gap
			next += int64(rng.Intn(3)) + 2
			addRun(rng.Intn(200) + 1)
		case 2: // a value far off: its miniblocks, 60 bits wide, fill pages
			value := next + rng.Int63n(1<<60) - 1<<59
			byRuns.add(value)
			oneByOne.add(value)
		default: // a slice of rising values
			values := make([]int64, rng.Intn(100)+1)
			for i := range values {
				values[i] = next + int64(i)
			}
			byRuns.addAll(values)
			for _, value := range values {
				oneByOne.add(value)
			}
			next += int64(len(values))
		}
	}
	got, want := byRuns.finish(), oneByOne.finish()
	if len(got) != len(want) || len(got) < 2 {
		t.Fatalf("%d pages by runs, %d one by one (want the same, at least 2)", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if !bytes.Equal(g.encoded(), w.encoded()) || g.count != w.count || g.lo != w.lo || g.hi != w.hi {
			t.Fatalf("page %d: by runs %d values in %d bytes, [%d, %d]; one by one %d in %d, [%d, %d]",
				i, g.count, len(g.encoded()), g.lo, g.hi, w.count, len(w.encoded()), w.lo, w.hi)
		}
	}
}
