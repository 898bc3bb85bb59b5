"""Read the project's result files from Python: table files, values files and values datasets.

- A table file (``<id>_n<N>.arrow`` or ``.parquet``, cmd/compute -write
  table) holds every cell 0 <= x, y <= n of a table (see tables.py).
- A values file (``<id>_n<N>.values.arrow``, cmd/compute -write values
  before 2026-11-23) holds the cells whose value lies in LO..HI (see
  values_file.py); no checksum covers its rows, and opening one warns
  (OldValuesFileWarning).
- A values dataset (the directory ``<id>_n<N>.values/``) holds the same,
  as Parquet parts listed with their SHA-256 in _manifest.json (see dataset.py).

A values dataset is read as the manifest says and no further: only the
parts it lists, each only if it is a regular file (no symbolic link is
followed, no FIFO or device opened) of a size its cell count allows, and
each checked against its SHA-256 as it is read (verify=False opts out). A
query reads only the parts and row groups it needs (cells(path, 37) reads
one row group a part), so it cannot check cells_sha256, the checksum of
every cell; it says so with a PartialReadWarning (meant for programs: the
plots do not print it, and quiet_partial_reads() silences it). check_dataset(path)
reads every cell and checks cells_sha256 too; so does iter_rows over all
the rows. For polars or DuckDB, scan_polars(path) and
duckdb_relation(path) give a LazyFrame or a relation over exactly the
manifest's parts, checked.

With plain pyarrow, polars or DuckDB, read the parts the manifest lists,
not a glob, which takes any Parquet file in the directory (a leftover or
foreign part included) and checks nothing::

    import json, pathlib
    d = pathlib.Path("out/gneg1_n1000000.values")
    files = [str(d / p["file"]) for p in json.loads((d / "_manifest.json").read_text())["parts"]]
    pyarrow.parquet.read_table(files)   # or polars.scan_parquet(files), duckdb.read_parquet(files)

Every function takes any of the three; tables come back as 2-D numpy int32
arrays indexed [x, y], masked where a values file does not know the cell.
cell, load_region, iter_rows and cells read only the bands or parts they
need, one at a time, so they work on tables larger than memory. Every error
about a file is a TableFileError (a ValueError) whose message starts with
the file's path (a DamagedValuesDataset, "damaged values dataset: <path>:
..."): not a result file, damaged, truncated, or a checksum that does not
match; a dataset whose directory is replaced while it is read (a compute
run publishing it anew) is ValuesDatasetReplaced, not damage. read_patterns reads the pattern JSON of ``verify -patterns -json``
and refuses one made from another table or n than the file it is used with.

Sums over g: g is int32, and polars sums an int32 column in int32, wrapping
silently past 2**31 (a whole table at n = 10000 sums to about 5.5e11). Cast
first: ``df.select(pl.col("g").cast(pl.Int64).sum())``; numpy: ``g.sum(dtype=np.int64)``.

The readers need pyarrow and numpy; the plots (grundytables.plot,
grundytables.pattern_plot) need matplotlib too.
"""

from .errors import (DamagedValuesDataset, PartialReadWarning, TableFileError, Unknown, ValuesDatasetReplaced,
                     quiet_partial_reads)
from .frames import duckdb_relation, part_paths, scan_polars
from .games import game, game_identity, read_game_file, write_game_file
from .patterns import PatternFileError, read_patterns
from .reader import check_dataset, cell, cells, iter_rows, load, load_region, metadata, open_source, value_range
from .tables import COLUMNS, METADATA_KEYS
from .values_file import OldValuesFileWarning

__all__ = ["COLUMNS", "METADATA_KEYS", "DamagedValuesDataset", "OldValuesFileWarning", "PartialReadWarning",
           "PatternFileError", "TableFileError", "Unknown", "cell", "cells", "check_dataset", "duckdb_relation",
           "game", "game_identity", "read_game_file", "write_game_file",
           "iter_rows", "load", "load_region", "metadata", "open_source", "part_paths", "quiet_partial_reads",
           "read_patterns", "scan_polars", "value_range", "ValuesDatasetReplaced"]
