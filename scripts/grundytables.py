"""Read the project's Grundy table files from Python.

A table file (written by ``go run ./cmd/compute``) is an Arrow IPC file
(Feather v2) with the int32 columns x, y, g of every cell 0 <= x, y <= n in
row-major order (x outer, y inner), in record batches of whole x-rows, and
its description in the schema metadata (see results/metadata.go). g = -1
marks a base cell the mex ignores.

Tables come back as 2-D numpy int32 arrays indexed [x, y]. Every function
raises ValueError naming the file when it is not a table file: not Arrow
IPC, missing one of the columns x, y, g or not int32, missing a metadata key,
or holding a different number of cells than its n says.

Dependencies: pyarrow and numpy only.
"""

import hashlib

import numpy as np
import pyarrow as pa
import pyarrow.ipc as ipc

COLUMNS = ("x", "y", "g")

# The metadata keys every table file has, in the order the writer puts them
# in results/metadata.go; metadata() parses these to int and float and keeps
# the others as str.
METADATA_KEYS = ("table", "symbol", "n", "definition", "source", "layout", "g_sha256",
                 "max_value", "version", "workers", "tile", "compression", "seconds")
INT_KEYS = ("n", "max_value", "workers", "tile")
FLOAT_KEYS = ("seconds",)


def _typed_metadata(path, schema):
    """Check schema's columns and return its metadata with typed values.

    int() and float() read the zero-padded values of max_value ("00000000013",
    "-0000000001") and seconds ("00000001.234") as they are. Keys beyond the
    documented ones are kept as str.
    """
    for name in COLUMNS:
        if schema.get_field_index(name) < 0:
            raise ValueError(f"{path}: not a table file: no column {name!r} "
                             f"(columns: {', '.join(schema.names)})")
        if schema.field(name).type != pa.int32():
            raise ValueError(f"{path}: column {name!r} is "
                             f"{schema.field(name).type}, want int32")
    raw = {k.decode(): v.decode() for k, v in (schema.metadata or {}).items()}
    missing = [k for k in METADATA_KEYS if k not in raw]
    if missing:
        raise ValueError(f"{path}: not a table file: metadata lacks "
                         f"{', '.join(missing)}")
    md = dict(raw)
    for key, parse in [(k, int) for k in INT_KEYS] + [(k, float) for k in FLOAT_KEYS]:
        try:
            md[key] = parse(raw[key])
        except ValueError:
            raise ValueError(f"{path}: metadata {key} = {raw[key]!r} is not "
                             f"{'an integer' if parse is int else 'a number'}") from None
    if md["n"] < 0:
        raise ValueError(f"{path}: metadata n = {md['n']} is negative")
    return md


def _open(path, source, column=None):
    """Open the Arrow IPC file in source, reading only column if given.

    Returns the reader and the typed metadata; a reader opened on one column
    yields batches holding only that column.
    """
    try:
        reader = ipc.open_file(source)
    except pa.ArrowInvalid as err:
        raise ValueError(f"{path}: not an Arrow IPC file: {err}") from None
    md = _typed_metadata(path, reader.schema)
    if column is not None:
        fields = [reader.schema.get_field_index(column)]
        reader = ipc.open_file(source, options=ipc.IpcReadOptions(included_fields=fields))
    return reader, md


def _column(path, batch, i):
    """Batch's only column as a numpy int32 array (zero-copy where possible)."""
    col = batch.column(0)
    if col.null_count:
        raise ValueError(f"{path}: record batch {i} holds nulls")
    return col.to_numpy()


def metadata(path):
    """Return the typed metadata of the table file at path without reading cells.

    n, max_value, workers and tile are int, seconds is float, the other keys
    (table, symbol, definition, source, layout, g_sha256, version,
    compression and any undocumented extras) are str.
    """
    with pa.memory_map(str(path)) as source:
        return _open(path, source)[1]


