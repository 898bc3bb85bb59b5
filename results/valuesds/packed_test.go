package valuesds

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
)

// packRows packs rows x0 … of r as a band does, from column lo (at most
// every column of r), in rows of stride cells: the slots past a row's
// cells hold junk, as a band's do.
func packRows(r Rows, lo int64, stride int) band.Packed {
	rows := len(r.Start) - 1
	p := band.Packed{X0: r.X0, Lo: lo, Stride: stride, Count: make([]int32, rows), Cells: make([]uint64, rows*stride)}
	for i := range p.Cells {
		p.Cells[i] = uint64(i)*0x9e3779b97f4a7c15 | 1<<63
	}
	for i := range rows {
		a, b := r.Start[i], r.Start[i+1]
		p.Count[i] = b - a
		for k := a; k < b; k++ {
			p.Cells[i*stride+int(k-a)] = uint64(r.Y[k]-lo)<<32 | uint64(uint32(r.Value[k]))
		}
	}
	return p
}

// denseBand is r as a band's one-sided sweep hands its rows over with
// DenseOnly: a byte a column from left columns left of each row's diagonal
// to left right of it, v+1, in rows of stride ≥ 2·left+1 bytes whose slack
// holds junk, no packed cell, and for V the largest value of r. ok is
// false if a cell lies further from its diagonal or has a value above 254.
func denseBand(r Rows, left, stride int) (p band.Packed, ok bool) {
	rows := len(r.Start) - 1
	width := 2*left + 1
	p = band.Packed{X0: r.X0, Count: make([]int32, rows),
		Dense: band.Dense{X0: r.X0, Left: left, Width: width, Stride: stride, Bytes: make([]byte, (rows-1)*stride+width)}}
	if len(r.Value) > 0 {
		p.Dense.V = int(slices.Max(r.Value))
	}
	for k := range p.Dense.Bytes {
		p.Dense.Bytes[k] = 0xA5
	}
	for i := range rows {
		clear(p.Dense.Row(i))
		x := r.X0 + int64(i)
		a, b := r.Start[i], r.Start[i+1]
		p.Count[i] = b - a
		for k := a; k < b; k++ {
			j := r.Y[k] - x + int64(left)
			if j < 0 || j >= int64(width) || r.Value[k] > 254 {
				return p, false
			}
			p.Dense.Row(i)[j] = byte(r.Value[k] + 1)
		}
	}
	return p, true
}

// widest is the most cells a row of r holds.
func widest(r Rows) int {
	w := 0
	for i := range len(r.Start) - 1 {
		w = max(w, int(r.Start[i+1]-r.Start[i]))
	}
	return w
}

// rowsFrom is rows i … j−1 of r, from row r.X0+i.
func rowsFrom(r Rows, i, j int) Rows {
	a := r.Start[i]
	out := Rows{X0: r.X0 + int64(i), Y: r.Y[a:r.Start[j]], Value: r.Value[a:r.Start[j]]}
	for _, s := range r.Start[i : j+1] {
		out.Start = append(out.Start, s-a)
	}
	return out
}

