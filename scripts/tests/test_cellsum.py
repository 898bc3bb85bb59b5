"""cells_sha256 of the three dataset formats: cellsum.py against the spec writer's slow references.

Format "grundy-values/3" hashes each row on its own, a byte a column in a
dense row (values 0..254 whose columns span at most four a cell), 4 bytes
a cell in a narrow row, 8 in a wide one; format "grundy-values/2" does the
same without the dense rows; format "grundy-values/1" hashes one stream.
cellsum.py computes them a part at a time, with numpy; dataset_writer.py
computes them from the definitions, a row (v3, v2) or a window (v1) at a
time, and shares no code with it. They are compared on random cell sets
with dense rows (near the diagonal or beyond int16 of it), rows that just
miss being dense (a value 255, a span of 4c + 1), narrow rows, wide rows
(|y - x| >= 32768, v >= 65536, one wide cell among narrow ones), empty
rows, windows not starting at row 0 and parts split at any row, with both
of cellsum.py's sorts, and on rows written out by hand; a planted change
of one value, one cell or one empty row changes the sum. The Go-written
datasets of formats 1 and 2 of results/valuesds/testdata are still
verified each with its own definition, their cells relabelled as a later
format are refused until given that format's sum, which is the Go
writer's, and an edit to one of them is refused.
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
from dataset_writer import CELL_SUMS, SCHEMA, cells_sha256, cells_sha256_v2, write_manifest

import grundytables
from grundytables.cellsum import FORMAT_V1, FORMAT_V2, FORMAT_V3, cell_sum

GO_DATASETS = {FORMAT_V1: REPO / "results" / "valuesds" / "testdata" / "v1",
               FORMAT_V2: REPO / "results" / "valuesds" / "testdata" / "v2"}
DATASET_NAMES = ["gneg1_n3000.values", "rows/gneg1_n3000.values", "passnim_n200.values"]
# The cells_sha256 of format 3 of the cells of those datasets, as the Go writer sums them: from the
# manifests of compute -write values of the same table, n, values and rows (rows/: -values 3-20
# -rows 1000-2999; passnim: -sweep full). verify -in of the format-2 datasets prints their first 16 digits.
GOLDEN_V3 = {"gneg1_n3000.values": "361a2408b5ba63959ccb508edc5a56b62c8db20b823a53a5c5016ed508594df5",
             "rows/gneg1_n3000.values": "99d94379b605c12898df7100848ac8c19b175b1f40cbd18ad0eb8cddd62c4824",
             "passnim_n200.values": "d94e35e3f082d9dfbaba96337955e110ea6b88339607d7a591a9bd07e031f79d"}
SIDE = 200_000  # columns 0..SIDE-1: room for cells 32768 and more off the diagonal


def run_of(rng, start, count, span):
    """count >= 2 random columns spanning exactly span >= count from start: start, start + span - 1 and
    count - 2 between them."""
    inner = rng.choice(np.arange(start + 1, start + span - 1), max(count - 2, 0), replace=False)
    return np.unique(np.concatenate([[start, start + span - 1], inner]))


def random_cells(rng, first, last):
    """(v, x, y) int64 of random cells of the rows first..last: rows without a cell, dense rows (near the
    diagonal or beyond int16 of it), rows that just miss being dense (a value 255, or a span of four
    columns a cell and one), narrow rows, rows wide by an offset or by a value, and rows of narrow cells
    with a single wide one."""
    v, x, y = [], [], []
    for row in range(first, last + 1):
        # 0 empty, 1-2 narrow, 3 wide by one cell, 4 wide through and through, 5 dense, 6 just not dense
        kind = rng.integers(0, 7)
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
        elif kind >= 5:
            count = int(rng.integers(2, 41))
            if kind == 5:  # side by side, or spread over up to four columns a cell
                span = count if rng.integers(0, 2) else int(rng.integers(count, 4 * count + 1))
            else:  # one column too many, or (below) one value too large
                span = 4 * count + 1 if rng.integers(0, 2) else count
            reach = rng.integers(32768, 90000) if rng.integers(0, 3) == 0 else rng.integers(0, 300)
            start = int(np.clip(row + rng.choice([-1, 1]) * reach, 0, SIDE - span))
            ys = run_of(rng, start, count, span)
            values = rng.integers(0, 255, count)
            if kind == 6 and span == count:
                values[rng.integers(0, count)] = 255
        v += values.tolist()
        x += [row] * len(ys)
        y += ys.tolist()
    return tuple(np.array(a, np.int64) for a in (v, x, y))


def kinds_of_row(d, value):
    """The kinds of a row of cells y - x = d (in increasing y) with values value: empty, dense (and
    dense beyond int16), just not dense (but for a 255, but for its span), narrow, wide by an offset,
    wide by a value, mixed (narrow cells and a wide one); a dense row is none of the last four."""
    if len(d) == 0:
        return {"empty"}
    far, big = (d < -32768) | (d > 32767), value > 65535
    in_a_byte, span = (value >= 0) & (value <= 254), d[-1] - d[0] + 1
    if in_a_byte.all() and span <= 4 * len(d):
        return {"dense"} | ({"dense beyond int16"} if far.any() else set())
    kinds = set()
    if in_a_byte.all() and span == 4 * len(d) + 1:
        kinds.add("dense but for its span")
    if np.sum(~in_a_byte) == 1 and value.max() == 255 and span <= 4 * len(d):
        kinds.add("dense but for a 255")
    wide = far | big
    kinds |= {"narrow"} if not wide.any() else set()
    kinds |= {"wide offset"} if far.any() else set()
    kinds |= {"wide value"} if big.any() else set()
    kinds |= {"mixed"} if wide.any() and not wide.all() else set()
    return kinds


def row_of(v, x, y, row):
    """(y - x, v) of the cells (v, x, y) of row, in increasing y."""
    order = np.argsort(y[x == row])
    return (y - x)[x == row][order], v[x == row][order]


def kinds_of_rows(v, x, y, first, last):
    """The kinds (kinds_of_row) of the rows of the cells (v, x, y) in the window first..last."""
    return set().union(*(kinds_of_row(*row_of(v, x, y, row)) for row in range(first, last + 1)))


ALL_KINDS = {"empty", "dense", "dense beyond int16", "dense but for its span", "dense but for a 255",
             "narrow", "wide offset", "wide value", "mixed"}


def part_sum(dataset_format, v, x, y, first, last, cuts, lo=0, hi=1 << 30):
    """cell_sum's hex cells_sha256 of the cells fed as parts ending at the rows cuts (and last),
    each part's cells in the layout's (v, x, y) order; fails on a cell reported twice."""
    total = cell_sum(dataset_format, first)
    start = first
    for end in sorted(set(cuts) | {last}):
        keep = (x >= start) & (x <= end)
        order = np.lexsort((y[keep], x[keep], v[keep]))
        assert total.add_rows(start, end, SIDE, lo, hi, v[keep][order], x[keep][order], y[keep][order]) is None
        start = end + 1
    assert total.count == len(v)
    return total.hexdigest()


@pytest.mark.parametrize("packed", [True, False], ids=["packed-keys", "lexsort"])
@pytest.mark.parametrize("seed", range(6))
def test_sums_match_the_definitions(seed, packed, monkeypatch):
    """Random windows (from row 0 or further) with rows of every kind, random part boundaries (a part of
    one row, parts of no cell), the three formats, both of cellsum.py's sorts: equal to the spec
    writer's sums."""
    if not packed:
        monkeypatch.setattr("grundytables.cellsum.KEY_BITS", 0)
    rng = np.random.default_rng(seed)
    first = 0 if seed % 3 == 0 else int(rng.integers(1, 70000))
    last = first + int(rng.integers(50, 300))
    v, x, y = random_cells(rng, first, last)
    assert kinds_of_rows(v, x, y, first, last) == ALL_KINDS
    cuts = rng.choice(np.arange(first, last + 1), int(rng.integers(0, 8)), replace=False).tolist()
    for dataset_format, reference in CELL_SUMS.items():
        assert part_sum(dataset_format, v, x, y, first, last, cuts) == reference(v, x, y, first, last)


