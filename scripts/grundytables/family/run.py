"""grundy-family: run every member of a family as a Dask task, and build its catalog.

    grundy-family run FAMILY.toml -n N --values 0-HI [--prove-bound R] [--workers K]
                      [--scheduler ADDRESS | --jobqueue slurm|pbs --jobs J ...] --out DIR
    grundy-family members FAMILY.toml
    grundy-family jobscript slurm|pbs [--queue Q] [--account A] [--walltime T] [--cores C] [--memory M]

run writes DIR/<id>.family/: members/<member id>/ (each published whole by
its task), known/<game>/ (the built-in games' band runs at the same n and
values, for the comparison by table), catalog.parquet, values.parquet,
summary.md and the plots. Members already complete are skipped; a member
whose worker dies is run again by Dask on another worker; the catalog is
rebuilt from the members' directories at the end. Exit status 0 when every
member is complete or refused by compute, 1 when a member failed (it is
absent: run again) or the scheduler does not answer, 2 on a usage error (bad family file, bad flag).
"""

import argparse
import contextlib
import fcntl
import importlib.util
import pathlib
import shutil
import sys
import time

from ..errors import TableFileError
from ..games import game_identity, read_game_file
from . import catalog
from .member import Job, MemberError, file_sha256, is_done, read_record, run_member
from .spec import DEFAULT_MAX_MEMBERS, read_family

REPO = pathlib.Path(__file__).resolve().parents[3]
# The built-in games a family's members are compared with (docs/games.md).
KNOWN = ("nim", "g1", "gneg1", "gstarneg1", "passnim")
SCHEDULER_TIMEOUT = "5s"
# The largest HI of --values: the band's value sets hold 0 … 1023 (band.MaxCap).
MAX_HI = 1023


class UsageError(ValueError):
    """A mistake on the command line or in the family file: exit status 2."""


class ClusterError(RuntimeError):
    """A Dask cluster that cannot be reached: exit status 1."""


def _jobs(family, fdir, n, hi, bound, compute, known_dir):
    """The tasks: the first member of each identity, then the known games."""
    csha = file_sha256(compute)
    jobs = [Job(str(fdir / "members" / m.id), m.number, m.id, m.game, m.sha256, n, hi, bound, str(compute), csha)
            for m in family.computed()]
    for name in KNOWN:
        g = read_game_file(pathlib.Path(known_dir) / f"{name}.toml")
        rules = {"moves": g["moves"], "pass": g["pass"], "cells": g["cells"]}
        jobs.append(Job(str(fdir / "known" / name), -1, name, rules, game_identity(rules), n, hi, bound,
                        str(compute), csha))
    return jobs


def _clean(fdir):
    """Remove unpublished member directories: an interrupted run's, a killed worker's (none is running)."""
    for sub in ("members", "known"):
        for p in (fdir / sub).glob(".*-*"):
            shutil.rmtree(p, ignore_errors=True)


@contextlib.contextmanager
def _lock(fdir):
    with open(fdir / ".lock", "w") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UsageError(f"{fdir}: another grundy-family run is writing this family; wait for it") from None
        yield


@contextlib.contextmanager
def _client(scheduler, workers, jobqueue, out):
    """A distributed Client: on ADDRESS, on a jobqueue cluster, or on a LocalCluster of worker processes."""
    from distributed import Client, LocalCluster
    dashboard = importlib.util.find_spec("bokeh") is not None
    if scheduler:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError) as err:
            raise ClusterError(f"--scheduler {scheduler}: no Dask scheduler answered within {SCHEDULER_TIMEOUT} ({err}); "
                             "start one (dask scheduler) or leave --scheduler out to run on this machine") from None
        with client:
            yield client
        return
    if jobqueue:
        from .cluster import jobqueue_cluster
        cluster = jobqueue_cluster(jobqueue["kind"], **jobqueue["options"])
        cluster.scale(jobs=jobqueue["jobs"])
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=":0" if dashboard else None)
    with cluster, Client(cluster) as client:
        if dashboard:
            print(f"Dask dashboard: {client.dashboard_link}", file=out)
        else:
            print("Dask dashboard: off (it needs bokeh: pip install bokeh)", file=out)
        yield client


