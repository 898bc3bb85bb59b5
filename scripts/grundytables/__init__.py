"""Read the project's result files from Python: table files, values files and values datasets.

- A table file (``<id>_n<N>.arrow`` or ``.parquet``, cmd/compute -write
  table) holds every cell 0 <= x, y <= n of a table (see tables.py).
- A values file (``<id>_n<N>.values.arrow``, cmd/compute -write values
  before 2026-11-23) holds the cells whose value lies in LO..HI (see
  values_file.py); no checksum covers its rows, and opening one warns
  (OldValuesFileWarning).
- A values dataset (the directory ``<id>_n<N>.values/``) holds the same,
  as Parquet parts listed with their SHA-256 in _manifest.json (see dataset.py).

Every function takes any of the three; tables come back as 2-D numpy int32
arrays indexed [x, y], masked where a values file does not know the cell.
cell, load_region, iter_rows and cells read only the bands or parts they
need, one at a time, so they work on tables larger than memory. Every error
about a file is a TableFileError (a ValueError) whose message starts with
the file's path (a DamagedValuesDataset, "damaged values dataset: <path>:
..."): not a result file, damaged, truncated, or a checksum that does not
match. read_patterns reads the pattern JSON of ``verify -patterns -json``
and refuses one made from another table or n than the file it is used with.

Sums over g: g is int32, and polars sums an int32 column in int32, wrapping
silently past 2**31 (a whole table at n = 10000 sums to about 5.5e11). Cast
first: ``df.select(pl.col("g").cast(pl.Int64).sum())``; numpy: ``g.sum(dtype=np.int64)``.

The readers need pyarrow and numpy; the plots (grundytables.plot,
grundytables.pattern_plot) need matplotlib too.
"""

from .errors import DamagedValuesDataset, TableFileError, Unknown
from .patterns import PatternFileError, read_patterns
from .reader import cell, cells, iter_rows, load, load_region, metadata, open_source, value_range
from .tables import COLUMNS, METADATA_KEYS
from .values_file import OldValuesFileWarning

__all__ = ["COLUMNS", "METADATA_KEYS", "DamagedValuesDataset", "OldValuesFileWarning", "PatternFileError", "TableFileError",
           "Unknown", "cell", "cells", "iter_rows", "load", "load_region", "metadata", "open_source",
           "read_patterns", "value_range"]
