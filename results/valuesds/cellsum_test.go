package valuesds

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

// referenceSum is cells_sha256 (format 3) written straight from its
// definition: rows[i] holds the cells of row first+i in increasing y.
func referenceSum(first int64, rows [][]cellOfRow) string {
	return referenceSumOf(Format, first, rows)
}

// referenceSumOf is the cells_sha256 of format 3 or, for Format2, of
// format 2, which has no dense rows.
func referenceSumOf(format string, first int64, rows [][]cellOfRow) string {
	top := sha256.New()
	binary.Write(top, binary.LittleEndian, first)
	for i, row := range rows {
		x := first + int64(i)
		var b bytes.Buffer
		if format == Format2 || !referenceDense(x, row, &b) {
			referenceNarrowOrWide(x, row, &b)
		}
		digest := sha256.Sum256(b.Bytes())
		top.Write(digest[:])
	}
	return hex.EncodeToString(top.Sum(nil))
}

// referenceDense writes the dense encoding of row x to b, if the row is
// dense.
func referenceDense(x int64, row []cellOfRow, b *bytes.Buffer) bool {
	if len(row) == 0 {
		return false
	}
	first, last := row[0].y, row[len(row)-1].y
	if last-first+1 > 4*int64(len(row)) || first-x < math.MinInt32 || first-x > math.MaxInt32 {
		return false
	}
	at := make([]byte, last-first+1)
	for _, c := range row {
		if c.v < 0 || c.v > 254 {
			return false
		}
		at[c.y-first] = byte(c.v + 1)
	}
	binary.Write(b, binary.LittleEndian, uint32(len(row))|1<<31)
	binary.Write(b, binary.LittleEndian, int32(first-x))
	b.Write(at)
	return true
}

// referenceNarrowOrWide writes the narrow or wide encoding of row x to b.
func referenceNarrowOrWide(x int64, row []cellOfRow, b *bytes.Buffer) {
	narrow := true
	for _, c := range row {
		if d := c.y - x; d < -32768 || d > 32767 || c.v > 65535 {
			narrow = false
		}
	}
	binary.Write(b, binary.LittleEndian, uint32(len(row)))
	for _, c := range row {
		if narrow {
			binary.Write(b, binary.LittleEndian, int16(c.y-x))
			binary.Write(b, binary.LittleEndian, uint16(c.v))
		} else {
			binary.Write(b, binary.LittleEndian, int32(c.y-x))
			binary.Write(b, binary.LittleEndian, c.v)
		}
	}
}

// randomRows returns rows of random cells: empty rows; dense ones, some
// with a value 255 or a span just over four cells a cell, some side by
// side, with and without a value 255; narrow ones; and
// rows with one or more cells beyond int16 of the diagonal or a value
// beyond uint16.
func randomRows(rng *rand.Rand, first int64, count int) [][]cellOfRow {
	rows := make([][]cellOfRow, count)
	for i := range rows {
		x := first + int64(i)
		reach, gap, top := int64(40), int64(11), int32(300)
		switch rng.IntN(8) {
		case 0:
			continue // no cell
		case 1:
			reach = 70000 // some cells beyond int16
			gap = reach/4 + 1
		case 2, 3:
			gap, top = 4, 256 // mostly dense: spans near 4c, values up to 255
		case 4:
			gap, top = 1, 255 // side by side, values to 254
		case 5:
			gap, top = 1, 256 // side by side, values to 255
		}
		y := max(0, x-reach)
		for y < x+reach {
			y += 1 + rng.Int64N(gap)
			v := rng.Int32N(top)
			if rng.IntN(50) == 0 {
				v = 65535 + rng.Int32N(3) // at the edge of uint16
			}
			rows[i] = append(rows[i], cellOfRow{y, v})
		}
	}
	return rows
}

