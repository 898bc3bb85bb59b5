package hostile

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
	"github.com/grundy-lab/grundy/results/valuesds/internal/compact"
)

// group is the row group every footer edit changes: row group 3 of the
// first part, the cells of value 3.
const group = 3

// Columns of a part.
const (
	colV = iota
	colX
	colY
)

// variants lists the cases, honest ones first.
func variants() []variant {
	full, band3 := results.ValueRange{Lo: 0, Hi: 20}, results.ValueRange{Lo: 3, Hi: 20}
	refused := func(name, damage, reason string, edit func(string) error) variant {
		return variant{Case: Case{Name: name, Damage: damage, Verdict: "refused", Reason: reason, Resigned: true}, values: full, edit: edit}
	}
	unsigned := func(v variant) variant { v.Resigned = false; return v }
	vs := []variant{
		{Case: Case{Name: "honest", Verdict: "holds"}, values: full},
		{Case: Case{Name: "honest-lo3", Verdict: "holds"}, values: band3},
		{Case: Case{Name: "lo3-wrong-value", Verdict: "fails", Reason: "bandcheck: cell (",
			Damage: "values 3-20, written anew by the Go writer (every checksum its own) with one cell of value 5 given 6: sound as a file, wrong as a table"},
			values: band3, edit: wrongValue},
	}
	for _, s := range []struct {
		col      int
		name     string
		id       int // 6 min_value, 5 max_value
		delta    int64
		reason   string
		damageOf string
	}{
		{colV, "v-min-lowered", 6, -1, "column v: its statistics say min", "v's min_value (and min) lowered by 1"},
		{colV, "v-max-raised", 5, 1, "column v: its statistics say", "v's max_value (and max) raised by 1"},
		{colV, "v-min-raised", 6, 1, "above max", "v's min_value (and min) raised by 1, above its max"},
		{colX, "x-min-raised", 6, 1, "column x: its statistics say min", "x's min_value (and min) raised by 1: a reader skipping by it misses the row of the least x"},
		{colX, "x-max-lowered", 5, -1, "column x: its statistics say", "x's max_value (and max) lowered by 1"},
		{colX, "x-min-65536", 6, 65536, "above max", "x's min_value (and min) set 65536 above it"},
		{colX, "x-min-lowered", 6, -1, "column x: its statistics say min", "x's min_value (and min) lowered by 1 (no wrong answer, but no statistic of its cells)"},
		{colY, "y-min-raised", 6, 1, "column y: its statistics say min", "y's min_value (and min) raised by 1"},
		{colY, "y-max-lowered", 5, -1, "column y: its statistics say", "y's max_value (and max) lowered by 1"},
	} {
		both := func(f func([]byte, []compact.Field) error, g func([]byte, []compact.Field) error) func(string) error {
			return part(func(b []byte, fs []compact.Field) error {
				if err := f(b, fs); err != nil {
					return err
				}
				return g(b, fs)
			})
		}
		path := chunk(group, s.col, 12)
		vs = append(vs, refused("stats-"+s.name, "row group 3 of the first part: "+s.damageOf, s.reason,
			both(setStat(plus(s.delta), s.id, false, path...), setStat(plus(s.delta), s.id, true, path...))))
	}
	vs = append(vs,
		refused("stats-x-deprecated-min", "row group 3 of the first part: x's deprecated min raised by 1, min_value kept", "the deprecated field 2 is not min_value",
			part(setStat(plus(1), 6, true, chunk(group, colX, 12)...))),
		refused("page-stats-x-min", "row group 3 of the first part: the statistics of x's first data page, min_value and min raised by 1", "statistics of its page 0",
			part(editPage(group, colX, func(h []compact.Field) error {
				for _, id := range []int{6, 2} {
					f, err := at(h, 5, 5, id)
					if err != nil {
						return err
					}
					f.Bytes = plain(unplain(f.Bytes)+1, len(f.Bytes))
				}
				return nil
			}))),
		refused("null-count-x", "row group 3 of the first part: x's null_count 0 → 5", "null_count 5", part(setInt(to(5), chunk(group, colX, 12, 3)...))),
		refused("null-count-v", "row group 3 of the first part: v's null_count 0 → 1", "null_count 1", part(setInt(to(1), chunk(group, colV, 12, 3)...))),
		refused("distinct-count-y", "row group 3 of the first part: y's distinct_count 0 → 3", "distinct_count 3", part(setInt(to(3), chunk(group, colY, 12, 4)...))),
		refused("num-values-x-plus1", "row group 3 of the first part: x's num_values + 1", "but the row group has", part(setInt(plus(1), chunk(group, colX, 5)...))),
		refused("num-values-y-minus1", "row group 3 of the first part: y's num_values − 1", "but the row group has", part(setInt(plus(-1), chunk(group, colY, 5)...))),
		refused("num-rows-0", "row group 3 of the first part: num_rows 0", "but the row group has 0 rows", part(setInt(to(0), 4, group, 3))),
		refused("num-rows-minus1", "row group 3 of the first part: num_rows −1", "but the row group has -1 rows", part(setInt(to(-1), 4, group, 3))),
		refused("num-rows-too-big", "row group 3 of the first part: num_rows + 1000", "but the row group has", part(setInt(plus(1000), 4, group, 3))),
		refused("page-uncompressed-size", "row group 3 of the first part: x's first page header's uncompressed_page_size + 1", "total_uncompressed_size",
			part(editPage(group, colX, func(h []compact.Field) error { f, err := at(h, 2); f.Int++; return err }))),
		refused("page-compressed-size", "row group 3 of the first part: x's first page header's compressed_page_size + 1", "compressed_page_size",
			part(editPage(group, colX, func(h []compact.Field) error { f, err := at(h, 3); f.Int++; return err }))),
		refused("chunk-compressed-size", "row group 3 of the first part: y's total_compressed_size + 1", "column y: page at byte", part(setInt(plus(1), chunk(group, colY, 7)...))),
		refused("chunk-uncompressed-size", "row group 3 of the first part: y's total_uncompressed_size + 1", "total_uncompressed_size", part(setInt(plus(1), chunk(group, colY, 6)...))),
		refused("total-byte-size", "row group 3 of the first part: total_byte_size + 1", "total_byte_size", part(setInt(plus(1), 4, group, 2))),
		refused("data-page-offset", "row group 3 of the first part: x's data_page_offset + 1", "the chunk begins at byte", part(setInt(plus(1), chunk(group, colX, 9)...))),
		refused("schema-num-children-9", "the first part's schema root: num_children 3 → 9", "num_children 9", part(setInt(to(9), 2, 0, 5))),
		refused("part-cells-2p26-manifest", "the manifest says the first part holds 2²⁶+1 cells (and the dataset's cells that many more)", "cells do not fit",
			manifest(func(m map[string]any) error {
				p := m["parts"].([]any)[0].(map[string]any)
				old, _ := p["cells"].(json.Number).Int64()
				total, _ := m["cells"].(json.Number).Int64()
				p["cells"], m["cells"] = valuesds.MaxPartCells+1, total-old+valuesds.MaxPartCells+1
				return nil
			})),
		refused("part-rows-2p26-footer", "the first part's footer says 2²⁶+1 rows, its last row group the rest", "but the row group has",
			part(func(_ []byte, fs []compact.Field) error {
				rows, err := at(fs, 3)
				if err != nil {
					return err
				}
				groups, _ := compact.Get(fs, 4)
				last, _ := compact.Get(groups.Elems[len(groups.Elems)-1].Fields, 3)
				last.Int += valuesds.MaxPartCells + 1 - rows.Int
				rows.Int = valuesds.MaxPartCells + 1
				return nil
			})),
		unsigned(refused("sparse-10GB", "the first part extended to 10 GB (a sparse file, truncate -s): verify must refuse it by its size, in well under a second",
			"more than a part of", func(dir string) error { return os.Truncate(filepath.Join(dir, part0), 10<<30) })),
		unsigned(refused("sparse-1TB", "the first part extended to 1 TB (a sparse file, truncate -s)",
			"more than a part of", func(dir string) error { return os.Truncate(filepath.Join(dir, part0), 1<<40) })),
		refused("manifest-no-symbol", "the manifest without symbol", `no field "symbol"`, manifest(func(m map[string]any) error { delete(m, "symbol"); return nil })),
		refused("manifest-no-workers", "the manifest without workers", `no field "workers"`, manifest(func(m map[string]any) error { delete(m, "workers"); return nil })),
		refused("manifest-no-x-first", "the manifest's first part without x_first", `no field "x_first"`,
			manifest(func(m map[string]any) error { delete(m["parts"].([]any)[0].(map[string]any), "x_first"); return nil })),
		refused("manifest-table-upper", `the manifest's table "TABLE"`, "is not a table id", manifest(func(m map[string]any) error { m["table"] = "TABLE"; return nil })),
		refused("manifest-values-space", `the manifest's values "0-20 "`, "is not a range LO-HI", manifest(func(m map[string]any) error { m["values"] = "0-20 "; return nil })),
		refused("manifest-values-arabic-indic", `the manifest's values "٠-٢٠" (Arabic-Indic digits)`, "is not a range LO-HI",
			manifest(func(m map[string]any) error { m["values"] = "٠-٢٠"; return nil })),
		refused("manifest-seconds-negative", "the manifest's seconds −1", "is not a duration", manifest(func(m map[string]any) error { m["seconds"] = -1; return nil })),
		refused("manifest-unknown-field", `the manifest with a field "extra": 1`, `unknown key "extra"`, set("extra", 1)),
		refused("manifest-n-float", "the manifest's n written 600.0", "cannot unmarshal number 600.0", set("n", json.Number("600.0"))),
		refused("manifest-workers-bool", "the manifest's workers true", "cannot unmarshal bool", set("workers", true)),
		refused("manifest-cells-sha256-upper", "the manifest's cells_sha256 in uppercase hex", "is not 64 lowercase hex digits",
			manifest(func(m map[string]any) error {
				m["cells_sha256"] = strings.ToUpper(m["cells_sha256"].(string))
				return nil
			})),
		refused("manifest-part-cells-string", "the manifest's first part's cells as a string", "cannot unmarshal string",
			manifest(func(m map[string]any) error {
				p := m["parts"].([]any)[0].(map[string]any)
				p["cells"] = p["cells"].(json.Number).String()
				return nil
			})),
	)
	for i := range vs {
		if vs[i].Name == "sparse-10GB" {
			vs[i].Sparse = 10 << 30
		}
		if vs[i].Name == "sparse-1TB" {
			vs[i].Sparse = 1 << 40
		}
	}
	return vs
}

