package valuesds

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Finished reports whether dir holds the complete dataset that a run of
// meta writes: read through and checked (every part against its sha256,
// the cells against cells_sha256), of meta's table, n, values and rows, and
// of its sweep unless meta.Sweep is empty, and of Format (a dataset of
// an earlier format is written again, not taken). It returns a nil manifest and no
// error when nothing is at dir, and an error saying what differs or is
// damaged otherwise. A complete dataset's leftovers are removed: the
// state file statePath and the partial directory, which a run killed after
// publishing it leaves (the directory then holds the dataset it replaced).
func Finished(ctx context.Context, dir string, meta Meta, statePath string) (*Manifest, error) {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if d, err := Open(dir); err == nil && d.Manifest.Format != Format {
		return nil, fmt.Errorf("it is of format %s, whose cells_sha256 is defined otherwise", d.Manifest.Format)
	}
	m, err := Check(ctx, dir)
	if err != nil {
		return nil, err
	}
	switch {
	case m.Table != meta.Table || m.N != meta.N:
		return nil, fmt.Errorf("it holds table %s at n = %d", m.Table, m.N)
	case m.Values != meta.Values.String():
		return nil, fmt.Errorf("it holds the values %s, not %s", m.Values, meta.Values)
	case m.Rows != meta.Rows:
		return nil, fmt.Errorf("it holds the rows %d-%d, not %d-%d", m.Rows.First, m.Rows.Last, meta.Rows.First, meta.Rows.Last)
	case meta.Sweep != "" && m.Sweep != meta.Sweep:
		return nil, fmt.Errorf("it was written by the %s sweep, not the %s sweep", m.Sweep, meta.Sweep)
	}
	if err := os.Remove(statePath); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("remove the state file left by the run that completed %s: %w", dir, err)
	}
	if err := os.RemoveAll(PartialDir(dir)); err != nil {
		return nil, fmt.Errorf("remove the partial directory left by the run that completed %s: %w", dir, err)
	}
	return m, nil
}