// TestCellSumMatchesDefinition: CellSum, through AddRow and through
// RowDigest's Sum, SumPacked and SumBytes (for the rows that bytes hold:
// values up to 254, within 41 of the diagonal) with AddDigest, gives the
// reference's sum of format 3, and newCellSum2 that of format 2, for
// windows at any first row, with dense, narrow, wide and empty rows.
func TestCellSumMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	starts := map[string]func(int64) *CellSum{Format: NewCellSum, Format2: newCellSum2}
	dense := 0
	for _, first := range []int64{0, 1, 40000, math.MaxInt32} {
		rows := randomRows(rng, first, 300)
		for i, row := range rows {
			if referenceDense(first+int64(i), row, new(bytes.Buffer)) {
				dense++
			}
		}
		want := func(format string) string { return referenceSumOf(format, first, rows) }
		for format, start := range starts {
			byRow, byDigest, byPacked, byBytes := start(first), start(first), start(first), start(first)
			digest, packedDigest, bytesDigest := byRow.row, byRow.row, byRow.row // a RowDigest of the format, its buffers unshared
			cells, asBytes := 0, 0
			for i, row := range rows {
				ys, vs := make([]int64, len(row)), make([]int32, len(row))
				for k, c := range row {
					ys[k], vs[k] = c.y, c.v
				}
				x := first + int64(i)
				byRow.AddRow(x, ys, vs)
				byDigest.AddDigest(digest.Sum(x, ys, vs), len(ys))
				// Packed as a band packs them, from a column at or left of
				// the first cell.
				lo := x - 80000 + rng.Int64N(10000)
				if len(ys) > 0 {
					lo = ys[0] - rng.Int64N(100)
				}
				packed := make([]uint64, len(ys))
				for k, y := range ys {
					packed[k] = uint64(y-lo)<<32 | uint64(uint32(vs[k]))
				}
				byPacked.AddDigest(packedDigest.SumPacked(x, lo, packed), len(packed))
				if row, ok := rowBytes(x, row, 41); ok {
					sum, kept := bytesDigest.SumBytes(x, row, 41, len(ys), 0)
					byBytes.AddDigest(sum, kept)
					asBytes++
				} else {
					byBytes.AddDigest(bytesDigest.Sum(x, ys, vs), len(ys))
				}
				cells += len(ys)
			}
			if got := byBytes.Sum(); got != want(format) || byBytes.Cells() != int64(cells) {
				t.Errorf("%s, first row %d: SumBytes (%d rows) gives %s (%d cells), the definition %s (%d)", format, first, asBytes, got, byBytes.Cells(), want(format), cells)
			}
			if asBytes < 50 {
				t.Errorf("%s, first row %d: only %d rows as bytes", format, first, asBytes)
			}
			want := want(format)
			if got := byPacked.Sum(); got != want {
				t.Errorf("%s, first row %d: SumPacked gives %s, the definition %s", format, first, got, want)
			}
			if got := byRow.Sum(); got != want {
				t.Errorf("%s, first row %d: AddRow gives %s, the definition %s", format, first, got, want)
			}
			if got := byDigest.Sum(); got != want || byDigest.Cells() != int64(cells) {
				t.Errorf("%s, first row %d: AddDigest gives %s (%d cells), the definition %s (%d)", format, first, got, byDigest.Cells(), want, cells)
			}
		}
	}
	if dense < 100 {
		t.Errorf("only %d of the 1200 rows are dense", dense)
	}
}

// rowBytes returns row x's cells a byte a column as SumBytes takes them,
// from left columns left of the diagonal to left right of it; ok is false
// if a cell lies further or has a value above 254.
func rowBytes(x int64, row []cellOfRow, left int) (out []byte, ok bool) {
	out = make([]byte, 2*left+1)
	for _, c := range row {
		j := c.y - x + int64(left)
		if j < 0 || j >= int64(len(out)) || c.v < 0 || c.v > 254 {
			return nil, false
		}
		out[j] = byte(c.v + 1)
	}
	return out, true
}

