"""The footer of a part, decoded and checked here before pyarrow or polars is given the part.

pyarrow (26) aborts the process, an uncaught C++ exception, on some
malformed footers of a Parquet file that pass its own parsing: a
statistic shorter than its column's type (an empty max_value, a 3-byte
min of an int64), a size-statistics histogram of the wrong length; polars
panics (a BaseException) on a row group whose num_rows is not the number of
values its pages hold. So a part's footer is decoded with thrift_compact
and checked field by field against what the writers (cmd/compute's and
pyarrow's) write, and only a part whose footer passes is opened with
pyarrow:

- the file starts and ends with PAR1, the footer fits the file and is one
  struct, unencrypted, with no field the writers do not write;
- the schema is the columns v int32, x int64, y int64, flat, none repeated;
  its names, the key-value metadata and created_by are UTF-8;
- every row group holds the three column chunks, in this file, each of its
  column's physical type, with num_values equal to the row group's
  num_rows (at least 1), its pages within the bytes before the footer and
  statistics of exactly the type's width (min and max, deprecated or not,
  agreeing) with a null count of 0; size statistics, when present, of the
  lengths the levels allow;
- (check_group_pages) every column chunk's pages: a dictionary page at
  most, first, then data pages whose values add up to num_rows, each
  within the chunk and of at most MAX_PAGE_BYTES decoded;
- the row groups' num_rows add up to the file's num_rows.

check_footer returns the row groups as their statistics describe them (a
footer checked before, byte for byte in a file of the same size, is not
decoded again);
PartFile (part_file.py) checks them against the manifest and the cells it
decodes. check_group_pages walks the page headers of a row group's column
chunks (their values must add up to the row group's num_rows, their bytes
fill the chunk, their own statistics be of the type's width); PartFile
calls it on each row group before pyarrow reads it, so a query reading one
row group a part walks that group's pages only. The pages' contents are
left to pyarrow, which checks them as it decodes them (raising, not
aborting, on the damage found so far), and PartFile compares what it
decodes with the footer.
"""

import dataclasses
import functools
import struct

from . import thrift_compact as tc

MAGIC = b"PAR1"
COLUMNS = (("v", 1, 4), ("x", 2, 8), ("y", 2, 8))  # name, physical type (INT32 1, INT64 2), bytes
PHYSICAL_NAMES = {1: "INT32", 2: "INT64"}
CODECS = range(8)  # UNCOMPRESSED .. LZ4_RAW
ENCODINGS = range(10)

# The fields each struct may have, with their types (Apache Parquet, parquet.thrift).
FILE_FIELDS = {1: tc.I32, 2: tc.LIST, 3: tc.I64, 4: tc.LIST, 5: tc.LIST, 6: tc.BINARY, 7: tc.LIST}
SCHEMA_FIELDS = {1: tc.I32, 3: tc.I32, 4: tc.BINARY, 5: tc.I32}
ROW_GROUP_FIELDS = {1: tc.LIST, 2: tc.I64, 3: tc.I64, 5: tc.I64, 6: tc.I64, 7: tc.I16}
CHUNK_FIELDS = {2: tc.I64, 3: tc.STRUCT}
META_FIELDS = {1: tc.I32, 2: tc.LIST, 3: tc.LIST, 4: tc.I32, 5: tc.I64, 6: tc.I64, 7: tc.I64, 9: tc.I64,
               11: tc.I64, 12: tc.STRUCT, 13: tc.LIST, 16: tc.STRUCT}
STATS_FIELDS = {1: tc.BINARY, 2: tc.BINARY, 3: tc.I64, 4: tc.I64, 5: tc.BINARY, 6: tc.BINARY,
                7: tc.TRUE, 8: tc.TRUE}
SIZE_FIELDS = {2: tc.LIST, 3: tc.LIST}
KEY_VALUE_FIELDS = {1: tc.BINARY, 2: tc.BINARY}
ENCODING_STATS_FIELDS = {1: tc.I32, 2: tc.I32, 3: tc.I32}


# Page headers (PageHeader, DataPageHeader, DataPageHeaderV2, DictionaryPageHeader): the fields checked.
DATA_PAGE, DICTIONARY_PAGE, DATA_PAGE_V2 = 0, 2, 3
PAGE_TYPES = range(4)
PAGE_FIELDS = {1: tc.I32, 2: tc.I32, 3: tc.I32, 4: tc.I32, 5: tc.STRUCT, 7: tc.STRUCT, 8: tc.STRUCT}
DATA_FIELDS = {1: tc.I32, 2: tc.I32, 3: tc.I32, 4: tc.I32, 5: tc.STRUCT}
DATA_V2_FIELDS = {1: tc.I32, 2: tc.I32, 3: tc.I32, 4: tc.I32, 5: tc.I32, 6: tc.I32, 7: tc.TRUE, 8: tc.STRUCT}
DICTIONARY_FIELDS = {1: tc.I32, 2: tc.I32, 3: tc.TRUE}
MAX_PAGE_BYTES = 64 << 20  # as the Go reader's bound on an allocation: a page of a part takes a few MiB


