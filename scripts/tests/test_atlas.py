"""scripts/atlas.sh and grundytables.atlas at a small n, and the "proved" status of the pattern JSON."""

import json
import signal
import subprocess
import sys

import pytest

from conftest import REPO, signal_once_compute_runs

from grundytables import PatternFileError, read_patterns
from grundytables.atlas import TABLES, WELL_OBSERVED_PERIODS, default_offsets_value, search_sentence

N = 3000


@pytest.fixture(scope="module")
def atlas_dir(tmp_path_factory):
    """The -out directory of scripts/atlas.sh at n = N, values 0-20."""
    out = tmp_path_factory.mktemp("atlas")
    subprocess.run(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", str(N), "-values", "0-20",
                    "-out", str(out), "-python", sys.executable], check=True, capture_output=True)
    return out


def test_atlas_written(atlas_dir):
    atlas = atlas_dir / f"atlas_n{N}"
    for png in atlas.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (atlas / "period_start.png").exists()
    assert len(list(atlas.glob("offsets_*.png"))) == 3
    data = json.loads((atlas / "atlas.json").read_text())
    assert [t["table"] for t in data["tables"]] == [t for t, _, _ in TABLES]
    gneg1 = data["tables"][0]
    # Theorem 4 of the goishi-hiroi paper: the values 0 ... 3 of G₋₁ are proved.
    assert gneg1["proof"]["v"] >= 3
    for entry in gneg1["values"]:
        assert (entry["status"] == "proved") == (entry["value"] <= gneg1["proof"]["v"])
    assert gneg1["values"][3]["period"] == 4 and gneg1["values"][3]["start"] == 6
    md = (atlas / "atlas.md").read_text()
    assert "three-pile nim with a pass" in md and "open problem" in md
    assert "arXiv 2412.03996" in md
    assert "proved for all x, y" in md


def test_read_patterns_accepts_proved(atlas_dir):
    report = read_patterns(atlas_dir / f"gneg1_n{N}.patterns.json")
    assert any(v["status"] == "proved" for v in report["values"])


@pytest.mark.parametrize("change", [
    lambda v: v.update(status="certain"),      # not a status
    lambda v: v.pop("proof"),                  # proved without its proof
])
def test_read_patterns_refuses_bad_status(atlas_dir, tmp_path, change):
    report = json.loads((atlas_dir / f"gneg1_n{N}.patterns.json").read_text())
    change(report["values"][0])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(report))
    with pytest.raises(PatternFileError):
        read_patterns(bad)


def _forged_atlas(atlas_dir, tmp_path, forge):
    """table_atlas of gneg1 from a copy of its patterns file and certificate, after forge(report, dir)."""
    from grundytables.atlas import table_atlas
    name = f"gneg1_n{N}.patterns.json"
    report = json.loads((atlas_dir / name).read_text())
    for cert in atlas_dir.glob("*.proof.json"):
        (tmp_path / cert.name).write_bytes(cert.read_bytes())
    forge(report, tmp_path)
    (tmp_path / name).write_text(json.dumps(report))
    return table_atlas(tmp_path, "gneg1", N)


def _proved(report):
    return [v for v in report["values"] if v["status"] == "proved"]


def _copy_block_above_v(report, _):
    """A value above V that has a pattern, marked proved with V's proof block."""
    top = _proved(report)[-1]
    above = next(v for v in report["values"] if v["value"] > top["value"] and v["period"] > 0)
    above["status"], above["proof"] = "proved", dict(top["proof"])


def _other_table(report, directory):
    """The proof blocks pointing at G_P's certificate, with its sha256."""
    import hashlib
    other = directory / f"passnim_n{N}.proof.json"
    for v in _proved(report):
        v["proof"]["certificate"] = other.name
        v["proof"]["certificate_sha256"] = hashlib.sha256(other.read_bytes()).hexdigest()


