"""cells_sha256, the checksum of every cell of a values dataset, recomputed part by part with numpy.

The Go writer defines it (results/valuesds/cellsum.go) over the rows A..B
of the manifest's "rows", every row of the window included, each row x
with its cells in increasing y, all little-endian. Three definitions, one
a dataset format; the Go writer writes the last, and a dataset of any of
them is verified with its own:

"grundy-values/1", one serial stream (CellSumV1):

    rows  = SHA-256(A as int64, then every row's cell count as uint32)
    cells = SHA-256(every cell in (x, y) order as y - x int32 and v int32)
    cells_sha256 = SHA-256(rows || cells)

"grundy-values/2", a digest a row, which the band workers compute in
parallel (CellSumV2):

    row(x) = SHA-256(the encoding of row x)
    cells_sha256 = SHA-256(A as int64 || row(A) || row(A + 1) || ... || row(B))

where a row of c cells y1 < ... < yc with values v1 .. vc is encoded

    narrow, if every cell has -32768 <= y - x <= 32767 and 0 <= v <= 65535:
        c as uint32, then each cell's y - x as int16 and v as uint16 (4 bytes a cell);
    wide otherwise:
        c as uint32, then each cell's y - x as int32 and v as int32 (8 bytes a cell).

A row without a cell is narrow: 4 zero bytes. The count makes the encoding
injective: c cells take exactly 4c or 8c bytes, and the width follows from
the cells themselves.

"grundy-values/3" (CellSumV3), format 2's sum with a third encoding tried
first, which takes about a byte a cell for a band's row, whose cells lie
side by side:

    dense, if c >= 1, every 0 <= v <= 254, the span s = yc - y1 + 1 is at
    most 4c and -2**31 <= y1 - x < 2**31:
        c | 2**31 as uint32, y1 - x as int32, then s bytes, byte j being
        v + 1 if the row has a cell (y1 + j, v) and 0 if it has none.

The bit 2**31 of the first word tells a dense row from a narrow or wide
one (whose count is below 2**31), and a dense row's bytes place every
cell, so the encoding stays injective.

A part holds its cells in (v, x, y) order. The sums take them a block of
consecutive rows at a time (add_rows; dataset.py hands a part over in
blocks of about 2**20 cells), and put each block's cells in (x, y) order
with one np.sort of a packed key (the row within the block, the column and
the value as bit fields of one int64); a cell held twice, under two
values, lies in one row, so in one block, where it shows as two equal
neighbours of that order. Formats 2 and 3 encode a block's rows into one
buffer with numpy and hash each row's slice of it. Memory stays at a block.
"""

import hashlib

import numpy as np

CELL = np.dtype([("d", "<i4"), ("v", "<i4")])
KEY_BITS = 62  # bits a packed key may use: below the sign bit of int64
FORMAT_V1 = "grundy-values/1"
FORMAT_V2 = "grundy-values/2"
FORMAT_V3 = "grundy-values/3"


class _Scratch:
    """Arrays reused from block to block: each block's fresh arrays were pages the kernel zeroes,
    about a third of check_dataset's time."""

    def __init__(self):
        self._arrays = {}

    def take(self, name, n, dtype=np.int64):
        """n elements of dtype, in the memory of name's last take when it holds them (whatever is
        left there): valid until name is taken again."""
        held = self._arrays.get(name)
        if held is None or len(held) < n or held.dtype != dtype:
            held = np.empty(n, dtype)
            self._arrays[name] = held
        return held[:n]


class _RowSorter:
    """What every sum shares: each block of rows' cells in (x, y) order, a cell held twice refused."""

    def __init__(self, first):
        self.next_row = first
        self.count = 0
        self._scratch = _Scratch()

    def add_rows(self, first, last, side, lo, hi, v, x, y):
        """Account the cells (v, x, y) of the rows first..last, in any order.

        The caller has checked that first..last follows the rows added so
        far, that x lies in first..last, y in 0..side-1 and v in lo..hi.
        Returns the (x, y) of a cell held twice, or None (the rows accounted).
        """
        assert first == self.next_row, (first, self.next_row)
        value_bits, column_bits = (hi - lo).bit_length(), (side - 1).bit_length()
        if (last - first).bit_length() + column_bits + value_bits <= KEY_BITS:
            # The row, column and value as bit fields of one key: one sort, shifts and masks to unpack,
            # each into an array of the scratch (the rows, y - x and values stay valid until _account
            # is done with them).
            n, take = len(x), self._scratch.take
            keys = np.subtract(x, first, out=take("keys", n))
            keys <<= column_bits + value_bits
            field = np.left_shift(y, value_bits, out=take("field", n))
            keys |= field
            keys |= np.subtract(v, lo, out=field)
            keys.sort()
            values = np.bitwise_and(keys, (1 << value_bits) - 1, out=take("values", n))
            values += lo
            keys >>= value_bits  # the cells' (row, column) keys
            twice = _first_repeat(np.equal(keys[1:], keys[:-1], out=take("same", max(n - 1, 0), bool)))
            if twice is not None:
                return first + int(keys[twice] >> column_bits), int(keys[twice] & ((1 << column_bits) - 1))
            rows = np.right_shift(keys, column_bits, out=take("rows", n))
            d = np.bitwise_and(keys, (1 << column_bits) - 1, out=field)  # y, then y - x
            d -= rows
            d -= first
        else:  # the fields do not fit one int64: the slower sort by columns
            order = np.lexsort((y, x))
            xs, ys, values = x[order], y[order], v[order]
            twice = _first_repeat((xs[1:] == xs[:-1]) & (ys[1:] == ys[:-1]))
            if twice is not None:
                return int(xs[twice]), int(ys[twice])
            rows, d = xs - first, ys - xs
        self._account(first, last, rows, d, values)
        self.next_row = last + 1
        self.count += len(rows)
        return None


