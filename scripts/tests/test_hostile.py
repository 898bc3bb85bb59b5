"""grundytables on hostile values datasets: every call gives the right answer or a documented error (issue 66).

Each case of hostile_cases.py is planted in a copy of an honest dataset
(compute -table gneg1 -n 3000 -write values -values 0-20, one part), and
every public read of it — metadata, cells, cell, scan_polars().collect(),
check_dataset — runs in a child process, under a cap on its memory, so
that a crash (pyarrow's SIGABRT, polars' panic, a MemoryError, a
RecursionError) fails the case instead of killing the test run. A call
must raise a TableFileError (DamagedValuesDataset, ValuesDatasetReplaced
or TableFileError itself: the errors of scripts/grundytables/errors.py)
whose message matches the case's, or, where the case allows it, give the
honest dataset's answer; nothing else.

GRUNDY_HOSTILE_CASES=DIR adds the cases of a directory (hostile_cases.load_case_dir).
"""

import json
import os
import re
import subprocess
import sys
import textwrap

import pyarrow.parquet as pq
import pytest
from hostile_cases import CASES, load_case_dir, only_part, plant_copy, read_manifest

N = 3000
VALUE = 3  # cells(d, VALUE) reads the row group the footer cases edit
MEMORY_CAP = 4 << 30  # a part read whole of the 3 GiB sparse case would exceed it
DOCUMENTED = {"TableFileError", "DamagedValuesDataset", "ValuesDatasetReplaced"}

CHILD = textwrap.dedent("""
    import hashlib, json, resource, sys, warnings
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    warnings.simplefilter("ignore")
    import grundytables
    dataset, value, (x, y) = json.loads(sys.argv[1])

    def digest(*arrays):
        h = hashlib.sha256()
        for a in arrays:
            h.update(str(a.shape).encode())
            h.update(a.tobytes())
        return h.hexdigest()

    def collect():
        frame = grundytables.scan_polars(dataset).collect().sort("v", "x", "y")
        return digest(*(frame[c].to_numpy() for c in ("v", "x", "y")))

    def check():
        return {{k: v for k, v in grundytables.check_dataset(dataset).items() if k != "path"}}

    def metadata():
        return {{k: list(v) if isinstance(v, tuple) else v for k, v in grundytables.metadata(dataset).items()}}

    calls = {{"metadata": metadata, "cells": lambda: digest(grundytables.cells(dataset, value)),
             "cell": lambda: str(grundytables.cell(dataset, x, y)), "scan_polars": collect, "check_dataset": check}}
    for name, call in calls.items():
        print(json.dumps({{"call": name, "started": True}}), flush=True)
        try:
            out = {{"call": name, "answer": call()}}
        except BaseException as err:
            out = {{"call": name, "error": type(err).__name__, "message": str(err)[:2000]}}
        print(json.dumps(out), flush=True)
""").format(cap=MEMORY_CAP)


def run_calls(dataset, cell, env=None, timeout=300):
    """Run every call on dataset in a child (of environment env); return {call: outcome}, or fail naming
    the call that crashed it."""
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps([str(dataset), VALUE, cell])],
                          capture_output=True, text=True, timeout=timeout, env=env)
    outcomes, started = {}, None
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if record.get("started"):
            started = record["call"]
        else:
            outcomes[record["call"]] = record
            started = None
    assert done.returncode == 0 and started is None, \
        f"the child died (status {done.returncode}) in {started}: {done.stderr[-3000:]}"
    return outcomes


@pytest.fixture(scope="module")
def honest(compute, tmp_path_factory):
    """The honest dataset, a cell of VALUE in it, and every call's answer on it."""
    out = tmp_path_factory.mktemp("honest")
    subprocess.run([str(compute), "-table", "gneg1", "-n", str(N), "-write", "values", "-values", "0-20",
                    "-out", str(out), "-quiet"], check=True, capture_output=True)
    dataset = out / f"gneg1_n{N}.values"
    cells = pq.read_table(only_part(dataset)).to_pydict()
    i = next(i for i, v in enumerate(cells["v"]) if v == 7)  # a cell outside the row group the cases edit
    cell = [cells["x"][i], cells["y"][i]]
    answers = run_calls(dataset, cell)
    assert all("answer" in o for o in answers.values()), answers
    assert answers["cell"]["answer"] == "7"
    return dataset, cell, answers


