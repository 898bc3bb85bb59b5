package results_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// position is one row of a values file.
type position struct{ v, x, y int32 }

// readValues returns every row of the values file at path.
func readValues(t testing.TB, path string) ([]position, results.Info) {
	t.Helper()
	var got []position
	info, _, err := results.ScanValues(path, func(v, x, y []int32) error {
		for i := range v {
			got = append(got, position{v[i], x[i], y[i]})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, info
}

// TestValuesFileMatchesTable reads the values files of an earlier version
// (testdata/oldvalues: no longer written, still read) and requires each to
// hold exactly the cells of the table in its range, in order, with the
// table file's g_sha256 and max_value.
func TestValuesFileMatchesTable(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		id     string
		values results.ValueRange
	}{{"gneg1", results.ValueRange{Lo: 0, Hi: 40}}, {"passnim", results.ValueRange{Lo: 7, Hi: 7}}, {"gstarneg1", results.ValueRange{Lo: 500, Hi: 900}}} {
		const n = 300
		tsum := writeTable(t, dir, tc.id, n, results.Zstd, 16)
		var want []position
		if _, err := results.Scan(tsum.Path, func(b engine.Band) error {
			for i, g := range b.Cells {
				if g >= tc.values.Lo && g <= tc.values.Hi {
					want = append(want, position{g, int32(b.X0 + i/b.Width), int32(i % b.Width)})
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "oldvalues", results.ValuesFileName(tc.id, n))
		got, vinfo := readValues(t, path)
		if len(got) != len(want) {
			t.Fatalf("%s: values file has %d rows, the table %d cells in %s", tc.id, len(got), len(want), tc.values)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: values row %d is %+v, table cell %+v", tc.id, i, got[i], want[i])
			}
		}
		if _, values, err := results.ReadValuesInfo(path); err != nil || values != tc.values {
			t.Errorf("%s: values %s (%v), want %s", tc.id, values, err, tc.values)
		}
		if vinfo.SHA256 != tsum.SHA256 || vinfo.MaxValue != tsum.MaxValue || vinfo.N != n || vinfo.Table != tc.id {
			t.Errorf("%s: values metadata %+v, table sha %s max %d", tc.id, vinfo, tsum.SHA256, tsum.MaxValue)
		}
	}
}

// TestScanValuesRejectsATableFile: a table file is not a values file.
func TestScanValuesRejectsATableFile(t *testing.T) {
	dir := t.TempDir()
	sum := writeTable(t, dir, "gneg1", 20, results.None, 8)
	if _, _, err := results.ScanValues(sum.Path, func(_, _, _ []int32) error { return nil }); err == nil ||
		!strings.Contains(err.Error(), "not a Grundy values file") {
		t.Fatalf("ScanValues of a table file: %v", err)
	}
}