class CellSumV1(_RowSorter):
    """The running cells_sha256 of format grundy-values/1 (the module doc), from the window's first row."""

    def __init__(self, first):
        super().__init__(first)
        self._rows = hashlib.sha256(np.int64(first).astype("<i8").tobytes())
        self._cells = hashlib.sha256()

    def _account(self, first, last, rows, d, values):
        """Hash the (x, y)-sorted cells of the rows first..last, given by their row less first, y - x and v."""
        counts = np.bincount(rows, minlength=last - first + 1).astype("<u4")
        self._rows.update(counts.tobytes())
        packed = np.empty(len(rows), CELL)
        packed["d"], packed["v"] = d, values
        self._cells.update(packed.tobytes())

    def hexdigest(self):
        """The hex cells_sha256 of the parts added."""
        return hashlib.sha256(self._rows.digest() + self._cells.digest()).hexdigest()


class _RowDigestSum(_RowSorter):
    """What formats 2 and 3 share: the running SHA-256 of A as int64 and the rows' own SHA-256."""

    def __init__(self, first):
        super().__init__(first)
        self._sum = hashlib.sha256(np.int64(first).astype("<i8").tobytes())

    def _hash_rows(self, encodings, begins, ends):
        """Hash the next rows, row r's encoding being encodings[begins[r]:ends[r]] (a uint8 array)."""
        # One SHA-256 a row is the definition; the loop slices a memoryview and joins the digests.
        view, sha256 = memoryview(encodings), hashlib.sha256
        self._sum.update(b"".join([sha256(view[a:b]).digest() for a, b in zip(begins.tolist(), ends.tolist())]))

    def hexdigest(self):
        """The hex cells_sha256 of the parts added."""
        return self._sum.hexdigest()


class CellSumV2(_RowDigestSum):
    """The running cells_sha256 of format grundy-values/2 (the module doc), from the window's first row."""

    def _account(self, first, last, rows, d, values):
        """Hash the rows first..last, their (x, y)-sorted cells (row less first, y - x, v) each narrow or wide."""
        words, starts = _narrow_or_wide(rows, last - first + 1, d, values)
        self._hash_rows(words.view(np.uint8), 4 * starts[:-1], 4 * starts[1:])


class CellSumV3(_RowDigestSum):
    """The running cells_sha256 of format grundy-values/3 (the module doc), from the window's first row."""

    def _account(self, first, last, rows, d, values):
        """Hash the rows first..last, their (x, y)-sorted cells (row less first, y - x, v) each dense, narrow
        or wide.

        The narrow and wide rows are encoded as format 2 encodes them, the
        dense ones after them in the same buffer; each row's slice of it is
        then hashed in the rows' order. When every row is dense, as a band
        run's are, the cells go to the dense encoding as they are, with no
        copy of the dense rows' cells (check_dataset at n = 10⁶: 0.84× the
        time).
        """
        counts = np.bincount(rows, minlength=last - first + 1)
        dense, first_offsets, spans = _dense_rows(rows, counts, d, values)
        if dense.all():
            encodings, starts = _dense(rows, counts, first_offsets, spans, d, values)
            self._hash_rows(encodings, starts[:-1], starts[1:])
            return
        others = ~dense
        other_cells, other_rows = _cells_of(others, rows)
        words, word_starts = _narrow_or_wide(other_rows, int(others.sum()), d[other_cells], values[other_cells])
        dense_cells, dense_rows = _cells_of(dense, rows)
        dense_bytes, dense_starts = _dense(dense_rows, counts[dense], first_offsets[dense], spans[dense],
                                           d[dense_cells], values[dense_cells])
        begins, ends = np.empty(len(counts), np.int64), np.empty(len(counts), np.int64)
        begins[others], ends[others] = 4 * word_starts[:-1], 4 * word_starts[1:]
        after_words = 4 * word_starts[-1]  # where the dense rows' bytes begin
        begins[dense], ends[dense] = after_words + dense_starts[:-1], after_words + dense_starts[1:]
        self._hash_rows(np.concatenate([words.view(np.uint8), dense_bytes]), begins, ends)


