"""scripts/atlas.sh and grundytables.atlas at a small n, and the "proved" status of the pattern JSON."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import REPO

from grundytables import PatternFileError, read_patterns
from grundytables.atlas import TABLES

N = 3000


@pytest.fixture(scope="module")
def atlas_dir(tmp_path_factory):
    """The -out directory of scripts/atlas.sh at n = N, values 0-20."""
    out = tmp_path_factory.mktemp("atlas")
    subprocess.run(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", str(N), "-values", "0-20",
                    "-out", str(out), "-python", sys.executable], check=True, capture_output=True)
    return out


def test_atlas_written(atlas_dir):
    atlas = atlas_dir / f"atlas_n{N}"
    for png in atlas.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (atlas / "period_start.png").exists()
    assert len(list(atlas.glob("offsets_*.png"))) == 3
    data = json.loads((atlas / "atlas.json").read_text())
    assert [t["table"] for t in data["tables"]] == [t for t, _, _ in TABLES]
    gneg1 = data["tables"][0]
    # Theorem 4 of the goishi-hiroi paper: the values 0 ... 3 of G₋₁ are proved.
    assert gneg1["proof"]["v"] >= 3
    for entry in gneg1["values"]:
        assert (entry["status"] == "proved") == (entry["value"] <= gneg1["proof"]["v"])
    assert gneg1["values"][3]["period"] == 4 and gneg1["values"][3]["start"] == 6
    md = (atlas / "atlas.md").read_text()
    assert "three-pile nim with a pass" in md and "open problem" in md
    assert "arXiv 2412.03996" in md
    assert "proved for all x, y" in md


def test_read_patterns_accepts_proved(atlas_dir):
    report = read_patterns(atlas_dir / f"gneg1_n{N}.patterns.json")
    assert any(v["status"] == "proved" for v in report["values"])


@pytest.mark.parametrize("change", [
    lambda v: v.update(status="certain"),      # not a status
    lambda v: v.pop("proof"),                  # proved without its proof
])
def test_read_patterns_refuses_bad_status(atlas_dir, tmp_path, change):
    report = json.loads((atlas_dir / f"gneg1_n{N}.patterns.json").read_text())
    change(report["values"][0])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(report))
    with pytest.raises(PatternFileError):
        read_patterns(bad)


def test_missing_table_is_an_error(tmp_path):
    from grundytables import atlas
    assert atlas.main([str(tmp_path), "--n", str(N)]) == 1


def test_atlas_keeps_complete_tables(tmp_path):
    """A second run reuses each table's patterns file for the same n and values; -fresh, another
    range of values or a damaged file computes the table again."""
    def run(*extra):
        done = subprocess.run(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", "500", "-values", "0-5",
                               "-out", str(tmp_path), "-python", sys.executable, *extra],
                              check=True, capture_output=True, text=True)
        return done.stderr

    def stamps():
        return {t: (tmp_path / f"{t}_n500.patterns.json").stat().st_mtime_ns for t, _, _ in TABLES}

    run()
    first = stamps()
    assert run().count("not computed again") == 3
    assert stamps() == first
    (tmp_path / "gneg1_n500.patterns.json").write_text("{")
    log = run()
    assert log.count("not computed again") == 2 and "atlas: gneg1\n" in log
    assert json.loads((tmp_path / "gneg1_n500.patterns.json").read_text())["n"] == 500
    assert "not computed again" not in run("-fresh")
    assert "not computed again" not in run("-values", "0-4")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopping_atlas_stops_compute(tmp_path, sig):
    """A signal to atlas.sh stops the compute it started and ends it with exit 1; its build
    directory is removed, and one that a kill -9 left is removed by the next run."""
    stale = tmp_path / ".atlas-bin.999999999"
    stale.mkdir()
    n = 30_000_000
    job = subprocess.Popen(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", str(n), "-out", str(tmp_path),
                            "-python", sys.executable], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lock = tmp_path / f".gneg1_n{n}.lock"
    deadline = time.time() + 300
    while "pid" not in (lock.read_text() if lock.exists() else ""):
        assert time.time() < deadline and job.poll() is None, "compute never started"
        time.sleep(0.05)
    compute_pid = int(lock.read_text().split()[1])
    job.send_signal(sig)
    _, stderr = job.communicate(timeout=60)
    assert job.returncode == 1, stderr
    try:
        os.kill(compute_pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive, "compute outlived the script that started it"
    assert "stopped by SIG" in stderr
    assert not list(tmp_path.glob(".atlas-bin.*")), "a build directory is left"
