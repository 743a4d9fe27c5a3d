"""37-telemetry-snapshot: Slurm job on 2 bare-metal nodes x 4 H100 (sn-a01, sn-a02), srun torchrun --tee 3,
torch 2.5.1 / NCCL 2.21.5, torchtitan with DDP and a 30-minute NCCL timeout.  Rank 6 (sn-a02, GPU 2) blocks in
its data loader after step 2210.  Six minutes into the hang the site's hang collector snapshots each node:
`nvidia-smi -q -d MEMORY,UTILIZATION,POWER` on sn-a01, a scrape of dcgm-exporter's /metrics on sn-a02 (no
timestamps).  Seven GPUs show 100% utilisation at ~120 W (NCCL spinning), GPU 2 of sn-a02 0% at ~72 W.  The
watchdogs fire 24 minutes later."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from titan_job import Job, build  # noqa: E402

S = Scenario("37-telemetry-snapshot")
VER = (2, 5)
NV = "2.21.5"
HOSTS = ["sn-a01", "sn-a02"]
IPS = ["172.16.8.31", "172.16.8.32"]
NLOC = 4
SEQ = 35361
STUCK = 6
LAST_STEP = 2210
TIMEOUT = 1800000
PYL = "/usr/local/lib/python3.10/dist-packages"
T0 = ts("2025-06-02 21:40:07.902")
UUIDS = ["GPU-3f1c2a9e-77d0-4b1e-9a52-0c5e8d21f6a4", "GPU-a94e0b7c-1d32-4f60-8e15-6b7c93d0e2f1",
         "GPU-5c0e8f13-2b9a-4d7e-b1c4-f82a6d09e357", "GPU-e17b4d26-90c3-4a58-a6f2-3d8b15c7e094"]

STEP_S = 1.688
J = build(Job(ver=VER, nv=NV, hosts=HOSTS, ips=IPS, pyl=PYL, t0=T0, step_s=STEP_S, last_step=LAST_STEP,
              seed=37, pid=31502, pid_step=3, commid="0x4be0917d3a2c5f86", agent_ms=610, init_s=12,
              init_ms=23, ifname="eno1", model_ms=None, ddp_ms=990, load_ms=1700, loaded_ms=27000,
              load_text="25.12", ready_s=28, resume=2000, loss=2.6012, dloss=0.0007, mem=62.6, tps=4811,
              tps0=401, mfu=39.05, mfu0=3.29))
agents, procs, tstart = J.agents, J.procs, J.tstart

t_coll = tstart + secs(STEP_S * (LAST_STEP + 1 - 2000)) - ms(1100)
fails = {0: [], 1: []}
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(TIMEOUT + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 26214400, TIMEOUT, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 2)
    fails[p.rank // NLOC].append((t, p))

for n, a in enumerate(agents):
    fl = sorted(fails[n], key=lambda x: x[0])
    t = fl[-1][0] + ms(1900)
    if n == 1:
        a.sigterm(t, procs[STUCK].pid)
        t += ms(31)
    for (ft, p) in fl:
        a.failed(t, -6, p.local, p.pid, "/usr/bin/python3")
    root = dict(time=fl[0][0], host=HOSTS[n], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid)
    others = [dict(time=ft, host=HOSTS[n], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]]
    a.child_failed(t + ms(40), "train.py", root, others)

# the hang collector, six minutes in
r = Rnd(370)
t_snap = t_coll + secs(361)


def spin(rank):
    if rank == STUCK:
        return 72 + r.uniform(-2, 2), 0, 64301
    return 119 + r.uniform(-5, 5), 100, 64301


for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
S.write("sn-a01/nvidia-smi-q.txt",
        smi_q_dump(t_snap, "550.90.07", "12.4", [(BUS_H100[g], "NVIDIA H100 80GB HBM3") + spin(g) for g in range(NLOC)]))
gpus = []
for g in range(NLOC):
    pw, ut, fb = spin(NLOC + g)
    gpus.append((BUS_H100[g], UUIDS[g], 1980 if ut else 345, 41 if ut else 33, pw, ut, fb))
S.write("sn-a02/dcgm-metrics.txt", dcgm_scrape("sn-a02", "550.90.07", "NVIDIA H100 80GB HBM3", gpus))

# the step line's stamp has milliseconds
last_step_t = max(t for p in procs for (t, _, line) in p.err if "step: %d " % LAST_STEP in line)
last_step_t = last_step_t.replace(microsecond=last_step_t.microsecond // 1000 * 1000)
S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.seq": SEQ,
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.onset.source": "logs",
    "verdict.hang.onset.time": last_step_t.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
    "findings[].id": ["gpu_idle_outlier"],
    "telemetry.gpus[].source": ["nvidia-smi-q", "dcgm"],
    "telemetry.gpus[].rank": [0, 1, 2, 3, 4, 5, STUCK, 7],
    "verdict.likely_cause.evidence[].rank": [STUCK],
    "run.ranks": 8,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 37-telemetry-snapshot

Story: a Slurm job on two bare-metal nodes (`sn-a01`, `sn-a02`, 4 H100 each) runs torchtitan with DDP under
`srun torchrun --tee 3`, with a 30-minute NCCL timeout. After step 2210 rank 6 (`sn-a02`, GPU 2 at PCI 3A) blocks in
its data loader and never issues the next ALLREDUCE (SeqNum 35361). Six minutes into the hang the site's collector
snapshots each node: `nvidia-smi -q -d MEMORY,UTILIZATION,POWER` on `sn-a01` (driver 550 layout), one scrape of
dcgm-exporter's `/metrics` on `sn-a02` (labels `gpu`, `UUID`, `pci_bus_id`, `device`, `modelName`, `Hostname`,
`DCGM_FI_DRIVER_VERSION`; no sample timestamps). Seven GPUs are at 100% utilisation and ~120 W (NCCL kernels
spinning), GPU 2 of `sn-a02` at 0% and ~72 W. The other seven ranks time out 24 minutes later.

What faultline must say: hung, rank 6 stuck; one snapshot has no "moment power fell", so the onset comes from the
logs (the last step line, `source: logs`); `gpu_idle_outlier` names GPU 2 of `sn-a02` as rank 6 through
`pci_bus_id` and NCCL's `busId 3a000`; every GPU of both sources is mapped to its rank.
Layout: `<host>/train.log`, `sn-a01/nvidia-smi-q.txt`, `sn-a02/dcgm-metrics.txt`.
Versions: torch 2.5.1, NCCL 2.21.5, driver 550.90.07, dcgm-exporter 3.3 text format.
""")
