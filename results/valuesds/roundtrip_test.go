package valuesds

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

// TestRoundTrip: what Scan returns is exactly the cells in range of what
// WriteRows was given, in (x, y) order, at several n, block sizes (one row,
// a few, more than the table) and value ranges (a wide one sorts the parts
// by comparison, not counting).
func TestRoundTrip(t *testing.T) {
	for _, n := range []int64{0, 1, 9, 40} {
		table, all := randomTable(uint64(n), n, 12)
		for _, b := range []int64{1, 3, n + 5, 0} {
			for _, r := range []results.ValueRange{{Lo: 0, Hi: 0}, {Lo: 0, Hi: 12}, {Lo: 3, Hi: 7}, {Lo: 5, Hi: 1 << 30}} {
				t.Run(fmt.Sprintf("n=%d/B=%d/values=%s", n, b, r), func(t *testing.T) {
					dir := datasetDir(t)
					writeDataset(t, dir, testMeta(n, r.Lo, r.Hi), table, b)
					got, err := scanAll(t, dir, ScanOptions{})
					if err != nil {
						t.Fatal(err)
					}
					if want := selectCells(all, r.Lo, r.Hi, 0, n); !maps.Equal(got, want) {
						t.Fatalf("scanned %d cells, want %d: %v", len(got), len(want), got)
					}
					if _, err := os.Stat(PartialDir(dir)); !os.IsNotExist(err) {
						t.Fatalf("the partial directory is left: %v", err)
					}
				})
			}
		}
	}
}

// TestCellsSHA256IndependentOfBlock: the same cells in parts of different
// sizes have the same cells_sha256 and cells; other cells another one.
func TestCellsSHA256IndependentOfBlock(t *testing.T) {
	table, _ := randomTable(7, 30, 9)
	sums := map[string]bool{}
	for _, b := range []int64{1, 4, 31, 100} {
		dir := datasetDir(t)
		writeDataset(t, dir, testMeta(30, 0, 9), table, b)
		d, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		sums[d.Manifest.CellsSHA256] = true
	}
	if len(sums) != 1 {
		t.Fatalf("cells_sha256 differs with the block size: %v", sums)
	}
	dir := datasetDir(t)
	writeDataset(t, dir, testMeta(30, 0, 8), table, 4)
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if sums[d.Manifest.CellsSHA256] {
		t.Fatal("fewer cells, same cells_sha256")
	}
}

// TestScanSelection: a scan restricted to values or rows returns the cells
// of the restriction, and reads only the parts of its rows (a damaged part
// outside them is not read).
func TestScanSelection(t *testing.T) {
	const n = 40
	table, all := randomTable(3, n, 10)
	dir := datasetDir(t)
	writeDataset(t, dir, testMeta(n, 0, 10), table, 8)
	for _, c := range []struct {
		lo, hi      int32
		first, last int64
	}{{4, 4, 0, n}, {0, 10, 9, 17}, {2, 6, 16, 16}, {10, 10, 33, 40}} {
		got, err := scanAll(t, dir, ScanOptions{Values: &results.ValueRange{Lo: c.lo, Hi: c.hi}, Rows: &RowRange{c.first, c.last}})
		if err != nil {
			t.Fatal(err)
		}
		if want := selectCells(all, c.lo, c.hi, c.first, c.last); !maps.Equal(got, want) {
			t.Fatalf("%+v: %d cells, want %d", c, len(got), len(want))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, PartName(0)), []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := scanAll(t, dir, ScanOptions{Rows: &RowRange{8, 20}}); err != nil {
		t.Fatalf("a scan of rows 8..20 read the part of rows 0..7: %v", err)
	}
	for _, bad := range []ScanOptions{{Values: &results.ValueRange{Lo: 0, Hi: 11}}, {Rows: &RowRange{5, n + 1}}} {
		if _, err := scanAll(t, dir, bad); err == nil {
			t.Fatalf("%+v beyond the dataset was accepted", bad)
		}
	}
}

// TestRowWindow: with Meta.Rows a window A..B, only its rows are written,
// the rows before and after are accepted and dropped, and the manifest
// records the window.
func TestRowWindow(t *testing.T) {
	const n = 30
	table, all := randomTable(5, n, 6)
	meta := testMeta(n, 0, 6)
	meta.Rows = RowRange{11, 23}
	dir := datasetDir(t)
	writeDataset(t, dir, meta, table, 4)
	got, err := scanAll(t, dir, ScanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := selectCells(all, 0, 6, 11, 23); !maps.Equal(got, want) {
		t.Fatalf("%d cells, want %d", len(got), len(want))
	}
	d, _ := Open(dir)
	if d.Manifest.Rows != meta.Rows || d.Manifest.Parts[0].File != PartName(11) {
		t.Fatalf("manifest rows %v, first part %s", d.Manifest.Rows, d.Manifest.Parts[0].File)
	}
}

// TestFromBandAgainstReference: the full sweep through WriteBand keeps the
// cells of the values asked as the slow reference computes them, and the
// manifest records g_sha256 and max_value.
func TestFromBandAgainstReference(t *testing.T) {
	const n = 45
	dir := filepath.Join(t.TempDir(), DirName("gneg1", n))
	gneg1Dataset(t, dir, n, 2, 6, 16)
	got, err := scanAll(t, dir, ScanOptions{Rook: true})
	if err != nil {
		t.Fatal(err)
	}
	want := referenceValues(t, n, results.ValueRange{Lo: 2, Hi: 6})
	if !maps.Equal(got, want) {
		t.Fatalf("%d cells, the reference has %d", len(got), len(want))
	}
	d, _ := Open(dir)
	if d.Manifest.Sweep != SweepFull || d.Manifest.GSHA256 == "" || d.Manifest.MaxValue == nil {
		t.Fatalf("manifest of a full sweep: %+v", d.Manifest)
	}
}

// TestCommitReplacesOnlyWhenComplete: a new run at the name of a complete
// dataset leaves it whole until Commit, which replaces it and leaves no
// partial or old directory; Abort leaves it as it was.
func TestCommitReplacesOnlyWhenComplete(t *testing.T) {
	table, _ := randomTable(6, 12, 5)
	dir := datasetDir(t)
	writeDataset(t, dir, testMeta(12, 0, 5), table, 4)
	before, _ := os.ReadFile(filepath.Join(dir, ManifestName))
	for _, commit := range []bool{false, true} {
		w, err := Create(dir, testMeta(12, 0, 2), Options{BlockRows: 4})
		if err != nil {
			t.Fatal(err)
		}
		feed(t, w, table, 4)
		if now, _ := os.ReadFile(filepath.Join(dir, ManifestName)); string(now) != string(before) {
			t.Fatal("the complete dataset changed before Commit")
		}
		if !commit {
			if err := w.Abort(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := w.Commit(Final{}); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Open(dir)
	if err != nil || d.Manifest.Values != "0-2" {
		t.Fatalf("after Commit: %v, %+v", err, d)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Fatalf("left beside the dataset: %v", entries)
	}
}
