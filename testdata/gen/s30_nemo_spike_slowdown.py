"""30-nemo-spike-slowdown: NeMo 1.x (Lightning) GPT pre-training, bf16, 2 nodes x 8 H100, srun one task per GPU,
NeMo 24.03 container (torch 2.3, NCCL 2.20.5). Rank 0's progress bar carries NeMo's metrics. At global step 1209
one bad batch sends the loss from ~3.1 to 7.1; it is back to trend by the next update (a spike that recovers, no NaN).
From global step 1500 every step takes 3.1 s instead of 1.9 s (the job slowed down and stayed slow). The run reaches
max_steps and stops normally."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("30-nemo-spike-slowdown")
NV = "2.20.5"
JOB = 7712408
T0 = ts("2024-05-14 10:02:07.310")
HOSTS = ["h100-a017", "h100-a018"]
IPS = ["10.42.17.17", "10.42.17.18"]
NLOC, N = 8, 16
MAX_STEPS = 2000
SPIKE, SLOW = 1209, 1500
GBS = 512

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        procs.append(Proc(h, 2210400 + n * 1000 + L * 7, rank=n * NLOC + L, local=L, seed=30))
for p in procs:
    p.commid = "0x6e01b37c9a4d52f0"
p0 = procs[0]
slurm = Proc("slurm", 4, seed=30)
slurm.o(T0, "+ srun --ntasks-per-node=8 python3 /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py "
        "--config-path=/results --config-name=gpt3_5b_hydra.yaml")

t = T0 + secs(21)
p0.elines(t, ["[NeMo W 2024-05-14 10:02:28 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/pytorch_lightning/"
              "_graveyard/precision.py:49: The `MixedPrecisionPlugin` is deprecated. Use `pytorch_lightning.plugins.precision."
              "MixedPrecision` instead.",
              "GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
              "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs",
              "[NeMo I 2024-05-14 10:02:28 exp_manager:396] Experiments will be logged at /results/nemo_gpt5b",
              "[NeMo I 2024-05-14 10:02:28 exp_manager:856] TensorboardLogger has been set up"])
for p in procs:
    tt = t + secs(2) + ms(p.rank * 19)
    p.e(tt, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/%d" % (p.rank, p.rank + 1, N))
p0.elines(t + secs(4), ["----------------------------------------------------------------------------------------------------",
                        "distributed_backend=nccl", "All distributed processes registered. Starting with %d processes" % N,
                        "----------------------------------------------------------------------------------------------------", ""])
for p in procs:
    tt = t + secs(6) + ms(p.rank * 13)
    ptr, t2 = nccl_init(p, tt, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=8)
    p.e(t2 + ms(150), "LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]" % p.local)
    p.t0 = t2
t = max(p.t0 for p in procs) + ms(500)
p0.elines(t, ["", "  | Name  | Type     | Params", "-----------------------------------",
              "0 | model | GPTModel | 5.5 B ", "-----------------------------------",
              "5.5 B     Trainable params", "0         Non-trainable params", "5.5 B     Total params",
              "22,011.486Total estimated model params size (MB)"])

# NeMo's bar on rank 0: an update every 10 steps, \r-joined; a newline every 100 steps (validation)
rnd = Rnd(30)
loss = 3.95
el = 0.0
tt = t + secs(12)
group = []
for k in range(10, MAX_STEPS + 1, 10):
    step = k - 1
    timing = (3.1 if step >= SLOW else 1.91) + rnd.uniform(-0.02, 0.02)
    el += 10 * timing
    loss = max(2.2, loss - 0.007 + rnd.uniform(-0.015, 0.015))
    shown = 7.118 if step == SPIKE else loss
    rem = (MAX_STEPS - k) * timing
    pct = 100 * k // MAX_STEPS
    blk = "\u2588" * (pct // 10) + (" " * (10 - pct // 10))
    group.append("Epoch 0: : %3d%%|%s| %d/%d [%02d:%02d:%02d<%02d:%02d:%02d, v_num=, reduced_train_loss=%.3f, "
                 "global_step=%.1f, consumed_samples=%s, train_step_timing in s=%.3f]"
                 % (pct, blk, k, MAX_STEPS, el // 3600, el % 3600 // 60, el % 60, rem // 3600, rem % 3600 // 60,
                    rem % 60, shown, step, ("%.3g" % (k * GBS)).replace("e+0", "e+"), timing))
    if k % 100 == 0 or k == MAX_STEPS:
        line = "\r".join(group)
        if k == MAX_STEPS:
            line += "`Trainer.fit` stopped: `max_steps=%d` reached." % MAX_STEPS
        p0.e(tt + secs(el), line)
        group = []
te = tt + secs(el) + secs(3)
for p in procs:
    x = te + ms(p.rnd.randrange(0, 400))
    p.e(x, "[rank%d]:[W514 %s.%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before it "
        "is deleted. It might cause resource leaks (function ~ProcessGroupNCCL)"
        % (p.rank, x.strftime("%H:%M:%S"), p.rnd.nsec(x)))

S.write("slurm-%d.out" % JOB, merged([slurm] + procs))

S.expected({
    "verdict.likely_cause.id": "none",
    "verdict.first_failure": None,
    "training.last_step": MAX_STEPS - 1,
    "training.first_nonfinite_step": None,
    "findings[].id": ["loss_spike", "throughput_drop"],
    "!findings[].id": ["nonfinite_loss", "loss_scale_collapse", "low_mfu", "straggler", "fp16_in_use"],
})
S.readme("""
# 30-nemo-spike-slowdown

Story: NeMo 1.x GPT-5B pre-training (bf16, `megatron_gpt_pretraining.py`), 2 nodes x 8 H100, one Slurm output file
(`srun` without `--label`: only rank 0 prints the progress bar). NeMo's metrics ride in Lightning's bar
(`reduced_train_loss=`, `global_step=`, `consumed_samples=`, `train_step_timing in s=`), redrawn with `\\r` every 10
steps and ended by a newline every 100. At global step %d one batch sends the loss from ~3.1 to 7.118 and the next
update is back on trend: `loss_spike` (it recovered, nothing went NaN). From global step %d every step takes 3.1 s
instead of 1.91 s and stays there: `throughput_drop` on steps/s (NeMo logs only the step time), from that step,
down ~38%%. The run reaches `max_steps=%d` and stops normally.
Negative for: `nonfinite_loss`, `loss_scale_collapse` (bf16), `low_mfu` (no MFU: NeMo's bar gives no throughput and no
GPU is named), `straggler`.
Layout: `slurm-%d.out`. Versions: NeMo 24.03 (torch 2.3, NCCL %s, Lightning 2.2).
Modelled on the NeMo bars of NVIDIA/NeMo-Framework-Launcher#55 and NVIDIA-NeMo/NeMo#11900 and the Lightning lines of
formats-training.md 1.5.
""" % (SPIKE, SLOW, MAX_STEPS, JOB, NV))
