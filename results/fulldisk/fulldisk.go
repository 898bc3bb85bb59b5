// Package fulldisk simulates a disk that fills up, for the tests of the
// writers of result files: the files written through one Disk share its
// room, and once it is used up every write fails as on a full disk, with
// ENOSPC. A Disk may be written from several goroutines at once, as a
// values dataset's parts are.
package fulldisk

import (
	"io"
	"os"
	"sync"
	"syscall"
)

// Disk is the room left on a simulated disk, in bytes.
type Disk struct {
	mu   sync.Mutex
	left int
}

// New returns a disk with room for bytes bytes.
func New(bytes int) *Disk { return &Disk{left: bytes} }

// SetLeft makes the room left bytes bytes.
func (d *Disk) SetLeft(bytes int) {
	d.mu.Lock()
	d.left = bytes
	d.mu.Unlock()
}

// Wrap returns w written on d: a write that does not fit writes what does
// and fails with an *os.PathError wrapping syscall.ENOSPC.
func (d *Disk) Wrap(w io.Writer) io.Writer { return file{w, d} }

type file struct {
	w    io.Writer
	disk *Disk
}

func (f file) Write(p []byte) (int, error) {
	f.disk.mu.Lock()
	fits := min(len(p), f.disk.left)
	f.disk.left -= fits
	f.disk.mu.Unlock()
	n, err := f.w.Write(p[:fits])
	if err == nil && fits < len(p) {
		err = &os.PathError{Op: "write", Path: "simulated disk", Err: syscall.ENOSPC}
	}
	return n, err
}
