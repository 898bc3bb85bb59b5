package valuesds_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// Write the cells of values 0..1 of a 3×3 table (nim: G = x XOR y) in parts
// of two rows, then read back those of value 1.
func Example() {
	out, _ := os.MkdirTemp("", "valuesds")
	defer os.RemoveAll(out)
	dir := filepath.Join(out, valuesds.DirName("nim", 2))
	meta := valuesds.Meta{Table: "nim", Symbol: "nim", N: 2, Values: results.ValueRange{Lo: 0, Hi: 1},
		Sweep: valuesds.SweepBand, Rows: valuesds.RowRange{First: 0, Last: 2}}
	w, err := valuesds.Create(dir, meta, valuesds.Options{BlockRows: 2})
	if err != nil {
		panic(err)
	}
	// Rows 0..2 with every cell: row x holds y = 0, 1, 2 with values x XOR y.
	start := []int32{0, 3, 6, 9}
	ys := []int64{0, 1, 2, 0, 1, 2, 0, 1, 2}
	vs := []int32{0, 1, 2, 1, 0, 3, 2, 3, 0}
	if err := w.WriteRows(0, start, ys, vs); err != nil {
		panic(err)
	}
	if err := w.Commit(valuesds.Final{Workers: 1}); err != nil {
		panic(err)
	}

	d, err := valuesds.Open(dir)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(d.Manifest.Parts), "parts,", d.Manifest.Cells, "cells")
	one := results.ValueRange{Lo: 1, Hi: 1}
	err = d.Scan(context.Background(), func(x0 int64, start []int32, ys []int64, vs []int32) error {
		for i := range len(start) - 1 {
			fmt.Println("row", x0+int64(i), "columns", ys[start[i]:start[i+1]])
		}
		return nil
	}, valuesds.ScanOptions{Values: &one, Rook: true})
	if err != nil {
		panic(err)
	}
	// Output:
	// 2 parts, 5 cells
	// row 0 columns [1]
	// row 1 columns [0]
	// row 2 columns []
}

// The cells_sha256 of the cells of values 0..1 of nim's rows 0..2, one row
// at a time, and the same sum from rows digested elsewhere (as the band's
// workers do): the two agree.
func ExampleCellSum() {
	rows := [][2][]int64{{{0, 1}, {0, 1}}, {{0, 1}, {1, 0}}, {{2}, {0}}} // row x: columns, values
	direct, fromDigests := valuesds.NewCellSum(0), valuesds.NewCellSum(0)
	var digest valuesds.RowDigest
	for x, row := range rows {
		vs := make([]int32, len(row[1]))
		for k, v := range row[1] {
			vs[k] = int32(v)
		}
		direct.AddRow(int64(x), row[0], vs)
		fromDigests.AddDigest(digest.Sum(int64(x), row[0], vs), len(vs))
	}
	fmt.Println(direct.Cells(), direct.Sum() == fromDigests.Sum())
	// Output: 5 true
}
