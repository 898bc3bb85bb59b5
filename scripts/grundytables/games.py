"""Games of one's own: the game a result file records, and game files (docs/games.md).

A values dataset's manifest (and a patterns file, and a certificate) records
its table's game under "game": its id, words, rules (moves, pass, cells) and
identity, sha256, the SHA-256 of the game's canonical form: the JSON of its
rules alone, {"format":"grundy-game/1","moves":…,"pass":…,"cells":[…]},
cells ordered by x then y, without spaces; a game with a subtraction limit
has "limit":K after "moves", a game without one no "limit" key. game(dataset) returns that record
checked against its identity; write_game_file writes a game as a TOML game
file that bin/compute -table takes; read_game_file reads one back with the
defaults filled in (the Go parser of tables/gamefile.go is the reference:
it checks every limit and names the line).
"""

import hashlib
import json
import pathlib
import re
import tomllib

from .errors import TableFileError

FORMAT = "grundy-game/1"
MOVES = ("rook", "rook+diagonal")
MAX_LIMIT = 4096  # tables.MaxLimit
DESCRIPTIVE = ("title", "symbol", "definition", "source", "notes")
_SAFE_ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")


def canonical_form(game):
    """The canonical form of a game (a dict with moves, pass, cells and perhaps limit), as bytes.

    The limit is there only where the game has one (a limit of 0 or none is no limit), so the
    identities of the games without a limit are those they had before limits existed.
    """
    cells = sorted(({"x": int(c["x"]), "y": int(c["y"]), "value": int(c["value"])} for c in game.get("cells", [])),
                   key=lambda c: (c["x"], c["y"]))
    rules = {"format": FORMAT, "moves": game.get("moves", "rook")}
    if game.get("limit"):
        rules["limit"] = int(game["limit"])
    rules |= {"pass": bool(game.get("pass", False)), "cells": cells}
    return json.dumps(rules, separators=(",", ":"), ensure_ascii=False).encode()


def game_identity(game):
    """The identity of a game: the hex SHA-256 of its canonical form."""
    return hashlib.sha256(canonical_form(game)).hexdigest()


def game(path):
    """Return the game the values dataset at path records (its manifest's "game"), checked.

    The dict has id, moves, pass, cells and sha256, the descriptive keys
    the game has, and limit if the game has a subtraction limit. A dataset written before 2026-12-06, or of a table written
    in code (Wythoff's Nim, …), records none: TableFileError. So does a record
    whose sha256 is not the identity of its rules.
    """
    from .reader import metadata
    md = metadata(path)
    record = md.get("game")
    if record is None:
        raise TableFileError(f"{path}: records no game (written before 2026-12-06, or a table written in code)")
    check_record(path, record)
    return dict(record)


RECORD_KEYS = {"id", "moves", "pass", "cells", "sha256"}


def check_record(where, record):
    """Check a game record as result files write it (tables.GameRecord): its keys, rules and identity."""
    if not isinstance(record, dict):
        raise TableFileError(f"{where}: the game record is not an object")
    unknown = set(record) - RECORD_KEYS - {"title", "symbol", "source", "notes", "limit"}
    missing = RECORD_KEYS - set(record)
    if unknown or missing:
        raise TableFileError(f"{where}: the game record lacks {sorted(missing)} or has unknown keys {sorted(unknown)}")
    if not all(isinstance(record.get(k, ""), str) for k in ("id", "title", "symbol", "source", "notes", "sha256")):
        raise TableFileError(f"{where}: a text field of the game record is not a string")
    _check(where, record)
    if game_identity(record) != record["sha256"]:
        raise TableFileError(f"{where}: the game's sha256 {record['sha256']} is not the identity of its rules, "
                             f"{game_identity(record)}")


def _check(where, g):
    """Refuse a game that is not one a game file may state (a summary of tables/gamefile.go's checks)."""
    if not isinstance(g.get("id"), str) or not _SAFE_ID.fullmatch(g["id"]):
        raise TableFileError(f"{where}: id = {g.get('id')!r} is not a safe file name")
    if g.get("moves", "rook") not in MOVES or not isinstance(g.get("cells", []), list):
        raise TableFileError(f"{where}: moves = {g.get('moves')!r}, want one of {', '.join(MOVES)}")
    if not isinstance(g.get("pass", False), bool):
        raise TableFileError(f"{where}: pass = {g.get('pass')!r} is not true or false")
    if "limit" in g:
        limit = g["limit"]
        if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
            raise TableFileError(f"{where}: limit = {limit!r}: a move lowers a heap by 1 … limit tokens, so the limit "
                                 f"is an integer 1 … {MAX_LIMIT}; leave the key out for no limit")
    seen = set()
    for i, c in enumerate(g.get("cells", [])):
        if not isinstance(c, dict) or set(c) != {"x", "y", "value"} or \
                not all(isinstance(c[k], int) and not isinstance(c[k], bool) for k in c):
            raise TableFileError(f"{where}: cells[{i}] = {c!r} is not {{x, y, value}} of integers")
        if not (0 <= c["x"] <= 255 and 0 <= c["y"] <= 255 and -1 <= c["value"] <= 1023):
            raise TableFileError(f"{where}: cells[{i}] = {c!r} is outside 0 <= x, y <= 255, -1 <= value <= 1023")
        if (c["x"], c["y"]) in seen:
            raise TableFileError(f"{where}: cells[{i}]: the cell ({c['x']}, {c['y']}) is listed twice")
        seen.add((c["x"], c["y"]))


def read_game_file(path):
    """Read the TOML game file at path, with moves, pass and cells filled in by their defaults.

    limit is there only if the file sets it (no limit: no key).
    """
    path = pathlib.Path(path)
    try:
        g = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise TableFileError(f"{path}: not a game file: {err}") from None
    unknown = set(g) - {"id", "moves", "limit", "pass", "cells", *DESCRIPTIVE}
    if unknown:
        raise TableFileError(f"{path}: unknown keys {', '.join(sorted(unknown))}")
    g.setdefault("moves", "rook")
    g.setdefault("pass", False)
    g.setdefault("cells", [])
    _check(path, g)
    g["cells"] = sorted(g["cells"], key=lambda c: (c["x"], c["y"]))
    return g


def _toml_string(s):
    """A TOML basic string: JSON's escapes are TOML's for the characters JSON escapes."""
    return json.dumps(s, ensure_ascii=False)


def write_game_file(game, path):
    """Write game (a dict as game() or read_game_file returns) as a TOML game file at path.

    Its identity is the game's: bin/compute -table path computes that game.
    """
    _check(path, game)
    lines = [f"id = {_toml_string(game['id'])}"]
    lines += [f"{key} = {_toml_string(game[key])}" for key in DESCRIPTIVE if game.get(key)]
    lines.append(f"moves = {_toml_string(game.get('moves', 'rook'))}")
    if game.get("limit"):
        lines.append(f"limit = {int(game['limit'])}")
    lines += [f"pass = {'true' if game.get('pass') else 'false'}", "cells = ["]
    lines += [f"  {{ x = {c['x']}, y = {c['y']}, value = {c['value']} }},"
              for c in sorted(game.get("cells", []), key=lambda c: (c["x"], c["y"]))]
    lines.append("]")
    pathlib.Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
