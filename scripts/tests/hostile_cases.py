"""Hostile variants of an honest values dataset, each a Case: how to plant it and what a reader must do.

A case is planted in a copy of an honest dataset (cmd/compute's, one part)
by editing the part's Parquet footer (decoded and re-encoded with
grundytables.thrift_compact, the part's SHA-256 then re-signed in the
manifest, so that only the footer's own checks can catch it), the manifest,
or the files. expect says what each call of a reader on it may do:

- "refuse": raise a documented grundytables error (a TableFileError)
  whose message matches match;
- "either": give the honest dataset's answer or raise a documented error
  (a damage a partial read may not look at, or one that changes nothing);
- lenient lists the calls of a "refuse" case that may also answer as on
  the honest dataset: metadata, which reads no cell, on a damage only cells show.

Cases can also come from a directory (load_case_dir), one subdirectory a
case, so that a corpus written by another tool runs through the same test;
write_case_dir writes these cases so (python hostile_cases.py HONEST OUT),
for another reader (bin/verify) to be held to the same verdicts.
"""

import dataclasses
import hashlib
import json
import os
import pathlib
import re
import shutil
import struct

from grundytables import thrift_compact as tc

ROWS_GROUP = 3  # the row group whose footer the cases edit: value 3


@dataclasses.dataclass
class Case:
    """A hostile dataset: name, expect ("refuse" or "either"), match (a regex of the refusal), plant(dataset)."""

    name: str
    expect: str
    match: str
    plant: object = None
    lenient: tuple = ()  # the calls that may answer right on a "refuse" case
    path: pathlib.Path = None  # a case of a directory: its dataset, already planted
    honest: pathlib.Path = None  # and the honest dataset it was made from, if it says


def only_part(dataset):
    return dataset / json.loads((dataset / "_manifest.json").read_text())["parts"][0]["file"]


def read_manifest(dataset):
    return json.loads((dataset / "_manifest.json").read_text())


def write_manifest_text(dataset, text):
    (dataset / "_manifest.json").write_text(text)


def write_manifest(dataset, manifest):
    write_manifest_text(dataset, json.dumps(manifest, indent=2, ensure_ascii=False))


def resign(dataset):
    """Set the manifest's sha256 of the (only) part to the part's bytes' SHA-256."""
    manifest = read_manifest(dataset)
    manifest["parts"][0]["sha256"] = hashlib.sha256(only_part(dataset).read_bytes()).hexdigest()
    write_manifest(dataset, manifest)


def edit_footer(edit):
    """A plant that applies edit(footer struct) to the part's footer and re-signs the part."""
    def plant(dataset):
        part = only_part(dataset)
        data = part.read_bytes()
        length = struct.unpack("<I", data[-8:-4])[0]
        meta = tc.decode(data[-8 - length:-8])
        edit(meta)
        footer = tc.encode(meta)
        part.write_bytes(data[:-8 - length] + footer + struct.pack("<I", len(footer)) + b"PAR1")
        resign(dataset)
    return plant


def edit_bytes(edit):
    """A plant that replaces the part's bytes by edit(bytes) and re-signs the part."""
    def plant(dataset):
        only_part(dataset).write_bytes(edit(only_part(dataset).read_bytes()))
        resign(dataset)
    return plant


def group(meta, g=ROWS_GROUP):
    return meta[4].value.values[g]


def column(meta, c, g=ROWS_GROUP):
    """The ColumnMetaData of column c (0 v, 1 x, 2 y) of row group g."""
    return group(meta, g)[1].value.values[c][3].value


def stats(meta, c, g=ROWS_GROUP):
    return column(meta, c, g)[12].value


def set_field(struct_, fid, kind, value):
    struct_[fid] = tc.Field(kind, value)


def set_stat(meta, c, which, value):
    """Set the min or max (which) statistic of column c of row group ROWS_GROUP to the bytes value,
    in both its fields (min_value and the deprecated min, when present), as a writer would."""
    new, old = {"max": (5, 1), "min": (6, 2)}[which]
    s = stats(meta, c)
    set_field(s, new, tc.BINARY, value)
    if old in s:
        set_field(s, old, tc.BINARY, value)


def int64(v):
    return struct.pack("<q", v)


def edit_manifest(edit):
    """A plant that applies edit(manifest dict) to the manifest."""
    def plant(dataset):
        manifest = read_manifest(dataset)
        edit(manifest)
        write_manifest(dataset, manifest)
    return plant


