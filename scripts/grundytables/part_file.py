"""One part of a values dataset, opened safely, checked against the manifest, read by row group.

A part holds the cells (v, x, y) of its rows ordered by v, then x, then y,
one row group per value; the min/max statistics of each row group's
columns say its value and the rows and columns its cells lie in. PartFile
checks, before pyarrow sees a byte of it: that the file is a regular file
of a size the manifest's cell count allows (safe_open.py), its SHA-256
against the manifest's (unless the caller opted out), and its footer
(parquet_footer.py: the columns, every row group's sizes and statistics,
which pyarrow would abort the process on if malformed); then its key-value
metadata and row count against the manifest, and every row group's
statistics against the layout: one value a group, increasing from group to
group within the dataset's values, rows within the part's and columns
within the table. select picks the row groups a query needs by those
statistics. read_group checks each group it reads in linear passes: it
holds as many cells as its num_rows says, every cell has the group's
value, lies within the group's statistics, and follows the previous cell
in (x, y) order (consecutive differences with np.diff; strictly
increasing, so no cell twice within a value). A cell held under two values
is found only by a read of the whole part (cellsum.py).
"""

import dataclasses
import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .errors import DamagedValuesDataset
from .parquet_footer import FooterError, GroupStats, check_footer, check_group_pages
from .safe_open import RefusedFile, open_regular, read_exactly

PART_TYPES = {"v": pa.int32(), "x": pa.int64(), "y": pa.int64()}
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
    stats: GroupStats  # as the footer says; its pages are checked before the group is read


