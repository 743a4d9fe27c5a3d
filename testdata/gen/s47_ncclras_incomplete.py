"""47-ncclras-incomplete: a 2-node x 8-GPU torchtitan job (torch 2.6, NCCL 2.26.2) stops making progress after
step 420.  Four minutes later, long before the 30-minute collective timeout, the on-call engineer runs
`ncclras` and collects the logs: no watchdog has fired yet.  RAS got no answer from rank 13's process (hung hard
in a driver call, its RAS thread with it): the report's Errors section lists it as INCOMPLETE, job-wide and
under the world communicator.  That alone is the hang point: rank 13 is stuck, the collective is unknown."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("47-ncclras-incomplete")
NV = "2.26.2"
HOSTS = ["gpu-b07", "gpu-b08"]
IPS = ["10.42.2.17", "10.42.2.18"]
NLOC, N = 8, 16
STUCK = 13
LAST_STEP = 420
T0 = ts("2025-06-02 13:40:51.077")

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 61408 + L + n * 100, rank=n * NLOC + L, local=L, seed=47)
        p.commid = "0x0c4be1d7a9f23865"
        procs.append(p)

for p in procs:
    t = T0 + ms(p.local * 19 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [16]")
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.6", N, NLOC, IPS[p.rank // NLOC], ifname="eth0", hcas=8)
    titan_log(p, t2 + ms(400), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t2 + ms(450), "Applied DDP to the model")
    titan_log(p, t2 + ms(500), "Training starts at step 1, with local batch size 1, global batch size 16, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t2 + secs(1)

tstart = max(p.t0 for p in procs)
STEP_S = 1.69
loss = 7.8804
rnd = Rnd(47)
for step in [1] + list(range(10, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * step)
    loss = loss * 0.995 + rnd.uniform(-0.02, 0.02)
    for p in procs:
        mem = 62.35 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, tt + ms(p.rnd.randrange(0, 25)),
                  titan_step(step, loss, mem, mem / 79.11 * 100, 4801 + p.rnd.randrange(-30, 30) if step > 1 else 401,
                             38.95 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 3.27))

for p in procs:
    S.write("logs/rank%d.log" % p.rank, merged([p]))

stuck = procs[STUCK]
S.write("ncclras.txt", ncclras_report(NV, "12.6", 2, NLOC, "RUNNING", "INCOMPLETE", coll_s=5.01, error_lines=[
    "INCOMPLETE",
    "  Missing communicator data from 1 job process",
    "  Process %d on node %s managing GPU %d" % (stuck.pid, IPS[1], stuck.local),
    "",
    "#0-0 (8e2f41c05b7d9a63) INCOMPLETE",
    "  Missing communicator data from 1 rank",
    ras_rank_line(STUCK, stuck.local, stuck.pid, IPS[1]),
    ""], warning_lines=[
    "TIMEOUT",
    "  Encountered 1 communication timeout while gathering communicator data",
    ""]))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": None,
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "nccl_ras",
    "verdict.hang.conflicts": [],
    "run.ranks": N,
})
S.readme("""
# 47-ncclras-incomplete

Story: a 2-node x 8-GPU torchtitan job (`gpu-b07`, `gpu-b08`; DDP; torch 2.6, NCCL 2.26.2, RAS on by default)
stops making progress after step 420: rank 13 (gpu-b08, local rank 5) hangs hard in a driver call and its
process stops answering, RAS thread included. Four minutes later, long before the 30-minute collective
timeout, the on-call engineer runs `ncclras` on gpu-b07, saves its report as `ncclras.txt` and collects each
rank's `logs/rank<N>.log`: no watchdog has fired. The report's Errors section lists the job-wide INCOMPLETE
("Missing communicator data from 1 job process", the process and its GPU) and the world communicator's
("#0-0 (...) INCOMPLETE", "Missing communicator data from 1 rank", "Rank 13 -- GPU 5 managed by process ...");
the Warnings section the collection's timeout.
What it proves: RAS alone gives a hang point (`verdict.hang.source` = `nccl_ras`): the ranks it got no data from
are stuck (rank 13); no source names the collective, so `collective` is null.
Versions: torch 2.6, NCCL 2.26.2. ncclras text as in excerpt nccl-023 and NCCL's ras/client_support.cc
(RAS_ACE_INCOMPLETE: per-communicator "Missing communicator data from N rank(s)" and its rank lines; the
job-wide INCOMPLETE block with "Process P on node X managing GPU g"; the TIMEOUT warning).
""")
