"""The public readers: one set of functions for table files, values files and values datasets.

open_source(path) tells the three apart (a directory is a values dataset;
a file is told by its first bytes and its columns) and returns a source
with this interface:

- path, kind ("table file", "values file" or "values dataset"), md (the
  typed metadata), side (n + 1);
- value_range: None for a table file, (lo, hi) for the others, whose cells
  outside lo..hi are unknown;
- iter_rows(x0, x1): (x, rows) pieces of the rows x0..x1-1, rows an int32
  array of shape (k, n+1), a masked array (unknown cells masked) for values;
- cells(value): the (x, y) of the cells of that value, row-major;
- a context manager that closes it.

A values dataset's source also has cell(x, y), region(x0, x1, y0, y1) and
cells(value, x0, x1), which read only the row groups they need, and
check(), a read of every cell (see dataset.py). verify=False (for a values
dataset: do not check the parts' SHA-256) is the caller's explicit choice.
"""

import pathlib

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .dataset import ValuesDatasetSource, unwritten
from .errors import TableFileError, Unknown, naming
from .tables import ARROW_MAGIC, PARQUET_MAGIC, TableSource, check_parquet_tail, open_ipc
from .values_file import ValuesFileSource


# iter_rows refuses tables whose one row would take more than about 1 GiB
# (int32 cells and their mask): the caller asked for a window, not rows.
MAX_ROW_CELLS = 1 << 28


def open_source(path, verify=True):
    """Open the table file, values file or values dataset at path (see the module doc).

    verify=False opens a values dataset whose parts' SHA-256 are then not
    checked; it does not change how a table or values file is opened. A
    values dataset that a compute run has not finished writing (its
    .partial directory, lock or state file in its place) is a TableFileError
    that says so; any other missing path, FileNotFoundError.
    """
    path = pathlib.Path(path)
    if path.is_dir():
        return ValuesDatasetSource(path, verify)
    if not path.exists() and (err := unwritten(path)) is not None:
        raise err
    with open(path, "rb") as f:
        head = f.read(len(ARROW_MAGIC))
    if head.startswith(PARQUET_MAGIC):
        if _is_dataset_part(path):
            raise TableFileError(f"{path}: one part of a values dataset, not a table file: "
                                 f"open its directory ({path.parent})")
        return TableSource(path, parquet=True)
    with naming(path), pa.memory_map(str(path)) as mapped:
        names = open_ipc(path, mapped).schema.names
    if "g" not in names and "v" in names:
        return ValuesFileSource(path)
    return TableSource(path, parquet=False)


def _is_dataset_part(path):
    """Whether the Parquet file at path has the column v but no g: a part of a values dataset."""
    check_parquet_tail(path)
    with naming(path):
        names = pq.read_schema(str(path)).names
    return "v" in names and "g" not in names


def metadata(path):
    """Return the typed metadata of the table file, values file or values dataset at path.

    For a table file: n, max_value, workers and tile are int, seconds is
    float, the other keys (table, symbol, definition, source, layout,
    g_sha256, version, compression and any undocumented extras) are str; the
    same for either format. A values file has the same keys plus values,
    the pair (lo, hi). A values dataset gives its manifest's fields (n,
    workers, cells and max_value int, seconds float, values and rows pairs)
    and the definition, source and layout of its first part. No cell is read.
    """
    with open_source(path) as source:
        md = dict(source.md)
        if source.kind == "values dataset":
            kv = source.key_values(0)
            md.update({key: kv[key] for key in ("definition", "source", "layout") if key in kv})
        return md


def value_range(path):
    """Return (lo, hi) of the values file or dataset at path, None for a table file (every value)."""
    with open_source(path) as source:
        return source.value_range


def load(path, verify=True):
    """Return (g, metadata) of the table file at path.

    g is a writable numpy int32 array of shape (n+1, n+1) indexed [x, y],
    filled from the g column in the documented row-major order; metadata is
    as from metadata(). Only the g column is read. The SHA-256 of g
    (little-endian int32, row-major) is recomputed and a mismatch with
    g_sha256 raises TableFileError naming the file; verify=False skips it
    (see the README for its cost). A values file or dataset holds only some
    cells: TableFileError, pointing to load_region, cells and iter_rows.
    """
    with open_source(path) as source:
        if source.kind != "table file":
            lo, hi = source.value_range
            raise TableFileError(f"{path}: a {source.kind} holds only the cells of the values {lo}-{hi}, "
                                 f"not a whole table: read it with load_region, cells or iter_rows")
        return source.load(verify), source.md


def _check_rows(source, x0, x1):
    if not 0 <= x0 <= x1 <= source.side:
        raise TableFileError(f"{source.path}: x range {x0}:{x1} is outside 0:{source.side} "
                             f"(n = {source.md['n']})")
    covered = getattr(source, "rows_covered", None)
    if covered and x0 < x1 and not covered[0] <= x0 <= x1 - 1 <= covered[1]:
        raise TableFileError(f"{source.path}: x range {x0}:{x1} reaches outside the rows "
                             f"{covered[0]}..{covered[1]} the values dataset covers")


