package pattern

import (
	"context"
	"fmt"
	"math"

	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/results/valuesds"
)

// ScanInput indexes the values lo … maxValue of the input at path: a values
// dataset directory (ScanDataset), a values file (ScanValuesFile), told
// apart by name (results.IsValuesFileName), or else a table file
// (ScanFile). 0 ≤ lo ≤ maxValue.
func ScanInput(ctx context.Context, path string, lo, maxValue int) (*Index, results.Info, error) {
	switch {
	case valuesds.IsDataset(path):
		return ScanDataset(ctx, path, lo, maxValue)
	case results.IsValuesFileName(path):
		return ScanValuesFile(ctx, path, lo, maxValue)
	}
	return ScanFile(ctx, path, maxValue)
}

// ReadInputInfo returns the metadata of a table file, a values file or a
// values dataset (from its manifest, which it validates).
func ReadInputInfo(path string) (results.Info, error) {
	if valuesds.IsDataset(path) {
		d, err := valuesds.Open(path)
		if err != nil {
			return results.Info{}, err
		}
		return d.Info(), nil
	}
	if results.IsValuesFileName(path) {
		info, _, err := results.ReadValuesInfo(path)
		return info, err
	}
	return results.ReadInfo(path)
}

// maxRowsPerRowSeen and rowSlack bound the rows of the index of a values
// file by the rows its cells actually reach: at most 2·r + rowSlack rows
// for r rows holding a cell. A Grundy table's rows hold most small values,
// so a genuine file is far inside the bound, while damaged metadata (n =
// 2·10⁹ on a file of a few MB) or a stray cell far down cannot make the
// index allocate what the data do not hold.
const (
	maxRowsPerRowSeen = 2
	rowSlack          = 1024
)

// ScanValuesFile indexes the values lo … maxValue of the values file at
// path (compute -write values) in one streaming pass, which checks the
// file's order and range (results.ScanValues). The file must hold every
// value asked for: a value outside its range would look absent from every
// row, so lo … maxValue must lie within the file's LO … HI. The index
// covers every row of the table, rows without such a value included; it
// grows with the rows the cells reach, and a file whose n or cells lie
// beyond 2·r + 1024 rows for r rows holding cells is refused as damaged
// before anything that large is allocated.
func ScanValuesFile(ctx context.Context, path string, lo, maxValue int) (*Index, results.Info, error) {
	info, values, err := results.ReadValuesInfo(path)
	if err != nil {
		return nil, results.Info{}, err
	}
	if lo < int(values.Lo) || maxValue > int(values.Hi) {
		return nil, results.Info{}, fmt.Errorf("%s holds the cells of the values %s only, not all of %d-%d: "+
			"compute it with -write values -values covering them, or use the table file", path, values, lo, maxValue)
	}
	idx := NewIndex(0, maxValue)
	idx.n = info.N
	rowsSeen, lastX := 0, -1
	damaged := func(rows int) error {
		return fmt.Errorf("%s is damaged: it reaches row %d (n = %d in its metadata) but only %d rows hold cells, "+
			"more than %d·%d + %d rows would be indexed for nothing; recompute it", path, rows-1, info.N, rowsSeen,
			maxRowsPerRowSeen, rowsSeen, rowSlack)
	}
	_, _, err = results.ScanValues(path, func(vs, xs, ys []int32) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		for i, v := range vs {
			x := int(xs[i])
			if x != lastX {
				rowsSeen, lastX = rowsSeen+1, x
				if x+1 > maxRowsPerRowSeen*rowsSeen+rowSlack {
					return damaged(x + 1)
				}
				idx.growRows(x + 1)
			}
			if int(v) <= maxValue {
				idx.addCell(v, xs[i], ys[i])
			}
		}
		return nil
	})
	if err == nil && info.N+1 > maxRowsPerRowSeen*rowsSeen+rowSlack {
		err = damaged(info.N + 1)
	}
	if err != nil {
		return nil, results.Info{}, err
	}
	idx.growRows(info.N + 1)
	idx.rows = info.N + 1
	return idx, info, nil
}

// ScanDataset indexes the values lo … maxValue of the values dataset at dir
// (compute -write values). It reads every cell of the dataset, each part
// checked against its checksum, its cells against the dataset's invariants
// and all of them against cells_sha256 (valuesds.Dataset.Scan), and keeps
// those of lo … maxValue: a scan of these values alone would skip
// cells_sha256, and a part edited with its checksum updated would then give
// a verdict on cells no checksum covers. The dataset must hold every value
// asked for and every row of the table, as ScanValuesFile's file must.
func ScanDataset(ctx context.Context, dir string, lo, maxValue int) (*Index, results.Info, error) {
	d, err := valuesds.Open(dir)
	if err != nil {
		return nil, results.Info{}, err
	}
	m, values := d.Manifest, d.Manifest.ValueRange()
	if lo < int(values.Lo) || maxValue > int(values.Hi) {
		return nil, results.Info{}, fmt.Errorf("%s holds the cells of the values %s only, not all of %d-%d: "+
			"compute it with -write values -values covering them, or use the table file", dir, values, lo, maxValue)
	}
	if m.Rows.First != 0 || m.Rows.Last != m.N || m.N > math.MaxInt32 {
		return nil, results.Info{}, fmt.Errorf("%s holds rows %d..%d of a table of n = %d: a pattern search needs every row, n ≤ %d",
			dir, m.Rows.First, m.Rows.Last, m.N, math.MaxInt32)
	}
	info := d.Info()
	idx := NewIndex(info.N, maxValue)
	err = d.Scan(ctx, func(x0 int64, start []int32, ys []int64, vs []int32) error {
		for r := range len(start) - 1 {
			for k := start[r]; k < start[r+1]; k++ {
				if v := int(vs[k]); v >= lo && v <= maxValue {
					idx.addCell(vs[k], int32(x0)+int32(r), int32(ys[k]))
				}
			}
		}
		return nil
	}, valuesds.ScanOptions{})
	if err != nil {
		return nil, results.Info{}, err
	}
	idx.rows = info.N + 1
	return idx, info, nil
}
