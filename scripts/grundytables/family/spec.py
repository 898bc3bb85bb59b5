"""A family file: a base game, the choices of some cells and the pass, read into its members.

The format (docs/families.md)::

    id = "corner2"
    moves = "rook"                    # or base = "games/gneg1.toml": a game file
    cells = [ { x = 2, y = 2, value = -1 } ]   # prescribed in every member
    pass = [false, true]              # or true, or false
    symmetric = true                  # (x, y) and (y, x) take the same choice
    [choices]                         # "free": not prescribed (the mex decides)
    "0,0" = ["free", -1, 0, 1]

Members are numbered from 0 in a stable order: the pass in the order of
`pass`, then the choices of the cells ordered by x, then y, each in the
order listed, the last cell varying fastest (itertools.product). A member
is the same game as an earlier one when its canonical form is: it is
computed once, as the earliest of them (Member.same_as).
"""

import dataclasses
import itertools
import json
import pathlib
import re
import tomllib

from ..errors import TableFileError
from ..games import MOVES, _SAFE_ID, game_identity, read_game_file

FREE = "free"
# The keys of a family file; descriptive words beside them are kept for the reports.
KEYS = {"id", "title", "notes", "base", "moves", "cells", "pass", "symmetric", "choices"}
# A member's id is <family id>-m<number>: the family id leaves room for the suffix.
MAX_FAMILY_ID = 56
DEFAULT_MAX_MEMBERS = 10000
_CELL_KEY = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*")


class FamilyError(TableFileError):
    """A family file that states no family: the message names the file and the key."""


@dataclasses.dataclass(frozen=True)
class Member:
    """One member: its number, its id, its game (moves, pass, cells) and identity.

    same_as is the number of the earliest member of the same identity, or
    None when this member is the first (and so the one computed).
    """
    number: int
    id: str
    game: dict
    sha256: str
    same_as: int | None

    @property
    def cells_json(self):
        """The member's prescribed cells, ordered by x then y, as JSON text."""
        return json.dumps(self.game["cells"], separators=(",", ":"))


@dataclasses.dataclass(frozen=True)
class Family:
    """A family read from its file: its id, its members in their stable order, and its words."""
    id: str
    path: pathlib.Path
    members: tuple
    title: str = ""

    def computed(self):
        """The members computed: the first of each identity."""
        return [m for m in self.members if m.same_as is None]


def _fail(path, msg):
    raise FamilyError(f"family file {path}: {msg}")


def _value(path, key, v):
    """A choice: "free", -1 or a value 0 … 1023, else refused naming the key."""
    if v == FREE:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not -1 <= v <= 1023:
        _fail(path, f'choices."{key}": the choice {v!r} is not "free", -1 (not a move target) or a value 0 … 1023')
    return v


def _cell_key(path, key):
    m = _CELL_KEY.fullmatch(key)
    if not m:
        _fail(path, f'choices."{key}": a cell is written "x,y" (e.g. "0,1")')
    x, y = int(m[1]), int(m[2])
    if x > 255 or y > 255:
        _fail(path, f'choices."{key}": prescribed cells lie in 0 ≤ x, y ≤ 255')
    return x, y