def _other_game(report, directory):
    """The patterns file recording another game under gneg1's id (G*₋₁'s rules, their identity):
    its certificate is of gneg1's game."""
    other = json.loads((directory / f"gstarneg1_n{N}.proof.json").read_text())["game"]
    report["game"] = dict(other, id="gneg1")


def _changed_bytes(report, directory):
    cert = directory / _proved(report)[0]["proof"]["certificate"]
    cert.write_bytes(cert.read_bytes() + b"\n")


def _no_sum(report, _):
    """Proof blocks of an earlier version, without the certificate's sha256."""
    for v in _proved(report):
        v["proof"].pop("certificate_sha256")


def _missing(report, _):
    for v in _proved(report):
        v["proof"]["certificate"] = "gneg1_n9999.proof.json"


def _other_first_v(report, _):
    """Every proof block stating another first unrepeated V than its certificate records."""
    for v in _proved(report):
        v["proof"]["first_unrepeated_v"] += 1


def _other_bound(report, _):
    """One proof block stating another search bound than its certificate records."""
    _proved(report)[1]["proof"]["search_bound"] *= 2


def test_atlas_proves_only_what_the_certificate_covers(atlas_dir, tmp_path):
    """The atlas says "proved" only for values its patterns file ties to a certificate beside it by
    sha256 that covers them; the theorem is stated once per table with the certificate's sha256."""
    sound = _forged_atlas(atlas_dir, tmp_path, lambda report, _: None)
    assert sound["proof"] and len(sound["proof"]["sha256"]) == 64 and sound["unverified"] is None
    assert any(e["status"] == "proved" for e in sound["values"])
    md = (atlas_dir / f"atlas_n{N}" / "atlas.md").read_text()
    assert md.count("Theorem (proved for all x, y, not only up to n): for all x, y ≥ 0, the cells of") == 3
    for table, symbol, _ in TABLES:  # each table's section leads with its theorem
        assert f"## {symbol} ({table})\n\nTheorem (proved for all x, y" in md
    assert "P-positions of three-pile nim with a pass having a pile ≤" in md
    cert = json.loads((atlas_dir / sound["proof"]["certificate"]).read_text())
    assert sound["proof"]["search"] == {"bound": cert["search"]["bound"],
                                        "first_unrepeated_v": cert["search"].get("first_unrepeated_v", 0)}
    atlas = json.loads((atlas_dir / f"atlas_n{N}" / "atlas.json").read_text())
    for t in atlas["tables"]:  # each theorem is followed by its search's outcome, as its certificate records it
        assert t["proof"]["search"]["bound"] == N
        assert f"{search_sentence(t['proof'])}\n" in md


@pytest.mark.parametrize("proof, says, never", [
    ({"v": 31, "search": {"bound": 10**6, "first_unrepeated_v": 32}},
     "Searched, not proved: the band state of V = 32 does not repeat within 1000000 rows", "every V"),
    ({"v": 20, "search": {"bound": 3000, "first_unrepeated_v": 0}},
     "every V ≤ 20 repeats within 3000 rows; the search stopped at V = 20", "does not repeat"),
    ({"v": 20, "search": None}, "records no search outcome", "V = 21"),
])
def test_search_sentence(proof, says, never):
    """The search's outcome is stated as a search result, never naming a V it did not search."""
    assert says in search_sentence(proof) and never not in search_sentence(proof)


@pytest.mark.parametrize("forge, reason", [
    (_copy_block_above_v, "which proves the values 0 …"),
    (_other_table, "but it is the certificate of passnim"),
    (_other_game, "is the certificate of the game of identity 9f8873b4c6c2d962"),
    (_changed_bytes, "has sha256"),
    (_missing, "missing or not a regular file"),
    (_no_sum, "no certificate_sha256"),
    (_other_first_v, "states the search bound"),
    (_other_bound, "value 1 states the search bound 6000 rows"),
    (lambda report, _: _proved(report)[0]["proof"].pop("certificate_sha256"), "more than one certificate"),
])
def test_atlas_refuses_forged_proofs(atlas_dir, tmp_path, forge, reason):
    from grundytables.atlas import CLAIMED, markdown
    t = _forged_atlas(atlas_dir, tmp_path, forge)
    assert t["proof"] is None and reason in t["unverified"]
    assert not any(e["status"] == "proved" for e in t["values"])
    assert any(e["status"] == CLAIMED for e in t["values"])
    md = markdown({"n": N, "values": "0-20", "tables": [t, t, t]}, {"period_start": "p.png"})
    assert "Theorem (proved" not in md and CLAIMED in md


