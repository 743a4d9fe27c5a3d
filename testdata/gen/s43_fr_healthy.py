"""43-fr-healthy: one node x 8 GPUs, torch 2.5 / NCCL 2.21.5, DDP with two 4-rank tensor-parallel subgroups.  The
run finishes; a job epilogue asked every rank for a Flight Recorder dump at exit (as some teams do on every run), so
the bundle holds eight dumps of a healthy run: every entry completed, buffers cut at different points.  Nothing is
to be reported."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
import fr_dump as fr  # noqa: E402
from frjob import FrJob  # noqa: E402

S = Scenario("43-fr-healthy")
J = FrJob(["h100-node-3"], 8, seed=43, tp=[[0, 1, 2, 3], [4, 5, 6, 7]])
J.fr_version = "2.10"
t = J.start(ts("2025-07-21 18:03:55.012"), ["10.50.0.3"])

rnd = Rnd(43)
loss = 2.31
STEPS = 240
for step in range(1, STEPS + 1):
    tt = t + secs(1.66 * step)
    loss = loss - 0.001 + rnd.uniform(-0.02, 0.02)
    for r in J.ranks:
        J.step_collectives(r, tt, step, step % 10 == 0)
        if step % 10 == 0 or step == 1:
            J.step_line(r, tt + ms(1400), step, loss)
tt = t + secs(1.66 * STEPS) + secs(2)
for r in J.ranks:
    titan_log(r.p, tt + ms(r.p.rank), "Training completed", to="out")
    S.write("rank%d.log" % r.p.rank, merged([r.p]))
    # 2.10 dumps (thread_name, thread_id, comm_lib_version); buffer of
    # 150 entries, cut at different points on each rank
    S.write("flight_recorder/nccl_trace_rank_%d" % r.p.rank, fr.to_pickle(J.dump(r, 150 - 3 * r.p.rank)))

S.expected({
    "verdict.status": "healthy",
    "verdict.likely_cause.id": "none",
    "verdict.first_failure": None,
    "verdict.hang": None,
    "run.ranks": 8,
    "!findings[].id": ["straggler", "clock_skew"],
})
S.readme("""
# 43-fr-healthy

Story: one node x 8 H100, DDP with two tensor-parallel subgroups (process groups `1` = ranks 0-3, `2` = ranks 4-7),
torch 2.5 / NCCL 2.21.5. The run completes 240 steps. A job epilogue asks every rank for a Flight Recorder dump at
exit, so the bundle holds eight dumps of a healthy run (dump version 2.10: entries also carry `thread_name` and
`thread_id`, the dump `comm_lib_version`). Every entry is completed; the buffers (150 entries less 3 per rank)
reach back to different sequence numbers. Nothing is to be reported: no hang, no finding.
Layout: `rank<N>.log`, `flight_recorder/nccl_trace_rank_<N>` (pickle, `testdata/gen/fr_dump.py`).
""")
