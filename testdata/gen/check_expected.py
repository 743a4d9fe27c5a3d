"""Compare faultline's JSON report of each scenario with its expected.json.

    python3 testdata/gen/check_expected.py [--faultline build/faultline] [NN ...]

Key semantics (see testdata/scenarios/README.md): "a.b.c" must equal; "X[].f" the set of f over array X must
include every listed value; "!X[].f" none of the listed values may appear.  Exit status 1 if any key fails.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))


def get(obj, path):
    for part in path.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return KeyError
        obj = obj[part]
    return obj


def values(obj, key):
    """The values of an array ("X[]") or of one field over it ("X[].f")."""
    if key.endswith("[]"):
        arr_path, field = key[:-2], None
    else:
        arr_path, field = key.split("[].", 1)
    arr = get(obj, arr_path)
    if not isinstance(arr, list):
        return KeyError
    return list(arr) if field is None else [get(e, field) for e in arr]


def same(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return abs(a - b) < 1e-9
    return a == b


def check(report, expected):
    fails = []
    for key, want in expected.items():
        neg = key.startswith("!")
        k = key[1:] if neg else key
        if "[]." in k or k.endswith("[]"):
            got = values(report, k)
            if got is KeyError:
                fails.append("%s: array missing" % key)
                continue
            wants = want if isinstance(want, list) else [want]
            for w in wants:
                hit = any(same(g, w) for g in got)
                if neg and hit:
                    fails.append("%s: %r present" % (key, w))
                if not neg and not hit:
                    fails.append("%s: %r missing (got %r)" % (key, w, sorted(set(map(str, got)))))
        else:
            got = get(report, k)
            if got is KeyError:
                fails.append("%s: missing" % key)
            elif not same(got, want):
                fails.append("%s: got %r, want %r" % (key, got, want))
    return fails


def main():
    args = sys.argv[1:]
    fl = os.path.join(root, "build", "faultline")
    if args[:1] == ["--faultline"]:
        fl, args = args[1], args[2:]
    bad = 0
    for d in sorted(glob.glob(os.path.join(root, "testdata", "scenarios", "[0-9][0-9]-*"))):
        name = os.path.basename(d)
        if args and name[:2] not in args:
            continue
        exp = json.load(open(os.path.join(d, "expected.json")))
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, FAULTLINE_DB=os.path.join(tmp, "fl.db"))
            r = subprocess.run([fl, "analyze", os.path.join(d, "bundle"), "--format", "json"],
                               capture_output=True, env=env)
        if r.returncode != 0:
            print("FAIL %s: exit %d: %s" % (name, r.returncode, r.stderr.decode(errors="replace").strip()))
            bad += 1
            continue
        fails = check(json.loads(r.stdout), exp)
        print(("ok   %s" % name) if not fails else ("FAIL %s\n     " % name) + "\n     ".join(fails))
        bad += bool(fails)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
