"""25-silent-rank-hang: like 05 (Kubernetes PyTorchJob, 2 pods x 8 GPUs, torch 2.4 / NCCL 2.20.5, torchtitan),
but each rank writes its own log file on the shared file system (rank<N>.log) and the bundle is those files.
Rank 13's file is empty: its node's NFS client hung, which is also what stalled rank 13 (a blocking read in its
data loader), and none of its buffered writes reached the server.  The other 15 ranks time out on ALLREDUCE
SeqNum 27697.  The world size (16) is stated by NCCL's nranks; 15 ranks are seen; rank 13 is silent and is the
rank that never arrived."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from k8s_titan_job import LAST_STEP, PYL, SEQ, STEP_S, VER, build  # noqa: E402

S = Scenario("25-silent-rank-hang")
STUCK = 13
T0 = ts("2025-02-11 21:04:12.118")

J = build(T0, agents_too=False)
procs, tstart = J.procs, J.tstart

# hang: step 1731's first bucket ALLREDUCE; rank 13 never gets there
t_coll = tstart + secs(STEP_S * (LAST_STEP + 1 - 1500)) - ms(1100)
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 2)

for p in procs:
    lines = [] if p.rank == STUCK else merged([p])
    S.write("logs/rank%d.log" % p.rank, lines, eol="\n" if lines else "")

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.stuck_ranks": [STUCK],
    "run.ranks": 16,
    "run.ranks_seen": 15,
    "ranks[].state": ["silent", "waiting"],
    "config.world_size": 16,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 25-silent-rank-hang

Story: the job of 05-collective-hang (Kubeflow PyTorchJob `llm-pretrain`, master-0 + worker-0 pods, 8 GPUs each,
torchtitan 2024 format with DDP), but every rank logs to its own file on the shared file system
(`logs/rank<N>.log`, written by a `logging.FileHandler`, so without launcher prefixes), and the bundle is that
directory. worker-0's NFS client hung: rank 13 (worker-0, local rank 5) blocked in a read
of its data loader after step 1730 and never issued the first gradient-bucket ALLREDUCE of step 1731 (SeqNum
27697), and none of its buffered log writes reached the server, so `logs/rank13.log` is empty. The other 15 ranks
time out on that SeqNum with last completed 27696 and abort.
What it proves: `run.ranks` is the world size the logs state (NCCL `nranks 16`), `run.ranks_seen` is 15, rank 13
is listed with state `silent`, and in a pure hang a silent rank of the stated world is the one that never arrived.
Versions: torch 2.4, NCCL 2.20.5. Line formats as in 05 (excerpts train-001/-003, train-011, nccl-031).
""")
