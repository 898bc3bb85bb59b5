"""A values dataset as a polars LazyFrame or a DuckDB relation over exactly the manifest's parts.

A glob over the directory (``pl.scan_parquet("D/*.parquet")``,
``read_parquet('D/*.parquet')``, ``pq.read_table("D")``) reads every
Parquet file there, a stray or leftover part the manifest does not list
included, and checks no checksum. part_paths lists the manifest's parts
only, after checking each as grundytables reads one (a regular file, not a
symbolic link, of a size its cell count allows, its SHA-256, its layout
and statistics); scan_polars and duckdb_relation hand those paths to
polars and DuckDB, which then read the files by name again: a part
replaced between the check and the query is not seen, so check and query
a dataset nothing is writing. Neither checks cells_sha256, which needs
every cell: grundytables.check_dataset does.
"""

from .dataset import ValuesDatasetSource


def part_paths(path, verify=True):
    """The paths (str) of the parts the manifest of the values dataset at path lists, each checked.

    verify=False skips the parts' SHA-256 (a read of every byte); the other
    checks are made. A failing part raises DamagedValuesDataset naming it.
    """
    with ValuesDatasetSource(path, verify) as source:
        for i in range(len(source.parts)):
            with source.open_part(i):
                pass
        return [str(source.path / p["file"]) for p in source.parts]


def scan_polars(path, verify=True):
    """A polars LazyFrame of the columns v, x, y over exactly the checked parts of the dataset at path."""
    import polars as pl
    return pl.scan_parquet(part_paths(path, verify))


def duckdb_relation(path, connection=None, verify=True):
    """A DuckDB relation of the columns v, x, y over exactly the checked parts of the dataset at path.

    connection is a duckdb connection, by default duckdb's default one.
    """
    import duckdb
    connection = duckdb.default_connection() if connection is None else connection
    return connection.read_parquet(part_paths(path, verify))
