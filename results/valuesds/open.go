package valuesds

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/grundy-lab/grundy/results"
)

// Dataset is an opened values dataset: its directory and its validated
// manifest.
type Dataset struct {
	Dir      string
	Manifest *Manifest
	opened   os.FileInfo // the directory Dir named at Open
	// currentSum is, after a whole Scan of a dataset of an earlier
	// format, the cells_sha256 of Format of its cells.
	currentSum string
}

// CurrentSum is, once a whole Scan has verified a dataset of an earlier
// format (EarlierFormat), the cells_sha256 its cells have in Format, which a run
// writing them now prints; "" before, and for a dataset of Format (its
// manifest's is that sum).
func (d *Dataset) CurrentSum() string { return d.currentSum }

// ErrReplaced reports a dataset whose directory was replaced while it was
// read, as a compute run that publishes a dataset anew replaces it: what
// was read no longer matches the manifest read at Open, which is no damage.
var ErrReplaced = errors.New("values dataset replaced while it was read")

// replaced reports whether Dir no longer names the directory it named at
// Open.
func (d *Dataset) replaced() bool {
	st, err := os.Stat(d.Dir)
	return d.opened != nil && (err != nil || !os.SameFile(st, d.opened))
}

// IsDataset reports whether path names a directory that is, by its name
// (…​.values) or its _manifest.json, meant as a values dataset; Open says
// whether it is a sound one.
func IsDataset(path string) bool {
	st, err := os.Stat(path)
	if err != nil || !st.IsDir() {
		return false
	}
	if filepath.Ext(filepath.Clean(path)) == ".values" {
		return true
	}
	_, err = os.Lstat(filepath.Join(path, ManifestName))
	return err == nil
}

// Open reads and validates the manifest of the dataset at dir. It reads no
// part: Scan checks them as it reads them. A directory without a sound
// manifest is a DamageError naming _manifest.json.
func Open(dir string) (*Dataset, error) {
	st, err := os.Stat(dir)
	if aside := AsideDir(dir); errors.Is(err, fs.ErrNotExist) && IsDataset(aside) {
		return nil, fmt.Errorf("open values dataset %s: %w; a replacement stopped midway left the previous dataset "+
			"in %s: rename it to %s, or rerun compute, which does", dir, err, aside, filepath.Base(dir))
	}
	if err != nil {
		return nil, fmt.Errorf("open values dataset %s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("open values dataset %s: a %s, not a dataset directory (compute -write values writes one)", dir, fileKind(st.Mode()))
	}
	path := filepath.Join(dir, ManifestName)
	f, err := openRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, damaged(path, "missing: the dataset is unfinished or not a values dataset")
	}
	if err != nil {
		return nil, &DamageError{File: path, Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxManifestBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	m, err := ParseManifest(data)
	if err != nil {
		return nil, &DamageError{File: path, Err: err}
	}
	return &Dataset{Dir: dir, Manifest: m, opened: st}, nil
}

// Info describes the dataset as results.Info describes a table file: what
// the manifest says of the table and the run (no definition or source,
// which only the parts carry).
func (d *Dataset) Info() results.Info {
	m := d.Manifest
	info := results.Info{Table: m.Table, Symbol: m.Symbol, N: int(m.N), Workers: m.Workers,
		Seconds: m.Seconds, Version: m.Version, SHA256: m.GSHA256}
	if m.MaxValue != nil {
		info.MaxValue = *m.MaxValue
	}
	return info
}

// openRegular opens the regular file at path for reading, refusing
// symbolic links, FIFOs and the like.
func openRegular(path string) (*os.File, error) {
	return results.OpenRegular(path, os.O_RDONLY|syscall.O_NOFOLLOW)
}

// fileKind names the kind of file of mode.
func fileKind(mode os.FileMode) string { return results.FileKind(mode) }
