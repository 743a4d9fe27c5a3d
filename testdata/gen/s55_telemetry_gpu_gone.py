"""55-telemetry-gpu-gone: Slurm job on 2 nodes x 4 H100, torchrun --tee 3 per node, torch 2.5.1 / NCCL 2.21.5,
torchtitan with DDP.  Each node's batch script also ran
`nvidia-smi --query-gpu=timestamp,index,pci.bus_id,power.draw,utilization.gpu,memory.used --format=csv -l 5`
with stdout to `nvidia-smi.csv` (stderr not collected).  During step 2751 GPU 2 of gpu-b12 (rank 6) falls off
the bus: NVML loses it, so its rows stop while nvidia-smi keeps printing the other GPUs'; rank 6's process blocks
in the driver and writes nothing more.  The seven other ranks wait in the next ALLREDUCE: their power falls, NCCL
kernels spin at 100%.  Ten minutes later their watchdogs time out (SeqNum 33018); the agents tear the job down.
The bundle has no kernel log: the GPU's samples stopping first is the only trace of what happened."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from titan_job import Job, build  # noqa: E402

S = Scenario("55-telemetry-gpu-gone")
VER = (2, 5)
NV = "2.21.5"
HOSTS = ["gpu-b11", "gpu-b12"]
IPS = ["10.42.7.11", "10.42.7.12"]
NLOC = 4
SEQ = 33018
LOST = 6
LAST_STEP = 2750
PYL = "/usr/local/lib/python3.10/dist-packages"
T0 = ts("2025-09-22 02:14:03.880")

STEP_S = 1.702
J = build(Job(ver=VER, nv=NV, hosts=HOSTS, ips=IPS, pyl=PYL, t0=T0, step_s=STEP_S, last_step=LAST_STEP,
              seed=55, pid=3310, pid_step=5, commid="0x2be9d04c7a13f586", agent_ms=710, init_s=12,
              init_ms=29, ifname="eth0", model_ms=310, ddp_ms=1020, load_ms=1690, loaded_ms=27400,
              load_text="25.71", ready_s=28, resume=2500, loss=2.4127, dloss=0.0006, mem=62.74, tps=4790,
              tps0=398, mfu=38.91, mfu0=3.27))
agents, procs, tstart = J.agents, J.procs, J.tstart

# GPU 2 of gpu-b12 is lost during step 2751; the others reach its first ALLREDUCE and wait
t_lost = tstart + secs(STEP_S * (LAST_STEP + 1 - 2500)) - ms(1300)
t_coll = t_lost + ms(380)
fails = {0: [], 1: []}
for p in procs:
    if p.rank == LOST:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 2)
    fails[p.rank // NLOC].append((t, p))

t_end = t_coll
for n, a in enumerate(agents):
    fl = sorted(fails[n], key=lambda x: x[0])
    t = fl[-1][0] + ms(1850)
    if n == 1:
        a.sigterm(t, procs[LOST].pid)
        t += ms(29)
    for (ft, p) in fl:
        a.failed(t, -6, p.local, p.pid, "/usr/bin/python3")
    root = dict(time=fl[0][0], host=HOSTS[n], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid)
    others = [dict(time=ft, host=HOSTS[n], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]]
    a.child_failed(t + ms(40), "train.py", root, others)
    t_end = max(t_end, t + ms(40))


def sampler(node):
    r = Rnd(550 + node)

    def sample(t, g):
        rank = node * NLOC + g
        if rank == LOST and t >= t_lost:   # NVML lost it: no row
            return None
        if t < tstart - secs(20):          # loading the checkpoint
            return 95 + r.uniform(-3, 3), 2 * r.randrange(0, 3), 3120
        if t < t_coll:                     # training
            return 681 + r.uniform(-25, 15), 100 - r.randrange(0, 3), 64190 + r.randrange(0, 90)
        if t < t_end:                      # the hang: NCCL kernels spin
            return 119 + r.uniform(-6, 6), 100, 64302
        return 70 + r.uniform(-2, 2), 0, 3120  # job gone
    return sample


t_s0 = T0 + secs(2)
for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
    S.write("%s/nvidia-smi.csv" % h, smi_csv(t_s0, t_end + secs(40), 5, NLOC, sampler(n)))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.stuck_ranks": [LOST],
    "verdict.hang.onset.source": "telemetry",
    "findings[].id": ["gpu_idle_outlier"],
    "telemetry.gpus[].state": ["gone", "fell"],
    "telemetry.gpus[].rank": [LOST],
    "verdict.likely_cause.evidence[].rank": [LOST],
    "run.ranks": 8,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 55-telemetry-gpu-gone

Story: a Slurm job on two nodes (`gpu-b11`, `gpu-b12`, 4 H100 each) runs torchtitan (2024 log format) with DDP
under `torchrun --tee 3`; each node's batch script samples the GPUs with
`nvidia-smi --query-gpu=timestamp,index,pci.bus_id,power.draw,utilization.gpu,memory.used --format=csv -l 5`,
stdout to `nvidia-smi.csv` (stderr, where nvidia-smi reports a GPU it cannot reach, was not collected). During step
2751 GPU 2 of `gpu-b12` (rank 6, PCI 3A) falls off the bus: its rows stop while nvidia-smi keeps printing the other
seven GPUs'. Rank 6's process blocks in the driver and writes nothing more. The seven other ranks wait in the next
ALLREDUCE (SeqNum 33018): their power falls from ~680 W to ~120 W at 100% utilisation (NCCL kernels spin). Ten
minutes later their watchdogs time out and the agents tear the job down. The bundle has no kernel log.

What faultline must say: hung in ALLREDUCE, rank 6 stuck; onset from the telemetry; `gpu_idle_outlier` naming GPU 2
of `gpu-b12` (rank 6, NCCL's `busId 3a000`) as stopped being sampled while the others were not (state `gone`), and
its last sample in the likely cause's evidence.
Layout: `<host>/train.log` (torchrun `--tee 3`), `<host>/nvidia-smi.csv`.
Versions: torch 2.5.1, NCCL 2.21.5, nvidia-smi CSV as `--format=csv` prints it.
Modelled on excerpts train-001/-003 (timeouts) and the nvidia-smi CSV format (docs/TELEMETRY.md); a lost GPU's
missing rows follow nvidia-smi printing the reachable GPUs after `Unable to determine the device handle for GPU...`.
""")
