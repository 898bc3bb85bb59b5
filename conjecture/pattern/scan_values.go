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
// (ScanFile). 0 ≤ lo ≤ maxValue; the index holds lo … maxValue only.
func ScanInput(ctx context.Context, path string, lo, maxValue int) (*Index, results.Info, error) {
	switch {
	case valuesds.IsDataset(path):
		return ScanDataset(ctx, path, lo, maxValue)
	case results.IsValuesFileName(path):
		return ScanValuesFile(ctx, path, lo, maxValue)
	}
	return scanSource(ctx, TableFile(path), lo, maxValue)
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
	idx := NewIndexOf(0, lo, maxValue)
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
			if idx.holds(int(v)) {
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
// (compute -write values): OpenDatasetIndexer, then one Index. It reads
// every cell of the dataset, so that cells_sha256 is checked (see
// DatasetIndexer).
func ScanDataset(ctx context.Context, dir string, lo, maxValue int) (*Index, results.Info, error) {
	di, err := OpenDatasetIndexer(dir)
	if err != nil {
		return nil, results.Info{}, err
	}
	return di.Index(ctx, lo, maxValue)
}

// DatasetIndexer indexes one values dataset block of values by block, so
// that a re-check of many values holds one block's rows at a time. Its
// first Index reads every cell of the dataset, each part checked against
// its checksum, its cells against the dataset's invariants and all of them
// against cells_sha256 (valuesds.Dataset.Scan), and keeps those of its
// block: a scan of these values alone would skip cells_sha256, and a part
// edited with its checksum updated would then give a verdict on cells no
// checksum covers. Later calls read only the row groups of their values,
// every part still checked against the sha256 that the manifest read at
// Open lists, the manifest whose cells_sha256 the first call checked: so
// they read the very bytes that checksum covered.
type DatasetIndexer struct {
	d       *valuesds.Dataset
	checked bool // a whole scan has matched cells_sha256
}

// OpenDatasetIndexer opens the values dataset at dir for indexing. It must
// hold every row of its table, n ≤ MaxInt32.
func OpenDatasetIndexer(dir string) (*DatasetIndexer, error) {
	d, err := valuesds.Open(dir)
	if err != nil {
		return nil, err
	}
	m := d.Manifest
	if m.Rows.First != 0 || m.Rows.Last != m.N || m.N > math.MaxInt32 {
		return nil, fmt.Errorf("%s holds rows %d..%d of a table of n = %d: a pattern search needs every row, n ≤ %d",
			dir, m.Rows.First, m.Rows.Last, m.N, math.MaxInt32)
	}
	return &DatasetIndexer{d: d}, nil
}

// Info is the dataset's metadata.
func (di *DatasetIndexer) Info() results.Info { return di.d.Info() }

// Index returns the index of the values lo … maxValue, which the dataset
// must hold, in 4·(n+1)·(maxValue−lo+1) bytes.
func (di *DatasetIndexer) Index(ctx context.Context, lo, maxValue int) (*Index, results.Info, error) {
	values := di.d.Manifest.ValueRange()
	if lo < int(values.Lo) || maxValue > int(values.Hi) || lo > maxValue {
		return nil, results.Info{}, fmt.Errorf("%s holds the cells of the values %s only, not all of %d-%d: "+
			"compute it with -write values -values covering them, or use the table file", di.d.Dir, values, lo, maxValue)
	}
	info := di.d.Info()
	idx := NewIndexOf(info.N, lo, maxValue)
	var opts valuesds.ScanOptions
	if di.checked {
		opts.Values = &results.ValueRange{Lo: int32(lo), Hi: int32(maxValue)}
	}
	err := di.d.Scan(ctx, func(x0 int64, start []int32, ys []int64, vs []int32) error {
		for r := range len(start) - 1 {
			for k := start[r]; k < start[r+1]; k++ {
				if idx.holds(int(vs[k])) {
					idx.addCell(vs[k], int32(x0)+int32(r), int32(ys[k]))
				}
			}
		}
		return nil
	}, opts)
	if err != nil {
		return nil, results.Info{}, err
	}
	di.checked = true
	idx.rows = info.N + 1
	return idx, info, nil
}
