"""Write a values dataset ("grundy-values/3", or /2 or /1) from a table file with pyarrow alone, by the spec.

The spec of the values dataset (agreed for the Go writer): a directory
<id>_n<N>.values/ written as .<id>_n<N>.values.partial/ and renamed when
complete; parts part-<x_first, 12 digits>.parquet of block_rows table rows
each (a part without cells still written), columns v int32, x int64,
y int64 ordered by v, then x, then y, one row group per value, x and y
DELTA_BINARY_PACKED, v dictionary-encoded, zstd; key-value metadata of
every part; _manifest.json written last (temp file, fsync, rename) with the
SHA-256 of every part and cells_sha256, over the rows A..B, all little-endian:

- format "grundy-values/3" (cells_sha256): SHA-256 of A as int64 followed
  by every row's SHA-256 of its encoding, a row x of c cells y1 < ... < yc
  with values v1 .. vc encoded in the first of these that holds it:
  dense, when c >= 1, every 0 <= v <= 254, the span s = yc - y1 + 1 is at
  most 4c and -2**31 <= y1 - x < 2**31: c | 2**31 as uint32, y1 - x as
  int32, then s bytes, byte j being v + 1 if the row has a cell (y1 + j, v)
  and 0 if it has none; narrow, when every cell has -32768 <= y - x <= 32767
  and 0 <= v <= 65535: c as uint32, then each cell's y - x as int16 and v
  as uint16; wide otherwise: c as uint32, then each cell's y - x as int32
  and v as int32 (a row without a cell: 4 zero bytes);
- format "grundy-values/2" (cells_sha256_v2): the same without the dense
  encoding;
- format "grundy-values/1" (cells_sha256_v1): SHA-256 of the SHA-256 of (A
  as int64, every row's cell count as uint32) followed by the SHA-256 of
  the cells in (x, y) order, each as y - x int32 and v int32.

This writer shares no code with grundytables, so that the tests check the
reader against the spec.
"""

import hashlib
import json
import os
import struct

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

SCHEMA = pa.schema([("v", pa.int32()), ("x", pa.int64()), ("y", pa.int64())])
LAYOUT = ("cells (v, x, y) with LO <= v <= HI of the table rows x_first..x_last, "
          "ordered by v, then x, then y; one row group per value")


def cells_sha256(v, x, y, first, last):
    """cells_sha256 of format grundy-values/3 of the cells (v, x, y) of rows first..last, a row at a time."""
    return _sum_of_rows(v, x, y, first, last, lambda cells: _dense(cells) or _narrow_or_wide(cells))


def cells_sha256_v2(v, x, y, first, last):
    """cells_sha256 of format grundy-values/2 of the cells (v, x, y) of rows first..last, a row at a time."""
    return _sum_of_rows(v, x, y, first, last, _narrow_or_wide)


def _sum_of_rows(v, x, y, first, last, encode):
    """SHA-256 of first as int64 and the SHA-256 of each row's encode(its cells as (y - x, v) in increasing y)."""
    by_row = {}
    for a, b, c in zip(x.tolist(), y.tolist(), v.tolist()):
        by_row.setdefault(a, []).append((b - a, c))
    total = hashlib.sha256(struct.pack("<q", first))
    for row in range(first, last + 1):
        total.update(hashlib.sha256(encode(sorted(by_row.get(row, [])))).digest())
    return total.hexdigest()


def _dense(cells):
    """The dense encoding of a row's cells (y - x, v), or None if the row is not dense."""
    if not cells or not all(0 <= value <= 254 for _, value in cells):
        return None
    first_offset, span = cells[0][0], cells[-1][0] - cells[0][0] + 1
    if span > 4 * len(cells) or not -(2 ** 31) <= first_offset < 2 ** 31:
        return None
    columns = bytearray(span)
    for d, value in cells:
        columns[d - first_offset] = value + 1
    return struct.pack("<Ii", len(cells) | 2 ** 31, first_offset) + bytes(columns)


def _narrow_or_wide(cells):
    """The narrow encoding of a row's cells (y - x, v) if they fit it, else the wide one."""
    narrow = all(-32768 <= d <= 32767 and 0 <= value <= 65535 for d, value in cells)
    cell = "<hH" if narrow else "<ii"
    return struct.pack("<I", len(cells)) + b"".join(struct.pack(cell, d, value) for d, value in cells)


