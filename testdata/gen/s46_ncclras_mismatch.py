"""46-ncclras-mismatch: a 2-node x 8-GPU torchtitan job (torch 2.6, NCCL 2.26.2) hangs in a gradient ALLREDUCE.
Five minutes in, the on-call engineer runs `ncclras` on node 1 and saves its text report (ncclras.txt): the
world communicator is RUNNING with a MISMATCH, 15 ranks have launched AllReduce operation 1203 and rank 9 only
1202.  Five minutes later the 15 watchdogs time out on SeqNum 9620.  Rank 9 (alive, blocked in host code) keeps
its log and prints nothing more.  RAS decides; the watchdogs agree and give c10d's seq, timeout and group."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("46-ncclras-mismatch")
VER = (2, 6)
NV = "2.26.2"
HOSTS = ["gpu-a01", "gpu-a02"]
IPS = ["10.42.1.11", "10.42.1.12"]
NLOC, N = 8, 16
SEQ = 9620
OPS = 1203
STUCK = 9
LAST_STEP = 600
PYL = "/opt/conda/lib/python3.11/site-packages"
T0 = ts("2025-05-20 02:14:08.512")

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 52302 + L + n * 100, rank=n * NLOC + L, local=L, seed=46)
        p.commid = "0x5d1e9a3c7b20f4e1"
        procs.append(p)

for p in procs:
    t = T0 + ms(p.local * 23 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [16]")
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.6", N, NLOC, IPS[p.rank // NLOC], ifname="eth0", hcas=8)
    titan_log(p, t2 + ms(400), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t2 + ms(450), "Applied DDP to the model")
    titan_log(p, t2 + ms(500), "Training starts at step 1, with local batch size 1, global batch size 16, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t2 + secs(1)

tstart = max(p.t0 for p in procs)
STEP_S = 1.71
loss = 7.9012
rnd = Rnd(46)
for step in [1] + list(range(10, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * step)
    loss = loss * 0.996 + rnd.uniform(-0.02, 0.02)
    for p in procs:
        mem = 62.41 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, tt + ms(p.rnd.randrange(0, 25)),
                  titan_step(step, loss, mem, mem / 79.11 * 100, 4790 + p.rnd.randrange(-30, 30) if step > 1 else 398,
                             38.87 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 3.24))

t_coll = tstart + secs(STEP_S * (LAST_STEP + 1)) - ms(1000)
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 1)

for p in procs:
    S.write("logs/rank%d.log" % p.rank, merged([p]))

stuck = procs[STUCK]
S.write("ncclras.txt", ncclras_report(NV, "12.6", 2, NLOC, "RUNNING", "MISMATCH", warning_lines=[
    "#0-0 (5d1e9a3c7b20f4e1) MISMATCH",
    "  Communicator ranks have different AllReduce operation counts",
    "  %d ranks have launched up to operation %d" % (N - 1, OPS),
    ras_rank_line(STUCK, stuck.local, stuck.pid, IPS[1], "has launched up to operation %d" % (OPS - 1)),
    ""]))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "nccl_ras",
    "verdict.hang.conflicts": [],
    "run.ranks": N,
})
S.readme("""
# 46-ncclras-mismatch

Story: a 2-node x 8-GPU torchtitan job (`gpu-a01`, `gpu-a02`; DDP; torch 2.6, NCCL 2.26.2, RAS on by default)
hangs after step 600: rank 9 (gpu-a02, local rank 1) blocks in host code before the first gradient ALLREDUCE of
step 601. Five minutes in, the on-call engineer runs `ncclras` on gpu-a01 and saves its report as `ncclras.txt`:
the world communicator is RUNNING with a MISMATCH, "15 ranks have launched up to operation 1203" and "Rank 9 has
launched up to operation 1202". Five minutes later the 15 other ranks' watchdogs time out on ALLREDUCE SeqNum
9620. Each rank logs to `logs/rank<N>.log`.
What it proves: the ncclras report is a hang source and decides (`verdict.hang.source` = `nccl_ras`): rank 9
is stuck. RAS counts NCCL launches per collective type (1203), not c10d's SeqNum: the watchdogs, which name the
same collective (RAS's `AllReduce`), give the seq 9620, the 600000 ms timeout and the process group. The
sources agree: no conflict.
Versions: torch 2.6 (`[PG ID 0 PG GUID 0(default_pg) Rank r]`, "failure detected by watchdog at work sequence
id"), NCCL 2.26.2. ncclras text as in excerpt nccl-023 (NVIDIA/nccl#1911) and NCCL's ras/client_support.cc
(the single outlier's "Rank N has launched up to operation M -- GPU ..." form).
""")
