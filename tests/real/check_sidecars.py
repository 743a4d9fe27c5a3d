#!/usr/bin/env python3
"""Validates the real-log corpus (testdata/real/): every excerpt's sidecar
has exactly the documented fields with the documented types, its cause is
a contract cause id (read from the report schema), its slug names its
source thread, and the split holds: no source thread in both halves, and
no test-half thread among the reference threads that may seed the dev
half (testdata/real/reference-threads.txt).

    check_sidecars.py [CORPUS_DIR] [SCHEMA]

Prints one line per problem and exits 1 if there is any."""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIELDS = {"source", "url", "title", "what_happened", "cause", "first_rank",
          "hang_collective", "world_size", "notes"}
THREAD = re.compile(r"^([\w.-]+/[\w.-]+)#(\d+)$")
# A reference excerpt taken from a repository file rather than a thread:
# `owner/repo (path/inside/repo)`.
REPO_FILE = re.compile(r"^[\w.-]+/[\w.-]+ \((?P<path>.+)\)$")
# Repository names keep their underscores (stanford_alpaca-207-...).
SLUG = re.compile(r"^[a-z0-9_]+(?:-[a-z0-9_]+)*$")
COLLECTIVE = re.compile(r"^_?[A-Z][A-Z_]*$")


def cause_ids(schema_path):
    schema = json.loads(pathlib.Path(schema_path).read_text())
    return set(schema["$defs"]["cause"]["properties"]["id"]["enum"])


def optional_int(value, minimum):
    return value is None or (type(value) is int and value >= minimum)


def field_problems(side, causes):
    """What is wrong with one sidecar's fields, as messages."""
    out = []
    keys = set(side)
    if keys != FIELDS:
        missing, extra = FIELDS - keys, keys - FIELDS
        out.append(f"fields: missing {sorted(missing)}, unknown {sorted(extra)}")
        return out
    for key in ("source", "url", "title", "what_happened", "notes"):
        if not isinstance(side[key], str) or not side[key].strip():
            out.append(f"{key} must be a non-empty string")
    if side["cause"] is not None and side["cause"] not in causes:
        out.append(f"cause {side['cause']!r} is not a contract cause id")
    if not optional_int(side["first_rank"], 0):
        out.append("first_rank must be a global rank (integer >= 0) or null")
    if not optional_int(side["world_size"], 1):
        out.append("world_size must be an integer >= 1 or null")
    hang = side["hang_collective"]
    if hang is not None and not (isinstance(hang, str) and COLLECTIVE.match(hang)):
        out.append(f"hang_collective {hang!r} is not an upper-case c10d op name")
    return out


def source_problems(slug, side):
    """The slug and url must name the source thread."""
    source = side.get("source")
    if not isinstance(source, str):
        return []
    m = THREAD.match(source)
    if not m:
        if REPO_FILE.match(source):
            return []
        return [f"source {source!r} is not owner/repo#N"]
    repo, number = m.groups()
    out = []
    if f"-{number}-" not in f"{slug}-":
        out.append(f"slug does not carry the thread number {number}")
    url = side.get("url", "")
    if not re.match(rf"^https://github\.com/{re.escape(repo)}/(issues|pull|discussions)/{number}\b",
                    str(url), re.IGNORECASE):
        out.append(f"url {url!r} does not point at {source}")
    return out


def check_half(half_dir, causes):
    """Problems of one half, and its sources mapped to their slugs."""
    problems, sources = [], {}
    logs = {p.stem for p in half_dir.glob("*.log")}
    sides = {p.stem for p in half_dir.glob("*.json")}
    for stem in sorted(logs ^ sides):
        problems.append(f"{half_dir.name}/{stem}: .log and .json must come in pairs")
    for stem in sorted(logs & sides):
        where = f"{half_dir.name}/{stem}"
        if not SLUG.match(stem):
            problems.append(f"{where}: slug must be lower-case words (a-z, 0-9, _) joined by '-'")
        if not (half_dir / f"{stem}.log").read_bytes().strip():
            problems.append(f"{where}: the excerpt is empty")
        try:
            side = json.loads((half_dir / f"{stem}.json").read_text())
        except ValueError as exc:
            problems.append(f"{where}: sidecar is not JSON: {exc}")
            continue
        if not isinstance(side, dict):
            problems.append(f"{where}: sidecar must be a JSON object")
            continue
        problems += [f"{where}: {p}" for p in field_problems(side, causes)]
        problems += [f"{where}: {p}" for p in source_problems(stem, side)]
        if isinstance(side.get("source"), str):
            sources.setdefault(side["source"].lower(), []).append(stem)
    return problems, sources


def thread_prefix_problems(half, sources):
    """Excerpts of one thread share the <repo-short>-<number> part."""
    out = []
    for source, stems in sources.items():
        m = THREAD.match(source)
        if not m or len(stems) < 2:
            continue
        prefixes = {s[:s.index(f"-{m.group(2)}-") + len(m.group(2)) + 1]
                    for s in stems if f"-{m.group(2)}-" in s}
        if len(prefixes) > 1:
            out.append(f"{half}: excerpts of {source} use different prefixes "
                       f"{sorted(prefixes)}")
    return out


def repository_problems(halves):
    """Files committed to one repository share its runs' formats, so they
    all belong to one half, as a thread's excerpts do."""
    seen = {}
    for half, sources in halves.items():
        for source in sources:
            if REPO_FILE.match(source):
                seen.setdefault(source.split(" ", 1)[0], set()).add(half)
    return [f"files of {repo} are in both halves: a repository's files belong to one"
            for repo, where in sorted(seen.items()) if len(where) > 1]


def main(argv):
    corpus = pathlib.Path(argv[1]) if len(argv) > 1 else ROOT / "testdata" / "real"
    schema = argv[2] if len(argv) > 2 else ROOT / "tests" / "e2e" / "report.schema.json"
    causes = cause_ids(schema)
    reference = {line.strip().lower()
                 for line in (corpus / "reference-threads.txt").read_text().splitlines()
                 if line.strip() and not line.startswith("#")}
    problems, halves = [], {}
    for half in ("dev", "test"):
        found, sources = check_half(corpus / half, causes)
        problems += found + thread_prefix_problems(half, sources)
        halves[half] = sources
    for source in sorted(halves["dev"].keys() & halves["test"].keys()):
        problems.append(f"{source} is in both halves: a thread belongs to one")
    problems += repository_problems(halves)
    for source in sorted(halves["test"].keys() & reference):
        problems.append(f"test/{halves['test'][source][0]}: {source} is a "
                        "reference thread and may only be in the dev half")
    for line in problems:
        print(line)
    counts = ", ".join(f"{h} {sum(len(v) for v in s.values())} excerpts from "
                       f"{len(s)} threads" for h, s in halves.items())
    print(f"{counts}; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