def replace_in_manifest(pattern, new):
    """A plant that replaces the first match of the regex pattern (bytes) by new (bytes) in the manifest,
    for what json.dumps cannot write."""
    def plant(dataset):
        path = dataset / "_manifest.json"
        data, count = re.subn(pattern, new, path.read_bytes(), count=1)
        assert count == 1, pattern
        path.write_bytes(data)
    return plant


def rename_key(key, new, part=False):
    def edit(m):
        obj = m["parts"][0] if part else m
        obj[new] = obj.pop(key)
    return edit_manifest(edit)


def drop_key(key, part=False):
    return edit_manifest(lambda m: (m["parts"][0] if part else m).pop(key))


def set_key(key, value, part=False):
    return edit_manifest(lambda m: (m["parts"][0] if part else m).__setitem__(key, value))


def nested(depth):
    """A plant that makes the manifest's table a list nested depth deep."""
    def plant(dataset):
        text = (dataset / "_manifest.json").read_text()
        table = json.dumps(read_manifest(dataset)["table"])
        write_manifest_text(dataset, text.replace(f'"table": {table}', '"table": ' + "[" * depth + "]" * depth, 1))
    return plant


def oversize(size):
    """A plant that makes the part a sparse file of size bytes (its SHA-256 not re-signed: no need)."""
    def plant(dataset):
        os.truncate(only_part(dataset), size)
    return plant


def edit_footer_and_page(c, edit):
    """A plant that applies edit(header) to the first page header of column c of row group ROWS_GROUP,
    moving the bytes after it and the footer's offsets if its length changes, and re-signs the part."""
    def plant(dataset):
        part = only_part(dataset)
        data = part.read_bytes()
        length = struct.unpack("<I", data[-8:-4])[0]
        meta = tc.decode(data[-8 - length:-8])
        chunk = column(meta, c)
        start = min(chunk[9].value, chunk[11].value) if 11 in chunk else chunk[9].value
        header, end = tc.decode_prefix(data, start, len(data))
        edit(header)
        new = tc.encode(header)
        delta = len(new) - (end - start)
        set_field(chunk, 7, tc.I64, chunk[7].value + delta)
        for g in meta[4].value.values:
            for cc in g[1].value.values:
                for holder, key in ((cc, 2), (cc[3].value, 9), (cc[3].value, 11)):
                    if key in holder and holder[key].value > start:
                        set_field(holder, key, tc.I64, holder[key].value + delta)
        footer = tc.encode(meta)
        part.write_bytes(data[:start] + new + data[end:-8 - length] + footer + struct.pack("<I", len(footer)) + b"PAR1")
        resign(dataset)
    return plant


def huge_part_cells(dataset):
    """The part's cells (and the manifest's) set beyond 2**26, its file made as large as that many could take."""
    manifest = read_manifest(dataset)
    cells = (1 << 26) + 1
    manifest["cells"] = manifest["parts"][0]["cells"] = cells
    write_manifest(dataset, manifest)
    os.truncate(only_part(dataset), 24 * cells)


def being_written(dataset):
    """The dataset as a first run leaves it while writing: its .partial directory, lock and state file, no dataset."""
    parent, name = dataset.parent, dataset.name
    stem = name[:-len(".values")]
    (dataset / "_manifest.json").unlink()
    dataset.rename(parent / f".{name}.partial")
    (parent / f".{stem}.lock").write_text("pid 1 compute -table gneg1\n")
    (parent / f".{stem}.band.state").write_bytes(b"")


def consistent_rows(delta):
    """A footer edit adding delta rows to row group ROWS_GROUP everywhere the footer counts them."""
    def edit(meta):
        g = group(meta)
        set_field(g, 3, tc.I64, g[3].value + delta)
        for c in range(3):
            set_field(column(meta, c), 5, tc.I64, column(meta, c)[5].value + delta)
        set_field(meta, 3, tc.I64, meta[3].value + delta)
    return edit


def with_manifest_cells(delta, edit):
    """A footer edit that also adds delta to the part's and the dataset's cells in the manifest."""
    def plant(dataset):
        edit_footer(edit)(dataset)
        manifest = read_manifest(dataset)
        manifest["cells"] += delta
        manifest["parts"][0]["cells"] += delta
        write_manifest(dataset, manifest)
    return plant


def size_statistics(meta):
    set_field(column(meta, 1), 16, tc.STRUCT, {2: tc.Field(tc.LIST, tc.List(tc.I64, [1, 2, 3]))})


