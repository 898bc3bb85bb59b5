package results_test

import (
	"context"
	"os"
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

// TestValuesResumeIsIdentical interrupts a values file after every band in
// turn (Sync, then a band written after it, as a kill would leave), resumes
// it and requires the finished file to hold the rows and metadata of the
// uninterrupted one, in a file of the same size.
func TestValuesResumeIsIdentical(t *testing.T) {
	const n = 90
	dir := t.TempDir()
	r, info := tableInfo(t, "gneg1", n, results.LZ4)
	values := results.ValueRange{Lo: 0, Hi: 20}
	var bands []engine.Band
	err := engine.Compute(context.Background(), r.Rules, n, engine.Config{Workers: 1, Tile: 16}, func(b engine.Band) error {
		b.Cells = append([]int32(nil), b.Cells...)
		bands = append(bands, b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	type file struct {
		rows []position
		info results.Info
		size int64
	}
	write := func(sub string, stopAfter int) file {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		path := filepath.Join(dir, sub, results.ValuesFileName("gneg1", n))
		w, err := results.CreateValues(path, info, values)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range bands {
			if err := w.WriteBand(b); err != nil {
				t.Fatal(err)
			}
			if i == stopAfter {
				st, err := w.Sync()
				if err != nil {
					t.Fatal(err)
				}
				if err := w.WriteBand(bands[i+1]); err != nil { // lost in the kill
					t.Fatal(err)
				}
				if w, err = results.ResumeValues(path, st); err != nil {
					t.Fatal(err)
				}
			}
		}
		sum, err := w.Commit()
		if err != nil {
			t.Fatal(err)
		}
		rows, vinfo := readValues(t, sum.Path)
		st, err := os.Stat(sum.Path)
		if err != nil {
			t.Fatal(err)
		}
		vinfo.Seconds = 0
		return file{rows, vinfo, st.Size()}
	}
	want := write("whole", -1)
	if len(want.rows) == 0 {
		t.Fatal("no cell in the range: the test checks nothing")
	}
	for stop := 0; stop < len(bands)-1; stop++ {
		got := write("cut", stop)
		if got.size != want.size || got.info != want.info || len(got.rows) != len(want.rows) {
			t.Fatalf("resumed after band %d: %d bytes, %d rows, %+v; uninterrupted %d bytes, %d rows, %+v",
				stop, got.size, len(got.rows), got.info, want.size, len(want.rows), want.info)
		}
		for i := range want.rows {
			if got.rows[i] != want.rows[i] {
				t.Fatalf("resumed after band %d: row %d is %+v, want %+v", stop, i, got.rows[i], want.rows[i])
			}
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
