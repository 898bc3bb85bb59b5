"""The research output in the Python tools: values files (compute -write values) and values datasets.

A values file or dataset holds the cells of the values VALUES only; every
reader answers from it what it holds, says "unknown" of the other cells,
and refuses a damaged dataset before reporting anything from it. Also: a
truncated Arrow file is called truncated, and the package installs.
"""

import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import warnings

import numpy as np
import pyarrow.parquet as pq
import pytest
from matplotlib.figure import Figure
from conftest import N, TABLE_IDS, VALUES
from dataset_writer import SCHEMA, cells_sha256, write_manifest
from test_tables import is_png, reference

import grundytables
from grundytables import plot

KINDS = ("file", "full", "dataset", "band")
LO, HI = VALUES


def in_range(g):
    return (g >= LO) & (g <= HI)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("table", TABLE_IDS)
def test_values_cells_match_reference(values_files, table, kind):
    path = values_files[table, kind]
    g = reference(table)
    for v in range(LO, HI + 1):
        np.testing.assert_array_equal(grundytables.cells(path, v), np.argwhere(g == v))
    with pytest.raises(ValueError, match=f"value {HI + 1} is outside the values {LO}-{HI}"):
        grundytables.cells(path, HI + 1)


@pytest.mark.parametrize("kind", KINDS)
def test_only_old_values_files_warn(values_files, kind):
    """An old values file, which no checksum covers, warns as verify does; a dataset does not."""
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        grundytables.metadata(values_files["gneg1", kind])
    old = [w for w in caught if issubclass(w.category, grundytables.OldValuesFileWarning)]
    assert len(old) == (1 if kind == "file" else 0), [str(w.message) for w in caught]
    if old:
        assert "no checksum of its rows" in str(old[0].message) and str(values_files["gneg1", kind]) in str(old[0].message)


@pytest.mark.parametrize("kind", KINDS)
def test_values_metadata(values_files, table_files, kind):
    md = grundytables.metadata(values_files["gneg1", kind])
    table_md = grundytables.metadata(table_files["gneg1", "zstd"])
    assert md["values"] == (LO, HI) and md["n"] == N and md["table"] == "gneg1"
    whole = ("g_sha256", "max_value")  # known only to a sweep of every cell
    for key in ("symbol", "definition", "source") + (() if kind == "band" else whole):
        assert md[key] == table_md[key], key
    if kind == "band":
        assert not any(key in md for key in whole), "a band run cannot know the whole table's checksum"
    assert grundytables.value_range(values_files["gneg1", kind]) == (LO, HI)
    assert grundytables.value_range(table_files["gneg1", "zstd"]) is None


@pytest.mark.parametrize("kind", KINDS)
def test_values_cell_known_or_unknown(values_files, kind):
    """A cell in the range is its value; any other is "unknown (value > HI or < LO)", never a guess."""
    path = values_files["gneg1", kind]
    g = reference("gneg1")
    for x, y in [(0, 0), (0, 4), (3, 5), (20, 0), (N, N), (17, 18), (16, 16)]:
        got = grundytables.cell(path, x, y)
        if in_range(g[x, y]):
            assert type(got) is int and got == g[x, y], (x, y)
        else:
            assert got == grundytables.Unknown(LO, HI), (x, y)
            assert str(got) == f"unknown (value > {HI} or < {LO})"
    with pytest.raises(ValueError, match="outside"):
        grundytables.cell(path, N + 1, 0)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("region", [(0, N + 1, 0, N + 1), (7, 9, 0, N + 1), (15, 33, 2, 40), (5, 5, 0, 3)])
def test_values_load_region_is_masked(values_files, kind, region):
    x0, x1, y0, y1 = region
    got = grundytables.load_region(values_files["passnim", kind], *region)
    want = reference("passnim")[x0:x1, y0:y1]
    assert isinstance(got, np.ma.MaskedArray) and got.shape == want.shape
    np.testing.assert_array_equal(np.ma.getmaskarray(got), ~in_range(want))
    np.testing.assert_array_equal(got.compressed(), want[in_range(want)])


@pytest.mark.parametrize("kind", KINDS)
def test_values_load_refused(values_files, kind):
    with pytest.raises(grundytables.TableFileError, match="load_region"):
        grundytables.load(values_files["gneg1", kind])


def test_dataset_follows_the_spec(values_files):
    """The fixture itself: parts of 16 rows, one row group per value, format 3's checksum."""
    path = values_files["gneg1", "dataset"]
    manifest = json.loads((path / "_manifest.json").read_text())
    assert manifest["format"] == "grundy-values/3"
    assert [p["file"] for p in manifest["parts"]] == [f"part-{x:012d}.parquet" for x in range(0, N + 1, 16)]
    part = pq.ParquetFile(path / manifest["parts"][0]["file"])
    assert part.schema_arrow.remove_metadata() == SCHEMA
    assert part.metadata.num_row_groups == HI - LO + 1
    g = reference("gneg1")
    x, y = np.nonzero(in_range(g))
    assert manifest["cells_sha256"] == cells_sha256(g[x, y], x, y, 0, N)


