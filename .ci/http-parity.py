#!/usr/bin/env python3
"""Parity: every built-in scenario, in process and over real HTTP, must show the same.

    python3 .ci/http-parity.py path/to/payment-methods

For each built-in scenario it runs both screens and `add-card` (and the changes to a saved
method under their own scenarios and a few others) twice with --json: once
against the in-process backend (--scenario), once against scripts/scenario-server playing
the same scenario (--backend-url, with the scenario's Apple Pay outcome as --apple-pay, and
the demo's budget for a bank's approval as --approval-budget-ms).
A scenario that seeds the device's local copy has it passed over HTTP as --saved-list, from
the script's `device` as --apple-pay is; each run over HTTP keeps its local copy and journal
in a folder of its own (--cache-dir), never in the user's.
The two outputs must be identical, trace ids aside, and so must the exit codes, except
where docs/HTTP.md lists a difference a real socket cannot avoid: there both sides must
end exactly as listed, with the same methods listed. A listed difference that no longer happens fails too, so the list
stays true.

Every server is stopped on every path: each run's server is stopped in a finally block,
and on exit or a signal every process the script started is stopped before it leaves.
A run that does not end within a minute is stopped and reported, by scenario.
"""

import atexit
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "scripts", "scenario-server")
# A card the default list does not have, so that the add-card scenarios save it (where a
# list has it already, as cards-expired does, it is already saved: never saved twice).
CARD = ["--number", "5555 5555 5555 4444", "--expiry", "12/30", "--cvc", "123",
        "--name", "Ada Lovelace"]
TIMEOUT = 60
# The changes to a saved method, on a card every scenario lists.
CHANGES = {
    "remove-card": ["remove-card", "--id", "card-1", "--json"],
    "set-default": ["set-default", "--id", "card-2", "--json"],
    "update-card": ["update-card", "--id", "card-2", "--expiry", "01/30", "--json"],
}
# The demo's budget for a bank's approval, which a scenario keeps in process. Against a
# server the app waits an app's two minutes, which add-card-3ds-timeout would spend in full
# (and past TIMEOUT): the runs over HTTP are given the demo's.
DEMO_APPROVAL_BUDGET = ["--approval-budget-ms", "5000"]
# Scenarios of the reads whose failures the changes meet too.
CHANGES_MEET = ["all-available", "cards-expired", "offline", "token-expired", "session-expired",
                "server-down"]

# Every process this script started and has not seen end: servers and runs of the binary.
children = set()


def stop_all():
    for process in list(children):
        stop(process)


def stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    children.discard(process)


def interrupted(signum, frame):
    # The worker threads would go on with the queued runs: stop everything, and leave now.
    stop_all()
    os._exit(128 + signum)


atexit.register(stop_all)
for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(signum, interrupted)


# A time of day as the screen words it: "6:00 AM", "06:00", "18:00", with the day before it
# when it is not today ("Nov 28 at 10:42 PM", "28. Nov., 22:42"): a run just after midnight
# shows a list saved two hours ago with its date.
TIME_OF_DAY = re.compile(r"(?<=as of |Stand )[^·]*?\b\d{1,2}:\d{2}(\s?[AP]M)?|\b\d{1,2}:\d{2}(\s?[AP]M)?")
# How far apart the two sides' seeds may be: each is saved its age before its own run
# started, and the two runs of a job follow each other.
AS_OF_TOLERANCE = 120


