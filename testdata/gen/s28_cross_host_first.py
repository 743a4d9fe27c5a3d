"""28-cross-host-first: the job of 07 (4 nodes x 8 GPUs, torch 1.13.1 / NCCL 2.14.3, timm DDP), but the GPU that
falls off the bus on node3 (0000:9b:00, rank 20) leaves its process hung in a CUDA call, silent.  1.4 s later a
worker on another host, rank 2 on node1, segfaults in its NCCL proxy thread; node1's agent tears node1 down and the
other ranks time out.  The first failure is the Xid on node3, not the crash on node1."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from timm_xid_job import BAD, HOSTS, NLOC, PYL, SEQ, T0, VER, build  # noqa: E402

S = Scenario("28-cross-host-first")

J = build()
agents, procs, bad, t_x, k = J.agents, J.procs, J.bad, J.t_x, J.k

# ---- rank 2 on node1 segfaults 1.4 s later (faulthandler through torchelastic's @record)
crash = procs[2]
t_c = t_x + ms(1400)
crash.elines(t_c, ["Fatal Python error: Segmentation fault", "",
                   "Thread 0x00007f52c57fe700 (most recent call first):",
                   "  File \"/opt/conda/lib/python3.9/threading.py\", line 312 in wait",
                   "  File \"/opt/conda/lib/python3.9/threading.py\", line 574 in wait",
                   "  File \"%s/tqdm/_monitor.py\", line 60 in run" % PYL,
                   "  File \"/opt/conda/lib/python3.9/threading.py\", line 980 in _bootstrap_inner",
                   "  File \"/opt/conda/lib/python3.9/threading.py\", line 937 in _bootstrap", "",
                   "Current thread 0x00007f5413b0f740 (most recent call first):",
                   "  File \"%s/torch/autograd/__init__.py\", line 197 in backward" % PYL,
                   "  File \"%s/torch/_tensor.py\", line 487 in backward" % PYL,
                   "  File \"/workspace/pytorch-image-models/train.py\", line 951 in train_one_epoch",
                   "  File \"/workspace/pytorch-image-models/train.py\", line 824 in main",
                   "  File \"/workspace/pytorch-image-models/train.py\", line 1112 in <module>"])
a1 = agents[0]
ta = t_c + secs(2)
kill_sequence(a1, ta, procs[0:NLOC], [(crash, -11)], "/opt/conda/bin/python")
a1.child_failed(ta + ms(40), "train.py", dict(time=ta, host="node1", rank=2, local=2, exitcode=-11, pid=crash.pid))

# ---- other nodes: the gradient ALLREDUCE never completes; 30 min timeout (torch 1.13 default)
t_coll = t_x - ms(90)
for n in (1, 2, 3):
    fl = []
    for p in procs[n * NLOC:(n + 1) * NLOC]:
        if p.rank == BAD:
            continue
        tt2 = t_coll + ms(1800000 + p.rnd.randrange(100, 700))
        torch_timeout(p, tt2, VER, SEQ, "ALLREDUCE", 0, 1800000, int((tt2 - t_coll).total_seconds() * 1000), pylib=PYL)
        fl.append((tt2, p))
    fl.sort(key=lambda x: x[0])
    a = agents[n]
    ta = fl[-1][0] + ms(1500)
    for (ft, p) in fl:
        a.failed(ta, -6, p.local, p.pid, "/opt/conda/bin/python")
    root = dict(time=fl[0][0], host=HOSTS[n], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid)
    others = [dict(time=ft, host=HOSTS[n], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]]
    a.child_failed(ta + ms(30), "train.py", root, others)

for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
S.write("node3/dmesg.txt", k.dmesg())
S.write("node3/kern.log", k.kernlog(since=T0 - secs(3600 * 6)))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_hardware",
    "verdict.first_failure.host": "node3",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.kind": "hw.xid",
    "findings[].id": ["gpu_xid"],
    "run.ranks": 32,
})
S.readme("""
# 28-cross-host-first

Story: the job of 07-gpu-hardware (timm ResNet-152 DDP, 4 nodes x 8 GPUs, one `torchrun --tee 3` per node).
In epoch 12 the GPU at PCI 0000:9b:00 on node3 (cudaDev 4 = rank 20, NCCL busId 9b000) falls off the bus (PCIe
AER fatal error, then Xid 79). This time rank 20 prints nothing: it hangs inside a CUDA call. 1.4 s later rank 2
on node1 - another host - dies of a segmentation fault (faulthandler's `Fatal Python error: Segmentation fault`)
and node1's agent stops its workers; the ranks of node2, node3 and node4 time out 30 min later.
What it proves: a hardware fault on one host that precedes a crash on another is the first failure, and the GPU's
PCI bus id gives its rank (20) through NCCL's busId.
Layout and versions as in 07 (`<node>/train.log`, `node3/dmesg.txt`, `node3/kern.log`; torch 1.13.1, NCCL 2.14.3);
faulthandler text as in 10-process-crash.
""")
