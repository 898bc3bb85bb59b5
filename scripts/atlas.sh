#!/usr/bin/env bash
# The atlas: the patterns of some tables (G₋₁, G*₋₁ and G_P unless -table
# says otherwise) for the values 0-HI at size N, proofs included, in one report.
#
# Usage: bash scripts/atlas.sh [-table ID|GAME.toml ...] [-n N] [-values 0-HI] [-out DIR] [-value V] [-python PY] [-fresh]
#   -table T      a table of the atlas: a table id or a game file (a path
#                 ending in .toml, docs/games.md), as compute -table takes it;
#                 repeat it for each table (default: gneg1, gstarneg1, passnim)
#   -n N          0 <= x, y <= N (default 100000000)
#   -values 0-HI  the values searched and proved (default 0-200)
#   -out DIR      where compute writes <id>_n<N>.patterns.{json,md} and
#                 <id>_n<N>.proof.json (a game file's <id> is the game's id),
#                 and the atlas goes (default out)
#   -value V      the value whose offsets are drawn (default: of the values
#                 seen over at least 8 whole periods, the longest period)
#   -python PY    the Python with grundytables and matplotlib (default
#                 .venv/bin/python if there is one, else python3)
#   -fresh        recompute every table, even one whose patterns file for N
#                 and 0-HI an earlier (interrupted) run of atlas.sh left in DIR
#
# Every table is checked before any is computed: a game file that is
# missing or not a game file, a table id compute does not know, a table
# the band sweep cannot compute and two tables of one id are usage errors,
# and so is a -python that cannot import grundytables.atlas.
# Runs compute -patterns (band sweep, -write none) for each table in turn,
# with its progress on stderr, then python -m grundytables.atlas, which
# writes DIR/atlas_n<N>/atlas.md, atlas.json, period_start.png and
# offsets_<id>_v<V>.png; the report names each table by the game its
# patterns file records (symbol, title, source, identity) and a game file by
# its path too. A table whose patterns file for N and the values 0-HI (and,
# for a game file, the game of the file's identity) is already in DIR
# (compute writes it atomically, last) is not computed again, so that a run
# stopped after a table loses nothing of it.
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
tables=()
# need FLAG ARGS…: FLAG has a value (the first of ARGS), else a usage error.
need() {
  if [[ $# -lt 2 || -z "$2" ]]; then
    echo "atlas.sh: $1 needs a value (see -h)" >&2
    exit 2
  fi
}
while [[ $# -gt 0 ]]; do
  case "$1" in
    -table) need "$@"; tables+=("$2"); shift 2 ;;
    -n) need "$@"; n="$2"; shift 2 ;;
    -values) need "$@"; values="$2"; shift 2 ;;
    -out) need "$@"; out="$2"; shift 2 ;;
    -value) need "$@"; value="$2"; shift 2 ;;
    -python) need "$@"; python="$2"; shift 2 ;;
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
[[ ${#tables[@]} -eq 0 ]] && tables=(gneg1 gstarneg1 passnim)
export PYTHONPATH="$repo/scripts${PYTHONPATH:+:$PYTHONPATH}"
# The Python that writes the atlas reads the tables too: one that cannot is
# told now, not after the tables are computed.
if ! missing="$("$python" -c 'import grundytables.atlas' 2>&1)"; then
  echo "atlas.sh: -python $python cannot run the atlas: ${missing##*$'\n'}; give one with grundytables' requirements and matplotlib" >&2
  exit 2
fi

# ids[i], identities[i]: the id of tables[i] (a game file's: the game's) and,
# for a game file, its identity; a game file that cannot be read is a usage
# error, and so are two tables of one id (they would be one patterns file).
ids=()
identities=()
for t in "${tables[@]}"; do
  status=0
  resolved="$("$python" - "$t" <<'PY'
import sys
from grundytables import TableFileError
from grundytables.atlas import resolve
try:
    table, _, identity = resolve(sys.argv[1])
except TableFileError as err:
    print(f"atlas.sh: -table {sys.argv[1]}: {err}", file=sys.stderr)
    sys.exit(2)
print(table, identity or "")
PY
)" || status=$?
  if [[ $status -eq 2 ]]; then
    exit 2
  elif [[ $status -ne 0 ]]; then
    echo "atlas.sh: $python could not read -table $t (above)" >&2
    exit 1
  fi
  read -r id identity <<<"$resolved"
  for i in "${!ids[@]}"; do
    if [[ "${ids[$i]}" == "$id" ]]; then
      echo "atlas.sh: -table ${tables[$i]} and -table $t are both the table $id: give each once" >&2
      exit 2
    fi
  done
  ids+=("$id")
  identities+=("${identity:-}")
done

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
# Every table as compute takes it, before any is computed: a band sweep to
# n = 0 that writes nothing refuses an unknown id, a game file compute does
# not read and a table the band sweep cannot compute (exit status 2).
for t in "${tables[@]}"; do
  status=0
  step "$bin/compute" -table "$t" -n 0 -write none -sweep band -values 0-0 -quiet -out "$bin/check" >/dev/null || status=$?
  if [[ $status -eq 2 ]]; then
    echo "atlas.sh: -table $t: compute refuses it (above)" >&2
    exit 2
  elif [[ $status -ne 0 ]]; then
    exit 1
  fi
done
# complete ID [IDENTITY]: DIR holds ID's patterns file for n = N and the
# values 0-HI (and, given IDENTITY, of the game of that identity).
complete() {
  "$python" - "$out/${1}_n$n.patterns.json" "$n" "${values#0-}" "${2:-}" <<'PY'
import json, sys
path, n, hi, identity = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
try:
    with open(path) as f:
        report = json.load(f)
except (OSError, ValueError):
    sys.exit(1)
values = [v.get("value") for v in report.get("values", [])]
game = report.get("game") if isinstance(report.get("game"), dict) else {}
same_game = not identity or game.get("sha256") == identity
sys.exit(0 if report.get("n") == n and values == list(range(hi + 1)) and same_game else 1)
PY
}
args=("$out" --n "$n")
for i in "${!tables[@]}"; do
  t="${tables[$i]}"
  id="${ids[$i]}"
  args+=(--table "$t")
  if [[ -z "$fresh" ]] && complete "$id" "${identities[$i]}"; then
    echo "atlas: $t: $out/${id}_n$n.patterns.json is complete (values $values): not computed again (-fresh to redo it)" >&2
    continue
  fi
  echo "atlas: $t" >&2
  step "$bin/compute" -table "$t" -n "$n" -write none -sweep band -values "$values" -patterns -out "$out"
done
[[ -n "$value" ]] && args+=(--value "$value")
step "$python" -m grundytables.atlas "${args[@]}"
