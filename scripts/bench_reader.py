"""Time grundytables' reads of a values dataset against polars on the same query, and print the ratios.

Usage:

    python scripts/bench_reader.py DATASET [--values 37,0,100,200] [--repeat 5] [--report PATTERNS.json]

DATASET is a values dataset directory (e.g. bin/compute -table gneg1 -n
1000000 -write values -values 0-200 -out /tmp/ds). For each query the two
readers run alternately, --repeat times each, and the medians and their
ratio are printed (the target: grundytables within 3x of polars), by the
wall clock and by the CPU time of the process (all its threads: polars
reads with several), which a shared machine disturbs less. polars
reads the parts the manifest lists (not a glob) and checks nothing;
grundytables checks each part it reads against its SHA-256, and is also
timed with verify=False. The queries: the cells of each value (cells),
the cells of a value in 2000 rows (what grundy-pattern-plot --rows reads),
one cell (cell), a 200 x 200 window (load_region, what grundy-plot
--region reads). With --report, the whole grundy-pattern-plot command
(offsets plot of the first value, --rows 4000:6000) is timed as well.
Run it on a quiet machine: both readers use the CPU and the page cache.
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

import polars as pl

import grundytables


def median_times(calls, repeat, clock=time.perf_counter):
    """Run each of calls in turn, repeat rounds; return the median seconds of each by clock."""
    times = [[] for _ in calls]
    for _ in range(repeat):
        for k, call in enumerate(calls):
            start = clock()
            call()
            times[k].append(clock() - start)
    return [statistics.median(t) for t in times]


def queries(path, values, parts):
    """(name, grundytables' call, grundytables' call with verify=False, polars' call) of each query."""
    scan = lambda: pl.scan_parquet(parts)  # noqa: E731
    found = []
    for v in values:
        found.append((f"cells(D, {v})", lambda v=v: grundytables.cells(path, v),
                      lambda v=v: grundytables.cells(path, v, verify=False),
                      lambda v=v: scan().filter(pl.col("v") == v).select("x", "y").collect()))
    v = values[0]
    found.append((f"cells(D, {v}, rows=(4000, 6000))", lambda: grundytables.cells(path, v, rows=(4000, 6000)),
                  lambda: grundytables.cells(path, v, rows=(4000, 6000), verify=False),
                  lambda: scan().filter((pl.col("v") == v) & pl.col("x").is_between(4000, 5999)).select("x", "y").collect()))
    found.append(("cell(D, 65636, 65666)", lambda: grundytables.cell(path, 65636, 65666),
                  lambda: grundytables.cell(path, 65636, 65666, verify=False),
                  lambda: scan().filter((pl.col("x") == 65636) & (pl.col("y") == 65666)).select("v").collect()))
    found.append(("load_region(D, 5000:5200, 5000:5200)", lambda: grundytables.load_region(path, 5000, 5200, 5000, 5200),
                  lambda: grundytables.load_region(path, 5000, 5200, 5000, 5200, verify=False),
                  lambda: scan().filter(pl.col("x").is_between(5000, 5199) & pl.col("y").is_between(5000, 5199)).collect()))
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dataset", type=pathlib.Path)
    parser.add_argument("--values", default="37,0,100,200", help="comma-separated values to query")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--report", help="a patterns JSON of the dataset: also time grundy-pattern-plot")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore", grundytables.PartialReadWarning)
    manifest = json.loads((args.dataset / "_manifest.json").read_text())
    parts = [str(args.dataset / p["file"]) for p in manifest["parts"]]
    values = [int(v) for v in args.values.split(",")]
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"{args.dataset}: n = {manifest['n']}, {manifest['cells']} cells in {len(parts)} parts; CPU {cpu}; "
          f"medians of {args.repeat}, alternating")
    print(f"{'query':40} {'grundytables':>12} {'verify=False':>12} {'polars':>8} {'ratio':>6}   "
          f"CPU time: {'ours':>6} {'polars':>7} {'ratio':>6}")
    for name, ours, unverified, theirs in queries(args.dataset, values, parts):
        a, b, c = median_times([ours, unverified, theirs], args.repeat)
        cpu_a, cpu_c = median_times([ours, theirs], args.repeat, time.process_time)
        print(f"{name:40} {a:11.3f}s {b:11.3f}s {c:7.3f}s {a / c:5.1f}x   "
              f"          {cpu_a:5.3f}s {cpu_c:6.3f}s {cpu_a / cpu_c:5.1f}x")
    if args.report:
        with tempfile.TemporaryDirectory() as tmp:
            command = [sys.executable, "-m", "grundytables.pattern_plot", args.report, str(args.dataset),
                       "--value", str(values[0]), "--rows", "4000:6000", "--offsets", f"{tmp}/offsets.png"]
            (seconds,) = median_times([lambda: subprocess.run(command, check=True, stderr=subprocess.DEVNULL)],
                                      args.repeat)
        print(f"grundy-pattern-plot --value {values[0]} --rows 4000:6000 --offsets: {seconds:.3f}s (whole command)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