def test_missing_table_is_an_error(tmp_path):
    from grundytables import atlas
    assert atlas.main([str(tmp_path), "--n", str(N)]) == 1


def test_atlas_keeps_complete_tables(tmp_path):
    """A second run reuses each table's patterns file for the same n and values; -fresh, another
    range of values or a damaged file computes the table again."""
    def run(*extra):
        done = subprocess.run(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", "500", "-values", "0-5",
                               "-out", str(tmp_path), "-python", sys.executable, *extra],
                              check=True, capture_output=True, text=True)
        return done.stderr

    def stamps():
        return {t: (tmp_path / f"{t}_n500.patterns.json").stat().st_mtime_ns for t, _, _ in TABLES}

    run()
    first = stamps()
    assert run().count("not computed again") == 3
    assert stamps() == first
    (tmp_path / "gneg1_n500.patterns.json").write_text("{")
    log = run()
    assert log.count("not computed again") == 2 and "atlas: gneg1\n" in log
    assert json.loads((tmp_path / "gneg1_n500.patterns.json").read_text())["n"] == 500
    assert "not computed again" not in run("-fresh")
    assert "not computed again" not in run("-values", "0-4")


def test_default_offsets_value_is_the_longest_period_seen_well():
    def entry(value, period, repetitions):
        return {"value": value, "period": period, "repetitions": repetitions, "offsets": [0] * period}
    entries = [entry(1, 2, 5000), entry(6, 24, 400), entry(17, 3024, 9), entry(40, 840, 4), entry(41, 1, 9000)]
    # 40 has the longest period but was seen over 4 periods only; 41 has period 1.
    assert [e["value"] for e in default_offsets_value(entries)] == [17]
    entries[2]["repetitions"] = WELL_OBSERVED_PERIODS - 1
    assert [e["value"] for e in default_offsets_value(entries)] == [6]
    assert default_offsets_value([entry(40, 840, 4)]) == []
    assert default_offsets_value([{"value": 3, "period": 0, "repetitions": 0, "offsets": None}]) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_stopping_atlas_stops_compute(tmp_path, sig):
    """A signal to atlas.sh stops the compute it started and ends it with exit 1; its build
    directory is removed, and one that a kill -9 left is removed by the next run."""
    stale = tmp_path / ".atlas-bin.999999999"
    stale.mkdir()
    n = 30_000_000
    job = subprocess.Popen(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", str(n), "-out", str(tmp_path),
                            "-python", sys.executable], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    stderr = signal_once_compute_runs(job, tmp_path / f".gneg1_n{n}.lock", sig)
    assert "stopped by SIG" in stderr
    assert not list(tmp_path.glob(".atlas-bin.*")), "a build directory is left"


@pytest.mark.parametrize("proof, says", [
    ({"v": 16, "search": {"bound": 3000, "first_unrepeated_v": 17}}, "G₋₁: proved v ≤ 16, V = 17: no repeat within 3,000 rows searched"),
    ({"v": 20, "search": {"bound": 3000, "first_unrepeated_v": 0}},
     "G₋₁: proved v ≤ 20, searched no higher (every V ≤ 20 repeats within 3,000 rows)"),
    ({"v": 20, "search": None}, "G₋₁: proved v ≤ 20"),
    (None, "G₋₁: nothing proved"),
])
def test_plot_title_states_the_search(proof, says):
    """The plot's title names each table's proved V and its search's outcome, no more."""
    from grundytables.atlas import _title_outcome
    assert _title_outcome("G₋₁", proof) == says


