"""The atlas: one report of the patterns of G₋₁, G*₋₁ and G_P from ``compute -patterns``.

``compute -table T -n N -write none -values 0-HI -patterns -out DIR`` writes,
per table, ``DIR/<id>_n<N>.patterns.json`` (the schema of ``verify -patterns
-json``, each value "proved", "stable", "tentative", "unstable" or "none") and
the certificate ``DIR/<id>_n<N>.proof.json``. This module reads them and writes

- ``atlas.json``: per table and value the status, period p, start x0, the
  periods seen on the three stages of the search, the best tail fits of a
  value without a pattern, the proof (V, P, x0 of the repeated band state,
  certificate), and the laws across v with the values each fails for;
- ``atlas.md``: the same as a report, with the plots;
- ``period_start.png``: p(v) and x0(v) of every table, on a log scale;
- ``offsets_<id>_v<V>.png``: the periodic offsets y - x of one chosen value
  by x mod p.

Usage:

    python -m grundytables.atlas DIR --n N [--value V] [--out ATLAS_DIR]

(scripts/atlas.sh runs compute and then this.) A table whose patterns file is
missing is an error naming the file and the compute command that writes it.
"""

import argparse
import json
import pathlib
import sys

from matplotlib.figure import Figure

from .patterns import PatternFileError, read_patterns

TABLES = (
    ("gneg1", "G₋₁", "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and "
                      "two-player goishi hiroi (arXiv 2412.03996), Theorem 4"),
    ("gstarneg1", "G*₋₁", "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and "
                           "two-player goishi hiroi (arXiv 2412.03996), Theorem 5"),
    ("passnim", "G_P", "Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games "
                       "with a pass, Lemma 4"),
)

PASS_NIM_NOTE = (
    "G_P is two-pile nim with a pass: G_P(x, y) = z exactly when (x, y, z) is a P-position of "
    "three-pile nim with a pass (the pass usable once, by either player), so the cells of the values "
    "z ≤ V below are the P-positions (x, y, z) with z ≤ V. Which positions of three-pile nim with a pass "
    "are P-positions is an open problem (Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of "
    "games with a pass); the proved values are proved for all x, y, the others observed to n only.")


def _value_entry(report, patterns):
    """One value of the atlas from its report entry and its pattern, if any."""
    stages = [s["fit"]["period"] if s.get("fit") else None for s in report.get("stages", [])]
    entry = {
        "value": report["value"],
        "status": report["status"],
        "period": report.get("period"),
        "start": report.get("start"),
        "grade": report.get("grade"),
        "periods_seen": stages,
        "best_fits": report.get("best_fits", []),
        "proof": report.get("proof"),
        "published": report.get("published"),
    }
    if report["status"] == "unstable" and report.get("break"):
        entry["break"] = report["break"]
    pattern = patterns.get(report["value"])
    if pattern is not None:
        entry["offsets"] = pattern["offsets"]
    return entry


def table_atlas(directory, table, n):
    """The atlas entry of table from DIR/<table>_n<N>.patterns.json (and its certificate)."""
    path = pathlib.Path(directory) / f"{table}_n{n}.patterns.json"
    if not path.exists():
        raise PatternFileError(
            f"{path}: missing: write it with compute -table {table} -n {n} -write none -values 0-HI "
            f"-patterns -out {directory}")
    report = read_patterns(path)
    if (report["table"], report["n"]) != (table, n):
        raise PatternFileError(f"{path}: holds table {report['table']} at n = {report['n']}, "
                               f"not {table} at n = {n}")
    patterns = {p["value"]: p for p in report.get("patterns", [])}
    values = [_value_entry(r, patterns) for r in report.get("values", [])]
    proof = None
    cert = pathlib.Path(directory) / f"{table}_n{n}.proof.json"
    if cert.exists():
        c = json.loads(cert.read_text())
        proof = {"v": c["v"], "x0": c["x0"], "p": c["p"], "certificate": cert.name,
                 "statements": c.get("statements", [])}
    return {"table": table, "n": n, "values": values, "laws": report.get("laws", []), "proof": proof}


