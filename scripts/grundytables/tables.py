"""Table files: every cell of a table, as cmd/compute writes it with -write table.

A table file holds the int32 columns x, y, g of every cell 0 <= x, y <= n in
row-major order (x outer, y inner) and describes itself in its metadata (see
results/metadata.go). It is either an Arrow IPC file (Feather v2, ``.arrow``),
in record batches of whole x-rows, or a Parquet file (``.parquet``), in row
groups of whole x-rows with min/max statistics on x. g = -1 marks a base cell
the mex ignores.
"""

import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from .errors import TableFileError, naming

COLUMNS = ("x", "y", "g")

# The metadata keys every table file has, in the order the writer puts them
# in results/metadata.go; metadata() parses these to int and float and keeps
# the others as str.
METADATA_KEYS = ("table", "symbol", "n", "definition", "source", "layout", "g_sha256",
                 "max_value", "version", "workers", "tile", "compression", "seconds")
INT_KEYS = ("n", "max_value", "workers", "tile")
FLOAT_KEYS = ("seconds",)

ARROW_MAGIC = b"ARROW1"
PARQUET_MAGIC = b"PAR1"


def open_ipc(path, source):
    """Open the Arrow IPC file memory-mapped as source, saying "truncated" for one cut short.

    A file that starts as an Arrow IPC file but whose footer cannot be read
    was cut short or overwritten; anything else is not an Arrow IPC or
    Parquet file.
    """
    try:
        return ipc.open_file(source)
    except pa.ArrowInvalid as err:
        with open(path, "rb") as f:
            head = f.read(len(ARROW_MAGIC))
            f.seek(0, 2)
            size = f.tell()
        if head == ARROW_MAGIC:
            raise TableFileError(f"{path}: truncated or damaged Arrow IPC file ({size} bytes): it starts "
                                 f"as an Arrow file but its footer cannot be read ({err}); "
                                 f"compute it again") from None
        raise TableFileError(f"{path}: not an Arrow IPC or Parquet file: {err}") from None


def check_parquet_tail(path):
    """Raise TableFileError naming path when a Parquet file lacks its closing magic."""
    with open(path, "rb") as f:
        f.seek(0, 2)
        size = f.tell()
        f.seek(max(0, size - len(PARQUET_MAGIC)))
        tail = f.read()
    if size < 2 * len(PARQUET_MAGIC) or tail != PARQUET_MAGIC:
        raise TableFileError(f"{path}: truncated or damaged Parquet file ({size} bytes): it starts as "
                             f"a Parquet file but does not end as one; compute it again")


def typed_metadata(path, schema, columns=COLUMNS, extra=()):
    """Check schema's int32 columns and return its metadata with typed values.

    The metadata must hold METADATA_KEYS and the keys of extra.
    int() and float() read the zero-padded values of max_value ("00000000013",
    "-0000000001") and seconds ("00000001.234") as they are. Keys beyond the
    documented ones are kept as str.
    """
    for name in columns:
        if schema.get_field_index(name) < 0:
            raise TableFileError(f"{path}: not a table file: no column {name!r} "
                                 f"(columns: {', '.join(schema.names)})")
        if schema.field(name).type != pa.int32():
            raise TableFileError(f"{path}: column {name!r} is "
                                 f"{schema.field(name).type}, want int32")
    raw = {k.decode(): v.decode() for k, v in (schema.metadata or {}).items()
           if k != b"ARROW:schema"}
    missing = [k for k in METADATA_KEYS + tuple(extra) if k not in raw]
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


class TableSource:
    """An open table file of either format, read band by band (see reader.py for the interface).

    A band is a record batch (Arrow) or a row group (Parquet) of whole
    x-rows. band_rows(i) returns the first and last x of band i, read from the
    row group statistics of a Parquet file and from the x column of an
    Arrow batch; column(i, name) returns one column of band i.
    """

    kind = "table file"
    value_range = None  # every cell is known

    def __init__(self, path, parquet):
        self.path = path
        self.parquet = parquet
        try:
            self._open()
        except BaseException:
            self.close()
            raise

    def _open(self):
        path = self.path
        with naming(path):
            if self.parquet:
                check_parquet_tail(path)
                self._pq = pq.ParquetFile(str(path))
                schema = self._pq.schema_arrow
                self.bands = self._pq.metadata.num_row_groups
            else:
                self._source = pa.memory_map(str(path))
                self._ipc = open_ipc(path, self._source)
                schema = self._ipc.schema
                self.bands = self._ipc.num_record_batches
                self._readers = {}
        self.md = typed_metadata(path, schema)
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
        with naming(self.path):
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

    def band_rows(self, i):
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
            if self.band_rows(mid)[0] <= x:
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



    def load(self, verify=True):
        """Return g, the whole table as a writable int32 array [x, y], checked against g_sha256."""
        path, md, side = self.path, self.md, self.side
        g = np.empty(side * side, dtype=np.int32)
        at = 0
        for i in range(self.bands):
            values = self.column(i, "g")
            if at + len(values) > g.size:
                raise TableFileError(f"{path}: holds more than (n+1)^2 = {g.size} cells (n = {md['n']})")
            g[at:at + len(values)] = values
            at += len(values)
        if at != g.size:
            raise TableFileError(f"{path}: holds {at} cells, want (n+1)^2 = {g.size} (n = {md['n']})")
        g = g.reshape(side, side)
        if verify:
            digest = hashlib.sha256(np.ascontiguousarray(g, dtype="<i4")).hexdigest()
            if digest != md["g_sha256"]:
                raise TableFileError(f"{path}: g does not match its checksum: SHA-256 {digest}, "
                                     f"metadata g_sha256 {md['g_sha256']}")
        return g

    def iter_rows(self, x0, x1):
        """Yield (x, rows) for the rows x0 <= x < x1 (checked by the caller), a band at a time."""
        want, i = x0, (self.find(x0) if x0 < x1 else 0)
        while want < x1:
            if i >= self.bands:
                raise TableFileError(f"{self.path}: no band holds row {want}")
            first, last = self.band_rows(i)
            if not first <= want <= last:
                raise TableFileError(f"{self.path}: band {i} holds rows {first}..{last}, want row {want}")
            stop = min(x1, last + 1)
            yield want, self.g_band(i, first, last)[want - first:stop - first]
            want = stop
            i += 1

    def cells(self, value):
        """The (x, y) of the cells of g = value, row-major, as an int64 array (k, 2)."""
        found = []
        x = 0
        for i in range(self.bands):
            g = self.column(i, "g")
            if len(g) % self.side or x + len(g) // self.side > self.side:
                raise TableFileError(f"{self.path}: band {i} does not hold whole x-rows after row {x}")
            hit = np.flatnonzero(g == value)
            found.append(np.stack([x + hit // self.side, hit % self.side], axis=1))
            x += len(g) // self.side
        if x != self.side:
            raise TableFileError(f"{self.path}: holds {x} rows, want n+1 = {self.side} (n = {self.md['n']})")
        return np.concatenate(found).astype(np.int64) if found else np.empty((0, 2), np.int64)
