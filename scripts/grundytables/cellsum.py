"""cells_sha256, the checksum of every cell of a values dataset, recomputed part by part with numpy.

As the Go writer defines it (results/valuesds/cellsum.go), over the rows
A..B of the manifest's "rows", all little-endian:

    rows  = SHA-256(A as int64, then every row's cell count as uint32)
    cells = SHA-256(every cell in (x, y) order as y - x int32 and v int32)
    cells_sha256 = SHA-256(rows || cells)

A part holds its cells in (v, x, y) order; CellSum puts each part's cells
in (x, y) order with one np.sort of a packed key (the row within the part,
the column and the value as bit fields of one int64) and finds a cell held
twice, under two values, as two equal neighbours of that order. Memory
stays at one part.
"""

import hashlib

import numpy as np

CELL = np.dtype([("d", "<i4"), ("v", "<i4")])
KEY_BITS = 62  # bits a packed key may use: below the sign bit of int64


class CellSum:
    """The running cells_sha256 of the parts added in row order, from the window's first row."""

    def __init__(self, first):
        self._rows = hashlib.sha256(np.int64(first).astype("<i8").tobytes())
        self._cells = hashlib.sha256()
        self.next_row = first
        self.count = 0

    def add_part(self, first, last, side, lo, hi, v, x, y):
        """Account the cells (v, x, y) of the rows first..last, in any order.

        The caller has checked that first..last follows the rows added so
        far, that x lies in first..last, y in 0..side-1 and v in lo..hi.
        Returns the (x, y) of a cell held twice, or None.
        """
        assert first == self.next_row, (first, self.next_row)
        counts = np.bincount(x - first, minlength=last - first + 1).astype("<u4")
        self._rows.update(counts.tobytes())
        value_bits, column_bits = (hi - lo).bit_length(), (side - 1).bit_length()
        if (last - first).bit_length() + column_bits + value_bits <= KEY_BITS:
            # The row, column and value as bit fields of one key: one sort, shifts and masks to unpack.
            keys = np.sort(((x - first) << (column_bits + value_bits)) | (y << value_bits) | (v - lo))
            values = (keys & ((1 << value_bits) - 1)) + lo
            cell_keys = keys >> value_bits
            xs, ys = (cell_keys >> column_bits) + first, cell_keys & ((1 << column_bits) - 1)
        else:  # the fields do not fit one int64: the slower sort by columns
            order = np.lexsort((y, x))
            xs, ys, values = x[order], y[order], v[order]
            cell_keys = None
        twice = _first_repeat(xs, ys, cell_keys)
        if twice is not None:
            return twice
        packed = np.empty(len(xs), CELL)
        packed["d"], packed["v"] = ys - xs, values
        self._cells.update(packed.tobytes())
        self.next_row = last + 1
        self.count += len(xs)
        return None

    def hexdigest(self):
        """The hex cells_sha256 of the parts added."""
        return hashlib.sha256(self._rows.digest() + self._cells.digest()).hexdigest()


def _first_repeat(xs, ys, cell_keys):
    """The first (x, y) that appears twice in a row of the (x, y)-sorted cells, or None."""
    if cell_keys is not None:
        same = np.diff(cell_keys) == 0
    else:
        same = (np.diff(xs) == 0) & (np.diff(ys) == 0)
    if not same.any():
        return None
    k = int(np.argmax(same))
    return int(xs[k]), int(ys[k])
