"""05-collective-hang: Kubernetes PyTorchJob (master-0 + worker-0, 8 GPUs each), torchrun --tee 3,
torch 2.4 / NCCL 2.20.5, torchtitan (2024 format) with DDP.  Rank 6 stalls in its data loader after step 1730
and never issues the first gradient ALLREDUCE of step 1731 (SeqNum 27697); it prints nothing.  The other 15 ranks
time out on that SeqNum (last completed 27696) and abort; the master agent then SIGTERMs rank 6."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from k8s_titan_job import LAST_STEP, NLOC, PODS, PYL, SEQ, STEP_S, VER, build  # noqa: E402

S = Scenario("05-collective-hang")
STUCK = 6
T0 = ts("2025-01-22 03:10:41.560")

J = build(T0, agents_too=True)
agents, procs, tstart = J.agents, J.procs, J.tstart

# hang: step 1731's first bucket ALLREDUCE; rank 6 never gets there
t_coll = tstart + secs(STEP_S * (LAST_STEP + 1 - 1500)) - ms(1100)
fails = {0: [], 1: []}
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    r = p.rank
    w = work(SEQ, "ALLREDUCE", 26214400, 600000, VER)
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 2)
    fails[r // NLOC].append((t, p))

for n, a in enumerate(agents):
    fl = sorted(fails[n], key=lambda x: x[0])
    t = fl[-1][0] + ms(1900)
    if n == 0:
        a.sigterm(t, procs[STUCK].pid)
        t += ms(31)
    for (ft, p) in fl:
        a.failed(t, -6, p.local, p.pid, "/opt/conda/bin/python3")
    root = dict(time=fl[0][0], host=PODS[n], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid)
    others = [dict(time=ft, host=PODS[n], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]]
    a.child_failed(t + ms(40), "train.py", root, others)

for n, a in enumerate(agents):
    S.write("%s.log" % PODS[n], merged([a.p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.stuck_ranks": [STUCK],
    "run.ranks": 16,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 05-collective-hang

Story: Kubeflow PyTorchJob `llm-pretrain` (master-0 + worker-0 pods, 8 GPUs each) runs torchtitan (2024 log
format) with DDP. After step 1730 rank 6 (master-0, local rank 6) blocks in its data loader and never issues the
first gradient-bucket ALLREDUCE of step 1731 (SeqNum 27697). It prints nothing more. The other 15 ranks report
`Watchdog caught collective operation timeout ... SeqNum=27697, OpType=ALLREDUCE ... Timeout(ms)=600000` with last
completed 27696, abort (SIGABRT), and the master agent then SIGTERMs rank 6. No rank shows a primary error.
Layout: `kubectl logs` of each pod (`llm-pretrain-master-0.log`, `llm-pretrain-worker-0.log`), torchrun `--tee 3`.
Versions: torch 2.4 (`[rankN]:[E...]`, `[PG 0 (default_pg) Rank N]`), NCCL 2.20.5.
Modelled on excerpts train-001/-003 (timeouts, `last completed NCCL work`), train-011 (agent), nccl-031 (a SeqNum everyone waits on).
""")
