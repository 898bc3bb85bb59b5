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

// ScanValuesFile indexes the values lo … maxValue of the values file at
// path (compute -write values) in one streaming pass, which checks the
// file's order and range (results.ScanValues). The file must hold every
// value asked for: a value outside its range would look absent from every
// row, so lo … maxValue must lie within the file's LO … HI. The index
// covers every row of the table, rows without such a value included.
func ScanValuesFile(ctx context.Context, path string, lo, maxValue int) (*Index, results.Info, error) {
	info, values, err := results.ReadValuesInfo(path)
	if err != nil {
		return nil, results.Info{}, err
	}
	if lo < int(values.Lo) || maxValue > int(values.Hi) {
		return nil, results.Info{}, fmt.Errorf("%s holds the cells of the values %s only, not all of %d-%d: "+
			"compute it with -write values -values covering them, or use the table file", path, values, lo, maxValue)
	}
	idx := NewIndex(info.N, maxValue)
	_, _, err = results.ScanValues(path, func(vs, xs, ys []int32) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		for i, v := range vs {
			if int(v) > maxValue {
				continue
			}
			if x := xs[i]; idx.first[v][x] < 0 {
				idx.first[v][x] = ys[i]
			} else {
				idx.extra[v] = append(idx.extra[v], Cell{int(x), int(ys[i])})
			}
		}
		return nil
	})
	if err != nil {
		return nil, results.Info{}, err
	}
	idx.rows = info.N + 1
	return idx, info, nil
}
