"""A values-dataset reader that trusts nothing it has not checked (issue 35, items 2 and 3).

Each refusal is pinned on a planted bad input, next to the intact dataset
it is planted in (which every read accepts): a part that is a symbolic link
(to /dev/zero, or to an intact part outside), a FIFO, a sparse part of a
terabyte, a part edited along with its SHA-256 in the manifest (a cell
moved, a cell added under a second value, cells out of order), an extra
part the manifest does not list, a byte flipped with verify=False. A
regression that reads /dev/zero or a FIFO would fill the memory or hang,
so those reads run in a child with a time limit and a cap on its memory.
"""

import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap
import tracemalloc
import warnings

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import N
from dataset_writer import SCHEMA, write_manifest
from test_dataset_reads import Reference

import grundytables

HUGE_N = 999_999_999_999


@pytest.fixture
def dataset(values_files, tmp_path):
    """A copy of the spec writer's gneg1 dataset: three parts of 16 rows (0-15, 16-31, 32-40), values 0-5."""
    return pathlib.Path(shutil.copytree(values_files["gneg1", "dataset"], tmp_path / f"gneg1_n{N}.values"))


def manifest_of(path):
    return json.loads((path / "_manifest.json").read_text())


def part_path(path, i):
    return path / manifest_of(path)["parts"][i]["file"]


def read_child(code, timeout=60):
    """Run code (after `import grundytables`) in a child capped at 2 GiB of memory; return (status, stderr)."""
    script = "import resource\nresource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n" \
             "import grundytables, warnings\nwarnings.simplefilter('ignore')\n" + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stderr


def rewrite_part(path, i, groups):
    """Write part i of the dataset at path as the row groups groups [(v, x, y) arrays], in the order
    given, and update its sha256 and cell counts in the manifest: an edit no part checksum sees."""
    manifest = manifest_of(path)
    entry = manifest["parts"][i]
    file = path / entry["file"]
    schema = pq.read_schema(file)
    with pq.ParquetWriter(file, SCHEMA.with_metadata(schema.metadata)) as w:
        for v, x, y in groups:
            w.write_table(pa.table([pa.array(v, pa.int32()), pa.array(x, pa.int64()), pa.array(y, pa.int64())],
                                   schema=SCHEMA.with_metadata(schema.metadata)))
    cells = sum(len(v) for v, _, _ in groups)
    manifest["cells"] += cells - entry["cells"]
    entry["cells"], entry["sha256"] = cells, hashlib.sha256(file.read_bytes()).hexdigest()
    write_manifest(path, manifest)


def groups_of(path, i):
    """Part i's cells as a list of row groups [(v, x, y)], one per value, in the layout's order."""
    t = pq.read_table(part_path(path, i))
    v, x, y = (t.column(c).to_numpy() for c in "vxy")
    return [(v[v == k], x[v == k], y[v == k]) for k in np.unique(v)]


