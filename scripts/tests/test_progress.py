"""scripts/progress.py, the filter that keeps scripts/test.sh from falling silent."""

import io
import json
import pathlib
import subprocess
import sys
import threading

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parents[1] / "progress.py"
sys.path.insert(0, str(SCRIPT.parent))
import progress  # noqa: E402  (the script, imported for its parts)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def events(*items):
    return "".join(json.dumps(e) + "\n" for e in items)


PASSING = events(
    {"Action": "start", "Package": "m/a"},
    {"Action": "run", "Package": "m/a", "Test": "TestOne"},
    {"Action": "output", "Package": "m/a", "Test": "TestOne", "Output": "=== RUN   TestOne\n"},
    {"Action": "pass", "Package": "m/a", "Test": "TestOne", "Elapsed": 0.5},
    {"Action": "output", "Package": "m/a", "Output": "ok  \tm/a\t0.6s\n"},
    {"Action": "pass", "Package": "m/a", "Elapsed": 0.6},
    {"Action": "start", "Package": "m/empty"},
    {"Action": "output", "Package": "m/empty", "Output": "?   \tm/empty\t[no test files]\n"},
    {"Action": "skip", "Package": "m/empty", "Elapsed": 0},
)

FAILING = events(
    {"Action": "start", "Package": "m/b"},
    {"Action": "run", "Package": "m/b", "Test": "TestGood"},
    {"Action": "output", "Package": "m/b", "Test": "TestGood", "Output": "good's chatter\n"},
    {"Action": "pass", "Package": "m/b", "Test": "TestGood"},
    {"Action": "run", "Package": "m/b", "Test": "TestBad"},
    {"Action": "output", "Package": "m/b", "Test": "TestBad", "Output": "    b_test.go:9: boom\n"},
    {"Action": "output", "Package": "m/b", "Test": "TestBad", "Output": "--- FAIL: TestBad (0.00s)\n"},
    {"Action": "fail", "Package": "m/b", "Test": "TestBad"},
    {"Action": "output", "Package": "m/b", "Output": "FAIL\tm/b\t0.1s\n"},
    {"Action": "fail", "Package": "m/b", "Elapsed": 0.1},
)


def run_filter(text, *args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], input=text, capture_output=True, text=True,
                          timeout=60)


def test_each_package_is_reported_as_it_ends():
    done = run_filter(PASSING, "--go-json")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok   m/a 0.6s\n?    m/empty [no test files]\n"


def test_a_failing_test_is_shown_and_fails_the_filter():
    done = run_filter(PASSING + FAILING, "--go-json")
    assert done.returncode == 1
    assert "b_test.go:9: boom" in done.stdout and "--- FAIL: TestBad" in done.stdout
    assert "good's chatter" not in done.stdout  # a passing test's output is not shown
    assert done.stdout.count("FAIL\tm/b") == 1 and "FAIL m/b" not in done.stdout


@pytest.mark.parametrize("stream", [
    events({"Action": "start", "Package": "m/c"},
           {"Action": "output", "Package": "m/c", "Output": "panic: test timed out after 10m0s\n"},
           {"Action": "fail", "Package": "m/c", "Elapsed": 600}),
    events({"ImportPath": "m/d [m/d.test]", "Action": "build-output", "Output": "d.go:3: undefined: x\n"},
           {"ImportPath": "m/d [m/d.test]", "Action": "build-fail"},
           {"Action": "start", "Package": "m/d"},
           {"Action": "fail", "Package": "m/d", "Elapsed": 0, "FailedBuild": "m/d [m/d.test]"}),
], ids=["package output", "build"])
def test_a_package_failing_outside_its_tests_is_shown(stream):
    done = run_filter(stream, "--go-json")
    assert done.returncode == 1
    assert ("timed out" in done.stdout or "undefined: x" in done.stdout) and "FAIL m/" in done.stdout


def test_lines_that_are_not_json_pass_through():
    done = run_filter("go: downloading example.com/x v1.0.0\n" + PASSING, "--go-json")
    assert done.returncode == 0 and done.stdout.startswith("go: downloading example.com/x v1.0.0\n")


def test_plain_mode_passes_everything_through():
    text = "..F.é" * 1000 + "\n3 passed\n"
    done = run_filter(text, "--label", "pytest")
    assert done.returncode == 0 and done.stdout == text


def test_the_heartbeat_names_what_runs_and_waits_for_silence():
    clock, out = Clock(), io.StringIO()
    printer = progress.Printer(out, clock)
    go = progress.GoEvents(printer)
    go.event({"Action": "start", "Package": "m/slow"})
    go.event({"Action": "run", "Package": "m/slow", "Test": "TestLong"})
    clock.now = 20
    go.event({"Action": "run", "Package": "m/slow", "Test": "TestLater"})
    stop = threading.Event()
    beat = threading.Thread(target=progress.heartbeat, args=(printer, 0.05, go.still, stop))
    clock.now = 150
    beat.start()
    try:
        for _ in range(200):
            if out.getvalue():
                break
            stop.wait(0.01)
    finally:
        stop.set()
        beat.join()
    assert out.getvalue().startswith("… 2m30s in, still running: m/slow (TestLong, 2m30s)\n")
    # Printing resets the silence: no heartbeat follows output at once.
    printer.write("ok\n")
    stop = threading.Event()
    printer.clock = lambda: printer.last  # time stands still after that line
    beat = threading.Thread(target=progress.heartbeat, args=(printer, 30, go.still, stop))
    beat.start()
    stop.wait(0.1)
    stop.set()
    beat.join()
    assert out.getvalue().endswith("ok\n")


def test_a_pipe_keeps_the_exit_status_of_go_test():
    """Under set -o pipefail the pipe fails when go test does, even if the filter saw no failure."""
    script = f"set -o pipefail; (printf '%s' '{PASSING}'; exit 1) | {sys.executable} {SCRIPT} --go-json"
    assert subprocess.run(["bash", "-c", script], capture_output=True).returncode == 1


def test_duration():
    assert [progress.duration(s) for s in (0, 59.9, 60, 3599, 3600, 3723)] == \
        ["0s", "59s", "1m00s", "59m59s", "1h00m00s", "1h02m03s"]


def test_every_must_be_positive():
    done = run_filter("", "--every", "0")
    assert done.returncode == 2 and "--every" in done.stderr
