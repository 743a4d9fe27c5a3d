"""35-torchtitan-hsdp-consistent: torchtitan (2025-11 log format) Llama-3-8B with HSDP (2 replicas x 4 shards),
bf16 mixed precision via fully_shard, full activation checkpointing, 2 nodes x 4 GPUs over IB, torch 2.9 /
NCCL 2.27.7. Local batch 2, 2 accumulation steps, global batch 32 = 2 x 2 x 8: every size agrees; the run
finishes. No configuration finding may fire."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("35-torchtitan-hsdp-consistent")
VER = (2, 9)
NV = "2.27.7"
PYL = "/opt/venv/lib/python3.12/site-packages"
HOSTS = ["h100-a1", "h100-a2"]
IPS = ["10.12.0.21", "10.12.0.22"]
NLOC, N = 4, 8
T0 = ts("2025-12-01 08:30:11.250")
STEPS = 60
LBS, GAS, SEQ = 2, 2, 8192
GBS = LBS * GAS * N

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 7301 + n, seed=35), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 7390 + L * 3 + n, rank=n * NLOC + L, local=L, seed=35)
        p.commid = "0x5c0e7b2d9a41f386"
        procs.append(p)
for a in agents:
    a.start(T0 + ms(300), NLOC)

for p in procs:
    t = T0 + secs(9) + ms(p.local * 17 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training", era=2025)
    titan_log(p, t + ms(2), "Building 2-D device mesh with ['dp_replicate', 'dp_shard'], [2, 4]", era=2025)
    titan_log(p, t + ms(4), "[GC] Initial GC collection. 0.00 seconds.", era=2025)
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.9", N, NLOC, IPS[p.rank // NLOC], hcas=4, ifname="ibp26s0")
    titan_log(p, t2 + ms(150), "Preparing c4 dataset from allenai/c4", era=2025)
    titan_log(p, t2 + ms(1100), "\x1b[34mModel llama3 8B \x1b[31msize: 8,030,261,248 total parameters\x1b[39m", era=2025)
    titan_log(p, t2 + ms(1150), "Applied full activation checkpointing to the model", era=2025)
    titan_log(p, t2 + ms(1200), "Applied HSDP to the model", era=2025)
    titan_log(p, t2 + ms(1900), "CUDA memory usage for model: 7.54GiB(9.53%)", era=2025)
    titan_log(p, t2 + ms(1920), "Mixed precision training is handled by fully_shard", era=2025)
    titan_log(p, t2 + ms(1950), "Trainer is initialized with local batch size %d, global batch size %d, gradient accumulation "
              "steps %d, sequence length %d, total steps %d (warmup 20)" % (LBS, GBS, GAS, SEQ, STEPS), era=2025)
    titan_log(p, t2 + ms(1951), "Training starts at step 1", era=2025)
    p.t0 = t2 + secs(2)

rnd = Rnd(35)
t_tr = max(p.t0 for p in procs)
STEP_S = 9.12
loss = 12.0
for step in [1] + list(range(10, STEPS + 1, 10)):
    tt = t_tr + secs(STEP_S * step)
    loss = loss * 0.94 + rnd.uniform(-0.05, 0.05)
    gn = 3.2 * 0.96 ** (step / 10) + rnd.uniform(0, 0.2)
    for p in procs:
        t = tt + ms(p.rnd.randrange(0, 35))
        mem = 61.40 + p.rnd.uniform(-0.2, 0.2) if step > 1 else 40.12
        tps = 3512 + p.rnd.randrange(-20, 20) if step > 1 else 611
        tfl = 412.3 + p.rnd.uniform(-2, 2) if step > 1 else 71.7
        titan_log(p, t, titan_step(step, loss, mem, mem / 79.11 * 100, tps, tfl / 989 * 100, era=2025, grad_norm=gn,
                                   tflops=tfl), era=2025)
t_end = t_tr + secs(STEP_S * STEPS) + secs(1)
for p in procs:
    t = t_end + ms(p.rnd.randrange(0, 40))
    titan_log(p, t, "Sleeping 2 seconds for other ranks to complete", era=2025)
    titan_log(p, t + secs(2), "Training completed", era=2025)
    titan_log(p, t + secs(2) + ms(80), "Process group destroyed.", era=2025)

for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))

S.expected({
    "verdict.status": "healthy",
    "verdict.likely_cause.id": "none",
    "verdict.first_failure": None,
    "config.micro_batch_size": LBS,
    "config.grad_accum_steps": GAS,
    "config.global_batch_size": GBS,
    "config.data_parallel_size": N,
    "config.seq_length": SEQ,
    "config.world_size": N,
    "config.activation_checkpointing": "full",
    "config.sharding": "hsdp",
    "config.derived": ["data_parallel_size"],
    "!findings[].id": ["gbs_mismatch", "parallel_size_mismatch", "fp16_in_use", "tp_crosses_nodes",
                       "loss_scale_collapse", "nonfinite_loss", "clock_skew", "loss_spike", "low_mfu",
                       "throughput_drop", "straggler"],
    "training.mfu_source": "logged",
})
S.readme("""
# 35-torchtitan-hsdp-consistent

Story: torchtitan Llama-3-8B pre-training on 2 nodes x 4 H100 over IB, HSDP (`dp_replicate` 2 x `dp_shard` 4),
full activation checkpointing, bf16 mixed precision handled by `fully_shard`. Local batch 2, 2 accumulation steps,
global batch 32 = 2 x 2 x 8, sequence 8192: the sizes agree. The run completes 60 steps (`Training completed`).
The negative case for the configuration findings: no gbs_mismatch, no parallel_size_mismatch, no fp16_in_use.
Data parallel is derived from the world size (torchtitan states no DP size in its start-up lines).
Layout: `<host>/train.log` per node (torchrun `--tee 3`).
Versions: torchtitan 2025-11 (`Trainer is initialized with ...` then `Training starts at step 1`), torch 2.9,
NCCL 2.27.7.
Modelled on the torchtitan start-up lines quoted in torchtitan issues (2025-02 and 2025-11 formats).
""")
