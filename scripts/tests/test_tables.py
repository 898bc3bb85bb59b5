"""The table files of cmd/compute, read by pyarrow, pandas, polars and the scripts.

Checks that the files open unchanged in the usual Python readers with the
documented layout and metadata, that their values equal a Python reference
written straight from the definitions, and that grundytables and plot.py
read and draw them.
"""

import functools
import hashlib
import subprocess
import sys

import duckdb
import matplotlib.image
import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.feather as feather
import pyarrow.ipc as ipc
import pyarrow.parquet as pq
import pytest
from conftest import METADATA_KEYS, N, SCRIPTS, TABLE_IDS
from matplotlib.figure import Figure

import grundytables
from grundytables import plot

SIDE = N + 1
ROWS_X = np.repeat(np.arange(SIDE, dtype=np.int32), SIDE)
ROWS_Y = np.tile(np.arange(SIDE, dtype=np.int32), SIDE)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Base cells of each table; -1 is a base cell the mex ignores.
BASE = {
    "nim": {(0, 0): 0},
    "g1": {(0, 0): 1},
    "gneg1": {(0, 0): -1},
    "gstarneg1": {(0, 0): 0, (0, 1): -1, (1, 0): -1},
    "passnim": {(0, 0): 0},
}


@functools.cache
def reference(table, n=N):
    """G of table over 0 <= x, y <= n straight from the definition, as an [x, y] array.

    G(x, y) is the mex of {G(x', y) : x' < x}, {G(x, y') : y' < y} and, for
    passnim, {x XOR y} (the pass); the mex ignores negative values.
    """
    g = [[0] * (n + 1) for _ in range(n + 1)]
    for x in range(n + 1):
        for y in range(n + 1):
            if (x, y) in BASE[table]:
                g[x][y] = BASE[table][x, y]
                continue
            options = {g[i][y] for i in range(x)} | {g[x][j] for j in range(y)}
            if table == "passnim":
                options.add(x ^ y)
            mex = 0
            while mex in options:
                mex += 1
            g[x][y] = mex
    return np.array(g, dtype=np.int32)


def is_parquet(path):
    return path.suffix == ".parquet"


def arrow_table(path):
    """The whole file at path as a pyarrow Table, via ipc.open_file or pq.read_table."""
    if is_parquet(path):
        return pq.read_table(path)
    with pa.memory_map(str(path)) as source:
        return ipc.open_file(source).read_all()


def assert_cells(x, y, g, table):
    """x, y, g (numpy) enumerate the table row-major with the reference values."""
    assert len(g) == SIDE * SIDE
    np.testing.assert_array_equal(x, ROWS_X)
    np.testing.assert_array_equal(y, ROWS_Y)
    np.testing.assert_array_equal(g, reference(table).ravel())


# Opening the files in the usual readers.

def test_pyarrow_open_file(table_file):
    table, compression, tile, path = table_file
    if is_parquet(path):
        f = pq.ParquetFile(path)
        schema = f.schema_arrow
        batches = [f.read_row_group(i) for i in range(f.metadata.num_row_groups)]
    else:
        with pa.memory_map(str(path)) as source:
            reader = ipc.open_file(source)
            schema = reader.schema
            batches = [reader.get_batch(i) for i in range(reader.num_record_batches)]
    assert schema.names == ["x", "y", "g"]
    assert all(t == pa.int32() for t in schema.types)
    # Record batches and row groups hold whole x-rows; with a tile below the
    # side there are several, which the load_region tests rely on to cross
    # batch edges.
    assert all(b.num_rows > 0 and b.num_rows % SIDE == 0 for b in batches)
    assert len(batches) > 1 or tile >= SIDE
    t = pa.concat_tables([pa.Table.from_batches([b]) if isinstance(b, pa.RecordBatch) else b
                          for b in batches])
    assert_cells(*(t.column(c).to_numpy() for c in "xyg"), table)