// TestWritePackedAsWriteRows: a dataset written from packed rows, or from
// dense rows (WritePacked, as a band run writes it), has the very parts
// and cells_sha256 of the dataset written from the same rows unpacked
// (WriteRows), for random tables and G₋₁'s band, ranges of values that
// keep every cell or some, several block sizes, runs of rows and
// packings, and a window of rows that starts inside the runs.
func TestWritePackedAsWriteRows(t *testing.T) {
	random, _ := randomTable(3, 60, 12)
	sweep := gneg1BandRows(t, 0, 800, 30)
	gneg1 := Rows{X0: 0, Start: sweep.Start, Y: sweep.Y, Value: sweep.Value}
	for _, tc := range []struct {
		name  string
		table Rows
		n     int64
	}{{"random", random, 60}, {"gneg1", gneg1, 799}} {
		for _, values := range []results.ValueRange{{Lo: 0, Hi: 30}, {Lo: 0, Hi: 0}, {Lo: 3, Hi: 7}, {Lo: 5, Hi: 1 << 30}} {
			for _, c := range []struct {
				block     int64
				step      int
				lo, first int64
			}{{1, 1, 0, 0}, {7, 5, 0, 0}, {1000, 64, 0, 0}, {0, 1000, 0, 0}, {16, 9, 0, 11}} {
				if c.block == 1 && tc.n > 100 {
					continue // a part a row: the random table's 61 are enough
				}
				name := fmt.Sprintf("%s/values=%s/B=%d/step=%d/rows=%d-", tc.name, values, c.block, c.step, c.first)
				meta := testMeta(tc.n, values.Lo, values.Hi)
				meta.Rows.First = c.first
				write := func(dir string, rows func(w *Writer, run Rows) error) Manifest {
					t.Helper()
					w, err := Create(dir, meta, Options{BlockRows: c.block})
					if err != nil {
						t.Fatal(err)
					}
					for i := 0; i < len(tc.table.Start)-1; i += c.step {
						if err := rows(w, rowsFrom(tc.table, i, min(i+c.step, len(tc.table.Start)-1))); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
					}
					if err := w.Commit(Final{Workers: 1}); err != nil {
						t.Fatal(err)
					}
					d, err := Open(dir)
					if err != nil {
						t.Fatal(err)
					}
					return *d.Manifest
				}
				unpacked := write(datasetDir(t), func(w *Writer, run Rows) error {
					return w.WriteRows(run.X0, run.Start, run.Y, run.Value)
				})
				packed := write(datasetDir(t), func(w *Writer, run Rows) error {
					lo := int64(0)
					if len(run.Y) > 0 {
						lo = max(0, slices.Min(run.Y)-3)
					}
					return w.WritePacked(packRows(run, lo, widest(run)+2))
				})
				dense := write(datasetDir(t), func(w *Writer, run Rows) error {
					p, ok := denseBand(run, int(tc.n)+1, 2*int(tc.n)+3+int(run.X0%5))
					if !ok {
						return fmt.Errorf("rows from %d have no dense form", run.X0)
					}
					return w.WritePacked(p)
				})
				// Runs dense and packed by turns: a chunk holds its rows
				// one way, so the Writer hands it over at each change.
				turn := 0
				mixed := write(datasetDir(t), func(w *Writer, run Rows) error {
					turn++
					if p, ok := denseBand(run, int(tc.n)+1, 2*int(tc.n)+3); ok && turn%2 == 0 {
						return w.WritePacked(p)
					}
					return w.WritePacked(packRows(run, 0, widest(run)))
				})
				for kind, got := range map[string]Manifest{"packed": packed, "dense": dense, "mixed": mixed} {
					if got.CellsSHA256 != unpacked.CellsSHA256 || got.Cells != unpacked.Cells || !slices.Equal(got.Parts, unpacked.Parts) {
						t.Errorf("%s: %s %d cells, cells_sha256 %.16s, %d parts; unpacked %d, %.16s, %d parts",
							name, kind, got.Cells, got.CellsSHA256, len(got.Parts), unpacked.Cells, unpacked.CellsSHA256, len(unpacked.Parts))
					}
				}
			}
		}
	}
}

