"""Games of one's own from Python: the game a dataset records, and game files.

The identity Python computes from a game's rules is the one cmd/compute
records (two implementations of the canonical form, held to each other);
a game read from a dataset and written back as a game file computes the
same cells; a record whose rules were changed is refused.
"""

import json
import pathlib
import subprocess

import pytest
from conftest import REPO

import grundytables

N = 3000


def run_compute(compute, table, out):
    subprocess.run([str(compute), "-table", str(table), "-n", str(N), "-write", "values", "-values", "0-20",
                    "-out", str(out), "-quiet"], check=True, capture_output=True)
    name = grundytables.read_game_file(table)["id"] if str(table).endswith(".toml") else table
    return out / f"{name}_n{N}.values"


@pytest.mark.parametrize("game_file", sorted((REPO / "games").glob("*.toml")), ids=lambda p: p.stem)
def test_identity_is_the_one_compute_records(compute, tmp_path, game_file):
    dataset = run_compute(compute, game_file, tmp_path)
    recorded = grundytables.game(dataset)
    mine = grundytables.read_game_file(game_file)
    assert grundytables.game_identity(mine) == recorded["sha256"]
    assert (recorded["id"], recorded["moves"], recorded.get("limit"), recorded["pass"], recorded["cells"]) == \
        (mine["id"], mine["moves"], mine.get("limit"), mine["pass"], mine["cells"])


# The identities of the shipped game files without a limit, which tables/gamefile_test.go pins
# too: the ones they had before limits existed.
PINNED = json.loads((REPO / "tables" / "testdata" / "game_identities.json").read_text())


@pytest.mark.parametrize("name", sorted(PINNED))
def test_identities_without_a_limit_are_pinned(name):
    g = grundytables.read_game_file(REPO / "games" / f"{name}.toml")
    assert "limit" not in g and b"limit" not in grundytables.games.canonical_form(g)
    assert grundytables.game_identity(g) == PINNED[name]


def test_a_limit_enters_the_canonical_form_after_moves(tmp_path):
    g = grundytables.read_game_file(REPO / "games" / "subtraction-3.toml")
    assert g["limit"] == 3
    assert grundytables.games.canonical_form(g) == \
        b'{"format":"grundy-game/1","moves":"rook","limit":3,"pass":false,"cells":[]}'
    other = dict(g, limit=4)
    assert grundytables.game_identity(other) != grundytables.game_identity(g)
    assert grundytables.game_identity(dict(g, limit=0)) == grundytables.game_identity({k: v for k, v in g.items() if k != "limit"})
    grundytables.write_game_file(g, tmp_path / "copy.toml")
    back = grundytables.read_game_file(tmp_path / "copy.toml")
    assert back["limit"] == 3 and grundytables.game_identity(back) == grundytables.game_identity(g)


def test_a_game_written_back_computes_the_same_cells(compute, tmp_path):
    first = run_compute(compute, REPO / "games" / "forbid-00-11.toml", tmp_path / "a")
    g = grundytables.game(first)
    g["id"] = "copy-of-forbid"
    grundytables.write_game_file(g, tmp_path / "copy.toml")
    second = run_compute(compute, tmp_path / "copy.toml", tmp_path / "b")
    a, b = grundytables.metadata(first), grundytables.metadata(second)
    assert a["cells_sha256"] == b["cells_sha256"]
    assert grundytables.game(second)["sha256"] == g["sha256"]


def test_a_changed_record_is_refused(compute, tmp_path):
    dataset = run_compute(compute, "gneg1", tmp_path)
    manifest = json.loads((dataset / "_manifest.json").read_text())
    manifest["game"]["cells"][0]["value"] = 0  # the rules changed, the identity not
    (dataset / "_manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(grundytables.TableFileError, match="not the identity"):
        grundytables.game(dataset)


@pytest.mark.parametrize("text,match", [
    ('id = "a"\ncolour = 1\n', "unknown keys colour"),
    ('id = "../a"\n', "safe file name"),
    ('id = "a"\ncells = [ { x = 0, y = 0, value = -2 } ]\n', "outside"),
    ('id = "a"\ncells = [ { x = 0, y = 0, value = 1 }, { x = 0, y = 0, value = 2 } ]\n', "twice"),
    ('id = "a"\nmoves = "queen"\n', "moves"),
    ('id = "a"\nlimit = 0\n', "limit = 0"),
    ('id = "a"\nlimit = -2\n', "limit = -2"),
    ('id = "a"\nlimit = 4097\n', "limit = 4097"),
    ('id = "a"\nlimit = 2.5\n', "limit = 2.5"),
    ('id = "a"\nlimit = "3"\n', "limit = '3'"),
    ('id = "a"\nlimit = true\n', "limit = True"),
    ('id = "a\n', "not a game file"),
])
def test_bad_game_files_are_refused(tmp_path, text, match):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(grundytables.TableFileError, match=match):
        grundytables.read_game_file(path)


def test_mutated_game_files_raise_only_table_file_errors(tmp_path):
    """A fuzz of read_game_file: 600 seeded random byte edits of games/forbid-00-11.toml each read
    or raise TableFileError, never another exception (the Go parser has its own fuzz, FuzzParseGame)."""
    import random
    rng = random.Random(67)
    good = (REPO / "games" / "forbid-00-11.toml").read_bytes()
    alphabet = b'[]{}"=,.-0123456789 \n#xyvalue'
    for i in range(600):
        data = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            data[at] = rng.choice(alphabet)
        path = tmp_path / f"m{i}.toml"
        path.write_bytes(bytes(data))
        try:
            grundytables.read_game_file(path)
        except grundytables.TableFileError:
            pass