def _cells_of(chosen, rows):
    """The cells of the rows chosen (a bool array over the rows; rows gives each cell's row): a bool
    array over the cells, and the row of each chosen cell numbered among the chosen rows (0, 1, ...)."""
    held = chosen[rows]
    return held, (np.cumsum(chosen) - 1)[rows[held]]


def _narrow_or_wide(rows, row_count, d, values):
    """The narrow or wide encodings (the module doc) of the rows 0..row_count-1, rows one after the other.

    The cells, in (row, y) order, are given by their row, their y - x (d)
    and their value. Returns (words, starts): the encodings as one array of
    little-endian 4-byte words, row r in words starts[r]..starts[r+1]-1.
    Every piece (a count, a narrow cell, a wide cell's y - x or v) is a
    whole word, so the encoding is the cells' words (two for a wide cell)
    with each row's count inserted before its first cell.
    """
    counts = np.bincount(rows, minlength=row_count)
    # A cell is narrow iff d + 32768 and v both lie in 0..65535, iff their bitwise or does
    # (a negative one makes the or negative): one pass instead of four comparisons.
    wide_cell = ((d + 32768) | values) >> 16 != 0
    wide_rows = np.bincount(rows[wide_cell], minlength=row_count) > 0
    starts = np.zeros(row_count + 1, np.int64)
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
    return np.insert(words, starts[:-1] - np.arange(row_count), counts), starts


def _dense_rows(rows, counts, d, values):
    """Which rows are dense (the module doc), of the cells, in (row, y) order, given by their row, y - x
    (d) and value, row r holding counts[r] of them.

    Returns (dense, first_offsets, spans), arrays over the rows: whether
    the row is dense, and its first cell's y1 - x and its span yc - y1 + 1
    (both 0 for a row without a cell).
    """
    occupied = counts > 0
    first_cells = (np.cumsum(counts) - counts)[occupied]  # the index of each occupied row's first cell
    first_offsets, spans = np.zeros(len(counts), np.int64), np.zeros(len(counts), np.int64)
    first_offsets[occupied] = d[first_cells]
    spans[occupied] = d[first_cells + counts[occupied] - 1] - d[first_cells] + 1  # yc - y1 + 1: x is the row's
    beyond_a_byte = np.bincount(rows[(values < 0) | (values > 254)], minlength=len(counts)) > 0
    dense = (occupied & ~beyond_a_byte & (spans <= 4 * counts)
             & (first_offsets >= -(1 << 31)) & (first_offsets < 1 << 31))
    return dense, first_offsets, spans


def _dense(rows, counts, first_offsets, spans, d, values):
    """The dense encodings (the module doc) of the rows 0..len(counts)-1, rows one after the other.

    Row r holds counts[r] cells, its first at y1 - x = first_offsets[r],
    spanning spans[r] columns; the cells are given by their row, their
    y - x (d) and their value, each at most 254. Returns (encodings,
    starts): a uint8 array, row r in bytes starts[r]..starts[r+1]-1.
    """
    starts = np.zeros(len(counts) + 1, np.int64)
    np.cumsum(8 + spans, out=starts[1:])
    encodings = np.zeros(starts[-1], np.uint8)  # a column without a cell: byte 0
    headers = np.empty(len(counts), [("tagged_count", "<u4"), ("first_offset", "<i4")])
    headers["tagged_count"], headers["first_offset"] = counts | 1 << 31, first_offsets
    encodings[starts[:-1, None] + np.arange(8)] = headers.view(np.uint8).reshape(-1, 8)
    # Cell (y, v) of row r is byte y - y1 of the row's bytes, which begin 8 bytes into its encoding;
    # y - y1 = d - first_offsets[r].
    at = (starts[:-1] + 8 - first_offsets)[rows]
    at += d
    byte = values.astype(np.uint8)
    byte += 1
    encodings[at] = byte
    return encodings, starts


SUMS = {FORMAT_V1: CellSumV1, FORMAT_V2: CellSumV2, FORMAT_V3: CellSumV3}


def cell_sum(dataset_format, first):
    """A running cells_sha256 of dataset_format (a key of SUMS) over a window from row first."""
    return SUMS[dataset_format](first)


def _first_repeat(same):
    """The first k with same[k] (cell k of the (x, y)-sorted cells is cell k + 1 again), or None."""
    if not same.any():
        return None
    return int(np.argmax(same))
