#!/usr/bin/env bash
# The overnight job: compute every table at size N, check every claim of the
# papers against them, search them for patterns, and write a dated report
# next to the tables.
#
# Usage: bash scripts/overnight.sh [-n N] [-out DIR] [-values LO-HI] [-atlas M]
#   -n N          table size, 0 <= x, y <= N (default 10000)
#   -out DIR      directory of the tables and the report (default out)
#   -values LO-HI values the pattern search looks at (default 0-40)
#   -atlas M      also make the atlas (scripts/atlas.sh) of the values 0-200
#                 at n = M, e.g. 100000000, into the report's atlas/ (off by
#                 default; also ATLAS_N=M)
#
# Writes DIR/<table>_n<N>.arrow for every table (tables already there are
# checked and kept, interrupted ones resumed, so a re-run after an
# interruption only computes what is missing) and the report
# DIR/report-<date>-n<N>/:
#   summary.md              what was run, how long it took, what holds and fails
#   claims.txt, claims.json cmd/verify's report of every claim, on the tables of N
#   patterns_<table>.{txt,json,md}  the pattern search of each table
#   overnight.log           every step with its start time and duration, and
#                           everything compute and verify said
# The report is assembled in a hidden work directory and moved into place at
# the end, so a report directory is always complete; a re-run the same day
# replaces it. Errors of compute and verify go to the terminal as well as to
# the log; when a step fails, or the job is stopped, the log is kept as
# DIR/overnight-<date>-n<N>-failed.log. Stopping the job (Ctrl-C, kill)
# stops the step running; one job at a time runs per DIR, and it removes the
# work directories that killed jobs left. Exit status: 0 when the job ran
# (claims that fail are findings, listed in the summary), 1 when a step
# failed or the job was stopped, 2 on bad usage.
set -euo pipefail

command="overnight.sh $*"
n=10000
out=out
values=0-40
atlas="${ATLAS_N:-}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n) n="${2:?-n needs a value}"; shift 2 ;;
    -out) out="${2:?-out needs a value}"; shift 2 ;;
    -values) values="${2:?-values needs a value}"; shift 2 ;;
    -atlas) atlas="${2:?-atlas needs a value}"; shift 2 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) echo "overnight.sh: unknown argument $1 (see -h)" >&2; exit 2 ;;
  esac
done
if ! [[ "$n" =~ ^[0-9]+$ ]]; then
  echo "overnight.sh: -n $n is not a non-negative integer" >&2
  exit 2
fi
if [[ -n "$atlas" && ! "$atlas" =~ ^[0-9]+$ ]]; then
  echo "overnight.sh: -atlas $atlas is not a non-negative integer" >&2
  exit 2
fi

repo="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"  # the checkout, even through a symbolic link to scripts/
mkdir -p "$out"
out="$(cd "$out" && pwd)"
report="$out/report-$(date +%F)-n$n"
failed_log="$out/overnight-$(date +%F)-n$n-failed.log"

# One job per directory at a time. The lock (closed for the steps, so that
# a step orphaned by a kill -9 of this script does not hold it) also tells
# that every hidden work directory there is left by a killed job.
exec 9>>"$out/.overnight.lock"
if ! flock -n 9; then
  echo "overnight.sh: another overnight job is running in $out ($(cat "$out/.overnight.lock")); wait for it or stop it" >&2
  exit 1
fi
echo "pid $$, started $(date '+%F %T')" >"$out/.overnight.lock"
for stale in "$out"/.report.*; do
  if [[ -d "$stale" ]]; then
    echo "overnight: removing $stale, left by a job that was killed" >&2
    rm -rf "$stale"
  fi
done

work="$(mktemp -d "$out/.report.XXXXXX")"
bin="$work/.bin"
chmod 755 "$work"
log="$work/overnight.log"
: >"$log"

# On failure or when stopped, keep the log beside the tables.
finish() {
  local status=$?
  if [[ $status -ne 0 && -f "$log" ]]; then
    mv "$log" "$failed_log"
    echo "overnight.sh: failed (exit $status); the log is kept in $failed_log" >&2
  fi
  rm -rf "$work"
  exit "$status"
}
trap finish EXIT

# A signal stops the step running (compute saves a checkpoint on SIGTERM)
# and ends the job.
child=""
stop() {
  echo "overnight.sh: stopped by SIG$1" >&2
  echo "$(date '+%F %T') stopped by SIG$1" >>"$log"
  if [[ -n "$child" ]]; then
    kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  exit 1
}
for sig in INT TERM HUP; do
  trap "stop $sig" "$sig"
done

# step NAME COMMAND...: runs COMMAND, logging its start, duration and status.
# It runs in the background and is waited for, so that a signal reaches
# the trap at once.
step() {
  local name="$1"; shift
  local start end status=0
  start=$(date +%s.%N)
  echo "$(date '+%F %T') start $name: $*" >>"$log"
  "$@" 9>&- &
  child=$!
  wait "$child" || status=$?
  child=""
  end=$(date +%s.%N)
  printf '%s done  %s: exit %d, %s s\n' "$(date '+%F %T')" "$name" "$status" \
    "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')" >>"$log"
  return "$status"
}

