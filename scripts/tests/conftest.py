"""Fixtures: cmd/compute built once per session and the table and values files it writes.

Every table is written at n = N with zstd in record batches of 8 rows, so
that regions cross batch edges, as Arrow and as Parquet (row groups of 8
rows); gneg1 is also written with lz4 (batches of 16 rows) and with no
compression (the default tile, one batch), and as an uncompressed Parquet
file. Every table also gets, for the values VALUES, the values dataset of
compute's full sweep (compute -write values -sweep full), a values dataset
written from its table file by dataset_writer.py, in parts of 16 rows, the
values dataset of compute's band sweep (compute -write values), and a
values file of the old single-file layout that compute no longer writes
and grundytables still reads: testdata/<id>_n40.values.arrow, written by
compute -write values -values 0-5 -tile 8 -sweep full at commit fb1ac1b.

The tests import grundytables as installed (pip install -e . at the
repository root, as scripts/test.sh does), not from scripts/ on sys.path.
"""

import os
import pathlib
import shutil
import subprocess
import time

import pytest
from dataset_writer import write_values_dataset

SCRIPTS = pathlib.Path(__file__).resolve().parents[1]
REPO = SCRIPTS.parent
TESTDATA = pathlib.Path(__file__).resolve().parent / "testdata"

N = 40
TABLE_IDS = ("nim", "g1", "gneg1", "gstarneg1", "passnim")
METADATA_KEYS = ("table", "symbol", "n", "definition", "source", "layout", "g_sha256",
                 "max_value", "version", "workers", "tile", "compression", "seconds")

# (variant, format, compression, tile, tables) of each run of compute; a
# file is known by its table and variant.
RUNS = [("zstd", "arrow", "zstd", 8, TABLE_IDS), ("lz4", "arrow", "lz4", 16, ("gneg1",)),
        ("none", "arrow", "none", 128, ("gneg1",)),
        ("parquet", "parquet", "zstd", 8, TABLE_IDS)]
VALUES = (0, 5)  # the range of the values files and datasets
DATASET_PART_ROWS = 16
FILES = [(table, variant, compression, tile) for variant, _, compression, tile, tables in RUNS
         for table in tables]


@pytest.fixture(scope="session")
def compute(tmp_path_factory):
    """Path of cmd/compute built from the repository into a temporary directory."""
    go = shutil.which("go")
    if go is None:
        pytest.fail("go is not on PATH; these tests build cmd/compute")
    binary = tmp_path_factory.mktemp("bin") / "compute"
    subprocess.run([go, "build", "-o", str(binary), "./cmd/compute"], cwd=REPO, check=True)
    return binary


@pytest.fixture(scope="session")
def table_files(compute, tmp_path_factory):
    """Map (table id, variant) to the path of that table file at n = N."""
    files = {}
    for variant, fmt, compression, tile, tables in RUNS:
        out = tmp_path_factory.mktemp(variant)
        subprocess.run([str(compute), "-table", ",".join(tables), "-n", str(N), "-out", str(out),
                        "-format", fmt, "-compress", compression, "-tile", str(tile), "-quiet"],
                       check=True, capture_output=True)
        for table in tables:
            files[table, variant] = out / f"{table}_n{N}.{fmt}"
    return files


@pytest.fixture(params=FILES, ids=[f"{t}-{v}" for t, v, _, _ in FILES])
def table_file(request, table_files):
    """(table id, compression, tile, path) of each file written, in turn."""
    table, variant, compression, tile = request.param
    return table, compression, tile, table_files[table, variant]


@pytest.fixture(scope="session")
def values_files(compute, table_files, tmp_path_factory):
    """Map (table id, kind) to its old values file ("file"), or its dataset: of
    compute's full sweep ("full"), of dataset_writer.py ("dataset"), of compute's band sweep ("band")."""
    out, full = tmp_path_factory.mktemp("values"), tmp_path_factory.mktemp("full")
    lo, hi = VALUES
    subprocess.run([str(compute), "-table", ",".join(TABLE_IDS), "-n", str(N), "-out", str(full),
                    "-write", "values", "-values", f"{lo}-{hi}", "-tile", "8", "-sweep", "full", "-quiet"],
                   check=True, capture_output=True)
    band = tmp_path_factory.mktemp("band")
    subprocess.run([str(compute), "-table", ",".join(TABLE_IDS), "-n", str(N), "-out", str(band),
                    "-write", "values", "-values", f"{lo}-{hi}", "-quiet"],
                   check=True, capture_output=True)
    files = {}
    for table in TABLE_IDS:
        files[table, "file"] = TESTDATA / f"{table}_n{N}.values.arrow"
        files[table, "full"] = full / f"{table}_n{N}.values"
        files[table, "dataset"] = write_values_dataset(table_files[table, "parquet"], out, lo, hi,
                                                       DATASET_PART_ROWS)
        files[table, "band"] = band / f"{table}_n{N}.values"
    return files


def signal_once_compute_runs(job, lock, sig):
    """Wait until the compute that job (a script) started holds lock, send sig to job, and return
    job's stderr once it ends, after checking that it exited 1 and that compute is gone too."""
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
    except ProcessLookupError:
        return stderr
    raise AssertionError("compute outlived the script that started it")
