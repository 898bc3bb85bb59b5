package valuesds

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/grundy-lab/grundy/results"
)

// Progress is what a checkpoint records of a Writer to resume it: the
// finished parts, with their checksums and cells, and the cells_sha256
// state after them. The rows of the block not yet written are not in it:
// a resumed run takes the rows again from NextRow.
type Progress struct {
	// Format is the dataset's format, whose cells_sha256 CellsState is
	// of: Format (a progress saved before format 3 has none).
	Format     string `json:"format"`
	NextRow    int64  `json:"next_row"` // first row of the window not in Parts
	BlockRows  int64  `json:"block_rows"`
	Parts      []Part `json:"parts"`
	Cells      int64  `json:"cells"`              // cells of Parts
	CellsState []byte `json:"cells_sha256_state"` // CellSum.State
}

// Progress returns the writer's progress as of its last finished part,
// once the parts being written are: its NextRow is then the first row of
// the block being filled. It fails if a part could not be written; the
// progress before that part is still good to save.
func (w *Writer) Progress() (Progress, error) {
	err := w.wait()
	state, serr := w.sum.State()
	if serr != nil {
		panic(serr) // crypto/sha256 always marshals its state
	}
	return Progress{Format: Format, NextRow: w.partsEnd, BlockRows: w.blockRows, Parts: slices.Clone(w.parts), Cells: w.sum.Cells(), CellsState: state}, err
}

// ProgressAt is Progress for a checkpoint at row: it fails unless the
// finished parts end just before row.
func (w *Writer) ProgressAt(row int64) (Progress, error) {
	p, err := w.Progress()
	if err == nil && p.NextRow != row {
		err = fmt.Errorf("the values dataset's parts end before row %d, not before row %d", p.NextRow, row)
	}
	return p, err
}

// Resume reopens the partial directory of the dataset at dir where p left
// it: it checks every part p lists against its checksum, refusing a damaged
// or missing one, removes every other file (parts written after p was
// taken, temporary files), and returns a writer that takes rows from
// p.NextRow. meta and the block size must be those of the run p comes from.
func Resume(dir string, meta Meta, p Progress, opts Options) (*Writer, error) {
	w, err := newWriter(dir, meta, opts)
	if err != nil {
		return nil, fmt.Errorf("resume %s: %w", dir, err)
	}
	if err := restoreAside(w.dir); err != nil {
		return nil, fmt.Errorf("resume %s: %w", dir, err)
	}
	if err := w.restore(p); err != nil {
		return nil, fmt.Errorf("resume %s: %w; start afresh without resuming", dir, err)
	}
	return w, nil
}

// restore checks p against the partial directory and takes its state.
func (w *Writer) restore(p Progress) error {
	if p.Format != Format {
		return fmt.Errorf("the checkpoint's dataset was begun in %s, whose cells_sha256 is defined otherwise; this version writes %s",
			cmp.Or(p.Format, Format2), Format)
	}
	if p.BlockRows != w.blockRows {
		return fmt.Errorf("the checkpoint has blocks of %d rows, this run %d", p.BlockRows, w.blockRows)
	}
	cells, err := checkParts(p.Parts, w.meta.Rows.First, w.meta.N)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	next := w.meta.Rows.First
	for _, part := range p.Parts {
		if part.XLast-part.XFirst+1 != w.blockRows {
			return fmt.Errorf("checkpoint: part %s has %d rows, not a block of %d", part.File, part.XLast-part.XFirst+1, w.blockRows)
		}
		next = part.XLast + 1
	}
	if cells != p.Cells || next != p.NextRow || next > w.meta.Rows.Last+1 {
		return fmt.Errorf("checkpoint: %d cells and next row %d, but its parts hold %d cells and end before row %d", p.Cells, p.NextRow, cells, next)
	}
	if w.sum, err = RestoreCellSum(p.CellsState, next-w.meta.Rows.First, cells); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	if err := checkPartFiles(w.partial, p.Parts, int64(w.meta.Values.Hi)-int64(w.meta.Values.Lo)+1); err != nil {
		return err
	}
	w.parts, w.next, w.blockFirst, w.partsEnd = slices.Clone(p.Parts), next, next, next
	return nil
}

// checkPartFiles checks that dir holds the listed parts of a dataset of
// span values with their sizes, checksums and layouts, and removes every
// other file in it.
func checkPartFiles(dir string, parts []Part, span int64) error {
	if st, err := os.Lstat(dir); err != nil || !st.IsDir() {
		if err == nil {
			err = fmt.Errorf("%s is a %s, not a directory", dir, fileKind(st.Mode()))
		}
		return err
	}
	listed := make(map[string]bool, len(parts))
	for _, p := range parts {
		listed[p.File] = true
		path := filepath.Join(dir, p.File)
		if err := checkPartSum(path, p, span, "the checkpoint"); err != nil {
			return err
		}
		// cells_sha256's state takes 32 bytes a row whatever its cells, so
		// the cell counts are checked against the parts themselves.
		cells, err := partCells(path)
		if err != nil {
			return &DamageError{File: path, Err: err}
		}
		if cells != p.Cells {
			return damaged(path, "%d cells, the checkpoint says %d", cells, p.Cells)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !listed[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return fmt.Errorf("remove what the checkpoint does not list: %w", err)
			}
		}
	}
	results.SyncDir(dir)
	return nil
}

// fileSHA256 is the hex SHA-256 of the regular file at path, read in a
// stream.
func fileSHA256(path string) (string, error) {
	f, err := openRegular(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}
