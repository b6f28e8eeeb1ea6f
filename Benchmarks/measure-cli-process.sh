#!/usr/bin/env bash
# Times the payment-methods process against two yardsticks, each the median of RUNS runs:
# - a minimal Swift program that imports Foundation and prints one JSON value
#   (MinimalJSON.swift);
# - the platform work alone: what any program that shows this screen does before its own
#   code counts (PlatformFloor.swift: Swift concurrency, JSONDecoder, Observation, one word
#   read through Foundation's localization API from the app's own resource bundle, one
#   currency format in the run's locale);
# and `payment-methods --version`, the same binary started and ended with nothing loaded.
# The screen is timed in English and in German (LANG=de_DE.UTF-8), each against the platform
# work in the same language. With STATIC_BINARY, the same screen built with
# `--static-swift-stdlib` is timed too, against the platform work built the same way.
#
# Time is wall time from start to exit (the one and only frame, as stdout is not a terminal),
# taken by python3 around each process alone. Wrapping each run in /usr/bin/time and `date`
# would add their own start-up, about 1.5 ms, to every program alike, and so pull every
# ratio towards 1. Peak memory is /usr/bin/time -v's maximum resident set size, in runs of
# its own.
#
# Usage: measure-cli-process.sh PAYMENT_METHODS_BINARY [RUNS] [STATIC_BINARY]
# Prints one line: cli_ms cli_max_rss_kib baseline_ms baseline_max_rss_kib version_ms
# platform_ms cli_de_ms platform_de_ms platform_max_rss_kib, then, with STATIC_BINARY,
# static_ms static_max_rss_kib platform_static_ms.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cli="$1"
runs="${2:-21}"
static="${3:-}"
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
if [ -n "$static" ]; then
  build -static-stdlib -parse-as-library "$here/PlatformFloor.swift" \
    -o "$work/platform-floor-static"
fi

median() { sort -n | awk '{ v[NR] = $1 } END { m = int((NR + 1) / 2); if (NR % 2) print v[m]; else print (v[m] + v[m + 1]) / 2 }'; }

# peak NAME COMMAND...: one run's maximum resident set size appended to NAME's list.
peak() {
  local name="$1"
  shift
  /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null
  awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt" >>"$work/$name.kib"
}

scenario=(--no-color --scenario-file "$here/zero-latency.json")
# Peak memory first, each program in turn; the file cache is warm for the times below.
for _ in $(seq "$runs"); do
  peak cli "$cli" "${scenario[@]}"
  peak baseline "$work/minimal-json"
  peak platform "$work/platform-floor" "$(dirname "$cli")/PaymentMethods_Presentation.resources"
  if [ -n "$static" ]; then peak static "$static" "${scenario[@]}"; fi
done

# The wall times, in the order of the output line. Each command runs with its own LANG:
# English as every golden file is (C.UTF-8 reads as en_US), or German.
times="$(
  python3 - "$runs" "$cli" "$here/zero-latency.json" "$work/minimal-json" \
    "$work/platform-floor" "$static" "$work/platform-floor-static" \
    "$(dirname "$cli")/PaymentMethods_Presentation.resources" <<'PYTHON'
import os, random, statistics, subprocess, sys, time

runs, cli, scenario, minimal, platform, static, platform_static, words = (
    int(sys.argv[1]), *sys.argv[2:])
screen = ["--no-color", "--scenario-file", scenario]
english, german = "C.UTF-8", "de_DE.UTF-8"
commands = [
    ([cli] + screen, english),
    ([minimal], english),
    ([cli, "--version"], english),
    ([platform, words], english),
    ([cli] + screen, german),
    ([platform, words], german),
]
if static:
    commands += [([static] + screen, english), ([platform_static, words], english)]
def environment(lang):
    variables = dict(os.environ, LANG=lang)
    variables.pop("LC_ALL", None)
    variables.pop("LC_MESSAGES", None)
    return variables

times = [[] for _ in commands]
# A new order each round: what runs just before a program decides what it finds in the
# processor's caches (the static build, say, leaves none of the shared libraries there),
# and in a fixed order one program would always come after the same one.
order = random.Random(31)
with open(os.devnull, "w") as devnull:
    for command, lang in commands:  # once each, not timed
        subprocess.run(command, stdout=devnull, env=environment(lang), check=True)
    for _ in range(runs):
        for index in order.sample(range(len(commands)), len(commands)):
            command, lang = commands[index]
            variables = environment(lang)
            start = time.perf_counter_ns()
            subprocess.run(command, stdout=devnull, env=variables, check=True)
            times[index].append((time.perf_counter_ns() - start) / 1e6)
print(" ".join(f"{statistics.median(taken):.3f}" for taken in times))
PYTHON
)"
read -r cli_ms baseline_ms version_ms platform_ms cli_de_ms platform_de_ms static_ms \
  platform_static_ms <<<"$times"
line="$cli_ms $(median <"$work/cli.kib") $baseline_ms $(median <"$work/baseline.kib")"
line="$line $version_ms $platform_ms $cli_de_ms $platform_de_ms $(median <"$work/platform.kib")"
if [ -n "$static" ]; then
  line="$line $static_ms $(median <"$work/static.kib") $platform_static_ms"
fi
echo "$line"
