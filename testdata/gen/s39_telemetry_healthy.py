"""39-telemetry-healthy: 2 nodes x 4 H100, torchrun --tee 3 per node, torch 2.6 / NCCL 2.21.5, torchtitan FSDP.
A clean 150-step run: every GPU busy at ~680 W and 100% until the end, then idle once the job exits.  node01
sampled with nvidia-smi --query-gpu CSV, node02 with `nvidia-smi -q -d MEMORY,UTILIZATION,POWER` every 30 s.
NCCL: one version, four HCAs per node, every inter-node channel NET/IB with GDRDMA.  Nothing is wrong."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("39-telemetry-healthy")
VER = (2, 6)
NV = "2.21.5"
HOSTS = ["node01", "node02"]
IPS = ["10.30.1.11", "10.30.1.12"]
NLOC, N = 4, 8
STEPS = 150
PYL = "/usr/local/lib/python3.10/dist-packages"
T0 = ts("2025-05-06 14:20:03.118")

agents, procs = [], []
for n, h in enumerate(HOSTS):
    ap = Proc(h, 1, seed=39)
    agents.append(Agent(ap, VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 410 + L * 5 + n, rank=n * NLOC + L, local=L, seed=39)
        p.commid = "0x19c0e4f2a37b5d68"
        procs.append(p)

for n, a in enumerate(agents):
    a.p.o(T0, "+ torchrun --nnodes=2 --nproc_per_node=4 --node_rank=%d --rdzv_backend=c10d --rdzv_endpoint=%s:29500 --tee 3 "
          "train.py --job.config_file ./train_configs/llama3_8b.toml" % (n, HOSTS[0]))
    a.start(T0 + ms(700), NLOC)

for p in procs:
    t = T0 + secs(10) + ms(p.local * 27 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training", era=2025)
    ptr, t2 = nccl_init(p, t + secs(3), NV, "12.4", N, NLOC, IPS[p.rank // NLOC], ifname="ens9f0", hcas=4)
    titan_log(p, t2 + ms(1200), "Applied FSDP to the model", era=2025)
    titan_log(p, t2 + ms(1950), "Training starts at step 1, with local batch size 1, global batch size 8, sequence length 8192, total steps %d (warmup 50)" % STEPS, era=2025)
    p.t0 = t2 + secs(2)

rnd = Rnd(39)
t_tr = max(p.t0 for p in procs)
STEP_S = 1.702
loss = 11.9
for step in [1] + list(range(10, STEPS + 1, 10)):
    tt = t_tr + secs(STEP_S * step)
    loss = loss * (0.93 if step < 80 else 0.995) + rnd.uniform(-0.05, 0.05)
    for p in procs:
        t = tt + ms(p.rnd.randrange(0, 35))
        mem = 62.5 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, t, titan_step(step, loss, mem, mem / 79.11 * 100, 4810 + p.rnd.randrange(-15, 15) if step > 1 else 402,
                                   39.1 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 3.3, era=2025,
                                   grad_norm=1.1 + rnd.uniform(0, 0.2), tflops=386 + p.rnd.uniform(-3, 3)), era=2025)
t_end = t_tr + secs(STEP_S * STEPS) + secs(1)
for p in procs:
    t = t_end + ms(p.rnd.randrange(0, 40))
    titan_log(p, t, "Sleeping 2 seconds for other ranks to complete", era=2025)
    titan_log(p, t + secs(2), "Training completed", era=2025)
    p.o(t + secs(2) + ms(30), p.np("main") + "NCCL INFO comm %s rank %d nranks %d cudaDev %d busId %s - Destroy COMPLETE"
        % (p.comm, p.rank, N, p.local, busid(BUS_H100[p.local])))
    titan_log(p, t + secs(2) + ms(80), "Process group destroyed.", era=2025)
t_exit = t_end + secs(4)


def level(r, t):
    if t_tr <= t < t_exit:
        return 681 + r.uniform(-22, 14), 100 - r.randrange(0, 3), 63980 + r.randrange(0, 90)
    return 70 + r.uniform(-2, 2), 0, 0


r0, r1 = Rnd(390), Rnd(391)
t_s0 = T0 + secs(1)
for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
S.write("node01/nvidia-smi.csv", smi_csv(t_s0, t_exit + secs(30), 5, NLOC, lambda t, g: level(r0, t)))
dumps = []
t = t_s0
while t <= t_exit + secs(30):
    dumps += smi_q_dump(t, "535.161.08", "12.4",
                        [(BUS_H100[g], "NVIDIA H100 80GB HBM3") + level(r1, t) for g in range(NLOC)])
    t += secs(30)
S.write("node02/nvidia-smi-q.txt", dumps)

S.expected({
    "verdict.status": "healthy",
    "verdict.likely_cause.id": "none",
    "verdict.hang": None,
    "telemetry.gpus[].source": ["nvidia-smi-csv", "nvidia-smi-q"],
    "telemetry.gpus[].rank": [0, 1, 2, 3, 4, 5, 6, 7],
    "!telemetry.gpus[].outlier": [True],
    "!findings[].id": ["gpu_idle_outlier", "socket_fallback", "tp_crosses_nodes", "nccl_version_mismatch",
                       "gdrdma_missing", "hca_count_mismatch"],
    "training.last_step": STEPS,
    "run.ranks": 8,
    "run.hosts": 2,
})
S.readme("""
# 39-telemetry-healthy

Story: a clean torchtitan Llama-3-8B FSDP run on two nodes x 4 H100 (`node01`, `node02`), 150 steps, `Training
completed`. Every GPU is busy at ~680 W and 100% utilisation while it trains and idles once the job exits.
`node01` sampled its GPUs with `nvidia-smi --query-gpu=timestamp,index,pci.bus_id,power.draw,utilization.gpu,memory.used
--format=csv -l 5`, `node02` with `nvidia-smi -q -d MEMORY,UTILIZATION,POWER` every 30 s (driver R535 layout:
`GPU Power Readings`, `Module Power Readings`). NCCL 2.21.5 everywhere, four HCAs per node, every inter-node channel
`NET/IB/N/GDRDMA`. The negative case for every telemetry and layout finding: healthy, no hang, no
`gpu_idle_outlier`, `socket_fallback`, `tp_crosses_nodes`, `gdrdma_missing`, `hca_count_mismatch`,
`nccl_version_mismatch`; all eight GPUs mapped to their ranks through NCCL's `busId`.
Layout: `<host>/train.log` (torchrun `--tee 3`), `node01/nvidia-smi.csv`, `node02/nvidia-smi-q.txt`.
Versions: torch 2.6, NCCL 2.21.5, nvidia-smi (driver 535.161.08).
""")
