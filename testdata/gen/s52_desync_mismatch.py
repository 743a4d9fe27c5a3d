"""52-desync-mismatch: an 8-GPU torchtitan job (torch 2.4, NCCL 2.20.5) run with TORCH_NCCL_DESYNC_DEBUG=1, each
rank logging to logs/rank<N>.log.  A patched training loop lets rank 6, whose data shard ran out, broadcast an
end-of-data flag while the seven others enter the gradient ALLREDUCE: both are SeqNum 30512.  All eight
watchdogs time out (rank 6's in BROADCAST) and each prints torch's desync report: every rank joined 30512 and
none finished it, so its lagging list names all eight; its snapshot shows rank 6 started BROADCAST where the
others started ALLREDUCE.  The report decides: rank 6 is the mismatched, stuck rank."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("52-desync-mismatch")
VER = (2, 4)
NV = "2.20.5"
HOST = "gpu-node-14"
IP = "10.31.4.14"
N = 8
SEQ = 30512
ODD = 6
LAST_STEP = 2170
PYL = "/opt/conda/lib/python3.11/site-packages"
T0 = ts("2025-04-17 21:03:12.774")

procs = []
for L in range(N):
    p = Proc(HOST, 5120 + L * 9, rank=L, local=L, seed=52)
    p.commid = "0x3a9e51c7d02b4f86"
    procs.append(p)

for p in procs:
    t = T0 + ms(p.local * 29)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [8]")
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.4", N, N, IP, ifname="eth0", hcas=8)
    titan_log(p, t2 + ms(400), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t2 + ms(450), "Applied DDP to the model")
    titan_log(p, t2 + ms(500), "Training starts at step 1, with local batch size 1, global batch size 8, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t2 + secs(1)

tstart = max(p.t0 for p in procs)
STEP_S = 1.62
loss = 7.9104
rnd = Rnd(52)
for step in [1] + list(range(10, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * step)
    loss = loss * 0.9993 + rnd.uniform(-0.02, 0.02)
    for p in procs:
        mem = 62.66 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, tt + ms(p.rnd.randrange(0, 25)),
                  titan_step(step, loss, mem, mem / 79.11 * 100, 4822 + p.rnd.randrange(-30, 30) if step > 1 else 404,
                             39.2 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 3.3))


def desync_report(p, t, op):
    """What torch 2.4's watchdog logs after the timeout with TORCH_NCCL_DESYNC_DEBUG=1: logPrefix(), then
    retrieveDesyncReport() (TraceUtils.h): every rank started SEQ and none finished it, so analyzeLaggingRanks
    lists them all; dumpSnapshot groups them by the collective they started."""
    others = ", ".join(str(q.rank) for q in procs if q.rank != ODD)
    every = ", ".join(str(q.rank) for q in procs)
    p.e(t, "[rank%d]:" % p.rank + c10(t, "E", "ProcessGroupNCCL.cpp:1690", p.rnd) + pgq(p.rank, VER) + " ")
    p.elines(t, [
        "\t - [%d] Timeout at collective: %s, #%d" % (p.rank, op, SEQ),
        "\t - To our best knowledge, the lagging/dead/mismatched ranks that caused the desync are:",
        "\t   - [%s] joined but didn't finish collective #%d (count from 1)" % (every, SEQ),
        "\t - Snapshot of ranks' latest states:",
        "\t   #%d started ranks:" % SEQ,
        "\t     [%d] started BROADCAST" % ODD,
        "\t     [%s] started ALLREDUCE" % others,
    ])


t_coll = tstart + secs(STEP_S * (LAST_STEP + 1)) - ms(700)
for p in procs:
    op = "BROADCAST" if p.rank == ODD else "ALLREDUCE"
    numel = 1 if p.rank == ODD else 26214400
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, op, numel, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ)
    # between the watchdog's summary (t + 0.3 ms) and the teardown lines (t + 0.4 ms)
    desync_report(p, t + ms(0.35), op)

for p in procs:
    S.write("logs/rank%d.log" % p.rank, merged([p]))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.stuck_ranks": [ODD],
    "verdict.hang.source": "desync_debug",
    "verdict.hang.conflicts": [],
    "run.ranks": N,
})
S.readme("""
# 52-desync-mismatch

Story: a single-node torchtitan job (8 x H100, `gpu-node-14`, DDP) run with `TORCH_NCCL_DESYNC_DEBUG=1`, each
rank logging to its own file (`logs/rank<N>.log`). A patched training loop lets a rank whose data shard ran out
broadcast an end-of-data flag: after step 2170 rank 6 calls BROADCAST while the seven others enter the gradient
ALLREDUCE, both c10d SeqNum 30512. All eight watchdogs time out after 600 s (rank 6's in BROADCAST) and each
logs torch's desync report: `[<r>] Timeout at collective: <op>, #30512`; every rank started 30512 and none
finished it, so the lagging list reads `[0, 1, 2, 3, 4, 5, 6, 7] joined but didn't finish collective #30512`;
the snapshot shows `[6] started BROADCAST` and `[0, 1, 2, 3, 4, 5, 7] started ALLREDUCE`.
What it proves: the desync report's mismatched variant. Its lagging list alone would call every rank stuck;
the snapshot shows rank 6 in a different collective at the same seq: rank 6 is the stuck (mismatched) rank,
the seven others wait in ALLREDUCE 30512 (`verdict.hang.source` = `desync_debug`). The watchdogs agree (seven
wait in ALLREDUCE 30512, rank 6 reported elsewhere): no conflict.
Versions: torch 2.4 (`[PG 0 (default_pg) Rank r]` prefix), NCCL 2.20.5. Desync report text: torch's
`retrieveDesyncReport` (TraceUtils.h: analyzeLaggingRanks' "joined but didn't finish", dumpSnapshot's
"#S started ranks:" and "[ranks] started OP"), logged with the PG prefix by the watchdog, as in
45-desync-debug. Other lines as in 45-desync-debug.
""")