def partial_warnings(call):
    """(result of call(), the messages of the PartialReadWarnings it gave)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [str(w.message) for w in caught if issubclass(w.category, grundytables.PartialReadWarning)]


def test_intact_dataset_is_read(dataset):
    """The baseline of every planted damage below: the copy reads, and a whole check passes."""
    ref = Reference(dataset)
    np.testing.assert_array_equal(grundytables.cells(dataset, 3), ref.cells(3))
    assert grundytables.check_dataset(dataset)["cells_sha256"] == manifest_of(dataset)["cells_sha256"]
    status, err = read_child(f"grundytables.cells({str(dataset)!r}, 3)")
    assert status == 0, err


@pytest.mark.parametrize("target", ["/dev/zero", "outside"])
def test_part_symlink_refused(dataset, tmp_path, target):
    part = part_path(dataset, 1)
    if target == "outside":  # an intact copy of the very part, outside the dataset
        target = shutil.copy(part, tmp_path / "elsewhere.parquet")
    part.unlink()
    part.symlink_to(target)
    status, err = read_child(f"grundytables.cells({str(dataset)!r}, 3)")
    assert status == 1 and "DamagedValuesDataset" in err, err
    assert f"{part}: a symbolic link, which is not followed" in err, err


def test_part_fifo_refused_without_hanging(dataset):
    part = part_path(dataset, 1)
    part.unlink()
    os.mkfifo(part)
    status, err = read_child(f"grundytables.cells({str(dataset)!r}, 3)", timeout=60)
    assert status == 1 and f"{part}: a named pipe (FIFO), not a regular file" in err, err


def test_manifest_fifo_and_symlink_refused(dataset, tmp_path):
    manifest = dataset / "_manifest.json"
    saved = shutil.copy(manifest, tmp_path / "saved.json")
    manifest.unlink()
    manifest.symlink_to(saved)
    with pytest.raises(grundytables.DamagedValuesDataset, match="a symbolic link, which is not followed"):
        grundytables.metadata(dataset)
    manifest.unlink()
    os.mkfifo(manifest)
    status, err = read_child(f"grundytables.metadata({str(dataset)!r})")
    assert status == 1 and "a named pipe (FIFO), not a regular file" in err, err


def test_sparse_terabyte_part_refused_before_reading(dataset):
    part = part_path(dataset, 1)
    with open(part, "r+b") as f:
        f.truncate(1 << 40)
    status, err = read_child(f"grundytables.cells({str(dataset)!r}, 3)", timeout=60)
    assert status == 1 and f"{part}: {1 << 40} bytes, more than a part can take" in err, err


def test_part_size_off_the_manifest_refused(dataset):
    """A part cut short or grown by a byte: its SHA-256 no longer matches, whatever else it says."""
    part = part_path(dataset, 2)
    data = part.read_bytes()
    for changed in (data[:-1], data + b"\0"):
        part.write_bytes(changed)
        with pytest.raises(grundytables.DamagedValuesDataset, match=f"{part}: SHA-256 .* \\({len(changed)} bytes\\)"):
            grundytables.cells(dataset, 3)


def test_extra_unlisted_part_ignored(dataset):
    """A valid part the manifest does not list: a glob reads it, grundytables does not."""
    ref = Reference(dataset)
    extra = dataset / "part-000000000017.parquet"
    shutil.copy(part_path(dataset, 1), extra)
    assert pq.read_table(dataset).num_rows > manifest_of(dataset)["cells"]  # the hazard itself
    for value in range(6):
        np.testing.assert_array_equal(grundytables.cells(dataset, value), ref.cells(value))
    assert grundytables.scan_polars(dataset).collect().height == manifest_of(dataset)["cells"]
    assert grundytables.duckdb_relation(dataset).count("*").fetchall()[0][0] == manifest_of(dataset)["cells"]
    assert str(extra) not in grundytables.part_paths(dataset)
    # The module doc's recipe for plain pyarrow, polars and DuckDB: the manifest's files, not a glob.
    import duckdb
    import polars as pl
    files = [str(dataset / p["file"]) for p in json.loads((dataset / "_manifest.json").read_text())["parts"]]
    counts = (pq.read_table(files).num_rows, pl.scan_parquet(files).collect().height,
              duckdb.read_parquet(files).count("*").fetchall()[0][0])
    assert counts == (manifest_of(dataset)["cells"],) * 3
    assert grundytables.check_dataset(dataset)["cells"] == manifest_of(dataset)["cells"]


def moved_cell(dataset):
    """Move one cell of part 1 to a column no cell of its row has, re-signing the part: issue 35 item 2."""
    groups = groups_of(dataset, 1)
    v, x, y = groups[3]
    row = x[0]
    taken = {int(c) for _, xs, ys in groups for r, c in zip(xs, ys) if r == row}
    free = next(c for c in range(N, -1, -1) if c not in taken)
    y = y.copy()
    y[0] = free
    order = np.lexsort((y, x))
    groups[3] = (v[order], x[order], y[order])
    rewrite_part(dataset, 1, groups)
    return int(row), free, int(v[0])


def test_consistently_edited_part_refused_by_a_whole_read(dataset):
    x, y, value = moved_cell(dataset)
    with pytest.raises(grundytables.DamagedValuesDataset, match="_manifest.json: the parts hold .* cells_sha256"):
        grundytables.check_dataset(dataset)
    with pytest.raises(grundytables.DamagedValuesDataset, match="cells_sha256"):
        grundytables.load_region(dataset, 0, N + 1, 0, N + 1)
    with pytest.raises(grundytables.DamagedValuesDataset, match="cells_sha256"):
        list(grundytables.iter_rows(dataset))


def test_consistently_edited_part_partial_read_says_what_it_did_not_check(dataset):
    x, y, value = moved_cell(dataset)
    got, said = partial_warnings(lambda: grundytables.cell(dataset, x, y))
    assert got == value  # the edit is in the part, whose SHA-256 the manifest vouches for
    assert len(said) == 1 and "cells_sha256, the checksum of every cell, was not checked" in said[0], said
    assert "read 1 of the 3 parts (each matched its SHA-256 in the manifest)" in said[0], said
    with warnings.catch_warnings(record=True) as caught, pytest.raises(grundytables.DamagedValuesDataset):
        warnings.simplefilter("always")
        list(grundytables.iter_rows(dataset, 0, N + 1))
    assert not [w for w in caught if issubclass(w.category, grundytables.PartialReadWarning)]  # a whole read


@pytest.mark.parametrize("packed", [True, False], ids=["packed-keys", "column-sort"])
@pytest.mark.parametrize("block_cells", [None, 1], ids=["part-whole", "row-by-row"])
def test_cell_under_two_values_refused(dataset, monkeypatch, packed, block_cells):
    if not packed:  # CellSum's fallback for keys wider than an int64
        monkeypatch.setattr("grundytables.cellsum.KEY_BITS", 0)
    if block_cells is not None:  # the part put in order a row at a time
        monkeypatch.setattr("grundytables.dataset.BLOCK_CELLS", block_cells)
    groups = groups_of(dataset, 1)
    v, x, y = groups[0]
    v2, x2, y2 = groups[1]
    order = np.lexsort((np.append(y2, y[0]), np.append(x2, x[0])))
    groups[1] = (np.append(v2, v2[0])[order], np.append(x2, x[0])[order], np.append(y2, y[0])[order])
    rewrite_part(dataset, 1, groups)
    with pytest.raises(grundytables.DamagedValuesDataset, match=f"holds the cell \\({x[0]}, {y[0]}\\) twice"):
        grundytables.check_dataset(dataset)
    with pytest.raises(grundytables.DamagedValuesDataset, match=f"holds the cell \\({x[0]}, {y[0]}\\) 2 times"):
        grundytables.cell(dataset, int(x[0]), int(y[0]))


@pytest.mark.parametrize("plant", ["swapped", "repeated"])
def test_row_group_out_of_order_refused(dataset, plant):
    groups = groups_of(dataset, 1)
    v, x, y = groups[2]
    if plant == "swapped":
        x, y = x.copy(), y.copy()
        x[[0, 1]], y[[0, 1]] = x[[1, 0]], y[[1, 0]]
    else:
        v, x, y = np.append(v, v[-1]), np.append(x, x[-1]), np.append(y, y[-1])
    groups[2] = (v, x, y)
    rewrite_part(dataset, 1, groups)
    with pytest.raises(grundytables.DamagedValuesDataset, match="not in increasing \\(x, y\\) order, or a cell is there twice"):
        grundytables.cells(dataset, int(v[0]))


def test_row_groups_out_of_value_order_refused(dataset):
    groups = groups_of(dataset, 1)
    groups[1], groups[2] = groups[2], groups[1]
    rewrite_part(dataset, 1, groups)
    for call in (lambda: grundytables.cells(dataset, int(groups[1][0][0])), lambda: grundytables.check_dataset(dataset)):
        with pytest.raises(grundytables.DamagedValuesDataset, match="one row group per value, in order"):
            call()


def test_verify_false_skips_only_the_sha256(dataset):
    """A byte flipped in a part's layout text: refused by its SHA-256; read with verify=False, which says so."""
    part = part_path(dataset, 0)
    data = bytearray(part.read_bytes())
    at = data.rindex(b"ordered by v")
    data[at] ^= 0x20
    part.write_bytes(bytes(data))
    with pytest.raises(grundytables.DamagedValuesDataset, match="SHA-256"):
        grundytables.cells(dataset, 3)
    ref = Reference(dataset)
    got, said = partial_warnings(lambda: grundytables.cells(dataset, 3, verify=False))
    np.testing.assert_array_equal(got, ref.cells(3))
    assert "their SHA-256 not checked (verify=False)" in said[0], said
    assert grundytables.check_dataset(dataset, verify=False)["parts_sha256"] is False


