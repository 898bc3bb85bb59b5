"""cells_sha256 of both dataset formats: cellsum.py against the spec writer's slow references.

Format "grundy-values/2" hashes each row on its own (4-byte cells in a
narrow row, 8-byte cells in a wide one, the cell count first); format
"grundy-values/1" hashes one stream. cellsum.py computes both a part at a
time, with numpy; dataset_writer.py computes them from the definitions, a
row (v2) or a window (v1) at a time, and shares no code with it. They are
compared on random cell sets with wide rows (|y - x| >= 32768, v >= 65536,
one wide cell among narrow ones), empty rows, windows not starting at row
0 and parts split at any row, with both of cellsum.py's sorts; a planted
change of one value, one cell or one empty row changes the sum. The
Go-written format-1 datasets of results/valuesds/testdata/v1 are still
verified with format 1's definition, and an edit to one of them is refused.
"""

import hashlib
import json
import pathlib
import shutil
import struct

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from conftest import REPO
from dataset_writer import CELL_SUMS, SCHEMA, cells_sha256, write_manifest

import grundytables
from grundytables.cellsum import FORMAT_V1, FORMAT_V2, cell_sum

V1_DATASETS = REPO / "results" / "valuesds" / "testdata" / "v1"
V1_PATHS = ["gneg1_n3000.values", "rows/gneg1_n3000.values", "passnim_n200.values"]
SIDE = 200_000  # columns 0..SIDE-1: room for cells 32768 and more off the diagonal


def random_cells(rng, first, last):
    """(v, x, y) int64 of random cells of the rows first..last: rows without a cell, narrow rows, rows wide
    by an offset or by a value, and rows of narrow cells with a single wide one."""
    v, x, y = [], [], []
    for row in range(first, last + 1):
        kind = rng.integers(0, 5)  # 0 empty, 1-2 narrow, 3 wide by one cell, 4 wide through and through
        count = 0 if kind == 0 else int(rng.integers(1, 9))
        near = np.clip(row + rng.integers(-300, 300, 4 * count), 0, SIDE - 1)
        ys = np.unique(near)[:count]
        values = rng.integers(0, 65536, len(ys))
        if kind == 4:
            ys = np.unique(np.clip(row + rng.choice([-1, 1], count) * rng.integers(32768, 90000, count), 0, SIDE - 1))
            values = rng.integers(0, 1 << 20, len(ys))
        elif kind == 3 and len(ys):
            if rng.integers(0, 2):
                values[rng.integers(0, len(ys))] = rng.integers(65536, 1 << 30)
            else:  # one cell moved just beyond the int16 offsets, below or above the diagonal
                far = row - 32769 if row >= 32769 else row + 32768
                ys = np.unique(np.append(ys[1:], far))
                values = rng.integers(0, 65536, len(ys))
        v += values.tolist()
        x += [row] * len(ys)
        y += ys.tolist()
    return tuple(np.array(a, np.int64) for a in (v, x, y))


def kinds_of_rows(v, x, y, first, last):
    """The kinds of rows of the cells (v, x, y) in the window first..last: empty, narrow, wide by an
    offset, wide by a value, mixed (narrow cells and a wide one)."""
    kinds = set()
    for row in range(first, last + 1):
        d, value = (y - x)[x == row], v[x == row]
        far, big = (d < -32768) | (d > 32767), value > 65535
        wide = far | big
        kinds |= {"empty"} if len(d) == 0 else {"narrow"} if not wide.any() else set()
        kinds |= {"wide offset"} if far.any() else set()
        kinds |= {"wide value"} if big.any() else set()
        kinds |= {"mixed"} if wide.any() and not wide.all() else set()
    return kinds


def part_sum(dataset_format, v, x, y, first, last, cuts, lo=0, hi=1 << 30):
    """cell_sum's hex cells_sha256 of the cells fed as parts ending at the rows cuts (and last),
    each part's cells in the layout's (v, x, y) order; fails on a cell reported twice."""
    total = cell_sum(dataset_format, first)
    start = first
    for end in sorted(set(cuts) | {last}):
        keep = (x >= start) & (x <= end)
        order = np.lexsort((y[keep], x[keep], v[keep]))
        assert total.add_part(start, end, SIDE, lo, hi, v[keep][order], x[keep][order], y[keep][order]) is None
        start = end + 1
    assert total.count == len(v)
    return total.hexdigest()


