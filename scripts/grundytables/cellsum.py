"""cells_sha256, the checksum of every cell of a values dataset, recomputed part by part with numpy.

The Go writer defines it (results/valuesds/cellsum.go) over the rows A..B
of the manifest's "rows", every row of the window included, each row x
with its cells in increasing y, all little-endian. Two definitions, one a
dataset format:

"grundy-values/1", one serial stream (CellSumV1):

    rows  = SHA-256(A as int64, then every row's cell count as uint32)
    cells = SHA-256(every cell in (x, y) order as y - x int32 and v int32)
    cells_sha256 = SHA-256(rows || cells)

"grundy-values/2", a digest a row, which the band workers compute in
parallel (CellSumV2): a row of c cells is narrow if each of its cells has
-32768 <= y - x <= 32767 and 0 <= v <= 65535, wide otherwise, and

    cell(x, y) = y - x int16, v uint16   (narrow row: 4 bytes a cell)
               = y - x int32, v int32    (wide row: 8 bytes a cell)
    row(x) = SHA-256(c as uint32 || its cells)   (a row without a cell: SHA-256 of 4 zero bytes)
    cells_sha256 = SHA-256(A as int64 || row(A) || row(A + 1) || ... || row(B))

The count prefix makes a row's encoding injective: c cells take exactly
4c or 8c bytes, and the width follows from the cells themselves.

A part holds its cells in (v, x, y) order; both sums put each part's
cells in (x, y) order with one np.sort of a packed key (the row within the
part, the column and the value as bit fields of one int64) and find a cell
held twice, under two values, as two equal neighbours of that order.
Memory stays at one part.
"""

import hashlib

import numpy as np

CELL = np.dtype([("d", "<i4"), ("v", "<i4")])
KEY_BITS = 62  # bits a packed key may use: below the sign bit of int64
FORMAT_V1 = "grundy-values/1"
FORMAT_V2 = "grundy-values/2"


class _PartSorter:
    """What both sums share: each part's cells in (x, y) order, a cell held twice refused."""

    def __init__(self, first):
        self.next_row = first
        self.count = 0

    def add_part(self, first, last, side, lo, hi, v, x, y):
        """Account the cells (v, x, y) of the rows first..last, in any order.

        The caller has checked that first..last follows the rows added so
        far, that x lies in first..last, y in 0..side-1 and v in lo..hi.
        Returns the (x, y) of a cell held twice, or None (the part accounted).
        """
        assert first == self.next_row, (first, self.next_row)
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
        self._account(first, last, xs, ys, values)
        self.next_row = last + 1
        self.count += len(xs)
        return None


class CellSumV1(_PartSorter):
    """The running cells_sha256 of format grundy-values/1 (the module doc), from the window's first row."""

    def __init__(self, first):
        super().__init__(first)
        self._rows = hashlib.sha256(np.int64(first).astype("<i8").tobytes())
        self._cells = hashlib.sha256()

    def _account(self, first, last, xs, ys, values):
        """Hash the (x, y)-sorted cells of the rows first..last."""
        counts = np.bincount(xs - first, minlength=last - first + 1).astype("<u4")
        self._rows.update(counts.tobytes())
        packed = np.empty(len(xs), CELL)
        packed["d"], packed["v"] = ys - xs, values
        self._cells.update(packed.tobytes())

    def hexdigest(self):
        """The hex cells_sha256 of the parts added."""
        return hashlib.sha256(self._rows.digest() + self._cells.digest()).hexdigest()


class CellSumV2(_PartSorter):
    """The running cells_sha256 of format grundy-values/2 (the module doc), from the window's first row."""

    def __init__(self, first):
        super().__init__(first)
        self._sum = hashlib.sha256(np.int64(first).astype("<i8").tobytes())

    def _account(self, first, last, xs, ys, values):
        """Hash the rows first..last, their (x, y)-sorted cells encoded in one buffer of 4-byte words.

        Every piece (a count, a narrow cell, a wide cell's y - x or v) is a
        whole word, so the encoding is the cells' words (two for a wide
        cell) with each row's count inserted before its first cell; row r
        then spans the words starts[r]..starts[r+1]-1.
        """
        rows, d = xs - first, ys - xs
        counts = np.bincount(rows, minlength=last - first + 1)
        # A cell is narrow iff d + 32768 and v both lie in 0..65535, iff their bitwise or does
        # (a negative one makes the or negative): one pass instead of four comparisons.
        wide_cell = ((d + 32768) | values) >> 16 != 0
        wide_rows = np.bincount(rows[wide_cell], minlength=len(counts)) > 0
        starts = np.zeros(len(counts) + 1, np.int64)
        np.cumsum(1 + counts * (1 + wide_rows), out=starts[1:])
        words = ((d & 0xFFFF) | (values << 16)).astype("<u4")  # a narrow cell: y - x int16, v uint16
        if wide_rows.any():  # a wide row's cells: y - x int32, then v int32
            wide = np.repeat(wide_rows, counts)
            pairs = np.empty((len(words), 2), "<u4")
            pairs[:, 0], pairs[:, 1] = np.where(wide, d, words), values
            keep = np.ones(pairs.shape, bool)
            keep[:, 1] = wide  # a narrow cell's second word is dropped
            words = pairs[keep]
        # Row r's count goes before its first cell's word, which starts[r] - r words precede.
        buf = np.insert(words, starts[:-1] - np.arange(len(counts)), counts)
        # One SHA-256 a row is the definition; the loop slices a memoryview and joins the digests.
        view, sha256 = memoryview(buf.view(np.uint8)), hashlib.sha256
        bounds = (4 * starts).tolist()
        self._sum.update(b"".join([sha256(view[a:b]).digest() for a, b in zip(bounds, bounds[1:])]))

    def hexdigest(self):
        """The hex cells_sha256 of the parts added."""
        return self._sum.hexdigest()


SUMS = {FORMAT_V1: CellSumV1, FORMAT_V2: CellSumV2}


def cell_sum(dataset_format, first):
    """A running cells_sha256 of dataset_format (a key of SUMS) over a window from row first."""
    return SUMS[dataset_format](first)


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
