"""Scores faultline on the multi-rank scenarios the way tests/real/score.py
scores the real corpus: five answers per scenario, each counted only where
the scenario settles it.

    python3 testdata/gen/score_scenarios.py [--faultline build/faultline] [--verbose]

The answers: verdict status, likely cause, first failing rank (null when the
story has no failing rank: a hang, a healthy run, a scheduler kill), the
hang point (collective and sequence number) and the world size. The truth is
each scenario's expected.json; where expected.json leaves an answer out
although the scenario's README settles it, STORY below adds it. A scenario
whose world size is 1 is not multi-rank and is skipped. check_expected.py
fails on any wrong expected.json key; this script prints the tallies that
docs/ACCURACY.md reports against issue 11's multi-rank target.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))

FIELDS = ("status", "cause", "first_rank", "hang_point", "world_size")
KEYS = {
    "status": "verdict.status",
    "cause": "verdict.likely_cause.id",
    "first_rank": "verdict.first_failure.rank",
    "world_size": "run.ranks",
}

# Answers the READMEs settle that expected.json does not assert.
STORY = {
    # 2 nodes x 8 H100 (30, 31, 32)
    "30-nemo-spike-slowdown": {"world_size": 16},
    "31-nanotron-low-mfu": {"world_size": 16},
    "32-megatron-straggler": {"world_size": 16},
    # master-0 + worker-0, 4 A100 each
    "09-nccl-init-error": {"world_size": 8},
    # 2 nodes x 8 GPUs, --nnodes=2 --nproc_per_node=8
    "21-rendezvous-error": {"world_size": 16},
    # batch config for 32 DP ranks on 16
    "22-config-error": {"world_size": 16},
    # TP2 PP2 DP4
    "33-megatron-oom-config": {"world_size": 16},
    # 2 x 8 A100
    "34-hf-deepspeed-gbs": {"world_size": 16},
    # HSDP 2 x 4
    "35-torchtitan-hsdp-consistent": {"world_size": 8},
    # rank 6 never issues the next ALLREDUCE (SeqNum 35361)
    "37-telemetry-snapshot": {"hang_point": ["ALLREDUCE", 35361]},
}


def get(obj, path):
    for part in path.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def truth(name, exp):
    t = {}
    for f, key in KEYS.items():
        if key in exp:
            t[f] = exp[key]
    if "first_rank" not in t and "verdict.first_failure" in exp and exp["verdict.first_failure"] is None:
        t["first_rank"] = None
    if "verdict.hang.collective" in exp and "verdict.hang.seq" in exp:
        t["hang_point"] = [exp["verdict.hang.collective"], exp["verdict.hang.seq"]]
    t.update(STORY.get(name, {}))
    return t


def answers(report):
    a = {f: get(report, key) for f, key in KEYS.items()}
    hang = get(report, "verdict.hang") or {}
    a["hang_point"] = [hang.get("collective"), hang.get("seq")]
    return a


def main():
    args = sys.argv[1:]
    fl = os.path.join(root, "build", "faultline")
    verbose = "--verbose" in args
    if "--faultline" in args:
        fl = args[args.index("--faultline") + 1]
    right = {f: 0 for f in FIELDS}
    scored = {f: 0 for f in FIELDS}
    n = 0
    for d in sorted(glob.glob(os.path.join(root, "testdata", "scenarios", "[0-9][0-9]-*"))):
        name = os.path.basename(d)
        t = truth(name, json.load(open(os.path.join(d, "expected.json"))))
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, FAULTLINE_DB=os.path.join(tmp, "fl.db"), XDG_DATA_HOME=tmp)
            r = subprocess.run([fl, "analyze", os.path.join(d, "bundle"), "--db",
                                os.path.join(tmp, "s.db"), "--format", "json"],
                               capture_output=True, env=env)
        if r.returncode != 0:
            print("%s: faultline failed: %s" % (name, r.stderr.decode(errors="replace")[:200]))
            return 1
        a = answers(json.loads(r.stdout))
        ws = t.get("world_size", a["world_size"])
        if ws is not None and ws <= 1:
            continue
        n += 1
        for f in FIELDS:
            if f not in t:
                continue
            scored[f] += 1
            if a[f] == t[f]:
                right[f] += 1
            elif verbose:
                print("  miss %s: %s expected %r, got %r" % (name, f, t[f], a[f]))
    print("multi-rank scenarios: %d" % n)
    for f in FIELDS:
        pct = 100.0 * right[f] / scored[f] if scored[f] else 0.0
        print("  %-12s %3d / %3d  (%.0f%%)" % (f.replace("_", " "), right[f], scored[f], pct))
    return 0


if __name__ == "__main__":
    sys.exit(main())