@pytest.mark.parametrize("packed", [True, False], ids=["packed-keys", "lexsort"])
@pytest.mark.parametrize("seed", range(6))
def test_sums_match_the_definitions(seed, packed, monkeypatch):
    """Random windows (from row 0 or further), random part boundaries (a part of one row, parts of no
    cell), both formats, both of cellsum.py's sorts: equal to the spec writer's sums."""
    if not packed:
        monkeypatch.setattr("grundytables.cellsum.KEY_BITS", 0)
    rng = np.random.default_rng(seed)
    first = 0 if seed % 3 == 0 else int(rng.integers(1, 70000))
    last = first + int(rng.integers(50, 300))
    v, x, y = random_cells(rng, first, last)
    assert kinds_of_rows(v, x, y, first, last) == {"empty", "narrow", "wide offset", "wide value", "mixed"}
    cuts = rng.choice(np.arange(first, last + 1), int(rng.integers(0, 8)), replace=False).tolist()
    for dataset_format, reference in CELL_SUMS.items():
        assert part_sum(dataset_format, v, x, y, first, last, cuts) == reference(v, x, y, first, last)


def test_one_row_of_each_kind():
    """One row at a time, each encoding written out by hand: the definition, not the spec writer."""
    def by_hand(first, rows):
        total = hashlib.sha256(struct.pack("<q", first))
        for encoding, cells in rows:
            total.update(hashlib.sha256(struct.pack("<I", len(cells)) +
                                        b"".join(struct.pack(encoding, d, value) for d, value in cells)).digest())
        return total.hexdigest()

    cases = [  # (row x, its cells (y, v), the encoding of a cell)
        (7, [], "<hH"),
        (7, [(0, 0), (7, 65535), (7 + 32767, 3)], "<hH"),
        (40000, [(40000 - 32768, 1)], "<hH"),
        (40000, [(40000 - 32769, 1), (40000, 2)], "<ii"),
        (7, [(7 + 32768, 1)], "<ii"),
        (7, [(3, 1), (9, 65536)], "<ii"),
    ]
    for row, cells, encoding in cases:
        v = np.array([c[1] for c in cells], np.int64)
        y = np.array([c[0] for c in cells], np.int64)
        x = np.full(len(cells), row, np.int64)
        want = by_hand(row, [(encoding, [(b - row, c) for b, c in cells])])
        assert cells_sha256(v, x, y, row, row) == want
        assert part_sum(FORMAT_V2, v, x, y, row, row, []) == want


def test_the_count_tells_narrow_from_wide():
    """Two narrow cells and one wide cell of the same 8 bytes: the count prefix (2 against 1) sets them apart."""
    row = 100
    narrow = (np.array([1, 2], np.int64), np.array([row, row], np.int64), np.array([row + 1, row + 2], np.int64))
    d, value = struct.unpack("<ii", struct.pack("<hHhH", 1, 1, 2, 2))  # d = 65537, value = 131074
    wide = (np.array([value], np.int64), np.array([row], np.int64), np.array([row + d], np.int64))
    assert part_sum(FORMAT_V2, *narrow, row, row, []) != part_sum(FORMAT_V2, *wide, row, row, [])


