"""Values datasets: the cells of the values LO..HI of a research run, as a directory of Parquet parts.

The layout ("grundy-values/1", agreed in the project's spec of the values
dataset): a directory ``<id>_n<N>.values/`` holding ``_manifest.json``
(written last) and parts ``part-<x_first, 12 digits>.parquet``. Part i holds
the cells (v int32, x int64, y int64) with LO <= v <= HI of the table rows
x_first..x_last, ordered by v, then x, then y, one row group per value.
The manifest lists every part with its rows, its number of cells and the
SHA-256 of its bytes; the parts cover the rows "rows": [A, B] one after the
other. Nothing is reported from a part before its SHA-256 matches the
manifest and its rows pass the checks of _read_part; a failure is a
DamagedValuesDataset, "damaged values dataset: <path>: ...".
"""

import hashlib
import json
import pathlib
import re

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .errors import DamagedValuesDataset, TableFileError, parse_value_range
from .values_file import CHUNK_CELLS, masked_rows

FORMAT = "grundy-values/1"
MANIFEST = "_manifest.json"
SWEEPS = ("band", "full")
PART_TYPES = {"v": pa.int32(), "x": pa.int64(), "y": pa.int64()}
SHA256 = re.compile(r"[0-9a-f]{64}")


def part_name(x_first):
    """The file name of the part whose first row is x_first: "part-000000065536.parquet"."""
    return f"part-{x_first:012d}.parquet"


