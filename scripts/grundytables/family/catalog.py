"""The catalog of a family, rebuilt from its members' directories alone.

catalog.parquet has one row a member (the schema CATALOG below), values.parquet
one row a value of a member (VALUES), summary.md the counts, the members equal
to a known game and the extremes, and two plots. Everything is computed from
the member.json files, so the catalog is the same however the run that wrote
them was interrupted; only the column seconds (a timing) differs between runs.
"""

import collections
import json
import os
import pathlib

import pyarrow as pa
import pyarrow.parquet as pq

from .member import COMPLETE, read_record

ABSENT = "absent"
# Columns that are timings: two runs of one family differ there only.
TIMINGS = ("seconds",)
CATALOG = pa.schema([
    ("member", pa.int64()), ("member_id", pa.string()), ("game_sha256", pa.string()), ("pass", pa.bool_()),
    ("cells", pa.string()), ("status", pa.string()), ("reason", pa.string()), ("same_as", pa.int64()),
    ("v_proved", pa.int64()), ("x0", pa.int64()), ("p", pa.int64()), ("first_unrepeated_v", pa.int64()),
    ("search_bound", pa.int64()), ("n", pa.int64()), ("values_hi", pa.int64()), ("prove_bound", pa.int64()),
    ("cells_sha256", pa.string()), ("known_identity", pa.string()), ("known_table", pa.string()),
    ("version", pa.string()), ("seconds", pa.float64()),
])
VALUES = pa.schema([("member", pa.int64()), ("v", pa.int64()), ("status", pa.string()),
                    ("period", pa.int64()), ("start", pa.int64())])


def rows(family, fdir, known):
    """The catalog's rows (dicts of CATALOG's columns) and the values' rows, in member order.

    known maps a known game's name to its record (member.json of its band
    run at the family's n and values); a member is equal to it by identity
    (known_identity) or by table (known_table: the same cells_sha256).
    """
    by_identity = {r["game_sha256"]: name for name, r in known.items()}
    by_table = collections.defaultdict(list)
    for name, r in known.items():
        if r.get("cells_sha256"):
            by_table[r["cells_sha256"]].append(name)
    out, values = [], []
    for m in family.members:
        first = family.members[m.same_as] if m.same_as is not None else m
        r = read_record(pathlib.Path(fdir) / "members" / first.id)
        if r is None or r.get("game_sha256") != m.sha256:
            r = {"status": ABSENT}
        row = {k: r.get(k) for k in CATALOG.names}
        row.update(member=m.number, member_id=m.id, game_sha256=m.sha256, cells=m.cells_json,
                   same_as=m.same_as, known_identity=by_identity.get(m.sha256),
                   known_table=",".join(by_table.get(r.get("cells_sha256"), [])) or None)
        row["pass"] = m.game["pass"]
        out.append(row)
        values += [{"member": m.number, **v} for v in r.get("values", [])]
    return out, values


