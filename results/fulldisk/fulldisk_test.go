package fulldisk_test

import (
	"bytes"
	"errors"
	"syscall"
	"testing"

	"github.com/grundy-lab/grundy/results/fulldisk"
)

// TestDiskFills: two files share the room; the write that does not fit
// writes what does and fails with ENOSPC, later ones write nothing, and
// SetLeft makes room again.
func TestDiskFills(t *testing.T) {
	disk := fulldisk.New(10)
	var a, b bytes.Buffer
	fa, fb := disk.Wrap(&a), disk.Wrap(&b)
	if n, err := fa.Write([]byte("123456")); n != 6 || err != nil {
		t.Fatalf("first write: %d, %v", n, err)
	}
	if n, err := fb.Write([]byte("abcdef")); n != 4 || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("write beyond the room: %d, %v", n, err)
	}
	if n, err := fa.Write([]byte("x")); n != 0 || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("write on the full disk: %d, %v", n, err)
	}
	disk.SetLeft(1)
	if n, err := fa.Write([]byte("y")); n != 1 || err != nil {
		t.Fatalf("write after SetLeft: %d, %v", n, err)
	}
	if a.String() != "123456y" || b.String() != "abcd" {
		t.Fatalf("files hold %q and %q", a.String(), b.String())
	}
}