def test_metadata_keys(table_file):
    table, compression, tile, path = table_file
    md = {k.decode(): v.decode() for k, v in arrow_table(path).schema.metadata.items()}
    assert set(METADATA_KEYS) <= set(md)
    assert md["table"] == table
    assert md["n"] == str(N)
    assert md["compression"] == compression
    assert md["tile"] == str(tile)
    assert int(md["workers"]) >= 1
    assert md["layout"].startswith("row-major")
    assert all(md[k] for k in ("symbol", "definition", "source", "version"))
    # The fixed-width values: 11 characters of zero-padded int, 12 of seconds.
    assert len(md["max_value"]) == 11 and int(md["max_value"]) == reference(table).max()
    assert len(md["seconds"]) == 12 and float(md["seconds"]) >= 0


def test_feather_read_table(table_file):
    table, _, _, path = table_file
    t = pq.read_table(path) if is_parquet(path) else feather.read_table(path)
    assert t.schema.names == ["x", "y", "g"]
    assert all(t == pa.int32() for t in t.schema.types)
    assert_cells(*(t.column(c).to_numpy() for c in "xyg"), table)


def test_pandas(table_file):
    table, _, _, path = table_file
    df = pd.read_parquet(path) if is_parquet(path) else pd.read_feather(path)
    assert list(df.columns) == ["x", "y", "g"]
    assert all(dtype == np.int32 for dtype in df.dtypes)
    assert_cells(*(df[c].to_numpy() for c in "xyg"), table)


@pytest.mark.parametrize("lazy", [False, True], ids=["read", "scan"])
def test_polars(table_file, lazy):
    table, _, _, path = table_file
    if is_parquet(path):
        df = pl.scan_parquet(path).collect() if lazy else pl.read_parquet(path)
    else:
        df = pl.scan_ipc(path).collect() if lazy else pl.read_ipc(path)
    assert df.columns == ["x", "y", "g"]
    assert df.dtypes == [pl.Int32] * 3
    assert_cells(*(df[c].to_numpy() for c in "xyg"), table)


def test_duckdb(table_file):
    """DuckDB reads a Parquet file by its name; an Arrow file through pyarrow."""
    table, _, _, path = table_file
    con = duckdb.connect()
    if is_parquet(path):
        source = f"'{path}'"
    else:
        con.register("arrow_file", feather.read_table(path))
        source = "arrow_file"
    x, y, g = (np.asarray(col, dtype=np.int32) for col in
               zip(*con.execute(f"SELECT x, y, g FROM {source} ORDER BY x, y").fetchall()))
    assert_cells(x, y, g, table)
    total = con.execute(f"SELECT sum(g) FROM {source}").fetchone()[0]
    assert total == reference(table).sum(dtype=np.int64)


@pytest.mark.parametrize("table", TABLE_IDS)
def test_formats_agree(table_files, table):
    """The Arrow and the Parquet file of a table hold the same cells and metadata,
    in pyarrow, pandas, polars, DuckDB and grundytables."""
    arrow, parquet = table_files[table, "zstd"], table_files[table, "parquet"]
    pa_md = [{k: v for k, v in arrow_table(p).schema.metadata.items() if k != b"ARROW:schema"}
             for p in (arrow, parquet)]
    duck_md = {bytes(k): bytes(v) for k, v in duckdb.connect().execute(
        f"SELECT key, value FROM parquet_kv_metadata('{parquet}')").fetchall()}
    md = [grundytables.metadata(p) for p in (arrow, parquet)]
    for m in (pa_md[1], duck_md, md[1]):
        for key in (b"seconds", "seconds"):
            m.pop(key, None)
    pa_md[0].pop(b"seconds")
    md[0].pop("seconds")
    assert pa_md[0] == pa_md[1] == duck_md
    assert md[0] == md[1]
    pl_md = pl.read_parquet_metadata(parquet)
    assert pl_md["g_sha256"] == md[0]["g_sha256"] and pl_md["table"] == table
    frames = [pd.read_feather(arrow), pd.read_parquet(parquet),
              pl.read_ipc(arrow).to_pandas(), pl.read_parquet(parquet).to_pandas(),
              duckdb.connect().execute(f"SELECT * FROM '{parquet}' ORDER BY x, y").df()]
    for df in frames[1:]:
        pd.testing.assert_frame_equal(df, frames[0], check_dtype=True)
    np.testing.assert_array_equal(grundytables.load(arrow)[0], grundytables.load(parquet)[0])


