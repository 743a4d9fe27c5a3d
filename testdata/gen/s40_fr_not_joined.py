"""40-fr-not-joined: Slurm job, 2 nodes x 4 GPUs, torch 2.5 / NCCL 2.21.5, torchtitan-style logs on stdout, DDP
with a 4-rank tensor-parallel subgroup on the first node.  Flight Recorder is on (TORCH_NCCL_TRACE_BUFFER_SIZE=64,
TORCH_NCCL_DUMP_ON_TIMEOUT=1).  After step 412 rank 5 blocks in its data loader and never issues step 413's
gradient ALLREDUCE; the other seven ranks wait in it until the watchdog times out and every rank's watchdog writes
its dump.  Only stdout was collected (stderr, where the watchdog prints, went to a file nobody kept), so the bundle
has no watchdog line at all: the dumps alone show the hang, and that rank 5 never joined."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
import fr_dump as fr  # noqa: E402
from frjob import BACKWARD, TP_GATHER, FrJob  # noqa: E402

S = Scenario("40-fr-not-joined")
HOSTS = ["gpu-st-p4d-1", "gpu-st-p4d-2"]
IPS = ["10.1.0.11", "10.1.0.12"]
STUCK = 5
LAST_STEP = 412
J = FrJob(HOSTS, 4, seed=40, tp=[[0, 1, 2, 3]])
t = J.start(ts("2025-03-18 07:41:02.300"), IPS)

rnd = Rnd(40)
loss = 2.71
for step in range(1, LAST_STEP + 2):
    tt = t + secs(1.74 * step)
    loss = loss - 0.0009 + rnd.uniform(-0.02, 0.02)
    for r in J.ranks:
        if step == LAST_STEP + 1 and r.p.rank == STUCK:
            continue  # blocked in its data loader: issues nothing
        last = step == LAST_STEP + 1
        if not last:
            J.step_collectives(r, tt, step, step % 10 == 0)
            if step % 10 == 0 or step == 1:
                J.step_line(r, tt + ms(1400), step, loss)
        else:
            # step 413: the TP gather completes (rank 5 is not in it), the
            # gradient ALLREDUCE is started and never completes
            for members in J.tp:
                if r.p.rank in members:
                    J.record(r, "1", "nccl:_all_gather_base", [[4096, 1024]], ["BFloat16"], [[16384, 1024]],
                             ["BFloat16"], tt + ms(40), TP_GATHER)
            J.record(r, "0", "nccl:all_reduce", [[J.numel]], ["Float"], [[J.numel]], ["Float"], tt + ms(900),
                     BACKWARD, state="started")

SEQ = J.ranks[0].seq["0"]
for r in J.ranks:
    S.write("%s/train_%d.out" % (r.p.host, r.p.rank), stream_lines(r.p, "out"))
    S.write("%s/fr/nccl_trace_rank_%d" % (r.p.host, r.p.rank), fr.to_pickle(J.dump(r, 64)))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "flight_recorder",
    "verdict.hang.flight_recorder.mismatch": "not_joined",
    "verdict.hang.flight_recorder.ranks_without_dump": [],
    "verdict.hang.flight_recorder.diverging.rank": STUCK,
    "verdict.hang.flight_recorder.diverging.seq": SEQ - 1,
    "run.ranks": 8,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 40-fr-not-joined

Story: Slurm job, 2 nodes x 4 GPUs, DDP with a 4-rank tensor-parallel subgroup (process group `1`) on the first
node; PyTorch's Flight Recorder is on (`TORCH_NCCL_TRACE_BUFFER_SIZE=64`, `TORCH_NCCL_DUMP_ON_TIMEOUT=1`, dumps to
the default `/tmp/nccl_trace_rank_<rank>`, copied into `<host>/fr/`). After step 412 rank 5 blocks in its data loader
and never issues step 413's gradient ALLREDUCE (default group, collective sequence number %d); the other seven
ranks start it and wait until the watchdog times out and writes every rank's dump. Only stdout was collected, so the
bundle holds no watchdog line: the dumps alone show the hang. Rank 5's buffer ends one sequence number earlier
(completed); the others' newest entry is the started ALLREDUCE.
Buffers: 64 entries each. Ranks 0-3 also hold the TP group's `_ALLGATHER_BASE` entries, so their buffers reach back
to later default-group sequence numbers than ranks 4-7 (record ids do not line up across ranks; sequence numbers
do).
Layout: `<host>/train_<rank>.out` (stdout: torchtitan lines, NCCL INFO init), `<host>/fr/nccl_trace_rank_<rank>`
(pickle, written by `testdata/gen/fr_dump.py` exactly as torch's writer lays it out, dump version 2.4).
Versions: torch 2.5, NCCL 2.21.5.
""" % SEQ)
