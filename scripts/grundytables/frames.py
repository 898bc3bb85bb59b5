"""A values dataset as a polars LazyFrame or a DuckDB relation over exactly the manifest's parts.

A glob over the directory (``pl.scan_parquet("D/*.parquet")``,
``read_parquet('D/*.parquet')``, ``pq.read_table("D")``) reads every
Parquet file there, a stray or leftover part the manifest does not list
included, and checks no checksum. part_paths lists the manifest's parts
only, after checking each as grundytables reads one and decoding every
row group of it: a regular file, not a symbolic link, of a size its cell
count allows; its SHA-256; its footer (every row group's sizes and
statistics, which polars and pyarrow would panic or abort on if malformed,
or silently read wrong: a row group whose num_rows is 0 or -1); and every
cell against its row group's num_rows, statistics and the (x, y) order.
scan_polars and duckdb_relation hand those paths to polars and DuckDB,
which then read the files by name again: a part replaced between the
check and the query is not seen, so check and query a dataset nothing is
writing. Neither checks cells_sha256, nor a cell held under two values in
one part, which need every cell summed: grundytables.check_dataset does.
"""

from .dataset import ValuesDatasetSource


def part_paths(path, verify=True):
    """The paths (str) of the parts the manifest of the values dataset at path lists, each checked.

    Every row group of every part is decoded and checked (see the module
    doc), a row group at a time. verify=False skips the parts' SHA-256; the
    other checks are made. A failing part raises DamagedValuesDataset naming it.
    """
    with ValuesDatasetSource(path, verify) as source:
        for i in range(len(source.parts)):
            with source.open_part(i) as part:
                for group in part.groups:
                    part.read_group(group)
        return [str(source.path / p["file"]) for p in source.parts]


def scan_polars(path, verify=True):
    """A polars LazyFrame of the columns v, x, y over exactly the parts of the dataset at path, checked by part_paths.

    What it does not check (cells_sha256, a cell under two values, a part
    replaced after the check) is in the module doc.
    """
    import polars as pl
    return pl.scan_parquet(part_paths(path, verify))


def duckdb_relation(path, connection=None, verify=True):
    """A DuckDB relation of the columns v, x, y over exactly the checked parts of the dataset at path.

    connection is a duckdb connection, by default duckdb's default one.
    """
    import duckdb
    connection = duckdb.default_connection() if connection is None else connection
    return connection.read_parquet(part_paths(path, verify))