def test_parquet_row_groups_skip_by_x(table_files):
    """Each row group's x statistics bound its rows, so a query on a range of x
    reads only the row groups of that range: pyarrow keeps 2 of the 6 groups
    for 10 <= x < 20 (tile 8), and polars and DuckDB answer from them."""
    path = table_files["gneg1", "parquet"]
    meta = pq.ParquetFile(path).metadata
    bounds = [(meta.row_group(i).column(0).statistics.min, meta.row_group(i).column(0).statistics.max)
              for i in range(meta.num_row_groups)]
    assert bounds == [(x, min(x + 7, N)) for x in range(0, SIDE, 8)]
    fragment = next(iter(ds.dataset(path, format="parquet").get_fragments()))
    kept = fragment.split_by_row_group(filter=(pc.field("x") >= 10) & (pc.field("x") < 20))
    assert [f.row_groups[0].id for f in kept] == [1, 2]
    want = reference("gneg1")[10:20].sum(dtype=np.int64)
    lazy = pl.scan_parquet(path).filter(pl.col("x").is_between(10, 19))
    assert lazy.select(pl.col("g").cast(pl.Int64).sum()).collect().item() == want
    con = duckdb.connect()
    assert con.execute(f"SELECT sum(g) FROM '{path}' WHERE x BETWEEN 10 AND 19").fetchone()[0] == want


def test_polars_int32_sum_wraps_and_the_cast_does_not():
    """The README's warning: polars sums int32 in int32; the cast gives the true sum."""
    df = pl.DataFrame({"g": pl.Series([2**31 - 1, 2**31 - 1], dtype=pl.Int32)})
    assert df.select(pl.col("g").sum()).item() != 2 * (2**31 - 1)
    assert df.select(pl.col("g").cast(pl.Int64).sum()).item() == 2 * (2**31 - 1)


# The values.

@pytest.mark.parametrize("table", TABLE_IDS)
def test_values_match_reference(table_files, table):
    g = arrow_table(table_files[table, "zstd"]).column("g").to_numpy().reshape(SIDE, SIDE)
    np.testing.assert_array_equal(g, reference(table))


def test_nim_is_xor(table_files):
    g, _ = grundytables.load(table_files["nim", "zstd"])
    x, y = np.indices(g.shape)
    np.testing.assert_array_equal(g, x ^ y)


def test_reference_tables_differ():
    """The base cells matter: no two reference tables are equal."""
    for i, a in enumerate(TABLE_IDS):
        for b in TABLE_IDS[i + 1:]:
            assert not np.array_equal(reference(a), reference(b)), (a, b)


def test_g_sha256(table_file):
    _, _, _, path = table_file
    t = arrow_table(path)
    g = t.column("g").to_numpy()
    assert t.schema.metadata[b"g_sha256"].decode() == hashlib.sha256(g.astype("<i4").tobytes()).hexdigest()


# grundytables.

def test_metadata_typed(table_file):
    table, compression, tile, path = table_file
    md = grundytables.metadata(path)
    assert md["table"] == table and md["compression"] == compression
    assert md["n"] == N and md["tile"] == tile
    assert isinstance(md["workers"], int) and md["workers"] >= 1
    assert md["max_value"] == reference(table).max()
    assert isinstance(md["seconds"], float) and md["seconds"] >= 0
    assert all(isinstance(md[k], str) for k in ("symbol", "definition", "source", "layout",
                                                 "g_sha256", "version"))


def test_load(table_file):
    table, _, _, path = table_file
    g, md = grundytables.load(path)
    assert g.dtype == np.int32 and g.shape == (SIDE, SIDE) and g.flags.writeable
    np.testing.assert_array_equal(g, reference(table))
    assert md == grundytables.metadata(path)


