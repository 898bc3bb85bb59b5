package valuesds

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSplitDecodeAsOnePass: a part read by two goroutines, half its row
// groups each (decodePart with splitAbove below its cells), gives the
// cells and the error of one pass: for parts whose row groups break the
// order at the split, within either half, or nowhere, whose cells break
// the part's bounds or the rook rule there, with row groups skipped at
// the split and elsewhere.
func TestSplitDecodeAsOnePass(t *testing.T) {
	const n, xFirst, xLast = 30, 10, 13
	// group is a row group of value v in rows x0 … x0+rows−1, row x0+r's
	// cell at column y0 + 2r; twice puts a second cell in its first row.
	type group struct {
		v      int32
		rows   int
		x0, y0 int64
		twice  bool
	}
	cases := []struct {
		name   string
		groups []group
	}{
		{"in order", []group{{0, 4, 10, 0, false}, {1, 4, 10, 1, false}, {2, 4, 10, 3, false}, {3, 4, 10, 5, false}}},
		{"odd groups in order", []group{{0, 4, 10, 0, false}, {2, 4, 10, 1, false}, {5, 3, 10, 3, false}}},
		{"values back at the split", []group{{0, 4, 10, 0, false}, {4, 4, 10, 1, false}, {3, 4, 10, 3, false}, {5, 4, 10, 5, false}}},
		{"values back at the split and after it", []group{{0, 4, 10, 0, false}, {4, 4, 10, 1, false}, {3, 4, 10, 3, false}, {2, 4, 10, 5, false}}},
		{"values back in the second half", []group{{0, 4, 10, 0, false}, {1, 4, 10, 1, false}, {4, 4, 10, 3, false}, {3, 4, 10, 5, false}}},
		{"values back in the first half", []group{{1, 4, 10, 0, false}, {0, 4, 10, 1, false}, {3, 4, 10, 3, false}, {4, 4, 10, 5, false}}},
		{"both halves broken", []group{{1, 4, 10, 0, false}, {0, 4, 10, 1, false}, {4, 4, 10, 3, false}, {3, 4, 10, 5, false}}},
		{"a row outside the part at the split", []group{{0, 4, 10, 0, false}, {1, 4, 10, 1, false}, {2, 4, 9, 3, false}, {3, 4, 10, 5, false}}},
		{"a row outside the part after the split", []group{{0, 4, 10, 0, false}, {1, 4, 10, 1, false}, {2, 4, 10, 3, false}, {3, 4, 11, 5, false}}},
		{"a value twice in a row at the split", []group{{0, 4, 10, 0, false}, {1, 4, 10, 1, false}, {2, 4, 10, 3, true}, {3, 4, 10, 5, false}}},
		{"a value twice in a row in the first half", []group{{0, 4, 10, 0, true}, {1, 4, 10, 1, false}, {2, 4, 10, 3, false}, {3, 4, 10, 5, false}}},
	}
	dir := datasetDir(t)
	table, _ := randomTable(3, n, 9)
	writeDataset(t, dir, testMeta(n, 0, 9), table, 4)
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := d.Manifest
	part := Part{File: PartName(xFirst), XFirst: xFirst, XLast: xLast}
	path := filepath.Join(dir, part.File)
	selections := []selection{
		{lo: 0, hi: 9, first: 0, last: n},
		{lo: 0, hi: 9, first: 0, last: n, rook: true},
		{lo: 2, hi: 9, first: 0, last: n},   // skips the groups of values 0 and 1
		{lo: 0, hi: 1, first: 0, last: n},   // skips those of values 2 and above
		{lo: 3, hi: 3, first: 11, last: 12}, // skips all but value 3's
		{lo: 0, hi: 9, first: 14, last: n},  // skips every group
	}
	for _, tc := range cases {
		var c cells
		for _, g := range tc.groups {
			for r := range g.rows {
				y := g.y0 + 2*int64(r)
				c.append(g.v, g.x0+int64(r), y)
				if g.twice && r == 0 {
					c.append(g.v, g.x0, y+1)
				}
			}
		}
		var data bytes.Buffer
		if err := arrowEncodePart(&data, testMeta(n, 0, 9), xFirst, xLast, &c); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, sel := range selections {
			t.Run(fmt.Sprintf("%s/%+v", tc.name, sel), func(t *testing.T) {
				check := partCheck{m: m, values: m.ValueRange(), part: part, path: path, splitAbove: math.MaxInt64}
				check.part.Cells = int64(c.len())
				var onePass, none cells
				wantErr := decodePart(check, sel, &onePass, &none)
				if none.len() != 0 {
					t.Fatalf("one pass left %d cells in the second half", none.len())
				}
				check.splitAbove = -1
				var first, second cells
				gotErr := decodePart(check, sel, &first, &second)
				if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
					t.Fatalf("split: %v; one pass: %v", gotErr, wantErr)
				}
				if wantErr != nil {
					return
				}
				if second.len() == 0 && sel.lo == 0 && sel.hi == 9 && sel.first == 0 {
					t.Fatal("the second half read no cell: the part was not split")
				}
				joined := cells{vs: slices.Concat(first.vs, second.vs), xs: slices.Concat(first.xs, second.xs), ys: slices.Concat(first.ys, second.ys)}
				if !sameCells(&joined, &onePass) {
					t.Fatalf("split: %v; one pass: %v", joined, onePass)
				}
			})
		}
	}
}
