"""The fast reads of values datasets against a slow reference read, and the readers over polars and DuckDB.

The reference reads every part the manifest lists whole with pyarrow and
answers each query from its definition (the cells of value v; the value of
a cell; the cells of a window). The datasets: those of conftest (a full
sweep, the spec writer's parts of 16 rows, a band sweep, for every table),
and two band sweeps of compute with several parts, one of them of the rows
5000-39000 only.
"""

import json
import subprocess
import warnings

import numpy as np
import pyarrow.parquet as pq
import pytest
from conftest import TABLE_IDS

import grundytables

BIG_N = 40000
BIG_VALUES = (0, 12)
KINDS = ("full", "dataset", "band")


@pytest.fixture(scope="module")
def big_datasets(compute, tmp_path_factory):
    """Two band datasets of gneg1 at n = BIG_N with several parts: all rows, and the rows 5000-39000."""
    found = {}
    for name, extra in (("all", []), ("rows", ["-rows", "5000-39000"])):
        out = tmp_path_factory.mktemp(f"big-{name}")
        subprocess.run([str(compute), "-table", "gneg1", "-n", str(BIG_N), "-write", "values", "-values",
                        "%d-%d" % BIG_VALUES, "-out", str(out), "-quiet", *extra], check=True, capture_output=True)
        found[name] = out / f"gneg1_n{BIG_N}.values"
    return found


class Reference:
    """Every cell of a dataset, read whole with pyarrow from the parts the manifest lists."""

    def __init__(self, path):
        manifest = json.loads((path / "_manifest.json").read_text())
        table = pq.read_table([str(path / p["file"]) for p in manifest["parts"]])
        self.v, self.x, self.y = (table.column(c).to_numpy().astype(np.int64) for c in "vxy")
        self.n, self.rows = manifest["n"], manifest["rows"]
        self.values = tuple(int(b) for b in manifest["values"].split("-"))
        self.value_of = {(int(a), int(b)): int(c) for a, b, c in zip(self.x, self.y, self.v)}

    def cells(self, value):
        hit = self.v == value
        return np.array(sorted(zip(self.x[hit].tolist(), self.y[hit].tolist())), dtype=np.int64).reshape(-1, 2)

    def region(self, x0, x1, y0, y1):
        out = np.ma.masked_all((x1 - x0, y1 - y0), np.int32)
        hit = (self.x >= x0) & (self.x < x1) & (self.y >= y0) & (self.y < y1)
        out[self.x[hit] - x0, self.y[hit] - y0] = self.v[hit]
        return out


def all_datasets(values_files, big_datasets):
    return [values_files[t, k] for t in TABLE_IDS for k in KINDS] + list(big_datasets.values())


def assert_same_masked(got, want):
    np.testing.assert_array_equal(np.ma.getmaskarray(got), np.ma.getmaskarray(want))
    np.testing.assert_array_equal(np.ma.filled(got, -9), np.ma.filled(want, -9))


@pytest.fixture(autouse=True)
def quiet_partial_reads():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", grundytables.PartialReadWarning)
        yield


def test_cells_match_the_reference(values_files, big_datasets):
    for path in all_datasets(values_files, big_datasets):
        ref = Reference(path)
        for value in range(ref.values[0], ref.values[1] + 1):
            np.testing.assert_array_equal(grundytables.cells(path, value), ref.cells(value), err_msg=f"{path} v={value}")


def test_cells_of_rows_match_the_reference(big_datasets):
    for path in big_datasets.values():
        ref = Reference(path)
        first, last = ref.rows
        for x0, x1 in ((first, first + 1), (first + 16000, first + 16400), (last - 3, last + 1), (first, last + 1)):
            for value in (0, 5, 12):
                want = ref.cells(value)
                want = want[(want[:, 0] >= x0) & (want[:, 0] < x1)]
                np.testing.assert_array_equal(grundytables.cells(path, value, rows=(x0, x1)), want)


def test_cell_matches_the_reference(values_files, big_datasets):
    rng = np.random.default_rng(7)
    for path in all_datasets(values_files, big_datasets):
        ref = Reference(path)
        first, last = ref.rows
        held = list(ref.value_of)
        picks = [held[k] for k in rng.integers(0, len(held), 20)]
        picks += list(zip(rng.integers(first, last + 1, 20).tolist(), rng.integers(0, ref.n + 1, 20).tolist()))
        for x, y in picks:
            got = grundytables.cell(path, x, y)
            want = ref.value_of.get((x, y), grundytables.Unknown(*ref.values))
            assert got == want, (path, x, y, got, want)


def test_load_region_matches_the_reference(values_files, big_datasets):
    rng = np.random.default_rng(11)
    for path in all_datasets(values_files, big_datasets):
        ref = Reference(path)
        first, last = ref.rows
        for _ in range(6):
            x0 = int(rng.integers(first, last + 1))
            x1 = int(rng.integers(x0, min(last + 1, x0 + 300) + 1))
            y0 = int(rng.integers(0, ref.n + 1))
            y1 = int(rng.integers(y0, min(ref.n + 1, y0 + 300) + 1))
            assert_same_masked(grundytables.load_region(path, x0, x1, y0, y1), ref.region(x0, x1, y0, y1))