GAME_N = 500


def _atlas_sh(out, *args, check=True):
    """scripts/atlas.sh at n = GAME_N, values 0-5, into out; the finished process."""
    return subprocess.run(["bash", str(REPO / "scripts" / "atlas.sh"), "-n", str(GAME_N), "-values", "0-5",
                           "-out", str(out), "-python", sys.executable, *args],
                          check=check, capture_output=True, text=True)


@pytest.fixture(scope="module")
def game_atlas_dir(tmp_path_factory):
    """The -out directory of scripts/atlas.sh on a table id and two game files, one whose pass
    leads to another game than nim (nothing proved for it yet)."""
    out = tmp_path_factory.mktemp("game_atlas")
    _atlas_sh(out, "-table", "gneg1", "-table", str(REPO / "games" / "forbid-00-11.toml"),
              "-table", str(REPO / "games" / "misere-pass.toml"))
    return out


def test_atlas_of_game_files(game_atlas_dir):
    """A game file's patterns are named by its id, and the report names each game by its symbol or
    title, its identity (16 hex digits in atlas.md, all of them in atlas.json) and its game file, as
    the patterns file records them; it states a theorem exactly when the patterns file marks values
    proved (misère nim with a pass, whose pass leads to G₋₁, included)."""
    from grundytables import game_identity, read_game_file
    files = {name: REPO / "games" / f"{name}.toml" for name in ("forbid-00-11", "misere-pass")}
    for name in files:
        assert (game_atlas_dir / f"{name}_n{GAME_N}.patterns.json").exists()
    atlas = game_atlas_dir / f"atlas_n{GAME_N}"
    data = json.loads((atlas / "atlas.json").read_text())
    assert [t["table"] for t in data["tables"]] == ["gneg1", *files]
    md = (atlas / "atlas.md").read_text()
    sections = dict(zip(["gneg1", *files], md.split("\n## ")[1:]))
    assert sections["gneg1"].startswith("G₋₁ (gneg1)\n\nTheorem (proved")
    for t in data["tables"][1:]:
        identity = game_identity(read_game_file(files[t["table"]]))
        assert t["identity"] == t["game"]["sha256"] == identity and t["game_file"] == str(files[t["table"]])
        assert t["symbol"] == t["table"] and t["title"] == read_game_file(files[t["table"]])["title"]
        section = sections[t["table"]]
        assert section.startswith(f"{t['table']}: {t['title']}\n")
        assert f"identity `{identity[:16]}…`" in section and identity not in md
        assert f"read from the game file `{files[t['table']]}`" in section
        assert f"- {t['table']}: {t['title']} (game file `{files[t['table']]}`)" in md
    for t in data["tables"]:
        report = json.loads((game_atlas_dir / f"{t['table']}_n{GAME_N}.patterns.json").read_text())
        proved = [v["value"] for v in report["values"] if v["status"] == "proved"]
        assert [e["value"] for e in t["values"] if e["status"] == "proved"] == proved
        assert bool(t["proof"]) == bool(proved)
        assert ("Theorem (proved for all x, y" in sections[t["table"]]) == bool(proved)
        assert ("Nothing proved: the patterns file marks no value proved" in sections[t["table"]]) == (not proved)
    assert data["tables"][1]["proof"], "forbid-00-11's values 0-5 repeat within 500 rows"
    assert "(rook moves, no pass, prescribed cells (0, 0) = -1, (1, 1) = -1)" in sections["forbid-00-11"]
    assert "(rook moves, the pass, prescribed cells (0, 0) = -1)" in sections["misere-pass"]
    assert data["tables"][0]["identity"] == game_identity(read_game_file(REPO / "games" / "gneg1.toml"))
    for png in atlas.glob("offsets_*.png"):
        assert png.name.split("_v")[0].removeprefix("offsets_") in ("gneg1", *files)