def iter_rows(path, x0=0, x1=None, verify=True):
    """Yield (x, rows) for the rows x0 <= x < x1 of the table at path, a piece at a time.

    rows is an int32 array of shape (k, n+1): the g of rows x .. x+k-1.
    For a table file the pieces are its bands (record batches or row
    groups), trimmed to the range, and read-only; only the bands holding
    the range are read, found by binary search, so memory stays at one band.
    For a values file or dataset rows is a masked array whose masked cells
    are unknown (their value lies outside the file's range); all the rows
    of a values dataset are a read of every cell, which checks its
    cells_sha256 after the last piece, and fewer rows a partial read that
    says so (PartialReadWarning). x1 = None means n+1. Bounds outside
    0 <= x0 <= x1 <= n+1, a row wider than MAX_ROW_CELLS cells (n of
    10**12), or a file that fails its checks, raise TableFileError naming
    the file. verify: see open_source.
    """
    with open_source(path, verify) as source:
        x1 = source.side if x1 is None else x1
        _check_rows(source, x0, x1)
        if x0 < x1 and source.side > MAX_ROW_CELLS:
            raise TableFileError(f"{path}: a row of n + 1 = {source.side} cells is too wide to hand back "
                                 f"(more than {MAX_ROW_CELLS}): read a window with load_region, or cells")
        yield from source.iter_rows(x0, x1)


def load_region(path, x0, x1, y0, y1, verify=True):
    """Return the cells [x0:x1, y0:y1] (half-open ranges) of the table at path.

    For a table file the result equals load(path)[0][x0:x1, y0:y1] (a new
    writable int32 array), but only the bands that hold rows x0..x1-1 are
    read (see iter_rows). For a values file or dataset it is a masked int32
    array, the unknown cells masked. The bounds must satisfy 0 <= x0 <= x1
    <= n+1 and 0 <= y0 <= y1 <= n+1, else TableFileError; an empty range
    gives an empty array of the right shape. A table file's checksum is not
    verified (it covers the whole table); a values dataset reads only the
    row groups that may hold a cell of the region, and checks cells_sha256
    only when the region is all of it (see iter_rows). verify: see open_source.
    """
    with open_source(path, verify) as source:
        n = source.md["n"]
        if not 0 <= y0 <= y1 <= n + 1:
            raise TableFileError(f"{path}: y range {y0}:{y1} is outside 0:{n + 1} (n = {n})")
        _check_rows(source, x0, x1)
        if source.kind == "values dataset":
            return source.region(x0, x1, y0, y1)
        shape = (x1 - x0, y1 - y0)
        out = np.empty(shape, np.int32) if source.value_range is None else np.ma.masked_all(shape, np.int32)
        for x, rows in source.iter_rows(x0, x1):
            out[x - x0:x - x0 + len(rows)] = rows[:, y0:y1]
        return out


def cell(path, x, y, verify=True):
    """Return G(x, y) of the table at path as an int, reading one band, or of a values dataset one part.

    A cell that a values file or dataset does not hold has a value outside
    its range: the answer is then Unknown(lo, hi), whose str() is
    "unknown (value > HI or < LO)". A cell outside the table raises
    TableFileError. Of a values dataset only the row groups whose
    statistics may hold (x, y) are read, never a row of n+1 cells; it is a
    partial read (PartialReadWarning). verify: see open_source.
    """
    with open_source(path, verify) as source:
        if source.kind == "values dataset":
            if not (0 <= x <= source.md["n"] and 0 <= y <= source.md["n"]):
                raise TableFileError(f"{path}: cell ({x}, {y}) is outside the table (n = {source.md['n']})")
            _check_rows(source, x, x + 1)
            value = source.cell(x, y)
            return Unknown(*source.value_range) if value is None else value
    region = load_region(path, x, x + 1, y, y + 1)
    if np.ma.is_masked(region):
        return Unknown(*value_range(path))
    return int(region[0, 0])


def cells(path, value, rows=None, verify=True):
    """Return the (x, y) of the cells of the table at path whose g equals value.

    The result is an int64 numpy array of shape (k, 2) in row-major order,
    (0, 2) when no cell has that value; value -1 finds the base cells the
    mex ignores. The file is read one band (or part) at a time, so memory
    stays at one band plus the result; of a values dataset only the row
    group of value in each part is read (a partial read: PartialReadWarning).
    rows=(x0, x1) keeps the rows x0..x1-1 and, for a values dataset, reads
    only their parts. A value outside the range of a values file or
    dataset raises ValueError: its cells are unknown. verify: see open_source.
    """
    with open_source(path, verify) as source:
        if source.value_range is not None and not source.value_range[0] <= value <= source.value_range[1]:
            lo, hi = source.value_range
            raise ValueError(f"{path}: value {value} is outside the values {lo}-{hi} of this "
                             f"{source.kind}: where its cells are is unknown")
        if rows is None:
            return source.cells(value)
        _check_rows(source, *rows)
        if source.kind == "values dataset":
            return source.cells(value, *rows)
        found = source.cells(value)
        return found[(found[:, 0] >= rows[0]) & (found[:, 0] < rows[1])]


def check_dataset(path, verify=True):
    """Read every cell of the values dataset at path and check it all; return what was checked.

    Checks each part as every read does (a regular file of a plausible
    size, its SHA-256 unless verify=False, its layout and statistics), each
    cell's order, no cell held twice, and the cells' count and cells_sha256
    against the manifest, which no partial read can. Returns a dict: path,
    parts, cells, parts_sha256 (whether checked) and cells_sha256. A
    failure is a DamagedValuesDataset naming the file at fault; a table or
    values file is a TableFileError (load(path) checks a table file).
    """
    with open_source(path, verify) as source:
        if source.kind != "values dataset":
            raise TableFileError(f"{path}: a {source.kind}, not a values dataset: "
                                 f"load(path) checks a table file's g_sha256")
        return source.check()
