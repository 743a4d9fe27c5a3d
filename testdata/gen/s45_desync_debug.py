"""45-desync-debug: an 8-GPU torchtitan job (torch 2.4, NCCL 2.20.5) run with TORCH_NCCL_DESYNC_DEBUG=1, each
rank logging to logs/rank<N>.log.  Rank 5 finished ALLREDUCE SeqNum 41206 and never joined 41207 (stuck in its
data loader, still alive); the other seven time out on 41207, and each watchdog prints torch's desync report
naming rank 5.  Rank 3's log file was lost by the collector, so the watchdogs alone would also suspect rank 3
(silent in a stated world of 8): the desync report, which read every rank's progress from the store, decides."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("45-desync-debug")
VER = (2, 4)
NV = "2.20.5"
HOST = "gpu-node-11"
IP = "10.31.4.11"
N = 8
SEQ = 41207
STUCK = 5
LOST = 3
LAST_STEP = 2940
PYL = "/opt/conda/lib/python3.11/site-packages"
T0 = ts("2025-03-04 08:12:40.206")

procs = []
for L in range(N):
    p = Proc(HOST, 3310 + L * 7, rank=L, local=L, seed=45)
    p.commid = "0x71c2e9a04d5b3f18"
    procs.append(p)

for p in procs:
    t = T0 + ms(p.local * 31)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [8]")
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.4", N, N, IP, ifname="eth0", hcas=8)
    titan_log(p, t2 + ms(400), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t2 + ms(450), "Applied DDP to the model")
    titan_log(p, t2 + ms(500), "Training starts at step 2801, with local batch size 1, global batch size 8, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t2 + secs(1)

tstart = max(p.t0 for p in procs)
STEP_S = 1.64
loss = 2.4471
rnd = Rnd(45)
for step in [2801] + list(range(2810, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * (step - 2800))
    loss = loss - 0.0009 + rnd.uniform(-0.03, 0.03)
    for p in procs:
        mem = 62.71 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, tt + ms(p.rnd.randrange(0, 25)),
                  titan_step(step, loss, mem, mem / 79.11 * 100, 4810 + p.rnd.randrange(-30, 30) if step > 2801 else 402,
                             39.12 + p.rnd.uniform(-0.3, 0.3) if step > 2801 else 3.31))


def desync_report(p, t):
    """What torch 2.4's watchdog logs after the timeout with TORCH_NCCL_DESYNC_DEBUG=1: logPrefix(), then
    retrieveDesyncReport() (TraceUtils.h), one item per line."""
    waiting = ", ".join(str(q.rank) for q in procs if q.rank != STUCK)
    p.e(t, "[rank%d]:" % p.rank + c10(t, "E", "ProcessGroupNCCL.cpp:1690", p.rnd) + pgq(p.rank, VER) + " ")
    p.elines(t, [
        "\t - [%d] Timeout at collective: ALLREDUCE, #%d" % (p.rank, SEQ),
        "\t - To our best knowledge, the lagging/dead/mismatched ranks that caused the desync are:",
        "\t     [%d] finished collective #%d, but didn't join collective #%d (count from 1)" % (STUCK, SEQ - 1, SEQ),
        "\t - Snapshot of ranks' latest states:",
        "\t   #%d finished ranks:" % (SEQ - 1),
        "\t     [%d] finished ALLREDUCE" % STUCK,
        "\t   #%d started ranks:" % SEQ,
        "\t     [%s] started ALLREDUCE" % waiting,
    ])


t_coll = tstart + secs(STEP_S * (LAST_STEP + 1 - 2800)) - ms(900)
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 1)
    # between the watchdog's summary (t + 0.3 ms) and the teardown lines (t + 0.4 ms)
    desync_report(p, t + ms(0.35))

for p in procs:
    if p.rank != LOST:
        S.write("logs/rank%d.log" % p.rank, merged([p]))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "desync_debug",
    "verdict.hang.conflicts": [],
    "run.ranks": N,
    "run.ranks_seen": N - 1,
})
S.readme("""
# 45-desync-debug

Story: a single-node torchtitan job (8 x H100, `gpu-node-11`, DDP) run with `TORCH_NCCL_DESYNC_DEBUG=1`, each
rank logging to its own file (`logs/rank<N>.log`). After step 2940 rank 5 finished ALLREDUCE SeqNum 41206 and
never joined 41207: it blocked in its data loader but kept its log. The other seven ranks time out on 41207
after 600 s, and each watchdog, after its timeout and "Exception ... detected by watchdog" lines, logs torch's
desync report: `[<r>] Timeout at collective: ALLREDUCE, #41207`, then `[5] finished collective #41206, but
didn't join collective #41207 (count from 1)` and the snapshot of every rank's latest state. The collector lost
`logs/rank3.log`.
What it proves: the desync report is a hang source and decides (`verdict.hang.source` = `desync_debug`): rank 5
is the stuck rank. From the watchdogs alone rank 3 would be suspected as well (silent in a stated world of 8);
the desync report, which read every rank's progress from the store, shows rank 3 started 41207. The watchdogs
agree on the collective and fill in the timeout and process group; that they also suspect rank 3 is no
conflict (their stuck ranks include the report's).
Versions: torch 2.4 (`[PG 0 (default_pg) Rank r]` prefix), NCCL 2.20.5. Desync report text: torch's
`retrieveDesyncReport` (TraceUtils.h, `TORCH_NCCL_DESYNC_DEBUG`), logged with the PG prefix by the watchdog; the
"finished ... but didn't join" line as in NVIDIA/nccl#2213. Other lines as in 25-silent-rank-hang.
""")