REGIONS = [
    (0, SIDE, 0, SIDE),            # everything
    (0, 1, 0, 1),                  # single cells at the corners
    (N, SIDE, N, SIDE),
    (0, 1, N, SIDE),
    (N, SIDE, 0, 1),
    (8, 9, 8, 9),                  # the first row of the second batch of 8
    (7, 8, 3, 4),                  # the last row of the first batch
    (7, 9, 0, SIDE),               # across a batch edge
    (15, 33, 2, 40),               # across several
    (0, SIDE, N, SIDE),            # the last column
    (N, SIDE, 0, SIDE),            # the last row
    (40, 41, 5, 6),                # the last batch, one row long
    (5, 5, 0, SIDE),               # empty
    (0, SIDE, 3, 3),
]


@pytest.mark.parametrize("region", REGIONS, ids=[f"{a}:{b},{c}:{d}" for a, b, c, d in REGIONS])
def test_load_region(table_file, region):
    _, _, _, path = table_file
    x0, x1, y0, y1 = region
    got = grundytables.load_region(path, *region)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, grundytables.load(path)[0][x0:x1, y0:y1])
    assert got.shape == (x1 - x0, y1 - y0)


@pytest.mark.parametrize("region", [(0, SIDE + 1, 0, 1), (-1, 1, 0, 1), (3, 2, 0, 1), (0, 1, 0, SIDE + 1)])
def test_load_region_out_of_range(table_files, region):
    path = table_files["gneg1", "zstd"]
    with pytest.raises(ValueError, match=path.name):
        grundytables.load_region(path, *region)


@pytest.mark.parametrize("value", [-1, 0, 1, 7, 63, 10**6])
def test_cells(table_file, value):
    table, _, _, path = table_file
    got = grundytables.cells(path, value)
    assert got.shape[1:] == (2,)
    np.testing.assert_array_equal(got, np.argwhere(reference(table) == value))


def test_cell(table_file):
    table, _, _, path = table_file
    ref = reference(table)
    for x, y in [(0, 0), (0, N), (N, 0), (N, N), (7, 8), (8, 7), (23, 31)]:
        got = grundytables.cell(path, x, y)
        assert type(got) is int and got == ref[x, y]
    with pytest.raises(ValueError, match=path.name):
        grundytables.cell(path, SIDE, 0)


def rewrite(src, dst, columns=None, metadata=None, g=None):
    """Write the table at src to dst with pyarrow, in batches of 10 rows.

    columns picks columns, metadata replaces the schema metadata, g replaces
    the g column (row-major); everything else is kept.
    """
    t = arrow_table(src)
    if g is not None:
        t = t.set_column(t.schema.get_field_index("g"), t.schema.field("g"), pa.array(g, pa.int32()))
    if columns is not None:
        t = t.select(columns)
    if metadata is not None:
        t = t.replace_schema_metadata(metadata)
    with ipc.new_file(str(dst), t.schema) as writer:
        writer.write_table(t, max_chunksize=10 * SIDE)
    return dst


def test_verify_detects_altered_g(table_files, tmp_path):
    src = table_files["gneg1", "zstd"]
    g, md = grundytables.load(src)
    g[3, 5] += 1
    bad = rewrite(src, tmp_path / "altered.arrow", g=g.ravel())
    assert grundytables.metadata(bad) == md
    with pytest.raises(grundytables.TableFileError, match="altered.arrow.*checksum"):
        grundytables.load(bad)  # verified by default
    got, _ = grundytables.load(bad, verify=False)  # reads what is there
    assert got[3, 5] == g[3, 5]
    intact = rewrite(src, tmp_path / "intact.arrow")
    grundytables.load(intact)


def broken_files(src, tmp_path):
    """Files that are not table files: (name, path, what the error mentions)."""
    md = arrow_table(src).schema.metadata
    no_n = {k: v for k, v in md.items() if k != b"n"}
    bad_n = {**md, b"n": b"forty"}
    text = tmp_path / "text.arrow"
    text.write_text("not arrow")
    return [
        ("no y", rewrite(src, tmp_path / "no_y.arrow", columns=["x", "g"]), "'y'"),
        ("no n", rewrite(src, tmp_path / "no_n.arrow", metadata=no_n), "lacks n"),
        ("bad n", rewrite(src, tmp_path / "bad_n.arrow", metadata=bad_n), "forty"),
        ("no metadata", rewrite(src, tmp_path / "none.arrow", metadata={}), "lacks table, symbol, n,"),
        ("not arrow", text, "not an Arrow IPC or Parquet file"),
    ]