def cells_sha256_v1(v, x, y, first, last):
    """cells_sha256 of format grundy-values/1 of the cells (v, x, y) of rows first..last."""
    counts = np.bincount(x - first, minlength=last - first + 1).astype("<u4")
    rows = hashlib.sha256(np.int64(first).astype("<i8").tobytes() + counts.tobytes()).digest()
    order = np.lexsort((y, x))
    packed = np.empty(len(v), dtype=np.dtype([("d", "<i4"), ("v", "<i4")]))
    packed["d"], packed["v"] = (y - x)[order], v[order]
    cells = hashlib.sha256(packed.tobytes()).digest()
    return hashlib.sha256(rows + cells).hexdigest()


# The manifest's format -> the cells_sha256 it defines.
CELL_SUMS = {"grundy-values/3": cells_sha256, "grundy-values/2": cells_sha256_v2,
             "grundy-values/1": cells_sha256_v1}


def _write_part(path, metadata, v, x, y):
    """Write one part: the cells sorted by (v, x, y), one row group per value."""
    order = np.lexsort((y, x, v))
    v, x, y = v[order], x[order], y[order]
    schema = SCHEMA.with_metadata(metadata)
    with pq.ParquetWriter(path, schema, compression="zstd", use_dictionary=["v"],
                          column_encoding={"x": "DELTA_BINARY_PACKED", "y": "DELTA_BINARY_PACKED"}) as w:
        for value in np.unique(v):
            hit = v == value
            w.write_table(pa.table([pa.array(v[hit], pa.int32()), pa.array(x[hit], pa.int64()),
                                    pa.array(y[hit], pa.int64())], schema=schema))


def write_values_dataset(table_path, out, lo, hi, block_rows, sweep="full", dataset_format="grundy-values/3"):
    """Write the values dataset of the values lo..hi of the table file at table_path into out.

    dataset_format (a key of CELL_SUMS) chooses the manifest's format and
    its cells_sha256. Returns the dataset's directory.
    """
    table = pq.read_table(table_path)
    md = {k.decode(): v.decode() for k, v in table.schema.metadata.items() if k != b"ARROW:schema"}
    g = table.column("g").to_numpy().astype(np.int32)
    x = table.column("x").to_numpy().astype(np.int64)
    y = table.column("y").to_numpy().astype(np.int64)
    n, name = int(md["n"]), f"{md['table']}_n{md['n']}.values"
    partial = out / f".{name}.partial"
    partial.mkdir()
    keep = (g >= lo) & (g <= hi)
    v, x, y = g[keep], x[keep], y[keep]
    parts = []
    for x_first in range(0, n + 1, block_rows):
        x_last = min(n, x_first + block_rows - 1)
        rows = (x >= x_first) & (x <= x_last)
        file = f"part-{x_first:012d}.parquet"
        metadata = {"table": md["table"], "symbol": md["symbol"], "n": md["n"],
                    "definition": md["definition"], "source": md["source"], "values": f"{lo}-{hi}",
                    "sweep": sweep, "version": md["version"], "x_first": str(x_first),
                    "x_last": str(x_last), "layout": LAYOUT}
        _write_part(partial / file, metadata, v[rows], x[rows], y[rows])
        parts.append({"file": file, "x_first": x_first, "x_last": x_last, "cells": int(rows.sum()),
                      "sha256": hashlib.sha256((partial / file).read_bytes()).hexdigest()})
    manifest = {"format": dataset_format, "table": md["table"], "symbol": md["symbol"], "n": n,
                "values": f"{lo}-{hi}", "sweep": sweep, "rows": [0, n], "version": md["version"],
                "workers": 1, "seconds": 0.5, "cells": int(len(v)), "cells_sha256": CELL_SUMS[dataset_format](v, x, y, 0, n)}
    if sweep == "full":
        manifest |= {"g_sha256": md["g_sha256"], "max_value": int(md["max_value"])}
    manifest["parts"] = parts
    write_manifest(partial, manifest)
    directory = out / name
    os.rename(partial, directory)
    return directory


def write_manifest(directory, manifest):
    """Write _manifest.json into directory atomically: temp file, fsync, rename."""
    temp = directory / "_manifest.json.tmp"
    with open(temp, "w") as f:
        json.dump(manifest, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.rename(temp, directory / "_manifest.json")
