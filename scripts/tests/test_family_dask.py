"""grundy-family run on Dask (docs/families.md), small: n = 2000, values 0-8, 24 members (16 games), 2 worker processes.

A run publishes every member and the catalog; a second run computes nothing;
a worker killed mid-run leaves the catalog as an uninterrupted run's; a
member whose compute fails (a full disk) is absent, nothing of it half
there, and the next run completes it, on a real full filesystem too (a
tmpfs, where root may mount one); bin/verify -family holds on a good
family and exits 1 when a certificate, the catalog or the values table is
altered.
"""

import json
import os
import pathlib
import shutil
import signal
import stat
import subprocess
import time

import pyarrow.parquet as pq
import pytest
from conftest import REPO

import grundytables
from grundytables.family import read_family
from grundytables.family import run as family_run
from grundytables.family.catalog import TIMINGS
from grundytables.family.member import read_record

N, HI = 2000, 8
FAMILY = """
id = "f8"
pass = [false, true]
symmetric = true
[choices]
"0,0" = ["free", -1, 0, 1]
"0,1" = ["free", -1, -1]          # -1 twice: 8 members are the same game as another
"""
# The worker processes import the grundytables under test.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(pathlib.Path(grundytables.__file__).parents[1])] + os.environ.get("PYTHONPATH", "").split(os.pathsep))


@pytest.fixture(scope="module")
def verify(tmp_path_factory):
    binary = tmp_path_factory.mktemp("bin") / "verify"
    subprocess.run(["go", "build", "-o", str(binary), "./cmd/verify"], cwd=REPO, check=True)
    return binary


@pytest.fixture(scope="module")
def family_file(tmp_path_factory):
    p = tmp_path_factory.mktemp("fam") / "f8.toml"
    p.write_text(FAMILY, encoding="utf-8")
    return p


