#!/usr/bin/env bash
# Runs every test of the project: Go (vet, unit, race) and Python (pytest
# against files written by cmd/compute). Usage: bash scripts/test.sh
#
# The Python packages of scripts/requirements.txt and the project's own
# package (pip install -e ., see pyproject.toml) go into a virtual
# environment of the checkout's own, .venv/ (git-ignored; GRUNDY_VENV
# moves it), created on the first run with the python3 on PATH (PYTHON
# chooses another). So it works where pip refuses to install into the
# system (PEP 668, e.g. Debian's python3) and never changes the user's
# packages. Go fetches its modules itself.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${GRUNDY_VENV:-.venv}"
python="${PYTHON:-python3}"
echo "== Python packages (into $venv)"
if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -m venv "$venv"; then
        rm -rf "$venv"
        echo "test.sh: '$python -m venv' failed; on Debian or Ubuntu install the venv module first:" \
             "sudo apt-get install python3-venv" >&2
        exit 1
    fi
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt
# The package of pyproject.toml (scripts/grundytables), editable: the tests
# import it as installed and run its commands grundy-plot and grundy-pattern-plot.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e .

echo "== go vet"
go vet ./...

echo "== go test"
go test ./...

echo "== go test -tags purego ./engine/band ./results/valuesds (the Go loops other architectures use: the band's per-cell loop, the checksum's dense rows)"
go test -tags purego ./engine/band/ ./results/valuesds/

echo "== go test -race (engines, result files and their part writers, band and full runs, the proof search whose rows the band workers hash; short sizes)"
go test -race -short ./engine/ ./engine/band/ ./results/ ./results/valuesds/ ./results/fulldisk/ ./cmd/internal/bandrun/ ./cmd/internal/fullrun/ ./conjecture/proof/

echo "== pytest"
"$venv/bin/python" -m pytest scripts/tests -q
