"""The atlas: one report of the patterns of several tables from ``compute -patterns``.

The tables are G₋₁, G*₋₁ and G_P unless --table names others: table ids and
game files (docs/games.md) alike. ``compute -table T -n N -write none -values
0-HI -patterns -out DIR`` writes, per table, ``DIR/<id>_n<N>.patterns.json``
(for a game file, <id> is the game's id) (the schema of ``verify -patterns
-json``, each value "proved", "stable", "tentative", "unstable" or "none") and
the certificate ``DIR/<id>_n<N>.proof.json``. This module reads them and writes

- ``atlas.json``: per table its game as the patterns file records it (symbol,
  title, source, rules and identity, the sha256 of the game's canonical form)
  and the game file given, and per value the status, period p, start x0, the
  periods seen on the three stages of the search, the best tail fits of a
  value without a pattern, the proof (V, P, x0 of the repeated band state,
  certificate, and the search's outcome: the bound and the first V whose state
  does not repeat within it), and the laws across v with the values each fails for;
- ``atlas.md``: the same as a report, with the plots;
- ``period_start.png``: p(v) and x0(v) of every table, on a log scale;
- ``offsets_<id>_v<V>.png``: the periodic offsets y - x of one chosen value
  by x mod p.

Usage:

    python -m grundytables.atlas DIR --n N [--table ID|GAME.toml ...] [--value V] [--out ATLAS_DIR]

(scripts/atlas.sh runs compute and then this.) A table whose patterns file is
missing is an error naming the file and the compute command that writes it;
so is a game file that cannot be read, and a patterns file that records
another game than the game file given (both identities named).
"""

import argparse
import hashlib
import json
import os
import pathlib
import sys

from matplotlib.figure import Figure

from .errors import TableFileError
from .games import check_record, game_identity, read_game_file
from .patterns import PatternFileError, read_patterns

TABLES = (
    ("gneg1", "G₋₁", "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and "
                      "two-player goishi hiroi (arXiv 2412.03996), Theorem 4"),
    ("gstarneg1", "G*₋₁", "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and "
                           "two-player goishi hiroi (arXiv 2412.03996), Theorem 5"),
    ("passnim", "G_P", "Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games "
                       "with a pass, Lemma 4"),
)
#: The tables of the atlas when it is given none.
DEFAULT_TABLES = tuple(table for table, _, _ in TABLES)
_KNOWN = {table: (symbol, source) for table, symbol, source in TABLES}

PASS_NIM_NOTE = (
    "G_P is two-pile nim with a pass: G_P(x, y) = z exactly when (x, y, z) is a P-position of "
    "three-pile nim with a pass (the pass usable once, by either player), so the cells of the values "
    "z ≤ V below are the P-positions (x, y, z) with z ≤ V. Which positions of three-pile nim with a pass "
    "are P-positions is an open problem (Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of "
    "games with a pass); the proved values are proved for all x, y, the others observed to n only.")


#: The status of a value its patterns file marks proved by a certificate that is not beside it
#: with the sha256 the file records, or does not cover it.
CLAIMED = "claimed proved (not re-checked)"


def is_game_file(entry):
    """Whether a table entry names a game file, as compute -table reads it (tables.Resolve): a path
    ending in .toml or holding a path separator; anything else is a table id."""
    return entry.endswith(".toml") or "/" in entry or os.sep in entry


def resolve(entry):
    """(id, game file, identity) of a table entry: a table id is its own id, with neither; a game file
    is read (read_game_file: TableFileError if it cannot be) for its id, which names its output files,
    and its identity, which its patterns file must record."""
    if not is_game_file(entry):
        return entry, None, None
    g = read_game_file(entry)
    return g["id"], str(entry), game_identity(g)


def _words(table, record):
    """The symbol, title and source a table is named by: the game's as its patterns file records it,
    the literature the atlas cites for its three tables first; the id if the game states no symbol."""
    record = record or {}
    known_symbol, known_source = _KNOWN.get(table, (None, None))
    return (record.get("symbol") or known_symbol or table, record.get("title", ""),
            known_source or record.get("source", ""))