def without_trace_ids(value):
    if isinstance(value, dict):
        trace_id = value.get("traceId")
        # The label a screen reader reads quotes the trace id too.
        if trace_id and isinstance(value.get("accessibilityLabel"), str):
            value = {**value, "accessibilityLabel": value["accessibilityLabel"].replace(trace_id, "<trace id>")}
        return {k: (None if k == "traceId" else without_trace_ids(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [without_trace_ids(v) for v in value]
    return value


def saved_at(notice):
    """The notice's asOf, as seconds since 1970; None when it has none."""
    as_of = notice.get("asOf") if isinstance(notice, dict) else None
    if not as_of:
        return None
    return datetime.datetime.strptime(as_of, "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=datetime.timezone.utc).timestamp()


def without_seed_times(local, remote):
    """Both outputs with the time a seeded local copy was loaded masked, where the two
    sides agree on it to within AS_OF_TOLERANCE seconds: each side seeds the list its age
    before its own run, so the two are seconds apart. Anything else is left to differ."""
    def masked(output):
        notices = output.get("notices") if isinstance(output, dict) else None
        if not isinstance(notices, list):
            return output
        output = dict(output)
        output["notices"] = [
            {**notice, "asOf": "<as of>",
             **{key: TIME_OF_DAY.sub("<time>", notice[key])
                for key in ("title", "accessibilityLabel") if isinstance(notice.get(key), str)}}
            if saved_at(notice) is not None else notice
            for notice in notices]
        return output

    local_times = [saved_at(n) for n in (local[1].get("notices") or [])] \
        if isinstance(local[1], dict) else []
    remote_times = [saved_at(n) for n in (remote[1].get("notices") or [])] \
        if isinstance(remote[1], dict) else []
    if len(local_times) != len(remote_times) or any(
            (a is None) != (b is None) or (a is not None and abs(a - b) > AS_OF_TOLERANCE)
            for a, b in zip(local_times, remote_times)):
        return local, remote
    return (local[0], masked(local[1])), (remote[0], masked(remote[1]))


def run(binary, arguments):
    process = subprocess.Popen([binary] + arguments, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    children.add(process)
    try:
        stdout, stderr = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        stop(process)
        return "hung", {"hung": f"no end after {TIMEOUT} s: {' '.join(arguments)}"}
    finally:
        children.discard(process)
    try:
        output = without_trace_ids(json.loads(stdout))
    except ValueError:
        output = {"unreadable": stdout, "stderr": stderr}
    return process.returncode, output


def over_http(binary, script_path, arguments):
    server = subprocess.Popen(
        [sys.executable, SERVER, "--script", script_path, "--port", "0", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    children.add(server)
    try:
        port = server.stdout.readline().strip()
        if not port.isdigit():
            raise RuntimeError(f"the server did not print its port (got {port!r})")
        # The local copy and the journal of this run alone, as a scenario's are in process.
        with tempfile.TemporaryDirectory(prefix="http-parity-cache-") as cache:
            return run(binary, arguments + ["--backend-url", f"http://127.0.0.1:{port}",
                                            "--cache-dir", cache])
    finally:
        stop(server)


def summary(exit_code, output):
    """`exit 75, error: You're offline`: how a run ended, as docs/HTTP.md lists it, with
    each source that could not load beside the others: `exit 0, loaded, failed: cards
    (You're offline)`."""
    status = output.get("status", "?")
    error = output.get("error") or {}
    title = f": {error['title']}" if error.get("title") else ""
    failed = "".join(f", failed: {notice['source']} ({notice['title']})"
                     for notice in output.get("notices") or [])
    return f"exit {exit_code}, {status}{title}{failed}"


def methods(result):
    """The rows a run listed, or None for an output without them (add-card's)."""
    output = result[1]
    return output.get("methods") if isinstance(output, dict) else None


def listed_differences():
    """(scenario, screen) -> (in process, over HTTP), from docs/HTTP.md's table."""
    with open(os.path.join(ROOT, "docs", "HTTP.md"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split("<!-- parity-differences -->")[1]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 5 or not cells[0].startswith("`"):
            continue
        scenario, screen = cells[0].strip("`"), cells[1].strip("`")
        rows[(scenario, screen)] = (cells[2].strip("`"), cells[3].strip("`"))
    return rows


def check(binary, scenario, screen, script_path, apple_pay, saved):
    if screen == "add-card":
        arguments = ["add-card"] + CARD + ["--json"]
    elif screen in CHANGES:
        arguments = CHANGES[screen]
    else:
        arguments = ["--screen", screen, "--json"]
    local = run(binary, arguments + ["--scenario", scenario])
    device = ["--apple-pay", apple_pay]
    if saved is not None:
        device += ["--saved-list", json.dumps(saved)]
    remote = over_http(binary, script_path, arguments + device + DEMO_APPROVAL_BUDGET)
    local, remote = without_seed_times(local, remote)
    return scenario, screen, local, remote


def run_all(binary, names, folder):
    """Exports each scenario into `folder`, then runs every job both ways."""
    jobs = []
    for name in names:
        exported = subprocess.run([binary, "--export-scenario", name], capture_output=True,
                                  text=True, check=True).stdout
        script_path = os.path.join(folder, f"{name}.json")
        with open(script_path, "w", encoding="utf-8") as handle:
            handle.write(exported)
        device = json.loads(exported)["device"]
        apple_pay, saved = device["applePay"], device.get("saved")
        # Every scenario has add-card answers: its own, or those that meet its cards' failures.
        screens = ["payment-methods", "wallet", "add-card"]
        screens += [command for command in CHANGES
                    if name.startswith(command) or name in CHANGES_MEET]
        jobs += [(name, screen, script_path, apple_pay, saved) for screen in screens]

    # Four at a time: the runs mostly wait on scripted latencies, not on the CPU.
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: check(binary, *job), jobs))
    return results


def main():
    binary = os.path.abspath(sys.argv[1])
    listing = subprocess.run([binary, "--list-scenarios"], capture_output=True, text=True,
                             check=True).stdout
    # One scenario a line: its name, then its summary.
    names = [line.split()[0] for line in listing.splitlines()
             if line and not line[0].isspace()]
    listed = listed_differences()

    with tempfile.TemporaryDirectory(prefix="http-parity-") as folder:
        results = run_all(binary, names, folder)

    failures = []
    seen_differences = set()
    for scenario, screen, local, remote in results:
        key = (scenario, screen)
        if key in listed:
            seen_differences.add(key)
            expected_local, expected_remote = listed[key]
            got = (summary(*local), summary(*remote))
            if got != (expected_local, expected_remote):
                failures.append(f"{scenario} ({screen}): listed as {expected_local} in process "
                                f"and {expected_remote} over HTTP, but was {got[0]} and {got[1]}")
            elif methods(local) != methods(remote):
                # The difference is in the words of what failed: the rows listed, saved
                # ones included, must be the same.
                failures.append(f"{scenario} ({screen}): the methods listed differ\n"
                                f"  in process: {json.dumps(methods(local))}\n"
                                f"  over HTTP:  {json.dumps(methods(remote))}")
            elif local == remote:
                failures.append(f"{scenario} ({screen}): listed as a difference, but both "
                                "sides are identical: take it off the list")
        elif local != remote:
            failures.append(f"{scenario} ({screen}): in process {summary(*local)}, over HTTP "
                            f"{summary(*remote)}\n  in process: {json.dumps(local[1])}\n"
                            f"  over HTTP:  {json.dumps(remote[1])}")
        else:
            print(f"same   {scenario} ({screen}): {summary(*local)}")
    for key in sorted(seen_differences):
        print(f"listed {key[0]} ({key[1]}): {' / '.join(listed[key])}")
    for key in sorted(set(listed) - seen_differences):
        failures.append(f"docs/HTTP.md lists {key[0]} ({key[1]}), which is not a scenario "
                        "and screen this check runs")

    print(f"\n{len(results)} runs compared, {len(seen_differences)} listed differences")
    if failures:
        print("\nFAILED:\n" + "\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
