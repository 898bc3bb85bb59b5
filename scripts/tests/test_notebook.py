"""The example notebooks run headlessly and their checks hold.

scripts/notebooks/explore.ipynb loads whole tables and checks theorems on them;
scripts/notebooks/research.ipynb goes the research path: a band run, its
values dataset, its patterns file and certificate, each proved pattern
checked on the dataset, a plot.

The notebook runs under nbclient in a temporary working directory, with its
tables computed by `go run ./cmd/compute` at n = N into a temporary GRUNDY_OUT,
so nothing is written into the repository. Every theorem check prints a line

    CHECK <statement>: cells checked = <cells>, counterexamples = <k>

and each must report zero counterexamples over the whole table.

The kernel is the interpreter running pytest, whatever kernels Jupyter knows
of: a kernelspec named "python3" for sys.executable is written into a
temporary directory put first on JUPYTER_PATH. This works on a fresh machine
where only `pip install -r scripts/requirements.txt` has run (no
`ipykernel install`), and a user-level "python3" kernel of another Python
cannot shadow it. Jupyter's runtime and IPython's profile directories are
temporary too.
"""

import json
import os
import re
import shutil
import subprocess
import sys

import nbformat
import pytest
from conftest import REPO, SCRIPTS
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOK = SCRIPTS / "notebooks" / "explore.ipynb"
RESEARCH = SCRIPTS / "notebooks" / "research.ipynb"
RESEARCH_N = 20000
N = 200
TIMEOUT = 600  # seconds per cell; the first cell to run cmd/compute may have to build it
TABLES = ("gneg1", "gstarneg1", "passnim")
CHECK = re.compile(r"^CHECK (?P<statement>.+?): cells checked = (?P<cells>\d+), "
                   r"counterexamples = (?P<bad>\d+)$", re.MULTILINE)
# Statements checked over every cell of their table, by the start of their marker.
WHOLE_TABLE_CHECKS = ("Lemma 4(a) of [MMS]", "Theorem 4(1) of [AFKS]", "Theorem 4(2) of [AFKS]")


@pytest.fixture
def kernel_env(tmp_path, monkeypatch):
    """Environment of a notebook run: its own python3 kernel, Jupyter dirs and GRUNDY_* settings.

    Returns (working directory, GRUNDY_OUT).
    """
    if shutil.which("go") is None:
        pytest.fail("go is not on PATH; the notebook runs cmd/compute")
    spec = tmp_path / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (test)",
        "language": "python",
    }))
    path = [str(tmp_path / "jupyter")] + [p for p in [os.environ.get("JUPYTER_PATH")] if p]
    monkeypatch.setenv("JUPYTER_PATH", os.pathsep.join(path))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.delenv("MPLBACKEND", raising=False)
    out = tmp_path / "out"
    monkeypatch.setenv("GRUNDY_OUT", str(out))
    monkeypatch.setenv("GRUNDY_N", str(N))
    monkeypatch.setenv("GRUNDY_REPO", str(REPO))
    work = tmp_path / "work"
    work.mkdir()
    return work, out


def outputs(cell):
    """The text a code cell printed (stdout and stderr) and its list of display data."""
    text = "".join(o.get("text", "") for o in cell.get("outputs", []) if o.output_type == "stream")
    data = [o.data for o in cell.get("outputs", [])
            if o.output_type in ("display_data", "execute_result")]
    return text, data


