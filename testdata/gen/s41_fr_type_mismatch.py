"""41-fr-type-mismatch: one node x 8 GPUs, torch 2.5 / NCCL 2.21.5, DDP, Flight Recorder on with a job-specific dump
prefix (TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/fsx/jobs/7781/fr/job7781_rank).  At step 300 rank 3 finds a non-finite value
in its local gradients and takes a branch the others do not: it broadcasts a skip flag while the other seven
all-reduce the loss for logging.  Both calls are the same collective sequence number of the default group, so all
eight wait until the watchdog times out: seven report ALLREDUCE, rank 3 reports BROADCAST.  The dumps show the
divergence and the two Python stacks side by side."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
import fr_dump as fr  # noqa: E402
from frjob import C10D, LOGGER, PYL, FrJob, frames  # noqa: E402

S = Scenario("41-fr-type-mismatch")
VER = (2, 5)
DIVERGED = 3
LAST_STEP = 299
J = FrJob(["a100-node-14"], 8, seed=41)
t = J.start(ts("2025-05-06 13:20:44.905"), ["10.40.2.14"])

SKIP_FLAG = frames(("broadcast", C10D, 2612), ("wrapper", LOGGER, 83),
                   ("sync_skip_flag", "/workspace/train.py", 148),
                   ("train_step", "/workspace/train.py", 207),
                   ("main", "/workspace/train.py", 331),
                   ("<module>", "/workspace/train.py", 340))

rnd = Rnd(41)
loss = 2.44
for step in range(1, LAST_STEP + 1):
    tt = t + secs(1.31 * step)
    loss = loss - 0.0008 + rnd.uniform(-0.02, 0.02)
    for r in J.ranks:
        J.step_collectives(r, tt, step, step % 10 == 0)
        if step % 10 == 0 or step == 1:
            J.step_line(r, tt + ms(1400), step, loss)

tt = t + secs(1.31 * (LAST_STEP + 1))
for r in J.ranks:
    J.record(r, "0", "nccl:all_reduce", [[J.numel]], ["Float"], [[J.numel]], ["Float"], tt + ms(900),
             __import__("frjob").BACKWARD)
    if r.p.rank == DIVERGED:
        J.record(r, "0", "nccl:broadcast", [[1]], ["Bool"], [[1]], ["Bool"], tt + ms(1250), SKIP_FLAG,
                 state="started")
    else:
        J.record(r, "0", "nccl:all_reduce", [[]], ["Float"], [[]], ["Float"], tt + ms(1300),
                 __import__("frjob").LOSS_ALLREDUCE, state="started")
SEQ = J.ranks[0].seq["0"]

t_out = tt + ms(1300) + ms(600000)
for r in J.ranks:
    p = r.p
    op, numel = ("BROADCAST", 1) if p.rank == DIVERGED else ("ALLREDUCE", 1)
    torch_timeout(p, t_out + ms(p.rnd.randrange(20, 90)), VER, SEQ, op, numel, 600000,
                  600000 + p.rnd.randrange(30, 90), pylib=PYL)
    S.write("rank%d.log" % p.rank, merged([p]))
    S.write("fr/job7781_rank%d" % p.rank, fr.to_pickle(J.dump(r, 200)))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.stuck_ranks": [DIVERGED],
    "verdict.hang.source": "flight_recorder",
    "verdict.hang.flight_recorder.mismatch": "collective_type",
    "verdict.hang.flight_recorder.diverging.rank": DIVERGED,
    "verdict.hang.flight_recorder.diverging.collective": "BROADCAST",
    "verdict.hang.flight_recorder.diverging.frames": [
        "broadcast (%s:2612)" % C10D, "wrapper (%s:83)" % LOGGER, "sync_skip_flag (/workspace/train.py:148)",
        "train_step (/workspace/train.py:207)", "main (/workspace/train.py:331)", "<module> (/workspace/train.py:340)"],
    "verdict.hang.flight_recorder.majority.collective": "ALLREDUCE",
    "run.ranks": 8,
})
S.readme("""
# 41-fr-type-mismatch

Story: one node x 8 A100, DDP, torch 2.5 / NCCL 2.21.5. Flight Recorder on, with a job-specific dump prefix
(`TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/fsx/jobs/7781/fr/job7781_rank`, so the dumps are `job7781_rank<N>`), 200 entries.
At step 300 rank 3 finds a non-finite value in its local gradients and broadcasts a skip flag (`sync_skip_flag`,
train.py:148) while the other seven all-reduce the loss for logging (`reduce_loss_for_logging`, train.py:166): the
same sequence number (%d) of the default group, two different collectives. Everyone waits until the watchdog times
out; seven ranks report `OpType=ALLREDUCE`, rank 3 `OpType=BROADCAST`. The dumps classify it as a collective type
mismatch and give rank 3's Python stack beside the majority's.
Layout: `rank<N>.log` (stdout and stderr), `fr/job7781_rank<N>` (pickle, dump version 2.4, `testdata/gen/fr_dump.py`).
""" % SEQ)
