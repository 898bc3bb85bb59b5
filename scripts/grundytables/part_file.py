"""One part of a values dataset, opened safely, checked against the manifest, read by row group.

A part holds the cells (v, x, y) of its rows ordered by v, then x, then y,
one row group per value; the min/max statistics of each row group's
columns say its value and the rows and columns its cells lie in. PartFile
checks, before any cell is read: that the file is a regular file of a size
the manifest's cell count allows (safe_open.py), its SHA-256 against the
manifest's (unless the caller opted out), its columns, its key-value
metadata and its row count. select picks the row groups a query needs
by their statistics, checking those it looks at: one value a group,
increasing from group to group within the dataset's values (the group of
one value is found by binary search), rows within the part's and columns
within the table. read_group checks each group it reads in linear passes: every cell has the group's value, lies
within the group's statistics, and follows the previous cell in (x, y)
order (consecutive differences with np.diff; strictly increasing, so no
cell twice within a value). A cell held under two values is found only by
a read of the whole part (cellsum.py).

A limit: pyarrow (26) aborts the process, instead of raising, on some
malformed column metadata in a footer (e.g. "Repetition level histogram
size mismatch"). A part that matches its SHA-256 is as the writer wrote
it, so this needs a part edited along with its SHA-256 in the manifest;
verify, the Go reader, checks such a dataset without that risk.
"""

import dataclasses
import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .errors import DamagedValuesDataset
from .safe_open import RefusedFile, open_regular, read_exactly

PART_TYPES = {"v": pa.int32(), "x": pa.int64(), "y": pa.int64()}
PHYSICAL_TYPES = ("INT32", "INT64", "INT64")  # of v, x, y in the file
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1  # the offsets y - x that cells_sha256 encodes

# A bound on a part's bytes from its cell count: at most 8 bytes per int64
# and 4 per int32 as Parquet stores them plain (delta and dictionary
# encodings take less), with room for page headers, the statistics of
# every row group and the footer. A larger file is not the part the
# manifest describes, and is refused before a byte of it is read.
BYTES_PER_CELL = 24
BYTES_PER_ROW_GROUP = 4096
BYTES_FIXED = 1 << 20


def max_part_bytes(cells, value_range):
    """The most bytes a part of that many cells, of the values (lo, hi), may take."""
    groups = min(cells, value_range[1] - value_range[0] + 1)
    return BYTES_PER_CELL * cells + BYTES_PER_ROW_GROUP * groups + BYTES_FIXED


def join_groups(values, columns):
    """The cells of row groups, one after the other, as v, x, y int64 arrays: group k's value
    values[k] and its x and y columns[k], a pair of int64 arrays."""
    empty = np.empty(0, np.int64)
    v = np.repeat(np.array(values, np.int64), [len(gx) for gx, _ in columns])
    x = np.concatenate([empty] + [gx for gx, _ in columns])
    y = np.concatenate([empty] + [gy for _, gy in columns])
    return v, x, y


@dataclasses.dataclass(frozen=True)
class RowGroup:
    """A row group of a part as its statistics describe it: its value, its cells' rows and columns."""

    index: int
    value: int
    cells: int
    x_min: int
    x_max: int
    y_min: int
    y_max: int


