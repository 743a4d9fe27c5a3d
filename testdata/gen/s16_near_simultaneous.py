"""16-near-simultaneous: Slurm, one srun task per GPU with per-task output files (`srun -o logs/rank-%t.log`),
2 nodes x 4 GPUs, torch 2.4 / NCCL 2.20.5, a plain DDP training script with Python logging.
Rank 3 (gpu-c01) runs out of GPU memory at 14:22:31.418; 0.6 s later rank 6 (gpu-c02) hits an illegal memory
access (14:22:32.012).  The OOM is the first failure; the CUDA error is a second, independent primary error."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("16-near-simultaneous")
VER = (2, 4)
NV = "2.20.5"
PYL = "/opt/conda/lib/python3.11/site-packages"
JOB = 9123
HOSTS = ["gpu-c01", "gpu-c02"]
IPS = ["10.20.1.1", "10.20.1.2"]
NLOC, N = 4, 8
OOMR, IMAR = 3, 6
T_OOM = ts("2024-11-05 14:22:31.418")
T_IMA = ts("2024-11-05 14:22:32.012")
SEQ = 14447
T0 = T_OOM - secs(2.41 * 1204) - secs(19.5)

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 22310 + L * 4 + n, rank=n * NLOC + L, local=L, seed=16)
        p.commid = "0x2d8e4b61a09f73c5"
        procs.append(p)


def lg(p, t, level, msg):
    p.e(t, "%s - __main__ - %s - %s" % (f_pylog(t), level, msg))


for p in procs:
    t = T0 + secs(5) + ms(p.rank * 13)
    lg(p, t, "INFO", "rank %d/%d on %s, local_rank %d, cuda:%d" % (p.rank, N, p.host, p.local, p.local))
    ptr, t2 = nccl_init(p, t + secs(2), NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=4, ifname="ib0", bus=BUS_A100)
    lg(p, t2 + secs(4), "INFO", "model: 1.31B parameters, DDP(bucket_cap_mb=25), AdamW(lr=3e-4), bf16 autocast")
    p.t0 = t2 + secs(5)
rnd = Rnd(16)
t_tr = max(p.t0 for p in procs)
STEP_S = 2.41
for step in range(50, 1201, 50):
    tt = t_tr + secs(STEP_S * step)
    loss = 7.4 * (0.9985 ** step) + 2.2 + rnd.uniform(-0.03, 0.03)
    for p in procs:
        lg(p, tt + ms(p.rnd.randrange(0, 20)), "INFO", "step %d | loss %.4f | lr %.2e | %.1f ms/step | peak mem %.2f GiB"
           % (step, loss, 3e-4, STEP_S * 1000 + p.rnd.uniform(-9, 9), 61.3 + p.rnd.uniform(-0.5, 0.5) + (9.8 if p.rank == OOMR else 0)))


def tbframes():
    return [("/workspace/train.py", 240, "<module>", "main()"),
            ("/workspace/train.py", 231, "main", "train_loop(model, opt, loader, args)"),
            ("/workspace/train.py", 188, "train_loop", "loss.backward()"),
            (PYL + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
            (PYL + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
            (PYL + "/torch/autograd/graph.py", 768, "_engine_run_backward",
             "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]


# rank 3: OOM (logged by the script's except block, then re-raised through torch's excepthook)
p3 = procs[OOMR]
oom = oom_msg(VER, "2.12 GiB", 3, "79.15 GiB", "1.43 GiB", "77.71 GiB", "74.02 GiB", "1.58 GiB")
lg(p3, T_OOM, "ERROR", "training failed at step 1207")
p3.elines(T_OOM, traceback(tbframes()[2:], oom))
p3.elines(T_OOM + ms(25), traceback(tbframes(), oom, prefix="[rank3]: "))

# rank 6: illegal memory access, caught both by the main thread and by the NCCL watchdog
p6 = procs[IMAR]
lg(p6, T_IMA, "ERROR", "training failed at step 1207")
ima = ["RuntimeError: CUDA error: an illegal memory access was encountered"] + CUDA_HINTS + [""]
p6.elines(T_IMA, traceback(tbframes()[2:], ima[:-1]))
torch_watchdog_exc(p6, T_IMA + ms(3), VER, ["CUDA error: an illegal memory access was encountered"] + CUDA_HINTS,
                   exc="c10::Error", pylib=PYL, pre_terminate=True)

# the others block in the bucket ALLREDUCE and time out 600 s later
t_coll = T_OOM - ms(90)
for p in procs:
    if p.rank in (OOMR, IMAR):
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(10, 90))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 6553600, 600000, int((t - t_coll).total_seconds() * 1000), pylib=PYL,
                  last_enqueued=SEQ + 1)

slurm = ["srun: error: gpu-c02: task 6: Aborted (core dumped)",
         "srun: error: gpu-c01: task 3: Exited with exit code 1",
         "srun: error: gpu-c02: tasks 4-5,7: Aborted (core dumped)",
         "srun: error: gpu-c01: tasks 0-2: Aborted (core dumped)"]
S.write("slurm-%d.out" % JOB, ["+ srun --ntasks-per-node=4 --gpus-per-node=4 -o logs/rank-%t.log python train.py --config configs/1b3.yaml"] + slurm)
for p in procs:
    S.write("logs/rank-%d.log" % p.rank, merged([p]))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": OOMR,
    "verdict.first_failure.host": "gpu-c01",
    "verdict.other_causes[].id": ["cuda_error"],
    "run.ranks": 8,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "gpu_xid"],
})
S.readme("""
# 16-near-simultaneous

Story: a 1.3B-parameter DDP job (plain training script with Python logging), Slurm job 9123 with one task per GPU
on gpu-c01/gpu-c02. Two independent primary errors 0.6 s apart on different hosts: rank 3 (gpu-c01) raises
`torch.cuda.OutOfMemoryError` in backward (script logs `14:22:31,418 ... ERROR - training failed at step 1207`), rank 6 (gpu-c02)
hits `CUDA error: an illegal memory access was encountered` (`14:22:32,012`, also caught by its NCCL watchdog).
The six other ranks time out on ALLREDUCE SeqNum 14447. First failure = rank 3 (gpu_oom); cuda_error in other_causes.
Layout: `srun -o logs/rank-%t.log`: one file per task (`logs/rank-N.log`, stdout+stderr, no prefixes) and the
batch output `slurm-9123.out` with srun's task errors.
Versions: torch 2.4 (excepthook `[rankN]: ` prefix, 2.2-2.4 OOM text), NCCL 2.20.5. Modelled on train-053, train-031, train-057.
""")
