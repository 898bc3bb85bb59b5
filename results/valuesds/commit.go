package valuesds

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundy-lab/grundy/results"
)

// Final is what is known only at the end of a run.
type Final struct {
	Workers int
	Seconds float64
	// Of the whole table, for sweep "full" only (ignored otherwise):
	GSHA256  string
	MaxValue int32
}

// Commit finishes a dataset whose window is complete: it writes the last
// part, reads every part back against the sha256 the manifest will record
// (so that a part changed on disk since it was written is never published:
// the error is a *DamageError naming it), then writes _manifest.json
// (atomically) and renames the partial directory to dir, replacing a
// complete dataset there only now. On error the partial directory stays,
// for a retry or Abort.
func (w *Writer) Commit(final Final) error {
	if w.err != nil {
		return w.err
	}
	if w.next <= w.meta.Rows.Last {
		return fmt.Errorf("commit %s: only rows %d..%d of %d..%d written", w.dir, w.meta.Rows.First, w.next-1, w.meta.Rows.First, w.meta.Rows.Last)
	}
	if w.blockFirst < w.next {
		if err := w.finishBlock(); err != nil {
			return err
		}
	}
	if err := w.wait(); err != nil {
		return err
	}
	m := w.manifest(final)
	if err := m.Validate(); err != nil {
		return fmt.Errorf("commit %s: %w", w.dir, err)
	}
	if err := w.recheckParts(); err != nil {
		return fmt.Errorf("commit %s: %w; nothing was published", w.dir, err)
	}
	data, err := encodeManifest(m)
	if err == nil {
		err = results.WriteAtomic(filepath.Join(w.partial, ManifestName), func(f *os.File) error {
			_, err := f.Write(data)
			return err
		})
	}
	if err == nil {
		err = publishDir(w.partial, w.dir)
	}
	if err != nil {
		return fmt.Errorf("commit %s: %w", w.dir, err)
	}
	return nil
}

// recheckParts reads each finished part's bytes back and compares them
// with the sha256 taken as they were written: a byte changed on disk in
// between (a bad sector, another process) would otherwise be published
// under a manifest that its own reader rejects. It hashes the files only;
// the cells were checked as they were encoded.
func (w *Writer) recheckParts() error {
	for _, p := range w.parts {
		path := filepath.Join(w.partial, p.File)
		sum, err := fileSHA256(path)
		if err != nil {
			return &DamageError{File: path, Err: err}
		}
		if sum != p.SHA256 {
			return damaged(path, "sha256 %s on reading back, %s as written", sum, p.SHA256)
		}
	}
	return nil
}

// manifest is the manifest of the finished dataset.
func (w *Writer) manifest(final Final) *Manifest {
	m := &Manifest{
		Format: Format, Table: w.meta.Table, Symbol: w.meta.Symbol, N: w.meta.N,
		Values: w.meta.Values.String(), Sweep: w.meta.Sweep, Rows: w.meta.Rows,
		Version: results.Version, Workers: final.Workers, Seconds: final.Seconds,
		Cells: w.sum.Cells(), CellsSHA256: w.sum.Sum(), Parts: w.parts,
	}
	if w.meta.Sweep == SweepFull {
		maxValue := final.MaxValue
		m.GSHA256, m.MaxValue = final.GSHA256, &maxValue
	}
	return m
}

// publishDir renames the directory partial to dir. A directory already at
// dir is moved aside first and removed after, so that dir always names a
// complete dataset; anything else at dir is an error.
func publishDir(partial, dir string) error {
	old := filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".old")
	st, err := os.Lstat(dir)
	switch {
	case err == nil && !st.IsDir():
		return fmt.Errorf("%s is a %s, not a dataset: remove it", dir, fileKind(st.Mode()))
	case err == nil:
		if err := os.RemoveAll(old); err != nil {
			return err
		}
		if err := os.Rename(dir, old); err != nil {
			return err
		}
	case !os.IsNotExist(err):
		return err
	}
	if err := os.Rename(partial, dir); err != nil {
		return err
	}
	results.SyncDir(filepath.Dir(dir))
	return os.RemoveAll(old)
}
