"""Open a file of a values dataset without trusting the directory: regular files only, of a bounded size.

A dataset directory may hold anything under a listed name: a symbolic link
to /dev/zero (endless bytes), a FIFO (a read that blocks for ever), a
device, or a sparse file of a terabyte. open_regular opens with O_NOFOLLOW
(a symbolic link is refused, never followed out of the dataset) and
O_NONBLOCK (opening a FIFO does not wait for a writer), then checks with
lstat before and fstat on the open descriptor after (the name may change
in between) that it is a regular file no larger than the caller's bound,
so nothing is read or allocated before the file's kind and size are known.
"""

import errno
import os
import stat


class RefusedFile(ValueError):
    """A file that open_regular will not read; the message says why (without the path)."""


def file_kind(mode):
    """A name for the kind of file of the st_mode mode: "named pipe (FIFO)", "character device", ..."""
    for test, name in ((stat.S_ISDIR, "directory"), (stat.S_ISFIFO, "named pipe (FIFO)"),
                       (stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"),
                       (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "file of an unknown kind"


def open_regular(path, max_bytes, what):
    """Open path for reading as a binary file object, if it is a regular file of at most max_bytes.

    Returns (file, size): an unbuffered file at its start and its size in
    bytes. A symbolic link, a file that is not regular (a FIFO, a device)
    or one larger than max_bytes raises RefusedFile, whose message says what
    the file is and what to do, what naming its role ("a part", "the
    manifest"); a missing or unreadable file raises OSError.
    """
    _check_regular(os.lstat(path).st_mode, what)  # a device or FIFO is not even opened
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as err:
        if err.errno == errno.ELOOP:  # replaced by a symbolic link since lstat
            _check_regular(stat.S_IFLNK, what)
        raise
    try:
        st = os.fstat(fd)  # the file opened, whatever the name points to now
        _check_regular(st.st_mode, what)
        if st.st_size > max_bytes:
            raise RefusedFile(f"{st.st_size} bytes, more than {what} can take ({max_bytes}): "
                              f"not the file the manifest lists")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb", buffering=0), st.st_size
    except BaseException:
        os.close(fd)
        raise


def read_exactly(f, size):
    """The size bytes of the open file f from its position, as bytes; RefusedFile if it holds others.

    size comes from fstat on the open file, so the buffer is as large as
    the file really is; a file that ends early or grows (it changed since)
    is refused. Returns a bytearray.
    """
    data = bytearray(size)
    view, got = memoryview(data), 0
    while got < size:
        k = f.readinto(view[got:])
        if not k:
            raise RefusedFile(f"ended after {got} of its {size} bytes: it changed while being read")
        got += k
    if f.read(1):
        raise RefusedFile(f"grew beyond its {size} bytes while being read")
    return data


def _check_regular(mode, what):
    """Raise RefusedFile unless the st_mode mode is a regular file's."""
    if stat.S_ISLNK(mode):
        raise RefusedFile(f"a symbolic link, which is not followed: {what} must be a regular file "
                          f"inside the dataset (copy the file there instead)")
    if not stat.S_ISREG(mode):
        raise RefusedFile(f"a {file_kind(mode)}, not a regular file: {what} must be a regular "
                          f"file (remove it and copy the dataset again)")
