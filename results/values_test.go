package results_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// position is one row of a values file.
type position struct{ v, x, y int32 }

// tableInfo describes table id at n for a writer.
func tableInfo(t testing.TB, id string, n int, c results.Compression) (tables.Ruleset, results.Info) {
	t.Helper()
	r, ok := tables.Lookup(id)
	if !ok {
		t.Fatalf("no table %q", id)
	}
	return r, results.Info{Table: r.ID, Symbol: r.Symbol, N: n, Definition: r.Definition, Source: r.Source,
		Compression: c, Workers: 2, Tile: 16}
}

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

// TestValuesFileMatchesTable writes a table file and a values file from one
// sweep and requires the values file to hold exactly the cells of the table
// file in the range, in order, with the same g_sha256 and max_value.
func TestValuesFileMatchesTable(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		id     string
		values results.ValueRange
	}{{"gneg1", results.ValueRange{Lo: 0, Hi: 40}}, {"passnim", results.ValueRange{Lo: 7, Hi: 7}}, {"gstarneg1", results.ValueRange{Lo: 500, Hi: 900}}} {
		const n = 300
		r, info := tableInfo(t, tc.id, n, results.Zstd)
		tw, err := results.Create(filepath.Join(dir, results.FileName(tc.id, n)), info)
		if err != nil {
			t.Fatal(err)
		}
		vw, err := results.CreateValues(filepath.Join(dir, results.ValuesFileName(tc.id, n)), info, tc.values)
		if err != nil {
			t.Fatal(err)
		}
		err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 2, Tile: 16}, func(b engine.Band) error {
			if err := tw.WriteBand(b); err != nil {
				return err
			}
			return vw.WriteBand(b)
		})
		if err != nil {
			t.Fatal(err)
		}
		tsum, err := tw.Commit()
		if err != nil {
			t.Fatal(err)
		}
		vsum, err := vw.Commit()
		if err != nil {
			t.Fatal(err)
		}
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
		got, vinfo := readValues(t, vsum.Path)
		if len(got) != len(want) {
			t.Fatalf("%s: values file has %d rows, the table %d cells in %s", tc.id, len(got), len(want), tc.values)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: values row %d is %+v, table cell %+v", tc.id, i, got[i], want[i])
			}
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
