"""The errors of grundytables and the answer for a cell a values file does not hold."""

import contextlib
import dataclasses
import re
import warnings

import pyarrow as pa


class TableFileError(ValueError):
    """A file that is not a readable, intact table or values file; the message names it."""


class DamagedValuesDataset(TableFileError):
    """A values dataset whose manifest, or one of its parts, fails a check.

    The message is "damaged values dataset: <path>: <what is wrong>", path
    the manifest or the part at fault.
    """

    def __init__(self, path, reason):
        super().__init__(f"damaged values dataset: {path}: {reason}")
        self.path = path


class ValuesDatasetReplaced(TableFileError):
    """A values dataset whose directory was replaced while it was read, as a compute run that
    publishes it anew replaces it: what was read no longer matches the manifest read first,
    which is no damage. Read it again."""

    def __init__(self, path):
        super().__init__(f"values dataset replaced while it was read: {path} is another directory now "
                         f"(a compute run published it anew, or it was moved): read it again")
        self.path = path


class PartialReadWarning(UserWarning):
    """A read of part of a values dataset: what it could not check (cells_sha256 above all) is in the message.

    It is meant for programs: the library's reads (cell, cells, load_region,
    iter_rows of some rows) warn with it. The plots (grundytables.plot,
    grundytables.pattern_plot) and their commands, drawn for a person, do
    not: they read under quiet_partial_reads. check_dataset checks a
    dataset whole, which no partial read can.
    """


@contextlib.contextmanager
def quiet_partial_reads():
    """A context (or a decorator) in which PartialReadWarning is not shown; other warnings are."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PartialReadWarning)
        yield


@dataclasses.dataclass(frozen=True)
class Unknown:
    """The value of a cell that a values file does not hold: outside its range lo..hi.

    A values file keeps every cell whose value lies in lo..hi, so a cell it
    lacks has a value above hi or below lo (g = -1 included); which one it
    is, the file cannot tell. str() says so: "unknown (value > 40 or < 0)".
    """

    lo: int
    hi: int

    def __str__(self):
        return f"unknown (value > {self.hi} or < {self.lo})"

    __repr__ = __str__


@contextlib.contextmanager
def naming(path, what="table file"):
    """Turn pyarrow's errors about the file at path into a TableFileError naming it."""
    try:
        yield
    except TableFileError:
        raise
    except FileNotFoundError:
        raise
    except (pa.ArrowException, OSError, EOFError) as err:
        raise TableFileError(f"{path}: not a readable {what} "
                             f"(damaged or truncated?): {err}") from err


VALUE_RANGE = re.compile(r"(0|[1-9][0-9]*)-(0|[1-9][0-9]*)")  # ASCII digits only, as Go writes them
INT32_MAX = (1 << 31) - 1


def parse_value_range(text, where):
    """Parse "LO-HI" (0 <= LO <= HI <= 2**31 - 1, as compute writes -values) into (lo, hi).

    Only the form Go's ValueRange.String writes is accepted: ASCII decimal
    digits without sign, space or leading zero ("0-20", not "0-20 ", "00-20"
    or Arabic-Indic digits, which int() would take). where names the file
    and key in the TableFileError raised on anything else.
    """
    match = VALUE_RANGE.fullmatch(text) if isinstance(text, str) else None
    lo, hi = (int(match[1]), int(match[2])) if match else (None, None)
    if match is None or not lo <= hi <= INT32_MAX:
        raise TableFileError(f"{where} = {text!r} is not a range LO-HI of ASCII digits with "
                             f"0 <= LO <= HI <= {INT32_MAX}, as compute writes it")
    return lo, hi