// TestSumBytesLeavesOutLowValues: SumBytes with a lowest value lo sums the
// row's cells of values lo … as Sum does, and counts them, for rows dense
// and sparse, lo below, inside and above their values.
func TestSumBytesLeavesOutLowValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 3))
	var r, ref RowDigest
	for range 3000 {
		x := rng.Int64N(1 << 40)
		row := make([]byte, 2*rng.IntN(60)+1)
		left := len(row) / 2
		for j := range row {
			if rng.IntN(4) > 0 {
				row[j] = byte(1 + rng.IntN(1+rng.IntN(255)))
			}
		}
		cells := 0
		for _, b := range row {
			if b != 0 {
				cells++
			}
		}
		lo := int32(rng.IntN(256))
		var ys []int64
		var vs []int32
		for j, b := range row {
			if b != 0 && int32(b)-1 >= lo {
				ys, vs = append(ys, x-int64(left)+int64(j)), append(vs, int32(b)-1)
			}
		}
		got, kept := r.SumBytes(x, row, left, cells, lo)
		if want := ref.Sum(x, ys, vs); got != want || kept != len(ys) {
			t.Fatalf("row %d, %d bytes, lo %d: SumBytes gives %x and %d cells, Sum %x and %d", x, len(row), lo, got, kept, want, len(ys))
		}
	}
}

// TestSumBytesPairAsSumBytes: SumBytesPair gives SumBytes' digests and
// counts of both rows, for rows dense and not (sparse, empty), of as many
// SHA-256 blocks and of other counts, with and without a lowest value.
func TestSumBytesPairAsSumBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	var r, ref RowDigest
	randomRow := func(left int) ([]byte, int) {
		row := make([]byte, 2*left+1)
		density := rng.IntN(5)
		cells := 0
		for j := range row {
			if rng.IntN(5) < density {
				row[j] = byte(1 + rng.IntN(255))
				cells++
			}
		}
		return row, cells
	}
	pairs := 0
	for range 4000 {
		x, left := rng.Int64N(1<<40), 1+rng.IntN(130)
		lo := int32(0)
		if rng.IntN(3) == 0 {
			lo = int32(rng.IntN(256))
		}
		a, ca := randomRow(left)
		b, cb := randomRow(left)
		// The second row's diagonal elsewhere, half of the time: rows
		// trimmed to their cells (a Writer's dense chunks) have their own.
		lefts := [2]int{left, left}
		if rng.IntN(2) == 0 {
			lefts[1] = rng.IntN(2*left+1) - 3
		}
		got, kept := r.SumBytesPair(x, [2][]byte{a, b}, lefts, [2]int{ca, cb}, lo)
		da, ka := ref.SumBytes(x, a, lefts[0], ca, lo)
		db, kb := ref.SumBytes(x+1, b, lefts[1], cb, lo)
		if got != [2][sha256.Size]byte{da, db} || kept != [2]int{ka, kb} {
			t.Fatalf("rows %d and %d, %d bytes, lo %d: SumBytesPair gives %x, %d cells; SumBytes %x %x, %d and %d", x, x+1, len(a), lo, got, kept, da, db, ka, kb)
		}
		if ka > 0 && kb > 0 {
			pairs++
		}
	}
	if pairs < 1000 {
		t.Errorf("only %d pairs with cells in both rows", pairs)
	}
}

// TestCellSumTellsCellsApart: a changed value, a moved cell, a cell
// widened beyond int16 or beyond a dense row's byte, a dropped empty row,
// another first row and format 2 each change the sum.
func TestCellSumTellsCellsApart(t *testing.T) {
	base := [][]cellOfRow{{{3, 1}, {5, 2}}, nil, {{0, 0}, {9, 7}}}
	sums := map[string]string{"base": referenceSum(10, base)}
	variants := map[string][][]cellOfRow{
		"value":      {{{3, 1}, {5, 3}}, nil, {{0, 0}, {9, 7}}},
		"moved":      {{{3, 1}, {6, 2}}, nil, {{0, 0}, {9, 7}}},
		"wide":       {{{3, 1}, {5, 2}}, nil, {{0, 0}, {9, 65536}}},
		"255":        {{{3, 1}, {5, 255}}, nil, {{0, 0}, {9, 7}}},
		"empty row":  {{{3, 1}, {5, 2}}, {{0, 0}, {9, 7}}},
		"cell moved": {{{3, 1}}, {{5, 2}}, {{0, 0}, {9, 7}}},
		// Four cells spanning eight columns take 4 + 4 + 8 bytes dense,
		// as many as narrow: the first word tells them apart.
		"dense of a narrow's length": {{{3, 1}, {4, 0}, {5, 2}, {10, 4}}, nil, {{0, 0}, {9, 7}}},
		"narrow of a dense's length": {{{3, 1}, {4, 0}, {5, 2}, {40, 4}}, nil, {{0, 0}, {9, 7}}},
	}
	for name, rows := range variants {
		sums[name] = referenceSum(10, rows)
	}
	sums["first row"] = referenceSum(11, base)
	sums["format 2"] = referenceSumOf(Format2, 10, base)
	seen := map[string]string{}
	for name, sum := range sums {
		if other, ok := seen[sum]; ok {
			t.Errorf("%s and %s have one sum", name, other)
		}
		seen[sum] = name
	}
	s := NewCellSum(10)
	for i, row := range base {
		ys, vs := make([]int64, len(row)), make([]int32, len(row))
		for k, c := range row {
			ys[k], vs[k] = c.y, c.v
		}
		s.AddRow(10+int64(i), ys, vs)
	}
	if s.Sum() != sums["base"] {
		t.Errorf("CellSum %s, the definition %s", s.Sum(), sums["base"])
	}
}

