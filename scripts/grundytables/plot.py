"""Draw regions of Grundy table files as pictures.

Three kinds of picture, each of the region x0 <= x < x1, y0 <= y < y1 with x
down the side and y along the top, as in the papers' tables:

- heatmap: every cell coloured by g (cividis) with a colour bar, on the
  scale of the region's own values unless --vmin/--vmax fix it (e.g. to
  0..max_value, to compare regions); base cells the mex ignores (g = -1)
  are grey;
- value map: the cells of each chosen value in the value's own colour, the
  same in every picture whatever the other values chosen (Paul Tol's
  colour-blind-safe "muted" palette, value v taking colour v mod 9), with a
  legend, the rest white: the picture in which the papers' patterns are seen;
- difference: the cells where two tables differ (e.g. G0 vs G1), coloured by
  the second table's g minus the first's, the rest white.

The title names the table, the region and the values. A region of at most
SMALL cells a side prints each cell's g in it, as the papers' tables do. A
region of more than MAX_PIXELS cells a side is drawn in blocks of k x k
cells, read band by band so that memory stays at one band: a heatmap shows
each block's mean g, a value map colours each block by the chosen value
with the most cells in it; the title says so. A region reaching outside the
table is an error.

FILE may also be a values file or a values dataset (which keep only the
cells of the values LO..HI): its other cells are unknown, white in a heatmap
and blank where values are printed, and the title says so; a value map
takes only values of LO..HI. A picture of part of a values dataset is a
partial read that does not check cells_sha256; drawn for a person, it does
not print the PartialReadWarning a program gets from grundytables.cells and
the like (check a dataset whole with grundytables.check_dataset, or bin/verify).

Usage:

    grundy-plot FILE [FILE2] [--region X0:X1,Y0:Y1] [--values 0-5 | --diff]
                [--vmin V] [--vmax V] -o fig.png|fig.svg

(or python scripts/plot.py ...). FILE is an Arrow or a Parquet table file,
a values file or a values dataset directory. With two files and no --diff the
two pictures stand side by side. Only the record batches or row groups of
the region are read (grundytables.iter_rows).
"""

import argparse
import math
import re
import sys

import matplotlib
import numpy as np
from matplotlib.colors import ListedColormap, Normalize
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from .errors import quiet_partial_reads
from .reader import iter_rows, load_region, metadata

PANEL_SIZE = (6.4, 5.4)  # inches per picture
DPI = 150
SMALL = 32  # regions up to this many cells a side print their values
MAX_PIXELS = 800  # larger regions are drawn in blocks, this many a side at most

# Paul Tol's "muted" qualitative palette, safe for the common colour-vision
# deficiencies (https://personal.sron.nl/~pault/); value v takes colour v mod 9.
MUTED = ("#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE",
         "#882255", "#44AA99", "#999933", "#AA4499")