@pytest.fixture(scope="module")
def huge_dataset(compute, tmp_path_factory):
    """compute's band dataset of gneg1 at n = 10**12 - 1, of the rows 0-1000 only: 6006 cells."""
    out = tmp_path_factory.mktemp("huge")
    subprocess.run([str(compute), "-table", "gneg1", "-n", str(HUGE_N), "-rows", "0-1000", "-write", "values",
                    "-values", "0-5", "-out", str(out), "-quiet"], check=True, capture_output=True)
    return out / f"gneg1_n{HUGE_N}.values"


def test_huge_n_reads_without_allocating_by_n(huge_dataset):
    """At n = 10**12 - 1 a row holds 10**12 cells; cell, load_region and cells allocate by what they read."""
    ref = Reference(huge_dataset)
    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", grundytables.PartialReadWarning)
            got = [grundytables.cell(huge_dataset, x, y) for x, y in ((500, 500), (500, 501), (999, 10 ** 11))]
            region = grundytables.load_region(huge_dataset, 490, 510, 490, 510)
            found = grundytables.cells(huge_dataset, 3)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 << 20, peak
    unknown = grundytables.Unknown(0, 5)
    assert got == [ref.value_of.get((500, 500), unknown), ref.value_of.get((500, 501), unknown), unknown]
    np.testing.assert_array_equal(np.ma.filled(region, -9), np.ma.filled(ref.region(490, 510, 490, 510), -9))
    np.testing.assert_array_equal(found, ref.cells(3))
    with pytest.raises(grundytables.TableFileError, match="too wide to hand back"):
        next(grundytables.iter_rows(huge_dataset, 0, 1))