// TestWritePackedDenseAboveV: a band's dense rows whose cells lie above
// the V they promise (Dense.V, which let the Writer copy them whole) make
// the part fail with the row named, rather than lose or keep the cells
// silently.
func TestWritePackedDenseAboveV(t *testing.T) {
	run := Rows{X0: 0, Start: []int32{0, 2, 4, 6}, Y: []int64{0, 1, 0, 1, 1, 2}, Value: []int32{0, 1, 1, 0, 5, 1}}
	p, ok := denseBand(run, 3, 7)
	if !ok {
		t.Fatal("rows not dense")
	}
	p.Dense.V = 2 // row 2 holds 5
	w, err := Create(datasetDir(t), testMeta(2, 0, 3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	err = w.WritePacked(p)
	if err == nil {
		err = w.Commit(Final{Workers: 1})
	}
	if want := "row 2: 1 cells of values 0..3, the band counted 2"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%v, want %q", err, want)
	}
}

// TestWritePackedRefusesBadRows: what WriteRows refuses WritePacked
// refuses — a gap, columns that do not increase, a column beyond n or
// before 0 (packed or dense), a row beyond the table, a cell more than 2³¹
// columns from the diagonal —, and a row of more cells than its stride; a refused row
// leaves the writer as it was, so that the right row is then taken.
func TestWritePackedRefusesBadRows(t *testing.T) {
	pack := func(x0, lo int64, stride int, rows ...[]uint64) band.Packed {
		p := band.Packed{X0: x0, Lo: lo, Stride: stride, Cells: make([]uint64, stride*len(rows))}
		for i, row := range rows {
			p.Count = append(p.Count, int32(len(row)))
			copy(p.Cells[i*stride:], row)
		}
		return p
	}
	at := func(c uint64, v uint32) uint64 { return c<<32 | uint64(v) }
	// dense is the row x0 of one cell at column y of value 0, as a byte
	// two columns left of the diagonal to two right.
	dense := func(x0, y int64) band.Packed {
		row := make([]byte, 5)
		row[y-x0+2] = 1
		return band.Packed{X0: x0, Count: []int32{1}, Dense: band.Dense{X0: x0, Left: 2, Width: 5, Stride: 5, Bytes: row}}
	}
	const n = 1 << 33
	for _, tc := range []struct {
		name string
		p    band.Packed
		want string
	}{
		{"gap", pack(1, 0, 2, nil), "leave a gap after row -1"},
		{"decreasing", pack(0, 0, 2, []uint64{at(3, 0), at(1, 0)}), "row 0: column 1 after 3: want increasing columns"},
		{"the same column twice", pack(0, 10, 2, []uint64{at(3, 0), at(3, 1)}), "row 0: column 13 after 13"},
		{"column beyond n", pack(0, n-1, 2, []uint64{at(0, 0), at(2, 0)}), "columns 8589934591..8589934593: want columns within 0..8589934592"},
		{"column before 0", pack(0, -5, 2, []uint64{at(4, 0)}), "columns -1..-1: want columns within 0"},
		{"row beyond the table", pack(n, 0, 1, nil, nil), "rows 8589934592..8589934593 are outside the table"},
		{"far from the diagonal", pack(0, 0, 1, []uint64{at(1<<31, 0)}), "a cell lies more than 2³¹ columns from the diagonal"},
		{"far on the left", pack(1<<31+1, 0, 2, []uint64{at(0, 0), at(1<<31, 0)}), "a cell lies more than 2³¹ columns from the diagonal"},
		{"more cells than the stride", pack(0, 0, 1, []uint64{at(0, 0)}, []uint64{at(1, 0)}), ""},
		{"dense: column beyond n", dense(n-1, n+1), "row 8589934591: columns 8589934593..8589934593: want columns within 0..8589934592"},
		{"dense: column before 0", dense(1, -1), "row 1: columns -1..-1: want columns within 0"},
	} {
		if tc.name == "more cells than the stride" {
			tc.p.Count[0], tc.want = 2, "row 0: 2 cells, in rows of 1 of 2 packed cells"
		}
		meta := testMeta(n, 0, 3)
		meta.Rows = RowRange{max(0, tc.p.X0-1), n}
		if tc.name == "gap" {
			meta.Rows.First = 0
		}
		w, err := Create(datasetDir(t), meta, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if tc.name != "gap" && tc.p.X0 > 0 && tc.p.X0 < n {
			if err := w.WriteRows(tc.p.X0-1, []int32{0, 0}, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		err = w.WritePacked(tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		w.Abort()
	}

	// A refused row, then the right one: the dataset holds the right one.
	dir := datasetDir(t)
	w, err := Create(dir, testMeta(2, 0, 3), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WritePacked(pack(0, 0, 3, []uint64{at(0, 1), at(2, 2), at(1, 3)})); err == nil {
		t.Fatal("decreasing columns accepted")
	}
	if err := w.WritePacked(pack(0, 0, 3, []uint64{at(0, 1), at(1, 2)}, nil, []uint64{at(2, 3)})); err != nil {
		t.Fatal(err)
	}
	if err := w.Commit(Final{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	got, err := scanAll(t, dir, ScanOptions{})
	if want := map[cell]int32{{0, 0}: 1, {0, 1}: 2, {2, 2}: 3}; err != nil || !maps.Equal(got, want) {
		t.Fatalf("after a refused row: %v, %v; want %v", got, err, want)
	}
}
