"""13-slow-transport: torchtitan (2025 log format, coloured metrics) Llama-3-8B FSDP on 2 nodes x 8 GPUs,
NGC 25.01 (torch 2.6.0a0, NCCL 2.25.1), torchrun --tee 3 per node.  The containers were started without the RDMA
devices: NCCL_IB_HCA asks for mlx5 but NET/IB finds no device and all inter-node channels run over NET/Socket.
The job finishes, slowly (mfu ~6%)."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("13-slow-transport")
VER = (2, 6)
NV = "2.25.1"
PYL = "/usr/local/lib/python3.12/dist-packages"
HOSTS = ["node-1", "node-2"]
IPS = ["10.2.0.11", "10.2.0.12"]
NLOC, N = 8, 16
T0 = ts("2025-02-26 10:15:22.004")
STEPS = 300

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 5501 + n, seed=13), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 5588 + L * 3 + n, rank=n * NLOC + L, local=L, seed=13)
        p.commid = "0x3bd0f8e26a5c1947"
        procs.append(p)
for a in agents:
    a.start(T0 + ms(300), NLOC)

for p in procs:
    t = T0 + secs(10) + ms(p.local * 19 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training", era=2025)
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_shard'], [16]", era=2025)
    titan_log(p, t + ms(4), "[GC] Initial GC collection. 0.00 seconds.", era=2025)
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.8", N, NLOC, IPS[p.rank // NLOC], net="Socket", ifname="eth0", hcas=0,
                        envs=("NCCL_IB_HCA set by environment to mlx5", "NCCL_SOCKET_IFNAME set by environment to eth0"))
    titan_log(p, t2 + ms(100), "TikTokenizer built: #words 128256, BOS ID 128000, EOS ID 128001", era=2025)
    titan_log(p, t2 + ms(150), "Preparing c4 dataset from allenai/c4", era=2025)
    titan_log(p, t2 + ms(400), "Building llama3 8B with TransformerModelArgs(_enforced='This field is used to enforce all fields have defaults.', dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm', use_flex_attn=False, attn_mask_type='causal', eos_id=0)", era=2025)
    titan_log(p, t2 + ms(1100), "\x1b[34mModel llama3 8B \x1b[31msize: 8,030,261,248 total parameters\x1b[39m", era=2025)
    titan_log(p, t2 + ms(1150), "Applied selective activation checkpointing to the model", era=2025)
    titan_log(p, t2 + ms(1200), "Applied FSDP to the model", era=2025)
    titan_log(p, t2 + ms(1900), "CUDA memory usage for model: 3.77GiB(4.76%)", era=2025)
    titan_log(p, t2 + ms(1950), "Training starts at step 1, with local batch size 1, global batch size 16, sequence length 8192, total steps 300 (warmup 200)", era=2025)
    p.t0 = t2 + secs(2)

rnd = Rnd(13)
t_tr = max(p.t0 for p in procs)
STEP_S = 7.41
loss = 12.1
for step in [1] + list(range(10, STEPS + 1, 10)):
    tt = t_tr + secs(STEP_S * step)
    loss = loss * (0.93 if step < 80 else 0.995) + rnd.uniform(-0.05, 0.05)
    gn = 4.1 * 0.97 ** (step / 10) + rnd.uniform(0, 0.2)
    for p in procs:
        t = tt + ms(p.rnd.randrange(0, 35))
        mem = 44.12 + p.rnd.uniform(-0.2, 0.2) if step > 1 else 29.05
        tps = 1105 + p.rnd.randrange(-15, 15) if step > 1 else 197
        tfl = 57.41 + p.rnd.uniform(-0.5, 0.5) if step > 1 else 10.23
        titan_log(p, t, titan_step(step, loss, mem, mem / 79.11 * 100, tps, tfl / 989 * 100, era=2025, grad_norm=gn,
                                   tflops=tfl, color=True), era=2025)
t_end = t_tr + secs(STEP_S * STEPS) + secs(1)
for p in procs:
    t = t_end + ms(p.rnd.randrange(0, 40))
    titan_log(p, t, "Sleeping 2 seconds for other ranks to complete", era=2025)
    titan_log(p, t + secs(2), "Training completed", era=2025)
    p.o(t + secs(2) + ms(30), p.np("main") + "NCCL INFO comm %s rank %d nranks %d cudaDev %d busId %s - Destroy COMPLETE"
        % (p.comm, p.rank, N, p.local, busid(BUS_H100[p.local])))
    titan_log(p, t + secs(2) + ms(80), "Process group destroyed.", era=2025)

for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))

S.expected({
    "verdict.status": "degraded",
    "verdict.likely_cause.id": "slow_transport",
    "verdict.first_failure": None,
    "verdict.hang": None,
    "findings[].id": ["socket_fallback", "low_mfu"],
    "!findings[].id": ["nonfinite_loss", "clock_skew", "nccl_version_mismatch", "loss_scale_collapse"],
    "training.last_step": STEPS,
    "training.first_nonfinite_step": None,
    "run.ranks": 16,
    "run.hosts": 2,
})
S.readme("""
# 13-slow-transport

Story: torchtitan Llama-3-8B FSDP run, 2 nodes x 8 H100, NGC 25.01 containers started without the RDMA device
plugin. NCCL is told `NCCL_IB_HCA=mlx5` but prints `NET/IB : No device found.` and `Using network Socket`; every
inter-node channel is `via NET/Socket/0`. The run completes all 300 steps (`Training completed`, `Destroy COMPLETE`)
but at ~1,100 tps and ~5.8% mfu (57 TFLOPS of 989). Expected: degraded, slow_transport, socket_fallback + low_mfu.
Layout: `<host>/train.log` per node (torchrun `--tee 3`); torchtitan wraps metrics in ANSI colour codes.
Versions: torchtitan 2025 (`[titan] ...`, tps/tflops/grad_norm), torch 2.6.0a0, NCCL 2.25.1 (per-process INFO
version line, `ncclCommInitRankConfig`, `Init timings`, `Connected all rings, use ring PXN 0 GDR 0`).
Modelled on excerpts train-029 (torchtitan step lines), nccl-049 (Socket transport lines).
""")
