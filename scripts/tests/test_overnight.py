"""scripts/overnight.sh end to end at a small n: the report, its JSON, the log, re-runs."""

import json
import pathlib
import subprocess

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


def test_overnight_writes_a_complete_report_and_reruns(tmp_path):
    first = run(tmp_path)
    assert first.returncode == 0, first.stderr
    for table in ("nim", "g1", "gneg1", "gstarneg1", "passnim", "wythoff"):
        assert (tmp_path / f"{table}_n{N}.arrow").is_file()
    report = report_dir(tmp_path)
    summary = (report / "summary.md").read_text()
    claims = json.loads((report / "claims.json").read_text())["claims"]
    assert len(claims) >= 40
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