def load(path, verify=False):
    """Return (g, metadata) of the table file at path.

    g is a writable numpy int32 array of shape (n+1, n+1) indexed [x, y],
    filled from the g column in the documented row-major order; metadata is
    as from metadata(). Only the g column is read. With verify=True the
    SHA-256 of g (little-endian int32, row-major) is recomputed and a
    mismatch with g_sha256 raises ValueError naming the file.
    """
    with pa.memory_map(str(path)) as source:
        reader, md = _open(path, source, "g")
        side = md["n"] + 1
        g = np.empty(side * side, dtype=np.int32)
        at = 0
        for i in range(reader.num_record_batches):
            values = _column(path, reader.get_batch(i), i)
            if at + len(values) > g.size:
                raise ValueError(f"{path}: holds more than (n+1)^2 = {g.size} cells (n = {md['n']})")
            g[at:at + len(values)] = values
            at += len(values)
    if at != g.size:
        raise ValueError(f"{path}: holds {at} cells, want (n+1)^2 = {g.size} (n = {md['n']})")
    g = g.reshape(side, side)
    if verify:
        _verify(path, g, md)
    return g, md


def _verify(path, g, md):
    """Raise ValueError naming path unless g hashes to md's g_sha256."""
    digest = hashlib.sha256(np.ascontiguousarray(g, dtype="<i4")).hexdigest()
    if digest != md["g_sha256"]:
        raise ValueError(f"{path}: g does not match its checksum: SHA-256 {digest}, "
                         f"metadata g_sha256 {md['g_sha256']}")


def load_region(path, x0, x1, y0, y1):
    """Return the cells [x0:x1, y0:y1] (half-open ranges) of the table at path.

    The result equals load(path)[0][x0:x1, y0:y1] (a new writable int32
    array) but the file is memory-mapped and only the record batches that
    hold rows x0..x1-1 are read, plus a few x columns to find them: each
    batch's x range comes from its first and last x value, found by binary
    search over the batches. The bounds must satisfy 0 <= x0 <= x1 <= n+1
    and 0 <= y0 <= y1 <= n+1, else ValueError; an empty range gives an empty
    array of the right shape. A batch that does not hold whole rows, or
    batches that skip or repeat rows, raise ValueError naming the file.
    """
    with pa.memory_map(str(path)) as source:
        xs, md = _open(path, source, "x")
        gs, _ = _open(path, source, "g")
        side = md["n"] + 1
        for name, lo, hi in (("x", x0, x1), ("y", y0, y1)):
            if not 0 <= lo <= hi <= side:
                raise ValueError(f"{path}: {name} range {lo}:{hi} is outside 0:{side} "
                                 f"(n = {md['n']})")
        out = np.empty((x1 - x0, y1 - y0), dtype=np.int32)
        if x0 == x1:
            return out

        def rows(i):
            """The first and last x of batch i, checking it holds whole rows."""
            x = _column(path, xs.get_batch(i), i)
            if len(x) == 0 or len(x) != (int(x[-1]) - int(x[0]) + 1) * side:
                raise ValueError(f"{path}: record batch {i} does not hold whole x-rows")
            return int(x[0]), int(x[-1])

        # Binary search for the last batch whose first row is at most x0,
        # reading the x column of only the batches it probes.
        count = xs.num_record_batches
        lo, hi = 0, count
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if rows(mid)[0] <= x0:
                lo = mid
            else:
                hi = mid
        i = lo
        want = x0
        while want < x1:
            if i >= count:
                raise ValueError(f"{path}: no record batch holds row {want}")
            first, last = rows(i)
            if not first <= want <= last:
                raise ValueError(f"{path}: record batch {i} holds rows {first}..{last}, "
                                 f"want row {want}")
            band = _column(path, gs.get_batch(i), i)
            if len(band) != (last - first + 1) * side:
                raise ValueError(f"{path}: record batch {i} holds {len(band)} g values "
                                 f"for rows {first}..{last}")
            band = band.reshape(last - first + 1, side)
            stop = min(x1, last + 1)
            out[want - x0:stop - x0] = band[want - first:stop - first, y0:y1]
            want = stop
            i += 1
        return out


def cells(path, value):
    """Return the (x, y) of the cells of the table at path whose g equals value.

    The result is an integer numpy array of shape (k, 2) in row-major order,
    (0, 2) when no cell has that value; value -1 finds the base cells the
    mex ignores.
    """
    g, _ = load(path)
    return np.argwhere(g == value)
