"""One member's job: bin/compute's band with -patterns and its proof, published atomically.

A member's directory, members/<member id>/, holds its game file (game.toml),
compute's patterns JSON and Markdown and its certificate, compute's output
(compute.log) and member.json, the record the catalog is built from. It is
written under a temporary name and renamed into place once every file is
written and synced: a member is complete or absent. A member compute
cannot serve is published as not computed, with compute's reason: compute
refuses the game (exit status 2: a family file's member with diagonal moves
or a limit, which the band does not sweep), or its pattern search does (exit
status 1, "not a rook table": a compute before 2026-12-06 refused prescribed
cells repeating a value in a row, which the search now states). It is tried
again once bin/compute is another binary (its SHA-256 is recorded). A
refusal for want of room (NO_ROOM) is a failure, to run again.
"""

import dataclasses
import hashlib
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import time
import uuid

from ..games import write_game_file

RECORD = "member.json"
FORMAT = "grundy-family-member/1"
COMPLETE, REFUSED = "complete", "not computed"
_SUM = re.compile(r"cells_sha256 ([0-9a-f]{16})")
# What compute says, exiting 1, of a game its pattern search cannot index:
# a limit of compute's, the same on every run, not a failure to run again.
NOT_SERVED = "not a rook table"
# What compute says, exiting 2, when the machine or -out has no room for the
# run: a failure to run again once there is room, not a refusal of the game.
NO_ROOM = ("more disk than the", "more memory than this machine's")


class MemberError(RuntimeError):
    """A member whose compute run failed (not a refusal): nothing of it is published."""


@dataclasses.dataclass(frozen=True)
class Job:
    """What one member's task needs: where, which game, and compute's flags."""
    dir: str            # members/<member id>
    member: int         # the member's number; -1 for a known game run beside the family
    member_id: str
    game: dict          # moves, pass, cells
    sha256: str
    n: int
    hi: int
    prove_bound: int    # 0: compute's default, min(n, 10⁶)
    compute: str
    compute_sha256: str

    def command(self, game_file, out):
        """The compute command of this member (also what the shell-loop baseline runs)."""
        cmd = [self.compute, "-table", str(game_file), "-n", str(self.n), "-write", "none", "-values", f"0-{self.hi}",
               "-patterns", "-out", str(out), "-quiet", "-workers", "1"]
        if self.prove_bound:
            cmd += ["-prove-bound", str(self.prove_bound)]
        return cmd


def file_sha256(path):
    """The hex SHA-256 of the file at path."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_record(directory):
    """The member.json of a member directory, or None if there is none or it is not JSON."""
    try:
        return json.loads((pathlib.Path(directory) / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def is_done(job):
    """Whether job's directory holds its complete result: same game, n, values and bound.

    A member compute refused counts as done while bin/compute is the same
    binary; a new one (which may serve it) runs it again.
    """
    r = read_record(job.dir)
    if r is None or r.get("format") != FORMAT or r.get("game_sha256") != job.sha256:
        return False
    if (r.get("n"), r.get("values_hi"), r.get("prove_bound")) != (job.n, job.hi, job.prove_bound):
        return False
    return r.get("status") == COMPLETE or r.get("compute_sha256") == job.compute_sha256


def _die_with_parent():
    """Ask Linux to kill compute when the worker that started it dies (a killed worker leaves no orphan)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _fsync_tree(directory):
    for p in pathlib.Path(directory).iterdir():
        with open(p, "rb") as f:
            os.fsync(f.fileno())
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def run_member(job):
    """Run job's member unless done, publish its directory, and return its record.

    Raises MemberError if compute fails (other than a refusal) or the
    directory cannot be written: then nothing of the member is published.
    """
    if is_done(job):
        return read_record(job.dir)
    final = pathlib.Path(job.dir)
    tmp = final.parent / f".tmp-{final.name}-{uuid.uuid4().hex[:8]}"
    try:
        tmp.mkdir(parents=True)
        game_file = tmp / "game.toml"
        write_game_file({"id": job.member_id, **job.game}, game_file)
        cmd = job.command(game_file, tmp)
        start = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=_die_with_parent)
        seconds = time.monotonic() - start
        (tmp / "compute.log").write_text(f"$ {' '.join(cmd)}\n{proc.stdout}{proc.stderr}", encoding="utf-8")
        refused = (proc.returncode == 2 and not any(s in proc.stderr for s in NO_ROOM)
                   or proc.returncode == 1 and NOT_SERVED in proc.stderr)
        if proc.returncode != 0 and not refused:
            raise MemberError(f"member {job.member_id}: {' '.join(cmd)} exited {proc.returncode}: "
                              f"{proc.stderr.strip() or proc.stdout.strip()}")
        record = _record(job, tmp, proc, seconds)
        (tmp / RECORD).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        _fsync_tree(tmp)
        _publish(tmp, final)
    except OSError as err:
        raise MemberError(f"member {job.member_id}: {err}; nothing of it is published (run again to complete it)") from err
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return record


def _publish(tmp, final):
    """Rename tmp to final; an older final (another n, a refusal) is moved aside first, then removed."""
    old = None
    if final.exists():
        old = final.parent / f".old-{final.name}-{uuid.uuid4().hex[:8]}"
        os.rename(final, old)
    os.rename(tmp, final)
    fd = os.open(final.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _record(job, out, proc, seconds):
    """member.json: the member, its flags, and what compute's files say (or its refusal)."""
    r = {"format": FORMAT, "member": job.member, "member_id": job.member_id, "game_sha256": job.sha256,
         "pass": job.game["pass"], "cells": job.game["cells"], "n": job.n, "values_hi": job.hi,
         "prove_bound": job.prove_bound, "compute_sha256": job.compute_sha256, "seconds": round(seconds, 3),
         "status": COMPLETE, "reason": None, "v_proved": None, "x0": None, "p": None, "first_unrepeated_v": None,
         "search_bound": None, "cells_sha256": None, "version": None, "files": {}, "values": []}
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines()
        reason = lines[-1].replace(f"{job.member_id}: ", "") if lines else f"compute exited {proc.returncode}"
        r.update(status=REFUSED, reason=reason)
        return r
    m = _SUM.search(proc.stdout)
    r["cells_sha256"] = m[1] if m else None
    stem = f"{job.member_id}_n{job.n}"
    patterns = json.loads((out / f"{stem}.patterns.json").read_text(encoding="utf-8"))
    if patterns["game"]["sha256"] != job.sha256:
        raise MemberError(f"member {job.member_id}: compute recorded the game {patterns['game']['sha256']}, "
                          f"not {job.sha256}")
    r["version"] = patterns["provenance"]["version"]
    r["files"] = {"patterns": f"{stem}.patterns.json", "report": f"{stem}.patterns.md"}
    r["values"] = [{"v": e["value"], "status": e["status"], "period": e.get("period"), "start": e.get("start")}
                   for e in patterns["values"]]
    cert = out / f"{stem}.proof.json"
    if cert.exists():
        c = json.loads(cert.read_text(encoding="utf-8"))
        search = c.get("search", {})
        r.update(v_proved=c["v"], x0=c["x0"], p=c["p"], first_unrepeated_v=search.get("first_unrepeated_v"),
                 search_bound=search.get("bound"))
        r["files"]["certificate"] = cert.name
    return r
