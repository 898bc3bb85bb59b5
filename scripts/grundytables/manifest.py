"""The manifest of a values dataset, _manifest.json, read and checked as the Go reader checks it.

The checks are those of results/valuesds (ParseManifest and Validate), key
for key, so that a manifest one reader accepts the other accepts too:

- at most MAX_MANIFEST_BYTES of UTF-8 JSON, one object nested no deeper
  than a manifest is (an object, its list of parts, a part: MAX_DEPTH), no
  NaN or Infinity, no key twice;
- exactly the keys of the format, spelled as written (no other case), no
  other: format, table, symbol, n, values, sweep, rows, version, workers,
  seconds, cells, cells_sha256, parts, and g_sha256 and max_value exactly
  when sweep is "full", and perhaps game (the table's game, checked against
  its identity and its id the table's: games.check_record);
- table a table id: 1 to 64 lowercase letters, digits, '.', '_' or '-',
  from a letter or digit;
- strings where strings are, JSON integers (not 1.0, not true) where
  integers are; format one of FORMATS; table, symbol and version not empty;
  n in 0..MAX_N; workers and cells >= 0; seconds a finite number >= 0;
  values "LO-HI" in ASCII decimal as compute writes it (0 <= LO <= HI <=
  2**31 - 1, no sign, space or leading zero); rows [A, B], 0 <= A <= B <=
  n; the checksums 64 lowercase hex digits; max_value an int32 >= -1;
- parts a non-empty list of at most B - A + 1 objects of exactly the keys
  file, x_first, x_last, cells, sha256, covering the rows A..B one after
  the other, within 0..n, each named part_name(x_first), of at most
  MAX_PART_CELLS cells and no more than its rows hold, adding up to cells.

Any failure is a DamagedValuesDataset naming the manifest.
"""

import json
import re

import numpy as np

from .cellsum import SUMS
from .errors import DamagedValuesDataset, TableFileError, parse_value_range
from .games import check_record
from .safe_open import RefusedFile, open_regular

FORMATS = tuple(SUMS)  # the manifest formats read, each with its cells_sha256
MANIFEST = "_manifest.json"
SWEEPS = ("band", "full")
MAX_MANIFEST_BYTES = 64 << 20  # as the Go reader: the parts of n = 10**12 take about 200 MB less
MAX_DEPTH = 4  # the manifest object, its list of parts, a part; its game, the game's cells, a cell
MAX_N = 999_999_999_999  # the rows that fit the 12 digits of a part's name
MAX_PART_CELLS = 1 << 26  # as the Go writer and reader: a reader holds a part's cells in memory
INT32_MIN, INT32_MAX, INT64_MAX = -(1 << 31), (1 << 31) - 1, (1 << 63) - 1
SHA256 = re.compile(r"[0-9a-f]{64}")
BASE_KEYS = ("format", "table", "symbol", "n", "values", "sweep", "rows", "version", "workers", "seconds",
             "cells", "cells_sha256", "parts")
FULL_KEYS = ("g_sha256", "max_value")
OPTIONAL_KEYS = ("game",)  # from 2026-12-06: the table's game and its identity (docs/games.md)
TABLE_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")  # tables.ValidID
PART_KEYS = ("file", "x_first", "x_last", "cells", "sha256")
STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a JSON string, escapes included


def part_name(x_first):
    """The file name of the part whose first row is x_first: "part-000000065536.parquet"."""
    return f"part-{x_first:012d}.parquet"


def read_manifest(path):
    """Read and check the manifest file at path; return (metadata, parts).

    metadata holds the manifest's fields but parts, typed: n, workers,
    cells (and max_value) int, seconds float, values (lo, hi) and rows (A,
    B) tuples. parts is the list of the parts' entries (dicts). A missing
    file raises FileNotFoundError (the caller says what its absence means).
    """
    try:
        f, _ = open_regular(path, MAX_MANIFEST_BYTES, "the manifest")
        with f:
            data = f.read()
    except RefusedFile as err:
        raise DamagedValuesDataset(path, str(err)) from None
    except FileNotFoundError:
        raise
    except OSError as err:
        raise DamagedValuesDataset(path, f"cannot be read: {err.strerror or err}") from None
    return check_manifest(path, parse_json(path, data))


def parse_json(path, data):
    """The JSON object of the bytes data, refused (naming path) unless a manifest could be that JSON."""
    depth = nesting(data)
    if depth > MAX_DEPTH:
        raise DamagedValuesDataset(path, f"not a manifest: JSON nested {depth} deep, a manifest nests "
                                         f"{MAX_DEPTH} (its object, its parts, a part)")
    try:
        text = data.decode("utf-8")
        value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except (UnicodeDecodeError, ValueError) as err:  # json.JSONDecodeError is a ValueError
        raise DamagedValuesDataset(path, f"not readable JSON: {err}") from None
    if not isinstance(value, dict):
        raise DamagedValuesDataset(path, "not a JSON object")
    return value


def nesting(data):
    """How deep the arrays and objects of the JSON bytes data nest (0 for a scalar), strings skipped.

    A linear scan, so that a manifest of 100000 nested lists is refused
    before json.loads recurses into it.
    """
    brackets = np.frombuffer(STRINGS.sub(b'""', data), np.uint8)
    steps = (np.isin(brackets, (ord("["), ord("{"))).astype(np.int64)
             - np.isin(brackets, (ord("]"), ord("}"))))
    return int(np.cumsum(steps).max(initial=0))


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _no_duplicates(pairs):
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError(f"a key twice in one object: {sorted(k for k in set(keys) if keys.count(k) > 1)}")
    return dict(pairs)


