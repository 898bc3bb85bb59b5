"""The pattern JSON of ``verify -patterns -json``, checked against the file it is drawn over.

The JSON (conjecture/pattern/file.go) names the table id ("table") and the
size ("n") it was searched on; read_patterns refuses it together with a
table file, values file or values dataset of another table or n, so that no
tool draws one table's verdict over another table's cells.
"""

import json

from .reader import metadata

#: The statuses of a value in a pattern JSON (conjecture/pattern Statuses):
#: "proved" holds for all x, y by a certificate (compute -patterns); the
#: others are observed on 0 <= x, y <= n only.
STATUSES = ("proved", "stable", "tentative", "unstable", "none")


class PatternFileError(ValueError):
    """A pattern JSON that cannot be read, or belongs to another table or n than its data file."""


def read_patterns(json_path, data_path=None):
    """Return the pattern JSON at json_path as a dict, checked against the file at data_path.

    The JSON must hold a table id and n. With data_path (a table file,
    values file or values dataset), its table and n must be those of the
    data file, else PatternFileError naming both files and what differs.
    """
    try:
        with open(json_path) as fh:
            report = json.load(fh)
    except (OSError, ValueError) as err:
        raise PatternFileError(f"{json_path}: not a readable pattern JSON: {err}") from None
    if not isinstance(report, dict) or not isinstance(report.get("table"), str) \
            or not isinstance(report.get("n"), int):
        raise PatternFileError(f"{json_path}: not a pattern JSON of verify -patterns -json "
                               f"(no table id and n)")
    for entry in report.get("values", []):
        status = entry.get("status") if isinstance(entry, dict) else None
        if status not in STATUSES:
            raise PatternFileError(f"{json_path}: value {entry.get('value') if isinstance(entry, dict) else entry!r} "
                                   f"has status {status!r}, not one of {', '.join(STATUSES)}")
        if (status == "proved") != isinstance(entry.get("proof"), dict):
            raise PatternFileError(f"{json_path}: value {entry.get('value')} has status {status!r} "
                                   f"{'without' if status == 'proved' else 'with'} a proof")
    if data_path is not None:
        md = metadata(data_path)
        if (report["table"], report["n"]) != (md["table"], md["n"]):
            raise PatternFileError(
                f"{json_path} is the pattern report of table {report['table']} at n = {report['n']}, "
                f"but {data_path} holds table {md['table']} at n = {md['n']}: give the file the "
                f"report was made from")
    return report