def _atomic_write(path, write):
    """write(tmp) then rename onto path: a reader sees the old file or the new, never half of one."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        write(tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)  # a full disk leaves no half-written file beside the old one


def write_catalog(family, fdir, known, plots=True):
    """Write catalog.parquet, values.parquet, summary.md (and the plots) into fdir; return the rows."""
    fdir = pathlib.Path(fdir)
    cat, vals = rows(family, fdir, known)
    _atomic_write(fdir / "catalog.parquet",
                  lambda p: pq.write_table(pa.Table.from_pylist(cat, schema=CATALOG), p))
    _atomic_write(fdir / "values.parquet",
                  lambda p: pq.write_table(pa.Table.from_pylist(vals, schema=VALUES), p))
    _atomic_write(fdir / "summary.md", lambda p: p.write_text(summary(family, cat, vals, known), encoding="utf-8"))
    if plots:
        write_plots(fdir, cat, vals)
    return cat


def _names(rows_, limit=8):
    ids = [r["member_id"] for r in rows_]
    return ", ".join(ids[:limit]) + (f" and {len(ids) - limit} more" if len(ids) > limit else "")


def summary(family, cat, vals, known):
    """The Markdown summary of a family's catalog."""
    n = cat[0]["n"] if cat and cat[0]["n"] is not None else None
    status = collections.Counter(r["status"] for r in cat)
    lines = [f"# Family {family.id}" + (f": {family.title}" if family.title else ""), "",
             f"{len(cat)} members ({len(family.computed())} distinct games), n = {n}: "
             + ", ".join(f"{c} {s}" for s, c in sorted(status.items())) + ".", ""]
    reasons = collections.Counter(r["reason"] for r in cat if r["status"] not in (COMPLETE, ABSENT))
    for reason, c in reasons.items():
        lines.append(f"- not computed ({c}): {reason}")
    done = [r for r in cat if r["status"] == COMPLETE]
    lines += ["", "## Largest V proved", "", "| largest V proved | members |", "| --- | --- |"]
    by_v = collections.Counter(r["v_proved"] for r in done)
    for v in sorted(by_v, key=lambda v: (v is None, v if v is not None else 0)):
        lines.append(f"| {'none' if v is None else v} | {by_v[v]} |")
    lines += ["", "## Members equal to a known game", "",
              "By identity: the member's game (its canonical form) is the known game's. "
              "By table: its band run (the same n and values) has the known game's cells_sha256 "
              "(the 16 hex digits compute prints), so its values 0 … HI agree on 0 ≤ x, y ≤ n.", "",
              "| known game | by identity | by table |", "| --- | --- | --- |"]
    for name in sorted(known):
        same_id = [r for r in cat if r["known_identity"] == name]
        same_table = [r for r in cat if r["known_table"] and name in r["known_table"].split(",")]
        lines.append(f"| {name} | {_names(same_id) or '—'} | {_names(same_table) or '—'} |")
    lines += ["", "## Extremes", ""]
    proved = [r for r in done if r["v_proved"] is not None]
    for label, key, pick in (("largest V proved", "v_proved", max), ("smallest V proved", "v_proved", min),
                             ("longest period P", "p", max), ("latest start x₀", "x0", max)):
        if proved:
            best = pick(r[key] for r in proved)
            lines.append(f"- {label}: {best} ({_names([r for r in proved if r[key] == best])})")
    pairs = _pass_pairs(cat)
    if pairs:
        doubled = sum(1 for a, b in pairs if b["p"] == 2 * a["p"])
        lines += ["", "## The pass and the period", "",
                  f"Of {len(pairs)} members proved with and without the pass (the same cells, the same V proved), "
                  f"the pass doubles P in {doubled}."]
    return "\n".join(lines) + "\n"


def _pass_pairs(cat):
    """(without the pass, with it): members of the same cells, both proved to the same V."""
    by_cells = {(r["cells"], r["pass"]): r for r in cat if r["status"] == COMPLETE and r["v_proved"] is not None}
    return [(a, by_cells[(cells, True)]) for (cells, p), a in by_cells.items()
            if not p and (cells, True) in by_cells and by_cells[(cells, True)]["v_proved"] == a["v_proved"]]


def write_plots(fdir, cat, vals):
    """v_proved.png (largest V proved by member) and periods.png (period against V, proved values)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 3))
    xs = [r["member"] for r in cat if r["v_proved"] is not None]
    ax.bar(xs, [r["v_proved"] for r in cat if r["v_proved"] is not None], width=1.0)
    ax.set_xlabel("member")
    ax.set_ylabel("largest V proved")
    fig.tight_layout()
    _atomic_write(pathlib.Path(fdir) / "v_proved.png", lambda p: fig.savefig(p, format="png"))
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(6, 4))
    pts = [(v["v"], v["period"]) for v in vals if v["status"] == "proved" and v["period"]]
    if pts:
        ax.scatter(*zip(*pts), s=6, alpha=0.4)
        ax.set_yscale("log", base=2)
    ax.set_xlabel("value v")
    ax.set_ylabel("period")
    fig.tight_layout()
    _atomic_write(pathlib.Path(fdir) / "periods.png", lambda p: fig.savefig(p, format="png"))
    plt.close(fig)


def load(fdir):
    """The catalog and values tables of a family directory, as pyarrow tables."""
    fdir = pathlib.Path(fdir)
    return pq.read_table(fdir / "catalog.parquet"), pq.read_table(fdir / "values.parquet")