# A damage in the pages of row group ROWS_GROUP: the calls that need not read that group may answer.
PAGES_ONLY = ("metadata", "cell")
CASES = [
    # The footer: statistics, sizes and types pyarrow and polars would trust.
    Case("stats-empty-max", "refuse", "column x: a statistic of 0 bytes, want 8",
         edit_footer(lambda m: set_stat(m, 1, "max", b""))),
    Case("stats-empty-max-of-v", "refuse", "column v: a statistic of 0 bytes, want 4",
         edit_footer(lambda m: set_stat(m, 0, "max", b""))),
    Case("stats-short-min", "refuse", "column y: a statistic of 3 bytes, want 8",
         edit_footer(lambda m: set_stat(m, 2, "min", b"\1\2\3"))),
    Case("stats-deprecated-min-differs", "refuse", "deprecated min or max differs",
         edit_footer(lambda m: set_field(stats(m, 1), 2, tc.BINARY, int64(1)))),
    Case("stats-null-count", "refuse", "column y holds 5 nulls",
         edit_footer(lambda m: set_field(stats(m, 2), 3, tc.I64, 5))),
    Case("stats-missing", "refuse", "column x lacks the fields \\[12\\]",
         edit_footer(lambda m: column(m, 1).pop(12))),
    Case("stats-min-above-max", "refuse", "its min 2999 exceeds its max 0",
         edit_footer(lambda m: (set_stat(m, 2, "min", int64(2999)), set_stat(m, 2, "max", int64(0))))),
    Case("stats-rows-outside-the-part", "refuse", "outside the rows 0..3000",
         edit_footer(lambda m: set_stat(m, 1, "max", int64(3005)))),
    Case("stats-two-values", "refuse", "one row group per value",
         edit_footer(lambda m: set_stat(m, 0, "max", struct.pack("<i", 4)))),
    Case("stats-narrowed", "refuse", "are not those its statistics bound",
         edit_footer(lambda m: set_stat(m, 2, "max", int64(1))), lenient=PAGES_ONLY),
    Case("stats-widened", "either", "",
         edit_footer(lambda m: set_stat(m, 2, "min", int64(0)))),
    Case("num-rows-0", "refuse", "row group 3 holds num_rows = 0",
         edit_footer(lambda m: set_field(group(m), 3, tc.I64, 0))),
    Case("num-rows-minus-1", "refuse", "row group 3 holds num_rows = -1",
         edit_footer(lambda m: set_field(group(m), 3, tc.I64, -1))),
    Case("num-rows-huge", "refuse", "holds 3000 values in a row group of 1099511627776 rows",
         edit_footer(lambda m: set_field(group(m), 3, tc.I64, 1 << 40))),
    Case("num-rows-one-more-everywhere", "refuse", "row group 3, column v: its pages hold 3000 values, its row group 3001",
         with_manifest_cells(1, consistent_rows(1)), lenient=PAGES_ONLY),
    Case("num-rows-one-less-everywhere", "refuse", "row group 3, column v: its pages hold 3000 values, its row group 2999",
         with_manifest_cells(-1, consistent_rows(-1)), lenient=PAGES_ONLY),
    Case("rows-not-adding-up", "refuse", "its row groups hold 62966 rows, its footer says 62967",
         edit_footer(lambda m: set_field(m, 3, tc.I64, m[3].value + 1))),
    Case("page-size-beyond-the-chunk", "refuse", "row group 3, column x, page 0: 1073741824 bytes stored",
         edit_footer_and_page(1, lambda h: set_field(h, 3, tc.I32, 1 << 30)), lenient=PAGES_ONLY),
    Case("page-decoded-size-huge", "refuse", "row group 3, column y, page 0: .* 2147483647 decoded",
         edit_footer_and_page(2, lambda h: set_field(h, 2, tc.I32, (1 << 31) - 1)), lenient=PAGES_ONLY),
    Case("page-statistics-short", "refuse", "row group 3, column x, page 0: statistics of other widths than 8",
         edit_footer_and_page(1, lambda h: set_field(h[5].value, 5, tc.STRUCT, {1: tc.Field(tc.BINARY, b"\1\2\3")})), lenient=PAGES_ONLY),
    Case("page-encoding-unknown", "refuse", "row group 3, column y, page 0: 3000 values, or an unknown encoding",
         edit_footer_and_page(2, lambda h: set_field(h[5].value, 2, tc.I32, 77)), lenient=PAGES_ONLY),
    Case("row-group-negative-size", "refuse", "row group 3: a negative size or offset",
         edit_footer(lambda m: set_field(group(m), 2, tc.I64, -5))),
    Case("encoding-stats-negative", "refuse", "row group 3, column x: encoding statistics of page type",
         edit_footer(lambda m: set_field(column(m, 1)[13].value.values[0], 3, tc.I32, -1))),
    Case("schema-name-not-utf-8", "refuse", "the name of schema element 0 is not UTF-8",
         edit_footer(lambda m: set_field(m[2].value.values[0], 4, tc.BINARY, b"\xe1chema"))),
    Case("metadata-not-utf-8", "refuse", "a metadata value is not UTF-8",
         edit_footer(lambda m: set_field(m[5].value.values[0], 2, tc.BINARY, b"\xff"))),
    Case("size-statistics-histogram", "refuse", "a level histogram of 3 entries",
         edit_footer(size_statistics)),
    Case("column-type", "refuse", "column x is stored as type 1",
         edit_footer(lambda m: set_field(column(m, 1), 1, tc.I32, 1))),
    Case("column-in-another-file", "refuse", "column y has a field 1",
         edit_footer(lambda m: set_field(group(m)[1].value.values[2], 1, tc.BINARY, b"/etc/passwd"))),
    Case("pages-beyond-the-footer", "refuse", "lie outside the 4..",
         edit_footer(lambda m: set_field(column(m, 2), 7, tc.I64, 1 << 30))),
    Case("column-renamed", "refuse", "schema element b'z' is not the column y",
         edit_footer(lambda m: set_field(m[2].value.values[3], 4, tc.BINARY, b"z"))),
    Case("codec-unknown", "refuse", "column y has an unknown codec",
         edit_footer(lambda m: set_field(column(m, 2), 4, tc.I32, 99))),
    Case("footer-length-beyond-the-file", "refuse", "a footer of 4294967295 bytes",
         edit_bytes(lambda data: data[:-8] + b"\xff\xff\xff\xffPAR1")),
    Case("footer-unreadable", "refuse", "footer not readable",
         edit_bytes(lambda data: data[:-9] + b"\x0f" + data[-8:])),
    # The manifest, as Go's reader checks it.
    Case("part-file-misnamed", "refuse", "parts\\[0\\].file = 'part-1.parquet'", set_key("file", "part-1.parquet", part=True)),
    Case("part-beyond-n", "refuse", "parts\\[0\\].x_last = 3001 is not an integer in 0..3000", set_key("x_last", 3001, part=True)),
    Case("parts-empty", "refuse", "parts is not a list of 1 to 3001 parts", set_key("parts", [])),
    Case("parts-short-of-the-rows", "refuse", "the parts end at row 2999, the manifest's rows at 3000",
         set_key("x_last", 2999, part=True)),
    Case("part-sha256-short", "refuse", "parts\\[0\\].sha256 = 'abc' is not 64 lowercase hex", set_key("sha256", "abc", part=True)),
    Case("cells-not-adding-up", "refuse", "cells = 5, but its parts hold 62966", set_key("cells", 5)),
    Case("part-key-renamed", "refuse", "parts\\[0\\] lacks the keys \\['sha256'\\]", rename_key("sha256", "sha_256", part=True)),
    Case("part-key-case", "refuse", "parts\\[0\\] lacks the keys \\['cells'\\]", rename_key("cells", "Cells", part=True)),
    Case("part-without-x_first", "refuse", "lacks the keys \\['x_first'\\]", drop_key("x_first", part=True)),
    Case("part-unknown-key", "refuse", "unknown keys \\['extra'\\]", set_key("extra", 1, part=True)),
    Case("part-cells-over-2-26", "refuse", "parts\\[0\\].cells = 67108865 is not an integer in 0..67108864",
         huge_part_cells),
    Case("part-cells-beyond-its-rows", "refuse", "cells do not fit its rows",
         edit_manifest(lambda m: (m.__setitem__("rows", [0, 0]), m["parts"][0].__setitem__("x_last", 0)))),
    Case("nested-100000", "refuse", "JSON nested 100001 deep", nested(100_000)),
    Case("nested-5", "refuse", "JSON nested 5 deep, a manifest nests 4", nested(4)),
    Case("without-symbol", "refuse", "lacks the keys \\['symbol'\\]", drop_key("symbol")),
    Case("without-workers", "refuse", "lacks the keys \\['workers'\\]", drop_key("workers")),
    Case("key-upper-case", "refuse", "lacks the keys \\['table'\\] or has the unknown keys \\['TABLE'\\]",
         rename_key("table", "TABLE")),
    Case("unknown-key", "refuse", "unknown keys \\['note'\\]", set_key("note", "hi")),
    Case("duplicate-key", "refuse", "a key twice in one object", replace_in_manifest(rb'"n": 3000', b'"n": 3000, "n": 3000')),
    Case("values-trailing-space", "refuse", "values = '0-20 ' is not a range", set_key("values", "0-20 ")),
    Case("values-arabic-indic", "refuse", "is not a range LO-HI of ASCII digits", set_key("values", "٠-٢٠")),
    Case("values-leading-zero", "refuse", "values = '00-20' is not a range", set_key("values", "00-20")),
    Case("values-plus", "refuse", "values = '\\+0-20' is not a range", set_key("values", "+0-20")),
    Case("values-underscore", "refuse", "values = '0-2_0' is not a range", set_key("values", "0-2_0")),
    Case("values-beyond-int32", "refuse", "is not a range", set_key("values", "0-2147483648")),
    Case("seconds-negative", "refuse", "seconds = -1 is not a duration", set_key("seconds", -1)),
    Case("seconds-nan", "refuse", "NaN is not a JSON number", replace_in_manifest(rb'"seconds": [0-9.e+-]+', b'"seconds": NaN')),
    Case("seconds-infinite", "refuse", "seconds = inf is not a duration", replace_in_manifest(rb'"seconds": [0-9.e+-]+', b'"seconds": 1e400')),
    Case("n-as-float", "refuse", "n = 3000.0 is not an integer", set_key("n", 3000.0)),
    Case("n-beyond-max", "refuse", "n = 1000000000000 is not an integer", set_key("n", 10**12)),
    Case("workers-true", "refuse", "workers = True is not an integer", set_key("workers", True)),
    Case("symbol-null", "refuse", "symbol = None is not a non-empty string", set_key("symbol", None)),
    Case("rows-one", "refuse", "rows = \\[0\\] is not a pair", set_key("rows", [0])),
    Case("rows-three", "refuse", "rows = \\[0, 3000, 5\\] is not a pair", set_key("rows", [0, 3000, 5])),
    Case("cells-sha256-upper-case", "refuse", "cells_sha256 = .* is not 64 lowercase hex digits",
         edit_manifest(lambda m: m.__setitem__("cells_sha256", m["cells_sha256"].upper()))),
    Case("band-with-max-value", "refuse", "unknown keys \\['max_value'\\]", set_key("max_value", 20)),
    Case("not-utf-8", "refuse", "not readable JSON", replace_in_manifest(rb'"version": "', b'"version": "\xff')),
    # The files.
    Case("part-oversize-sparse", "refuse", "3221225472 bytes, more than a part can take", oversize(3 << 30)),
    Case("part-missing", "refuse", "cannot be read: No such file", lambda d: only_part(d).unlink()),
    Case("being-written", "refuse", "not written yet: a compute run is writing it, or was interrupted",
         being_written),
    Case("replacement-stopped-midway", "refuse", "a replacement stopped midway left the previous one in",
         lambda d: d.rename(d.parent / f".{d.name}.old")),
]


