"""Plot one value of a pattern-search report, for a paper.

Two pictures of the cells G(x, y) = v of a table, with the period p and start
x0 that `verify -patterns -json REPORT` found (or, for an unstable value, the
fit that broke; for a value without a pattern, its best tail fit):

- offsets: y - x against x, each cell coloured by x mod p, with x0 and the
  break row marked: the periodic part shows as horizontal stripes of colour;
- departure map: one column per period after x0 and one row per residue
  x mod p, each cell grey where the row follows the rule of the fit (its
  offsets taken from the rows x0 ... x0+p-1, as the search takes them), red
  where it departs from it and white where the value lies beyond the table:
  where an unstable value leaves its pattern, and what it does after.

Usage:

    python scripts/pattern_plot.py REPORT.json TABLE.arrow --value V
                                   [--offsets offsets.png] [--rows X0:X1]
                                   [--departure map.png]

The table is streamed one record batch at a time, keeping only the cells of
value V, so a table of 4e8 cells needs a few MB.
"""

import argparse
import json
import sys

import matplotlib
import numpy as np
import pyarrow.compute as pc
import pyarrow.ipc as ipc
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

matplotlib.use("Agg")


def value_cells(path, value):
    """Return f with f[x] the first y with G(x, y) = value (-1 if none), n and the table's symbol."""
    with ipc.open_file(path) as reader:
        metadata = reader.schema.metadata or {}
        if b"n" not in metadata:
            raise ValueError("no n in the file's metadata: not a table file of cmd/compute")
        n = int(metadata[b"n"])
        symbol = metadata.get(b"symbol", b"G").decode()
        xs, ys = [], []
        for i in range(reader.num_record_batches):
            batch = reader.get_batch(i)
            mask = pc.equal(batch.column("g"), value)
            xs.append(pc.filter(batch.column("x"), mask).to_numpy())
            ys.append(pc.filter(batch.column("y"), mask).to_numpy())
    x = np.concatenate(xs) if xs else np.zeros(0, np.int64)
    y = np.concatenate(ys) if ys else np.zeros(0, np.int64)
    f = np.full(n + 1, -1, dtype=np.int64)
    order = np.lexsort((-y, x))  # per row, the smallest y is written last
    f[x[order]] = y[order]
    return f, n, symbol


def fit_of(report, value):
    """Return (period, start, break_row, label) of value in the report."""
    for entry in report.get("values", []):
        if entry["value"] != value:
            continue
        brk = entry.get("break")
        if brk:
            return brk["period"], brk["start"], brk["row"], f"unstable: the fit that breaks at row {brk['row']}"
        if entry.get("period"):
            return entry["period"], entry["start"], None, f"{entry['status']}, grade {entry['grade']}"
        fits = entry.get("best_fits") or []
        if fits:
            return fits[0]["period"], fits[0]["start"], None, "no pattern: its best tail fit"
        raise SystemExit(f"value {value}: the report has no pattern, break or tail fit to plot")
    raise SystemExit(f"value {value} is not in the report (searched: the report's \"values\")")


def plot_offsets(f, value, symbol, period, start, brk, label, rows, out):
    """Draw y - x against x coloured by x mod period, for the rows x in rows."""
    x = np.flatnonzero(f >= 0)
    x = x[(x >= rows[0]) & (x < rows[1])]
    fig = Figure(figsize=(10, 4.5), layout="constrained")
    ax = fig.add_subplot()
    points = ax.scatter(x, f[x] - x, c=x % period, cmap="twilight", s=2, linewidths=0, vmin=0, vmax=period - 1)
    fig.colorbar(points, ax=ax, label=f"x mod {period}")
    if rows[0] <= start < rows[1]:
        ax.axvline(start, color="black", lw=0.8, ls="--", label=f"x₀ = {start}")
    if brk is not None and rows[0] <= brk < rows[1]:
        ax.axvline(brk, color="red", lw=1, label=f"breaks at x = {brk}")
    ax.set_xlabel("x")
    ax.set_ylabel("y − x")
    ax.set_title(f"{symbol}(x, y) = {value}: offset y − x by row, period {period}\n({label})")
    ax.legend(loc="upper right", fontsize=8)
    fig.savefig(out, dpi=150)


def plot_departure(f, n, value, symbol, period, start, brk, label, out):
    """Draw, per period after start and residue, whether the row follows the fit."""
    offsets = f[start:start + period] - np.arange(start, start + period)
    rows = np.arange(start, n + 1)
    columns = (rows - start) // period
    grid = np.full((period, columns.max() + 1), 0, dtype=np.int8)  # 0: beyond the table
    predicted = rows + offsets[(rows - start) % period]
    decided = (f[rows] >= 0) | (predicted <= n)
    grid[(rows - start) % period, columns] = np.where(~decided, 0, np.where(f[rows] == predicted, 1, 2))
    fig = Figure(figsize=(10, 4.5), layout="constrained")
    ax = fig.add_subplot()
    ax.imshow(grid, aspect="auto", interpolation="nearest", origin="lower",
              cmap=ListedColormap(["white", "0.75", "red"]), vmin=0, vmax=2,
              extent=(start, start + grid.shape[1] * period, -0.5, period - 0.5))
    if brk is not None:
        ax.axvline(brk, color="black", lw=0.8, ls="--", label=f"breaks at x = {brk}")
        ax.legend(loc="upper left", fontsize=8)
    departed = int((grid == 2).sum())
    ax.set_xlabel("x (one column per period)")
    ax.set_ylabel(f"x − {start} mod {period}")
    ax.set_title(f"{symbol}(x, y) = {value}: rows that follow (grey) or depart from (red) "
                 f"period {period} from x₀ = {start}\n{departed} rows depart; white: beyond the table ({label})")
    fig.savefig(out, dpi=150)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="the JSON written by verify -patterns -json")
    parser.add_argument("table", help="the table file the report was made from")
    parser.add_argument("--value", type=int, required=True, help="the value to plot")
    parser.add_argument("--offsets", help="write the offset plot here (.png or .svg)")
    parser.add_argument("--departure", help="write the departure map here (.png or .svg)")
    parser.add_argument("--rows", default="", help="X0:X1, the rows of the offset plot (default: all)")
    args = parser.parse_args(argv)
    if not args.offsets and not args.departure:
        parser.error("give --offsets FILE, --departure FILE or both")
    try:
        with open(args.report) as fh:
            report = json.load(fh)
    except (OSError, ValueError) as err:
        parser.exit(1, f"pattern_plot.py: report {args.report}: {err}\n")
    period, start, brk, label = fit_of(report, args.value)
    try:
        f, n, symbol = value_cells(args.table, args.value)
    except (OSError, KeyError, ValueError) as err:
        parser.exit(1, f"pattern_plot.py: table {args.table}: {err}\n")
    if n != report["n"]:
        parser.exit(1, f"pattern_plot.py: {args.table} has n = {n}, the report n = {report['n']}\n")
    lo, _, hi = args.rows.partition(":")
    try:
        rows = (int(lo or 0), int(hi or n + 1))
    except ValueError:
        parser.error(f"--rows {args.rows}: give X0:X1, e.g. 17000:18000")
    if args.offsets:
        plot_offsets(f, args.value, symbol, period, start, brk, label, rows, args.offsets)
    if args.departure:
        plot_departure(f, n, args.value, symbol, period, start, brk, label, args.departure)
    return 0


if __name__ == "__main__":
    sys.exit(main())
