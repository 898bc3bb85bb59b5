"""Read the project's Grundy table files from Python.

A table file (written by ``cmd/compute``) holds the int32 columns x, y, g of
every cell 0 <= x, y <= n in row-major order (x outer, y inner) and describes
itself in its metadata (see results/metadata.go). It is either an Arrow IPC
file (Feather v2, ``.arrow``), in record batches of whole x-rows, or a
Parquet file (``.parquet``), in row groups of whole x-rows with min/max
statistics on x. Every function here reads both, telling them apart by their
first bytes. g = -1 marks a base cell the mex ignores.

Tables come back as 2-D numpy int32 arrays indexed [x, y]. cell, region and
cells read only the batches or row groups they need, one at a time, so they
work on tables larger than memory. Every error about a file is a
TableFileError (a ValueError) whose message starts with the file's path:
not a table file, damaged, truncated, or a checksum that does not match.

Sums over g: g is int32, and polars sums an int32 column in int32, wrapping
silently past 2**31 (a whole table at n = 10000 sums to about 5.5e11). Cast
first: ``df.select(pl.col("g").cast(pl.Int64).sum())``; numpy: ``g.sum(dtype=np.int64)``.

Dependencies: pyarrow and numpy only.
"""

import contextlib
import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

COLUMNS = ("x", "y", "g")

# The metadata keys every table file has, in the order the writer puts them
# in results/metadata.go; metadata() parses these to int and float and keeps
# the others as str.
METADATA_KEYS = ("table", "symbol", "n", "definition", "source", "layout", "g_sha256",
                 "max_value", "version", "workers", "tile", "compression", "seconds")
INT_KEYS = ("n", "max_value", "workers", "tile")
FLOAT_KEYS = ("seconds",)

PARQUET_MAGIC = b"PAR1"


class TableFileError(ValueError):
    """A file that is not a readable, intact table file; the message names it."""


@contextlib.contextmanager
def _naming(path):
    """Turn pyarrow's errors about the file at path into a TableFileError naming it."""
    try:
        yield
    except TableFileError:
        raise
    except FileNotFoundError:
        raise
    except (pa.ArrowException, OSError, EOFError) as err:
        raise TableFileError(f"{path}: not a readable table file "
                             f"(damaged or truncated?): {err}") from err


def _typed_metadata(path, schema):
    """Check schema's columns and return its metadata with typed values.

    int() and float() read the zero-padded values of max_value ("00000000013",
    "-0000000001") and seconds ("00000001.234") as they are. Keys beyond the
    documented ones are kept as str.
    """
    for name in COLUMNS:
        if schema.get_field_index(name) < 0:
            raise TableFileError(f"{path}: not a table file: no column {name!r} "
                                 f"(columns: {', '.join(schema.names)})")
        if schema.field(name).type != pa.int32():
            raise TableFileError(f"{path}: column {name!r} is "
                                 f"{schema.field(name).type}, want int32")
    raw = {k.decode(): v.decode() for k, v in (schema.metadata or {}).items()
           if k != b"ARROW:schema"}
    missing = [k for k in METADATA_KEYS if k not in raw]
    if missing:
        raise TableFileError(f"{path}: not a table file: metadata lacks "
                             f"{', '.join(missing)}")
    md = dict(raw)
    for key, parse in [(k, int) for k in INT_KEYS] + [(k, float) for k in FLOAT_KEYS]:
        try:
            md[key] = parse(raw[key])
        except ValueError:
            raise TableFileError(f"{path}: metadata {key} = {raw[key]!r} is not "
                                 f"{'an integer' if parse is int else 'a number'}") from None
    if md["n"] < 0:
        raise TableFileError(f"{path}: metadata n = {md['n']} is negative")
    return md