def test_errors_name_the_file(table_files, tmp_path):
    for name, path, mention in broken_files(table_files["gneg1", "zstd"], tmp_path):
        calls = [lambda: grundytables.metadata(path), lambda: grundytables.load(path),
                 lambda: grundytables.load_region(path, 0, 2, 0, 2),
                 lambda: grundytables.cells(path, 0)]
        for call in calls:
            with pytest.raises(ValueError) as err:
                call()
            assert path.name in str(err.value) and mention in str(err.value), (name, str(err.value))


def damaged_files(table_files, tmp_path):
    """Damaged copies of an Arrow and a Parquet table file: (path, whether
    metadata() can still read it)."""
    files = []
    for variant in ("zstd", "parquet"):
        src = table_files["gneg1", variant]
        data = src.read_bytes()
        for name, damaged, md_readable in [
            ("truncated", data[:len(data) // 2], False),
            ("tail-cut", data[:-3], False),
            ("empty", b"", False),
            ("zeroed-middle", data[:len(data) // 3] + bytes(64) + data[len(data) // 3 + 64:], True),
        ]:
            path = tmp_path / f"{name}{src.suffix}"
            path.write_bytes(damaged)
            files.append((path, md_readable))
    return files


def test_damaged_files_raise_naming_the_file(table_files, tmp_path):
    """Truncated, emptied and overwritten files: every function raises a
    TableFileError naming the file, never a bare pyarrow error."""
    for path, md_readable in damaged_files(table_files, tmp_path):
        calls = [lambda: grundytables.load(path), lambda: grundytables.cells(path, 0),
                 lambda: grundytables.load_region(path, 0, SIDE, 0, SIDE)]
        if not md_readable:
            calls.append(lambda: grundytables.metadata(path))
        for call in calls:
            with pytest.raises(grundytables.TableFileError) as err:
                call()
            assert str(err.value).startswith(str(path)), str(err.value)


def test_wrong_cell_count(table_files, tmp_path):
    src = table_files["gneg1", "zstd"]
    md = {**arrow_table(src).schema.metadata, b"n": b"39"}
    path = rewrite(src, tmp_path / "n39.arrow", metadata=md)
    with pytest.raises(ValueError, match="n39.arrow"):
        grundytables.load(path)


# plot.py.

def is_png(path):
    """The file at path is a PNG of a real picture (not a stub)."""
    data = path.read_bytes()
    return data.startswith(PNG_SIGNATURE) and len(data) > 5000


@pytest.mark.parametrize("args", [
    ["--region", "0:30,0:30"],
    [],
    ["--region", "30:,:"],  # to the table's edge
    ["--values", "0-5"],
    ["--values=-1,0,3-4", "--region", "10:41,0:20"],
], ids=["heatmap", "whole", "to-edge", "values", "values-region"])
def test_plot_cli(table_files, tmp_path, args):
    out = tmp_path / "fig.png"
    subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), str(table_files["gneg1", "zstd"]),
                    *args, "-o", str(out)], check=True)
    assert is_png(out)


def test_plot_cli_diff_and_svg(table_files, tmp_path):
    png, svg = tmp_path / "diff.png", tmp_path / "two.svg"
    files = [str(table_files["nim", "zstd"]), str(table_files["g1", "zstd"])]
    subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), *files, "--diff", "-o", str(png)], check=True)
    assert is_png(png)
    subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), *files, "--region", "0:20,0:20",
                    "-o", str(svg)], check=True)
    assert b"<svg" in svg.read_bytes()[:1000]


@pytest.mark.parametrize("args", [["--diff"], ["--region", "1-2"], ["--values", "5-1"], []],
                         ids=["diff-one-file", "bad-region", "bad-values", "no-out"])