# The failed members a run names; a full disk fails every member after it.
FAILURES_SHOWN = 10


def _eta(seconds):
    seconds = int(seconds)
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m{seconds % 60:02d}s" if seconds >= 3600 else \
        f"{seconds // 60}m{seconds % 60:02d}s"


def run(path, n, hi, out, prove_bound=0, workers=2, scheduler=None, jobqueue=None, compute=None,
        max_members=DEFAULT_MAX_MEMBERS, known_dir=None, stdout=None, on_progress=None):
    """Run the family of the file at path; return the exit status (0 all done, 1 a member failed).

    on_progress(done, total), if given, is called after each member (the
    tests kill a worker from it).
    """
    stdout = stdout or sys.stdout
    try:
        family = read_family(path, max_members)
    except TableFileError as err:
        raise UsageError(str(err)) from None
    compute = pathlib.Path(compute or ("bin/compute" if pathlib.Path("bin/compute").is_file() else REPO / "bin" / "compute"))
    if not compute.is_file():
        raise UsageError(f"--compute {compute}: no such program; build it: go build -o bin/ ./cmd/...")
    fdir = pathlib.Path(out) / f"{family.id}.family"
    (fdir / "members").mkdir(parents=True, exist_ok=True)
    (fdir / "known").mkdir(exist_ok=True)
    with _lock(fdir):
        _clean(fdir)
        jobs = _jobs(family, fdir, n, hi, prove_bound, compute.resolve(), known_dir or REPO / "games")
        pending = [j for j in jobs if not is_done(j)]
        print(f"{family.id}: {len(family.members)} members, {len(family.computed())} distinct games "
              f"(+{len(KNOWN)} known games); {len(jobs) - len(pending)} complete, {len(pending)} to compute",
              file=stdout, flush=True)
        failures = _compute(pending, workers, scheduler, jobqueue, stdout, on_progress) if pending else []
        _clean(fdir)  # what a killed worker left
        known = {name: r for name in KNOWN if (r := read_record(fdir / "known" / name)) is not None}
        for msg in failures[:FAILURES_SHOWN]:
            print(f"failed: {msg}", file=stdout)
        if len(failures) > FAILURES_SHOWN:
            print(f"failed: {len(failures) - FAILURES_SHOWN} members more", file=stdout)
        try:
            cat = catalog.write_catalog(family, fdir, known)
        except OSError as err:
            present = sum(1 for p in (fdir / "members").iterdir() if not p.name.startswith("."))
            print(f"grundy-family: {fdir}: the catalog could not be written ({err.strerror or err}); the {present} "
                  f"members published are kept, each complete: make room and run the same command again",
                  file=sys.stderr, flush=True)
            return 1
    absent = sum(1 for r in cat if r["status"] == catalog.ABSENT)
    print(f"{fdir}: catalog.parquet, values.parquet, summary.md; "
          f"{len(cat) - absent} of {len(cat)} members present", file=stdout, flush=True)
    if failures or absent:
        print(f"{len(failures)} members failed and are absent: run the same command again to complete them",
              file=stdout, flush=True)
        return 1
    return 0


def _compute(pending, workers, scheduler, jobqueue, stdout, on_progress):
    """Run the pending jobs as Dask tasks, printing progress; return the failures' messages."""
    from distributed import as_completed
    failures = []
    with _client(scheduler, workers, jobqueue, stdout) as client:
        start = time.monotonic()
        futures = client.map(_member_task, pending, pure=False)
        for done, fut in enumerate(as_completed(futures), 1):
            if fut.status == "error":
                failures.append(str(fut.exception()))
            elif (msg := fut.result()) is not None:
                failures.append(msg)
            elapsed = time.monotonic() - start
            failed = f", {len(failures)} failed" if failures else ""
            print(f"{done}/{len(pending)} done{failed}, {elapsed:.0f}s, ETA {_eta(elapsed / done * (len(pending) - done))}",
                  file=stdout, flush=True)
            if on_progress:
                on_progress(client, done, len(pending))
    return failures


def _member_task(job):
    """run_member as a Dask task: a member that fails (MemberError) returns its message.

    Dask logs a task that raises as a crash, with its traceback, on the
    worker's console; a member that fails, as on a full disk, is an
    expected outcome, reported once at the end of the run.
    """
    try:
        run_member(job)
    except MemberError as err:
        return str(err)
    return None


def _values(s):
    lo, sep, hi = s.partition("-")
    if sep != "-" or lo != "0" or not hi.isdigit() or int(hi) > MAX_HI:
        raise argparse.ArgumentTypeError(f"--values {s}: give 0-HI, HI ≤ {MAX_HI} (a proof covers the values 0 … V)")
    return int(hi)


def _parser():
    p = argparse.ArgumentParser(prog="grundy-family", description="Families of game files on Dask (docs/families.md)")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="compute every member of a family and build its catalog")
    r.add_argument("family", help="the family file (TOML)")
    r.add_argument("-n", type=int, required=True, help="compute 0 ≤ x, y ≤ n (the band)")
    r.add_argument("--values", type=_values, required=True, help="0-HI: the values searched and proved")
    r.add_argument("--prove-bound", type=int, default=0, help="the rows searched for a repeat (0: min(n, 10⁶), compute's default)")
    r.add_argument("--workers", type=int, default=2, help="worker processes of the local cluster (default 2)")
    r.add_argument("--scheduler", help="the address of a running Dask scheduler (tcp://host:8786) to run on instead")
    r.add_argument("--jobqueue", choices=("slurm", "pbs"), help="run on Slurm or PBS through dask-jobqueue")
    r.add_argument("--jobs", type=int, default=1, help="with --jobqueue: batch jobs to submit")
    r.add_argument("--compute", help="the compute program (default: bin/compute here, else the repository's)")
    r.add_argument("--max-members", type=int, default=DEFAULT_MAX_MEMBERS, help=f"refuse a larger family (default {DEFAULT_MAX_MEMBERS})")
    r.add_argument("--out", required=True, help="the directory that receives <id>.family/")
    from .cluster import add_options
    add_options(r)
    m = sub.add_parser("members", help="list a family's members in their stable order")
    m.add_argument("family")
    m.add_argument("--max-members", type=int, default=DEFAULT_MAX_MEMBERS)
    j = sub.add_parser("jobscript", help="print the Slurm or PBS job script a --jobqueue run submits, without submitting")
    j.add_argument("kind", choices=("slurm", "pbs"))
    add_options(j)
    return p