def test_atlas_says_nothing_proved(game_atlas_dir, tmp_path):
    """A game file whose patterns file marks no value proved gets no theorem, and "Nothing proved",
    without a reason the file does not record."""
    from grundytables.atlas import markdown, table_atlas
    name = f"forbid-00-11_n{GAME_N}.patterns.json"
    report = json.loads((game_atlas_dir / name).read_text())
    for v in report["values"]:
        if v["status"] == "proved":
            v["status"], v["proof"] = "stable", None
    (tmp_path / name).write_text(json.dumps(report))
    t = table_atlas(tmp_path, str(REPO / "games" / "forbid-00-11.toml"), GAME_N)
    assert t["proof"] is None and t["unverified"] is None
    md = markdown({"n": GAME_N, "values": "0-5", "tables": [t]}, {"period_start": "p.png"})
    assert "Nothing proved: the patterns file marks no value proved, so every value below is observed up to n only." in md
    assert "Theorem" not in md and "repeat" not in md.split("## ")[1].split("| v |")[0]


def test_atlas_keeps_a_game_file_of_the_same_game_only(game_atlas_dir, tmp_path):
    """A game file's patterns file is kept by a second run only if it records the game file's
    identity: a game file of another game under the same id is computed again, and the atlas
    python refuses the patterns of another game than the game file given, naming both identities."""
    from grundytables import game_identity, read_game_file
    from grundytables.atlas import table_atlas
    for f in game_atlas_dir.glob("*.json"):
        (tmp_path / f.name).write_bytes(f.read_bytes())
    mine = REPO / "games" / "forbid-00-11.toml"
    other = tmp_path / "other.toml"
    other.write_text(mine.read_text().replace("{ x = 1, y = 1, value = -1 }", "{ x = 2, y = 2, value = -1 }"))
    assert read_game_file(other)["id"] == "forbid-00-11"
    log = _atlas_sh(tmp_path, "-table", str(mine), "-table", "gneg1").stderr
    assert log.count("not computed again") == 2
    log = _atlas_sh(tmp_path, "-table", str(other)).stderr
    assert "not computed again" not in log and f"atlas: {other}\n" in log
    recorded = json.loads((tmp_path / f"forbid-00-11_n{GAME_N}.patterns.json").read_text())["game"]["sha256"]
    assert recorded == game_identity(read_game_file(other))
    with pytest.raises(PatternFileError) as err:
        table_atlas(tmp_path, str(mine), GAME_N)
    assert recorded in str(err.value) and game_identity(read_game_file(mine)) in str(err.value)
    assert str(mine) in str(err.value)


@pytest.mark.parametrize("table, says", [
    ("games/no-such-game.toml", "-table games/no-such-game.toml: games/no-such-game.toml: not a game file"),
    ("BAD", "-table {bad}: {bad}: unknown keys colour"),
    ("nosuch", "-table nosuch: compute refuses it"),
    ("wythoff", "-table wythoff: compute refuses it"),
    ("DUP", "-table gneg1 and -table {dup} are both the table gneg1: give each once"),
    ("", "-table needs a value"),
    ("PY", "-python {py} cannot run the atlas"),
])
def test_atlas_table_usage_errors(tmp_path, table, says):
    """A table the atlas cannot make, or a Python that cannot write it, is a usage error (exit 2) naming
    the flag, before anything is computed."""
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\ncolour = "red"\n')
    args = {"BAD": ["-table", str(bad)], "DUP": ["-table", "gneg1", "-table", str(REPO / "games" / "gneg1.toml")],
            "": ["-table"], "PY": ["-python", str(tmp_path / "no-python")]}.get(table, ["-table", table])
    done = _atlas_sh(tmp_path / "out", *args, check=False)
    assert done.returncode == 2, done.stderr
    assert says.format(bad=bad, dup=REPO / "games" / "gneg1.toml", py=tmp_path / "no-python") in done.stderr
    assert not list((tmp_path / "out").glob("*.patterns.json"))
