"""scripts/overnight.sh end to end at a small n: the report, its JSON, the log, re-runs."""

import json
import pathlib
import signal
import subprocess

from conftest import signal_once_compute_runs

REPO = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "overnight.sh"
N = 60


def run(out, *args):
    """Run the overnight job into out; return the completed process."""
    return subprocess.run(["bash", str(SCRIPT), "-n", str(N), "-out", str(out), *args],
                          capture_output=True, text=True, timeout=600)


def report_dir(out):
    """The single report directory the job wrote into out."""
    reports = sorted(out.glob(f"report-*-n{N}"))
    assert len(reports) == 1, reports
    return reports[0]


def compute(out, *args):
    """Run cmd/compute into out."""
    subprocess.run(["go", "run", "./cmd/compute", "-out", str(out), "-quiet", *args],
                   cwd=REPO, check=True, capture_output=True, timeout=600)


def test_overnight_writes_a_complete_report_and_reruns(tmp_path):
    # A killed job's work directory, and a larger table than asked for.
    stale = tmp_path / ".report.Xk3v9q"
    stale.mkdir()
    (stale / "claims.txt").write_text("left by a killed job")
    compute(tmp_path, "-table", "gneg1", "-n", str(N + 20))

    first = run(tmp_path)
    assert first.returncode == 0, first.stderr
    assert not stale.exists(), "the stale work directory is left"
    assert str(stale) in first.stderr
    for table in ("nim", "g1", "gneg1", "gstarneg1", "passnim", "wythoff"):
        assert (tmp_path / f"{table}_n{N}.arrow").is_file()
    report = report_dir(tmp_path)
    summary = (report / "summary.md").read_text()
    claims = json.loads((report / "claims.json").read_text())["claims"]
    assert len(claims) >= 40
    tables = json.loads((report / "claims.json").read_text())["tables"]
    assert {t["id"]: t["n"] for t in tables}["gneg1"] == N, "the claims were not checked at the n asked"
    statuses = {c["id"]: c["status"] for c in claims}
    holding = sum(s == "holds" for s in statuses.values())
    assert f"{len(claims)} claims: {holding} hold" in summary
    for claim_id, status in statuses.items():
        if status == "fails":
            assert claim_id in summary, f"failing claim {claim_id} missing from the summary"
    for table in ("gneg1", "gstarneg1", "passnim"):
        patterns = json.loads((report / f"patterns_{table}.json").read_text())
        assert patterns["table"] == table and patterns["n"] == N
        assert (report / f"patterns_{table}.md").read_text().strip()
        assert f"- {table}: " in summary
    assert "## Inputs" in summary and f"gneg1_n{N}.arrow (g_sha256 " in summary, "the summary does not name its inputs"
    assert "- command: `overnight.sh " in summary and "- program: compute " in summary
    log = (report / "overnight.log").read_text()
    assert "done  compute: exit 0" in log and "done  claims:" in log
    assert not list(tmp_path.glob(".report.*")), "temporary report directory left behind"

    # A re-run keeps the tables and replaces the report with a complete one.
    before = (tmp_path / f"gneg1_n{N}.arrow").stat().st_mtime_ns
    second = run(tmp_path)
    assert second.returncode == 0, second.stderr
    assert (tmp_path / f"gneg1_n{N}.arrow").stat().st_mtime_ns == before
    log = (report_dir(tmp_path) / "overnight.log").read_text()
    assert "gneg1      n=60  already complete" in log


def test_overnight_usage_errors(tmp_path):
    for args in (["-n", "ten"], ["-bogus"]):
        result = subprocess.run(["bash", str(SCRIPT), "-out", str(tmp_path), *args],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2, (args, result.stderr)
        assert "overnight.sh:" in result.stderr


def test_a_failing_step_is_shown_and_its_log_kept(tmp_path):
    (tmp_path / f"nim_n{N}.arrow").mkdir()
    result = run(tmp_path)
    assert result.returncode == 1
    assert "not a table file" in result.stderr, "compute's error is not on the terminal"
    logs = list(tmp_path.glob(f"overnight-*-n{N}-failed.log"))
    assert len(logs) == 1, result.stderr
    log = logs[0].read_text()
    assert "not a table file" in log and "done  compute: exit 1" in log
    assert str(logs[0]) in result.stderr
    assert not list(tmp_path.glob(".report.*")) and not list(tmp_path.glob("report-*"))


def test_stopping_the_job_stops_compute(tmp_path):
    n = 2500
    job = subprocess.Popen(["bash", str(SCRIPT), "-n", str(n), "-out", str(tmp_path)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    stderr = signal_once_compute_runs(job, tmp_path / f".nim_n{n}.lock", signal.SIGTERM)
    log = next(tmp_path.glob(f"overnight-*-n{n}-failed.log")).read_text()
    # compute -table all may be past nim (n = 2500 takes 0.1 s): whichever table it was on says so.
    assert "stopped by SIGTERM" in log and ": interrupted" in log
    assert ": interrupted" in stderr
