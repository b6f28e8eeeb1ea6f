#!/usr/bin/env bash
# Times the payment-methods process against two yardsticks, each the median of RUNS runs:
# - a minimal Swift program that imports Foundation and prints one JSON value
#   (MinimalJSON.swift);
# - the platform work alone: what any program that shows this screen does before its own
#   code counts (PlatformFloor.swift: Swift concurrency, JSONDecoder, Observation, one
#   currency format);
# and `payment-methods --version`, the same binary started and ended with nothing loaded.
#
# Time is wall time from start to exit (the one and only frame, as stdout is not a terminal),
# taken by python3 around each process alone. Wrapping each run in /usr/bin/time and `date`
# would add their own start-up, about 1.5 ms, to every program alike, and so pull every
# ratio towards 1. Peak memory is /usr/bin/time -v's maximum resident set size, in runs of
# its own.
#
# Usage: measure-cli-process.sh PAYMENT_METHODS_BINARY [RUNS]
# Prints one line: cli_ms cli_max_rss_kib baseline_ms baseline_max_rss_kib version_ms
# platform_ms
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cli="$1"
runs="${2:-21}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

build() {
  swiftc -O "$@" 2>"$work/swiftc.log" || {
    cat "$work/swiftc.log" >&2
    exit 1
  }
}
build "$here/MinimalJSON.swift" -o "$work/minimal-json"
build -parse-as-library "$here/PlatformFloor.swift" -o "$work/platform-floor"

median() { sort -n | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2); if (NR % 2) print v[m]; else print (v[m] + v[m + 1]) / 2 }'; }

# peak NAME COMMAND...: one run's maximum resident set size appended to NAME's list.
peak() {
  local name="$1"
  shift
  /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null
  awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt" >>"$work/$name.kib"
}

cli_command=("$cli" --no-color --scenario-file "$here/zero-latency.json")
# One run of each to warm the file cache, then each in turn, so that a busy spell
# on the machine weighs on all of them alike.
"${cli_command[@]}" >/dev/null
"$work/minimal-json" >/dev/null
"$work/platform-floor" >/dev/null
for _ in $(seq "$runs"); do
  peak cli "${cli_command[@]}"
  peak baseline "$work/minimal-json"
done

# The wall times, in the order of the output line.
times="$(
  python3 - "$runs" "$cli" "$here/zero-latency.json" "$work/minimal-json" \
    "$work/platform-floor" <<'PYTHON'
import os, statistics, subprocess, sys, time

runs, cli, scenario, minimal, platform = int(sys.argv[1]), *sys.argv[2:]
commands = [
    [cli, "--no-color", "--scenario-file", scenario],
    [minimal],
    [cli, "--version"],
    [platform],
]
times = [[] for _ in commands]
with open(os.devnull, "w") as devnull:
    for _ in range(runs):
        for command, taken in zip(commands, times):
            start = time.perf_counter_ns()
            subprocess.run(command, stdout=devnull, check=True)
            taken.append((time.perf_counter_ns() - start) / 1e6)
print(" ".join(f"{statistics.median(taken):.3f}" for taken in times))
PYTHON
)"
read -r cli_ms baseline_ms version_ms platform_ms <<<"$times"
echo "$cli_ms $(median <"$work/cli.kib") $baseline_ms $(median <"$work/baseline.kib") $version_ms $platform_ms"