def counted(cell_format, row, cells):
    """The encoding of row's cells (y, v) as c uint32, then each cell packed as cell_format ("<hH" narrow,
    "<ii" wide) with y - row and v."""
    return struct.pack("<I", len(cells)) + b"".join(struct.pack(cell_format, y - row, v) for y, v in cells)


def sum_of_one_row(row, encoding):
    """cells_sha256 of the window of the single row row, whose encoding is given."""
    return hashlib.sha256(struct.pack("<q", row) + hashlib.sha256(encoding).digest()).hexdigest()


def as_arrays(row, cells):
    """(v, x, y) int64 of the cells (y, v) of row."""
    return (np.array([v for _, v in cells], np.int64), np.full(len(cells), row, np.int64),
            np.array([y for y, _ in cells], np.int64))


def test_one_row_of_each_kind():
    """One row at a time, each encoding written out by hand: the definitions, not the spec writer."""
    # A dense row: c | 2**31 as uint32, y1 - x as int32, then a byte a column of y1..yc: v + 1, or 0.
    dense_cases = [  # (row x, its cells (y, v), format 3's encoding, format 2's)
        (7, [(5, 0), (6, 3), (8, 254)], "03000080 feffffff 01 04 00 ff", "<hH"),
        (7, [(7, 0), (14, 9)], "02000080 00000000 01 00 00 00 00 00 00 0a", "<hH"),  # a span of 4c
        (40000, [(40000 - 32768, 1)], "01000080 0080ffff 02", "<hH"),
        (7, [(7 + 32768, 1)], "01000080 00800000 02", "<ii"),  # beyond int16: wide in format 2
    ]
    # Rows that each fail one condition of a dense row, then narrow and wide rows that fail several. The
    # condition -2**31 <= y1 - x < 2**31 fails only for rows that no encoding holds (a wide row needs it).
    other_cases = [  # (row x, its cells (y, v), the encoding of a cell in both formats)
        (7, [], "<hH"),  # no cell
        (7, [(5, 0), (6, 255)], "<hH"),  # a value beyond a byte
        (7, [(5, 0), (6, -1)], "<ii"),  # a value below 0 (a dataset has none: LO >= 0)
        (7, [(7, 0), (15, 9)], "<hH"),  # a span of 4c + 1
        (7, [(0, 0), (7, 65535), (7 + 32767, 3)], "<hH"),
        (40000, [(40000 - 32769, 1), (40000, 2)], "<ii"),
        (7, [(3, 1), (9, 65536)], "<ii"),
    ]
    cases = [(row, cells, bytes.fromhex(dense), counted(cell_format, row, cells))
             for row, cells, dense, cell_format in dense_cases]
    cases += [(row, cells, counted(cell_format, row, cells), counted(cell_format, row, cells))
              for row, cells, cell_format in other_cases]
    for row, cells, encoding_v3, encoding_v2 in cases:
        want_v3, want_v2 = sum_of_one_row(row, encoding_v3), sum_of_one_row(row, encoding_v2)
        assert cells_sha256(*as_arrays(row, cells), row, row) == want_v3, cells
        assert part_sum(FORMAT_V3, *as_arrays(row, cells), row, row, [], lo=-1) == want_v3, cells
        assert cells_sha256_v2(*as_arrays(row, cells), row, row) == want_v2, cells
        assert part_sum(FORMAT_V2, *as_arrays(row, cells), row, row, [], lo=-1) == want_v2, cells


