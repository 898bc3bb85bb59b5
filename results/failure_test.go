package results

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/tables"
)

// fullDisk accepts limit bytes and then fails as a full disk does.
type fullDisk struct {
	file  *os.File
	limit int
}

func (d *fullDisk) Write(p []byte) (int, error) {
	if len(p) > d.limit {
		n, _ := d.file.Write(p[:d.limit])
		d.limit = 0
		return n, &os.PathError{Op: "write", Path: d.file.Name(), Err: syscall.ENOSPC}
	}
	d.limit -= len(p)
	return d.file.Write(p)
}

// TestFailedWriteLeavesEarlierResults: a write that fails midway ends the
// table with an error that says why, Abort removes the partial file and its
// checkpoint, and the earlier file under the final name is untouched.
func TestFailedWriteLeavesEarlierResults(t *testing.T) {
	const id, n = "gneg1", 200
	r, _ := tables.Lookup(id)
	dir := t.TempDir()
	path := filepath.Join(dir, FileName(id, n))
	earlier := computeInto(t, path, id, n, 32, Zstd, time.Hour)
	if _, err := earlier.Commit(); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)

	for _, limit := range []int{0, 100, 5000, 20000} {
		w, err := Create(path, Info{Table: id, N: n, Compression: Zstd, Tile: 32})
		if err != nil {
			t.Fatal(err)
		}
		w.CheckpointEvery(0)
		w.sink.w = &fullDisk{file: w.file, limit: limit}
		err = engine.Compute(context.Background(), r.Rules, n, engine.Config{Tile: 32}, w.WriteBand)
		if err == nil {
			_, err = w.Commit()
		} else {
			w.Abort()
		}
		if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "no space left") {
			t.Fatalf("limit %d: the run ended with %v, want the disk-full error", limit, err)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("limit %d: left behind %v", limit, entries)
		}
		if after, _ := os.ReadFile(path); string(after) != string(before) {
			t.Fatalf("limit %d: the earlier file changed", limit)
		}
	}
}
