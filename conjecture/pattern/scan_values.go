package pattern

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/results"
)

// ScanInput indexes the values lo … maxValue of the file at path, a table
// file (ScanFile) or a values file (ScanValuesFile), told apart by name
// (results.IsValuesFileName). 0 ≤ lo ≤ maxValue.
func ScanInput(ctx context.Context, path string, lo, maxValue int) (*Index, results.Info, error) {
	if results.IsValuesFileName(path) {
		return ScanValuesFile(ctx, path, lo, maxValue)
	}
	return ScanFile(ctx, path, maxValue)
}

// ReadInputInfo returns the metadata of a table file or a values file.
func ReadInputInfo(path string) (results.Info, error) {
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
			if int(v) > maxValue {
				continue
			}
			if idx.first[v][x] < 0 {
				idx.first[v][x] = ys[i]
			} else {
				idx.extra[v] = append(idx.extra[v], Cell{x, int(ys[i])})
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