def main(argv=None):
    """The grundy-family command."""
    from .cluster import jobqueue_cluster, options_of
    args = _parser().parse_args(argv)
    try:
        if args.cmd == "jobscript":
            with jobqueue_cluster(args.kind, **options_of(args)) as cluster:
                print(cluster.job_script())
            return 0
        if args.cmd == "members":
            family = read_family(args.family, args.max_members)
            for m in family.members:
                same = f"  same game as member {m.same_as}" if m.same_as is not None else ""
                print(f"{m.number}\t{m.id}\t{m.sha256}\tpass={str(m.game['pass']).lower()}\t{m.cells_json}{same}")
            return 0
        if args.n < 0 or args.prove_bound < 0 or args.workers < 1 or args.max_members < 1:
            raise UsageError("-n, --prove-bound take 0 or more; --workers and --max-members 1 or more")
        if args.scheduler and args.jobqueue:
            raise UsageError("--scheduler and --jobqueue each name a cluster: give one")
        jq = {"kind": args.jobqueue, "jobs": args.jobs, "options": options_of(args)} if args.jobqueue else None
        return run(args.family, args.n, args.values, args.out, args.prove_bound, args.workers, args.scheduler, jq,
                   args.compute, args.max_members)
    except (UsageError, TableFileError) as err:
        print(f"grundy-family: {err}", file=sys.stderr)
        return 2
    except ClusterError as err:
        print(f"grundy-family: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
