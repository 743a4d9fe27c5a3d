"""11-scheduler-kill: Lightning 2.2 on a Cray system, `srun --label` one task per GPU, 2 nodes x 4 GPUs,
torch 2.2.1 / NCCL 2.19.3.  Training is healthy until Slurm's time limit cancels the job; every task is
terminated (SIGTERM), no rank has its own error."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("11-scheduler-kill")
NV = "2.19.3"
JOB = 4412312
HOSTS = ["nid001234", "nid001235"]
IPS = ["10.100.4.34", "10.100.4.35"]
NLOC, N = 4, 8
T0 = ts("2024-03-02 04:00:09.602")
TLIM = ts("2024-03-02 08:00:12")

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        procs.append(Proc(h, 91230 + L * 6 + n * 2, rank=n * NLOC + L, local=L, seed=11))
for p in procs:
    p.commid = "0x1c95e7b40a2d6f83"
slurm = Proc("slurm", 3, seed=11)
p0 = procs[0]
t = T0 + secs(14)
p0.elines(t, ["Using 16bit Automatic Mixed Precision (AMP)", "GPU available: True (cuda), used: True",
              "TPU available: False, using: 0 TPU cores", "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"])
for p in procs:
    tt = t + ms(200 + p.rank * 23)
    p.e(tt, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (p.rank, p.rank + 1))
p0.elines(t + secs(3), ["----------------------------------------------------------------------------------------------------",
                        "distributed_backend=nccl", "All distributed processes registered. Starting with 8 processes",
                        "----------------------------------------------------------------------------------------------------", ""])
for p in procs:
    tt = t + secs(4) + ms(p.rank * 11)
    ptr, t2 = nccl_init(p, tt, NV, "12.3", N, NLOC, IPS[p.rank // NLOC], hcas=1, ifname="hsn0", bus=["03", "41", "82", "c1"] * 2,
                        envs=("NCCL_NET_GDR_LEVEL set by environment to PHB",))
    p.e(t2 + ms(200), "LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3]" % p.local)
    p.t0 = t2
t = max(p.t0 for p in procs) + ms(400)
p0.elines(t, ["", "  | Name  | Type             | Params", "-------------------------------------------",
              "0 | model | GPT              | 354 M ", "1 | loss  | CrossEntropyLoss | 0     ",
              "-------------------------------------------", "354 M     Trainable params", "0         Non-trainable params",
              "354 M     Total params", "1,418.199 Total estimated model params size (MB)"])
# Lightning TQDM bar on rank 0 (stderr, \r updates; newline at each epoch end)
rnd = Rnd(11)
steps_per_epoch = 2000
rate = 2.31
tt = t + secs(5)
epoch = 0
loss = 5.9
while True:
    e_start = tt
    states = []
    for k in range(0, steps_per_epoch + 1, 100):
        el = k / rate
        if e_start + secs(el) >= TLIM:
            break
        loss = max(2.4, loss - 0.004 + rnd.uniform(-0.02, 0.02))
        rem = (steps_per_epoch - k) / rate
        pct = 100 * k // steps_per_epoch
        blk = "\u2588" * (pct // 10) + (" " * (10 - pct // 10))
        states.append("Epoch %d: %3d%%|%s| %d/%d [%02d:%02d<%02d:%02d, %.2fit/s, v_num=%d, train_loss=%.3f]"
                      % (epoch, pct, blk, k, steps_per_epoch, el // 60, el % 60, rem // 60, rem % 60, rate, JOB % 1000, loss))
    if e_start + secs(steps_per_epoch / rate) >= TLIM:
        partial = "\r".join(states)
        break
    p0.e(e_start + secs(steps_per_epoch / rate), "\r".join(states))
    tt = e_start + secs(steps_per_epoch / rate + 20)
    p0.e(tt - secs(18), "Epoch %d, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/pscratch/ckpt/gpt350m/epoch=%d-step=%d.ckpt' as top 3"
         % (epoch, (epoch + 1) * steps_per_epoch, loss + 0.05, loss + 0.05, epoch, (epoch + 1) * steps_per_epoch))
    epoch += 1

# ---- time limit
slurm.e(TLIM - ms(400), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
slurm.e(TLIM, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (JOB, HOSTS[0], f_iso(TLIM)))
slurm.e(TLIM, "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (JOB, HOSTS[0], f_iso(TLIM)))
for p in procs:
    # rank 0's unfinished progress-bar line (no newline yet) gets the SIGTERM message glued to it
    p.e(TLIM + ms(30 + p.rank * 3), (partial + "\r" if p.rank == 0 else "") + "[rank: %d] Received SIGTERM: 15" % p.rank)
slurm.e(TLIM + secs(32), "srun: error: %s: tasks 0-3: Terminated" % HOSTS[0])
slurm.e(TLIM + secs(32), "srun: Terminating StepId=%d.0" % JOB)
slurm.e(TLIM + secs(32), "srun: error: %s: tasks 4-7: Terminated" % HOSTS[1])
slurm.e(TLIM + secs(33), "srun: Force Terminated StepId=%d.0" % JOB)

S.write("slurm-%d.out" % JOB, merged([slurm] + procs, prefix=srun_label(N)))
S.expected({
    "verdict.likely_cause.id": "scheduler_kill",
    "verdict.first_failure": None,
    "verdict.hang": None,
    "run.ranks": 8,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "socket_fallback", "nonfinite_loss"],
    "!verdict.other_causes[].id": ["collective_hang", "process_crash"],
})
S.readme("""
# 11-scheduler-kill

Story: PyTorch Lightning 2.2 GPT-350M training on a Cray EX system (nid001234/nid001235, 4 GPUs each), one
`srun --label` task per GPU, 4 h wall-clock limit. Training is healthy (epochs complete, checkpoints saved) until
`slurmstepd: error: *** JOB 4412312 ON nid001234 CANCELLED AT 2024-03-02T08:00:12 DUE TO TIME LIMIT ***`;
each rank logs Lightning's `[rank: N] Received SIGTERM: 15` and srun reports `tasks 0-3: Terminated`.
No rank has a primary error: first_failure null, cause scheduler_kill (status deliberately not asserted).
Layout: one `slurm-4412312.out`; rank 0's Lightning progress bar is `\\r`-joined inside one line per epoch.
Versions: torch 2.2.1, NCCL 2.19.3 (`comm ... nvmlDev ... - Init COMPLETE`, no function name), Lightning 2.2.
Modelled on excerpt train-059 (time-limit cancellation, task ranges) and the Lightning lines in formats-training.md.
""")
