"""Every example of README.md and docs/*.md runs: the doc test.

The fenced blocks marked ``sh``, ``python`` and ``sql`` of each page run in
order, in one temporary directory per page, with ``bin/`` holding the
commands built from this checkout, ``scripts/`` the repository's scripts and
``docs/schemas/`` its JSON Schemas,
so that a page's later blocks see the files its earlier blocks wrote. A
block runs as written but for its table sides: the pages show research
sizes (n = 10⁶ … 10⁹), which ``small_sizes`` brings down to SMALL_N so that
the whole test takes minutes. Blocks of any other language (``text``, usage
lines, outputs) are shown, not run. A block that cannot run in a test (it
runs this very test suite, or installs packages) is preceded by the comment
``<!-- doctest: skip REASON -->``, and the test requires the reason.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md"] + sorted((REPO / "docs").glob("*.md"))
RUN_LANGUAGES = ("sh", "python", "sql")
SMALL_N = 20000
# The sizes the pages use for research runs; each becomes SMALL_N wherever it
# appears in a block (a table side, a file name, a bound of rows).
LARGE_SIZES = ("10000000000", "1000000000", "150000000", "100000000", "10000000", "1000000",
               "100000")
BLOCK_TIMEOUT = 600

FENCE = re.compile(r"^```(\S*)\s*$")
SKIP = re.compile(r"^<!-- doctest: skip (.+?) -->\s*$")


def blocks(page):
    """The fenced blocks of page: (first line number, language, text, skip reason or None)."""
    found, lines = [], page.read_text(encoding="utf-8").splitlines()
    i, skip = 0, None
    while i < len(lines):
        m = SKIP.match(lines[i])
        if m:
            skip = m.group(1)
            i += 1
            continue
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].strip():
                skip = None
            i += 1
            continue
        start, language = i + 1, m.group(1)
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise AssertionError(f"{page.name}:{start}: a fence that never closes")
        found.append((start, language, "\n".join(body) + "\n", skip))
        skip = None
        i += 1
    return found


def small_sizes(text):
    """text with every research size of LARGE_SIZES replaced by SMALL_N."""
    pattern = re.compile(r"(?<![0-9])(" + "|".join(LARGE_SIZES) + r")(?![0-9])")
    return pattern.sub(str(SMALL_N), text)


def test_small_sizes():
    assert small_sizes("bin/compute -n 10000000 -out out; out/gneg1_n1000000.values 100000000") == \
        f"bin/compute -n {SMALL_N} -out out; out/gneg1_n{SMALL_N}.values {SMALL_N}"
    assert small_sizes("-n 10000 -values 0-200 x=12345") == "-n 10000 -values 0-200 x=12345"
    assert small_sizes("-n 20000000") == "-n 20000000"


def test_blocks_are_found(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("a\n```sh\necho 1\n```\n<!-- doctest: skip runs the tests -->\n```sh\nx\n```\n"
                    "```text\nout\n```\n", encoding="utf-8")
    assert blocks(page) == [(2, "sh", "echo 1\n", None), (6, "sh", "x\n", "runs the tests"),
                            (9, "text", "out\n", None)]


# A Markdown link or image, [text](target) or ![alt](target), with an
# optional title after the target.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
ANCHOR_TAG = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def prose(page_text):
    """The lines of a page outside its fenced blocks, with inline code blanked, and their numbers."""
    lines, fenced = [], False
    for number, line in enumerate(page_text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, re.sub(r"`[^`]*`", "``", line)))
    return lines


def slug(heading):
    """The anchor GitHub gives a heading: lowercase, punctuation but - and _ dropped, spaces as -."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page):
    """Every #anchor of page: its headings' slugs (a repeated one numbered -1, -2 …) and <a id> tags."""
    text = page.read_text(encoding="utf-8")
    found, seen, fenced = set(), {}, False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        found.update(ANCHOR_TAG.findall(line))
        m = HEADING.match(line)
        if m:
            base = slug(m.group(2))
            found.add(base if base not in seen else f"{base}-{seen[base]}")
            seen[base] = seen.get(base, 0) + 1
    return found


def broken_links(page):
    """The relative links and #anchors of page that lead nowhere, as 'page:line: target: why'."""
    broken = []
    for number, line in prose(page.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …: not a file of the repository
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            where = f"{page.name}:{number}: {target}"
            if not dest.exists():
                broken.append(f"{where}: no file {dest}")
            elif anchor and dest.suffix != ".md":
                broken.append(f"{where}: an anchor into a file that is not a Markdown page")
            elif anchor and anchor not in anchors(dest):
                broken.append(f"{where}: {dest.name} has no heading or <a id> with that anchor")
    return broken


def test_slug():
    assert slug("Research runs on the band") == "research-runs-on-the-band"
    assert slug("Full sweeps that write no table: `-sweep full -write values|none`") == \
        "full-sweeps-that-write-no-table--sweep-full--write-valuesnone"
    assert slug("1. Compute: the cells of the values 0 … V, to any n") == "1-compute-the-cells-of-the-values-0--v-to-any-n"
    assert slug("G₋₁ and G*₋₁") == "g₁-and-g₁"  # ₋ is a symbol, ₁ a number


def test_broken_links_are_found(tmp_path):
    (tmp_path / "img.png").write_bytes(b"")
    (tmp_path / "other.md").write_text("# A heading\n## Twice\n## Twice\n<a id=\"here\"></a>\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("# Top\n[ok](other.md) [ok](other.md#a-heading) [ok](other.md#twice-1) [ok](other.md#here)\n"
                    "![ok](img.png) [ok](#top) [ok](https://example.org/x.md#y) `[code](nowhere.md)`\n"
                    "```text\n[in a block](nowhere.md)\n```\n"
                    "[bad](nowhere.md) ![bad](missing.png) [bad](other.md#no-such) [bad](#nothing) [bad](img.png#x)\n",
                    encoding="utf-8")
    broken = broken_links(page)
    assert [b.split(": ")[1] for b in broken] == ["nowhere.md", "missing.png", "other.md#no-such", "#nothing", "img.png#x"], broken


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(REPO).as_posix() for p in PAGES])
def test_page_links_resolve(page):
    """Every relative link and image of the page names a file of the repository, and every #anchor a heading."""
    assert broken_links(page) == []


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """A directory with bin/compute and bin/verify built from this checkout."""
    go = shutil.which("go")
    if go is None:
        pytest.fail("go is not on PATH; the doc test builds cmd/compute and cmd/verify")
    root = tmp_path_factory.mktemp("docbin")
    subprocess.run([go, "build", "-o", str(root / "bin") + "/", "./cmd/..."], cwd=REPO, check=True)
    return root / "bin"