class PartFile:
    """A part, open and checked up to its statistics (see the module doc); a context manager.

    md is the dataset's typed manifest, entry the part's entry in it,
    verify whether to check the part's SHA-256. The part's bytes are read
    once into memory (at most max_part_bytes, and no more than one part's
    cells take decoded), hashed and decoded from there.
    """

    def __init__(self, path, md, entry, verify=True):
        self.path, self.md, self.entry = path, md, entry
        try:
            f, size = open_regular(path, max_part_bytes(entry["cells"], md["values"]), "a part")
            with f:
                data = read_exactly(f, size)
        except RefusedFile as err:
            raise DamagedValuesDataset(path, str(err)) from None
        except OSError as err:
            raise DamagedValuesDataset(path, f"cannot be read: {err.strerror or err}") from None
        if verify:
            digest = hashlib.sha256(data).hexdigest()
            if digest != entry["sha256"]:
                raise DamagedValuesDataset(path, f"SHA-256 {digest} ({size} bytes), "
                                                 f"the manifest says {entry['sha256']}")
        try:
            self._parquet = pq.ParquetFile(pa.py_buffer(data), pre_buffer=False)
        except (pa.ArrowException, OSError) as err:
            raise DamagedValuesDataset(path, f"not a readable Parquet file: {err}") from None
        self.key_values = self._check_footer()

    def close(self):
        self._parquet = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _check_footer(self):
        """Check the columns, the key-value metadata and the row count; return the key-values as str."""
        types = {f.name: f.type for f in self._parquet.schema_arrow}
        if types != PART_TYPES:
            raise DamagedValuesDataset(self.path, f"columns {types}, want v int32, x int64, y int64")
        raw = self._parquet.metadata.metadata or {}
        kv = {k.decode(errors="replace"): v.decode(errors="replace") for k, v in raw.items()}
        md, entry = self.md, self.entry
        want = {"table": md["table"], "symbol": md["symbol"], "n": str(md["n"]),
                "values": f"{md['values'][0]}-{md['values'][1]}", "sweep": md["sweep"],
                "x_first": str(entry["x_first"]), "x_last": str(entry["x_last"])}
        for key, value in want.items():
            if kv.get(key) != value:
                raise DamagedValuesDataset(self.path, f"metadata {key} = {kv.get(key)!r}, the manifest says {value!r}")
        if self._parquet.metadata.num_rows != entry["cells"]:
            raise DamagedValuesDataset(self.path, f"holds {self._parquet.metadata.num_rows} cells, "
                                                  f"the manifest says {entry['cells']}")
        return kv

    def _stats(self, g, column):
        """The statistics of column of row group g, refused unless they hold a min and max and no null.

        The column chunk's own type is checked first: pyarrow aborts the
        process (an uncaught C++ exception) on the statistics of a chunk
        whose type differs from the schema's.
        """
        chunk = self._parquet.metadata.row_group(g).column(column)
        if chunk.physical_type != PHYSICAL_TYPES[column]:
            raise DamagedValuesDataset(self.path, f"row group {g}: column {column} is stored as "
                                                  f"{chunk.physical_type}, want {PHYSICAL_TYPES[column]}")
        s = chunk.statistics
        if s is None or not s.has_min_max or s.null_count:
            raise DamagedValuesDataset(self.path, f"row group {g}: column {column} holds nulls or lacks the "
                                                  f"statistics the writer gives every column")
        return s

    def _value(self, g):
        """The value of row group g by its statistics, refused unless it is one value within lo..hi."""
        lo, hi = self.md["values"]
        v = self._stats(g, 0)
        if self._parquet.metadata.row_group(g).num_rows <= 0 or v.min != v.max or not lo <= v.min <= hi:
            raise DamagedValuesDataset(self.path, f"row group {g} is empty or holds more than one value or one "
                                                  f"outside {lo}-{hi}: the layout is one value per row group")
        return v.min

    def _groups_of(self, value):
        """The indices of the row groups of value (all of them if None), their values checked as far as used.

        All groups: every value, increasing from group to group. One value:
        a binary search over the increasing values, then the group's
        neighbours checked to hold a smaller and a larger value, so that no
        other group holds it; the other groups' statistics are not read.
        """
        groups = self._parquet.metadata.num_row_groups
        if value is None:
            values = [self._value(g) for g in range(groups)]
            if any(a >= b for a, b in zip(values, values[1:])):
                raise DamagedValuesDataset(self.path, f"its row groups' values {values} do not increase: "
                                                      f"the layout is one row group per value, in order")
            return range(groups)
        a, b = 0, groups
        while a < b:
            mid = (a + b) // 2
            if self._value(mid) < value:
                a = mid + 1
            else:
                b = mid
        if a == groups or self._value(a) != value:
            return range(0)
        if (a > 0 and self._value(a - 1) >= value) or (a + 1 < groups and self._value(a + 1) <= value):
            raise DamagedValuesDataset(self.path, f"row group {a} of value {value} has a neighbour of a value "
                                                  f"out of order: the layout is one row group per value, in order")
        return range(a, a + 1)

    def select(self, x0, x1, y0, y1, value=None):
        """The RowGroups (of value, unless None) whose statistics may hold a cell of rows x0..x1-1, columns y0..y1-1.

        The row and column statistics of every group of a wanted value are
        checked against the part's rows and the table's columns.
        """
        n, first, last = self.md["n"], self.entry["x_first"], self.entry["x_last"]
        chosen = []
        for g in self._groups_of(value):
            v = self._value(g)
            x, y = self._stats(g, 1), self._stats(g, 2)
            if not first <= x.min <= x.max <= last or not 0 <= y.min <= y.max <= n:
                raise DamagedValuesDataset(self.path, f"row group {g} (value {v}) holds cells of the rows "
                                                      f"{x.min}..{x.max} and columns {y.min}..{y.max}, outside "
                                                      f"the rows {first}..{last} or the columns 0..{n}")
            if x.min < x1 and x.max >= x0 and y.min < y1 and y.max >= y0:
                rows = self._parquet.metadata.row_group(g).num_rows
                chosen.append(RowGroup(g, v, rows, x.min, x.max, y.min, y.max))
        return chosen

    def read_groups(self, groups):
        """Read the RowGroups groups (in file order); return their v, x, y as int64 arrays, checked."""
        return join_groups([g.value for g in groups], [self.read_group(g) for g in groups])

    def read_group(self, g):
        """Read the RowGroup g alone; return its x and y as int64 arrays, checked.

        Its v is checked and dropped (every cell of g has g.value): a part
        read a group at a time takes 16 bytes a cell, its x and y.
        """
        try:
            table = self._parquet.read_row_group(g.index, columns=list(PART_TYPES), use_threads=False)
        except (pa.ArrowException, OSError) as err:
            raise DamagedValuesDataset(self.path, f"row group {g.index} cannot be read: {err}") from None
        if any(table.column(c).null_count for c in PART_TYPES) or table.num_rows != g.cells:
            raise DamagedValuesDataset(self.path, f"row group {g.index} holds nulls or another number of "
                                                  f"cells than its metadata says")
        v, x, y = (table.column(c).to_numpy() for c in PART_TYPES)
        x, y = x.astype(np.int64, copy=False), y.astype(np.int64, copy=False)
        self._check_group(g, v, x, y)
        return x, y

    def _check_group(self, g, v, x, y):
        """Check the cells of the row group g against the (x, y) order and its statistics, in linear passes.

        Once x is known not to decrease, its first and last cells bound it.
        """
        dx, dy = np.diff(x), np.diff(y)
        if not ((dx > 0) | ((dx == 0) & (dy > 0))).all():
            raise DamagedValuesDataset(self.path, f"row group {g.index} (value {g.value}): its cells are not "
                                                  f"in increasing (x, y) order, or a cell is there twice")
        if (v != g.value).any() or x[0] < g.x_min or x[-1] > g.x_max or y.min() < g.y_min or y.max() > g.y_max:
            raise DamagedValuesDataset(self.path, f"row group {g.index} holds a cell outside its statistics "
                                                  f"(value {g.value}, rows {g.x_min}..{g.x_max}, "
                                                  f"columns {g.y_min}..{g.y_max})")
        if g.y_max - g.x_min > INT32_MAX or g.y_min - g.x_max < INT32_MIN:  # the statistics do not bound y - x
            d = y - x
            far = np.flatnonzero((d < INT32_MIN) | (d > INT32_MAX))
            if len(far):
                raise DamagedValuesDataset(self.path, f"row group {g.index}: cell (x={x[far[0]]}, y={y[far[0]]}, "
                                                      f"v={g.value}) lies more than 2**31 columns from the "
                                                      "diagonal, which cells_sha256 cannot encode")