def test_flipped_bytes_in_a_resigned_part_refused_or_harmless(dataset):
    """Fuzz: a byte of the data pages of part 1 flipped and the part re-signed in the manifest, 200
    times. check_dataset either refuses with a DamagedValuesDataset or the flip left every cell as it
    was; never another error, a crash or a hang (run in a capped child with a time limit). Flips in
    the footer, and every read besides check_dataset, are fuzzed in test_hostile.py."""
    code = f"""
        import hashlib, json, pathlib, random, shutil, sys
        import numpy as np
        sys.path.insert(0, {str(pathlib.Path(__file__).parent)!r})
        from dataset_writer import write_manifest
        source = pathlib.Path({str(dataset)!r})
        want = [grundytables.cells(source, v) for v in range(6)]
        work = source.parent / "fuzz" / source.name
        rng = random.Random(5)
        refused = harmless = 0
        for trial in range(200):
            shutil.rmtree(work.parent, ignore_errors=True)
            shutil.copytree(source, work)
            manifest = json.loads((work / "_manifest.json").read_text())
            part = work / manifest["parts"][1]["file"]
            data = bytearray(part.read_bytes())
            footer = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
            data[rng.randrange(4, footer)] ^= 1 << rng.randrange(8)
            part.write_bytes(bytes(data))
            manifest["parts"][1]["sha256"] = hashlib.sha256(data).hexdigest()
            write_manifest(work, manifest)
            try:
                grundytables.check_dataset(work)
            except grundytables.DamagedValuesDataset:
                refused += 1
                continue
            assert all(np.array_equal(grundytables.cells(work, v), want[v]) for v in range(6)), trial
            harmless += 1
        assert refused > 100, (refused, harmless)  # most flips break a page or a cell
    """
    status, err = read_child(code, timeout=300)
    assert status == 0, err


def test_dataset_replaced_while_read_is_no_damage(dataset, tmp_path):
    """A dataset swapped for another while iter_rows reads it (as compute publishes one anew) is
    ValuesDatasetReplaced (the same mismatch in the directory opened is damage: the tests above)."""
    other = pathlib.Path(shutil.copytree(dataset, tmp_path / "other" / dataset.name))
    rewrite_part(other, 1, groups_of(other, 1))  # the same cells, written anew: another sha256
    assert manifest_of(other)["parts"][1]["sha256"] != manifest_of(dataset)["parts"][1]["sha256"]
    rows = grundytables.iter_rows(dataset, 0, N + 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", grundytables.PartialReadWarning)
        next(rows)
        dataset.rename(tmp_path / "old")
        other.rename(dataset)
        with pytest.raises(grundytables.ValuesDatasetReplaced, match="read it again"):
            for _ in rows:
                pass


def test_cell_beyond_int32_of_the_diagonal_refused(huge_dataset, tmp_path):
    """A cell more than 2**31 columns from the diagonal (no writer of the format makes one: cells_sha256
    encodes y - x as int32), its part resigned in the manifest, is damage named by the cell; the cells
    of the part read before are intact."""
    path = pathlib.Path(shutil.copytree(huge_dataset, tmp_path / huge_dataset.name))
    groups = groups_of(path, 0)
    v, x, y = groups[-1]
    groups[-1] = (v, x, np.concatenate([y[:-1], [x[-1] + (1 << 31)]]))
    rewrite_part(path, 0, groups)
    with pytest.raises(grundytables.DamagedValuesDataset,
                       match=rf"cell \(x={x[-1]}, y={x[-1] + (1 << 31)}, v={v[-1]}\) lies more than 2\*\*31 columns"):
        grundytables.check_dataset(path)