BASE_COLOR = "#555555"  # g = -1 in a value map
HEATMAP = "cividis"  # sequential, colour-blind safe
UNKNOWN = -2  # a cell a values file does not hold, in the arrays drawn here


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

    Missing bounds become the table's edges. Returns (x0, x1, y0, y1);
    raises ValueError when a range reaches outside 0..n+1 or is empty.
    """
    (x0, x1), (y0, y1) = region or ((None, None), (None, None))
    bounds = []
    for name, lo, hi in (("x", x0, x1), ("y", y0, y1)):
        lo = 0 if lo is None else lo
        hi = n + 1 if hi is None else hi
        if hi > n + 1:
            raise ValueError(f"region: {name} range {lo}:{hi} reaches outside the table "
                             f"(0:{n + 1}, n = {n})")
        if lo >= hi:
            raise ValueError(f"region: {name} range {lo}:{hi} holds no cell")
        bounds += [lo, hi]
    return tuple(bounds)


def value_color(v):
    """The colour of value v in every value map: -1 dark grey, else MUTED[v mod 9]."""
    return BASE_COLOR if v < 0 else MUTED[v % len(MUTED)]


def _format_values(values):
    """A value list for a title: runs as ranges, e.g. [0, 1, 2, 5] -> "0–2, 5"."""
    parts, run = [], []
    for v in list(values) + [None]:
        if run and v == run[-1] + 1 and v > 0:
            run.append(v)
            continue
        if run:
            parts.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
        run = [] if v is None else [v]
    return ", ".join(parts)


def _title(md, bounds, block, values=None):
    """E.g. "G₋₁ (gneg1, n = 50): x 0–9, y 0–9, values 0–5", with a line on blocks and unknown cells."""
    x0, x1, y0, y1 = bounds
    text = f"{md['symbol']} ({md['table']}, n = {md['n']}): x {x0}–{x1 - 1}, y {y0}–{y1 - 1}"
    if values is not None:
        text += f", values {_format_values(values)}"
    notes = []
    if block > 1:
        notes.append(f"in blocks of {block}×{block} cells")
    if "values" in md:
        lo, hi = md["values"]
        notes.append(f"the file holds only values {lo}–{hi}: the other cells are unknown (white)")
    return "\n".join([text] + notes)


def _region_cells(path, bounds):
    """The cells of the region as a plain int32 array, UNKNOWN where a values file lacks them."""
    return np.ma.filled(load_region(path, *bounds), UNKNOWN)


def _block_means(cells):
    """The mean g of the known cells (g >= 0) of each block, -1 for a block without one."""
    known = cells >= 0
    total = np.where(known, cells, 0).sum(axis=2)
    return np.where(known.any(axis=2), total / np.maximum(known.sum(axis=2), 1), -1.0)


def _block(bounds):
    """The block side for a region: 1 up to MAX_PIXELS cells a side."""
    x0, x1, y0, y1 = bounds
    return max(1, math.ceil(max(x1 - x0, y1 - y0) / MAX_PIXELS))


def _blocks(path, bounds, block, reduce, visit=None):
    """Reduce the region of the table at path to blocks, streaming its rows.

    reduce(cells) takes an array of shape (rows, cols, block * block), the
    cells of each block (a block cut by the region's edge repeats its
    cells to fill up; a cell a values file does not hold is UNKNOWN), and
    returns one value per block. visit, if given,
    sees the region's rows as they are read.
    """
    x0, x1, y0, y1 = bounds
    out, pending = [], np.empty((0, y1 - y0), dtype=np.int32)

    def flush(rows):
        height = math.ceil(len(rows) / block)
        width = math.ceil((y1 - y0) / block)
        padded = np.pad(rows, ((0, height * block - len(rows)), (0, width * block - rows.shape[1])),
                        mode="edge")
        cells = padded.reshape(height, block, width, block).transpose(0, 2, 1, 3)
        out.append(reduce(cells.reshape(height, width, block * block)))

    for _, rows in iter_rows(path, x0, x1):
        rows = np.ma.filled(rows[:, y0:y1], UNKNOWN)
        if visit:
            visit(rows)
        pending = np.concatenate([pending, rows])
        whole = len(pending) // block * block
        if whole:
            flush(pending[:whole])
            pending = pending[whole:]
    if len(pending):
        flush(pending)
    return np.concatenate(out)


def _show(ax, data, bounds, block=1, **style):
    """imshow data, the region bounds (x0, x1, y0, y1), labelled in table coordinates."""
    x0, x1, y0, y1 = bounds
    image = ax.imshow(data, origin="upper", aspect="equal",
                      extent=(y0 - 0.5, y0 + data.shape[1] * block - 0.5,
                              x0 + data.shape[0] * block - 0.5, x0 - 0.5), **style)
    ax.set_xlim(y0 - 0.5, y1 - 0.5)
    ax.set_ylim(x1 - 0.5, x0 - 0.5)
    ax.set_xlabel("y")
    ax.set_ylabel("x")
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    return image


def _print_values(ax, g, bounds, dark=None):
    """Write each cell's g into it, as the papers' tables do (small regions only).

    dark marks the cells whose background is dark, written in white; cells
    a values file does not hold (UNKNOWN) stay blank.
    """
    x0, _, y0, _ = bounds
    size = max(4.0, min(9.0, 220 / max(g.shape)))
    for (i, j), v in np.ndenumerate(g):
        if v == UNKNOWN:
            continue
        color = "white" if dark is not None and dark[i, j] else "black"
        ax.text(y0 + j, x0 + i, str(v), ha="center", va="center", fontsize=size, color=color)


def _is_dark(colors):
    """Which RGBA colours are dark enough to need white text."""
    rgb = np.asarray(colors)[..., :3]
    return rgb @ np.array([0.299, 0.587, 0.114]) < 0.5


@quiet_partial_reads()
def heatmap(ax, path, region=None, vmin=None, vmax=None):
    """Draw the heatmap of g over region (parsed, or None for all) of the file at path on ax.

    The colour scale runs from the least to the largest value drawn (block
    means in blocks), so that a region's structure shows; vmin and vmax fix
    either end (e.g. 0 and the table's max_value, to compare regions), the
    colour bar marking values beyond them. Cells with g < 0 are grey, cells
    a values file does not hold white. Small regions print their values,
    large ones show block means. Raises ValueError when vmin > vmax.
    """
    if vmin is not None and vmax is not None and vmin > vmax:
        raise ValueError(f"heatmap: vmin {vmin} is above vmax {vmax}")
    md = metadata(path)
    bounds = resolve_region(region, md["n"])
    block = _block(bounds)
    g = _region_cells(path, bounds) if block == 1 else _blocks(path, bounds, block, _block_means)
    known = g[g >= 0]
    low = vmin if vmin is not None else (known.min() if known.size else 0)
    high = vmax if vmax is not None else (known.max() if known.size else low)
    if vmin is None:
        low = min(low, high)  # vmax alone, below the region's least value
    norm = Normalize(vmin=low, vmax=high if high > low else low + 1)  # one value: still a scale
    below = known.size > 0 and known.min() < norm.vmin
    above = known.size > 0 and known.max() > norm.vmax
    extend = ("both" if above else "min") if below else ("max" if above else "neither")
    bad = "white" if "values" in md else "lightgrey"
    cmap = matplotlib.colormaps[HEATMAP].with_extremes(bad=bad)
    image = _show(ax, np.ma.masked_less(g, 0), bounds, block, cmap=cmap, norm=norm)
    ax.figure.colorbar(image, ax=ax, label="g" if block == 1 else "mean g of the known cells of a block",
                       shrink=0.8, extend=extend, ticks=MaxNLocator(integer=True))
    if max(g.shape) <= SMALL and block == 1:
        _print_values(ax, g, bounds, dark=_is_dark(cmap(norm(np.maximum(g, 0)))) & (g >= 0))
    ax.set_title(_title(md, bounds, block), fontsize="medium")


def _check_known(path, md, values):
    """Raise ValueError unless the file at path holds the cells of every value in values."""
    if "values" not in md:
        return
    lo, hi = md["values"]
    outside = [v for v in values if not lo <= v <= hi]
    if outside:
        raise ValueError(f"{path} holds only the cells of the values {lo}-{hi}: where the cells of "
                         f"{_format_values(outside)} are is unknown; choose values within {lo}-{hi}")


@quiet_partial_reads()
def value_map(ax, path, values, region=None):
    """Draw the cells of region whose g is one of values, each in value_color(v), on ax.

    The legend names each value and its number of cells in the region (0 for
    a value absent there); cells of other values are white. Small regions
    print every cell's value; in large ones each block takes the colour of
    the chosen value with the most cells in it. Raises ValueError when
    values is empty, or holds a value outside the range of a values file.
    """
    if not values:
        raise ValueError("value map: no values chosen")
    md = metadata(path)
    _check_known(path, md, values)
    bounds = resolve_region(region, md["n"])
    block = _block(bounds)
    counts = np.zeros(len(values), dtype=np.int64)

    def count(rows):
        counts[:] += [np.count_nonzero(rows == v) for v in values]

    def winner(cells):
        """Index into values of the most frequent chosen value of each block, -1 if none."""
        per_value = np.stack([(cells == v).sum(axis=-1) for v in values])
        return np.where(per_value.max(axis=0) > 0, per_value.argmax(axis=0), -1)

    if block == 1:
        g = _region_cells(path, bounds)
        count(g)
        index = winner(g[..., None])
    else:
        g = None
        index = _blocks(path, bounds, block, winner, visit=count)
    colors = [value_color(v) for v in values]
    cmap = ListedColormap(colors).with_extremes(bad="white")
    # Where the picture has fewer pixels than cells, blend colours, never indices.
    _show(ax, np.ma.masked_less(index, 0), bounds, block, cmap=cmap, vmin=-0.5,
          vmax=len(values) - 0.5, interpolation_stage="rgba")
    if g is not None and max(g.shape) <= SMALL:
        rgba = np.array([matplotlib.colors.to_rgba(c) for c in colors])
        _print_values(ax, g, bounds, dark=(index >= 0) & _is_dark(rgba[index]))
    handles = [Patch(color=c, label=f"g = {v} ({count} cell{'' if count == 1 else 's'})")
               for c, v, count in zip(colors, values, counts)]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0,
              ncols=math.ceil(len(values) / 24), fontsize="small")
    ax.set_title(_title(md, bounds, block, values), fontsize="medium")


@quiet_partial_reads()
def diff_map(ax, path_a, path_b, region=None):
    """Draw where the files at path_a and path_b differ over region, on ax.

    Differing cells are coloured by g_b - g_a on a symmetric diverging scale
    with a colour bar, equal cells are white, cells that either file (a
    values file) does not hold are grey and counted apart. The region must
    lie in the smaller table (the whole of it when None). Returns the number
    of differing cells.
    """
    md_a, md_b = metadata(path_a), metadata(path_b)
    bounds = resolve_region(region, min(md_a["n"], md_b["n"]))
    a = _region_cells(path_a, bounds).astype(np.int64)
    b = _region_cells(path_b, bounds).astype(np.int64)
    unknown = (a == UNKNOWN) | (b == UNKNOWN)
    d = np.ma.masked_array(b - a, mask=(a == b) | unknown)
    differ = int(d.count())
    scale = max(int(np.abs(d).max()), 1) if differ else 1
    cmap = matplotlib.colormaps["coolwarm"].with_extremes(bad="white")
    # Blend colours, so that a lone differing cell still tints its pixel.
    image = _show(ax, d, bounds, cmap=cmap, vmin=-scale, vmax=scale, interpolation_stage="rgba")
    ax.figure.colorbar(image, ax=ax, label=f"g of {md_b['table']} − g of {md_a['table']}",
                       shrink=0.8, ticks=MaxNLocator(integer=True))
    if unknown.any():
        _show(ax, np.ma.masked_array(np.ones(unknown.shape), mask=~unknown), bounds,
              cmap=ListedColormap(["lightgrey"]), vmin=0, vmax=1, interpolation_stage="rgba")
    x0, x1, y0, y1 = bounds
    unknowns = int(unknown.sum())
    counted = (f"{differ} of the {a.size - unknowns} cells both files hold differ; {unknowns} unknown (grey): "
               f"outside a values file's range" if unknowns else f"{differ} of {a.size} cells differ")
    ax.set_title(f"{md_b['symbol']} − {md_a['symbol']} (n = {min(md_a['n'], md_b['n'])}), "
                 f"x {x0}–{x1 - 1}, y {y0}–{y1 - 1}:\n{counted}", fontsize="medium")
    return differ


def figure(paths, region=None, values=None, diff=False, vmin=None, vmax=None):
    """Return a matplotlib Figure of the files in paths (one or two).

    region is a parsed region or None for whole tables. With diff, paths must
    be two files and the figure shows where they differ; values is then not
    allowed. Otherwise each file gets a panel, a value map when values is
    given, else a heatmap on the scale vmin..vmax (see heatmap). Raises
    ValueError on a bad combination or a file that is not a result file.
    """
    paths = list(paths)
    if not 1 <= len(paths) <= 2:
        raise ValueError(f"plot one or two files, not {len(paths)}")
    if diff and len(paths) != 2:
        raise ValueError("a difference needs two files")
    if diff and values:
        raise ValueError("choose either a difference or values, not both")
    if (diff or values) and (vmin is not None or vmax is not None):
        raise ValueError("vmin and vmax set the scale of a heatmap, not of a difference or value map")
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
            heatmap(ax, path, region, vmin, vmax)
    return fig


def plot(paths, out, region=None, values=None, diff=False, vmin=None, vmax=None):
    """Draw figure(paths, region, values, diff, vmin, vmax) and save it to out.

    The format follows out's extension (.png, .svg, .pdf, ...). Returns out.
    """
    figure(paths, region, values, diff, vmin, vmax).savefig(out, dpi=DPI)
    return out


def main(argv=None):
    """Run the command line; returns the exit status (0 done, 1 failed, 2 usage)."""
    parser = argparse.ArgumentParser(
        description="Draw a region of one or two Grundy table files, values files or values "
                    "datasets: a heatmap, a map of chosen values, or the difference of two tables.")
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="table files, values files or values dataset directories (one or two)")
    parser.add_argument("--region", type=parse_region, metavar="X0:X1,Y0:Y1",
                        help="half-open ranges of x and y; a bound may be left out "
                             "(default: the whole table)")
    parser.add_argument("--values", type=parse_values, metavar="LIST",
                        help='map the cells of these values, e.g. "0-5"; a list that starts '
                             'with a negative value needs the = form: --values=-1,0,3-4')
    parser.add_argument("--diff", action="store_true",
                        help="show where the two files differ")
    parser.add_argument("--vmin", type=float, metavar="V",
                        help="heatmap: the value at the bottom of the colour scale "
                             "(default: the least value in the region)")
    parser.add_argument("--vmax", type=float, metavar="V",
                        help="heatmap: the value at the top of the colour scale "
                             "(default: the largest value in the region; the table's max_value "
                             "gives every region of a table the same scale)")
    parser.add_argument("-o", "--out", required=True, metavar="FIG",
                        help="output picture; the format follows the extension (.png, .svg)")
    args = parser.parse_args(argv)
    if len(args.files) > 2:
        parser.error("give one or two files")
    if args.diff and len(args.files) != 2:
        parser.error("--diff needs two files")
    if args.diff and args.values:
        parser.error("--diff and --values do not go together")
    if (args.diff or args.values) and (args.vmin is not None or args.vmax is not None):
        parser.error("--vmin and --vmax set the scale of a heatmap; drop them with --diff or --values")
    if args.vmin is not None and args.vmax is not None and args.vmin > args.vmax:
        parser.error(f"--vmin {args.vmin:g} is above --vmax {args.vmax:g}")
    try:
        plot(args.files, args.out, args.region, args.values, args.diff, args.vmin, args.vmax)
    except (OSError, ValueError) as err:
        print(f"{parser.prog}: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
