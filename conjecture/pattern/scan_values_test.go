package pattern_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/conjecture/pattern"
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/tables"
)

// oldValuesFile copies the values file of G₋₁ at n, holding values, to a
// temporary directory and returns its path. The values files of earlier
// versions (one .values.arrow file, no checksum of its rows) are still read
// but no longer written: testdata/oldvalues holds some, written by the
// last version that wrote them.
func oldValuesFile(t *testing.T, n int, values results.ValueRange) string {
	t.Helper()
	name := results.ValuesFileName("gneg1", n)
	data, err := os.ReadFile(filepath.Join("testdata", "oldvalues", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, got, err := results.ReadValuesInfo(path); err != nil || got != values {
		t.Fatalf("%s holds the values %s (%v), want %s", name, got, err, values)
	}
	return path
}

// TestValuesFileSearchesLikeTheTable: the pattern search finds the same
// result for every value on an old values file as on the table file of the
// same table, and a values file is refused for values it does not hold.
func TestValuesFileSearchesLikeTheTable(t *testing.T) {
	const n = 1200
	tablePath := writeTableFile(t, t.TempDir(), "gneg1", n)
	valuesPath := oldValuesFile(t, n, results.ValueRange{Lo: 0, Hi: 24})
	fromTable, _, err := pattern.ScanInput(context.Background(), tablePath, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	fromValues, info, err := pattern.ScanInput(context.Background(), valuesPath, 0, 24)
	if err != nil {
		t.Fatal(err)
	}
	if info.Table != "gneg1" || info.N != n || fromValues.Rows() != fromTable.Rows() {
		t.Fatalf("values file: %+v, %d rows; table file %d rows", info, fromValues.Rows(), fromTable.Rows())
	}
	for v := 0; v <= 24; v++ {
		want := search(t, fromTable, v, pattern.Options{})
		got := search(t, fromValues, v, pattern.Options{})
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("value %d: on the values file %v, on the table file %v", v, got, want)
		}
	}
	if _, _, err := pattern.ScanInput(context.Background(), valuesPath, 0, 30); err == nil || !strings.Contains(err.Error(), "values 0-24 only") {
		t.Errorf("values 0-30 of a 0-24 values file: %v", err)
	}
}

// writeDataset writes the values dataset (values lo-hi) of table id at n in
// blocks of b rows and returns its directory.
func writeDataset(t *testing.T, id string, n int, values results.ValueRange, b int64) string {
	t.Helper()
	r, _ := tables.Lookup(id)
	dir := filepath.Join(t.TempDir(), valuesds.DirName(id, int64(n)))
	err := valuesds.WriteFullSweep(context.Background(), dir, r, n, values, engine.Config{Workers: 2, Tile: 32}, valuesds.Options{BlockRows: b})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDatasetSearchesLikeTheValuesFile: a values dataset gives the same
// index as the values file of the same sweep, for every value searched;
// it is refused for values it does not hold, and a damaged one is an error
// that says so.
func TestDatasetSearchesLikeTheValuesFile(t *testing.T) {
	const n = 700
	valuesPath := oldValuesFile(t, n, results.ValueRange{Lo: 0, Hi: 20})
	dir := writeDataset(t, "gneg1", n, results.ValueRange{Lo: 0, Hi: 20}, 128)
	fromFile, _, err := pattern.ScanInput(context.Background(), valuesPath, 3, 20)
	if err != nil {
		t.Fatal(err)
	}
	fromDataset, info, err := pattern.ScanInput(context.Background(), dir, 3, 20)
	if err != nil {
		t.Fatal(err)
	}
	if info.Table != "gneg1" || info.N != n || fromDataset.Rows() != fromFile.Rows() {
		t.Fatalf("dataset: %+v, %d rows; values file %d rows", info, fromDataset.Rows(), fromFile.Rows())
	}
	for v := 3; v <= 20; v++ {
		want := search(t, fromFile, v, pattern.Options{})
		if got := search(t, fromDataset, v, pattern.Options{}); !reflect.DeepEqual(got, want) {
			t.Fatalf("value %d: on the dataset %v, on the values file %v", v, got, want)
		}
	}
	if _, _, err := pattern.ScanInput(context.Background(), dir, 0, 21); err == nil || !strings.Contains(err.Error(), "values 0-20 only") {
		t.Errorf("values 0-21 of a 0-20 dataset: %v", err)
	}
	part := filepath.Join(dir, valuesds.PartName(256))
	if err := os.Truncate(part, 200); err != nil {
		t.Fatal(err)
	}
	if _, _, err := pattern.ScanInput(context.Background(), dir, 3, 20); err == nil || !strings.HasPrefix(err.Error(), "damaged values dataset: "+part) {
		t.Errorf("a truncated part: %v", err)
	}
}

// TestValuesFileClaimingMoreRowsIsRefused: a values file whose metadata
// claims an n far beyond the rows its cells reach is refused as damaged,
// before an index of that n is allocated (it used to be sized from the
// metadata: n = 2·10⁹ on a 4 MB file ran out of memory).
func TestValuesFileClaimingMoreRowsIsRefused(t *testing.T) {
	path := oldValuesFile(t, 3000, results.ValueRange{Lo: 0, Hi: 5})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The metadata value of n, "3000", becomes "9000": the same length,
	// so the file stays readable (ReadValuesInfo below confirms it).
	patched := bytes.ReplaceAll(data, []byte("3000"), []byte("9000"))
	if err := os.WriteFile(path, patched, 0o644); err != nil {
		t.Fatal(err)
	}
	info, _, err := results.ReadValuesInfo(path)
	if err != nil || info.N != 9000 {
		t.Fatalf("patched file: n = %d, %v; want a readable file claiming n = 9000", info.N, err)
	}
	_, _, err = pattern.ScanValuesFile(context.Background(), path, 0, 5)
	if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), path) {
		t.Fatalf("ScanValuesFile = %v; want a damaged-file error naming %s", err, path)
	}
}