// TestDenseTagTellsRowsApart: a dense row and a narrow row whose encodings
// agree but for the bit 2³¹ of their first word (four cells each, the
// dense row's offset and bytes read as the narrow row's cells) have
// different sums: without that bit the encoding would not be injective.
func TestDenseTagTellsRowsApart(t *testing.T) {
	const x = 10
	denseRow := []cellOfRow{{3, 0}, {8, 0}, {12, 1}, {14, 0}}
	narrowRow := []cellOfRow{{3, 65535}, {11, 0}, {266, 0}, {522, 256}}
	var dense, narrow bytes.Buffer
	if !referenceDense(x, denseRow, &dense) || referenceDense(x, narrowRow, new(bytes.Buffer)) {
		t.Fatal("the rows are not one dense, one narrow")
	}
	referenceNarrowOrWide(x, narrowRow, &narrow)
	d, n := dense.Bytes(), narrow.Bytes()
	if len(d) != len(n) || !bytes.Equal(d[4:], n[4:]) || !bytes.Equal(d[:3], n[:3]) || d[3]^n[3] != 0x80 {
		t.Fatalf("the encodings differ elsewhere than in the tag:\n% x\n% x", d, n)
	}
	sums := map[string]string{}
	for name, row := range map[string][]cellOfRow{"dense": denseRow, "narrow": narrowRow} {
		s := NewCellSum(x)
		ys, vs := []int64{}, []int32{}
		for _, c := range row {
			ys, vs = append(ys, c.y), append(vs, c.v)
		}
		s.AddRow(x, ys, vs)
		if want := referenceSum(x, [][]cellOfRow{row}); s.Sum() != want {
			t.Errorf("%s row: CellSum %s, the definition %s", name, s.Sum(), want)
		}
		sums[name] = s.Sum()
	}
	if sums["dense"] == sums["narrow"] {
		t.Error("the dense and the narrow row have one sum")
	}
}

// TestCellSumStateResumes: a sum saved and restored goes on to the same
// sum; a state of other rows, or of format 1's sum, is refused.
func TestCellSumStateResumes(t *testing.T) {
	rows := randomRows(rand.New(rand.NewPCG(1, 2)), 0, 200)
	add := func(s *CellSum, from, to int) {
		for i := from; i < to; i++ {
			ys, vs := make([]int64, len(rows[i])), make([]int32, len(rows[i]))
			for k, c := range rows[i] {
				ys[k], vs[k] = c.y, c.v
			}
			s.AddRow(int64(i), ys, vs)
		}
	}
	whole, half := NewCellSum(0), NewCellSum(0)
	add(whole, 0, 200)
	add(half, 0, 120)
	state, err := half.State()
	if err != nil {
		t.Fatal(err)
	}
	resumed, err := RestoreCellSum(state, 120, half.Cells())
	if err != nil {
		t.Fatal(err)
	}
	add(resumed, 120, 200)
	if resumed.Sum() != whole.Sum() || resumed.Cells() != whole.Cells() {
		t.Fatalf("resumed to %s (%d cells), uninterrupted %s (%d)", resumed.Sum(), resumed.Cells(), whole.Sum(), whole.Cells())
	}
	if _, err := RestoreCellSum(state, 119, half.Cells()); err == nil {
		t.Error("a state of 120 rows restored as 119")
	}
	legacy := append(binary.LittleEndian.AppendUint32(nil, uint32(len(state))), append(state, state...)...)
	if _, err := RestoreCellSum(legacy, 120, half.Cells()); err == nil {
		t.Error("a state shaped as format 1's was restored")
	}
}