def cases():
    corpus = os.environ.get("GRUNDY_HOSTILE_CASES")
    return CASES + (load_case_dir(corpus) if corpus else [])


def check_outcomes(case, outcomes, answers, manifest, honest_manifest):
    """Assert that each call's outcome is what case allows: a documented error matching case.match, or
    (expect "either") the honest answer (for metadata, on the keys the case's manifest did not change)."""
    for call, got in outcomes.items():
        if "error" in got:
            assert got["error"] in DOCUMENTED, f"{case.name}: {call} raised {got['error']}: {got['message']}"
            assert re.search(case.match, got["message"]), f"{case.name}: {call}: {got['message']}"
            continue
        assert case.expect == "either" or call in case.lenient, f"{case.name}: {call} accepted the damage, answering {got['answer']}"
        want = answers[call]["answer"]
        if call == "metadata":
            changed = {k for k in honest_manifest if manifest.get(k) != honest_manifest[k]}
            want = {k: v for k, v in want.items() if k not in changed}
            got = {"answer": {k: v for k, v in got["answer"].items() if k not in changed}}
        assert got["answer"] == want, f"{case.name}: {call} gave a wrong answer"


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.name)
def test_hostile_dataset(case, honest, tmp_path):
    dataset, cell, answers = honest
    if case.path is None:
        target = plant_copy(case, dataset, tmp_path)
    else:
        target = case.path
        if case.honest is not None:
            answers = run_calls(case.honest, cell)
        else:
            assert case.expect == "refuse", f"{case.name}: an 'either' case needs its honest dataset"
    outcomes = run_calls(target, cell)
    manifest = read_manifest(target) if any("answer" in o for o in outcomes.values()) else {}
    check_outcomes(case, outcomes, answers, manifest, read_manifest(dataset))


def test_a_crash_fails_the_case(tmp_path):
    """The harness itself: a child killed by SIGABRT, as pyarrow kills it, fails with the call it died in."""
    fake = tmp_path / "fake"
    (fake / "grundytables").mkdir(parents=True)
    (fake / "grundytables" / "__init__.py").write_text("import os\ndef metadata(path):\n    os.abort()\n")
    with pytest.raises(AssertionError, match="the child died .* in metadata"):
        run_calls(tmp_path, [0, 0], env=dict(os.environ, PYTHONPATH=str(fake)))


def test_an_undocumented_error_or_wrong_answer_fails_the_case():
    """The harness itself: a KeyError, a refusal of the wrong check or a wrong answer is a failure."""
    case = next(c for c in CASES if c.name == "stats-widened")
    answers = {"cells": {"answer": "a"}}
    for got, says in (({"error": "KeyError", "message": "'sha256'"}, "raised KeyError"),
                      ({"error": "DamagedValuesDataset", "message": "x"}, None),
                      ({"answer": "b"}, "wrong answer")):
        if says is None:
            check_outcomes(case, {"cells": got}, answers, {}, {})
            continue
        with pytest.raises(AssertionError, match=says):
            check_outcomes(case, {"cells": got}, answers, {}, {})
    refuse = next(c for c in CASES if c.name == "stats-empty-max")
    with pytest.raises(AssertionError, match="accepted the damage"):
        check_outcomes(refuse, {"cells": {"answer": "a"}}, answers, {}, {})
    with pytest.raises(AssertionError, match="cells: damaged"):
        check_outcomes(refuse, {"cells": {"error": "DamagedValuesDataset", "message": "damaged: other"}}, answers, {}, {})


def test_thrift_round_trip_and_refusals(honest):
    """thrift_compact reads a part's footer back to the same bytes, and refuses what is not one struct."""
    from grundytables import thrift_compact as tc
    data = only_part(honest[0]).read_bytes()
    length = int.from_bytes(data[-8:-4], "little")
    footer = data[-8 - length:-8]
    assert tc.encode(tc.decode(footer)) == footer
    for bad, says in ((footer + b"\0", "1 bytes after the struct"), (footer[:-1], "ends at byte"),
                      (b"\x1c" * 40, "nested more than 32 deep"), (b"\x15\x02\x05\x02\x00", "field 1 twice"),
                      (b"\x19\xf5\xff\xff\xff\x0f\x00", "a list of 33554431 elements"),
                      (b"\x18\xff\xff\xff\xff\x0f\x00", "a length of 4294967295 bytes"),
                      (b"\x16" + b"\xff" * 11, "a varint longer than 10 bytes"), (b"\x1d\x00", "unknown type 13"),
                      (b"\x15\x80\x80\x80\x80\x10\x00", "does not fit an int32"),
                      (b"\x05\x01\x02\x00", "field id -1 at byte 2, outside 1..32767")):
        with pytest.raises(tc.ThriftError, match=says):
            tc.decode(bad)