def check_manifest(path, manifest):
    """Check the decoded manifest (a dict) as the module doc says; return (metadata, parts)."""
    if manifest.get("format") not in FORMATS:
        raise DamagedValuesDataset(path, f"format = {manifest.get('format')!r}, "
                                         f"want {' or '.join(map(repr, FORMATS))}")
    full = manifest.get("sweep") == "full"
    keys(path, "the manifest", manifest, BASE_KEYS + (FULL_KEYS if full else ()), OPTIONAL_KEYS)
    md = {key: value for key, value in manifest.items() if key != "parts"}
    for key in ("table", "symbol", "version", "values", "sweep", "cells_sha256") + (("g_sha256",) if full else ()):
        if not isinstance(md[key], str) or not md[key]:
            raise DamagedValuesDataset(path, f"{key} = {md[key]!r} is not a non-empty string")
    if not TABLE_ID.fullmatch(md["table"]):
        raise DamagedValuesDataset(path, f"table = {md['table']!r} is not a table id (1 to 64 lowercase letters, "
                                         f"digits, '.', '_' or '-', from a letter or digit)")
    if "game" in md:
        try:
            check_record(path, md["game"])
        except TableFileError as err:
            raise DamagedValuesDataset(path, f"its game: {err}") from None
        if md["game"]["id"] != md["table"]:
            raise DamagedValuesDataset(path, f"its game is {md['game']['id']!r}, its table {md['table']!r}")
    if md["sweep"] not in SWEEPS:
        raise DamagedValuesDataset(path, f"sweep = {md['sweep']!r}, want one of {', '.join(SWEEPS)}")
    for key in ("cells_sha256",) + (("g_sha256",) if full else ()):
        if not SHA256.fullmatch(md[key]):
            raise DamagedValuesDataset(path, f"{key} = {md[key]!r} is not 64 lowercase hex digits")
    md["n"] = integer(path, "n", md["n"], 0, MAX_N)
    md["workers"] = integer(path, "workers", md["workers"], 0, INT64_MAX)
    md["cells"] = integer(path, "cells", md["cells"], 0, INT64_MAX)
    if full:
        md["max_value"] = integer(path, "max_value", md["max_value"], -1, INT32_MAX)
    seconds = md["seconds"]
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < float("inf"):
        raise DamagedValuesDataset(path, f"seconds = {seconds!r} is not a duration (a finite number >= 0)")
    md["seconds"] = float(seconds)
    try:
        md["values"] = parse_value_range(md["values"], "values")
    except TableFileError as err:
        raise DamagedValuesDataset(path, str(err)) from None
    rows = md["rows"]
    if not (isinstance(rows, list) and len(rows) == 2):
        raise DamagedValuesDataset(path, f"rows = {rows!r} is not a pair [A, B]")
    first = integer(path, "rows[0]", rows[0], 0, md["n"])
    md["rows"] = (first, integer(path, "rows[1]", rows[1], first, md["n"]))
    parts = check_parts(path, manifest["parts"], md["rows"], md["n"])
    if sum(p["cells"] for p in parts) != md["cells"]:
        raise DamagedValuesDataset(path, f"cells = {md['cells']}, but its parts hold "
                                         f"{sum(p['cells'] for p in parts)}")
    return md, parts


def keys(path, where, obj, want, optional=()):
    """Check that the dict obj has exactly the keys want, and perhaps those of optional, spelled so."""
    missing = [key for key in want if key not in obj]
    unknown = sorted(key for key in obj if key not in want and key not in optional)
    if missing or unknown:
        raise DamagedValuesDataset(path, f"{where} lacks the keys {missing} or has the unknown keys {unknown} "
                                         f"(keys are spelled exactly, lower case): want {', '.join(want)}")


def integer(path, where, value, low, high):
    """value, checked to be a JSON integer in low..high, else DamagedValuesDataset naming where."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DamagedValuesDataset(path, f"{where} = {value!r} is not an integer in {low}..{high}")
    return value


def check_parts(path, parts, rows, n):
    """Check that parts (the manifest's list) cover the rows A..B one after the other; return them."""
    if not isinstance(parts, list) or not parts or len(parts) > rows[1] - rows[0] + 1:
        raise DamagedValuesDataset(path, f"parts is not a list of 1 to {rows[1] - rows[0] + 1} parts "
                                         f"(one row at least a part)")
    want = rows[0]
    for i, part in enumerate(parts):
        where = f"parts[{i}]"
        if not isinstance(part, dict):
            raise DamagedValuesDataset(path, f"{where} is not an object")
        keys(path, where, part, PART_KEYS)
        first = integer(path, f"{where}.x_first", part["x_first"], 0, n)
        last = integer(path, f"{where}.x_last", part["x_last"], first, n)
        cells = integer(path, f"{where}.cells", part["cells"], 0, MAX_PART_CELLS)
        if first != want:
            raise DamagedValuesDataset(path, f"{where} starts at row {first}, want {want}: "
                                             f"the parts must cover the rows one after the other")
        if part["file"] != part_name(first):
            raise DamagedValuesDataset(path, f"{where}.file = {part['file']!r}, want {part_name(first)!r}")
        if not isinstance(part["sha256"], str) or not SHA256.fullmatch(part["sha256"]):
            raise DamagedValuesDataset(path, f"{where}.sha256 = {part['sha256']!r} is not 64 lowercase hex digits")
        if (cells + n) // (n + 1) > last - first + 1:
            raise DamagedValuesDataset(path, f"{where}: {cells} cells do not fit its rows {first}..{last} "
                                             f"of {n + 1} cells each")
        want = last + 1
    if want != rows[1] + 1:
        raise DamagedValuesDataset(path, f"the parts end at row {want - 1}, the manifest's rows at {rows[1]}")
    return parts
