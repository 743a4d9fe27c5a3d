"""48-enqueued-conflict: an 8-GPU torchtitan job (torch 2.6, NCCL 2.25.1) hangs in a gradient ALLREDUCE because
rank 6 never enqueues SeqNum 15377.  Rank 7's watchdog times out first and signals every rank to dump; ranks 0,
1, 3, 4, 5 time out within the same second.  Rank 2 had entered the collective two seconds late: the heartbeat
monitor, on the dump signal, terminated it before its own watchdog fired.  Every rank's dump-signal line gives
its last enqueued / last completed work: rank 6 never enqueued 15377, rank 2 did.  The watchdogs alone blame
ranks 2 and 6 (both logged, neither reported waiting); the ranks' own numbers decide rank 6, and the report
lists the watchdogs' view as a conflict."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("48-enqueued-conflict")
VER = (2, 6)
NV = "2.25.1"
HOST = "h100-r07"
IP = "10.18.7.7"
N = 8
SEQ = 15377
STUCK = 6
LATE = 2
FIRST = 7
LAST_STEP = 1280
PYL = "/usr/local/lib/python3.12/dist-packages"
T0 = ts("2025-07-15 22:03:17.640")
TAIL = ("This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order "
        "of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. "
        "Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the "
        "communications library (e.g. NCCL), etc.")

procs = []
for L in range(N):
    p = Proc(HOST, 20411 + L * 3, rank=L, local=L, seed=48)
    p.commid = "0x3a7d0c95e14b62f8"
    procs.append(p)

for p in procs:
    t = T0 + ms(p.local * 27)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [8]")
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.8", N, N, IP, ifname="eth0", hcas=8)
    titan_log(p, t2 + ms(400), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t2 + ms(450), "Applied DDP to the model")
    titan_log(p, t2 + ms(500), "Training starts at step 1, with local batch size 1, global batch size 8, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t2 + secs(1)

tstart = max(p.t0 for p in procs)
STEP_S = 1.66
loss = 7.9230
rnd = Rnd(48)
for step in [1] + list(range(10, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * step)
    loss = loss * 0.997 + rnd.uniform(-0.02, 0.02)
    for p in procs:
        mem = 62.58 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, tt + ms(p.rnd.randrange(0, 25)),
                  titan_step(step, loss, mem, mem / 79.11 * 100, 4823 + p.rnd.randrange(-30, 30) if step > 1 else 404,
                             39.02 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 3.29))


def dump_signal(p, t, enq, comp):
    """The heartbeat monitor's line on a dump signal (torch 2.5+): this rank's PG progress."""
    src = "this local rank" if p.rank == FIRST else "rank %d" % FIRST
    p.e(t, "[rank%d]:" % p.rank + c10(t, "E", "ProcessGroupNCCL.cpp:1987", p.rnd) + pgq(p.rank, VER) +
        " Received a dump signal due to a collective timeout from %s and we will try our best to dump the debug info. "
        "Last enqueued NCCL work: %d, last completed NCCL work: %d.%s" % (src, enq, comp, TAIL))


def terminate(p, t):
    p.e(t, "[rank%d]:" % p.rank + c10(t, "F", "ProcessGroupNCCL.cpp:1306", p.rnd) + pgq(p.rank, VER) +
        " Terminating the process after attempting to dump debug info, due to collective timeout or exception.")


t_coll = tstart + secs(STEP_S * (LAST_STEP + 1)) - ms(1000)
t_first = t_coll + ms(600010)
for p in procs:
    if p.rank in (STUCK, LATE):
        continue
    t = t_first if p.rank == FIRST else t_first + ms(p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ)
    dump_signal(p, t + ms(900), SEQ, SEQ - 1)
# rank 2 entered the collective 2 s late; the monitor ends it (dump done) before its own watchdog fires
dump_signal(procs[LATE], t_first + ms(930), SEQ, SEQ - 1)
terminate(procs[LATE], t_first + ms(1310))
# rank 6 never enqueued SeqNum 15377
dump_signal(procs[STUCK], t_first + ms(940), SEQ - 1, SEQ - 1)
terminate(procs[STUCK], t_first + ms(1330))

for p in procs:
    S.write("logs/rank%d.log" % p.rank, merged([p]))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "enqueued_completed",
    "verdict.hang.conflicts": [{"source": "watchdog", "field": "stuck_ranks", "value": "%d,%d" % (LATE, STUCK)}],
    "run.ranks": N,
})
S.readme("""
# 48-enqueued-conflict

Story: a single-node torchtitan job (8 x H100, `h100-r07`, DDP; torch 2.6, NCCL 2.25.1, flight recorder on by
default) hangs after step 1280 in the first gradient ALLREDUCE (SeqNum 15377): rank 6 never enqueues it. After
600 s rank 7's watchdog times out first and signals every rank through the store to dump; ranks 0, 1, 3, 4, 5
time out within the same second. Rank 2 had entered the collective two seconds late: on the signal its
heartbeat monitor dumped and terminated it ("Terminating the process after attempting to dump debug info")
before its own watchdog fired. Every rank's heartbeat monitor logged the signal with its progress: "Last
enqueued NCCL work: 15377, last completed NCCL work: 15376" on all ranks but 6, which says 15376 / 15376.
Each rank logs to `logs/rank<N>.log`.
What it proves: c10d's last enqueued / last completed numbers, compared across ranks, are a hang source and
decide (`verdict.hang.source` = `enqueued_completed`): rank 6 never launched 15377. The watchdogs agree on the
seq and give the collective, process group and timeout, but by absence they blame ranks 2 and 6 (both logged,
neither reported waiting); rank 2's own numbers show it waiting, so the report lists that view as a conflict
(`{"source": "watchdog", "field": "stuck_ranks", "value": "2,6"}`).
Versions: torch 2.6 (`[PG ID 0 PG GUID 0(default_pg) Rank r]`, watchdog summary "failure detected by watchdog
at work sequence id"), NCCL 2.25.1. Dump-signal and terminate lines as in the torch-c10d pattern examples
(torch 2.5+ heartbeat monitor, reference formats-nccl.md 1.6 dump signal / heartbeat monitor rows).
""")