def test_the_tag_bit_tells_dense_from_narrow():
    """A dense and a narrow row of row 10 whose encodings differ in the bit 2**31 of the first word alone."""
    row = 10
    dense = [(3, 0), (8, 0), (12, 1), (14, 0)]  # 4 cells from y - x = -7 over 12 columns: 4 + 4 + 12 bytes
    narrow = [(3, 65535), (11, 0), (266, 0), (522, 256)]  # 4 cells: 4 + 4 * 4 bytes
    dense_encoding = bytes.fromhex("04000080 f9ffffff 01000000 00010000 00020001")
    narrow_encoding = counted("<hH", row, narrow)
    assert len(dense_encoding) == len(narrow_encoding)
    assert int.from_bytes(dense_encoding, "little") ^ int.from_bytes(narrow_encoding, "little") == 1 << 31
    sums = [part_sum(FORMAT_V3, *as_arrays(row, cells), row, row, []) for cells in (dense, narrow)]
    assert sums == [sum_of_one_row(row, dense_encoding), sum_of_one_row(row, narrow_encoding)]
    assert sums[0] != sums[1]


@pytest.mark.parametrize("dataset_format", [FORMAT_V3, FORMAT_V2])
def test_the_count_tells_narrow_from_wide(dataset_format):
    """Two narrow cells and one wide cell of the same 8 bytes: the count prefix (2 against 1) sets them apart."""
    row = 100
    narrow = (np.array([1, 2], np.int64), np.array([row, row], np.int64),
              np.array([row + 1, row + 100], np.int64))  # not dense: 100 columns for 2 cells
    d, value = struct.unpack("<ii", struct.pack("<hHhH", 1, 1, 100, 2))  # d = 65537, value = 131172
    wide = (np.array([value], np.int64), np.array([row], np.int64), np.array([row + d], np.int64))
    assert part_sum(dataset_format, *narrow, row, row, []) != part_sum(dataset_format, *wide, row, row, [])


