package pattern

import (
	"context"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
)

// Source is where the search reads a table from: anything that can stream
// the table's rows in order as bands. A table file is one (TableFile); the
// values files of the research runs can be another, emitting for each row a
// band that holds only the values recorded.
type Source interface {
	// Scan calls emit with the bands of the table, rows in increasing
	// order, and returns the table's metadata; it stops at emit's first
	// error and returns it.
	Scan(emit func(engine.Band) error) (results.Info, error)
}

// TableFile is a table file written by cmd/compute, read with results.Scan,
// which checks the whole file.
type TableFile string

// Scan streams the bands of the file.
func (path TableFile) Scan(emit func(engine.Band) error) (results.Info, error) {
	return results.Scan(string(path), emit)
}

// ScanSource indexes the values 0 … maxValue of the table src streams, in
// one pass, and returns the index with the table's metadata; it stops with
// ctx's error when ctx is cancelled. The index is sized from the data
// itself (the first band's width), so metadata claiming a huge n cannot make
// it allocate beyond what the table holds. maxValue must not be negative.
func ScanSource(ctx context.Context, src Source, maxValue int) (*Index, results.Info, error) {
	return scanSource(ctx, src, 0, maxValue)
}

// scanSource is ScanSource of the values lo … maxValue.
func scanSource(ctx context.Context, src Source, lo, maxValue int) (*Index, results.Info, error) {
	var idx *Index
	info, err := src.Scan(func(b engine.Band) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if idx == nil {
			if b.Rows == 0 {
				return nil // sized by the first band that holds cells
			}
			idx = NewIndexOf(b.Width-1, lo, maxValue)
		}
		return idx.AddBand(b)
	})
	if err != nil {
		return nil, results.Info{}, err
	}
	return idx, info, nil
}

// ScanFile is ScanSource of the table file at path.
func ScanFile(ctx context.Context, path string, maxValue int) (*Index, results.Info, error) {
	return ScanSource(ctx, TableFile(path), maxValue)
}
