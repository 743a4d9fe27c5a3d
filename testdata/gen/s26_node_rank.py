"""26-node-rank: 2 nodes x 4 GPUs, static torchrun launch (--nnodes=2 --nproc_per_node=4 --node_rank=N, no
rendezvous backend), torchrun --log-dir, torch 2.1 (no [rankN]: prefixes), NCCL_DEBUG unset.  No line of a worker
states its global rank: the path gives host and local rank, the node's torchrun.log the launcher's arguments.
Local rank 1 of gpu-b02 (global rank 5 = node_rank 1 x 4 + 1) runs out of GPU memory; gpu-b01's ranks time out."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("26-node-rank")
VER = (2, 1)
T0 = ts("2024-03-18 09:12:40.310")
HOSTS = ["gpu-b01", "gpu-b02"]
NLOC, N = 4, 8
RUNDIR = "none_q3m8d2xa"
PYL = "/opt/conda/lib/python3.10/site-packages"
SEQ = 18342
BAD = 5
STEP_S = 1.37

procs, agents = [], []
for n, h in enumerate(HOSTS):
    ap = Proc(h, 48102 + n * 11, seed=22)
    agents.append(Agent(ap, VER, PYL))
    for L in range(NLOC):
        procs.append(Proc(h, 48177 + n * 23 + L * 2, rank=n * NLOC + L, local=L, seed=22))

for n, a in enumerate(agents):
    a.p.o(T0, "+ torchrun --nnodes=2 --nproc_per_node=4 --node_rank=%d --master_addr=10.20.0.11 --master_port=29500 "
              "--log-dir /scratch/runs/gpt2-medium/logs --redirects 3 train.py config/train_gpt2_medium.py" % n)
    a.start(T0 + ms(640), NLOC)

# nanoGPT: rank 0 prints the config echo and the iteration lines (stdout)
r0 = procs[0]
t = T0 + secs(9)
r0.o(t, "tokens per iteration will be: 491,520")
r0.o(t + ms(2), "Initializing from OpenAI GPT-2 weights: gpt2-medium")
r0.o(t + ms(3), "loading weights from pretrained gpt: gpt2-medium")
r0.o(t + secs(6), "number of parameters: 353.77M")
r0.o(t + secs(7), "compiling the model... (takes a ~minute)")
t_train = t + secs(71)
rnd = Rnd(22)
loss = 3.1104
LAST = 2960
for it in range(0, LAST + 1, 20):
    loss = loss - 0.0002 + rnd.uniform(-0.02, 0.02)
    tt = t_train + secs(STEP_S * it)
    r0.o(tt, "iter %d: loss %.4f, time %.2fms, mfu %.2f%%" % (it, loss, 1370 + rnd.uniform(-12, 12),
                                                           -100.0 if it < 5 else 38.7 + rnd.uniform(-0.4, 0.4)))

# rank 5 (gpu-b02, local 1): OOM in the forward of an eval batch at iteration 2961
t_oom = t_train + secs(STEP_S * (LAST + 1)) + ms(611)
bad = procs[BAD]
oom = oom_msg(VER, "1.53 GiB", 1, "79.15 GiB", "1.05 GiB", "78.09 GiB", "71.44 GiB", "5.02 GiB")
tb = traceback([
    ("/home/mlops/nanoGPT/train.py", 264, "<module>", "losses = estimate_loss()"),
    (PYL + "/torch/utils/_contextlib.py", 115, "decorate_context", "return func(*args, **kwargs)"),
    ("/home/mlops/nanoGPT/train.py", 224, "estimate_loss", "logits, loss = model(X, Y)"),
    (PYL + "/torch/nn/modules/module.py", 1518, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    (PYL + "/torch/nn/modules/module.py", 1527, "_call_impl", "return forward_call(*args, **kwargs)"),
    ("/home/mlops/nanoGPT/model.py", 186, "forward", "logits = self.lm_head(x)"),
], oom)
bad.elines(t_oom, tb)

# gpu-b02's agent stops the others
a2 = agents[1]
t = t_oom + ms(380)
kill_sequence(a2, t, procs[4:8], [(bad, 1)], binary="/opt/conda/bin/python")
root = dict(time=t_oom, host=HOSTS[1], rank=BAD, local=1, exitcode=1, pid=bad.pid)
a2.child_failed(t + ms(55), "train.py", root)

# gpu-b01's ranks wait in the all-reduce rank 5 never joined
t_coll = t_oom - ms(90)
fails = []
for p in procs[0:4]:
    t = t_coll + ms(1800000 + p.rnd.randrange(10, 80))
    torch_timeout(p, t, VER, SEQ, "ALLREDUCE", 88080384, 1800000, int((t - t_coll).total_seconds() * 1000), pylib=PYL)
    fails.append((t, p))
fails.sort(key=lambda x: x[0])
a1 = agents[0]
t = fails[-1][0] + ms(910)
for (_, p) in fails:
    a1.failed(t, -6, p.local, p.pid, "/opt/conda/bin/python")
first = fails[0][1]
root = dict(time=fails[0][0], host=HOSTS[0], rank=first.rank, local=first.local, exitcode=-6, pid=first.pid)
others = [dict(time=ft, host=HOSTS[0], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fails[1:]]
a1.child_failed(t + ms(30), "train.py", root, others)

for p in procs:
    d = "%s/logs/%s/attempt_0/%d" % (p.host, RUNDIR, p.local)
    S.write(d + "/stdout.log", stream_lines(p, "out"))
    S.write(d + "/stderr.log", stream_lines(p, "err"))
for n, a in enumerate(agents):
    S.write("%s/torchrun.log" % HOSTS[n], merged([a.p]))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": HOSTS[1],
    "run.ranks": N,
    "ranks[].rank": [0, 1, 2, 3, 4, 5, 6, 7],
    "!ranks[].state": ["silent"],
})
S.readme("""
# 26-node-rank

Story: nanoGPT fine-tuning of gpt2-medium on two Slurm nodes (`gpu-b01`, `gpu-b02`, 4 GPUs each) launched
statically on each node with `torchrun --nnodes=2 --nproc_per_node=4 --node_rank=N --log-dir ... --redirects 3`
(no rendezvous backend: torchrun's static rendezvous, where the node rank decides the global ranks). torch 2.1
prints no `[rankN]:` prefixes and NCCL_DEBUG is unset, so no worker line states a global rank: each worker's file
says its host (`<node>/`) and local rank (`attempt_0/<local>/`), and each node's `torchrun.log` has the command
line that the job script echoed with `set -x`. During an evaluation at iteration 2961, local rank 1 of gpu-b02 -
global rank 5 - runs out of GPU memory; its agent stops the node; gpu-b01's ranks time out in the ALLREDUCE rank 5
never joined 30 minutes later.
What it proves: the global rank comes from node_rank x nproc_per_node + local_rank, the world size (8) from
nnodes x nproc_per_node.
Versions: torch 2.1 (`[E ProcessGroupNCCL.cpp:475]` watchdog lines, `torch.cuda.OutOfMemoryError` text of 2.1),
nanoGPT iteration lines. Command line modelled on karpathy/nanoGPT#222; agent lines on excerpt train-011.
""")