def planted(v, x, y, first, last):
    """The planted changes of a window's cells: (name, v, x, y, first, last) each."""
    moved_y = y.copy()
    moved_y[0] = y[x == x[0]].max() + 1  # a column of its row that holds no cell
    value = v.copy()
    value[len(v) // 2] += 1
    wide = v.copy()
    wide[len(v) // 3] = 70000  # a narrow row made wide, its other cells unchanged
    dense_row = next(row for row in np.unique(x) if kinds_of_row(*row_of(v, x, y, row)) == {"dense"})
    undense = v.copy()
    undense[np.flatnonzero(x == dense_row)[0]] = 255  # a dense row made narrow
    return [("one value", value, x, y, first, last), ("one moved cell", v, x, moved_y, first, last),
            ("a row made wide", wide, x, y, first, last), ("a dense row made narrow", undense, x, y, first, last),
            ("the last, empty, row dropped", v, x, y, first, last - 1),
            ("the first, empty, row dropped", v, x, y, first + 1, last)]


@pytest.mark.parametrize("dataset_format", [FORMAT_V3, FORMAT_V2, FORMAT_V1])
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


@pytest.mark.parametrize("dataset_format", [FORMAT_V3, FORMAT_V2, FORMAT_V1])
def test_a_cell_held_twice_is_found(dataset_format):
    v, x, y = (np.array(a, np.int64) for a in ([3, 5, 4], [10, 11, 11], [12, 9, 9]))
    total = cell_sum(dataset_format, 10)
    assert total.add_rows(10, 11, 100, 0, 10, v, x, y) == (11, 9)


def golden_sum(dataset_format, name):
    """The Go writer's cells_sha256, in dataset_format, of the cells of the Go-written datasets name."""
    if dataset_format == FORMAT_V3:
        return GOLDEN_V3[name]
    return json.loads((GO_DATASETS[dataset_format] / name / "_manifest.json").read_text())["cells_sha256"]


@pytest.mark.parametrize("name", DATASET_NAMES)
@pytest.mark.parametrize("dataset_format", GO_DATASETS)
def test_go_written_earlier_datasets_still_verify(dataset_format, name):
    path = GO_DATASETS[dataset_format] / name
    manifest = json.loads((path / "_manifest.json").read_text())
    assert manifest["format"] == dataset_format
    report = grundytables.check_dataset(path)
    assert report["cells_sha256"] == manifest["cells_sha256"] and report["cells"] == manifest["cells"]


def copy_of(dataset_format, name, tmp_path):
    """A copy, in tmp_path, of the Go-written dataset name of dataset_format."""
    return pathlib.Path(shutil.copytree(GO_DATASETS[dataset_format] / name, tmp_path / pathlib.Path(name).name))


def all_cells(path):
    manifest = json.loads((path / "_manifest.json").read_text())
    t = pq.read_table([str(path / p["file"]) for p in manifest["parts"]])
    return manifest, [t.column(c).to_numpy().astype(np.int64) for c in "vxy"]


@pytest.mark.parametrize("name", DATASET_NAMES)
@pytest.mark.parametrize("earlier, later", [(FORMAT_V1, FORMAT_V2), (FORMAT_V1, FORMAT_V3), (FORMAT_V2, FORMAT_V3)])
def test_earlier_format_read_with_its_own_definition(earlier, later, name, tmp_path):
    """The same cells under a later format: refused with the earlier format's sum, accepted with the
    later one's (the spec's), which is the Go writer's."""
    path = copy_of(earlier, name, tmp_path)
    manifest, (v, x, y) = all_cells(path)
    manifest["format"] = later
    write_manifest(path, manifest)
    with pytest.raises(grundytables.DamagedValuesDataset, match="cells_sha256"):
        grundytables.check_dataset(path)
    manifest["cells_sha256"] = CELL_SUMS[later](v, x, y, *manifest["rows"])
    assert manifest["cells_sha256"] == golden_sum(later, name)
    write_manifest(path, manifest)
    assert grundytables.check_dataset(path)["cells_sha256"] == manifest["cells_sha256"]


@pytest.mark.parametrize("dataset_format", GO_DATASETS)
def test_an_edited_earlier_part_is_refused(dataset_format, tmp_path):
    """One value changed in a Go-written part, the part's SHA-256 re-signed in the manifest."""
    path = copy_of(dataset_format, "rows/gneg1_n3000.values", tmp_path)
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


def test_unknown_format_names_all(tmp_path):
    """A format none of 1, 2 and 3, and a manifest that is no JSON object, are refused."""
    path = copy_of(FORMAT_V2, "gneg1_n3000.values", tmp_path)
    manifest = json.loads((path / "_manifest.json").read_text())
    manifest["format"] = "grundy-values/4"
    write_manifest(path, manifest)
    with pytest.raises(grundytables.DamagedValuesDataset,
                       match="'grundy-values/4', want 'grundy-values/1' or 'grundy-values/2' or 'grundy-values/3'"):
        grundytables.check_dataset(path)
    (path / "_manifest.json").write_text("[]")
    with pytest.raises(grundytables.DamagedValuesDataset, match="not a JSON object"):
        grundytables.check_dataset(path)
