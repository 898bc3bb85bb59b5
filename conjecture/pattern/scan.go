package pattern

import (
	"context"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// ScanFile indexes the values 0 … maxValue of the table file at path in one
// streaming pass (see results.Scan, which checks the whole file), and returns
// the index with the file's metadata; it stops with ctx's error when ctx is
// cancelled. The index is sized from the data
// itself, so a file claiming a huge n cannot make it allocate beyond what it
// holds. maxValue must not be negative.
func ScanFile(ctx context.Context, path string, maxValue int) (*Index, results.Info, error) {
	var idx *Index
	info, err := results.Scan(path, func(b engine.Band) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if idx == nil {
			if b.Rows == 0 {
				return nil // sized by the first band that holds cells
			}
			idx = NewIndex(b.Width-1, maxValue)
		}
		return idx.AddBand(b)
	})
	if err != nil {
		return nil, results.Info{}, err
	}
	return idx, info, nil
}
