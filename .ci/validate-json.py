"""Validates what `--json` prints, and each exit code against its status:

- every built-in scenario (and every file in Examples/) on both screens, against
  docs/state.schema.json;
- `add-card` under every add-card scenario, and once with a card that fails the local
  checks, against docs/add-card.schema.json;
- `remove-card`, `set-default` and `update-card` under every built-in scenario, and with
  an id no method has, against docs/remove-card.schema.json, docs/set-default.schema.json
  and docs/update-card.schema.json: every scenario keeps working with the new commands;
- each of those again in German (`--locale de_DE`): the words change, the shape does not
  (the changes: under their own scenarios).

Usage: python3 .ci/validate-json.py PATH_TO_BINARY
"""

import json
import pathlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCREENS = ["payment-methods", "wallet"]
# A card the default list does not have, so that the add-card scenarios save it (where a
# list has it already, as cards-expired does, it is already saved: never saved twice).
CARD = ["--number", "5555 5555 5555 4444", "--expiry", "08/28", "--cvc", "123", "--name", "Ada Lovelace"]
BAD_CARD = ["--number", "4242 4242 4242 4241", "--expiry", "13/28", "--cvc", "1", "--name", "Ada"]
# An error exits with the code of its recovery (see the README).
ERROR_CODES = {1, 69, 70, 75, 77}
SCREEN_CODES = {"loaded": {0}, "empty": {0}, "error": ERROR_CODES}
ADD_CARD_CODES = {"saved": {0}, "alreadySaved": {0}, "invalid": {65}, "declined": {1}, "error": ERROR_CODES}
CHANGE_CODES = {
    "removed": {0}, "alreadyRemoved": {0}, "madeDefault": {0}, "alreadyDefault": {0}, "updated": {0},
    "refused": {1}, "declined": {1}, "invalid": {65}, "gone": {65}, "unknownId": {65}, "error": ERROR_CODES,
}
# Each change, on a card every scenario lists (an expired one where there is one to update).
CHANGES = {
    "remove-card": [["remove-card", "--id", "card-1"], ["remove-card", "--id", "card-9"]],
    "set-default": [["set-default", "--id", "card-2"], ["set-default", "--wallet"],
                    ["set-default", "--id", "apple-pay"]],
    "update-card": [["update-card", "--id", "card-2", "--expiry", "01/30"],
                    ["update-card", "--id", "card-2", "--expiry", "13/30"]],
}
CHANGE_SCENARIOS = ("remove-card", "set-default", "update-card")


def validator(schema_file):
    schema = json.loads((ROOT / "docs" / schema_file).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(binary, runs, schema, codes):
    """Runs each argument list, four at a time (the runs mostly wait on scripted latencies,
    not on the CPU); the number of runs that failed."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(
            lambda arguments: subprocess.run([binary, *arguments], capture_output=True, text=True),
            runs))
    failures = 0
    for arguments, result in zip(runs, results):
        label = " ".join(arguments)
        try:
            document = json.loads(result.stdout)
            schema.validate(document)
            expected = codes[document["status"]]
            if result.returncode not in expected:
                raise ValueError(f"exit code {result.returncode}, expected one of {sorted(expected)}")
        except (ValueError, jsonschema.ValidationError) as error:
            failures += 1
            print(f"FAIL {label}: {error}")
        else:
            print(f"ok   {label}: {document['status']}")
    return failures


def main() -> int:
    binary = sys.argv[1]
    listing = subprocess.run([binary, "--list-scenarios"], capture_output=True, text=True, check=True)
    scenarios = [line.split()[0] for line in listing.stdout.splitlines() if line.strip()]

    sources = [["--scenario", name] for name in scenarios]
    sources += [["--scenario-file", str(path)] for path in sorted((ROOT / "Examples").glob("*.json"))]
    screen_runs = [[*source, "--screen", screen, "--json"] for source in sources for screen in SCREENS]
    add_card_runs = [
        ["add-card", "--scenario", name, *CARD, "--json"] for name in scenarios if name.startswith("add-card")
    ]
    add_card_runs.append(["add-card", "--scenario", "all-available", *BAD_CARD, "--json"])
    screen_runs += [[*run, "--locale", "de_DE"] for run in screen_runs]
    add_card_runs += [[*run, "--locale", "de_DE"] for run in add_card_runs]

    runs = len(screen_runs) + len(add_card_runs)
    failures = check(binary, screen_runs, validator("state.schema.json"), SCREEN_CODES)
    failures += check(binary, add_card_runs, validator("add-card.schema.json"), ADD_CARD_CODES)
    for command, changes in CHANGES.items():
        change_runs = [[*change, "--scenario", name, "--json"] for name in scenarios for change in changes[:1]]
        change_runs += [[*change, "--json"] for change in changes[1:]]
        change_runs += [[*run, "--locale", "de_DE"] for run in change_runs if is_own(run)]
        runs += len(change_runs)
        failures += check(binary, change_runs, validator(f"{command}.schema.json"), CHANGE_CODES)
    print(f"schema: {runs - failures} passed, {failures} failed")
    return 1 if failures or len(add_card_runs) < 16 else 0


def is_own(run):
    """A run of a change under one of the changes' own scenarios, or without a scenario."""
    if "--scenario" not in run:
        return True
    return run[run.index("--scenario") + 1].startswith(CHANGE_SCENARIOS)


if __name__ == "__main__":
    sys.exit(main())