FUZZ = textwrap.dedent("""
    import hashlib, json, pathlib, random, resource, shutil, sys, warnings
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
    warnings.simplefilter("ignore")
    import grundytables
    source, work, trials, seed, tail = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), *map(int, sys.argv[3:])

    def answers(d):
        frame = grundytables.scan_polars(d).collect().sort("v", "x", "y")
        return (grundytables.metadata(d)["cells"], grundytables.cells(d, 3).tolist(),
                frame.rows(), grundytables.check_dataset(d)["cells_sha256"])

    want = answers(source)
    rng = random.Random(seed)
    outcomes = {{"refused": 0, "harmless": 0}}
    for trial in range(trials):
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(source, work)
        manifest = json.loads((work / "_manifest.json").read_text())
        part = work / manifest["parts"][0]["file"]
        data = bytearray(part.read_bytes())
        footer = len(data) - 8 - int.from_bytes(data[-8:-4], "little")
        for _ in range(rng.randint(1, 3)):  # in the footer, or (tail 0) anywhere before the magic
            data[rng.randrange(footer if tail else 4, len(data) - 8)] ^= 1 << rng.randrange(8)
        part.write_bytes(bytes(data))
        manifest["parts"][0]["sha256"] = hashlib.sha256(data).hexdigest()
        (work / "_manifest.json").write_text(json.dumps(manifest))
        print(json.dumps({{"trial": trial}}), flush=True)
        try:
            got = answers(work)
        except grundytables.TableFileError:
            outcomes["refused"] += 1
            continue
        except BaseException as err:
            print(json.dumps({{"trial": trial, "error": type(err).__name__, "message": str(err)[:1000]}}), flush=True)
            raise SystemExit(1)
        assert got == want, f"trial {{trial}}: a wrong answer"
        outcomes["harmless"] += 1
    print(json.dumps(outcomes), flush=True)
""").format(cap=MEMORY_CAP)


@pytest.mark.parametrize("tail", [1, 0], ids=["footer", "anywhere"])
def test_flipped_bits_in_a_resigned_part_refused_or_harmless(honest, tmp_path, tail):
    """Fuzz: 1 to 3 bits of the part flipped (in its footer, or anywhere) and the part re-signed, 150
    times: every read refuses with a TableFileError or answers as on the honest dataset; never
    another error, a wrong answer or a crash (pyarrow's abort would end the child)."""
    done = subprocess.run([sys.executable, "-c", FUZZ, str(honest[0]), str(tmp_path / "work" / honest[0].name),
                           "600", str(7 + tail), str(tail)], capture_output=True, text=True, timeout=900)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, f"died or failed after {lines[-1:]}: {done.stderr[-3000:]}"
    assert lines[-1]["refused"] > 50, lines[-1]


def test_cases_written_to_a_directory_read_back(honest, tmp_path):
    """write_case_dir and load_case_dir: a corpus on disk gives the same cases, and runs the same."""
    from hostile_cases import write_case_dir
    write_case_dir(honest[0], tmp_path)
    loaded = {c.name: c for c in load_case_dir(tmp_path)}
    assert [(c.name, c.expect, c.match) for c in CASES] == \
        [(c.name, c.expect, c.match) for c in sorted(loaded.values(), key=lambda c: [k.name for k in CASES].index(c.name))]
    case = loaded["stats-empty-max"]
    outcomes = run_calls(case.path, honest[1])
    check_outcomes(case, outcomes, run_calls(case.honest, honest[1]), {}, read_manifest(honest[0]))
    assert all(o.get("error") == "DamagedValuesDataset" for o in outcomes.values()), outcomes