def planted(v, x, y, first, last):
    """The planted changes of a window's cells: (name, v, x, y, first, last) each."""
    moved_y = y.copy()
    moved_y[0] = y[x == x[0]].max() + 1  # a column of its row that holds no cell
    value = v.copy()
    value[len(v) // 2] += 1
    wide = v.copy()
    wide[len(v) // 3] = 70000  # a narrow row made wide, its other cells unchanged
    return [("one value", value, x, y, first, last), ("one moved cell", v, x, moved_y, first, last),
            ("a row made wide", wide, x, y, first, last),
            ("the last, empty, row dropped", v, x, y, first, last - 1),
            ("the first, empty, row dropped", v, x, y, first + 1, last)]


@pytest.mark.parametrize("dataset_format", [FORMAT_V2, FORMAT_V1])
def test_a_planted_change_changes_the_sum(dataset_format):
    rng = np.random.default_rng(7)
    first, last = 1000, 1100
    v, x, y = random_cells(rng, first + 1, last - 1)  # rows first and last without a cell
    v = np.minimum(v, 60000)
    y = np.clip(y, np.maximum(x - 30000, 0), x + 30000)
    keep = np.unique(np.stack([x, y]), axis=1, return_index=True)[1]
    v, x, y = v[keep], x[keep], y[keep]
    intact = part_sum(dataset_format, v, x, y, first, last, [1050])
    assert intact == CELL_SUMS[dataset_format](v, x, y, first, last)
    for name, *change in planted(v, x, y, first, last):
        got = part_sum(dataset_format, *change, [min(1050, change[-1])])
        assert got != intact, name
        assert got == CELL_SUMS[dataset_format](*change), name


@pytest.mark.parametrize("dataset_format", [FORMAT_V2, FORMAT_V1])
def test_a_cell_held_twice_is_found(dataset_format):
    v, x, y = (np.array(a, np.int64) for a in ([3, 5, 4], [10, 11, 11], [12, 9, 9]))
    total = cell_sum(dataset_format, 10)
    assert total.add_part(10, 11, 100, 0, 10, v, x, y) == (11, 9)


@pytest.mark.parametrize("name", V1_PATHS)
def test_go_written_format_1_datasets_still_verify(name):
    path = V1_DATASETS / name
    manifest = json.loads((path / "_manifest.json").read_text())
    assert manifest["format"] == FORMAT_V1
    report = grundytables.check_dataset(path)
    assert report["cells_sha256"] == manifest["cells_sha256"] and report["cells"] == manifest["cells"]


def copy_of(name, tmp_path):
    return pathlib.Path(shutil.copytree(V1_DATASETS / name, tmp_path / pathlib.Path(name).name))


def all_cells(path):
    manifest = json.loads((path / "_manifest.json").read_text())
    t = pq.read_table([str(path / p["file"]) for p in manifest["parts"]])
    return manifest, [t.column(c).to_numpy().astype(np.int64) for c in "vxy"]


@pytest.mark.parametrize("name", V1_PATHS)
def test_format_1_read_with_its_own_definition(name, tmp_path):
    """The same cells under format 2: refused with format 1's sum, accepted with format 2's (the spec's)."""
    path = copy_of(name, tmp_path)
    manifest, (v, x, y) = all_cells(path)
    manifest["format"] = FORMAT_V2
    write_manifest(path, manifest)
    with pytest.raises(grundytables.DamagedValuesDataset, match="cells_sha256"):
        grundytables.check_dataset(path)
    manifest["cells_sha256"] = cells_sha256(v, x, y, *manifest["rows"])
    write_manifest(path, manifest)
    assert grundytables.check_dataset(path)["cells_sha256"] == manifest["cells_sha256"]


def test_an_edited_format_1_part_is_refused(tmp_path):
    """One value changed in a Go-written format-1 part, the part's SHA-256 re-signed in the manifest."""
    path = copy_of("rows/gneg1_n3000.values", tmp_path)
    manifest = json.loads((path / "_manifest.json").read_text())
    entry = manifest["parts"][0]
    file = path / entry["file"]
    parquet = pq.ParquetFile(file)
    schema = SCHEMA.with_metadata(parquet.schema_arrow.metadata)
    groups = [[parquet.read_row_group(i).column(c).to_numpy() for c in "vxy"] for i in range(parquet.num_row_groups)]
    held = {(a, b) for _, x, y in groups for a, b in zip(x.tolist(), y.tolist())}
    _, x, y = groups[1]
    # A cell of the second value moved one column on, to a free one, its row group still in (x, y) order.
    k = next(k for k in range(len(x)) if (x[k], y[k] + 1) not in held and y[k] < manifest["n"])
    groups[1][2] = y.copy()
    groups[1][2][k] += 1
    with pq.ParquetWriter(file, schema) as w:
        for v, x, y in groups:
            w.write_table(pa.table([pa.array(v, pa.int32()), pa.array(x, pa.int64()), pa.array(y, pa.int64())],
                                   schema=schema))
    entry["sha256"] = hashlib.sha256(file.read_bytes()).hexdigest()
    write_manifest(path, manifest)
    with pytest.raises(grundytables.DamagedValuesDataset, match="cells_sha256"):
        grundytables.check_dataset(path)


def test_unknown_format_names_both(tmp_path):
    """A format neither 1 nor 2, and a manifest that is no JSON object, are refused."""
    path = copy_of("gneg1_n3000.values", tmp_path)
    manifest = json.loads((path / "_manifest.json").read_text())
    manifest["format"] = "grundy-values/3"
    write_manifest(path, manifest)
    with pytest.raises(grundytables.DamagedValuesDataset,
                       match="'grundy-values/3', want 'grundy-values/1' or 'grundy-values/2'"):
        grundytables.check_dataset(path)
    (path / "_manifest.json").write_text("[]")
    with pytest.raises(grundytables.DamagedValuesDataset, match="not a JSON object"):
        grundytables.check_dataset(path)
