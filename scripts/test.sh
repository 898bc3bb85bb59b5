#!/usr/bin/env bash
# Runs the tests of the project: Go (vet, unit, race) and Python (pytest
# against files written by cmd/compute).
#
# Usage: bash scripts/test.sh [--quick]
#
#   --quick  the tests a newcomer runs first, in about 3 minutes on two
#            cores: go vet, every Go package's tests at their short sizes
#            (go test -short) but the slowest, and the Python tests of the
#            table files, the checksums and the docs' links and flags (no
#            plots).
#   (none)   every test: 20 to 45 minutes on two cores. This is what CI runs.
#
# Every step says what it is doing at least every 30 seconds: the Go tests
# print each package as it ends and, while one runs silent, which test runs
# and for how long (scripts/progress.py).
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

quick=false
case "$#:${1:-}" in
0:) ;;
1:--quick) quick=true ;;
1:-h | 1:--help)
    sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
*)
    echo "test.sh: unexpected arguments: $*; usage: bash scripts/test.sh [--quick]" >&2
    exit 2 ;;
esac

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

# watched runs a command, its output passed through as it comes, with a
# line every 30 seconds it stays silent (scripts/progress.py, standard
# library only); it fails when the command does.
watched() {
    local label="$1"
    shift
    "$@" 2>&1 | "$venv/bin/python" scripts/progress.py --label "$label"
}

# gotest runs go test -json with its arguments: a line per package as it
# ends, the output of what fails, and a heartbeat naming the tests that
# run while they are silent; it fails when go test does. A package may take
# 40 minutes, not go test's default 10: cmd/compute takes 3.5 minutes on an
# idle 2-core machine and passed 10 on a loaded one.
gotest() {
    go test -json -timeout 40m "$@" 2>&1 | "$venv/bin/python" scripts/progress.py --go-json
}

watched "pip install" "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt
# The package of pyproject.toml (scripts/grundytables), editable: the tests
# import it as installed and run its commands grundy-plot and grundy-pattern-plot.
watched "pip install -e ." "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e .

echo "== go vet"
watched "go vet" go vet ./...

# The Go tests the quick run leaves to the full one: the slowest of -short
# (10 to 40 s each on two cores), the kill, resume and full-disk runs the
# quick run's other tests cover in part.
quick_skip='^(TestDiskEstimateMatchesRecordedSizes|TestSideBySideInterruptAndResume|TestFullDiskFullSweep|'\
'TestRegistryOnReferenceTables|TestReplaceLeavesACompleteDataset|TestResumeOneSided|TestInterruptAtAnyRowResumes)$'

if $quick; then
    echo "== go test -short (every package, short sizes, its slowest tests left to the full run)"
    gotest -short -skip "$quick_skip" ./...
    echo "== pytest (the table files in every reader, the checksums, the doc test's links and flags, the progress filter; no plots)"
    watched pytest "$venv/bin/python" -m pytest -q scripts/tests/test_tables.py scripts/tests/test_cellsum.py scripts/tests/test_progress.py \
        scripts/tests/test_docs.py --deselect scripts/tests/test_docs.py::test_page_examples_run \
        -k "not plot and not heatmap and not value_colour"
    echo "== the quick tests passed; bash scripts/test.sh runs every test"
    exit 0
fi

echo "== go test"
gotest ./...

echo "== go test -tags purego ./engine/band ./results/valuesds (the Go loops other architectures use: the band's per-cell loop, the checksum's dense rows)"
gotest -tags purego ./engine/band/ ./results/valuesds/

echo "== go test -race (engines, result files and their part writers, band and full runs, the proof search whose rows the band workers hash; short sizes)"
gotest -race -short ./engine/ ./engine/band/ ./results/ ./results/valuesds/ ./results/fulldisk/ ./cmd/internal/bandrun/ ./cmd/internal/fullrun/ ./conjecture/proof/

echo "== pytest"
watched pytest "$venv/bin/python" -m pytest scripts/tests -q