def test_notebook_runs_and_checks_hold(kernel_env):
    work, out = kernel_env
    nb = nbformat.read(NOTEBOOK, as_version=4)
    # Raises CellExecutionError, with the cell and its traceback, if any cell fails.
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                   resources={"metadata": {"path": str(work)}}).execute()

    for table in TABLES:
        assert (out / f"{table}_n{N}.arrow").is_file(), f"the notebook did not compute {table}"
    assert not any(work.iterdir()), "the notebook wrote into its working directory"

    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    printed = "".join(outputs(cell)[0] for cell in code)
    checks = {m["statement"]: (int(m["cells"]), int(m["bad"])) for m in CHECK.finditer(printed)}
    for start in WHOLE_TABLE_CHECKS:
        found = [s for s in checks if s.startswith(start)]
        assert len(found) == 1, f"no single CHECK line for {start}: {sorted(checks)}\n{printed}"
        assert checks[found[0]][0] == (N + 1) ** 2, f"{found[0]}: not every cell checked"
    assert len(checks) > len(WHOLE_TABLE_CHECKS)  # the symmetry check of section 6 too
    for statement, (cells, bad) in checks.items():
        assert cells > 0, f"{statement}: no cell checked"
        assert bad == 0, f"{statement}: {bad} counterexamples\n{printed}"

    # The value maps and the map of G_P − x XOR y are drawn inline.
    images = sum("image/png" in d for cell in code for d in outputs(cell)[1])
    assert images >= 2, f"{images} pictures drawn, want the value maps and the difference map"


def test_research_notebook_runs_and_checks_hold(kernel_env, monkeypatch):
    work, out = kernel_env
    monkeypatch.setenv("GRUNDY_N", str(RESEARCH_N))
    nb = nbformat.read(RESEARCH, as_version=4)
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                   resources={"metadata": {"path": str(work)}}).execute()

    for name in ("values", "patterns.json", "proof.json"):
        assert (out / f"gneg1_n{RESEARCH_N}.{name}").exists(), f"the band run wrote no .{name}"
    assert not any(work.iterdir()), "the notebook wrote into its working directory"
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    printed = "".join(outputs(cell)[0] for cell in code)
    checks = {m["statement"]: (int(m["cells"]), int(m["bad"])) for m in CHECK.finditer(printed)}
    assert "verify -certificate" in checks, printed
    proved = [s for s in checks if s.startswith("the proved pattern of value")]
    assert len(proved) >= 4, f"{len(proved)} proved patterns checked on the dataset, want the values 0-3 at least\n{printed}"
    for statement, (cells, bad) in checks.items():
        assert cells > 0, f"{statement}: no cell checked"
        assert bad == 0, f"{statement}: {bad} counterexamples\n{printed}"
    images = sum("image/png" in d for cell in code for d in outputs(cell)[1])
    assert images >= 1, "the offsets plot was not drawn"


@pytest.mark.parametrize("notebook", [NOTEBOOK, RESEARCH], ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(notebook):
    nb = nbformat.read(notebook, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, \
                f"cell {cell.get('id')} holds outputs: clear them before committing"


def test_research_notebook_refuses_a_dataset_of_other_values(kernel_env, monkeypatch, compute):
    """Issue 66: a gneg1 dataset of the values 0-5 in GRUNDY_OUT is not read as the values 0-40."""
    work, out = kernel_env
    monkeypatch.setenv("GRUNDY_N", str(N))
    subprocess.run([str(compute), "-table", "gneg1", "-n", str(N), "-write", "values", "-values", "0-5",
                    "-out", str(out), "-quiet"], check=True, capture_output=True)
    nb = nbformat.read(RESEARCH, as_version=4)
    with pytest.raises(CellExecutionError, match="holds the values 0–5, not 0–40: it was written by another run"):
        NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                       resources={"metadata": {"path": str(work)}}).execute()


def test_research_notebook_builds_a_missing_dataset(kernel_env, monkeypatch):
    """Issue 66: a patterns file without its dataset (removed, say) has the dataset built, not a FileNotFoundError."""
    work, out = kernel_env
    monkeypatch.setenv("GRUNDY_N", str(N))
    out.mkdir(parents=True, exist_ok=True)
    (out / f"gneg1_n{N}.patterns.json").write_text("{}")
    nb = nbformat.read(RESEARCH, as_version=4)
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                   resources={"metadata": {"path": str(work)}}).execute()
    printed = outputs([c for c in nb.cells if c.cell_type == "code"][1])[0]
    assert f"gneg1_n{N}.values: values 0–40" in printed and "cells_sha256" in printed, printed
