#!/usr/bin/env python3
"""docs/CAUSES.md's classification table lists the rows of rules.c's
CLASS table, one for one and in order (the first row that holds decides);
rows added to the code and not to the table went unnoticed for several
changes. Each documented row must name the code row's kind, its field and
needle, its role, cause and priority.

Usage: check_cause_rows.py RULES_C CAUSES_MD   (ctest: lint_cause_rows)
"""
import re
import sys

ROW = re.compile(r'\{\s*"([a-z0-9_.]+)",\s*(NULL|"[^"]*"),\s*(NULL|"(?:[^"\\]|\\.)*"),'
                 r'\s*ROLE_(\w+),\s*(NULL|"[^"]*"),\s*(-?\d+)'
                 r'(?:,\s*(NULL|"[^"]*"),\s*(NULL|"(?:[^"\\]|\\.)*"))?\s*\}')
DOC = re.compile(r'^\| (\d+) \| `([^`]+)` \| (.*) \| (\w+) \| (`\w+`|—) \| (-?\d+) \|$', re.M)


def unquote(tok):
    return None if tok in (None, "NULL") else tok[1:-1].replace('\\"', '"')


def code_rows(text):
    start = text.index("CLASS[] = {")
    body = text[start:text.index("\n};", start)]
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return [m.groups() for m in ROW.finditer(body)]


def condition_ok(cond, field, needle):
    """The condition names the field, and the needle or its absence."""
    if field is None:
        return cond.startswith("—") if needle is None else f'"{needle}"' in cond
    if f"`{field}`" not in cond:
        return False
    if needle == "!":
        return "absent" in cond
    if needle.startswith("="):
        return f"= {needle[1:]}" in cond
    return f'"{needle}"' in cond


def problems(code, doc):
    out = []
    if len(code) != len(doc):
        out.append(f"rules.c has {len(code)} rows, docs/CAUSES.md {len(doc)}")
    for i, (c, d) in enumerate(zip(code, doc), 1):
        kind, field, needle, role, cause, prio, field2, needle2 = c
        num, dkind, cond, drole, dcause, dprio = d
        want_cause = f"`{unquote(cause)}`" if cause != "NULL" else "—"
        ok = (int(num) == i and dkind == kind and drole == role.lower() and
              dcause == want_cause and dprio == prio and
              condition_ok(cond, unquote(field), unquote(needle)) and
              (field2 in (None, "NULL") or condition_ok(cond, unquote(field2), unquote(needle2))))
        if not ok:
            out.append(f"row {i}: rules.c has {kind} {unquote(field)} {unquote(needle)!r} "
                       f"{role.lower()} {unquote(cause)} {prio}; docs/CAUSES.md has: {' | '.join(d)}")
            break
    return out


def main(argv):
    code = code_rows(open(argv[1]).read())
    doc = DOC.findall(open(argv[2]).read())
    found = problems(code, doc)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
