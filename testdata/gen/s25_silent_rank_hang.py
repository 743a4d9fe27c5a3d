"""25-silent-rank-hang: like 05 (Kubernetes PyTorchJob, 2 pods x 8 GPUs, torch 2.4 / NCCL 2.20.5, torchtitan),
but each rank writes its own log file on the shared file system (rank<N>.log) and the bundle is those files.
Rank 13's file is empty: its node's NFS client hung, which is also what stalled rank 13 (a blocking read in its
data loader), and none of its buffered writes reached the server.  The other 15 ranks time out on ALLREDUCE
SeqNum 27697.  The world size (16) is stated by NCCL's nranks; 15 ranks are seen; rank 13 is silent and is the
rank that never arrived."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("25-silent-rank-hang")
VER = (2, 4)
NV = "2.20.5"
JOB = "llm-pretrain"
PODS = ["%s-master-0" % JOB, "%s-worker-0" % JOB]
IPS = ["10.244.3.17", "10.244.7.9"]
NLOC, N = 8, 16
SEQ = 27697
STUCK = 13
LAST_STEP = 1730
PYL = "/opt/conda/lib/python3.11/site-packages"
T0 = ts("2025-02-11 21:04:12.118")

procs = []
for n, h in enumerate(PODS):
    for L in range(NLOC):
        p = Proc(h, 64 + L * 9 + n, rank=n * NLOC + L, local=L, seed=5)
        p.commid = "0x2e5f0a7c9d314b86"
        procs.append(p)

for p in procs:
    t = T0 + secs(12) + ms(p.local * 29 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(1), "Deterministic training off")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [16]")
    ptr, t2 = nccl_init(p, t + secs(3), NV, "12.4", N, NLOC, IPS[p.rank // NLOC], ifname="eth0", hcas=8,
                        envs=("NCCL_SOCKET_IFNAME set by environment to eth0", "NCCL_IB_GID_INDEX set by environment to 3."))
    titan_log(p, t2 + ms(300), "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')")
    titan_log(p, t2 + ms(900), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t2 + ms(950), "Applied full activation checkpointing to the model")
    titan_log(p, t2 + ms(990), "Applied DDP to the model")
    titan_log(p, t2 + ms(1600), "GPU memory usage for model: 15.07GiB(19.06%)")
    titan_log(p, t2 + ms(1700), "Loading the checkpoint at step 1500.")
    titan_log(p, t2 + ms(31000), "Finished loading the checkpoint in 29.21 seconds.")
    titan_log(p, t2 + ms(31010), "Training starts at step 1501, with local batch size 1, global batch size 16, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t2 + secs(32)

tstart = max(p.t0 for p in procs)
rnd = Rnd(5)
STEP_S = 1.712
loss = 2.9012
for step in [1501] + list(range(1510, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * (step - 1500))
    loss = loss - 0.0011 + rnd.uniform(-0.03, 0.03)
    for p in procs:
        t = tt + ms(p.rnd.randrange(0, 25))
        mem = 62.88 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, t, titan_step(step, loss, mem, mem / 79.11 * 100, 4788 + p.rnd.randrange(-30, 30) if step > 1501 else 401,
                                   38.91 + p.rnd.uniform(-0.3, 0.3) if step > 1501 else 3.26))
    if step == 1700:
        for p in procs:
            titan_log(p, tt + ms(900), "Saving the checkpoint (or staging if async is enabled).")
            titan_log(p, tt + ms(9100), "Finished saving the checkpoint (or staging if async is enabled)in 8.20 seconds.")

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