class FooterError(ValueError):
    """A footer that is not one the writers write; the message says what is wrong (without the path)."""


@dataclasses.dataclass(frozen=True)
class GroupStats:
    """A row group as its footer describes it: its index, num_rows and each column's (min, max)."""

    index: int
    rows: int
    v: tuple
    x: tuple
    y: tuple
    pages: tuple  # (where, start, end, width) of each column chunk, for check_pages


@dataclasses.dataclass(frozen=True)
class Footer:
    """A checked footer: the file's num_rows, its row groups and its key-value metadata (str to str)."""

    rows: int
    groups: list
    key_values: dict


def check_footer(data):
    """Decode and check the footer of the Parquet file whose bytes are data; return a Footer, or FooterError."""
    size = len(data)
    if size < 12 or data[:4] != MAGIC or data[-4:] != MAGIC:
        raise FooterError(f"not a Parquet file: {size} bytes without PAR1 at both ends")
    length = struct.unpack("<I", data[-8:-4])[0]
    end = size - 8 - length  # where the footer starts: every page lies in 4..end
    if end < 4:
        raise FooterError(f"a footer of {length} bytes in a file of {size}")
    return _checked(size, bytes(data[end:size - 8]))


@functools.lru_cache(maxsize=256)
def _checked(size, footer):
    """check_footer of a file of size bytes ending in footer (its thrift bytes), kept for the footers
    read last: its verdict depends on these alone, and decoding one in Python takes milliseconds."""
    end = size - 8 - len(footer)
    try:
        meta = tc.decode(footer)
    except tc.ThriftError as err:
        raise FooterError(f"footer not readable: {err}") from None
    fields(meta, FILE_FIELDS, "the footer", required=(2, 3, 4))
    check_schema(meta[2].value)
    rows = meta[3].value
    groups = [check_group(g, group, end) for g, group in enumerate(elements(meta[4].value, tc.STRUCT, "row_groups"))]
    if sum(g.rows for g in groups) != rows:
        raise FooterError(f"its row groups hold {sum(g.rows for g in groups)} rows, its footer says {rows}")
    key_values = {}
    for kv in elements(meta[5].value, tc.STRUCT, "key_value_metadata") if 5 in meta else []:
        fields(kv, KEY_VALUE_FIELDS, "a key-value pair", required=(1,))
        key_values[text(kv[1].value, "a metadata key")] = text(kv[2].value, "a metadata value") if 2 in kv else ""
    if 6 in meta:
        text(meta[6].value, "created_by")
    return Footer(rows, groups, key_values)


def text(value, where):
    """The bytes value as str, refused unless UTF-8 (polars refuses the file otherwise)."""
    try:
        return value.decode()
    except UnicodeDecodeError as err:
        raise FooterError(f"{where} is not UTF-8: {err}") from None


def fields(struct_, allowed, where, required=()):
    """Check that struct_ has only the fields allowed ({id: type}), of those types, and the required ones."""
    for fid, field in struct_.items():
        kind = tc.TRUE if field.type == tc.FALSE else field.type
        if allowed.get(fid) != kind:
            raise FooterError(f"{where} has a field {fid} of type {field.type}, which no writer of parts writes")
    missing = [fid for fid in required if fid not in struct_]
    if missing:
        raise FooterError(f"{where} lacks the fields {missing}")


def elements(value, kind, where):
    """The elements of the list value, checked to be of type kind."""
    if value.type != kind and value.values:
        raise FooterError(f"{where} is a list of type {value.type}, want {kind}")
    return value.values


def check_schema(schema):
    """Check the schema: a root of three leaves v INT32, x INT64, y INT64, none repeated."""
    elems = elements(schema, tc.STRUCT, "schema")
    if len(elems) != 1 + len(COLUMNS):
        raise FooterError(f"a schema of {len(elems)} elements, want the root and v, x, y")
    for i, e in enumerate(elems):
        fields(e, SCHEMA_FIELDS, f"schema element {i}", required=(4,))
        text(e[4].value, f"the name of schema element {i}")
    if elems[0].get(5, tc.Field(tc.I32, None)).value != len(COLUMNS) or 1 in elems[0]:
        raise FooterError("the schema's root is not a group of three columns")
    for e, (name, physical, _) in zip(elems[1:], COLUMNS):
        if (e[4].value != name.encode() or 1 not in e or e[1].value != physical or 5 in e
                or e.get(3, tc.Field(tc.I32, 0)).value not in (0, 1)):
            raise FooterError(f"schema element {e[4].value!r} is not the column {name} "
                              f"{PHYSICAL_NAMES[physical]}, required or optional")


