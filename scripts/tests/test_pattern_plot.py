"""scripts/pattern_plot.py draws both pictures from a report of verify -patterns."""

import json
import shutil
import subprocess
import warnings

import pytest

from conftest import N, REPO

import grundytables
from grundytables import pattern_plot


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


@pytest.mark.parametrize("other", [("passnim", "zstd"), ("passnim", "file"), ("nim", "parquet")])
def test_report_of_another_table_refused(report, table_files, values_files, tmp_path, capsys, other):
    """Issue 24, item 1: a gneg1 report over a passnim file was titled G_P with G₋₁'s verdict."""
    path, _ = report
    data = (table_files | values_files)[other]
    out = tmp_path / "o.png"
    with pytest.raises(SystemExit) as exit:
        pattern_plot.main([str(path), str(data), "--value", "3", "--offsets", str(out)])
    assert exit.value.code == 1
    err = capsys.readouterr().err
    assert "table gneg1" in err and f"table {other[0]}" in err and str(data) in err
    assert not out.exists()


def test_report_of_another_n_refused(report, compute, tmp_path, capsys):
    path, _ = report
    subprocess.run([str(compute), "-table", "gneg1", "-n", str(N + 3), "-out", str(tmp_path), "-quiet"],
                   check=True, capture_output=True)
    with pytest.raises(SystemExit) as exit:
        pattern_plot.main([str(path), str(tmp_path / f"gneg1_n{N + 3}.arrow"), "--value", "3",
                           "--offsets", str(tmp_path / "o.png")])
    assert exit.value.code == 1 and f"n = {N + 3}" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["file", "full", "dataset"])
def test_plots_of_values_files(report, values_files, tmp_path, kind):
    """The research output draws the same pictures as the table file."""
    path, _ = report
    pictures = {}
    for name, data in (("table", report[1]), ("values", values_files["gneg1", kind])):
        out = tmp_path / f"{name}.png"
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert pattern_plot.main([str(path), str(data), "--value", "3", "--offsets", str(out)]) == 0
        assert not [w for w in caught if issubclass(w.category, grundytables.PartialReadWarning)]
        pictures[name] = out.read_bytes()
    assert pictures["table"] == pictures["values"]


def test_period_one_has_no_residue_colour_bar(report, tmp_path):
    """G₋₁ = 0 has period 1: one colour and no "x mod 1" colour bar; period 4 gets its bar."""
    path, table = report
    f, n, symbol = pattern_plot.value_cells(table, 0)
    period, start, brk, label = pattern_plot.fit_of(json.loads(path.read_text()), 0)
    assert period == 1
    fig = pattern_plot.plot_offsets(f, 0, symbol, period, start, brk, label, (0, n + 1), tmp_path / "o.png")
    assert len(fig.axes) == 1 and not any("mod" in ax.get_ylabel() for ax in fig.axes)
    f, n, symbol = pattern_plot.value_cells(table, 3)
    fig = pattern_plot.plot_offsets(f, 3, symbol, 4, 6, None, "stable", (0, n + 1), tmp_path / "o4.png")
    assert len(fig.axes) == 2 and fig.axes[1].get_ylabel() == "x mod 4"


def test_departure_map_without_departures_says_so(report, tmp_path):
    path, table = report
    f, n, symbol = pattern_plot.value_cells(table, 3)
    fig = pattern_plot.plot_departure(f, n, 3, symbol, 4, 6, None, "stable", tmp_path / "d.png")
    ax = fig.axes[0]
    assert not ax.images and "no departure" in ax.get_title()
    assert any(t.get_text().startswith("No row departs from period 4") for t in ax.texts)
    # A fit that does not hold (period 3 for a value of period 4) departs, drawn in red.
    fig = pattern_plot.plot_departure(f, n, 3, symbol, 3, 6, None, "a wrong fit", tmp_path / "d3.png")
    assert fig.axes[0].images and "depart" in fig.axes[0].get_title()
