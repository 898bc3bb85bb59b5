package valuesds

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// gneg1BandRows returns rows first … first+rows−1 of G₋₁'s band of
// values 0 … v: the cells a part of a real run holds, whose offsets
// repeat as the table's do (a shuffled band compresses far worse).
func gneg1BandRows(tb testing.TB, first, rows int64, v int) band.Rows {
	tb.Helper()
	r, _ := tables.Lookup("gneg1")
	rules, err := r.BandRules()
	if err != nil {
		tb.Fatal(err)
	}
	n := first + rows - 1
	sw, err := band.New(rules, n, v, band.Config{Workers: 1})
	if err != nil {
		tb.Fatal(err)
	}
	out := band.Rows{Start: []int32{0}}
	x := int64(0)
	err = sw.Run(context.Background(), n+1, func(b band.Rows) error {
		for i := range b.Len() {
			if x >= first {
				a, e := b.Start[i], b.Start[i+1]
				out.Y, out.Value = append(out.Y, b.Y[a:e]...), append(out.Value, b.Value[a:e]...)
				out.Start = append(out.Start, int32(len(out.Y)))
			}
			x++
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// packedBand is the rows r (from row first) packed as a band packs them,
// from a column below each row's first: what Writer.WritePacked takes.
func packedBand(r band.Rows, first int64) band.Packed {
	p := band.Packed{X0: first, Lo: max(0, r.Y[0]-5)}
	for i := range r.Len() {
		p.Stride = max(p.Stride, int(r.Start[i+1]-r.Start[i]))
	}
	p.Count = make([]int32, r.Len())
	p.Cells = make([]uint64, r.Len()*p.Stride)
	for i := range r.Len() {
		a, e := r.Start[i], r.Start[i+1]
		p.Count[i] = e - a
		for k := a; k < e; k++ {
			p.Cells[i*p.Stride+int(k-a)] = uint64(r.Y[k]-p.Lo)<<32 | uint64(uint32(r.Value[k]))
		}
	}
	return p
}

// BenchmarkPartStages reports the CPU a cell of each stage a part of
// G₋₁'s band (values 0 … 200, 16384 rows) goes through in a values run:
// taken from the sweep's rows into chunks (unpacked rows, or packed as
// the band leaves them), ordered by value and encoded as Parquet, ordered
// by value alone (from packed rows, or from a band's dense rows), and its
// rows' digests of cells_sha256; and the whole,
// rows given to a Writer until its part is written.
func BenchmarkPartStages(b *testing.B) {
	const first, rows, v = 100_000, 16384, 200
	r := gneg1BandRows(b, first, rows, v)
	p := packedBand(r, first)
	meta := Meta{Table: "gneg1", Symbol: "G₋₁", N: first + rows - 1, Values: results.ValueRange{Lo: 0, Hi: v}, Sweep: SweepBand,
		Rows: RowRange{First: first, Last: first + rows - 1}}
	cells := float64(len(r.Y))
	// The block in chunks of whole rows, as a Writer hands them over,
	// their buffers kept from one take to the next as a Writer keeps them.
	var chunks []*packedRows
	take := func(add func(c *packedRows, i int) error) {
		k := 0
		next := func(first int64) *packedRows {
			if k == len(chunks) {
				chunks = append(chunks, new(packedRows))
			}
			k++
			chunks[k-1].reset(first)
			return chunks[k-1]
		}
		c := next(first)
		for i := range rows {
			if err := add(c, i); err != nil {
				b.Fatal(err)
			}
			if c.len() >= orderChunk && i < rows-1 {
				c = next(first + int64(i) + 1)
			}
		}
		chunks = chunks[:k]
	}
	takeRows := func() {
		take(func(c *packedRows, i int) error {
			a, e := r.Start[i], r.Start[i+1]
			return c.appendRow(first+int64(i), r.Y[a:e], r.Value[a:e], meta.Values, meta.N)
		})
	}
	takePacked := func() {
		take(func(c *packedRows, i int) error {
			return c.appendPacked(first+int64(i), p.Lo, p.Row(i), meta.Values, meta.N)
		})
	}
	perCell := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/cells, "ns/cell")
	}
	for _, stage := range []struct {
		name string
		take func()
	}{{"take", takeRows}, {"take packed", takePacked}} {
		b.Run(stage.name, func(b *testing.B) {
			for range b.N {
				stage.take()
			}
			perCell(b)
		})
	}
	takePacked()
	b.Run("encode", func(b *testing.B) {
		var size countingWriter
		for range b.N {
			size = 0
			e := newPartEncoder(meta)
			for _, c := range chunks {
				e.addRows(c)
			}
			if err := e.writeTo(&size, first, first+rows-1); err != nil {
				b.Fatal(err)
			}
		}
		perCell(b)
		b.ReportMetric(float64(size)/cells, "B/cell")
	})
	b.Run("order", func(b *testing.B) {
		var o valueOrder
		for range b.N {
			for _, c := range chunks {
				o.sortRows(c, 0, v+1)
			}
		}
		perCell(b)
	})
	// The same rows as a Writer copies a band's dense rows, in chunks.
	dense, _ := denseBand(Rows{X0: first, Start: r.Start, Y: r.Y, Value: r.Value}, v+3, 2*v+40)
	var denseChunks []*denseRows
	for i := range rows {
		if len(denseChunks) == 0 || denseChunks[len(denseChunks)-1].cells >= orderChunk {
			denseChunks = append(denseChunks, new(denseRows))
			denseChunks[len(denseChunks)-1].reset(first + int64(i))
		}
		if err := denseChunks[len(denseChunks)-1].appendRow(first+int64(i), dense.Dense.Row(i), dense.Dense.Left, int(dense.Count[i]), meta.N); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("order dense", func(b *testing.B) {
		var o valueOrder
		placed := 0
		for range b.N {
			for _, c := range denseChunks {
				if o.placeDenseOnce(c, v+1) {
					placed++
				}
			}
		}
		if placed < b.N*(len(denseChunks)-1) { // the last rows, at the band's end, hold fewer values
			b.Fatalf("%d chunks of %d placed", placed, b.N*len(denseChunks))
		}
		perCell(b)
	})
	b.Run("sum", func(b *testing.B) {
		var digest RowDigest
		for range b.N {
			for _, c := range chunks {
				for i := range c.rows() {
					base, cells := c.row(i)
					digest.SumPacked(c.first+int64(i), base, cells)
				}
			}
		}
		perCell(b)
	})
	for _, whole := range []struct {
		name  string
		write func(w *Writer) error
	}{
		{"writer", func(w *Writer) error { return w.WriteRows(first, r.Start, r.Y, r.Value) }},
		{"writer packed", func(w *Writer) error { return w.WritePacked(p) }},
	} {
		b.Run(whole.name, func(b *testing.B) {
			for range b.N {
				w, err := Create(filepath.Join(b.TempDir(), DirName("gneg1", meta.N)), meta, Options{BlockRows: rows})
				if err != nil {
					b.Fatal(err)
				}
				if err := whole.write(w); err != nil {
					b.Fatal(err)
				}
				if err := w.wait(); err != nil {
					b.Fatal(err)
				}
				w.Abort()
			}
			perCell(b)
		})
	}
}

// BenchmarkDeltaBlock encodes the y columns of a part of G₋₁'s band
// (values 0 … 200, 4096 rows), value after value, each block copied to
// a pending array first as a part's streams do: the delta encoder's CPU a
// value.
func BenchmarkDeltaBlock(b *testing.B) {
	const first, rows, v = 100_000, 4096, 200
	byValue, values := gneg1YByValue(b, first, rows, v)
	var dst []byte
	var pending [deltaBlockSize + 1]int64 // in L1, as a stream's
	b.ResetTimer()
	for range b.N {
		for _, ys := range byValue {
			dst = dst[:0]
			for at := 0; at+1 < len(ys); at += deltaBlockSize {
				block := pending[:copy(pending[:], ys[at:min(at+deltaBlockSize+1, len(ys))])]
				dst, _, _ = appendDeltaBlock(dst, block)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(values), "ns/value")
}

// BenchmarkOffsetBlock is BenchmarkDeltaBlock's full blocks taken as
// 16-bit offsets from their least value (appendOffsetBlock, as a dense
// chunk's y come), against the same blocks widened and encoded from int64
// (appendDeltaBlock), a sub-benchmark each.
func BenchmarkOffsetBlock(b *testing.B) {
	const first, rows, v = 100_000, 4096, 200
	byValue, _ := gneg1YByValue(b, first, rows, v)
	type offsetBlock struct {
		base int64
		offs [deltaBlockSize + 1]uint16
	}
	var blocks []offsetBlock
	for _, ys := range byValue {
		for at := 0; at+deltaBlockSize < len(ys); at += deltaBlockSize {
			block := offsetBlock{base: slices.Min(ys[at : at+deltaBlockSize+1])}
			for i, y := range ys[at : at+deltaBlockSize+1] {
				block.offs[i] = uint16(y - block.base)
			}
			blocks = append(blocks, block)
		}
	}
	var dst []byte
	b.Run("offsets", func(b *testing.B) {
		for range b.N {
			dst = dst[:0]
			for i := range blocks {
				var ok bool
				if dst, _, _, ok = appendOffsetBlock(dst, blocks[i].base, &blocks[i].offs); !ok {
					b.Fatal("a band's block declined")
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(blocks)*deltaBlockSize), "ns/value")
	})
	b.Run("widened", func(b *testing.B) {
		var pending [deltaBlockSize + 1]int64
		for range b.N {
			dst = dst[:0]
			for i := range blocks {
				widenOffsets(pending[:], blocks[i].base, blocks[i].offs[:])
				dst, _, _ = appendDeltaBlock(dst, pending[:])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(blocks)*deltaBlockSize), "ns/value")
	})
}

// gneg1YByValue returns the y of each value 0 … v of G₋₁'s band rows from
// first, rows of them, in the order of x, and how many there are.
func gneg1YByValue(b *testing.B, first, rows int64, v int) ([][]int64, int) {
	r := gneg1BandRows(b, first, rows, v)
	byValue := make([][]int64, v+1)
	for i := range len(r.Start) - 1 {
		for k := r.Start[i]; k < r.Start[i+1]; k++ {
			byValue[r.Value[k]] = append(byValue[r.Value[k]], r.Y[k])
		}
	}
	return byValue, len(r.Y)
}

// BenchmarkDecodePart reports the CPU a cell of decoding and checking a
// part of G₋₁'s band (values 0 … 200, 16384 rows) on one goroutine, as a
// Scan does after the part's sha256: its layout, its cells and their
// statistics.
func BenchmarkDecodePart(b *testing.B) {
	const first, rows, v = 100_000, 16384, 200
	br := gneg1BandRows(b, first, rows, v)
	r := Rows{X0: first, Start: br.Start, Y: br.Y, Value: br.Value}
	meta := Meta{Table: "gneg1", Symbol: "G₋₁", N: first + rows - 1, Values: results.ValueRange{Lo: 0, Hi: v}, Sweep: SweepBand,
		Rows: RowRange{First: first, Last: first + rows - 1}}
	dir := filepath.Join(b.TempDir(), DirName("gneg1", meta.N))
	writeDataset(b, dir, meta, r, rows)
	d, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	m := d.Manifest
	c := partCheck{m: m, values: m.ValueRange(), part: m.Parts[0], path: filepath.Join(dir, m.Parts[0].File), splitAbove: math.MaxInt64}
	sel := selection{lo: 0, hi: v, first: first, last: meta.N}
	var one, two cells
	b.ResetTimer()
	for range b.N {
		if err := decodePart(c, sel, &one, &two); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m.Parts[0].Cells), "ns/cell")
}
