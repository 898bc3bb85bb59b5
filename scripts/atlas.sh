#!/usr/bin/env bash
# The atlas: the patterns of G₋₁, G*₋₁ and G_P for the values 0-HI at size N,
# proofs included, in one report.
#
# Usage: bash scripts/atlas.sh [-n N] [-values 0-HI] [-out DIR] [-value V] [-python PY]
#   -n N          0 <= x, y <= N (default 100000000)
#   -values 0-HI  the values searched and proved (default 0-200)
#   -out DIR      where compute writes <id>_n<N>.patterns.{json,md} and
#                 <id>_n<N>.proof.json, and the atlas goes (default out)
#   -value V      the value whose offsets are drawn (default: the largest
#                 value of each table with a pattern)
#   -python PY    the Python with grundytables and matplotlib (default
#                 .venv/bin/python if there is one, else python3)
#
# Runs compute -patterns (band sweep, -write none) for each table in turn,
# then python -m grundytables.atlas, which writes DIR/atlas_n<N>/atlas.md,
# atlas.json, period_start.png and offsets_<id>_v<V>.png. Exit status: 0
# done, 1 a step failed, 2 bad usage.
set -euo pipefail

n=100000000
values=0-200
out=out
value=""
repo="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n) n="${2:?-n needs a value}"; shift 2 ;;
    -values) values="${2:?-values needs a value}"; shift 2 ;;
    -out) out="${2:?-out needs a value}"; shift 2 ;;
    -value) value="${2:?-value needs a value}"; shift 2 ;;
    -python) python="${2:?-python needs a value}"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "atlas.sh: unknown argument $1 (see -h)" >&2; exit 2 ;;
  esac
done
if ! [[ "$n" =~ ^[0-9]+$ ]]; then
  echo "atlas.sh: -n $n is not a non-negative integer" >&2
  exit 2
fi
if ! [[ "$values" =~ ^0-[0-9]+$ ]]; then
  echo "atlas.sh: -values $values: give 0-HI (the proofs cover the values 0 … V)" >&2
  exit 2
fi
if [[ -n "$value" && ! "$value" =~ ^[0-9]+$ ]]; then
  echo "atlas.sh: -value $value is not a value" >&2
  exit 2
fi
if [[ -z "$python" ]]; then
  python=python3
  [[ -x "$repo/.venv/bin/python" ]] && python="$repo/.venv/bin/python"
fi

mkdir -p "$out"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -C "$repo" -o "$bin/" ./cmd/compute
for id in gneg1 gstarneg1 passnim; do
  echo "atlas: $id" >&2
  "$bin/compute" -table "$id" -n "$n" -write none -sweep band -values "$values" -patterns -out "$out" -quiet
done
args=("$out" --n "$n")
[[ -n "$value" ]] && args+=(--value "$value")
PYTHONPATH="$repo/scripts${PYTHONPATH:+:$PYTHONPATH}" "$python" -m grundytables.atlas "${args[@]}"
