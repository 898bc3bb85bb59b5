"""One corpus of hostile datasets, read by both readers (issue 66).

The Go corpus (go run ./results/valuesds/hostile/corpus, results/valuesds/hostile)
is read by grundytables: no call crashes or raises an undocumented error,
every dataset verify -in refuses for its bytes is refused by check_dataset
too, and what verify passes check_dataset passes. The Python corpus
(hostile_cases.py) is read by bin/verify -in: every case that grundytables
must refuse, verify refuses (exit 1), and none makes it crash.
"""

import json
import pathlib
import subprocess

import pytest
from conftest import REPO
from hostile_cases import CASES, write_case_dir
from test_hostile import DOCUMENTED, N, run_calls


@pytest.fixture(scope="module")
def go_corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("go-corpus")
    subprocess.run(["go", "run", "./results/valuesds/hostile/corpus", "-out", str(out)], cwd=REPO, check=True,
                   capture_output=True)
    cases = json.loads((out / "cases.json").read_text())["cases"]
    assert cases, "the Go corpus is empty"
    return out, cases


# The sizes a footer states beside its pages (parquet_footer.check_pages): verify refuses a lie
# there, grundytables reads by the pages and must then give the honest dataset's answers.
SIZES_ONLY = {"chunk-uncompressed-size", "total-byte-size"}


def test_go_corpus_read_by_grundytables(go_corpus):
    out, cases = go_corpus
    problems = []
    honest = next(case for case in cases if case["name"] == "honest")
    honest_check = run_calls(out / honest["dataset"], [0, 1])["check_dataset"]
    assert "answer" in honest_check, honest_check
    for case in cases:
        dataset = out / case["dataset"]
        outcomes = run_calls(dataset, [0, 1])  # run_calls fails on a crash of the child
        if case["name"] in SIZES_ONLY and outcomes["check_dataset"].get("answer") == honest_check["answer"]:
            continue
        for call, got in outcomes.items():
            if "error" in got and got["error"] not in DOCUMENTED:
                problems.append(f"{case['name']}: {call} raised {got['error']}: {got['message'][:200]}")
        check = outcomes["check_dataset"]
        if case["verdict"] == "refused" and "answer" in check:
            problems.append(f"{case['name']}: verify refuses it ({case['reason']}), check_dataset passes it")
        if case["verdict"] == "holds" and "error" in check:
            problems.append(f"{case['name']}: verify passes it, check_dataset refuses it: {check['message'][:200]}")
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def python_corpus(compute, tmp_path_factory):
    out = tmp_path_factory.mktemp("py-corpus")
    subprocess.run([str(compute), "-table", "gneg1", "-n", str(N), "-write", "values", "-values", "0-20",
                    "-out", str(out / "src"), "-quiet"], check=True, capture_output=True)
    write_case_dir(out / "src" / f"gneg1_n{N}.values", out / "cases")
    return out / "cases"


def test_python_corpus_read_by_verify(compute, python_corpus):
    verify = pathlib.Path(compute).parent / "verify"
    subprocess.run(["go", "build", "-o", str(verify), "./cmd/verify"], cwd=REPO, check=True)
    problems = []
    for case in CASES:
        spec = json.loads((python_corpus / case.name / "case.json").read_text())
        done = subprocess.run([str(verify), "-in", str(python_corpus / case.name / spec["dataset"])],
                              capture_output=True, text=True, timeout=600)
        if done.returncode not in (0, 1, 3) or "panic" in done.stderr:
            problems.append(f"{case.name}: verify exited {done.returncode}: {done.stderr[-300:]}")
        elif case.expect == "refuse" and not case.lenient and done.returncode == 0:
            problems.append(f"{case.name}: grundytables refuses it, verify -in passes it")
    assert not problems, "\n".join(problems)