def _integer(manifest_path, where, value, low=0):
    """value as an int >= low (a JSON integer), else DamagedValuesDataset naming where."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise DamagedValuesDataset(manifest_path, f"{where} = {value!r} is not an integer >= {low}")
    return value


def _check_parts(manifest_path, parts, rows):
    """Check that parts (the manifest's list) cover rows A..B one after the other; return them."""
    if not isinstance(parts, list) or not parts:
        raise DamagedValuesDataset(manifest_path, "parts is not a non-empty list")
    want = rows[0]
    checked = []
    for i, part in enumerate(parts):
        where = f"parts[{i}]"
        if not isinstance(part, dict) or set(part) < {"file", "x_first", "x_last", "cells", "sha256"}:
            raise DamagedValuesDataset(manifest_path, f"{where} lacks file, x_first, x_last, cells or sha256")
        first = _integer(manifest_path, f"{where}.x_first", part["x_first"])
        last = _integer(manifest_path, f"{where}.x_last", part["x_last"], low=first)
        cells = _integer(manifest_path, f"{where}.cells", part["cells"])
        if first != want:
            raise DamagedValuesDataset(manifest_path, f"{where} starts at row {first}, want {want}: "
                                                      f"the parts must cover the rows one after the other")
        if part["file"] != part_name(first):
            raise DamagedValuesDataset(manifest_path, f"{where}.file = {part['file']!r}, want {part_name(first)!r}")
        if not isinstance(part["sha256"], str) or not SHA256.fullmatch(part["sha256"]):
            raise DamagedValuesDataset(manifest_path, f"{where}.sha256 is not a SHA-256 in hex")
        checked.append({"file": part["file"], "x_first": first, "x_last": last, "cells": cells,
                        "sha256": part["sha256"]})
        want = last + 1
    if want != rows[1] + 1:
        raise DamagedValuesDataset(manifest_path, f"the parts end at row {want - 1}, "
                                                  f"the manifest's rows at {rows[1]}")
    return checked


def read_manifest(directory):
    """Read and check the manifest of the values dataset in directory; return (metadata, parts).

    metadata holds the manifest's fields but parts, typed: n, workers, cells
    (and max_value) int, seconds float, values (lo, hi) and rows (A, B) tuples.
    """
    directory = pathlib.Path(directory)
    path = directory / MANIFEST
    if not path.is_file():
        if directory.name.endswith(".partial"):
            raise TableFileError(f"{directory}: an incomplete values dataset (still being written, or "
                                 f"its run was interrupted: resume it with compute -resume)")
        raise DamagedValuesDataset(path, "missing: a complete values dataset has its manifest, written last")
    try:
        manifest = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        raise DamagedValuesDataset(path, f"not readable JSON: {err}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise DamagedValuesDataset(path, f"format is not {FORMAT!r}")
    full = manifest.get("sweep") == "full"
    required = ["table", "symbol", "n", "values", "sweep", "rows", "version", "workers", "seconds",
                "cells", "cells_sha256", "parts"] + (["g_sha256", "max_value"] if full else [])
    missing = [key for key in required if key not in manifest]
    if missing:
        raise DamagedValuesDataset(path, f"lacks {', '.join(missing)}")
    md = {key: value for key, value in manifest.items() if key != "parts"}
    for key in ("table", "symbol", "version", "cells_sha256"):
        if not isinstance(md[key], str) or not md[key]:
            raise DamagedValuesDataset(path, f"{key} = {md[key]!r} is not a non-empty string")
    if md["sweep"] not in SWEEPS:
        raise DamagedValuesDataset(path, f"sweep = {md['sweep']!r}, want one of {', '.join(SWEEPS)}")
    if not full and ("g_sha256" in md or "max_value" in md):
        raise DamagedValuesDataset(path, "g_sha256 and max_value belong to a sweep \"full\" only")
    for key in ("n", "workers", "cells"):
        md[key] = _integer(path, key, md[key])
    if full:
        md["max_value"] = _integer(path, "max_value", md["max_value"], low=-1)
    if isinstance(md["seconds"], bool) or not isinstance(md["seconds"], (int, float)):
        raise DamagedValuesDataset(path, f"seconds = {md['seconds']!r} is not a number")
    md["seconds"] = float(md["seconds"])
    try:
        md["values"] = parse_value_range(md["values"], "values")
    except TableFileError as err:
        raise DamagedValuesDataset(path, str(err)) from None
    rows = md["rows"]
    if not (isinstance(rows, list) and len(rows) == 2):
        raise DamagedValuesDataset(path, f"rows = {rows!r} is not a pair [A, B]")
    md["rows"] = (_integer(path, "rows[0]", rows[0]), _integer(path, "rows[1]", rows[1], low=rows[0]))
    if md["rows"][1] > md["n"]:
        raise DamagedValuesDataset(path, f"rows = {rows} reaches beyond n = {md['n']}")
    parts = _check_parts(path, manifest["parts"], md["rows"])
    if sum(p["cells"] for p in parts) != md["cells"]:
        raise DamagedValuesDataset(path, f"cells = {md['cells']}, but its parts hold "
                                         f"{sum(p['cells'] for p in parts)}")
    return md, parts


def _ordered(v, x, y):
    """Whether the rows (v, x, y) are strictly increasing in the order v, then x, then y."""
    dv, dx, dy = np.diff(v), np.diff(x), np.diff(y)
    return bool(((dv > 0) | ((dv == 0) & ((dx > 0) | ((dx == 0) & (dy > 0))))).all())


class ValuesDatasetSource:
    """An open values dataset, read a checked part at a time (see reader.py for the interface)."""

    kind = "values dataset"

    def __init__(self, path):
        self.path = pathlib.Path(path)
        self.md, self.parts = read_manifest(self.path)
        self.value_range = self.md["values"]
        self.rows_covered = self.md["rows"]
        self.side = self.md["n"] + 1
        self._cached = (None, None)

    def close(self):
        self._cached = (None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def key_values(self, i):
        """The key-value metadata of part i (checked, as every read of a part is), as str."""
        return self._read_part(i)[1]

    def part(self, i):
        """v, x, y of part i as int64 arrays, after every check; the last part read is kept."""
        if self._cached[0] != i:
            self._cached = (i, self._read_part(i)[0])
        return self._cached[1]

    def _read_part(self, i):
        part = self.parts[i]
        path = self.path / part["file"]
        try:
            data = path.read_bytes()
        except OSError as err:
            raise DamagedValuesDataset(path, f"cannot be read: {err}") from None
        digest = hashlib.sha256(data).hexdigest()
        if digest != part["sha256"]:
            raise DamagedValuesDataset(path, f"SHA-256 {digest} ({len(data)} bytes), "
                                             f"the manifest says {part['sha256']}")
        try:
            table = pq.read_table(pa.BufferReader(data))
        except (pa.ArrowException, OSError) as err:
            raise DamagedValuesDataset(path, f"not a readable Parquet file: {err}") from None
        types = {f.name: f.type for f in table.schema}
        if types != PART_TYPES:
            raise DamagedValuesDataset(path, f"columns {types}, want v int32, x int64, y int64")
        kv = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items()}
        self._check_key_values(path, part, kv)
        if table.num_rows != part["cells"]:
            raise DamagedValuesDataset(path, f"holds {table.num_rows} cells, the manifest says {part['cells']}")
        if any(table.column(c).null_count for c in PART_TYPES):
            raise DamagedValuesDataset(path, "holds nulls")
        v, x, y = (table.column(c).to_numpy().astype(np.int64) for c in PART_TYPES)
        lo, hi = self.value_range
        n = self.md["n"]
        bad = (v < lo) | (v > hi) | (x < part["x_first"]) | (x > part["x_last"]) | (y < 0) | (y > n)
        if bad.any():
            k = int(np.argmax(bad))
            raise DamagedValuesDataset(path, f"row (v={v[k]}, x={x[k]}, y={y[k]}) lies outside the values "
                                             f"{lo}-{hi}, the rows {part['x_first']}..{part['x_last']} "
                                             f"or the columns 0..{n}")
        if not _ordered(v, x, y):
            raise DamagedValuesDataset(path, "its rows are not ordered by v, then x, then y")
        if len(np.unique(x * self.side + y)) != len(x):
            raise DamagedValuesDataset(path, "holds a cell twice")
        return (v, x, y), kv

    def _check_key_values(self, path, part, kv):
        md = self.md
        want = {"table": md["table"], "symbol": md["symbol"], "n": str(md["n"]),
                "values": f"{md['values'][0]}-{md['values'][1]}", "sweep": md["sweep"],
                "x_first": str(part["x_first"]), "x_last": str(part["x_last"])}
        for key, value in want.items():
            if kv.get(key) != value:
                raise DamagedValuesDataset(path, f"metadata {key} = {kv.get(key)!r}, the manifest says {value!r}")

    def _parts_of(self, x0, x1):
        """The indices of the parts holding a row of x0..x1-1."""
        return [i for i, p in enumerate(self.parts) if p["x_first"] < x1 and p["x_last"] >= x0]

    def iter_rows(self, x0, x1):
        """Yield (x, rows) for x0 <= x < x1: masked int32 arrays, the unknown cells masked."""
        step = max(1, CHUNK_CELLS // self.side)
        for a in range(x0, x1, step):
            b = min(x1, a + step)
            found = [np.empty(0, np.int64)] * 3
            for i in self._parts_of(a, b):
                v, x, y = self.part(i)
                keep = (x >= a) & (x < b)
                found = [np.concatenate([f, c[keep]]) for f, c in zip(found, (v, x, y))]
            yield a, masked_rows(a, b, self.side, *found)

    def cells(self, value):
        """The (x, y) of the cells of value (within the dataset's range), row-major, int64 (k, 2)."""
        found = [np.empty((0, 2), np.int64)]
        for i in range(len(self.parts)):
            v, x, y = self.part(i)
            hit = v == value
            found.append(np.stack([x[hit], y[hit]], axis=1))
        return np.concatenate(found)
