"""Values datasets: the cells of the values LO..HI of a research run, as a directory of Parquet parts.

The layout (formats "grundy-values/1", "/2" and "/3", results/valuesds/doc.go): a directory
``<id>_n<N>.values/`` holding ``_manifest.json`` (written last) and parts
``part-<x_first, 12 digits>.parquet``. Part i holds the cells (v int32,
x int64, y int64) with LO <= v <= HI of the table rows x_first..x_last,
ordered by v, then x, then y, one row group per value. The manifest lists
every part with its rows, its number of cells and the SHA-256 of its
bytes; the parts cover the rows "rows": [A, B] one after the other, and
cells_sha256 covers every cell. The formats differ only in the
definition of cells_sha256 (cellsum.py); the Go writer writes format 3,
and a dataset of any of them is verified with its own.

Only the files the manifest lists are read, each only if it is a regular
file (no symbolic link is followed, no FIFO or device opened) of a size its
cell count allows, and each is checked against its SHA-256 as it is read
(part_file.py) unless the caller passes verify=False. A query reads only
the parts whose rows it needs and, in them, only the row groups whose
statistics may hold a cell it wants: cells(37) on 200 million cells reads
one row group a part. Such a partial read cannot check cells_sha256, nor a
part edited along with its SHA-256 in the manifest, and says so with a
PartialReadWarning; a read of every cell (check(), or iter_rows over all
the rows) recomputes cells_sha256 and refuses a mismatch. Any failure is a
DamagedValuesDataset, "damaged values dataset: <path>: ...".
"""

import errno
import os
import pathlib
import warnings

import numpy as np

from .cellsum import cell_sum
from .errors import DamagedValuesDataset, PartialReadWarning, TableFileError, ValuesDatasetReplaced
from .manifest import MANIFEST, read_manifest
from .part_file import PartFile, join_groups
from .values_file import CHUNK_CELLS, masked_rows

BLOCK_CELLS = 1 << 20  # about the cells of a part put in (x, y) order and summed at a time


def read_dataset_manifest(directory):
    """Read and check the manifest of the values dataset in directory (manifest.py); return (metadata, parts)."""
    directory = pathlib.Path(directory)
    path = directory / MANIFEST
    try:
        return read_manifest(path)
    except FileNotFoundError:
        if directory.name.endswith(".partial"):
            raise TableFileError(f"{directory}: an incomplete values dataset (still being written, or "
                                 f"its run was interrupted: resume it with compute -resume)") from None
        raise DamagedValuesDataset(path, "missing: a complete values dataset has its manifest, "
                                         "written last") from None


def unwritten(path):
    """A TableFileError saying why there is no values dataset at path yet, or None if nothing says so.

    A compute run writes <out>/<id>_n<N>.values as .<id>_n<N>.values.partial
    beside it, holding the lock .<id>_n<N>.lock and saving its state in
    .<id>_n<N>.band.state (or .state), and renames the directory when
    complete; a replacement stopped midway leaves the previous dataset as
    .<id>_n<N>.values.old. Any of these in place of the dataset says so.
    """
    path = pathlib.Path(path)
    name = path.name
    if not name.endswith(".values"):
        return None
    aside = path.parent / f".{name}.old"
    if aside.is_dir():
        return TableFileError(f"{path}: no values dataset, but a replacement stopped midway left the previous "
                              f"one in {aside}: rename it to {name}, or rerun compute, which does")
    stem = name[:-len(".values")]
    found = [f for f in (f".{name}.partial", f".{stem}.lock", f".{stem}.band.state", f".{stem}.state")
             if (path.parent / f).exists()]
    if not found:
        return None
    return TableFileError(f"{path}: not written yet: a compute run is writing it, or was interrupted "
                          f"({', '.join(found)} in {path.parent}, no {name}); the dataset appears, with its "
                          f"manifest, when the run finishes: wait for it, or resume it with compute -resume")


