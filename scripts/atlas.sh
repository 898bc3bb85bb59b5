#!/usr/bin/env bash
# The atlas: the patterns of G₋₁, G*₋₁ and G_P for the values 0-HI at size N,
# proofs included, in one report.
#
# Usage: bash scripts/atlas.sh [-n N] [-values 0-HI] [-out DIR] [-value V] [-python PY] [-fresh]
#   -n N          0 <= x, y <= N (default 100000000)
#   -values 0-HI  the values searched and proved (default 0-200)
#   -out DIR      where compute writes <id>_n<N>.patterns.{json,md} and
#                 <id>_n<N>.proof.json, and the atlas goes (default out)
#   -value V      the value whose offsets are drawn (default: of the values
#                 seen over at least 8 whole periods, the longest period)
#   -python PY    the Python with grundytables and matplotlib (default
#                 .venv/bin/python if there is one, else python3)
#   -fresh        recompute every table, even one whose patterns file for N
#                 and 0-HI an earlier (interrupted) run of atlas.sh left in DIR
#
# Runs compute -patterns (band sweep, -write none) for each table in turn,
# with its progress on stderr, then python -m grundytables.atlas, which
# writes DIR/atlas_n<N>/atlas.md, atlas.json, period_start.png and
# offsets_<id>_v<V>.png. A table whose patterns file for N and the values
# 0-HI is already in DIR (compute writes it atomically, last) is not
# computed again, so that a run stopped after a table loses nothing of it.
# Ctrl-C or SIGTERM stops the step running (compute keeps nothing of an
# interrupted -patterns run) and ends the script; compute is built into
# DIR/.atlas-bin.<pid>, removed on exit, and one that a kill -9 left is
# removed by the next run.
# Exit status: 0 done, 1 a step failed or the script was stopped, 2 bad usage.
set -euo pipefail

n=100000000
values=0-200
out=out
value=""
repo="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"  # the checkout, even through a symbolic link to scripts/
python="${PYTHON:-}"
fresh=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n) n="${2:?-n needs a value}"; shift 2 ;;
    -values) values="${2:?-values needs a value}"; shift 2 ;;
    -out) out="${2:?-out needs a value}"; shift 2 ;;
    -value) value="${2:?-value needs a value}"; shift 2 ;;
    -python) python="${2:?-python needs a value}"; shift 2 ;;
    -fresh) fresh=1; shift ;;
    -h|--help) sed -n '2,/^# Exit status/p' "$0"; exit 0 ;;
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
for stale in "$out"/.atlas-bin.*; do
  if [[ -d "$stale" ]] && ! kill -0 "${stale##*.}" 2>/dev/null; then
    rm -rf "$stale"
  fi
done
bin="$(cd "$out" && pwd)/.atlas-bin.$$"  # absolute: go build -C reads a relative -o from the checkout
trap 'rm -rf "$bin"' EXIT

# A signal stops the step running and ends the script: each step runs in
# the background and is waited for, so that the trap runs at once.
child=""
stop() {
  echo "atlas.sh: stopped by SIG$1" >&2
  if [[ -n "$child" ]]; then
    kill -"$1" "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  exit 1
}
for sig in INT TERM HUP; do
  trap "stop $sig" "$sig"
done
step() {
  local status=0
  "$@" &
  child=$!
  wait "$child" || status=$?
  child=""
  return "$status"
}

step go build -C "$repo" -o "$bin/" ./cmd/compute
# complete ID: DIR holds ID's patterns file for n = N and the values 0-HI.
complete() {
  "$python" - "$out/${1}_n$n.patterns.json" "$n" "${values#0-}" <<'PY'
import json, sys
path, n, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:
    with open(path) as f:
        report = json.load(f)
except (OSError, ValueError):
    sys.exit(1)
values = [v.get("value") for v in report.get("values", [])]
sys.exit(0 if report.get("n") == n and values == list(range(hi + 1)) else 1)
PY
}
for id in gneg1 gstarneg1 passnim; do
  if [[ -z "$fresh" ]] && complete "$id"; then
    echo "atlas: $id: $out/${id}_n$n.patterns.json is complete (values $values): not computed again (-fresh to redo it)" >&2
    continue
  fi
  echo "atlas: $id" >&2
  step "$bin/compute" -table "$id" -n "$n" -write none -sweep band -values "$values" -patterns -out "$out"
done
args=("$out" --n "$n")
[[ -n "$value" ]] && args+=(--value "$value")
step env PYTHONPATH="$repo/scripts${PYTHONPATH:+:$PYTHONPATH}" "$python" -m grundytables.atlas "${args[@]}"
