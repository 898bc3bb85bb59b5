"""Draw regions of Grundy table files as pictures.

Three kinds of picture, each of the region x0 <= x < x1, y0 <= y < y1 with x
down the side and y along the top, as in the papers' tables:

- heatmap: every cell coloured by g, with a colour bar; base cells the mex
  ignores (g = -1) are grey;
- value map: the cells of each chosen value in a colour of its own, with a
  legend, the rest white: the picture in which the papers' patterns are seen;
- difference: the cells where two tables differ (e.g. G0 vs G1), coloured by
  the second table's g minus the first's, the rest white.

Usage:

    python scripts/plot.py FILE [FILE2] [--region X0:X1,Y0:Y1] [--values 0-5]
                           [--diff] -o fig.png|fig.svg

With two files and no --diff the two pictures stand side by side. Only the
record batches of the region are read (grundytables.load_region).
"""

import argparse
import math
import re
import sys

import matplotlib
import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

import grundytables

PANEL_SIZE = (6.4, 5.4)  # inches per picture
DPI = 150


def parse_region(text):
    """Parse "X0:X1,Y0:Y1" into ((x0, x1), (y0, y1)).

    Either bound of a range may be left out ("0:100,:" is rows 0..99, every
    column); a missing bound is None and means the table's edge. Raises
    ValueError on anything else.
    """
    match = re.fullmatch(r"\s*(\d*):(\d*)\s*,\s*(\d*):(\d*)\s*", text)
    if not match:
        raise ValueError(f"region {text!r} is not of the form X0:X1,Y0:Y1")
    x0, x1, y0, y1 = (int(b) if b else None for b in match.groups())
    return (x0, x1), (y0, y1)


def parse_values(text):
    """Parse a list of values such as "0-5", "0,2,7" or "-1,0-3" into a list of ints.

    Items are separated by commas; "A-B" is the range A..B inclusive. Order
    is kept and repeats are dropped. Raises ValueError on anything else,
    including a range whose end is below its start.
    """
    values = []
    for item in text.split(","):
        item = item.strip()
        span = re.fullmatch(r"(-?\d+)-(-?\d+)", item)
        if span:
            lo, hi = int(span.group(1)), int(span.group(2))
            if hi < lo:
                raise ValueError(f"values: range {item!r} runs backwards")
            new = range(lo, hi + 1)
        elif re.fullmatch(r"-?\d+", item):
            new = [int(item)]
        else:
            raise ValueError(f"values: {item!r} is neither an integer nor a range A-B")
        values.extend(v for v in new if v not in values)
    return values


def resolve_region(region, n):
    """Turn a parsed region (or None, the whole table) into bounds within 0..n.

    Missing bounds become the table's edges and ends past the table are cut
    to n+1, so "0:200,0:200" on an n = 50 table draws all of it. Returns
    (x0, x1, y0, y1); raises ValueError when a range is empty after that.
    """
    (x0, x1), (y0, y1) = region or ((None, None), (None, None))
    bounds = []
    for name, lo, hi in (("x", x0, x1), ("y", y0, y1)):
        lo = 0 if lo is None else lo
        hi = n + 1 if hi is None else min(hi, n + 1)
        if lo >= hi:
            raise ValueError(f"region: {name} range {lo}:{hi} holds no cell of a table with n = {n}")
        bounds += [lo, hi]
    return tuple(bounds)


def _title(md):
    """The table's name, e.g. "G₋₁ (gneg1, n = 50)"."""
    return f"{md['symbol']} ({md['table']}, n = {md['n']})"


def _show(ax, data, bounds, **style):
    """imshow data, the region bounds (x0, x1, y0, y1), labelled in table coordinates."""
    x0, x1, y0, y1 = bounds
    image = ax.imshow(data, origin="upper", extent=(y0 - 0.5, y1 - 0.5, x1 - 0.5, x0 - 0.5),
                      aspect="equal", **style)
    ax.set_xlabel("y")
    ax.set_ylabel("x")
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    return image


def heatmap(ax, path, region=None):
    """Draw the heatmap of g over region (parsed, or None for all) of the table at path on ax.

    Adds a colour bar; cells with g < 0 are grey and outside the colour scale.
    """
    md = grundytables.metadata(path)
    bounds = resolve_region(region, md["n"])
    g = grundytables.load_region(path, *bounds)
    cmap = matplotlib.colormaps["viridis"].with_extremes(bad="lightgrey")
    image = _show(ax, np.ma.masked_less(g, 0), bounds, cmap=cmap)
    ax.figure.colorbar(image, ax=ax, label="g", shrink=0.8, ticks=MaxNLocator(integer=True))
    ax.set_title(_title(md))


def _distinct_colors(k):
    """k colours that tell apart: tab10 or tab20 where they suffice, else turbo."""
    if k <= 10:
        return matplotlib.colormaps["tab10"].colors[:k]
    if k <= 20:
        return matplotlib.colormaps["tab20"].colors[:k]
    return matplotlib.colormaps["turbo"](np.linspace(0, 1, k))