HELP_FLAG = re.compile(r"^  -([a-z][a-z0-9-]*)\b", re.MULTILINE)
TABLE_FLAG = re.compile(r"^\| `-([a-z][a-z0-9-]*)` \|", re.MULTILINE)


def help_flags(binary):
    """The flags the command's -help prints (to stderr, exit 0)."""
    done = subprocess.run([str(binary), "-help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(HELP_FLAG.findall(done.stderr + done.stdout))


def table_flags(page):
    """The flags of a page's tables of flags: the rows that begin | `-flag` |."""
    return set(TABLE_FLAG.findall(page.read_text(encoding="utf-8")))


def test_flags_are_read(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("| flag | default | meaning |\n| --- | --- | --- |\n| `-n` | 1 | x |\n| `-max-cells` | 2 | y |\n"
                    "text `-other` | `-no` |\n", encoding="utf-8")
    assert table_flags(page) == {"n", "max-cells"}
    assert HELP_FLAG.findall("usage: x [-n N]\n  -n value\n    \tthe size\n  -max-cells int\n") == ["n", "max-cells"]


@pytest.mark.parametrize("command", ["compute", "verify"])
def test_help_and_page_name_the_same_flags(command, built):
    """Every flag that -help prints is in the flag tables of docs/<command>.md, and every flag there is in -help."""
    printed, documented = help_flags(built / command), table_flags(REPO / "docs" / f"{command}.md")
    assert printed, f"{command} -help printed no flags"
    assert sorted(printed - documented) == [], f"flags of {command} -help missing from docs/{command}.md"
    assert sorted(documented - printed) == [], f"flags in docs/{command}.md that {command} -help does not print"


def run_block(workdir, language, text, env):
    if language == "sh":
        argv = ["bash", "-euo", "pipefail", "-c", text]
    elif language == "python":
        argv = [sys.executable, "-c", text]
    else:
        argv = [sys.executable, "-c", "import duckdb, sys\nprint(duckdb.connect().sql(sys.stdin.read()).fetchall())"]
    return subprocess.run(argv, cwd=workdir, env=env, input=text if language == "sql" else None,
                          capture_output=True, text=True, timeout=BLOCK_TIMEOUT)


def run_page(page, bindir, workdir):
    """Runs the examples of page in workdir, in order; returns the first failure's message, or None."""
    (workdir / "bin").symlink_to(bindir)
    (workdir / "scripts").symlink_to(REPO / "scripts")
    (workdir / "games").symlink_to(REPO / "games")
    (workdir / "docs").mkdir()
    (workdir / "docs" / "schemas").symlink_to(REPO / "docs" / "schemas")
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(pathlib.Path(sys.executable).parent), env.get("PATH", "")])
    env["MPLBACKEND"] = "Agg"
    env["GRUNDY_REPO"] = str(REPO)
    env["GRUNDY_OUT"] = str(workdir / "notebook-out")
    for start, language, text, skip in blocks(page):
        if language not in RUN_LANGUAGES:
            continue
        if skip is not None:
            if not skip.strip():
                return f"{page.name}:{start}: a skipped block must say why"
            continue
        done = run_block(workdir, language, small_sizes(text), env)
        if done.returncode != 0:
            return (f"{page.name}:{start}: the {language} block exited {done.returncode}\n"
                    f"--- block (sizes brought down to n = {SMALL_N}) ---\n{small_sizes(text)}"
                    f"--- stdout ---\n{done.stdout[-3000:]}\n--- stderr ---\n{done.stderr[-3000:]}")
    return None


def test_a_failing_example_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```sh\necho made > made.txt\n```\n```text\nexit 1\n```\n"
                    "```python\nopen('made.txt')\n```\n```sql\nSELECT 1\n```\n", encoding="utf-8")
    (tmp_path / "work").mkdir()
    assert run_page(page, tmp_path, tmp_path / "work") is None
    for broken in ("```sh\nfalse\n```\n", "```python\nraise SystemExit(2)\n```\n",
                   "```sql\nSELECT * FROM no_such_table\n```\n"):
        page.write_text(broken, encoding="utf-8")
        work = tmp_path / f"work{len(broken)}"
        work.mkdir()
        assert "exited" in run_page(page, tmp_path, work), broken


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(REPO).as_posix() for p in PAGES])
def test_page_examples_run(page, built, tmp_path):
    workdir = tmp_path / "work"
    workdir.mkdir()
    failure = run_page(page, built, workdir)
    assert failure is None, failure