def test_iter_rows_matches_the_reference(values_files, big_datasets):
    """All the rows of the small datasets (a whole read), a few rows of the big ones (n + 1 cells a row)."""
    cases = [(values_files["gneg1", k], whole) for k in KINDS for whole in (True, False)]
    cases += [(path, False) for path in big_datasets.values()]
    for path, whole in cases:
        ref = Reference(path)
        first, last = ref.rows
        for x0, x1 in [(first, last + 1)] if whole else [(first + 1, first + 20), (last - 2, last + 1)]:
            pieces = list(grundytables.iter_rows(path, x0, x1))
            assert pieces and pieces[0][0] == x0
            got = np.ma.concatenate([rows for _, rows in pieces])
            assert_same_masked(got, ref.region(x0, x1, 0, ref.n + 1))


def test_check_dataset_recomputes_cells_sha256(values_files, big_datasets):
    for path in all_datasets(values_files, big_datasets):
        manifest = json.loads((path / "_manifest.json").read_text())
        report = grundytables.check_dataset(path)
        assert report["cells_sha256"] == manifest["cells_sha256"] and report["cells"] == manifest["cells"]
        assert report["parts"] == len(manifest["parts"]) and report["parts_sha256"] is True


def test_polars_and_duckdb_over_the_manifests_parts(big_datasets):
    import duckdb
    import polars as pl
    for path in big_datasets.values():
        ref = Reference(path)
        frame = grundytables.scan_polars(path).filter(pl.col("v") == 7).select("x", "y").sort("x", "y").collect()
        np.testing.assert_array_equal(frame.to_numpy(), ref.cells(7))
        connection = duckdb.connect()
        rows = grundytables.duckdb_relation(path, connection).filter("v = 7").select("x, y").order("x, y").fetchall()
        np.testing.assert_array_equal(np.array(rows, dtype=np.int64).reshape(-1, 2), ref.cells(7))
        assert grundytables.part_paths(path) == [str(path / p) for p in sorted(q.name for q in path.glob("part-*"))]


def test_check_dataset_refuses_a_table_file(table_files):
    with pytest.raises(grundytables.TableFileError, match="not a values dataset"):
        grundytables.check_dataset(table_files["gneg1", "zstd"])


def test_cells_sha256_without_packed_keys(values_files, big_datasets, monkeypatch):
    """CellSum's fallback for keys that do not fit an int64 (a part of many rows at n near 10**12),
    forced here on every dataset, gives the same cells_sha256."""
    monkeypatch.setattr("grundytables.cellsum.KEY_BITS", 0)
    for path in [values_files[t, k] for t in ("gneg1", "passnim") for k in KINDS] + list(big_datasets.values()):
        assert grundytables.check_dataset(path)["cells_sha256"] == json.loads((path / "_manifest.json").read_text())["cells_sha256"]


@pytest.fixture(scope="module")
def sparse_rows_dataset(compute, tmp_path_factory):
    """A band dataset of gneg1 at n = 300 of the values 290-300, which 49 of its rows have none of."""
    out = tmp_path_factory.mktemp("sparse-rows")
    subprocess.run([str(compute), "-table", "gneg1", "-n", "300", "-write", "values", "-values", "290-300",
                    "-out", str(out), "-quiet"], check=True, capture_output=True)
    return out / "gneg1_n300.values"


@pytest.mark.parametrize("block_cells", [1, 37, 1000])
def test_parts_read_in_blocks_of_rows(values_files, big_datasets, sparse_rows_dataset, monkeypatch, block_cells):
    """A part is put in (x, y) order and summed a block of rows at a time (BLOCK_CELLS cells, at
    least a row); blocks of one row, a few rows and hundreds give the manifest's cells_sha256 and
    the reference's rows, rows without a cell included."""
    monkeypatch.setattr("grundytables.dataset.BLOCK_CELLS", block_cells)
    paths = [values_files["gneg1", k] for k in KINDS] + [sparse_rows_dataset]
    for path in paths + [big_datasets["rows"]]:
        manifest = json.loads((path / "_manifest.json").read_text())
        report = grundytables.check_dataset(path)
        assert (report["cells"], report["cells_sha256"]) == (manifest["cells"], manifest["cells_sha256"]), path
    empty_rows = 0
    for path in paths:
        ref = Reference(path)
        first, last = ref.rows
        for x0, x1 in ((first, last + 1), (first + 3, last - 2)):
            got = np.ma.concatenate([rows for _, rows in grundytables.iter_rows(path, x0, x1)])
            assert_same_masked(got, ref.region(x0, x1, 0, ref.n + 1))
            empty_rows += int(np.ma.getmaskarray(got).all(axis=1).sum())
    assert empty_rows > 0  # the blocks of rows without a cell were read too