def _value_entry(report, patterns):
    """One value of the atlas from its report entry and its pattern, if any."""
    stages = [s["fit"]["period"] if s.get("fit") else None for s in report.get("stages", [])]
    entry = {
        "value": report["value"],
        "status": report["status"],
        "period": report.get("period"),
        "start": report.get("start"),
        "grade": report.get("grade"),
        "repetitions": report.get("repetitions", 0),
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


def _certified(directory, table, report):
    """The certificate the proved values of report cite, if it is the one they were written with.

    Returns (proof, reason): proof is {"v", "x0", "p", "certificate", "sha256", "statements"} when
    every proof block names one file beside the patterns file whose bytes have the sha256 the
    blocks record, a certificate of this table whose V, x0 and P are the blocks' and at least
    every proved value, whose search outcome ("search": the bound and the first V that does not
    repeat within it, a search result) is the blocks' search_bound and first_unrepeated_v (proof
    has it as "search", None if the certificate records none); reason says why not otherwise. This checks that the file is the one
    compute checked when it wrote the patterns, not the proof itself: verify -claims-from
    re-checks that.
    """
    blocks = [(r["value"], r["proof"]) for r in report.get("values", []) if r["status"] == "proved"]
    if not blocks:
        return None, None
    names = {(b.get("certificate"), b.get("certificate_sha256")) for _, b in blocks}
    if len(names) != 1:
        return None, "the proved values cite more than one certificate"
    (name, sha), = names
    if not sha:
        return None, f"the proof blocks record no certificate_sha256 for {name} (a file of an earlier version)"
    if not isinstance(name, str) or pathlib.PurePath(name).name != name or name in (".", ".."):
        return None, f"the proof blocks cite {name!r}, not a file beside the patterns file"
    path = pathlib.Path(directory) / name
    if path.is_symlink() or not path.is_file():
        return None, f"{path} is missing or not a regular file"
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != sha:
        return None, f"{path} has sha256 {hashlib.sha256(data).hexdigest()}, the proof blocks record {sha}"
    try:
        c = json.loads(data)
        cert = (c["table"], c["v"], c["x0"], c["p"])
    except (ValueError, KeyError, TypeError) as err:
        return None, f"{path} is not a certificate: {err}"
    for value, b in blocks:
        if cert != (table, b.get("v"), b.get("x0"), b.get("p")):
            return None, (f"value {value} cites {name} as V = {b.get('v')}, x0 = {b.get('x0')}, P = {b.get('p')}, "
                          f"but it is the certificate of {c['table']}, V = {c['v']}, x0 = {c['x0']}, P = {c['p']}")
        if value > c["v"]:
            return None, f"value {value} is marked proved by {name}, which proves the values 0 … {c['v']} only"
    mine, theirs = (r.get("sha256") if isinstance(r, dict) else None for r in (report.get("game"), c.get("game")))
    if mine and theirs and mine != theirs:
        return None, (f"{name} is the certificate of the game of identity {theirs}, the patterns file records "
                      f"the game of identity {mine}")
    search = c.get("search")
    recorded = (search.get("bound", 0), search.get("first_unrepeated_v", 0)) if isinstance(search, dict) else (0, 0)
    for value, b in blocks:
        stated = (b.get("search_bound", 0), b.get("first_unrepeated_v", 0))
        if stated != recorded:
            return None, (f"value {value} states the search bound {stated[0]} rows and the first unrepeated V "
                          f"{stated[1]}, but {name} records {recorded[0]} and {recorded[1]} (0: none)")
    return {"v": c["v"], "x0": c["x0"], "p": c["p"], "certificate": name, "sha256": sha,
            "statements": c.get("statements", []),
            "search": {"bound": recorded[0], "first_unrepeated_v": recorded[1]} if recorded[0] else None}, None


def search_sentence(proof):
    """What the climb that found proof's certificate saw beyond its V, as a search result, not a
    theorem: the first V whose band state does not repeat within the rows searched, that every V up
    to the certificate's repeats within them (the climb stopped there), or that nothing is recorded."""
    search = proof.get("search")
    if not search:
        return "The certificate records no search outcome (an earlier version): where the repeats end is not stated here."
    if not search["first_unrepeated_v"]:
        return (f"Searched, not proved: every V ≤ {proof['v']} repeats within {search['bound']} rows; the search "
                f"stopped at V = {proof['v']}, so nothing is known here of V = {proof['v'] + 1} and above.")
    return (f"Searched, not proved: the band state of V = {search['first_unrepeated_v']} does not repeat within "
            f"{search['bound']} rows (a repeat may lie beyond them).")


def _title_outcome(symbol, proof):
    """A table's proved V and search outcome, short enough for a plot's title."""
    if not proof:
        return f"{symbol}: nothing proved"
    text = f"{symbol}: proved v ≤ {proof['v']}"
    search = proof.get("search")
    if search and search["first_unrepeated_v"]:
        text += f", V = {search['first_unrepeated_v']}: no repeat within {search['bound']:,} rows searched"
    elif search:
        text += f", searched no higher (every V ≤ {proof['v']} repeats within {search['bound']:,} rows)"
    return text


def table_atlas(directory, entry, n):
    """The atlas entry of a table (an id or a game file) from DIR/<id>_n<N>.patterns.json and the
    certificate it cites.

    The table is named by the game its patterns file records (symbol, title, source, identity: the
    game file is read for its id and identity only), and a game file's patterns file must record that
    game: PatternFileError naming both identities otherwise. A value is "proved" only if the
    certificate its proof block names is beside the file with the sha256 the block records and covers
    it (_certified); otherwise it is "claimed proved (not re-checked)", with the reason under the
    table's "unverified".
    """
    try:
        table, game_file, identity = resolve(entry)
    except TableFileError as err:
        raise PatternFileError(f"table {entry}: {err}") from None
    path = pathlib.Path(directory) / f"{table}_n{n}.patterns.json"
    if not path.exists():
        raise PatternFileError(
            f"{path}: missing: write it with compute -table {entry} -n {n} -write none -values 0-HI "
            f"-patterns -out {directory}")
    report = read_patterns(path)
    if (report["table"], report["n"]) != (table, n):
        raise PatternFileError(f"{path}: holds table {report['table']} at n = {report['n']}, "
                               f"not {table} at n = {n}")
    record = report.get("game")
    if record is not None:
        try:
            check_record(path, record)
        except TableFileError as err:
            raise PatternFileError(str(err)) from None
    recorded = record["sha256"] if record else None
    if game_file is not None and recorded != identity:
        raise PatternFileError(
            f"{path} records the game of identity {recorded or 'none (a file of an earlier version)'}, but the "
            f"game file {game_file} is the game of identity {identity}: compute its patterns again "
            f"(scripts/atlas.sh -fresh), or give the game file they were computed from")
    symbol, title, source = _words(table, record)
    patterns = {p["value"]: p for p in report.get("patterns", [])}
    values = [_value_entry(r, patterns) for r in report.get("values", [])]
    proof, unverified = _certified(directory, table, report)
    if unverified:
        for e in values:
            if e["status"] == "proved":
                e["status"] = CLAIMED
    return {"table": table, "symbol": symbol, "title": title, "source": source, "identity": recorded,
            "game_file": game_file, "game": record, "n": n, "values": values, "laws": report.get("laws", []),
            "proof": proof, "unverified": unverified}


def plot_period_start(atlas, path):
    """p(v) and x0(v) of every table, log scale, proved values filled, observed ones hollow; the
    tables' points are set a little apart along v, so that one table's do not hide another's."""
    fig = Figure(figsize=(10, 4.4 + 0.15 * len(atlas["tables"])))
    axes = fig.subplots(1, 2)
    for ax, key, label in ((axes[0], "period", "period p(v)"), (axes[1], "start", "start x₀(v)")):
        k = len(atlas["tables"])
        for i, t in enumerate(atlas["tables"]):
            shift = (i - (k - 1) / 2) * min(0.15, 0.6 / k)
            for proved, marker in ((True, "o"), (False, "s")):
                pts = [(e["value"] + shift, e[key]) for e in t["values"]
                       if e[key] and (e["status"] == "proved") == proved]
                if pts:
                    xs, ys = zip(*pts)
                    ax.scatter(xs, ys, s=14, marker=marker,
                               facecolors=None if proved else "none",
                               label=f"{t['symbol']} {'proved' if proved else 'observed'}",
                               edgecolors=f"C{i % 10}", color=f"C{i % 10}")
        ax.set_yscale("log")
        ax.set_xlabel("value v")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].legend(fontsize=7)
    outcomes = "\n".join(_title_outcome(t["symbol"], t["proof"]) for t in atlas["tables"])
    fig.suptitle(f"Periods and starts of the values, 0 ≤ x, y ≤ {atlas['n']} (values without a pattern left out)\n"
                 f"{outcomes}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


# A value's offsets are drawn by default only if at least this many whole
# periods were observed after its start: the grade-A bar of the search.
WELL_OBSERVED_PERIODS = 8


def default_offsets_value(entries):
    """The value whose offsets the atlas draws by default: of those observed over at least
    WELL_OBSERVED_PERIODS whole periods, the one with the longest period (the richest pattern
    seen well), ties to the most periods observed; [] if none. The largest value with a pattern,
    the former default, is often one with two offsets seen over four periods, which shows nothing.
    """
    seen = [e for e in entries if e.get("offsets") and e["period"] > 1
            and (e.get("repetitions") or 0) >= WELL_OBSERVED_PERIODS]
    return [max(seen, key=lambda e: (e["period"], e["repetitions"]))] if seen else []


def _function(t):
    """How the report writes a table's value at (x, y): its symbol's, or G's with the id named."""
    return f"{t['symbol']}(x, y)" if t["symbol"] != t["table"] else f"{t['table']}, G(x, y)"


def plot_offsets(entry, function, path):
    """The periodic offsets y - x of one value by x mod p; function is how the title writes the
    table's value at (x, y) (_function)."""
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
    ax.set_title(f"{function} = {entry['value']}: y − x for x ≥ {entry['start']} "
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
    if e["status"] in ("proved", CLAIMED):
        return f"{e['status']} ({text})"
    return f"observed to n, {e['status']} ({text})"


#: The prescribed cells a game's line lists before it gives their number only.
LISTED_CELLS = 8


def _heading(t):
    """A table's heading: its symbol and id, or its id and title for a game that states no symbol."""
    if t["symbol"] != t["table"]:
        return f"{t['symbol']} ({t['table']})"
    return f"{t['table']}: {t['title']}" if t["title"] else t["table"]


def _game_lines(t):
    """The game of a table as its patterns file records it: title, rules, identity, game file, source."""
    lines = []
    g = t.get("game")
    if g:
        cells = g["cells"]
        fixed = ", ".join(f"({c['x']}, {c['y']}) = {c['value']}" for c in cells[:LISTED_CELLS])
        if len(cells) > LISTED_CELLS:
            fixed += f", … ({len(cells)} cells in all, listed in atlas.json)"
        rules = (f"{'rook and diagonal' if g['moves'] == 'rook+diagonal' else 'rook'} moves, "
                 f"{'the pass' if g['pass'] else 'no pass'}, prescribed cells {fixed or 'none'}")
        lines.append(f"Game{': ' + t['title'] if t['title'] else ''} ({rules}); identity `{g['sha256'][:16]}…` "
                     f"(the sha256 of its canonical form, in full in atlas.json)"
                     + (f", read from the game file `{t['game_file']}`." if t.get("game_file") else "."))
    else:
        lines.append("Game: the patterns file records none (a file of an earlier version); the table is known by its id.")
    lines.append(f"Source: {t['source']}." if t["source"] else "Source: the game states none.")
    return lines


def markdown(atlas, plots):
    """The atlas report as Markdown."""
    lines = [f"# Atlas of the values {atlas['values']} at n = {atlas['n']}", "", "Tables:", ""]
    lines += [f"- {_heading(t)}" + (f" (game file `{t['game_file']}`)" if t.get("game_file") else "")
              for t in atlas["tables"]]
    lines += ["",
             "Each value v of each table: **proved** (its pattern holds for all x, y: the band state of the "
             "values 0 … V repeats, as the certificate records and `verify -certificate` re-checks), "
             "**observed** (a pattern of period p from x₀ holds on every row up to n: a conjecture), or "
             "**none** up to n (with the best tail fits).", "",
             f"![p(v) and x₀(v)]({plots['period_start']})", ""]
    for t in atlas["tables"]:
        table, symbol = t["table"], t["symbol"]
        counts = {}
        for e in t["values"]:
            counts[e["status"]] = counts.get(e["status"], 0) + 1
        lines += [f"## {_heading(t)}", ""]
        if t["proof"]:
            p = t["proof"]
            lines += [f"Theorem (proved for all x, y, not only up to n): for all x, y ≥ 0, the cells of {symbol} "
                      f"with value v ≤ {p['v']} are those stated below for v = 0 … {p['v']}.",
                      f"The largest V proved is {p['v']}: certificate `{p['certificate']}` (sha256 `{p['sha256']}`), "
                      f"whose band state of the values 0 … {p['v']} repeats with period P = {p['p']} from row "
                      f"{p['x0']}; `verify -claims-from` re-checks it"
                      + (f"; it proves {', '.join(p['statements'])}" if p["statements"] else "") + ".",
                      search_sentence(p), ""]
            if table == "passnim":
                lines += [f"So the P-positions of three-pile nim with a pass having a pile ≤ {p['v']} are exactly "
                          f"the permutations of (x, y, G_P(x, y)) for the cells of value ≤ {p['v']} below, "
                          f"for all piles, since G_P(x, y) = z if and only if G_P(y, z) = x.", ""]
        elif t["unverified"]:
            lines += [f"Nothing proved here: the patterns file marks values proved, but {t['unverified']}; "
                      f"they are listed as {CLAIMED}.", ""]
        else:
            lines += ["Nothing proved: the patterns file marks no value proved, so every value below is "
                      "observed up to n only.", ""]
        lines += _game_lines(t) + [""]
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


def build(directory, n, out, value=None, tables=DEFAULT_TABLES):
    """Write atlas.json, atlas.md and the plots of tables (ids and game files) at n into out; return the
    atlas. Two entries of one id are refused: they would be one patterns file."""
    out = pathlib.Path(out)
    tables = [table_atlas(directory, entry, n) for entry in tables]
    seen = {}
    for t in tables:
        if t["table"] in seen:
            raise PatternFileError(f"the tables {seen[t['table']]} and {t['game_file'] or t['table']} are both "
                                   f"{t['table']}: give each once")
        seen[t["table"]] = t["game_file"] or t["table"]
    out.mkdir(parents=True, exist_ok=True)
    values = sorted({e["value"] for t in tables for e in t["values"]})
    atlas = {"n": n, "values": f"{values[0]}-{values[-1]}" if values else "", "tables": tables}
    plots = {"period_start": "period_start.png", "offsets": {}}
    plot_period_start(atlas, out / plots["period_start"])
    for t in tables:
        chosen = [e for e in t["values"] if e.get("offsets") and e["value"] == value] if value is not None \
            else default_offsets_value(t["values"])
        for e in chosen:
            name = f"offsets_{t['table']}_v{e['value']}.png"
            plot_offsets(e, _function(t), out / name)
            plots["offsets"][t["table"]] = name
    (out / "atlas.json").write_text(json.dumps(atlas, indent=1) + "\n")
    (out / "atlas.md").write_text(markdown(atlas, plots) + "\n")
    return atlas


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directory", help="the -out directory of compute -patterns")
    parser.add_argument("--n", type=int, required=True, help="the n of the runs")
    parser.add_argument("--table", action="append", metavar="ID|GAME.toml",
                        help="a table of the atlas: a table id or a game file, as compute -table takes it; "
                        f"repeat it for each (default: {' '.join(DEFAULT_TABLES)})")
    parser.add_argument("--value", type=int, help="the value whose offsets are drawn (default: of the values observed over at least "
                        f"{WELL_OBSERVED_PERIODS} whole periods, the one with the longest period)")
    parser.add_argument("--out", help="where atlas.md, atlas.json and the plots go (default: DIRECTORY/atlas_n<N>)")
    args = parser.parse_args(argv)
    out = args.out or pathlib.Path(args.directory) / f"atlas_n{args.n}"
    try:
        build(args.directory, args.n, out, args.value, args.table or DEFAULT_TABLES)
    except (PatternFileError, OSError) as err:
        print(f"atlas: {err}", file=sys.stderr)
        return 1
    print(f"atlas: {out}/atlas.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