def _identity(path):
    """The (device, inode) of the directory at path, or None if there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class ValuesDatasetSource:
    """An open values dataset, read a checked part at a time (see reader.py for the interface).

    verify=False skips the SHA-256 of each part read (every other check is
    made); partial reads warn either way (see the module doc).
    """

    kind = "values dataset"

    def __init__(self, path, verify=True):
        self.path = pathlib.Path(path)
        self._opened = _identity(self.path)  # before the manifest: a later swap is caught by __exit__
        if self._opened is None:
            raise unwritten(self.path) or FileNotFoundError(errno.ENOENT, "no values dataset", str(self.path))
        self.md, self.parts = read_dataset_manifest(self.path)
        self.value_range = self.md["values"]
        self.rows_covered = self.md["rows"]
        self.side = self.md["n"] + 1
        self.verify = verify

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.close()
        # A part that no longer matches the manifest read at open, in a directory that is another
        # one now, was replaced, not damaged.
        if isinstance(exc, DamagedValuesDataset) and _identity(self.path) != self._opened:
            raise ValuesDatasetReplaced(self.path) from exc

    def open_part(self, i):
        """Part i as an open, checked PartFile (a context manager)."""
        return PartFile(self.path / self.parts[i]["file"], self.md, self.parts[i], self.verify)

    def key_values(self, i):
        """The key-value metadata of part i, as str, after the checks of a read and of every row group's value."""
        with self.open_part(i) as part:
            part.select(part.entry["x_first"], part.entry["x_last"] + 1, 0, self.side)
            return part.key_values

    def _parts_of(self, x0, x1):
        """The indices of the parts holding a row of x0..x1-1."""
        return [i for i, p in enumerate(self.parts) if p["x_first"] < x1 and p["x_last"] >= x0]

    def _warn_partial(self, what, parts, stacklevel):
        """Warn what a partial read of parts parts did not check; stacklevel points at the user's call."""
        checked = ("each matched its SHA-256 in the manifest" if self.verify
                   else "their SHA-256 not checked (verify=False)")
        warnings.warn(f"{self.path}: {what} read {parts} of the {len(self.parts)} parts ({checked}) and "
                      f"in them only the row groups it needed: cells_sha256, the checksum of every cell, was "
                      f"not checked, so a part edited along with its SHA-256 in the manifest goes unnoticed; "
                      f"grundytables.check_dataset reads and checks every cell",
                      PartialReadWarning, stacklevel=stacklevel)

    def _select(self, x0, x1, y0, y1, value=None):
        """The cells of rows x0..x1-1 and columns y0..y1-1 (of value only, unless None), a piece a part.

        Reads only the row groups whose statistics may hold such a cell;
        returns a list of (v, x, y) int64 arrays, one per part read, each in
        the part's order: by v, then x, then y.
        """
        found, parts = [], self._parts_of(x0, x1)
        for i in parts:
            with self.open_part(i) as part:
                groups = part.select(x0, x1, y0, y1, value)
                v, x, y = part.read_groups(groups)
            if not all(x0 <= g.x_min and g.x_max < x1 and y0 <= g.y_min and g.y_max < y1 for g in groups):
                keep = (x >= x0) & (x < x1) & (y >= y0) & (y < y1)
                v, x, y = v[keep], x[keep], y[keep]
            found.append((v, x, y))
        # stacklevel 5: past _warn_partial, _select, the source's cells/cell/region and the public function
        self._warn_partial(f"a read of rows {x0}..{x1 - 1}", len(parts), stacklevel=5)
        return found

    def cells(self, value, x0=None, x1=None):
        """The (x, y) of the cells of value in rows x0..x1-1 (default: all), row-major, int64 (k, 2)."""
        x0 = self.rows_covered[0] if x0 is None else x0
        x1 = self.rows_covered[1] + 1 if x1 is None else x1
        pieces = self._select(x0, x1, 0, self.side, value)
        out = np.empty((sum(len(x) for _, x, _ in pieces), 2), np.int64)
        start = 0
        for _, x, y in pieces:  # one copy into the result, not a concatenation and a stack
            out[start:start + len(x), 0], out[start:start + len(x), 1] = x, y
            start += len(x)
        return out

    def cell(self, x, y):
        """The value of the cell (x, y), or None if the dataset does not hold it; reads one row group or few."""
        v = np.concatenate([np.empty(0, np.int64)] + [v for v, _, _ in self._select(x, x + 1, y, y + 1)])
        if len(v) > 1:
            raise DamagedValuesDataset(self.path / self.parts[self._parts_of(x, x + 1)[0]]["file"],
                                       f"holds the cell ({x}, {y}) {len(v)} times, with the values {v.tolist()}")
        return int(v[0]) if len(v) else None

    def region(self, x0, x1, y0, y1):
        """The cells [x0:x1, y0:y1] as a masked int32 array, the cells the dataset lacks masked.

        A region of every row and column is a read of every cell (iter_rows,
        which checks cells_sha256); another reads only the row groups it needs.
        """
        if (x0, x1, y0, y1) == (self.rows_covered[0], self.rows_covered[1] + 1, 0, self.side):
            return np.ma.concatenate([rows for _, rows in self.iter_rows(x0, x1)])
        out = np.ma.masked_all((x1 - x0, y1 - y0), np.int32)
        if x0 < x1 and y0 < y1:
            for v, x, y in self._select(x0, x1, y0, y1):
                out[x - x0, y - y0] = v
        return out

    def iter_rows(self, x0, x1):
        """Yield (x, rows) for x0 <= x < x1: masked int32 arrays, the unknown cells masked.

        Reads one part at a time, and puts a block of its rows at a time in
        order (_part_blocks). When x0..x1 are all the rows of the dataset,
        every cell is read and cells_sha256 checked at the end (a
        DamagedValuesDataset after the last piece if it does not match).
        """
        whole = (x0, x1) == (self.rows_covered[0], self.rows_covered[1] + 1)
        parts = self._parts_of(x0, x1)
        if not whole:
            self._warn_partial(f"a read of rows {x0}..{x1 - 1}", len(parts), stacklevel=4)
        total = self._cell_sum() if whole else None
        step = max(1, CHUNK_CELLS // self.side)
        for i in parts:
            for a, b, v, x, y in self._part_blocks(i, x0, x1, total, step):
                order = np.argsort(x, kind="stable")
                v, x, y = v[order], x[order], y[order]
                for c in range(a, b, step):
                    d = min(b, c + step)
                    i0, i1 = np.searchsorted(x, [c, d])
                    yield c, masked_rows(c, d, self.side, v[i0:i1], x[i0:i1], y[i0:i1])
        if whole:
            self._check_total(total)

    def _part_blocks(self, i, x0, x1, total=None, multiple=1):
        """Yield (a, b, v, x, y) for blocks of consecutive rows a..b-1 covering the rows of part i in x0..x1-1.

        v, x, y are the block's cells as int64 arrays, in no particular
        order. The part's x and y are read a row group at a time and held
        (16 bytes a cell); a block holds about BLOCK_CELLS cells, in a
        multiple of multiple rows, so the sorts and sums of a part's cells
        take memory for a block, not the part. With total (from _cell_sum,
        for a read of the whole part: x0..x1 must cover its rows) every
        block is accounted in total, and a cell held twice, under two
        values, refused.
        """
        entry = self.parts[i]
        first, last = max(x0, entry["x_first"]), min(x1, entry["x_last"] + 1)
        with self.open_part(i) as part:
            groups = part.select(first, last, 0, self.side)
            columns = [part.read_group(g) for g in groups]
        values = [g.value for g in groups]
        per_row = max(1, entry["cells"] // (entry["x_last"] - entry["x_first"] + 1))
        rows = max(multiple, BLOCK_CELLS // per_row // multiple * multiple)
        lo, hi = self.value_range
        for a in range(first, last, rows):
            b = min(last, a + rows)
            bounds = [np.searchsorted(gx, [a, b]) for gx, _ in columns]
            v, x, y = join_groups(values, [(gx[s:e], gy[s:e]) for (gx, gy), (s, e) in zip(columns, bounds)])
            if total is not None:
                twice = total.add_rows(a, b - 1, self.side, lo, hi, v, x, y)
                if twice is not None:
                    raise DamagedValuesDataset(self.path / entry["file"], f"holds the cell {twice} twice, "
                                                                          f"under two values")
            yield a, b, v, x, y

    def _cell_sum(self):
        """A running cells_sha256 of the dataset's format over its rows, none added yet."""
        return cell_sum(self.md["format"], self.rows_covered[0])

    def _check_total(self, total):
        md = self.md
        digest = total.hexdigest()
        if total.count != md["cells"] or digest != md["cells_sha256"]:
            raise DamagedValuesDataset(self.path / MANIFEST, f"the parts hold {total.count} cells with cells_sha256 "
                                                             f"{digest}, the manifest says {md['cells']} with "
                                                             f"{md['cells_sha256']}: a part was changed along with "
                                                             f"its SHA-256 in the manifest")

    def check(self):
        """Read every cell of every part, check all, cells_sha256 too; return what was checked (a dict)."""
        total = self._cell_sum()
        for i, entry in enumerate(self.parts):
            for _ in self._part_blocks(i, entry["x_first"], entry["x_last"] + 1, total):
                pass
        self._check_total(total)
        return {"path": str(self.path), "parts": len(self.parts), "cells": total.count,
                "parts_sha256": self.verify, "cells_sha256": total.hexdigest()}