// TestLegacyDatasetsVerify: the datasets compute wrote in formats 1 and 2
// (testdata/v1 and v2: a band, a band of values 3-20 in a window of rows,
// and a full sweep) are read and verified with their format's
// cells_sha256, and a forged one is refused; the same cells written now
// carry format 3's.
func TestLegacyDatasetsVerify(t *testing.T) {
	for _, format := range []string{Format1, Format2} {
		version := "v" + format[len(format)-1:]
		for _, name := range []string{"gneg1_n3000.values", "rows/gneg1_n3000.values", "passnim_n200.values"} {
			dir := filepath.Join("testdata", version, name)
			d, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			m := d.Manifest
			if m.Format != format {
				t.Fatalf("%s: format %s", dir, m.Format)
			}
			rows := datasetRows(t, d)
			now := referenceSum(m.Rows.First, rows)
			if now == m.CellsSHA256 || d.CurrentSum() != now {
				t.Fatalf("%s: %s's sum %s, its cells' in format 3 %s, CurrentSum %s", dir, format, m.CellsSHA256, now, d.CurrentSum())
			}
			if format == Format2 && m.CellsSHA256 != referenceSumOf(Format2, m.Rows.First, rows) {
				t.Fatalf("%s: sum %s, format 2's definition gives %s", dir, m.CellsSHA256, referenceSumOf(Format2, m.Rows.First, rows))
			}
			rewritten := datasetDir(t)
			w, err := Create(rewritten, Meta{Table: m.Table, Symbol: m.Symbol, N: m.N, Values: m.ValueRange(), Sweep: m.Sweep, Rows: m.Rows}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for i, row := range rows {
				ys, vs := []int64{}, []int32{}
				for _, c := range row {
					ys, vs = append(ys, c.y), append(vs, c.v)
				}
				if err := w.WriteRows(m.Rows.First+int64(i), []int32{0, int32(len(ys))}, ys, vs); err != nil {
					t.Fatal(err)
				}
			}
			final := Final{Workers: 1, GSHA256: m.GSHA256}
			if m.MaxValue != nil {
				final.MaxValue = *m.MaxValue
			}
			if err := w.Commit(final); err != nil {
				t.Fatal(err)
			}
			d2, err := Open(rewritten)
			if err != nil {
				t.Fatal(err)
			}
			if got := d2.Manifest; got.Format != Format || got.CellsSHA256 != now || got.Cells != m.Cells {
				t.Fatalf("%s rewritten: %s %s, %d cells; want %s %s, %d", dir, got.Format, got.CellsSHA256, got.Cells, Format, now, m.Cells)
			}
			if err := d2.Scan(context.Background(), func(int64, []int32, []int64, []int32) error { return nil }, ScanOptions{}); err != nil {
				t.Fatalf("%s rewritten: %v", dir, err)
			}
		}
		// Each manifest edit claims what a reader confusing the formats
		// would accept: format 3's sum of the same cells under the
		// earlier format, and the earlier sum under format 3.
		dir := filepath.Join("testdata", version, "gneg1_n3000.values")
		d, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		current := referenceSum(0, datasetRows(t, d))
		for name, edit := range map[string][2]string{
			"format 3's sum": {d.Manifest.CellsSHA256, current},
			"format 3":       {format, Format},
		} {
			forged := copyDir(t, dir)
			path := filepath.Join(forged, ManifestName)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, bytes.Replace(b, []byte(edit[0]), []byte(edit[1]), 1), 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := Open(forged)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Scan(context.Background(), func(int64, []int32, []int64, []int32) error { return nil }, ScanOptions{}); err == nil {
				t.Errorf("%s, %s: the forged manifest was verified", dir, name)
			}
		}
	}
}

// datasetRows reads every cell of d, by row of its window.
func datasetRows(t *testing.T, d *Dataset) [][]cellOfRow {
	t.Helper()
	m := d.Manifest
	rows := make([][]cellOfRow, m.Rows.Count())
	err := d.Scan(context.Background(), func(x0 int64, start []int32, ys []int64, vs []int32) error {
		for i := range len(start) - 1 {
			r := x0 + int64(i) - m.Rows.First
			for k := start[i]; k < start[i+1]; k++ {
				rows[r] = append(rows[r], cellOfRow{ys[k], vs[k]})
			}
		}
		return nil
	}, ScanOptions{})
	if err != nil {
		t.Fatalf("%s: %v", d.Dir, err)
	}
	return rows
}

// copyDir copies the files of dir into a new temporary directory.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.CopyFS(to, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	return to
}