def plot_period_start(atlas, path):
    """p(v) and x0(v) of every table, log scale, proved values filled, observed ones hollow."""
    fig = Figure(figsize=(10, 4.2))
    axes = fig.subplots(1, 2)
    for ax, key, label in ((axes[0], "period", "period p(v)"), (axes[1], "start", "start x₀(v)")):
        for t, (table, symbol, _) in zip(atlas["tables"], TABLES):
            for proved, marker in ((True, "o"), (False, "s")):
                pts = [(e["value"], e[key]) for e in t["values"]
                       if e[key] and (e["status"] == "proved") == proved]
                if pts:
                    xs, ys = zip(*pts)
                    ax.scatter(xs, ys, s=14, marker=marker,
                               facecolors=None if proved else "none",
                               label=f"{symbol} {'proved' if proved else 'observed'}",
                               edgecolors=f"C{TABLES.index((table, symbol, _))}",
                               color=f"C{TABLES.index((table, symbol, _))}")
        ax.set_yscale("log")
        ax.set_xlabel("value v")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].legend(fontsize=7)
    fig.suptitle(f"Periods and starts of the values, 0 ≤ x, y ≤ {atlas['n']} (values without a pattern left out)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def plot_offsets(entry, symbol, path):
    """The periodic offsets y - x of one value by x mod p."""
    fig = Figure(figsize=(8, 3.6))
    ax = fig.subplots()
    offsets = entry["offsets"]
    if len(offsets) > 64:  # bars of a long period blur into a barcode: points instead
        ax.scatter(range(len(offsets)), offsets, s=6, color="C0")
    else:
        ax.bar(range(len(offsets)), offsets, width=0.8, color="C0")
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xlabel(f"x mod {entry['period']}")
    ax.set_ylabel("offset y − x")
    ax.set_title(f"{symbol}(x, y) = {entry['value']}: y − x for x ≥ {entry['start']} "
                 f"(period {entry['period']}, {entry['status']})")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def _status_line(e):
    if e["status"] == "none":
        fits = ", ".join(f"p={f['period']} from x={f['start']} ({f['repetitions']} periods)"
                         for f in e["best_fits"][:3]) or "no tail fit of two periods"
        return f"none up to n; best tail fits {fits}"
    seen = ", ".join("–" if p is None else str(p) for p in e["periods_seen"])
    text = f"p = {e['period']}, x₀ = {e['start']}; periods seen on the stages: {seen}"
    if e["status"] == "proved":
        return f"proved for all x, y ({text})"
    return f"observed to n, {e['status']} ({text})"


def markdown(atlas, plots):
    """The atlas report as Markdown."""
    lines = [f"# Atlas of the values {atlas['values']} at n = {atlas['n']}", "",
             "Each value v of each table: **proved** (its pattern holds for all x, y: the band state of the "
             "values 0 … V repeats, as the certificate records and `verify -certificate` re-checks), "
             "**observed** (a pattern of period p from x₀ holds on every row up to n: a conjecture), or "
             "**none** up to n (with the best tail fits).", "",
             f"![p(v) and x₀(v)]({plots['period_start']})", ""]
    for t, (table, symbol, source) in zip(atlas["tables"], TABLES):
        counts = {}
        for e in t["values"]:
            counts[e["status"]] = counts.get(e["status"], 0) + 1
        lines += [f"## {symbol} ({table})", "", f"Source: {source}.", ""]
        if t["proof"]:
            p = t["proof"]
            lines += [f"Proved: the values 0 … {p['v']} repeat with period P = {p['p']} from row {p['x0']}, "
                      f"for all x, y (certificate `{p['certificate']}`"
                      + (f"; proves {', '.join(p['statements'])}" if p["statements"] else "") + ").", ""]
        else:
            lines += ["No repeated band state within the bound: nothing proved.", ""]
        if table == "passnim":
            lines += [PASS_NIM_NOTE, ""]
        lines += ["Counts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + ".", ""]
        if table in plots.get("offsets", {}):
            lines += [f"![offsets]({plots['offsets'][table]})", ""]
        lines += ["| v | status |", "| --- | --- |"]
        lines += [f"| {e['value']} | {_status_line(e)} |" for e in t["values"]]
        lines.append("")
        if t["laws"]:
            lines += ["Laws across v (each checked on every value with a pattern):", ""]
            for law in t["laws"]:
                fails = law.get("exceptions") or []
                lines.append(f"- {law['law']}: holds for {len(law.get('holds') or [])} values"
                             + (f", fails for v = {', '.join(map(str, fails))}" if fails else ""))
            lines.append("")
    return "\n".join(lines)


def build(directory, n, out, value=None):
    """Write atlas.json, atlas.md and the plots of the three tables at n into out; return the atlas."""
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tables = [table_atlas(directory, table, n) for table, _, _ in TABLES]
    values = sorted({e["value"] for t in tables for e in t["values"]})
    atlas = {"n": n, "values": f"{values[0]}-{values[-1]}" if values else "", "tables": tables}
    plots = {"period_start": "period_start.png", "offsets": {}}
    plot_period_start(atlas, out / plots["period_start"])
    for t, (table, symbol, _) in zip(tables, TABLES):
        with_offsets = [e for e in t["values"] if e.get("offsets") and e["period"] > 1]
        chosen = [e for e in with_offsets if e["value"] == value] if value is not None else with_offsets[-1:]
        for e in chosen:
            name = f"offsets_{table}_v{e['value']}.png"
            plot_offsets(e, symbol, out / name)
            plots["offsets"][table] = name
    (out / "atlas.json").write_text(json.dumps(atlas, indent=1) + "\n")
    (out / "atlas.md").write_text(markdown(atlas, plots) + "\n")
    return atlas


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directory", help="the -out directory of compute -patterns")
    parser.add_argument("--n", type=int, required=True, help="the n of the runs")
    parser.add_argument("--value", type=int, help="the value whose offsets are drawn (default: the largest with a pattern)")
    parser.add_argument("--out", help="where atlas.md, atlas.json and the plots go (default: DIRECTORY/atlas_n<N>)")
    args = parser.parse_args(argv)
    out = args.out or pathlib.Path(args.directory) / f"atlas_n{args.n}"
    try:
        build(args.directory, args.n, out, args.value)
    except (PatternFileError, OSError) as err:
        print(f"atlas: {err}", file=sys.stderr)
        return 1
    print(f"atlas: {out}/atlas.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