def load_case_dir(directory):
    """The cases of a directory: each subdirectory holding a case.json, whose "dataset" names the
    dataset to read (relative to the subdirectory), "expect" ("refuse" or "either", default "refuse"),
    "match" (a regex of the refusal, default any), "lenient" (a list of calls) and "honest" (the
    honest dataset it was made from, relative to the subdirectory; an "either" case needs it)."""
    cases = []
    for spec_file in sorted(pathlib.Path(directory).glob("*/case.json")):
        sub, spec = spec_file.parent, json.loads(spec_file.read_text())
        honest = sub / spec["honest"] if "honest" in spec else None
        cases.append(Case(sub.name, spec.get("expect", "refuse"), spec.get("match", ""),
                          lenient=tuple(spec.get("lenient", ())), path=sub / spec["dataset"], honest=honest))
    return cases


def plant_copy(case, honest, directory):
    """A copy of the dataset honest in directory, with case planted; returns its path."""
    dataset = pathlib.Path(shutil.copytree(honest, directory / honest.name))
    case.plant(dataset)
    return dataset


def write_case_dir(honest, out):
    """Write every case of CASES planted in a copy of the dataset honest into out/<name>/, with its
    case.json (dataset, expect, match, lenient, honest) as load_case_dir reads it."""
    out = pathlib.Path(out)
    reference = pathlib.Path(shutil.copytree(honest, out / "honest" / honest.name))
    for case in CASES:
        directory = out / case.name
        directory.mkdir(parents=True)
        dataset = plant_copy(case, reference, directory)
        spec = {"dataset": dataset.name, "expect": case.expect, "match": case.match, "lenient": list(case.lenient),
                "honest": os.path.relpath(reference, directory)}
        (directory / "case.json").write_text(json.dumps(spec, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 3:
        sys.exit("usage: python hostile_cases.py HONEST_DATASET OUT_DIR")
    write_case_dir(pathlib.Path(sys.argv[1]), sys.argv[2])