class _Table:
    """An open table file of either format, read band by band.

    A band is a record batch (Arrow) or a row group (Parquet) of whole
    x-rows. rows(i) returns the first and last x of band i, read from the
    row group statistics of a Parquet file and from the x column of an
    Arrow batch; column(i, name) returns one column of band i.
    """

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.parquet = f.read(4) == PARQUET_MAGIC
        try:
            self._open()
        except BaseException:
            self.close()
            raise

    def _open(self):
        path = self.path
        with _naming(path):
            if self.parquet:
                self._pq = pq.ParquetFile(str(path))
                schema = self._pq.schema_arrow
                self.bands = self._pq.metadata.num_row_groups
            else:
                self._source = pa.memory_map(str(path))
                try:
                    self._ipc = ipc.open_file(self._source)
                except pa.ArrowInvalid as err:
                    raise TableFileError(f"{path}: not an Arrow IPC or Parquet file: {err}") from None
                schema = self._ipc.schema
                self.bands = self._ipc.num_record_batches
                self._readers = {}
        self.md = _typed_metadata(path, schema)
        self.side = self.md["n"] + 1

    def close(self):
        if getattr(self, "_source", None) is not None:
            self._source.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def column(self, i, name):
        """Column name of band i as a numpy int32 array, checked for nulls."""
        with _naming(self.path):
            if self.parquet:
                col = self._pq.read_row_group(i, columns=[name]).column(0)
            else:
                if name not in self._readers:
                    fields = [self._ipc.schema.get_field_index(name)]
                    self._readers[name] = ipc.open_file(
                        self._source, options=ipc.IpcReadOptions(included_fields=fields))
                col = self._readers[name].get_batch(i).column(0)
            if col.null_count:
                raise TableFileError(f"{self.path}: band {i} holds nulls in {name}")
            return np.asarray(col.to_numpy(zero_copy_only=False), dtype=np.int32)

    def rows(self, i):
        """The first and last x of band i, checking that it holds whole rows."""
        if self.parquet:
            group = self._pq.metadata.row_group(i)
            stats = group.column(0).statistics
            if stats is not None and stats.has_min_max:
                first, last, count = int(stats.min), int(stats.max), group.num_rows
            else:
                x = self.column(i, "x")
                first, last, count = (int(x[0]), int(x[-1]), len(x)) if len(x) else (0, -1, 0)
        else:
            x = self.column(i, "x")
            first, last, count = (int(x[0]), int(x[-1]), len(x)) if len(x) else (0, -1, 0)
        if count == 0 or count != (last - first + 1) * self.side:
            raise TableFileError(f"{self.path}: band {i} does not hold whole x-rows")
        return first, last

    def find(self, x):
        """The index of the band holding row x, by binary search over the bands."""
        lo, hi = 0, self.bands
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.rows(mid)[0] <= x:
                lo = mid
            else:
                hi = mid
        return lo

    def g_band(self, i, first, last):
        """g of band i, rows first..last, as a (rows, side) array."""
        g = self.column(i, "g")
        if len(g) != (last - first + 1) * self.side:
            raise TableFileError(f"{self.path}: band {i} holds {len(g)} g values "
                                 f"for rows {first}..{last}")
        return g.reshape(last - first + 1, self.side)


def metadata(path):
    """Return the typed metadata of the table file at path without reading cells.

    n, max_value, workers and tile are int, seconds is float, the other keys
    (table, symbol, definition, source, layout, g_sha256, version,
    compression and any undocumented extras) are str; the same for either format.
    """
    with _Table(path) as t:
        return t.md


def load(path, verify=True):
    """Return (g, metadata) of the table file at path.

    g is a writable numpy int32 array of shape (n+1, n+1) indexed [x, y],
    filled from the g column in the documented row-major order; metadata is
    as from metadata(). Only the g column is read. The SHA-256 of g
    (little-endian int32, row-major) is recomputed and a mismatch with
    g_sha256 raises TableFileError naming the file; verify=False skips it
    (see the README for its cost).
    """
    with _Table(path) as t:
        md, side = t.md, t.side
        g = np.empty(side * side, dtype=np.int32)
        at = 0
        for i in range(t.bands):
            values = t.column(i, "g")
            if at + len(values) > g.size:
                raise TableFileError(f"{path}: holds more than (n+1)^2 = {g.size} cells (n = {md['n']})")
            g[at:at + len(values)] = values
            at += len(values)
    if at != g.size:
        raise TableFileError(f"{path}: holds {at} cells, want (n+1)^2 = {g.size} (n = {md['n']})")
    g = g.reshape(side, side)
    if verify:
        _verify(path, g, md)
    return g, md


