"""Runs every built-in scenario on both screens with --json and validates each output
against docs/state.schema.json, and its exit code against its status.

Usage: python3 .ci/validate-state-json.py PATH_TO_BINARY
"""

import json
import pathlib
import subprocess
import sys

import jsonschema

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCREENS = ["payment-methods", "wallet"]
# An error screen exits with the code of its recovery (see the README).
EXIT_CODES_FOR_STATUS = {"loaded": {0}, "empty": {0}, "error": {1, 69, 70, 75, 77}}


def main() -> int:
    binary = sys.argv[1]
    schema = json.loads((ROOT / "docs/state.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    listing = subprocess.run([binary, "--list-scenarios"], capture_output=True, text=True, check=True)
    scenarios = [line.split()[0] for line in listing.stdout.splitlines() if line.strip()]
    runs = [["--scenario", name] for name in scenarios]
    runs += [["--scenario-file", str(path)] for path in sorted((ROOT / "Examples").glob("*.json"))]

    failures = 0
    checked = 0
    for run in runs:
        for screen in SCREENS:
            arguments = [*run, "--screen", screen, "--json"]
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
            checked += 1

    print(f"schema: {checked - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