# to_log_and_terminal: stderr of a step, into the log and onto the terminal.
exec 8>&2
to_log_and_terminal() { tee -a "$log" >&8; }

echo "overnight: n=$n, tables and report in $out" >&2
step build go build -C "$repo" -o "$bin/" ./cmd/compute ./cmd/verify 2> >(to_log_and_terminal)

# -resume skips the tables already complete (after checking them) and
# continues interrupted ones.
step compute "$bin/compute" -table all -n "$n" -out "$out" -quiet -resume >>"$log" 2> >(to_log_and_terminal)

# cmd/verify exits 3 when a claim fails: that is a finding, not an error.
verify_status=0
step claims "$bin/verify" -in "$out" -n "$n" -json "$work/claims.json" >"$work/claims.txt" 2> >(to_log_and_terminal) \
  || verify_status=$?
if [[ $verify_status -ne 0 && $verify_status -ne 3 ]]; then
  echo "overnight.sh: verify failed (exit $verify_status)" >&2
  exit 1
fi

for id in gneg1 gstarneg1 passnim; do
  step "patterns $id" "$bin/verify" -patterns -in "$out/${id}_n$n.arrow" -values "$values" \
    -json "$work/patterns_$id.json" -markdown "$work/patterns_$id.md" >"$work/patterns_$id.txt" 2> >(to_log_and_terminal)
done

if [[ -n "$atlas" ]]; then
  step atlas bash "$repo/scripts/atlas.sh" -n "$atlas" -values 0-200 -out "$out" >>"$log" 2> >(to_log_and_terminal)
  mv "$out/atlas_n$atlas" "$work/atlas"
fi

{
  echo "# Overnight report, $(date '+%F %T')"
  echo
  echo "- tables: 0 ≤ x, y ≤ $n in \`$out\` ($(grep -c ' cells ' "$log" || true) computed by this run, $(grep -c 'already complete' "$log" || true) kept)"
  echo "- machine: $(nproc) cores, $(uname -sm), $(go version | cut -d' ' -f3)"
  echo "- program: $("$bin/compute" -version) (commit $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown))"
  echo "- command: \`$command\` in \`$(pwd)\`"
  echo
  echo "## Inputs"
  echo
  echo "The table files the claims were checked on, with their g_sha256 (as verify reports them in \`claims.txt\`):"
  echo
  echo '```'
  grep '^input: ' "$work/claims.txt" || true
  echo '```'
  echo
  echo "## Claims of the papers"
  echo
  echo "$(tail -n 1 "$work/claims.txt") (details: \`claims.txt\`, \`claims.json\`)."
  echo
  if grep -q ' FAILS ' "$work/claims.txt"; then
    echo "Claims that fail, with their first counterexamples:"
    echo
    echo '```'
    grep ' FAILS ' "$work/claims.txt"
    echo '```'
    echo
  fi
  if grep -q 'erratum' "$work/claims.txt"; then
    echo "Errata of the papers (claims that fail as printed while their corrections hold; not findings against the data):"
    echo
    echo '```'
    grep 'erratum' "$work/claims.txt"
    echo '```'
    echo
  fi
  echo "## Patterns of the values $values"
  echo
  echo "Mined conjectures, verified for 0 ≤ x, y ≤ $n; the last column names the paper that already states a value's pattern."
  for id in gneg1 gstarneg1 passnim; do
    echo
    echo "- $id: $(tail -n 1 "$work/patterns_$id.txt") (\`patterns_$id.md\`, \`.json\`, \`.txt\`)"
    echo
    # The report's summary table: status, period, start x₀, grade, form and
    # the paper stating it, for every value; then the laws in v.
    awk '/^\| v \|/ { on = 1 } on && /^$/ { exit } on' "$work/patterns_$id.md"
    echo
    grep '^Stated in: ' "$work/patterns_$id.md" || true
    if grep -q '^## Laws in v' "$work/patterns_$id.md"; then
      echo
      echo "Laws in v, each checked on every value with a pattern:"
      echo
      awk '/^## Laws in v/ { on = 1; next } on && /^- /' "$work/patterns_$id.md"
    fi
  done
  if [[ -n "$atlas" ]]; then
    echo
    echo "## Atlas"
    echo
    echo "The patterns of G₋₁, G*₋₁ and G_P for the values 0-200 at n = $atlas, proofs included: \`atlas/atlas.md\`."
  fi
  echo
  echo "## Timings"
  echo
  echo '```'
  grep ' done \| skip ' "$log"
  echo '```'
} >"$work/summary.md"

rm -rf "$bin" "$report"
mv "$work" "$report"
echo "overnight: report in $report" >&2
