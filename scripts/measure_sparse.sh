#!/usr/bin/env bash
# Measures compute -sweep full -write values on gneg1 at growing n, back to back in one
# run, so that the per-cell figures compare: wall and CPU (user + system)
# seconds per cell, peak RSS and the values dataset's size, from /usr/bin/time -v.
# The ratios against the first sparse run are the growth the README quotes.
#
#   bash scripts/measure_sparse.sh [OUT] [N...]     (default: /tmp/measure_sparse 10000 100000 200000)
#
# Each n runs with -sets sparse; the first n also with -sets dense, for the
# sparse/dense ratio at that n. Workers: 2. Values: 0-200.
set -euo pipefail
out=${1:-/tmp/measure_sparse}
shift || true
sizes=("${@:-10000 100000 200000}")
read -r -a sizes <<<"${sizes[*]}"
mkdir -p "$out"
bin="$out/compute"
go build -o "$bin" ./cmd/compute
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; $(date -u +%FT%TZ)"
printf "%-8s %-6s %10s %10s %12s %12s %10s %12s\n" n sets wall_s cpu_s wall_ns/cell cpu_ns/cell rss_MB values_MB
base=""
runs=("${sizes[0]}:dense")
for n in "${sizes[@]}"; do runs+=("$n:sparse"); done
for run in "${runs[@]}"; do
  n=${run%%:*}; sets=${run##*:}
  dir="$out/n$n-$sets"; rm -rf "$dir"; mkdir -p "$dir"
  /usr/bin/time -v "$bin" -table gneg1 -n "$n" -out "$dir" -sweep full -write values -values 0-200 \
      -workers 2 -sets "$sets" -quiet -force >"$dir/stdout" 2>"$dir/time"
  wall=$(grep 'Elapsed (wall' "$dir/time" | awk '{print $NF}' | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  user=$(grep 'User time' "$dir/time" | awk '{print $NF}')
  sys=$(grep 'System time' "$dir/time" | awk '{print $NF}')
  rss=$(grep 'Maximum resident' "$dir/time" | awk '{print $NF}')
  size=$(du -sb "$dir/gneg1_n$n.values" | cut -f1)
  cells=$(( (n + 1) * (n + 1) ))
  cpu=$(echo "$user + $sys" | bc -l)
  printf "%-8s %-6s %10.1f %10.1f %12.2f %12.2f %10.0f %12.2f\n" "$n" "$sets" "$wall" "$cpu" \
      "$(echo "$wall * 1000000000 / $cells" | bc -l)" "$(echo "$cpu * 1000000000 / $cells" | bc -l)" \
      "$(echo "$rss / 1024" | bc -l)" "$(echo "$size / 1048576" | bc -l)"
  cat "$dir/stdout" >&2
done