@pytest.mark.parametrize("table", TABLE_IDS)
def test_band_dataset_checksum_is_the_spec(values_files, table):
    """compute's band dataset: format 3, its cells_sha256 recomputed from the spec, and the reference cells."""
    path = values_files[table, "band"]
    manifest = json.loads((path / "_manifest.json").read_text())
    assert manifest["format"] == "grundy-values/3"
    assert manifest["sweep"] == "band" and manifest["rows"] == [0, N]
    parts = pq.read_table(sorted(path.glob("part-*.parquet")))
    v, x, y = (parts.column(c).to_numpy() for c in ("v", "x", "y"))
    assert manifest["cells_sha256"] == cells_sha256(v, x, y, 0, N)
    g = reference(table)
    want = np.nonzero(in_range(g))
    assert sorted(zip(x.tolist(), y.tolist())) == sorted(zip(want[0].tolist(), want[1].tolist()))


def test_band_dataset_queries(values_files):
    """The README's queries on a dataset compute wrote: pandas as written, polars and DuckDB by the glob."""
    import duckdb
    import pandas as pd
    import polars as pl
    path = values_files["gneg1", "band"]
    g = reference("gneg1")
    want = sorted((int(a), int(b)) for a, b in zip(*np.nonzero(g == 3)) if 10 <= a <= 20)
    frame = pd.read_parquet(path, filters=[("v", "==", 3), ("x", ">=", 10), ("x", "<=", 20)])
    assert sorted(zip(frame["x"].tolist(), frame["y"].tolist())) == want
    lazy = pl.scan_parquet(str(path / "*.parquet")).filter((pl.col("v") == 3) & pl.col("x").is_between(10, 20))
    assert sorted(lazy.select("x", "y").collect().rows()) == want
    rows = duckdb.sql(f"SELECT x, y FROM read_parquet('{path}/*.parquet') WHERE v = 3 AND x BETWEEN 10 AND 20").fetchall()
    assert sorted(rows) == want


def copy_dataset(values_files, tmp_path):
    return pathlib.Path(shutil.copytree(values_files["gneg1", "dataset"], tmp_path / "gneg1_n40.values"))


def reads(path):
    """Every reader's call on the dataset at path."""
    return [lambda: grundytables.metadata(path), lambda: grundytables.cells(path, 3),
            lambda: grundytables.load_region(path, 0, N + 1, 0, N + 1), lambda: grundytables.cell(path, 1, 2)]


