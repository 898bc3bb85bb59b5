"""The JSON files the commands write match the JSON Schemas of docs/schemas/.

A band run with -patterns at a small n writes a values dataset (its
_manifest.json), a certificate and a patterns file; each is validated
against its schema, and each schema is shown to refuse a planted defect (a
field left out, a field of the wrong type, a field it does not know).
"""

import copy
import json
import pathlib
import subprocess

import jsonschema
import pytest
from conftest import REPO

SCHEMAS = REPO / "docs" / "schemas"
N = 3000


@pytest.fixture(scope="module")
def band_run(compute, tmp_path_factory):
    """The directory of compute -table gneg1 -n N -write values -values 0-40 -patterns."""
    out = tmp_path_factory.mktemp("schemas")
    subprocess.run([str(compute), "-table", "gneg1", "-n", str(N), "-write", "values", "-values", "0-40",
                    "-patterns", "-out", str(out), "-quiet"], check=True, capture_output=True)
    return out


def schema(name):
    s = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(s)
    return s


# (schema, file of the band run, a required field, a field and a value of the wrong type)
CASES = [
    ("values-manifest", f"gneg1_n{N}.values/_manifest.json", "cells_sha256", ("n", "3000")),
    ("proof-certificate", f"gneg1_n{N}.proof.json", "x0", ("p", -1)),
    ("patterns", f"gneg1_n{N}.patterns.json", "independent_check", ("n", "3000")),
]


@pytest.mark.parametrize("name,file,required,wrong", CASES, ids=[c[0] for c in CASES])
def test_written_file_matches_its_schema(band_run, name, file, required, wrong):
    s = schema(name)
    document = json.loads((band_run / file).read_text(encoding="utf-8"))
    jsonschema.validate(document, s)

    missing = copy.deepcopy(document)
    del missing[required]
    with pytest.raises(jsonschema.ValidationError, match=required):
        jsonschema.validate(missing, s)
    mistyped = copy.deepcopy(document)
    mistyped[wrong[0]] = wrong[1]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(mistyped, s)
    unknown = copy.deepcopy(document)
    unknown["no_such_field"] = 1
    with pytest.raises(jsonschema.ValidationError, match="no_such_field"):
        jsonschema.validate(unknown, s)


def test_every_schema_is_tested():
    assert sorted(p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.schema.json")) == \
        sorted([c[0] for c in CASES] + ["game"])


@pytest.mark.parametrize("game_file", sorted((REPO / "games").glob("*.toml")), ids=lambda p: p.stem)
def test_canonical_forms_match_the_game_schema(game_file):
    """The canonical form of every shipped game file matches schemas/game.schema.json, which refuses defects."""
    import grundytables
    s = schema("game")
    form = json.loads(grundytables.games.canonical_form(grundytables.read_game_file(game_file)))
    jsonschema.validate(form, s)
    for defect in ({**form, "moves": "queen"}, {**form, "cells": [{"x": -1, "y": 0, "value": 0}]},
                   {**form, "extra": 1}, {k: v for k, v in form.items() if k != "pass"},
                   {**form, "limit": 0}, {**form, "limit": 4097}, {**form, "limit": "3"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(defect, s)
    jsonschema.validate({**form, "limit": 4096}, s)


def test_the_recorded_game_is_strict(band_run):
    """Every file of the band run records its game, and the schemas refuse a game record's defects."""
    for name, file, _, _ in CASES:
        s = schema(name)
        document = json.loads((band_run / file).read_text(encoding="utf-8"))
        assert document["game"]["id"] == "gneg1"
        for defect in ({**document["game"], "sha256": "x"}, {**document["game"], "colour": 1}):
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({**document, "game": defect}, s)


def test_a_proof_block_must_name_its_certificate_by_content(band_run):
    s = schema("patterns")
    document = json.loads((band_run / f"gneg1_n{N}.patterns.json").read_text(encoding="utf-8"))
    proved = [r for r in document["values"] if r["status"] == "proved"]
    assert proved, "the band run proved nothing"
    del proved[0]["proof"]["certificate_sha256"]
    with pytest.raises(jsonschema.ValidationError, match="certificate_sha256"):
        jsonschema.validate(document, s)


def test_the_search_outcome_is_recorded_and_strict(band_run):
    """The certificate records its climb's outcome, and each proof block the same; the schemas
    refuse an outcome without its bound, with a key they do not know, or a proof block without it."""
    cert_schema = schema("proof-certificate")
    cert = json.loads((band_run / f"gneg1_n{N}.proof.json").read_text(encoding="utf-8"))
    assert cert["search"]["bound"] == N and cert["search"]["first_unrepeated_v"] == cert["v"] + 1
    document = json.loads((band_run / f"gneg1_n{N}.patterns.json").read_text(encoding="utf-8"))
    proved = [r for r in document["values"] if r["status"] == "proved"]
    assert proved, "the band run proved nothing"
    for r in proved:
        assert (r["proof"]["search_bound"], r["proof"]["first_unrepeated_v"]) == \
            (cert["search"]["bound"], cert["search"]["first_unrepeated_v"])

    no_bound = copy.deepcopy(cert)
    del no_bound["search"]["bound"]
    with pytest.raises(jsonschema.ValidationError, match="bound"):
        jsonschema.validate(no_bound, cert_schema)
    unknown = copy.deepcopy(cert)
    unknown["search"]["rows"] = 5
    with pytest.raises(jsonschema.ValidationError, match="rows"):
        jsonschema.validate(unknown, cert_schema)
    earlier = copy.deepcopy(cert)
    del earlier["search"]
    jsonschema.validate(earlier, cert_schema)

    del proved[0]["proof"]["first_unrepeated_v"]
    with pytest.raises(jsonschema.ValidationError, match="first_unrepeated_v"):
        jsonschema.validate(document, schema("patterns"))


def test_values_manifest_formats(band_run):
    """The three dataset formats are valid (they differ only in cells_sha256's definition); another is not."""
    s = schema("values-manifest")
    document = json.loads((band_run / f"gneg1_n{N}.values/_manifest.json").read_text(encoding="utf-8"))
    for known in ("grundy-values/1", "grundy-values/2", "grundy-values/3"):
        jsonschema.validate(document | {"format": known}, s)
    with pytest.raises(jsonschema.ValidationError, match="grundy-values/4"):
        jsonschema.validate(document | {"format": "grundy-values/4"}, s)


@pytest.mark.parametrize("path", sorted((REPO / "docs" / "certificates").glob("*.proof.json")),
                         ids=lambda p: p.name)
def test_published_certificate_matches_its_schema(path):
    """The certificates docs/certificates/ ships (the README's proved results) match the schema."""
    jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema("proof-certificate"))

