package valuesds

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReplacedWhileScanned: a dataset that a compute run publishes anew
// while it is read is reported as replaced, not as damaged; the same
// mismatch in a directory left in place is damage.
func TestReplacedWhileScanned(t *testing.T) {
	base := t.TempDir()
	dir, other := filepath.Join(base, DirName("gneg1", 600)), filepath.Join(base, "other", DirName("gneg1", 600))
	gneg1Dataset(t, dir, 600, 0, 5, 128)
	if err := os.Mkdir(filepath.Dir(other), 0o755); err != nil {
		t.Fatal(err)
	}
	gneg1Dataset(t, other, 600, 0, 6, 128) // other values: other parts, other sha256s
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	replace := func(int64, []int32, []int64, []int32) error {
		if calls++; calls == 1 {
			if err := os.Rename(dir, dir+".old"); err != nil {
				return err
			}
			return os.Rename(other, dir)
		}
		return nil
	}
	err = d.Scan(context.Background(), replace, ScanOptions{})
	var damage *DamageError
	if !errors.Is(err, ErrReplaced) || errors.As(err, &damage) {
		t.Fatalf("a dataset replaced while read: %v", err)
	}

	// The same swap of parts inside the directory opened is damage.
	d, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	calls = 0
	swapPart := func(int64, []int32, []int64, []int32) error {
		if calls++; calls == 1 {
			// While part 0 is visited, parts 1 and 2 may be read already
			// (maxReadAhead), part 3 not: its buffer is part 0's.
			part := PartName(3 * 128)
			return os.Rename(filepath.Join(dir+".old", part), filepath.Join(dir, part))
		}
		return nil
	}
	err = d.Scan(context.Background(), swapPart, ScanOptions{})
	if errors.Is(err, ErrReplaced) || !errors.As(err, &damage) {
		t.Fatalf("a part changed in the directory opened: %v", err)
	}
}
