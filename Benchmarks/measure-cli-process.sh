#!/usr/bin/env bash
# Times the payment-methods process against a minimal Swift program that imports Foundation
# and prints one JSON value: wall time from start to exit (its one and only frame, as
# stdout is not a terminal) and peak memory, by /usr/bin/time -v, the median of RUNS runs.
# Usage: measure-cli-process.sh PAYMENT_METHODS_BINARY [RUNS]
# Prints one line: cli_ms cli_max_rss_kib baseline_ms baseline_max_rss_kib version_ms, the
# last being `payment-methods --version`: the same binary started and ended, nothing loaded.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cli="$1"
runs="${2:-11}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swiftc -O "$here/MinimalJSON.swift" -o "$work/minimal-json" 2>"$work/swiftc.log" || {
  cat "$work/swiftc.log" >&2
  exit 1
}

median() { sort -n | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2); if (NR % 2) print v[m]; else print (v[m] + v[m + 1]) / 2 }'; }

# once NAME COMMAND...: one run, its wall time and peak memory appended to NAME's lists.
once() {
  local name="$1"
  shift
  local start end
  start=$(date +%s%N)
  /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null
  end=$(date +%s%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", (e - s) / 1e6 }' >>"$work/$name.ms"
  awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt" >>"$work/$name.kib"
}

cli_command=("$cli" --no-color --scenario-file "$here/zero-latency.json")
# One run of each to warm the file cache, then each in turn, so that a busy spell
# on the machine weighs on both alike.
"${cli_command[@]}" >/dev/null
"$work/minimal-json" >/dev/null
for _ in $(seq "$runs"); do
  once cli "${cli_command[@]}"
  once baseline "$work/minimal-json"
  once version "$cli" --version
done
echo "$(median <"$work/cli.ms") $(median <"$work/cli.kib") $(median <"$work/baseline.ms") $(median <"$work/baseline.kib") $(median <"$work/version.ms")"
