"""Regenerate every scenario bundle, expected.json and README.md (deterministic; python3 stdlib only).

    python3 testdata/gen/make_all.py          # all
    python3 testdata/gen/make_all.py 05 17    # some
"""
import glob
import os
import runpy
import sys
sys.dont_write_bytecode = True

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
want = sys.argv[1:]
for path in sorted(glob.glob(os.path.join(here, "s[0-9][0-9]_*.py"))):
    num = os.path.basename(path)[1:3]
    if want and num not in want:
        continue
    runpy.run_path(path, run_name="__main__")
    print("generated", os.path.basename(path))