// set sets the manifest's field key to value.
func set(key string, value any) func(string) error {
	return manifest(func(m map[string]any) error { m[key] = value; return nil })
}

// wrongValue writes the dataset at dir anew, as a band sweep, with its
// first cell of value 5 given 6.
func wrongValue(dir string) error {
	d, err := valuesds.Open(dir)
	if err != nil {
		return err
	}
	m := d.Manifest
	var rows valuesds.Rows
	rows.Start = []int32{0}
	changed := false
	err = d.Scan(context.Background(), func(x0 int64, start []int32, ys []int64, vs []int32) error {
		for i := range len(start) - 1 {
			for k := start[i]; k < start[i+1]; k++ {
				v := vs[k]
				if v == 5 && !changed {
					v, changed = 6, true
				}
				rows.Y, rows.Value = append(rows.Y, ys[k]), append(rows.Value, v)
			}
			rows.Start = append(rows.Start, int32(len(rows.Y)))
		}
		return nil
	}, valuesds.ScanOptions{})
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	w, err := valuesds.Create(dir, valuesds.Meta{Table: m.Table, Symbol: m.Symbol, N: m.N, Values: m.ValueRange(),
		Sweep: valuesds.SweepBand, Rows: m.Rows}, valuesds.Options{BlockRows: Block})
	if err != nil {
		return err
	}
	if err := w.WriteRows(0, rows.Start, rows.Y, rows.Value); err != nil {
		return err
	}
	return w.Commit(valuesds.Final{Workers: 1})
}

// bytesReader is a reader of b.
func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
