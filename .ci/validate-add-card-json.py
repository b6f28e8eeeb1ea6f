"""Runs `add-card --json` under every add-card scenario (and, with a card that fails the
local checks, once more) and validates each output against docs/add-card.schema.json, and
its exit code against its status.

Usage: python3 .ci/validate-add-card-json.py PATH_TO_BINARY
"""

import json
import pathlib
import subprocess
import sys

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parent.parent
CARD = ["--number", "4242 4242 4242 4242", "--expiry", "08/28", "--cvc", "123", "--name", "Ada Lovelace"]
BAD_CARD = ["--number", "4242 4242 4242 4241", "--expiry", "13/28", "--cvc", "1", "--name", "Ada"]
EXIT_CODES_FOR_STATUS = {
    "saved": {0}, "alreadySaved": {0}, "invalid": {65}, "declined": {1},
    "error": {1, 69, 70, 75, 77},
}


def main() -> int:
    binary = sys.argv[1]
    schema = json.loads((ROOT / "docs/add-card.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    listing = subprocess.run([binary, "--list-scenarios"], capture_output=True, text=True, check=True)
    scenarios = [line.split()[0] for line in listing.stdout.splitlines() if line.startswith("add-card")]
    runs = [["--scenario", name, *CARD] for name in scenarios]
    runs.append(["--scenario", "all-available", *BAD_CARD])

    failures = 0
    for run in runs:
        arguments = ["add-card", *run, "--json"]
        result = subprocess.run([binary, *arguments], capture_output=True, text=True)
        label = " ".join(arguments)
        try:
            document = json.loads(result.stdout)
            validator.validate(document)
            expected = EXIT_CODES_FOR_STATUS[document["status"]]
            if result.returncode not in expected:
                raise ValueError(f"exit code {result.returncode}, expected one of {sorted(expected)}")
        except (ValueError, jsonschema.ValidationError) as error:
            failures += 1
            print(f"FAIL {label}: {error}")
        else:
            print(f"ok   {label}: {document['status']}")
    print(f"add-card schema: {len(runs) - failures} passed, {failures} failed")
    return 1 if failures or len(scenarios) < 7 else 0


if __name__ == "__main__":
    sys.exit(main())
