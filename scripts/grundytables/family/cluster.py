"""Slurm and PBS clusters for grundy-family through dask-jobqueue.

Each batch job starts one Dask worker with --processes worker processes on
--cores cores; a worker process runs one member (bin/compute -workers 1) at
a time, so --processes equal to --cores keeps every core busy. The workers
must see the repository (bin/compute, the grundytables package) and --out
at the same paths as the machine that runs grundy-family: a shared file
system. `grundy-family jobscript slurm …` prints the script a run submits.
"""

# The options of a batch job: (flag, dask-jobqueue keyword, type, default, help).
OPTIONS = (
    ("--queue", "queue", str, None, "the partition (Slurm) or queue (PBS)"),
    ("--account", "account", str, None, "the account the jobs are charged to"),
    ("--walltime", "walltime", str, "01:00:00", "each job's time limit, HH:MM:SS"),
    ("--cores", "cores", int, 2, "cores of each job"),
    ("--processes", "processes", int, 2, "worker processes of each job (one member at a time each)"),
    ("--memory", "memory", str, "4GB", "memory of each job"),
    ("--python", "python", str, None, "the Python of the workers' environment (default: this one)"),
)


def add_options(parser):
    """Add the batch job's options to an argparse parser."""
    for flag, _, kind, default, text in OPTIONS:
        parser.add_argument(flag, type=kind, default=default, help=f"with --jobqueue: {text} (default {default})")


def options_of(args):
    """The dask-jobqueue keywords of parsed arguments; options left unset are left out."""
    return {key: getattr(args, key) for _, key, _, _, _ in OPTIONS if getattr(args, key) is not None}


def jobqueue_cluster(kind, **options):
    """A dask_jobqueue SLURMCluster or PBSCluster with options (OPTIONS' keywords); no job is submitted yet."""
    import dask_jobqueue
    cls = {"slurm": dask_jobqueue.SLURMCluster, "pbs": dask_jobqueue.PBSCluster}[kind]
    return cls(job_name="grundy-family", **options)
