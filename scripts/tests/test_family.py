"""Family files (docs/families.md): the members' stable order and identities, dedupe, bad input, job scripts.

The runs on Dask are in test_family_dask.py.
"""

import itertools
import pathlib
import re
import shlex
import socket
import subprocess
import time

import pytest
from conftest import REPO

from grundytables import game_identity, read_game_file
from grundytables.family import FamilyError, read_family
from grundytables.family import run as family_run
from grundytables.family.cluster import jobqueue_cluster
from grundytables.family.member import Job, MemberError, run_member

CORNER2 = """
id = "corner2"
moves = "rook"
pass = [false, true]
symmetric = true
[choices]
"0,0" = ["free", -1, 0, 1]
"0,1" = ["free", -1, 0, 1]
"1,1" = ["free", -1, 0, 1]
"""

# CORNER2 written otherwise: keys in another order, the default moves left
# out, cells spelled with a space.
AGAIN = """
symmetric = true
pass = [false, true]
id = "corner2"
[choices]
"1, 1" = ["free", -1, 0, 1]
"0,1" = ["free", -1, 0, 1]
"0,0" = ["free", -1, 0, 1]
"""


def write(tmp_path, text, name="fam.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_members_in_their_documented_order(tmp_path):
    family = read_family(write(tmp_path, CORNER2))
    assert len(family.members) == 128
    # The order docs/families.md states: the pass, then the cells by x then y,
    # each choice in the order listed, the last cell fastest.
    choices = ["free", -1, 0, 1]
    for m, (p, c00, c01, c11) in zip(family.members, itertools.product([False, True], choices, choices, choices)):
        cells = {(0, 0): c00, (0, 1): c01, (1, 0): c01, (1, 1): c11}
        want = [{"x": x, "y": y, "value": v} for (x, y), v in sorted(cells.items()) if v != "free"]
        assert m.game == {"moves": "rook", "pass": p, "cells": want}
        assert m.sha256 == game_identity(m.game)
        assert m.id == f"corner2-m{m.number:04d}"
    # The order does not depend on how the file is written: keys in another
    # order, cells spelled with spaces.
    again = read_family(write(tmp_path, AGAIN, "again.toml"))
    assert [m.sha256 for m in again.members] == [m.sha256 for m in family.members]


def test_members_are_the_built_in_games(tmp_path):
    family = read_family(write(tmp_path, CORNER2))
    ids = {m.sha256: m.number for m in family.members}
    for name in ("nim", "g1", "gneg1", "gstarneg1", "passnim"):
        g = read_game_file(REPO / "games" / f"{name}.toml")
        assert game_identity(g) in ids, name
    # (0,0) = -1 alone, no pass: G₋₁ is member 1·16 = 16.
    assert ids[game_identity(read_game_file(REPO / "games" / "gneg1.toml"))] == 16


def test_the_same_game_is_computed_once(tmp_path):
    family = read_family(write(tmp_path, 'id = "d"\npass = [false, false]\n[choices]\n"0,0" = ["free", 0, 0]\n'))
    same = [m.same_as for m in family.members]
    assert same == [None, None, 1, 0, 1, 1]
    assert [m.number for m in family.computed()] == [0, 1]


BAD = [
    ("unknown key", 'id = "f"\ncolour = 1\n', "unknown keys colour"),
    ("bad id", 'id = "../x"\n', "id = '../x'"),
    ("choice not a value", 'id = "f"\n[choices]\n"0,0" = ["free", 2.5]\n', "the choice 2.5 is not"),
    ("choice a word", 'id = "f"\n[choices]\n"0,0" = ["fixed"]\n', "the choice 'fixed' is not"),
    ("choice below -1", 'id = "f"\n[choices]\n"0,0" = [-2]\n', "the choice -2 is not"),
    ("cell twice", 'id = "f"\n[choices]\n"0,1" = [0]\n"0, 1" = [1]\n', "the cell (0, 1) is listed twice"),
    ("cell twice by symmetry", 'id = "f"\nsymmetric = true\n[choices]\n"0,1" = [0]\n"1,0" = [1]\n',
     "the cell (0, 1) is listed twice, also as \"0,1\""),
    ("cell in cells and choices", 'id = "f"\ncells = [{ x = 0, y = 0, value = 1 }]\n[choices]\n"0,0" = [0]\n',
     "listed twice, also in cells"),
    ("cell key", 'id = "f"\n[choices]\n"0;1" = [0]\n', 'a cell is written "x,y"'),
    ("pass", 'id = "f"\npass = "both"\n', "pass = 'both'"),
    ("empty choices", 'id = "f"\n[choices]\n"0,0" = []\n', "give a non-empty list"),
]


@pytest.mark.parametrize("text,message", [(t, m) for _, t, m in BAD], ids=[i for i, _, _ in BAD])
def test_bad_family_files_are_refused(tmp_path, capsys, text, message):
    path = write(tmp_path, text)
    with pytest.raises(FamilyError) as err:
        read_family(path)
    assert message in str(err.value) and str(path) in str(err.value)
    # The command refuses it with exit status 2, the same message, before any cluster.
    assert family_run.main(["run", str(path), "-n", "100", "--values", "0-4", "--out", str(tmp_path / "o")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_too_many_members_names_the_count_and_the_flag(tmp_path, capsys):
    path = write(tmp_path, CORNER2)
    assert family_run.main(["run", str(path), "-n", "100", "--values", "0-4", "--max-members", "100",
                            "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "128 members, more than the limit of 100" in err and "--max-members 128" in err
    assert len(read_family(path, max_members=128).members) == 128


def test_an_unreachable_scheduler_is_said_within_seconds(tmp_path, capsys, compute):
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = write(tmp_path, 'id = "f"\n[choices]\n"0,0" = ["free", -1]\n')
    start = time.monotonic()
    code = family_run.main(["run", str(path), "-n", "100", "--values", "0-4", "--compute", str(compute),
                            "--scheduler", f"tcp://127.0.0.1:{port}", "--out", str(tmp_path / "o")])
    assert code == 1 and time.monotonic() - start < 20
    assert f"--scheduler tcp://127.0.0.1:{port}: no Dask scheduler answered within 5s" in capsys.readouterr().err


def test_values_are_0_to_hi(tmp_path, capsys):
    with pytest.raises(SystemExit):
        family_run.main(["run", str(write(tmp_path, CORNER2)), "-n", "100", "--values", "3-8", "--out", "o"])
    assert "--values 3-8: give 0-HI, HI ≤ 1023" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        family_run.main(["run", str(write(tmp_path, CORNER2)), "-n", "100", "--values", "0-1024", "--out", "o"])
    assert "--values 0-1024: give 0-HI, HI ≤ 1023" in capsys.readouterr().err


# The options docs/families.md and scripts/family/slurm.sh give.
DOC_OPTIONS = {"queue": "normal", "account": "myproject", "walltime": "02:00:00", "cores": 8, "processes": 8,
               "memory": "16GB"}


@pytest.mark.parametrize("kind,lines", [
    ("slurm", ["#SBATCH -J grundy-family", "#SBATCH -p normal", "#SBATCH -A myproject", "#SBATCH -t 02:00:00",
               "#SBATCH --cpus-per-task=8", "--nworkers 8", "--nthreads 1"]),
    ("pbs", ["#PBS -N grundy-family", "#PBS -q normal", "#PBS -A myproject", "#PBS -l walltime=02:00:00",
             "ncpus=8", "--nworkers 8", "--nthreads 1"]),
])
def test_job_scripts_render_without_submitting(kind, lines):
    with jobqueue_cluster(kind, **DOC_OPTIONS) as cluster:
        script = cluster.job_script()
    for line in lines:
        assert line in script, (line, script)


def test_the_slurm_recipe_uses_the_documented_options():
    recipe = (REPO / "scripts" / "family" / "slurm.sh").read_text()
    subprocess.run(["bash", "-n", str(REPO / "scripts" / "family" / "slurm.sh")], check=True)
    for key, value in DOC_OPTIONS.items():
        assert f"--{key} {value}" in recipe or f'--{key} "${{{key.upper()}:-{value}}}"' in recipe, key


@pytest.mark.parametrize("code,stderr,status", [
    (2, "compute: -patterns searches the rows of the band sweep", "not computed"),
    (1, "compute: f-m0000: pattern: band index: value 1 twice in row 0 (columns 0 and 1): not a rook table",
     "not computed"),
    (1, "compute: write out/x: no space left on device", None),
    (2, "compute: -n 100000 needs 3100031 cells, about 216.0 MiB of memory, 605.5 KiB of disk (zstd) and about 1 s: "
        "more disk than the 12.0 KiB free in -out out/x; free space, choose another -out or -compress, or pass -force", None),
    (2, "compute: -n 100000000 needs …: more memory than this machine's 24 GiB; lower -n, -workers or -tile, or pass -force",
     None),
])
def test_what_compute_cannot_serve_is_recorded_a_failure_is_not(tmp_path, code, stderr, status):
    fake = tmp_path / "compute"
    fake.write_text(f"#!/bin/sh\necho {shlex.quote(stderr)} >&2\nexit {code}\n")
    fake.chmod(0o755)
    game = {"moves": "rook", "pass": True, "cells": [{"x": 0, "y": 0, "value": 1}]}
    job = Job(str(tmp_path / "members" / "f-m0000"), 0, "f-m0000", game, game_identity(game), 100, 4, 0,
              str(fake), "sha")
    if status is None:
        with pytest.raises(MemberError, match=re.escape(stderr)):
            run_member(job)
        assert list((tmp_path / "members").iterdir()) == []  # nothing half-published
        return
    record = run_member(job)
    assert record["status"] == status and "f-m0000" not in record["reason"]
    assert record["reason"] == stderr.replace("f-m0000: ", "")


def test_a_full_disk_leaves_the_old_catalog(tmp_path, monkeypatch):
    from grundytables.family import catalog
    family = read_family(write(tmp_path, 'id = "f"\n[choices]\n"0,0" = ["free", -1]\n'))
    fdir = tmp_path / "f.family"
    fdir.mkdir()
    catalog.write_catalog(family, fdir, {}, plots=False)
    before = (fdir / "catalog.parquet").read_bytes()

    def full_disk(table, path):
        pathlib.Path(path).write_bytes(b"PAR1 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(catalog.pq, "write_table", full_disk)
    with pytest.raises(OSError, match="No space left"):
        catalog.write_catalog(family, fdir, {}, plots=False)
    assert (fdir / "catalog.parquet").read_bytes() == before
    assert sorted(p.name for p in fdir.iterdir()) == ["catalog.parquet", "summary.md", "values.parquet"]


def test_a_base_game_file(tmp_path):
    (tmp_path / "gneg1.toml").write_text((REPO / "games" / "gneg1.toml").read_text())
    family = read_family(write(tmp_path, 'id = "b"\nbase = "gneg1.toml"\n[choices]\n"1,1" = ["free", -1]\n'))
    assert [m.game["cells"] for m in family.members] == [
        [{"x": 0, "y": 0, "value": -1}], [{"x": 0, "y": 0, "value": -1}, {"x": 1, "y": 1, "value": -1}]]
    assert family.members[0].sha256 == game_identity(read_game_file(REPO / "games" / "gneg1.toml"))
    with pytest.raises(FamilyError, match="base names a game file: give moves and cells there"):
        read_family(write(tmp_path, 'id = "b"\nbase = "gneg1.toml"\nmoves = "rook"\n', "both.toml"))
    with pytest.raises(FamilyError, match=r'choices."0,0": the cell \(0, 0\) is listed twice, also in cells'):
        read_family(write(tmp_path, 'id = "b"\nbase = "gneg1.toml"\n[choices]\n"0,0" = [1]\n', "twice.toml"))
    # A base with a subtraction limit is refused, not taken without its limit.
    (tmp_path / "sub3.toml").write_text((REPO / "games" / "subtraction-3.toml").read_text())
    with pytest.raises(FamilyError, match=r"subtraction limit \(limit = 3\)"):
        read_family(write(tmp_path, 'id = "b"\nbase = "sub3.toml"\n[choices]\n"1,1" = ["free", -1]\n', "limited.toml"))


def test_mutated_family_files_raise_only_family_errors(tmp_path):
    """A fuzz of the family parser: 600 random byte edits of the example family file (seeded, so a
    failure repeats) each parse or raise FamilyError (a TableFileError), never another exception."""
    import random
    rng = random.Random(65)
    good = CORNER2.encode()
    alphabet = b'[]{}"=,.-0123456789 \n#freeidpasstrue'
    for i in range(600):
        data = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            match rng.randrange(3):
                case 0:
                    data[at] = rng.choice(alphabet)
                case 1:
                    del data[at]
                case 2:
                    data.insert(at, rng.choice(alphabet))
        path = tmp_path / f"m{i}.toml"
        path.write_bytes(bytes(data))
        try:
            read_family(path)
        except FamilyError:
            pass
