package valuesds

import (
	"errors"
	"fmt"
	"io/fs"
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
		Format: Format, Table: w.meta.Table, Game: w.meta.Game, Symbol: w.meta.Symbol, N: w.meta.N,
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

// publishDir renames the directory partial to dir. A complete dataset
// already at dir is swapped with partial in one step where the system
// offers it (exchangeDirs), then removed from the partial name: a kill at
// any moment leaves a complete dataset, the old or the new, at dir.
// Elsewhere the old one is moved aside to AsideDir(dir) first; a kill
// between the two renames leaves it there, which Open names and Create
// and Resume move back. Anything but a directory at dir is an error.
func publishDir(partial, dir string) error {
	st, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Rename(partial, dir); err != nil {
			return err
		}
		results.SyncDir(filepath.Dir(dir))
		return nil
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s is a %s, not a dataset: remove it", dir, fileKind(st.Mode()))
	}
	err = exchange(partial, dir)
	if errors.Is(err, errNoExchange) {
		return publishAside(partial, dir)
	}
	if err != nil {
		return err
	}
	results.SyncDir(filepath.Dir(dir))
	if err := crashPoint("exchanged"); err != nil {
		return err
	}
	return os.RemoveAll(partial)
}

// publishAside replaces the dataset at dir by partial in two renames,
// moving the old one aside first and removing it last.
func publishAside(partial, dir string) error {
	aside := AsideDir(dir)
	if err := os.RemoveAll(aside); err != nil {
		return err
	}
	if err := os.Rename(dir, aside); err != nil {
		return err
	}
	if err := crashPoint("moved aside"); err != nil {
		return err
	}
	if err := os.Rename(partial, dir); err != nil {
		return err
	}
	results.SyncDir(filepath.Dir(dir))
	if err := crashPoint("renamed"); err != nil {
		return err
	}
	return os.RemoveAll(aside)
}

// restoreAside moves a complete dataset that a stopped publishAside left
// aside back to dir, when nothing is at dir.
func restoreAside(dir string) error {
	aside := AsideDir(dir)
	if _, err := os.Lstat(dir); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if st, err := os.Lstat(aside); err != nil || !st.IsDir() {
		return nil
	}
	if err := os.Rename(aside, dir); err != nil {
		return fmt.Errorf("move the dataset left aside at %s back: %w", aside, err)
	}
	results.SyncDir(filepath.Dir(dir))
	return nil
}

// exchange is exchangeDirs; tests replace it to take the other way.
var exchange = exchangeDirs

// errNoExchange says the system cannot swap two directories in one step.
var errNoExchange = errors.New("no atomic exchange of directories")

// crashPoint, in tests, stops a publication at the named step as a kill
// would; it is nil otherwise.
var crashPoint = func(step string) error { return nil }