def slow_compute(tmp_path, compute, fail_member=None):
    """A compute that sleeps first (so that a worker can be killed mid-run) and, for fail_member, fails once."""
    script = tmp_path / "compute.sh"
    marker = tmp_path / "failed-once"
    fail = ""
    if fail_member:
        fail = (f'case "$*" in *{fail_member}*) if [ ! -e {marker} ]; then touch {marker}; '
                f'echo "compute: write: no space left on device" >&2; exit 1; fi;; esac\n')
    script.write_text(f"#!/bin/sh\nsleep 0.3\n{fail}exec {compute} \"$@\"\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def run(family_file, out, compute, **kw):
    return family_run.run(family_file, N, HI, out, workers=2, compute=compute, **kw)


def catalog_without_timings(fdir):
    t = pq.read_table(fdir / "catalog.parquet").drop_columns(list(TIMINGS))
    return t.to_pylist(), pq.read_table(fdir / "values.parquet").to_pylist()


@pytest.fixture(scope="module")
def complete(family_file, compute, tmp_path_factory):
    """An uninterrupted run's family directory."""
    out = tmp_path_factory.mktemp("out")
    assert run(family_file, out, compute) == 0
    return out / "f8.family"


def test_a_run_publishes_every_member_and_the_catalog(complete, family_file):
    family = read_family(family_file)
    assert sorted(p.name for p in (complete / "members").iterdir()) == [m.id for m in family.computed()]
    cat = pq.read_table(complete / "catalog.parquet").to_pylist()
    assert [r["member"] for r in cat] == list(range(24))
    # A member that is the same game as an earlier one is computed once: its
    # row is the earlier member's, but for its number, id and same_as.
    same = [r for r in cat if r["same_as"] is not None]
    assert len(same) == 8
    for r in same:
        first = cat[r["same_as"]]
        assert first["same_as"] is None and first["game_sha256"] == r["game_sha256"]
        assert {k: v for k, v in r.items() if k not in ("member", "member_id", "same_as")} == \
            {k: v for k, v in first.items() if k not in ("member", "member_id", "same_as")}
    for r in cat:
        first = r["member_id"] if r["same_as"] is None else cat[r["same_as"]]["member_id"]
        rec = json.loads((complete / "members" / first / "member.json").read_text())
        assert r["game_sha256"] == rec["game_sha256"] == family.members[r["member"]].sha256
    # Every member is computed and proved to V = 8 at n = 2000, with the pass
    # or without it, whatever game the pass leads to.
    assert all(r["status"] == "complete" and r["reason"] is None and r["v_proved"] == HI for r in cat), \
        [r for r in cat if r["v_proved"] != HI]
    # Equal to a known game: by identity, and by table (the same cells_sha256).
    by_id = {r["member_id"]: r for r in cat}
    assert by_id["f8-m0006"]["known_identity"] == "nim" and by_id["f8-m0000"]["known_identity"] is None
    assert by_id["f8-m0000"]["known_table"] == "nim" and by_id["f8-m0006"]["known_table"] == "nim"
    assert by_id["f8-m0003"]["known_identity"] == "gneg1"
    summary = (complete / "summary.md").read_text()
    assert "| nim | f8-m0006 | f8-m0000, f8-m0006 |" in summary
    assert (complete / "v_proved.png").stat().st_size > 0 and (complete / "periods.png").stat().st_size > 0


def test_the_catalog_reads_with_duckdb_and_polars(complete):
    duckdb = pytest.importorskip("duckdb")
    pl = pytest.importorskip("polars")
    cat = str(complete / "catalog.parquet")
    vals = str(complete / "values.parquet")
    got = duckdb.sql(f"select count(*) from '{vals}' v join '{cat}' c using (member) where c.status = 'complete'").fetchall()[0]
    n_complete = pl.read_parquet(cat).filter(pl.col("status") == "complete").height
    assert got[0] == n_complete * (HI + 1)


def test_a_second_run_computes_nothing(complete, family_file, compute, capsys):
    before = {p.name: p.stat().st_ino for p in (complete / "members").iterdir()}
    start = time.monotonic()
    assert run(family_file, complete.parent, compute) == 0
    assert time.monotonic() - start < 10
    assert "21 complete, 0 to compute" in capsys.readouterr().out
    assert {p.name: p.stat().st_ino for p in (complete / "members").iterdir()} == before


def test_a_killed_worker_changes_nothing(complete, family_file, compute, tmp_path):
    from distributed import LocalCluster
    killed = []

    def kill_one(client, done, total):
        if not killed and done >= 2:
            # scheduler_info() names no pid in distributed 2026.8: ask the workers.
            pid = next(iter(client.run(os.getpid).values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    out = tmp_path / "out"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        code = run(family_file, out, slow_compute(tmp_path, compute),
                   scheduler=cluster.scheduler_address, on_progress=kill_one)
    assert killed and code == 0
    fdir = out / "f8.family"
    assert sorted(p.name for p in (fdir / "members").iterdir()) == sorted(p.name for p in (complete / "members").iterdir())
    assert catalog_without_timings(fdir) == catalog_without_timings(complete)


def test_a_failed_member_is_absent_and_the_next_run_completes_it(complete, family_file, compute, tmp_path, verify):
    out = tmp_path / "out"
    assert run(family_file, out, slow_compute(tmp_path, compute, fail_member="f8-m0003")) == 1
    fdir = out / "f8.family"
    assert not (fdir / "members" / "f8-m0003").exists()
    assert not [p for p in (fdir / "members").iterdir() if p.name.startswith(".")]
    cat = {r["member_id"]: r for r in pq.read_table(fdir / "catalog.parquet").to_pylist()}
    assert cat["f8-m0003"]["status"] == "absent"
    assert subprocess.run([str(verify), "-family", str(fdir)], capture_output=True).returncode == 1
    assert run(family_file, out, compute) == 0
    assert catalog_without_timings(fdir) == catalog_without_timings(complete)


def _pages(directory):
    """The bytes a tmpfs takes for the files under directory: whole 4 KiB pages."""
    return sum(-(-p.stat().st_size // 4096) * 4096 for p in pathlib.Path(directory).rglob("*") if p.is_file())


def test_a_real_full_disk(complete, family_file, compute, tmp_path, capsys):
    """A real filesystem that fills mid-run: a tmpfs of about half the family's size (mounting it needs root).

    The run exits 1 with one line a failed member and the catalog's refusal,
    no traceback; every member directory published is complete, none half
    there; with room made (the tmpfs remounted larger) the same command
    completes the family, its catalog the uninterrupted run's.
    """
    small = tmp_path / "small"
    small.mkdir()
    size = _pages(complete) // 2
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(small)],
                      capture_output=True).returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        capsys.readouterr()
        assert run(family_file, small, compute) == 1
        said = capsys.readouterr()
        assert "Traceback" not in said.out + said.err
        assert "No space left on device" in said.out + said.err
        fdir = small / "f8.family"
        members = list((fdir / "members").iterdir())
        assert not [p for p in members if p.name.startswith(".")]
        for p in members:  # each published member is whole: its record reads, its log is there
            assert read_record(p) is not None and (p / "compute.log").is_file(), p
        assert 0 < len(members) < len(list((complete / "members").iterdir()))
        subprocess.run(["mount", "-o", "remount,size=64m", str(small)], check=True)
        assert run(family_file, small, compute) == 0
        assert catalog_without_timings(fdir) == catalog_without_timings(complete)
    finally:
        subprocess.run(["umount", str(small)], check=True)


def test_verify_family(complete, verify, tmp_path):
    fdir = tmp_path / "f8.family"
    shutil.copytree(complete, fdir)

    def verify_rc():
        p = subprocess.run([str(verify), "-family", str(fdir)], capture_output=True, text=True)
        return p.returncode, p.stdout + p.stderr

    code, out = verify_rc()
    assert code == 0, out
    assert "holds: 24 members, 16 distinct games" in out
    # A certificate whose period is altered does not hold.
    cert = next((fdir / "members" / "f8-m0003").glob("*.proof.json"))
    good = cert.read_text()
    c = json.loads(good)
    cert.write_text(json.dumps({**c, "p": c["p"] * 2}))
    code, out = verify_rc()
    assert code == 1 and "f8-m0003" in out, out
    cert.write_text(good)
    # A certificate of another member's game is refused by its identity.
    other = next((fdir / "members" / "f8-m0001").glob("*.proof.json"))
    cert.write_text(other.read_text())
    code, out = verify_rc()
    assert code == 1 and "not a certificate of the member's game" in out, out
    cert.write_text(good)
    # The catalog altered: a v_proved, then a value's period.
    import pyarrow as pa
    for name, column, row in (("catalog.parquet", "v_proved", 2), ("values.parquet", "period", 5)):
        path = fdir / name
        table = pq.read_table(path)
        vals = table.column(column).to_pylist()
        vals[row] += 1
        pq.write_table(table.set_column(table.schema.get_field_index(column), column, pa.array(vals, pa.int64())), path)
        code, out = verify_rc()
        assert code == 1 and name in out, out
        pq.write_table(table, path)
    assert verify_rc()[0] == 0
