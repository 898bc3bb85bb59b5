package results

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// openRegular opens name with flag and refuses anything but a regular file.
// It opens without blocking, so that a FIFO or a device under a table's name
// is an error at once rather than a hang nothing interrupts. Add
// syscall.O_NOFOLLOW to flag to refuse a symbolic link too.
func openRegular(name string, flag int) (*os.File, error) {
	f, err := os.OpenFile(name, flag|syscall.O_NONBLOCK, 0)
	if errors.Is(err, syscall.ELOOP) && flag&syscall.O_NOFOLLOW != 0 {
		return nil, fmt.Errorf("%s is a symbolic link, which is not followed here: remove it", name)
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file but a %s", name, FileKind(st.Mode()))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// FileKind names the kind of file of mode for a message: "regular file",
// "directory", "named pipe (FIFO)" and so on.
func FileKind(mode os.FileMode) string {
	switch {
	case mode.IsDir():
		return "directory"
	case mode&os.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case mode&os.ModeSocket != 0:
		return "socket"
	case mode&os.ModeDevice != 0:
		return "device"
	case mode&os.ModeSymlink != 0:
		return "symbolic link"
	case mode.IsRegular():
		return "regular file"
	}
	return "special file"
}

// OpenRegularFile opens name for reading and refuses at once anything but
// a regular file: a FIFO, a device such as /dev/zero, a directory.
func OpenRegularFile(name string) (*os.File, error) { return openRegular(name, os.O_RDONLY) }