def test_plot_cli_usage_errors(table_files, tmp_path, args):
    out = ["-o", str(tmp_path / "x.png")] if args else []
    run = subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), str(table_files["nim", "zstd"]),
                          *args, *out], capture_output=True, text=True)
    assert run.returncode == 2, run.stderr
    assert not (tmp_path / "x.png").exists()


def test_plot_cli_region_outside(table_files, tmp_path):
    run = subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), str(table_files["nim", "zstd"]),
                          "--region", "0:200,0:10", "-o", str(tmp_path / "x.png")],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "0:200" in run.stderr and "outside the table" in run.stderr
    assert not (tmp_path / "x.png").exists()


def cell_colours(ax):
    """The RGBA colour of every cell of the (unblocked) picture on ax."""
    image = ax.images[0]
    return image.to_rgba(image.get_array())


@pytest.mark.parametrize("variant", ["zstd", "parquet"])
def test_value_colour_is_fixed(table_files, variant):
    """A value has the same colour whatever the other values chosen."""
    path = table_files["gneg1", variant]
    g = reference("gneg1")[:30, :30]
    for values in ([3], [0, 1, 2, 3], [3, 7, 12], [-1, 3]):
        ax = Figure().subplots()
        plot.value_map(ax, path, values, plot.parse_region("0:30,0:30"))
        colours = cell_colours(ax)
        for v in values:
            want = matplotlib.colors.to_rgba(plot.value_color(v))
            assert (colours[g == v] == want).all(), (values, v)
        assert (colours[~np.isin(g, values)][:, :3] == 1).all()  # white


def test_plot_titles_and_printed_values(table_files):
    path = table_files["gneg1", "parquet"]
    ax = Figure().subplots()
    plot.value_map(ax, path, [-1, 0, 1, 2, 5], plot.parse_region("2:12,0:10"))
    assert ax.get_title() == "G₋₁ (gneg1, n = 40): x 2–11, y 0–9, values -1, 0–2, 5"
    printed = {(t.get_position(), t.get_text()) for t in ax.texts}
    g = reference("gneg1")
    assert printed == {((y, x), str(g[x, y])) for x in range(2, 12) for y in range(10)}
    ax = Figure().subplots()
    plot.heatmap(ax, path, plot.parse_region("0:41,0:41"))
    assert ax.get_title() == "G₋₁ (gneg1, n = 40): x 0–40, y 0–40" and not ax.texts


def test_heatmap_scale_is_the_regions(table_files):
    """A heatmap's colour scale runs over the region's own values unless vmin/vmax fix it
    (issue 24: a region of G_P scaled to the whole table's 0..max_value was featureless)."""
    path = table_files["passnim", "zstd"]
    g = reference("passnim")
    for region, (x0, x1, y0, y1) in (("0:5,0:5", (0, 5, 0, 5)), ("20:41,3:41", (20, 41, 3, 41))):
        ax = Figure().subplots()
        plot.heatmap(ax, path, plot.parse_region(region))
        norm = ax.images[0].norm
        assert (norm.vmin, norm.vmax) == (g[x0:x1, y0:y1].min(), g[x0:x1, y0:y1].max()), region
        assert len(ax.figure.axes) == 2, "a colour bar"
    ax = Figure().subplots()
    plot.heatmap(ax, path, plot.parse_region("0:5,0:5"), vmin=0, vmax=g.max())
    assert (ax.images[0].norm.vmin, ax.images[0].norm.vmax) == (0, g.max())
    with pytest.raises(ValueError, match="vmin"):
        plot.heatmap(Figure().subplots(), path, vmin=5, vmax=2)


def test_plot_cli_vmin_vmax(table_files, tmp_path):
    path, out = str(table_files["passnim", "zstd"]), tmp_path / "fixed.png"
    subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), path, "--region", "0:30,0:30",
                    "--vmin", "0", "--vmax", "57", "-o", str(out)], check=True)
    assert is_png(out)
    for bad in (["--vmin", "9", "--vmax", "3"], ["--values", "0-3", "--vmax", "3"]):
        run = subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), path, *bad, "-o", str(out)],
                             capture_output=True, text=True)
        assert run.returncode == 2 and "--vm" in run.stderr, (bad, run.stderr)


