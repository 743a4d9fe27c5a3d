"""10-process-crash: nanoGPT (torch.compile) on 2 nodes x 8 GPUs, Slurm-launched torchrun --tee 3 per node,
torch 2.5.1 / NCCL 2.21.5.  Rank 13 (compute-02, local 5) segfaults inside an inductor-compiled graph:
faulthandler dump, torchrun `exitcode: -11`, ChildFailedError `Signal 11 (SIGSEGV)`; compute-01 times out."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("10-process-crash")
VER = (2, 5)
NV = "2.21.5"
PYL = "/usr/local/lib/python3.11/dist-packages"
HOSTS = ["compute-01", "compute-02"]
IPS = ["192.168.50.1", "192.168.50.2"]
NLOC, N = 8, 16
BAD = 13
SEQ = 61330
T0 = ts("2024-11-05 16:40:10.211")

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 2104 + n * 2, seed=10), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 2196 + L * 5 + n, rank=n * NLOC + L, local=L, seed=10)
        p.commid = "0x4ea8b2d61f0c9357"
        procs.append(p)
for a in agents:
    a.start(T0 + ms(450), NLOC)
p0 = procs[0]
p0.olines(T0 + secs(5), ["Overriding config with config/train_gpt2.py:", "# config for training GPT-2 (124M) down to very nice loss of ~2.85 on 1 node of 8X A100 40GB",
                         "# launch as the following (e.g. in a screen session) and wait ~5 days:", "# $ torchrun --standalone --nproc_per_node=8 train.py config/train_gpt2.py",
                         "", "wandb_log = False", "wandb_project = 'owt'", "wandb_run_name='gpt2-124M'", "",
                         "# these make the total batch size be ~0.5M", "# 12 batch size * 1024 block size * 5 gradaccum * 8 GPUs = 491,520",
                         "batch_size = 12", "block_size = 1024", "gradient_accumulation_steps = 5 * 8", "",
                         "# this makes total number of tokens be 300B", "max_iters = 600000", "lr_decay_iters = 600000", "",
                         "# eval stuff", "eval_interval = 1000", "eval_iters = 200", "log_interval = 10", "",
                         "# weight decay", "weight_decay = 1e-1", "",
                         "tokens per iteration will be: 491,520", "Initializing a new model from scratch",
                         "number of parameters: 123.59M"])
for p in procs:
    t = T0 + secs(12) + ms(p.rank * 9)
    ptr, t2 = nccl_init(p, t, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=4, ifname="ens1f0")
    p.t0 = t2
t = max(p.t0 for p in procs) + secs(1)
p0.olines(t, ["num decayed parameter tensors: 50, with 124,354,560 parameters",
              "num non-decayed parameter tensors: 98, with 121,344 parameters",
              "using fused AdamW: True", "compiling the model... (takes a ~minute)"])
rnd = Rnd(10)
tt = t + secs(70)
p0.o(tt, "step 0: train loss 10.9875, val loss 10.9893")
loss = 10.99
for it in range(0, 14810, 10):
    tt += ms(10 * 341.2 + rnd.randrange(-80, 80)) if it else ms(9500)
    loss = max(3.05, loss * (0.985 if it < 2000 else 0.99995) + rnd.uniform(-0.04, 0.04)) if it else loss
    if it and it % 1000 == 0:
        tt += secs(41)
        p0.o(tt, "step %d: train loss %.4f, val loss %.4f" % (it, loss - 0.02, loss + 0.01))
        p0.o(tt, "saving checkpoint to out")
    p0.o(tt, "iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 3412.3 + rnd.uniform(-20, 20) if it else 91804.31,
                                                          -100.0 if it < 50 else 46.8 + rnd.uniform(-0.3, 0.3)))

# ---- rank 13 segfaults (faulthandler is on: torchelastic's @record installs it)
bad = procs[BAD]
t_f = tt + ms(2411)
fh = ["Fatal Python error: Segmentation fault", "",
      "Thread 0x00007f3cb97fe640 (most recent call first):",
      "  File \"/usr/lib/python3.11/threading.py\", line 331 in wait",
      "  File \"/usr/lib/python3.11/threading.py\", line 629 in wait",
      "  File \"%s/tqdm/_monitor.py\", line 60 in run" % PYL,
      "  File \"/usr/lib/python3.11/threading.py\", line 1045 in _bootstrap_inner",
      "  File \"/usr/lib/python3.11/threading.py\", line 1002 in _bootstrap", "",
      "Current thread 0x00007f3e1d4a2740 (most recent call first):",
      "  File \"/tmp/torchinductor_root/7q/c7qazvw4oulkubgnxbd5mrtnmqbbxbz3m5y4kjtarzwysfs5jzyx.py\", line 1207 in call",
      "  File \"%s/torch/_inductor/codecache.py\", line 1094 in __call__" % PYL,
      "  File \"%s/torch/_inductor/utils.py\", line 1977 in run" % PYL,
      "  File \"%s/torch/_functorch/_aot_autograd/runtime_wrappers.py\", line 313 in runtime_wrapper" % PYL,
      "  File \"%s/torch/_functorch/_aot_autograd/utils.py\", line 100 in g" % PYL,
      "  File \"%s/torch/_functorch/_aot_autograd/runtime_wrappers.py\", line 1874 in backward" % PYL,
      "  File \"%s/torch/autograd/function.py\", line 307 in apply" % PYL,
      "  File \"%s/torch/autograd/graph.py\", line 825 in _engine_run_backward" % PYL,
      "  File \"%s/torch/autograd/__init__.py\", line 347 in backward" % PYL,
      "  File \"%s/torch/_tensor.py\", line 581 in backward" % PYL,
      "  File \"/workspace/nanoGPT/train.py\", line 300 in <module>", "",
      "Extension modules: numpy.core._multiarray_umath, numpy.core._multiarray_tests, numpy.linalg._umath_linalg, numpy.fft._pocketfft_internal, numpy.random._common, numpy.random.bit_generator, numpy.random._bounded_integers, numpy.random._mt19937, numpy.random.mtrand, numpy.random._philox, numpy.random._pcg64, numpy.random._sfc64, numpy.random._generator, torch._C, torch._C._dynamo.autograd_compiler, torch._C._dynamo.eval_frame, torch._C._dynamo.guards, torch._C._dynamo.utils, torch._C._fft, torch._C._linalg, torch._C._nested, torch._C._nn, torch._C._sparse, torch._C._special, tiktoken._tiktoken, psutil._psutil_linux, psutil._psutil_posix, triton._C.libtriton (total: 29)"]
bad.elines(t_f, fh)
a2 = agents[1]
ta = t_f + ms(3104)
kill_sequence(a2, ta, procs[8:], [(bad, -11)])
a2.child_failed(ta + ms(55), "train.py", dict(time=ta, host=HOSTS[1], rank=BAD, local=BAD - NLOC, exitcode=-11, pid=bad.pid))

# ---- compute-01 waits in the gradient ALLREDUCE; 600 s later the watchdogs fire
t_coll = t_f - ms(30)
fl = []
for p in procs[:8]:
    tt2 = t_coll + ms(600000 + p.rnd.randrange(30, 160))
    torch_timeout(p, tt2, VER, SEQ, "ALLREDUCE", 124475904, 600000, int((tt2 - t_coll).total_seconds() * 1000), pylib=PYL)
    fl.append((tt2, p))
fl.sort(key=lambda x: x[0])
a1 = agents[0]
ta = fl[-1][0] + ms(1300)
for (ft, p) in fl:
    a1.failed(ta, -6, p.local, p.pid)
a1.child_failed(ta + ms(30), "train.py", dict(time=fl[0][0], host=HOSTS[0], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid),
                [dict(time=ft, host=HOSTS[0], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]])

for n, h in enumerate(HOSTS):
    S.write("%s/torchrun.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
slurm = ["srun: error: compute-02: task 1: Exited with exit code 1",
         "srun: Terminating StepId=771203.0",
         "srun: error: compute-01: task 0: Exited with exit code 1"]
S.write("slurm-771203.out", slurm)

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "process_crash",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": "compute-02",
    "run.ranks": 16,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "gpu_xid", "socket_fallback"],
})
S.readme("""
# 10-process-crash

Story: nanoGPT GPT-2 124M with torch.compile on 2 nodes x 8 GPUs (Slurm, `srun torchrun --tee 3`). At iter
~14800 rank 13 (compute-02, local 5) segfaults inside an inductor-compiled backward graph. Python's faulthandler
(enabled by torchelastic's @record) prints `Fatal Python error: Segmentation fault` and the thread stacks; the agent
reports `failed (exitcode: -11)` and a ChildFailedError with `Signal 11 (SIGSEGV) received by PID ...`; compute-01's
ranks time out 600 s later on ALLREDUCE SeqNum 61330 (secondary).
Layout: `<host>/torchrun.log` (torchrun `--tee 3` output per node) and the batch script's `slurm-771203.out`.
Versions: torch 2.5.1 (glog agent lines, `[PG ID 0 PG GUID 0(default_pg) Rank N]`), NCCL 2.21.5, Python 3.11 faulthandler.
Modelled on excerpts train-039 (SIGSEGV, exitcode -11), train-041 (faulthandler), train-027 (nanoGPT lines).
""")
