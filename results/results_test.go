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

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// writeTable computes table id at size n into dir and returns the summary.
func writeTable(t testing.TB, dir, id string, n int, compression results.Compression, tile int) results.Summary {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	path := filepath.Join(dir, results.FileName(id, n))
	w, err := results.Create(path, results.Info{
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

// TestRoundTrip writes tables with every compression and reads them back:
// the cells equal the reference, and the metadata holds what was written.
func TestRoundTrip(t *testing.T) {
	for _, id := range tables.IDs() {
		r, _ := tables.Lookup(id)
		const n = 70
		want := tables.Reference(r.Rules, n)
		for _, c := range []results.Compression{results.Zstd, results.LZ4, results.None} {
			t.Run(fmt.Sprintf("%s/%s", id, c), func(t *testing.T) {
				dir := t.TempDir()
				sum := writeTable(t, dir, id, n, c, 16)
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

// TestScanRejectsDamage flips bytes and truncates a file: Scan must report an
// error naming the file, never succeed or panic.
func TestScanRejectsDamage(t *testing.T) {
	for _, c := range []results.Compression{results.Zstd, results.None} {
		sum := writeTable(t, t.TempDir(), "gneg1", 40, c, 8)
		good, err := os.ReadFile(sum.Path)
		if err != nil {
			t.Fatal(err)
		}
		damaged := map[string][]byte{
			"truncated half":  good[:len(good)/2],
			"truncated tail":  good[:len(good)-3],
			"empty":           nil,
			"flipped g value": flipNear(good, len(good)*2/3),
		}
		for name, data := range damaged {
			t.Run(string(c)+"/"+name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "damaged.arrow")
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

// flipNear returns a copy of data with one byte changed at offset i.
func flipNear(data []byte, i int) []byte {
	c := append([]byte(nil), data...)
	c[i] ^= 0x40
	return c
}
