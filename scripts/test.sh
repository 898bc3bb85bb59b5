#!/usr/bin/env bash
# Runs every test of the project: Go (vet, unit, race) and Python (pytest
# against files written by cmd/compute). Installs the Python packages it
# needs with pip; Go fetches its modules itself. Usage: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Python packages"
python3 -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt

echo "== go vet"
go vet ./...

echo "== go test"
go test ./...

echo "== go test -race (engine and result files, short sizes)"
go test -race -short ./engine/ ./results/

echo "== pytest"
python3 -m pytest scripts/tests -q