def _verify(path, g, md):
    """Raise TableFileError naming path unless g hashes to md's g_sha256."""
    digest = hashlib.sha256(np.ascontiguousarray(g, dtype="<i4")).hexdigest()
    if digest != md["g_sha256"]:
        raise TableFileError(f"{path}: g does not match its checksum: SHA-256 {digest}, "
                             f"metadata g_sha256 {md['g_sha256']}")


def _check_range(t, name, lo, hi):
    if not 0 <= lo <= hi <= t.side:
        raise TableFileError(f"{t.path}: {name} range {lo}:{hi} is outside 0:{t.side} "
                             f"(n = {t.md['n']})")


def iter_rows(path, x0=0, x1=None):
    """Yield (x, rows) for the rows x0 <= x < x1 of the table at path, a band at a time.

    rows is a read-only int32 array of shape (k, n+1): the g of rows x .. x+k-1,
    where the bands (record batches or row groups) cut the table; the first
    and last are trimmed to the range. x1 = None means n+1. Only the bands
    holding the range are read, found by binary search (on the row group
    statistics of a Parquet file, on the x column of a few Arrow batches),
    so memory stays at one band. Bounds outside 0 <= x0 <= x1 <= n+1, or
    bands that skip or repeat rows, raise TableFileError naming the file.
    """
    with _Table(path) as t:
        x1 = t.side if x1 is None else x1
        _check_range(t, "x", x0, x1)
        want, i = x0, (t.find(x0) if x0 < x1 else 0)
        while want < x1:
            if i >= t.bands:
                raise TableFileError(f"{path}: no band holds row {want}")
            first, last = t.rows(i)
            if not first <= want <= last:
                raise TableFileError(f"{path}: band {i} holds rows {first}..{last}, want row {want}")
            stop = min(x1, last + 1)
            yield want, t.g_band(i, first, last)[want - first:stop - first]
            want = stop
            i += 1


def load_region(path, x0, x1, y0, y1):
    """Return the cells [x0:x1, y0:y1] (half-open ranges) of the table at path.

    The result equals load(path)[0][x0:x1, y0:y1] (a new writable int32
    array), but only the bands that hold rows x0..x1-1 are read (see
    iter_rows). The bounds must satisfy 0 <= x0 <= x1 <= n+1 and
    0 <= y0 <= y1 <= n+1, else TableFileError; an empty range gives an
    empty array of the right shape. The checksum is not verified (it covers
    the whole table).
    """
    md = metadata(path)
    if not 0 <= y0 <= y1 <= md["n"] + 1:
        raise TableFileError(f"{path}: y range {y0}:{y1} is outside 0:{md['n'] + 1} (n = {md['n']})")
    out = np.empty((x1 - x0 if x1 >= x0 else 0, y1 - y0), dtype=np.int32)
    for x, rows in iter_rows(path, x0, x1):
        out[x - x0:x - x0 + len(rows)] = rows[:, y0:y1]
    return out


def cell(path, x, y):
    """Return G(x, y) of the table at path as an int, reading one band."""
    return int(load_region(path, x, x + 1, y, y + 1)[0, 0])


def cells(path, value):
    """Return the (x, y) of the cells of the table at path whose g equals value.

    The result is an int64 numpy array of shape (k, 2) in row-major order,
    (0, 2) when no cell has that value; value -1 finds the base cells the
    mex ignores. The table is read one band at a time, so memory stays at
    one band plus the result.
    """
    found = []
    with _Table(path) as t:
        x = 0
        for i in range(t.bands):
            g = t.column(i, "g")
            if len(g) % t.side or x + len(g) // t.side > t.side:
                raise TableFileError(f"{path}: band {i} does not hold whole x-rows after row {x}")
            hit = np.flatnonzero(g == value)
            found.append(np.stack([x + hit // t.side, hit % t.side], axis=1))
            x += len(g) // t.side
        if x != t.side:
            raise TableFileError(f"{path}: holds {x} rows, want n+1 = {t.side} (n = {t.md['n']})")
    return np.concatenate(found).astype(np.int64) if found else np.empty((0, 2), np.int64)
