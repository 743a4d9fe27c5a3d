#!/usr/bin/env python3
"""Validates every JSON report the e2e tests wrote against the contract's
schema (JSON Schema draft 2020-12). Usage: validate_schema.py SCHEMA DIR"""
import json
import pathlib
import sys

import jsonschema

schema = json.loads(pathlib.Path(sys.argv[1]).read_text())
# The contract's "$id" is a bare name ("faultline.report/1"); older
# jsonschema releases (Debian 12's 4.10) take it as a base URI and then fail
# to resolve "#/$defs/..." against it. The id carries no constraint.
schema.pop("$id", None)
validator = jsonschema.Draft202012Validator(schema)
reports = sorted(pathlib.Path(sys.argv[2]).glob("*.json"))
if not reports:
    print("no reports found in", sys.argv[2])
    sys.exit(1)
failed = 0
for path in reports:
    errors = list(validator.iter_errors(json.loads(path.read_text())))
    for err in errors:
        print(f"{path.name}: {'/'.join(map(str, err.path))}: {err.message}")
    failed += bool(errors)
print(f"{len(reports) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
