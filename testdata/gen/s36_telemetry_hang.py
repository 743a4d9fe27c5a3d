"""36-telemetry-hang: Slurm job on 2 nodes x 4 H100, torchrun --tee 3 per node, torch 2.4 / NCCL 2.20.5,
torchtitan with DDP.  Each node's batch script also ran
`nvidia-smi --query-gpu=timestamp,index,pci.bus_id,power.draw,utilization.gpu,memory.used --format=csv -l 5`.
Rank 5 (gpu-node-02, GPU 1) blocks in its data loader after step 1430 and never issues the next ALLREDUCE.
From that moment every GPU drops from ~680 W to low power; the seven GPUs whose ranks wait inside NCCL stay
at 100% utilisation (the kernel spins), GPU 1 of gpu-node-02 sits at 0%.  Ten minutes later the watchdogs
time out (SeqNum 18597) on the seven ranks; the agents tear the job down and every GPU idles."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from titan_job import Job, build  # noqa: E402

S = Scenario("36-telemetry-hang")
VER = (2, 4)
NV = "2.20.5"
HOSTS = ["gpu-node-01", "gpu-node-02"]
IPS = ["10.18.4.21", "10.18.4.22"]
NLOC = 4
SEQ = 18597
STUCK = 5
LAST_STEP = 1430
PYL = "/opt/conda/lib/python3.11/site-packages"
T0 = ts("2025-03-14 09:02:11.310")

STEP_S = 1.694
J = build(Job(ver=VER, nv=NV, hosts=HOSTS, ips=IPS, pyl=PYL, t0=T0, step_s=STEP_S, last_step=LAST_STEP,
              seed=36, pid=2210, pid_step=7, commid="0x7d1e33a0c54b9f12", agent_ms=650, init_s=11,
              init_ms=31, ifname="eth0", model_ms=300, ddp_ms=990, load_ms=1700, loaded_ms=28000,
              load_text="26.30", ready_s=29, resume=1200, loss=2.7731, dloss=0.0009, mem=62.71, tps=4805,
              tps0=402, mfu=39.02, mfu0=3.31))
agents, procs, tstart = J.agents, J.procs, J.tstart

# the hang: step 1431's first ALLREDUCE; rank 5 never gets there
t_coll = tstart + secs(STEP_S * (LAST_STEP + 1 - 1200)) - ms(1100)
fails = {0: [], 1: []}
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 2)
    fails[p.rank // NLOC].append((t, p))

t_end = t_coll
for n, a in enumerate(agents):
    fl = sorted(fails[n], key=lambda x: x[0])
    t = fl[-1][0] + ms(1900)
    if n == 1:
        a.sigterm(t, procs[STUCK].pid)
        t += ms(31)
    for (ft, p) in fl:
        a.failed(t, -6, p.local, p.pid, "/opt/conda/bin/python3")
    root = dict(time=fl[0][0], host=HOSTS[n], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid)
    others = [dict(time=ft, host=HOSTS[n], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]]
    a.child_failed(t + ms(40), "train.py", root, others)
    t_end = max(t_end, t + ms(40))


def sampler(node):
    r = Rnd(360 + node)

    def sample(t, g):
        rank = node * NLOC + g
        if t < tstart - secs(20):          # loading the checkpoint
            return 96 + r.uniform(-3, 3), 2 * r.randrange(0, 3), 3120
        if t < t_coll:                     # training
            return 683 + r.uniform(-25, 15), 100 - r.randrange(0, 3), 64210 + r.randrange(0, 90)
        if t < t_end:                      # the hang
            if rank == STUCK:              # not inside NCCL: nothing runs
                return 74 + r.uniform(-2, 2), 0, 64298
            return 121 + r.uniform(-6, 6), 100, 64298   # NCCL kernels spin
        return 71 + r.uniform(-2, 2), 0, 3120           # job gone
    return sample


t_s0 = T0 + secs(2)
# the first sample at or after the hang, on GPU 1 (the fourth of the eight fall times, sorted)
k = -(-int((t_coll - t_s0).total_seconds() * 1000) // 5000)
onset = t_s0 + secs(5 * k) + ms(2)
for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
    S.write("%s/nvidia-smi.csv" % h, smi_csv(t_s0, t_end + secs(40), 5, NLOC, sampler(n)))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.onset.source": "telemetry",
    "verdict.hang.onset.time": onset.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
    "findings[].id": ["gpu_idle_outlier"],
    "telemetry.gpus[].rank": [STUCK],
    "verdict.likely_cause.evidence[].rank": [STUCK],
    "run.ranks": 8,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 36-telemetry-hang

Story: a Slurm job on two nodes (`gpu-node-01`, `gpu-node-02`, 4 H100 each) runs torchtitan (2024 log format) with
DDP under `torchrun --tee 3`; each node's batch script also samples the GPUs with
`nvidia-smi --query-gpu=timestamp,index,pci.bus_id,power.draw,utilization.gpu,memory.used --format=csv -l 5`.
After step 1430 rank 5 (`gpu-node-02`, local rank 1, GPU 1 at PCI 2A) blocks in its data loader and never issues
the next ALLREDUCE (SeqNum 18597). From that moment every GPU falls from ~680 W to low power: the seven GPUs whose
ranks wait inside NCCL stay at 100% utilisation at ~120 W (the NCCL kernel spins), GPU 1 of `gpu-node-02` shows 0%
at ~74 W. Ten minutes later the other seven ranks time out, the agents tear the job down, every GPU idles.

What faultline must say: hung in ALLREDUCE, rank 5 stuck; the hang's onset from the telemetry (when power fell
across the job), and `gpu_idle_outlier` naming GPU 1 of `gpu-node-02` as rank 5 (NCCL's `busId 2a000`).
Layout: `<host>/train.log` (torchrun `--tee 3`), `<host>/nvidia-smi.csv`.
Versions: torch 2.4, NCCL 2.20.5, nvidia-smi CSV as `--format=csv` prints it (`312.45 W`, `100 %`, `[N/A]`).
Modelled on excerpts train-001/-003 (timeouts) and the nvidia-smi CSV format (docs/TELEMETRY.md).
""")