class PartFile:
    """A part, open and checked up to its statistics (see the module doc); a context manager.

    md is the dataset's typed manifest, entry the part's entry in it,
    verify whether to check the part's SHA-256. The part's bytes are read
    once into memory (at most max_part_bytes of the manifest's cells, which
    the manifest bounds by MAX_PART_CELLS), hashed, their footer decoded and
    checked (parquet_footer.py) with every row group's statistics, and only
    then given to pyarrow, which decodes the row groups read.
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
            footer = check_footer(data)
        except FooterError as err:
            raise DamagedValuesDataset(path, str(err)) from None
        self.key_values = self._check_key_values(footer)
        self.groups = self._check_groups(footer)
        self._data = data
        try:
            self._parquet = pq.ParquetFile(pa.py_buffer(data), pre_buffer=False)
        except (pa.ArrowException, OSError) as err:
            raise DamagedValuesDataset(path, f"not a readable Parquet file: {err}") from None
        types = {f.name: f.type for f in self._parquet.schema_arrow}
        if types != PART_TYPES:
            raise DamagedValuesDataset(self.path, f"columns {types}, want v int32, x int64, y int64")

    def close(self):
        self._parquet = self._data = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _check_key_values(self, footer):
        """Check the key-value metadata and the row count against the manifest; return the key-values."""
        kv, md, entry = footer.key_values, self.md, self.entry
        want = {"table": md["table"], "symbol": md["symbol"], "n": str(md["n"]),
                "values": f"{md['values'][0]}-{md['values'][1]}", "sweep": md["sweep"],
                "x_first": str(entry["x_first"]), "x_last": str(entry["x_last"])}
        for key, value in want.items():
            if kv.get(key) != value:
                raise DamagedValuesDataset(self.path, f"metadata {key} = {kv.get(key)!r}, the manifest says {value!r}")
        if footer.rows != entry["cells"]:
            raise DamagedValuesDataset(self.path, f"holds {footer.rows} cells, the manifest says {entry['cells']}")
        return kv

    def _check_groups(self, footer):
        """Check every row group's statistics against the layout and the manifest; return them as RowGroups.

        One value a group, within lo..hi and increasing from group to group;
        rows within the part's, columns within the table's.
        """
        (lo, hi), n = self.md["values"], self.md["n"]
        first, last = self.entry["x_first"], self.entry["x_last"]
        groups, previous = [], lo - 1
        for s in footer.groups:
            (v, v_max), (x_min, x_max), (y_min, y_max) = s.v, s.x, s.y
            if v != v_max or not previous < v <= hi:
                raise DamagedValuesDataset(self.path, f"row group {s.index} holds the values {v}..{v_max} after "
                                                      f"the value {previous}: the layout is one row group per value, "
                                                      f"in order, of the values {lo}-{hi}")
            if not (first <= x_min and x_max <= last and 0 <= y_min and y_max <= n):
                raise DamagedValuesDataset(self.path, f"row group {s.index} (value {v}) holds cells of the rows "
                                                      f"{x_min}..{x_max} and columns {y_min}..{y_max}, outside "
                                                      f"the rows {first}..{last} or the columns 0..{n}")
            groups.append(RowGroup(s.index, v, s.rows, x_min, x_max, y_min, y_max, s))
            previous = v
        return groups

    def select(self, x0, x1, y0, y1, value=None):
        """The RowGroups (of value, unless None) whose statistics may hold a cell of rows x0..x1-1, columns y0..y1-1."""
        return [g for g in self.groups if (value is None or g.value == value)
                and g.x_min < x1 and g.x_max >= x0 and g.y_min < y1 and g.y_max >= y0]

    def read_groups(self, groups):
        """Read the RowGroups groups (in file order); return their v, x, y as int64 arrays, checked."""
        return join_groups([g.value for g in groups], [self.read_group(g) for g in groups])

    def read_group(self, g):
        """Read the RowGroup g alone; return its x and y as int64 arrays, checked.

        Its v is checked and dropped (every cell of g has g.value): a part
        read a group at a time takes 16 bytes a cell, its x and y.
        """
        try:
            pages = check_group_pages(self._data, g.stats)
        except FooterError as err:
            raise DamagedValuesDataset(self.path, str(err)) from None
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
        self._check_pages(g, pages, (v, x, y))
        return x, y

    def _check_pages(self, g, pages, columns):
        """Hold each data page's statistics to the cells it decodes to (page pruning reads them)."""
        for name, column, column_pages in zip(PART_TYPES, columns, pages):
            at = 0
            for i, (count, low, high) in enumerate(column_pages):
                cells = column[at:at + count]
                at += count
                if (low is not None and low != cells.min()) or (high is not None and high != cells.max()):
                    raise DamagedValuesDataset(self.path, f"row group {g.index}, column {name}, page {i}: its "
                                                          f"statistics {low}..{high} are not its cells' "
                                                          f"{cells.min()}..{cells.max()}")

    def _check_group(self, g, v, x, y):
        """Check the cells of the row group g against the (x, y) order and its statistics, in linear passes.

        Once x is known not to decrease, its first and last cells bound it.
        """
        dx, dy = np.diff(x), np.diff(y)
        if not ((dx > 0) | ((dx == 0) & (dy > 0))).all():
            raise DamagedValuesDataset(self.path, f"row group {g.index} (value {g.value}): its cells are not "
                                                  f"in increasing (x, y) order, or a cell is there twice")
        if (v != g.value).any() or x[0] != g.x_min or x[-1] != g.x_max or y.min() != g.y_min or y.max() != g.y_max:
            raise DamagedValuesDataset(self.path, f"row group {g.index}: its cells are not those its statistics bound "
                                                  f"(value {g.value}, rows {g.x_min}..{g.x_max}, "
                                                  f"columns {g.y_min}..{g.y_max})")
        if g.y_max - g.x_min > INT32_MAX or g.y_min - g.x_max < INT32_MIN:  # the statistics do not bound y - x
            d = y - x
            far = np.flatnonzero((d < INT32_MIN) | (d > INT32_MAX))
            if len(far):
                raise DamagedValuesDataset(self.path, f"row group {g.index}: cell (x={x[far[0]]}, y={y[far[0]]}, "
                                                      f"v={g.value}) lies more than 2**31 columns from the "
                                                      "diagonal, which cells_sha256 cannot encode")