def check_group(g, group, end):
    """Check row group g (a struct) of a file whose footer starts at byte end; return its GroupStats."""
    where = f"row group {g}"
    fields(group, ROW_GROUP_FIELDS, where, required=(1, 3))
    rows = group[3].value
    if rows < 1:
        raise FooterError(f"{where} holds num_rows = {rows}: every row group of a part holds a cell at least")
    if any(group[fid].value < 0 for fid in (2, 5, 6) if fid in group) or group.get(7, tc.Field(tc.I16, g)).value != g:
        raise FooterError(f"{where}: a negative size or offset, or an ordinal that is not {g}")
    chunks = elements(group[1].value, tc.STRUCT, f"{where}'s columns")
    if len(chunks) != len(COLUMNS):
        raise FooterError(f"{where} has {len(chunks)} columns, want v, x, y")
    checked = [check_chunk(f"{where}, column {name}", chunk, name, physical, width, rows, end)
               for chunk, (name, physical, width) in zip(chunks, COLUMNS)]
    return GroupStats(g, rows, *(bounds for bounds, _ in checked), tuple(pages for _, pages in checked))


def check_chunk(where, chunk, name, physical, width, rows, end):
    """Check a column chunk of a row group of rows rows; return its column's (min, max) by its statistics
    and the (where, start, end, width) of its pages for check_pages."""
    fields(chunk, CHUNK_FIELDS, where, required=(3,))
    if chunk.get(2, tc.Field(tc.I64, 0)).value < 0:
        raise FooterError(f"{where}: a negative file_offset")
    meta = chunk[3].value
    fields(meta, META_FIELDS, where, required=(1, 2, 3, 4, 5, 6, 7, 9, 12))
    path = [p for p in elements(meta[3].value, tc.BINARY, f"{where}'s path")]
    if meta[1].value != physical or path != [name.encode()]:
        raise FooterError(f"{where} is stored as type {meta[1].value} at {path}, "
                          f"want {PHYSICAL_NAMES[physical]} at [{name!r}]")
    if meta[4].value not in CODECS or any(e not in ENCODINGS for e in elements(meta[2].value, tc.I32, where)):
        raise FooterError(f"{where} has an unknown codec or encoding")
    if meta[5].value != rows:
        raise FooterError(f"{where} holds {meta[5].value} values in a row group of {rows} rows")
    start = min(meta[9].value, meta[11].value) if 11 in meta else meta[9].value
    if start < 4 or meta[7].value < 1 or start + meta[7].value > end or meta[6].value < 0:
        raise FooterError(f"{where}: its pages at bytes {start}..{start + meta[7].value} lie outside the "
                          f"4..{end} before the footer")
    for stat in elements(meta[13].value, tc.STRUCT, where) if 13 in meta else []:
        fields(stat, ENCODING_STATS_FIELDS, f"{where}'s encoding statistics", required=(1, 2, 3))
        if stat[1].value not in PAGE_TYPES or stat[2].value not in ENCODINGS or stat[3].value < 0:
            raise FooterError(f"{where}: encoding statistics of page type {stat[1].value}, encoding "
                              f"{stat[2].value}, count {stat[3].value}")
    if 16 in meta:
        check_size_statistics(where, meta[16].value)
    return check_statistics(where, meta[12].value, width), (where, start, start + meta[7].value, width)


def check_group_pages(data, group):
    """Check the pages of every column chunk of the GroupStats group in the file data (check_pages);
    return, a column at a time, its data pages' (values, min, max), min and max None where a page
    gives no statistics, for the reader to hold to the cells it decodes."""
    return [check_pages(data, where, start, end, group.rows, width) for where, start, end, width in group.pages]


def check_page_header(where, header, allowed, encodings, statistics, width):
    """Check a page's own header (data, data v2 or dictionary): its fields, their encodings, and its
    statistics (field statistics, unless None) as far as they are given: widths and no null."""
    fields(header, allowed, where, required=(1,))
    if header[1].value < 0 or any(header[fid].value not in ENCODINGS for fid in encodings if fid in header):
        raise FooterError(f"{where}: {header[1].value} values, or an unknown encoding")
    if statistics in header:
        stats = header[statistics].value
        fields(stats, STATS_FIELDS, f"{where}'s statistics")
        if any(len(stats[fid].value) != width for fid in (1, 2, 5, 6) if fid in stats) or \
                stats.get(3, tc.Field(tc.I64, 0)).value != 0:
            raise FooterError(f"{where}: statistics of other widths than {width} bytes, or nulls")