// BenchmarkRowDigest times row(x) of a band row of V+1 cells, the work
// of cells_sha256 that the band's workers share.
func BenchmarkRowDigest(b *testing.B) {
	for _, cells := range []int{38, 201} {
		b.Run(fmt.Sprintf("cells=%d", cells), func(b *testing.B) {
			const x = 1 << 30
			ys, vs := make([]int64, cells), make([]int32, cells)
			for k := range ys {
				ys[k], vs[k] = x-int64(cells/2)+int64(k), int32((k*7)%cells)
			}
			var r RowDigest
			b.SetBytes(int64(4 * cells))
			for b.Loop() {
				r.Sum(x, ys, vs)
			}
		})
		b.Run(fmt.Sprintf("packed/cells=%d", cells), func(b *testing.B) {
			const x, lo = 1 << 30, 1<<30 - 512
			packed := make([]uint64, cells)
			for k := range packed {
				packed[k] = uint64(x-lo-cells/2+k)<<32 | uint64((k*7)%cells)
			}
			var r RowDigest
			b.SetBytes(int64(4 * cells))
			for b.Loop() {
				r.SumPacked(x, lo, packed)
			}
		})
	}
}

// TestLegacyDatasetIsNotFinished: a complete dataset of format 1 or 2 is
// not taken as the finished dataset of a run (which writes format 3), and
// is left in place.
func TestLegacyDatasetIsNotFinished(t *testing.T) {
	for _, format := range []string{Format1, Format2} {
		dir := copyDir(t, filepath.Join("testdata", "v"+format[len(format)-1:], "gneg1_n3000.values"))
		meta := Meta{Table: "gneg1", Symbol: "G₋₁", N: 3000, Values: results.ValueRange{Lo: 0, Hi: 20}, Sweep: SweepBand, Rows: RowRange{0, 3000}}
		m, err := Finished(context.Background(), dir, meta, filepath.Join(t.TempDir(), "state"))
		if m != nil || err == nil || !strings.Contains(err.Error(), format) {
			t.Fatalf("Finished on a dataset of %s: %v, %v", format, m, err)
		}
		if _, err := Open(dir); err != nil {
			t.Fatalf("the dataset of %s was not left in place: %v", format, err)
		}
	}
}

// TestRowDigestPanicsOnANegativeValue: a negative value, which no table
// has, is a caller's error that Sum and SumPacked report by a panic, in
// a row of cells side by side too, where the dense encoding reads no
// column; rather than hashing it as some other value.
func TestRowDigestPanicsOnANegativeValue(t *testing.T) {
	const x = 100
	ys, vs := []int64{99, 100, 101}, []int32{3, -1, 4}
	packed := make([]uint64, len(ys))
	for k, y := range ys {
		packed[k] = uint64(y-90)<<32 | uint64(uint32(vs[k]))
	}
	for name, sum := range map[string]func(r *RowDigest){
		"Sum":       func(r *RowDigest) { r.Sum(x, ys, vs) },
		"SumPacked": func(r *RowDigest) { r.SumPacked(x, 90, packed) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s hashed a row with the value -1", name)
				}
			}()
			sum(new(RowDigest))
		}()
	}
}
