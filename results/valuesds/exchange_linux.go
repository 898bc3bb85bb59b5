package valuesds

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchangeDirs swaps the directories a and b in one step (renameat2 with
// RENAME_EXCHANGE): no moment sees either name empty. It returns
// errNoExchange where the kernel or the file system does not offer it.
func exchangeDirs(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) {
		return errNoExchange
	}
	return err
}
