"""Values files: the cells of the values LO..HI only, as cmd/compute wrote them with -write values
before 2026-11-23 (it now writes a values dataset, see dataset.py).

A values file ``<id>_n<N>.values.arrow`` (see results/values.go) is an Arrow
IPC file of the int32 columns v, x, y: one row per cell whose value v lies
in LO..HI (the metadata key "values", "LO-HI"), ordered by x, then y, in
record batches of whole x-rows; a row of the table without such a cell has
no batch. Its other metadata is that of a table file, g_sha256 and
max_value those of the whole table, which the file cannot be checked
against. A cell the file lacks has a value outside LO..HI: it is unknown.
No checksum covers its rows, so opening one warns (OldValuesFileWarning),
as verify does: a damaged cell would go unnoticed.
"""

import warnings

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc

from .errors import TableFileError, naming, parse_value_range
from .tables import open_ipc, typed_metadata

COLUMNS = ("v", "x", "y")


class OldValuesFileWarning(UserWarning):
    """A values file of an earlier version was opened: no checksum covers its rows."""

# iter_rows yields about this many cells (rows times n+1) at a time.
CHUNK_CELLS = 1 << 22


def masked_rows(x0, x1, side, v, x, y):
    """The rows x0..x1-1 as an int32 masked array, the cells (v, x, y) known, the rest masked."""
    rows = np.ma.masked_all((x1 - x0, side), dtype=np.int32)
    rows[x - x0, y] = v
    return rows


def check_cells(where, lo, hi, n, v, x, y):
    """Raise TableFileError naming where unless lo <= v <= hi and (x, y) lies in the table."""
    bad = (v < lo) | (v > hi) | (x < 0) | (x > n) | (y < 0) | (y > n)
    if bad.any():
        k = int(np.argmax(bad))
        raise TableFileError(f"{where}: row (v={v[k]}, x={x[k]}, y={y[k]}) lies outside the values "
                             f"{lo}-{hi} or the table (n = {n})")


class ValuesFileSource:
    """An open values file, read a record batch at a time (see reader.py for the interface)."""

    kind = "values file"

    def __init__(self, path):
        self.path = path
        self._source = None
        try:
            with naming(path, "values file"):
                self._source = pa.memory_map(str(path))
                self._ipc = open_ipc(path, self._source)
                schema = self._ipc.schema
                self.bands = self._ipc.num_record_batches
                self._x_reader = ipc.open_file(self._source, options=ipc.IpcReadOptions(
                    included_fields=[schema.get_field_index("x")]))
            self.md = typed_metadata(path, schema, columns=COLUMNS, extra=("values",))
        except BaseException:
            self.close()
            raise
        self.md["values"] = parse_value_range(self.md["values"], f"{path}: metadata values")
        self.value_range = self.md["values"]
        self.side = self.md["n"] + 1
        warnings.warn(f"{path} is a values file of an earlier version, with no checksum of its rows: "
                      "a damaged cell would go unnoticed; compute -write values now writes a checked "
                      "values dataset", OldValuesFileWarning, stacklevel=2)

    def close(self):
        if self._source is not None:
            self._source.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _batch(self, i):
        """v, x, y of record batch i as int64 arrays, checked: in range, ordered by x then y."""
        with naming(self.path, "values file"):
            batch = self._ipc.get_batch(i)
            if any(batch.column(c).null_count for c in COLUMNS):
                raise TableFileError(f"{self.path}: record batch {i} holds nulls")
            v, x, y = (batch.column(c).to_numpy().astype(np.int64) for c in COLUMNS)
        lo, hi = self.value_range
        check_cells(f"{self.path}: record batch {i}", lo, hi, self.md["n"], v, x, y)
        key = x * self.side + y
        if (np.diff(key) <= 0).any():
            k = int(np.argmax(np.diff(key) <= 0)) + 1
            raise TableFileError(f"{self.path}: record batch {i}: row (x={x[k]}, y={y[k]}) does not "
                                 f"follow (x={x[k - 1]}, y={y[k - 1]}): not ordered by x, then y")
        return v, x, y

    def _first_x(self, i):
        with naming(self.path, "values file"):
            x = self._x_reader.get_batch(i).column(0)
        if len(x) == 0:
            raise TableFileError(f"{self.path}: record batch {i} is empty")
        return x[0].as_py()

    def _find(self, x):
        """The index of the last batch whose first row is at most x (0 if none)."""
        lo, hi = 0, self.bands
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self._first_x(mid) <= x:
                lo = mid
            else:
                hi = mid
        return lo

    def _cells_in_rows(self, x0, x1, start):
        """v, x, y of the rows x0..x1-1 and the batch to start the next rows from."""
        parts = []
        i = start
        while i < self.bands:
            v, x, y = self._batch(i)
            keep = (x >= x0) & (x < x1)
            parts.append((v[keep], x[keep], y[keep]))
            if len(x) and x[-1] >= x1:
                break
            i += 1
        if not parts:
            return (np.empty(0, np.int64),) * 3, i
        return tuple(np.concatenate(c) for c in zip(*parts)), i

    def iter_rows(self, x0, x1):
        """Yield (x, rows) for x0 <= x < x1: masked int32 arrays, the unknown cells masked."""
        step = max(1, CHUNK_CELLS // self.side)
        i = self._find(x0) if self.bands else 0
        for a in range(x0, x1, step):
            b = min(x1, a + step)
            (v, x, y), i = self._cells_in_rows(a, b, i)
            yield a, masked_rows(a, b, self.side, v, x, y)

    def cells(self, value):
        """The (x, y) of the cells of value (within the file's range), row-major, int64 (k, 2)."""
        found = [np.empty((0, 2), np.int64)]
        for i in range(self.bands):
            v, x, y = self._batch(i)
            hit = v == value
            found.append(np.stack([x[hit], y[hit]], axis=1))
        return np.concatenate(found)
