"""scripts/pattern_plot.py draws both pictures from a report of verify -patterns."""

import json
import shutil
import subprocess

import pytest

from conftest import N, REPO

import pattern_plot


@pytest.fixture(scope="module")
def report(table_files, tmp_path_factory):
    """(report path, table path) of verify -patterns on G₋₁, values 0-5, at n = N."""
    go = shutil.which("go")
    if go is None:
        pytest.fail("go is not on PATH; this test builds cmd/verify")
    out = tmp_path_factory.mktemp("patterns")
    verify = out / "verify"
    subprocess.run([go, "build", "-o", str(verify), "./cmd/verify"], cwd=REPO, check=True)
    table = table_files["gneg1", "zstd"]
    path = out / "patterns.json"
    subprocess.run([str(verify), "-patterns", "-in", str(table), "-values", "0-5", "-json", str(path)],
                   check=True, capture_output=True)
    return path, table


def test_plots_written(report, tmp_path):
    path, table = report
    offsets, departure = tmp_path / "offsets.png", tmp_path / "departure.png"
    assert pattern_plot.main([str(path), str(table), "--value", "3",
                              "--offsets", str(offsets), "--departure", str(departure)]) == 0
    for png in (offsets, departure):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_fit_of_reads_the_report(report):
    path, _ = report
    period, start, brk, label = pattern_plot.fit_of(json.loads(path.read_text()), 3)
    assert (period, start, brk) == (4, 6, None), "Theorem 4(4): period 4 from x0 = 6"
    assert label.startswith("stable")


def test_bad_input(report, tmp_path):
    path, table = report
    with pytest.raises(SystemExit):
        pattern_plot.main([str(path), str(table), "--value", "9", "--offsets", str(tmp_path / "o.png")])
    with pytest.raises(SystemExit):
        pattern_plot.main([str(path), str(table), "--value", "3"])
    wrong_n = json.loads(path.read_text()) | {"n": N + 1}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(wrong_n))
    with pytest.raises(SystemExit):
        pattern_plot.main([str(bad), str(table), "--value", "3", "--offsets", str(tmp_path / "o.png")])
