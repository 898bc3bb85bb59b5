package results_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/parquet/file"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// writeTable computes table id at size n into an Arrow file in dir and
// returns the summary.
func writeTable(t testing.TB, dir, id string, n int, compression results.Compression, tile int) results.Summary {
	t.Helper()
	return writeTableFormat(t, results.Arrow, dir, id, n, compression, tile)
}

// writeTableFormat is writeTable in the given format.
func writeTableFormat(t testing.TB, format results.Format, dir, id string, n int, compression results.Compression, tile int) results.Summary {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	path := filepath.Join(dir, format.FileName(id, n))
	w, err := results.CreateFormat(format, path, results.Info{
		Table: r.ID, Symbol: r.Symbol, N: n, Definition: r.Definition, Source: r.Source,
		Compression: compression, Workers: 2, Tile: tile,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 2, Tile: tile}, w.WriteBand); err != nil {
		w.Abort()
		t.Fatal(err)
	}
	sum, err := w.Commit()
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// formatCompressions lists every compression each format offers.
var formatCompressions = []struct {
	format      results.Format
	compression results.Compression
}{
	{results.Arrow, results.Zstd}, {results.Arrow, results.LZ4}, {results.Arrow, results.None},
	{results.Parquet, results.Zstd}, {results.Parquet, results.None},
}

// TestRoundTrip writes tables in every format and compression and reads
// them back: the cells equal the reference, and the metadata holds what was
// written.
func TestRoundTrip(t *testing.T) {
	for _, id := range tables.IDs() {
		r, _ := tables.Lookup(id)
		const n = 70
		want := tables.Reference(r.Rules, n)
		for _, fc := range formatCompressions {
			c := fc.compression
			t.Run(fmt.Sprintf("%s/%s/%s", id, fc.format, c), func(t *testing.T) {
				dir := t.TempDir()
				sum := writeTableFormat(t, fc.format, dir, id, n, c, 16)
				hash := sha256.New()
				var maxValue int32 = -1
				for x := range want {
					for _, v := range want[x] {
						binary.Write(hash, binary.LittleEndian, v)
						maxValue = max(maxValue, v)
					}
				}
				if got := fmt.Sprintf("%x", hash.Sum(nil)); sum.SHA256 != got {
					t.Errorf("summary SHA-256 %s, want %s", sum.SHA256, got)
				}
				rows := 0
				info, err := results.Scan(sum.Path, func(b engine.Band) error {
					for i, v := range b.Cells {
						x, y := b.X0+i/b.Width, i%b.Width
						if v != want[x][y] {
							return fmt.Errorf("G(%d,%d) = %d in file, reference %d", x, y, v, want[x][y])
						}
					}
					rows += b.Rows
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if rows != n+1 {
					t.Errorf("scanned %d rows, want %d", rows, n+1)
				}
				if info.Table != id || info.N != n || info.SHA256 != sum.SHA256 || info.MaxValue != maxValue ||
					info.Seconds < 0 || info.Seconds > 60 || info.Compression != c || info.Tile != 16 || info.Version != results.Version {
					t.Errorf("metadata read back as %+v", info)
				}
			})
		}
	}
}

// TestSHA256IndependentOfTiling checks that the checksum depends only on the
// values, not on how the table was cut into bands.
func TestSHA256IndependentOfTiling(t *testing.T) {
	a := writeTable(t, t.TempDir(), "passnim", 200, results.Zstd, 7)
	b := writeTable(t, t.TempDir(), "passnim", 200, results.None, 64)
	if a.SHA256 != b.SHA256 {
		t.Fatalf("g_sha256 differs between tilings: %s vs %s", a.SHA256, b.SHA256)
	}
}

// TestAbortLeavesNothing checks that an abandoned table leaves no file under
// the final name and no temporary file, and that an earlier file survives.
func TestAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	earlier := writeTable(t, dir, "nim", 5, results.Zstd, 4)
	before, err := os.ReadFile(earlier.Path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := results.Create(earlier.Path, results.Info{Table: "nim", N: 5, Compression: results.Zstd})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteBand(engine.Band{X0: 0, Rows: 1, Width: 6, Cells: make([]int32, 6)}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Commit(); err == nil || !strings.Contains(err.Error(), "only 1 of 6 rows") {
		t.Fatalf("Commit of a partial table returned %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d entries after abort, want only the earlier file", len(entries))
	}
	after, _ := os.ReadFile(earlier.Path)
	if string(after) != string(before) {
		t.Fatal("the earlier file was changed")
	}
}

// gDataOffset returns an offset inside the g data of a table file of size
// bytes: two thirds into an Arrow file, which ends in a short footer, and
// the middle of the first g column chunk of a Parquet file, whose footer
// describes every chunk and is long.
func gDataOffset(t *testing.T, format results.Format, path string, size int) int {
	if format == results.Arrow {
		return size * 2 / 3
	}
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g, err := r.MetaData().RowGroup(0).ColumnChunk(2)
	if err != nil {
		t.Fatal(err)
	}
	return int(g.DataPageOffset() + g.TotalCompressedSize()/2)
}

// TestScanRejectsDamage flips bytes and truncates a file: Scan must report an
// error naming the file, never succeed or panic.
func TestScanRejectsDamage(t *testing.T) {
	for _, fc := range formatCompressions {
		if fc.compression == results.LZ4 {
			continue
		}
		c := results.Compression(string(fc.format) + "/" + string(fc.compression))
		sum := writeTableFormat(t, fc.format, t.TempDir(), "gneg1", 40, fc.compression, 8)
		good, err := os.ReadFile(sum.Path)
		if err != nil {
			t.Fatal(err)
		}
		at := gDataOffset(t, fc.format, sum.Path, len(good))
		damaged := map[string][]byte{
			"truncated half": good[:len(good)/2],
			"truncated tail": good[:len(good)-3],
			"empty":          nil,
			// Eight bytes: one flipped byte of a compressed stream may decode
			// to the same values (a redundant bit of an entropy table).
			"flipped g bytes": flipRange(good, at, 8),
		}
		if fc.compression == results.None {
			damaged["flipped g value"] = flipNear(good, at)
		}
		for name, data := range damaged {
			t.Run(string(c)+"/"+name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "damaged."+string(fc.format))
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				_, err := results.Scan(path, func(engine.Band) error { return nil })
				if err == nil || !strings.Contains(err.Error(), path) {
					t.Fatalf("Scan(%s) = %v, want an error naming the file", name, err)
				}
			})
		}
	}
}

// flipRange returns a copy of data with count bytes changed from offset i.
func flipRange(data []byte, i, count int) []byte {
	c := append([]byte(nil), data...)
	for k := i; k < i+count; k++ {
		c[k] ^= 0x40
	}
	return c
}

// flipNear returns a copy of data with one byte changed at offset i.
func flipNear(data []byte, i int) []byte {
	c := append([]byte(nil), data...)
	c[i] ^= 0x40
	return c
}