def check_pages(data, where, start, end, values, width):
    """Check the page headers of a column chunk in data[start:end]: an optional dictionary page first,
    then data pages (v1 or v2, no nulls) whose values add up to values, filling the chunk exactly; return
    the data pages' (values, min, max), as check_group_pages says. The sizes the footer states beside
    (a chunk's total_uncompressed_size, a row group's total_byte_size) are not held to the pages: pyarrow
    states them otherwise than the project's writers, and no reader answers by them.

    pyarrow reads as many values as the row group's num_rows says and
    ignores the rest of a page: without this a row group that claims a
    cell less than its pages hold would lose one silently.
    """
    pos, found, page, data_pages = start, 0, 0, []
    while pos < end:
        try:
            header, pos = tc.decode_prefix(data, pos, end)
        except tc.ThriftError as err:
            raise FooterError(f"{where}: page {page} has no readable header: {err}") from None
        fields(header, PAGE_FIELDS, f"{where}, page {page}", required=(1, 2, 3))
        kind, size, stored = header[1].value, header[2].value, header[3].value
        if not 0 <= stored <= end - pos or not 0 <= size <= MAX_PAGE_BYTES:
            raise FooterError(f"{where}, page {page}: {stored} bytes stored, {size} decoded, with {end - pos} "
                              f"left in the chunk (at most {MAX_PAGE_BYTES} decoded)")
        at = f"{where}, page {page}"
        if kind == DICTIONARY_PAGE and page == 0 and 7 in header:
            check_page_header(at, header[7].value, DICTIONARY_FIELDS, (2,), None, width)
        elif kind == DATA_PAGE and 5 in header:
            check_page_header(at, header[5].value, DATA_FIELDS, (2, 3, 4), 5, width)
            found += header[5].value[1].value
            data_pages.append(page_bounds(header[5].value, 5))
        elif kind == DATA_PAGE_V2 and 8 in header:
            v2 = header[8].value
            check_page_header(at, v2, DATA_V2_FIELDS, (4,), 8, width)
            if v2[2].value != 0 or v2[3].value != v2[1].value:
                raise FooterError(f"{where}, page {page}: {v2[2].value} nulls, {v2[3].value} rows of "
                                  f"{v2[1].value} values, want no null and a value a row")
            found += v2[1].value
            data_pages.append(page_bounds(v2, 8))
        else:
            raise FooterError(f"{where}, page {page}: a page of type {kind} without its header, or a dictionary "
                              f"page after the first")
        pos += stored
        page += 1
    if found != values:
        raise FooterError(f"{where}: its pages hold {found} values, its row group {values} rows")
    return data_pages


def page_bounds(header, statistics):
    """A data page header's (values, min, max) by its statistics (min_value, max_value), None where absent."""
    stats = header[statistics].value if statistics in header else {}
    low, high = (int.from_bytes(stats[fid].value, "little", signed=True) if fid in stats else None for fid in (6, 5))
    return header[1].value, low, high


def check_size_statistics(where, sizes):
    """Check size statistics: level histograms of no more entries than a flat column's levels (0 and 1)."""
    fields(sizes, SIZE_FIELDS, f"{where}'s size statistics")
    for fid, most in ((2, 1), (3, 2)):  # repetition levels: only 0; definition levels: 0 and 1
        counts = elements(sizes[fid].value, tc.I64, where) if fid in sizes else []
        if len(counts) > most or any(c < 0 for c in counts):
            raise FooterError(f"{where}: a level histogram of {len(counts)} entries {counts[:4]}, "
                              f"a flat column has at most {most}")


def check_statistics(where, stats, width):
    """Check a column chunk's statistics: min and max of width bytes, agreeing if given twice, no null."""
    fields(stats, STATS_FIELDS, f"{where}'s statistics", required=(3, 5, 6))
    for fid in (1, 2, 5, 6):
        if fid in stats and len(stats[fid].value) != width:
            raise FooterError(f"{where}: a statistic of {len(stats[fid].value)} bytes, want {width}")
    if any(old in stats and stats[old].value != stats[new].value for old, new in ((1, 5), (2, 6))):
        raise FooterError(f"{where}: its deprecated min or max differs from min_value or max_value")
    if stats[3].value != 0:
        raise FooterError(f"{where} holds {stats[3].value} nulls")
    if stats.get(4, tc.Field(tc.I64, 0)).value != 0:
        raise FooterError(f"{where}: distinct_count {stats[4].value}, which the writers never give")
    low, high = (int.from_bytes(stats[fid].value, "little", signed=True) for fid in (6, 5))
    if low > high:
        raise FooterError(f"{where}: its min {low} exceeds its max {high}")
    return low, high