def value_map(ax, path, values, region=None):
    """Draw the cells of region whose g is one of values, one colour per value, on ax.

    The legend names each value and its number of cells in the region (0 for
    a value absent there); cells of other values are white. Raises
    ValueError when values is empty.
    """
    if not values:
        raise ValueError("value map: no values chosen")
    md = grundytables.metadata(path)
    bounds = resolve_region(region, md["n"])
    g = grundytables.load_region(path, *bounds)
    index = np.full(g.shape, -1)
    counts = []
    for i, v in enumerate(values):
        hit = g == v
        index[hit] = i
        counts.append(int(hit.sum()))
    colors = _distinct_colors(len(values))
    cmap = ListedColormap(colors).with_extremes(bad="white")
    # Where the picture has fewer pixels than cells, blend colours, never indices.
    _show(ax, np.ma.masked_less(index, 0), bounds, cmap=cmap, vmin=-0.5, vmax=len(values) - 0.5,
          interpolation_stage="rgba")
    handles = [Patch(color=c, label=f"g = {v} ({count} cells)")
               for c, v, count in zip(colors, values, counts)]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0,
              ncols=math.ceil(len(values) / 24), fontsize="small")
    ax.set_title(_title(md))


def diff_map(ax, path_a, path_b, region=None):
    """Draw where the tables at path_a and path_b differ over region, on ax.

    Differing cells are coloured by g_b - g_a on a symmetric diverging scale
    with a colour bar, equal cells are white. The region is cut to the
    smaller table. Returns the number of differing cells.
    """
    md_a, md_b = grundytables.metadata(path_a), grundytables.metadata(path_b)
    bounds = resolve_region(region, min(md_a["n"], md_b["n"]))
    a = grundytables.load_region(path_a, *bounds).astype(np.int64)
    b = grundytables.load_region(path_b, *bounds).astype(np.int64)
    d = np.ma.masked_equal(b - a, 0)
    differ = int(d.count())
    scale = max(int(np.abs(d).max()), 1) if differ else 1
    cmap = matplotlib.colormaps["coolwarm"].with_extremes(bad="white")
    # Blend colours, so that a lone differing cell still tints its pixel.
    image = _show(ax, d, bounds, cmap=cmap, vmin=-scale, vmax=scale, interpolation_stage="rgba")
    ax.figure.colorbar(image, ax=ax, label=f"g of {md_b['table']} − g of {md_a['table']}",
                       shrink=0.8, ticks=MaxNLocator(integer=True))
    ax.set_title(f"{md_b['symbol']} − {md_a['symbol']} (n = {min(md_a['n'], md_b['n'])}): "
                 f"{differ} of {a.size} cells differ", fontsize="medium")
    return differ


def figure(paths, region=None, values=None, diff=False):
    """Return a matplotlib Figure of the table files in paths (one or two).

    region is a parsed region or None for whole tables. With diff, paths must
    be two files and the figure shows where they differ; values is then not
    allowed. Otherwise each file gets a panel, a value map when values is
    given, else a heatmap. Raises ValueError on a bad combination or a file
    that is not a table file.
    """
    paths = list(paths)
    if not 1 <= len(paths) <= 2:
        raise ValueError(f"plot one or two files, not {len(paths)}")
    if diff and len(paths) != 2:
        raise ValueError("a difference needs two files")
    if diff and values:
        raise ValueError("choose either a difference or values, not both")
    panels = 1 if diff else len(paths)
    wide = 1.25 if values else 1
    fig = Figure(figsize=(PANEL_SIZE[0] * panels * wide, PANEL_SIZE[1]), layout="constrained")
    axes = fig.subplots(1, panels, squeeze=False)[0]
    if diff:
        diff_map(axes[0], paths[0], paths[1], region)
    for ax, path in zip(axes, [] if diff else paths):
        if values:
            value_map(ax, path, values, region)
        else:
            heatmap(ax, path, region)
    return fig


def plot(paths, out, region=None, values=None, diff=False):
    """Draw figure(paths, region, values, diff) and save it to out.

    The format follows out's extension (.png, .svg, .pdf, ...). Returns out.
    """
    figure(paths, region, values, diff).savefig(out, dpi=DPI)
    return out


def main(argv=None):
    """Run the command line; returns the exit status (0 done, 1 failed, 2 usage)."""
    parser = argparse.ArgumentParser(
        prog="plot.py",
        description="Draw a region of one or two Grundy table files: a heatmap, "
                    "a map of chosen values, or the difference of two tables.")
    parser.add_argument("files", nargs="+", metavar="FILE", help="table files (one or two)")
    parser.add_argument("--region", type=parse_region, metavar="X0:X1,Y0:Y1",
                        help="half-open ranges of x and y; a bound may be left out "
                             "(default: the whole table)")
    parser.add_argument("--values", type=parse_values, metavar="LIST",
                        help='map the cells of these values, e.g. "0-5"; a list that starts '
                             'with a negative value needs the = form: --values=-1,0,3-4')
    parser.add_argument("--diff", action="store_true",
                        help="show where the two files differ")
    parser.add_argument("-o", "--out", required=True, metavar="FIG",
                        help="output picture; the format follows the extension (.png, .svg)")
    args = parser.parse_args(argv)
    if len(args.files) > 2:
        parser.error("give one or two files")
    if args.diff and len(args.files) != 2:
        parser.error("--diff needs two files")
    if args.diff and args.values:
        parser.error("--diff and --values do not go together")
    try:
        plot(args.files, args.out, args.region, args.values, args.diff)
    except (OSError, ValueError) as err:
        print(f"plot.py: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