def test_large_regions_in_blocks(table_files, monkeypatch):
    """Beyond MAX_PIXELS cells a side the picture is of blocks: block means in a
    heatmap, the most frequent chosen value of each block in a value map."""
    monkeypatch.setattr(plot, "MAX_PIXELS", 10)
    path = table_files["gneg1", "zstd"]
    g = reference("gneg1")
    ax = Figure().subplots()
    plot.heatmap(ax, path)
    means = ax.images[0].get_array()
    assert means.shape == (9, 9) and "blocks of 5×5" in ax.get_title()  # 41 cells / 10
    assert means[0, 1] == pytest.approx(g[0:5, 5:10].mean())
    ax = Figure().subplots()
    plot.value_map(ax, path, [0, 1])
    index = ax.images[0].get_array()
    assert index.shape == (9, 9) and index[1, 1] in (0, 1) and np.ma.is_masked(index[0, 8])
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == [f"g = {v} ({np.count_nonzero(g == v)} cells)" for v in (0, 1)]


def test_plot_cli_bad_file(tmp_path):
    bad = tmp_path / "bad.arrow"
    bad.write_text("not arrow")
    run = subprocess.run([sys.executable, str(SCRIPTS / "plot.py"), str(bad), "-o", str(tmp_path / "x.png")],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "bad.arrow" in run.stderr


def test_plot_function(table_files, tmp_path):
    path = table_files["gstarneg1", "zstd"]
    out = plot.plot([path], tmp_path / "f.png", region=plot.parse_region("0:25,0:25"))
    assert is_png(out)
    values = plot.plot([path], tmp_path / "v.png", values=plot.parse_values("0-2,7"))
    assert is_png(values)


def test_diff_map_counts(table_files):
    nim, g1 = table_files["nim", "zstd"], table_files["g1", "zstd"]
    ax = Figure().subplots()
    assert plot.diff_map(ax, nim, g1) == np.count_nonzero(reference("nim") != reference("g1"))


def plot_area(path, tmp_path):
    """Pixels (RGBA) inside the axes of a heatmap of the table at path."""
    fig = plot.figure([path], region=plot.parse_region("0:41,0:41"))
    out = tmp_path / f"{path.stem}-{path.parent.name}.png"
    fig.savefig(out, dpi=plot.DPI)
    pixels = matplotlib.image.imread(out)
    height, width = pixels.shape[:2]
    box = fig.axes[0].get_position()  # figure fractions, from the bottom left
    return pixels[round(height * (1 - box.y1)) + 2:round(height * (1 - box.y0)) - 2,
                  round(width * box.x0) + 2:round(width * box.x1) - 2]


def test_heatmap_pixels_differ(table_files, tmp_path):
    nim = plot_area(table_files["nim", "zstd"], tmp_path)
    gneg1 = plot_area(table_files["gneg1", "zstd"], tmp_path)
    assert nim.shape == gneg1.shape and nim.size > 100 * 100
    assert not np.array_equal(nim, gneg1)
    # The same table drawn from another file (lz4) gives the same pixels.
    np.testing.assert_array_equal(gneg1, plot_area(table_files["gneg1", "lz4"], tmp_path))


def test_parse():
    assert plot.parse_region("0:200,5:") == ((0, 200), (5, None))
    assert plot.parse_values("-1,0-2,2,7") == [-1, 0, 1, 2, 7]
    assert plot.resolve_region(((None, 41), (3, None)), 40) == (0, 41, 3, 41)
    with pytest.raises(ValueError, match="outside the table"):
        plot.resolve_region(((0, 42), (0, 1)), 40)
    for bad in ["0:1", "a:b,0:1", "0:1;0:1"]:
        with pytest.raises(ValueError):
            plot.parse_region(bad)
    for bad in ["", "1-", "x", "3-1"]:
        with pytest.raises(ValueError):
            plot.parse_values(bad)
    with pytest.raises(ValueError):
        plot.resolve_region(((50, 60), (0, 1)), 40)
