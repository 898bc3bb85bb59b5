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

    grundy-pattern-plot REPORT.json FILE --value V [--offsets offsets.png]
                        [--rows X0:X1] [--departure map.png]

(or python scripts/pattern_plot.py ...). FILE is the table file, values file
or values dataset the report was made from: a report of another table or n
is refused (exit 1). The file is streamed one band or part at a time,
keeping only the cells of value V, so a table of 4e8 cells needs a few MB;
of a values dataset only the row group of V in each part is read, and
with --rows but no --departure only the parts of those rows, a partial read
that does not check cells_sha256 and, drawn for a person, does not print
the PartialReadWarning a program gets (grundytables.check_dataset checks a
dataset whole).
A period-1 pattern is drawn in one colour (every row has the same offset);
a departure map without departures says so.
"""

import argparse
import sys

import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from .errors import quiet_partial_reads
from .patterns import PatternFileError, read_patterns
from .reader import cells, metadata


@quiet_partial_reads()
def value_cells(path, value, rows=None):
    """Return f with f[x] the first y with G(x, y) = value (-1 if none), n and the table's symbol.

    rows=(x0, x1) reads only the rows x0..x1-1 (cut to the table), f being -1 elsewhere.
    """
    md = metadata(path)
    if rows is not None:
        rows = (min(rows[0], md["n"] + 1), min(rows[1], md["n"] + 1))
    found = cells(path, value, rows=rows)
    x, y = found[:, 0], found[:, 1]
    f = np.full(md["n"] + 1, -1, dtype=np.int64)
    order = np.lexsort((-y, x))  # per row, the smallest y is written last
    f[x[order]] = y[order]
    return f, md["n"], md["symbol"]


def fit_of(report, value):
    """Return (period, start, break_row, label) of value in the report; ValueError if it has none."""
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
        raise ValueError(f"value {value}: the report has no pattern, break or tail fit to plot")
    raise ValueError(f"value {value} is not in the report (searched: the report's \"values\")")


def plot_offsets(f, value, symbol, period, start, brk, label, rows, out):
    """Draw y - x against x coloured by x mod period, for the rows x in rows; save to out, return the Figure."""
    x = np.flatnonzero(f >= 0)
    x = x[(x >= rows[0]) & (x < rows[1])]
    fig = Figure(figsize=(10, 4.5), layout="constrained")
    ax = fig.add_subplot()
    if period > 1:
        # twilight is cyclic, its two ends one colour: each residue takes the middle of its own
        # step of the scale, so that 0 and period - 1 differ.
        points = ax.scatter(x, f[x] - x, c=x % period, cmap="twilight", s=2, linewidths=0,
                            vmin=-0.5, vmax=period - 0.5)
        fig.colorbar(points, ax=ax, label=f"x mod {period}", ticks=MaxNLocator(integer=True))
    else:  # one residue: nothing to tell apart by colour
        ax.scatter(x, f[x] - x, color="#332288", s=2, linewidths=0)
    if rows[0] <= start < rows[1]:
        ax.axvline(start, color="black", lw=0.8, ls="--", label=f"x₀ = {start}")
    if brk is not None and rows[0] <= brk < rows[1]:
        ax.axvline(brk, color="red", lw=1, label=f"breaks at x = {brk}")
    ax.set_xlabel("x")
    ax.set_ylabel("y − x")
    ax.set_title(f"{symbol}(x, y) = {value}: offset y − x by row, period {period}\n({label})")
    if ax.get_legend_handles_labels()[1]:  # x0 or the break lies within the rows drawn
        ax.legend(loc="upper right", fontsize=8)
    fig.savefig(out, dpi=150)
    return fig


def plot_departure(f, n, value, symbol, period, start, brk, label, out):
    """Draw, per period after start and residue, whether the row follows the fit; save, return the Figure."""
    offsets = f[start:start + period] - np.arange(start, start + period)
    rows = np.arange(start, n + 1)
    columns = (rows - start) // period
    grid = np.full((period, columns.max() + 1), 0, dtype=np.int8)  # 0: beyond the table
    predicted = rows + offsets[(rows - start) % period]
    decided = (f[rows] >= 0) | (predicted <= n)
    grid[(rows - start) % period, columns] = np.where(~decided, 0, np.where(f[rows] == predicted, 1, 2))
    departed = int((grid == 2).sum())
    fig = Figure(figsize=(10, 4.5 if departed else 2), layout="constrained")
    ax = fig.add_subplot()
    rule = f"period {period} from x₀ = {start}"
    if departed == 0:
        # A block of grey says nothing; say what it would have shown.
        followed = int((grid == 1).sum())
        ax.text(0.5, 0.5, f"No row departs from {rule}:\nall {followed} rows x = {start} … {n} whose cell "
                          f"of value {value} lies in the table follow it.",
                ha="center", va="center", fontsize=12, transform=ax.transAxes)
        ax.set_axis_off()
        ax.set_title(f"{symbol}(x, y) = {value}: no departure from {rule} ({label})")
        fig.savefig(out, dpi=150)
        return fig
    ax.imshow(grid, aspect="auto", interpolation="nearest", origin="lower",
              cmap=ListedColormap(["white", "0.75", "red"]), vmin=0, vmax=2,
              extent=(start, start + grid.shape[1] * period, -0.5, period - 0.5))
    if brk is not None:
        ax.axvline(brk, color="black", lw=0.8, ls="--", label=f"breaks at x = {brk}")
        ax.legend(loc="upper left", fontsize=8)
    ax.set_xlabel("x (one column per period)")
    ax.set_ylabel(f"x − {start} mod {period}")
    ax.set_title(f"{symbol}(x, y) = {value}: rows that follow (grey) or depart from (red) {rule}\n"
                 f"{departed} {'row departs' if departed == 1 else 'rows depart'}; white: beyond the table ({label})")
    fig.savefig(out, dpi=150)
    return fig


def main(argv=None):
    """Run the command line; returns the exit status (0 done, 1 failed, 2 usage)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", help="the JSON written by verify -patterns -json")
    parser.add_argument("table", metavar="FILE",
                        help="the table file, values file or values dataset the report was made from")
    parser.add_argument("--value", type=int, required=True, help="the value to plot")
    parser.add_argument("--offsets", help="write the offset plot here (.png or .svg)")
    parser.add_argument("--departure", help="write the departure map here (.png or .svg)")
    parser.add_argument("--rows", default="", help="X0:X1, the rows of the offset plot (default: all)")
    args = parser.parse_args(argv)
    if not args.offsets and not args.departure:
        parser.error("give --offsets FILE, --departure FILE or both")
    lo, _, hi = args.rows.partition(":")
    if not all(b.strip().isdigit() for b in (lo, hi) if b):
        parser.error(f"--rows {args.rows}: give X0:X1, e.g. 17000:18000")
    try:
        report = read_patterns(args.report, args.table)
        period, start, brk, label = fit_of(report, args.value)
        wanted = (int(lo or 0), int(hi)) if hi and not args.departure else None
        f, n, symbol = value_cells(args.table, args.value, wanted)
    except (OSError, PatternFileError, ValueError) as err:
        parser.exit(1, f"{parser.prog}: {err}\n")
    rows = (int(lo or 0), int(hi or n + 1))
    if args.offsets:
        plot_offsets(f, args.value, symbol, period, start, brk, label, rows, args.offsets)
    if args.departure:
        plot_departure(f, n, args.value, symbol, period, start, brk, label, args.departure)
    return 0


if __name__ == "__main__":
    sys.exit(main())
