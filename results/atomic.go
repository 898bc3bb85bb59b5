package results

import (
	"os"
	"path/filepath"
)

// WriteAtomic writes the file path through write: into path+".tmp",
// synced, then renamed to path, and the directory synced, so that a file
// under the name path is always complete. On error the temporary file is
// removed and path is left as it was.
func WriteAtomic(path string, write func(*os.File) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// SyncDir makes the renames in dir durable as far as the file system
// allows: its errors are ignored, as some file systems cannot sync a
// directory.
func SyncDir(dir string) { syncDir(dir) }