def damages(directory):
    """Ways to damage the dataset at directory: (name, damage(), the path the error must name)."""
    manifest_path = directory / "_manifest.json"
    manifest = json.loads(manifest_path.read_text())
    first = directory / manifest["parts"][0]["file"]

    def flip_byte():
        data = bytearray(first.read_bytes())
        data[len(data) // 2] ^= 1
        first.write_bytes(bytes(data))

    def rewrite_part(change):
        """Rewrite part 0 with change(v, x, y), updating its SHA-256 so only the rows' checks catch it."""
        t = pq.read_table(first)
        v, x, y = change(*(t.column(c).to_numpy() for c in "vxy"))
        pq.write_table(t.from_arrays([v, x, y], schema=t.schema), first)
        manifest["parts"][0]["sha256"] = hashlib.sha256(first.read_bytes()).hexdigest()
        write_manifest(directory, manifest)

    def edit_manifest(key, value):
        manifest[key] = value
        write_manifest(directory, manifest)

    return [
        ("flipped byte", flip_byte, first),
        ("missing part", lambda: first.unlink(), first),
        ("unordered rows", lambda: rewrite_part(lambda v, x, y: (v[::-1].copy(), x[::-1].copy(), y[::-1].copy())), first),
        ("value out of range", lambda: rewrite_part(lambda v, x, y: (np.where(v == 3, HI + 7, v).astype(np.int32), x, y)), first),
        ("wrong cell count", lambda: edit_manifest("cells", manifest["cells"] + 1), manifest_path),
        ("no manifest", lambda: manifest_path.unlink(), manifest_path),
        ("wrong format", lambda: edit_manifest("format", "grundy-values/0"), manifest_path),
    ]


@pytest.mark.parametrize("damage", range(7))
def test_damaged_dataset_refused(values_files, tmp_path, damage):
    directory = copy_dataset(values_files, tmp_path)
    for call in reads(directory):  # intact: every read works
        call()
    name, harm, named = damages(directory)[damage]
    harm()
    for call in reads(directory):
        with pytest.raises(grundytables.DamagedValuesDataset) as err:
            call()
        assert str(err.value).startswith(f"damaged values dataset: {named}"), (name, str(err.value))


def test_partial_dataset_says_incomplete(values_files, tmp_path):
    partial = pathlib.Path(shutil.copytree(values_files["gneg1", "dataset"], tmp_path / ".gneg1_n40.values.partial"))
    (partial / "_manifest.json").unlink()
    with pytest.raises(grundytables.TableFileError, match="incomplete values dataset"):
        grundytables.metadata(partial)


def test_dataset_part_alone_is_refused(values_files):
    part = values_files["gneg1", "dataset"] / "part-000000000000.parquet"
    with pytest.raises(grundytables.TableFileError, match="one part of a values dataset"):
        grundytables.metadata(part)


@pytest.mark.parametrize("variant", ["zstd", "none", "parquet"])
def test_truncated_file_is_called_truncated(table_files, tmp_path, variant):
    """Issue 24, item 7: not "not an Arrow IPC or Parquet file: Not an Arrow file"."""
    src = table_files["gneg1", variant]
    for kept in (len(src.read_bytes()) // 2, len(src.read_bytes()) - 3):
        cut = tmp_path / f"cut{src.suffix}"
        cut.write_bytes(src.read_bytes()[:kept])
        for call in (grundytables.metadata, grundytables.load, lambda p: grundytables.cells(p, 0)):
            with pytest.raises(grundytables.TableFileError) as err:
                call(cut)
            message = str(err.value)
            assert message.startswith(str(cut)) and "truncated" in message, message
            assert "not an Arrow IPC or Parquet file" not in message, message


# plot.py on values files and datasets.

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("args", [["--region", "0:30,0:30"], ["--values", "0-5"], []],
                         ids=["heatmap", "values", "whole"])
def test_plot_cli_values(values_files, tmp_path, kind, args):
    out = tmp_path / "fig.png"
    run = subprocess.run(["grundy-plot", str(values_files["passnim", kind]), *args, "-o", str(out)],
                         capture_output=True, text=True, env=bin_on_path())
    assert run.returncode == 0, run.stderr
    assert is_png(out)
    assert "PartialReadWarning" not in run.stderr, "a plot, drawn for a person, printed a warning for programs"


def test_plots_quiet_partial_reads_library_warns(values_files):
    """Issue 66: a plot of part of a dataset does not print PartialReadWarning; the library read under it does."""
    path = values_files["passnim", "band"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        plot.figure([path], plot.parse_region("0:20,0:20"))
        plot.figure([path], plot.parse_region("0:20,0:20"), values=[1, 2])
        drawn = [w for w in caught if issubclass(w.category, grundytables.PartialReadWarning)]
        grundytables.load_region(path, 0, 20, 0, 20)
    assert not drawn, drawn
    assert [w for w in caught if issubclass(w.category, grundytables.PartialReadWarning)]


def test_plot_values_unknown_cells(values_files):
    """Unknown cells are masked (white), never drawn as a value; the title says so."""
    path = values_files["passnim", "file"]
    ax = Figure().subplots()
    plot.heatmap(ax, path, plot.parse_region("0:20,0:20"))
    g = reference("passnim")[:20, :20]
    drawn = ax.images[0].get_array()
    np.testing.assert_array_equal(np.ma.getmaskarray(drawn), ~in_range(g))
    assert "only values 0–5" in ax.get_title() and "unknown" in ax.get_title()
    assert {t.get_text() for t in ax.texts} <= {str(v) for v in range(LO, HI + 1)}
    with pytest.raises(ValueError, match="holds only the cells of the values 0-5"):
        plot.value_map(Figure().subplots(), path, [3, 9])


def test_diff_of_values_files_counts_unknown(values_files, table_files):
    ax = Figure().subplots()
    differ = plot.diff_map(ax, table_files["gneg1", "zstd"], values_files["gneg1", "file"])
    assert differ == 0
    unknown = int((~in_range(reference("gneg1"))).sum())
    assert f"{unknown} unknown" in ax.get_title()


# The package.

def bin_on_path():
    """The environment with the directory of this Python's console scripts first on PATH."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("PYTHONPATH", None)
    return env


def test_package_installed(tmp_path):
    """pip install -e . gives import grundytables and the commands, without PYTHONPATH."""
    run = subprocess.run([sys.executable, "-c", "import grundytables, grundytables.plot; "
                                                "print(grundytables.__file__)"],
                         cwd=tmp_path, env=bin_on_path(), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert pathlib.Path(run.stdout.strip()).parent.name == "grundytables"
    for command in ("grundy-plot", "grundy-pattern-plot"):
        run = subprocess.run([command, "--help"], cwd=tmp_path, env=bin_on_path(),
                             capture_output=True, text=True)
        assert run.returncode == 0 and run.stdout.startswith(f"usage: {command}"), (command, run.stderr)