def read_family(path, max_members=DEFAULT_MAX_MEMBERS):
    """Read the family file at path and return its Family, members numbered and deduplicated.

    Refused with FamilyError, naming the file and the key: unknown keys, a
    missing or unsafe id, a choice that is not "free", -1 or a value, a cell
    listed twice (also as (y, x) with symmetric = true, or both in cells and
    choices), a pass that is not true, false or a list of them, and more
    members than max_members (the message names the count and
    --max-members, the flag that raises it).
    """
    path = pathlib.Path(path)
    try:
        f = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        _fail(path, f"not a family file: {err}")
    unknown = set(f) - KEYS
    if unknown:
        _fail(path, f"unknown keys {', '.join(sorted(unknown))} (the keys are {', '.join(sorted(KEYS))})")
    fid = f.get("id")
    if not isinstance(fid, str) or not _SAFE_ID.fullmatch(fid) or len(fid) > MAX_FAMILY_ID:
        _fail(path, f"id = {fid!r}: a family id is 1 to {MAX_FAMILY_ID} lowercase letters, digits, '.', '_' or '-', "
                    "starting with a letter or digit (its members are <id>-m<number>)")
    base_cells, moves = _base(path, f)
    passes = f.get("pass", False)
    passes = passes if isinstance(passes, list) else [passes]
    if not passes or not all(isinstance(p, bool) for p in passes):
        _fail(path, f"pass = {f.get('pass')!r}: give true, false or a list of them ([false, true])")
    symmetric = f.get("symmetric", False)
    if not isinstance(symmetric, bool):
        _fail(path, f"symmetric = {symmetric!r}: give true or false")
    choices = _choices(path, f.get("choices", {}), symmetric, base_cells)
    total = len(passes)
    for _, options in choices:
        total *= len(options)
    if total > max_members:
        _fail(path, f"{total} members, more than the limit of {max_members}: raise it with --max-members {total} "
                    "to run them all")
    members, first = [], {}
    width = max(4, len(str(total - 1)))
    for number, (p, *picked) in enumerate(itertools.product(passes, *(opts for _, opts in choices))):
        cells = dict(base_cells)
        for (cell_list, _), v in zip(choices, picked):
            for xy in cell_list:
                if v is None:
                    cells.pop(xy, None)
                else:
                    cells[xy] = v
        g = {"moves": moves, "pass": p,
             "cells": [{"x": x, "y": y, "value": v} for (x, y), v in sorted(cells.items())]}
        sha = game_identity(g)
        members.append(Member(number, f"{fid}-m{number:0{width}d}", g, sha, first.get(sha)))
        first.setdefault(sha, number)
    return Family(fid, path, tuple(members), f.get("title", ""))


def _base(path, f):
    """The base game's cells {(x, y): value} and moves: a game file (base) or moves and cells."""
    if "base" in f:
        if "moves" in f or "cells" in f:
            _fail(path, "base names a game file: give moves and cells there, not beside base")
        base_path = path.parent / str(f["base"])
        try:
            g = read_game_file(base_path)
        except TableFileError as err:
            _fail(path, f"base = {f['base']!r}: {err}")
        if g.get("limit"):
            _fail(path, f"base = {f['base']!r}: the game has a subtraction limit (limit = {g['limit']}), which a family "
                        f"does not take: its members are band runs, and the band does not sweep a limit")
        return {(c["x"], c["y"]): c["value"] for c in g["cells"]}, g["moves"]
    moves = f.get("moves", "rook")
    if moves not in MOVES:
        _fail(path, f"moves = {moves!r}: the moves are {' or '.join(MOVES)}")
    cells = {}
    for i, c in enumerate(f.get("cells", [])):
        if not isinstance(c, dict) or set(c) != {"x", "y", "value"} or \
                not all(isinstance(c[k], int) and not isinstance(c[k], bool) for k in c):
            _fail(path, f"cells[{i}] = {c!r} is not {{ x, y, value }} of integers")
        if not (0 <= c["x"] <= 255 and 0 <= c["y"] <= 255 and -1 <= c["value"] <= 1023):
            _fail(path, f"cells[{i}] = {c!r} is outside 0 ≤ x, y ≤ 255, -1 ≤ value ≤ 1023")
        if (c["x"], c["y"]) in cells:
            _fail(path, f"cells[{i}]: the cell ({c['x']}, {c['y']}) is listed twice")
        cells[(c["x"], c["y"])] = c["value"]
    return cells, moves


def _choices(path, table, symmetric, base_cells):
    """The chosen cells, ordered by x then y: [([cells that take the choice], [values or None])]."""
    if not isinstance(table, dict):
        _fail(path, "choices is a table of \"x,y\" = [choices]")
    seen, out = {}, []
    for key, options in table.items():
        x, y = _cell_key(path, key)
        if not isinstance(options, list) or not options:
            _fail(path, f'choices."{key}" = {options!r}: give a non-empty list of choices ("free", -1, 0, 1, …)')
        cells = sorted({(x, y), (y, x)}) if symmetric else [(x, y)]
        for xy in cells:
            if xy in seen:
                also = " (with symmetric = true, (x, y) and (y, x) are one cell)" if xy != (x, y) else ""
                _fail(path, f'choices."{key}": the cell ({xy[0]}, {xy[1]}) is listed twice, also as "{seen[xy]}"{also}')
            seen[xy] = key
            if xy in base_cells:
                _fail(path, f'choices."{key}": the cell ({xy[0]}, {xy[1]}) is listed twice, also in cells')
        out.append((cells, [_value(path, key, v) for v in options]))
    return sorted(out, key=lambda c: c[0][0])
