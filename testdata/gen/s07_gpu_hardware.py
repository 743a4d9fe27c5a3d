"""07-gpu-hardware: 4 nodes x 8 GPUs, Slurm-launched torchrun --tee 3 per node, torch 1.13.1 / NCCL 2.14.3,
timm ImageNet DDP training.  On node3 the GPU at 0000:9b:00 (cudaDev 4, rank 20) falls off the bus (Xid 79);
NCCL on rank 20 fails with a CUDA error, node3's agent stops its workers, the other nodes time out 30 min later."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from timm_xid_job import BAD, BADL, BADN, HOSTS, NLOC, PYL, SEQ, T0, VER, build  # noqa: E402

S = Scenario("07-gpu-hardware")

J = build()
agents, procs, bad, t_x, k = J.agents, J.procs, J.bad, J.t_x, J.k

# ---- rank 20: NCCL sees the CUDA failure, the main thread raises from backward()
t_n = t_x + ms(160)
nccl_warn(bad, t_n, "enqueue.cc:1005", "Cuda failure 'unspecified launch failure'", tid="main")
nccl_unwind(bad, t_n, [("enqueue.cc:1066", " -> 1"), ("group.cc:62", " -> 1 [Async thread]"), ("group.cc:372", " -> 1"),
                       ("group.cc:453", " -> 1"), ("enqueue.cc:1529", " -> 1")], tid="main")
tb = traceback([("/workspace/pytorch-image-models/train.py", 1112, "<module>", "main()"),
                ("/workspace/pytorch-image-models/train.py", 824, "main", "train_metrics = train_one_epoch("),
                ("/workspace/pytorch-image-models/train.py", 951, "train_one_epoch", "_backward(loss)"),
                ("/workspace/pytorch-image-models/train.py", 925, "_backward", "loss_scaler("),
                (PYL + "/timm/utils/cuda.py", 43, "__call__", "self._scaler.scale(loss).backward(create_graph=create_graph)"),
                (PYL + "/torch/_tensor.py", 487, "backward", "torch.autograd.backward("),
                (PYL + "/torch/autograd/__init__.py", 197, "backward",
                 "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
               ["RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled cuda error, NCCL version 2.14.3",
                "ncclUnhandledCudaError: Call to CUDA function failed."])
bad.elines(t_n + ms(30), tb)
a3 = agents[BADN]
ta = t_n + secs(2)
kill_sequence(a3, ta, procs[BADN * NLOC:(BADN + 1) * NLOC], [(bad, 1)], "/opt/conda/bin/python")
a3.child_failed(ta + ms(40), "train.py", dict(time=ta, host="node3", rank=BAD, local=BADL, exitcode=1, pid=bad.pid))

# ---- other nodes: the gradient ALLREDUCE never completes; 30 min timeout (torch 1.13 default)
t_coll = t_n - ms(250)
for n in (0, 1, 3):
    fl = []
    for p in procs[n * NLOC:(n + 1) * NLOC]:
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
    "findings[].id": ["gpu_xid"],
    "!findings[].id": ["clock_skew", "socket_fallback"],
    "run.ranks": 32,
    "run.hosts": 4,
})
S.readme("""
# 07-gpu-hardware

Story: timm ResNet-152 ImageNet DDP training on 4 nodes x 8 GPUs (Slurm, one `torchrun --tee 3` per node). In
epoch 12 the GPU at PCI 0000:9b:00 on node3 (cudaDev 4 = rank 20, NCCL busId 9b000) falls off the bus: PCIe AER
fatal error, then `NVRM: Xid (PCI:0000:9b:00): 79, ... GPU has fallen off the bus.` Rank 20's NCCL reports
`Cuda failure 'unspecified launch failure'` and backward() raises `unhandled cuda error`; node3's agent stops its
workers; the 24 ranks on node1/2/4 time out 30 min later on ALLREDUCE SeqNum 1903412.
Layout: `<node>/train.log` (torchrun --tee output), `node3/dmesg.txt` (raw dmesg, uptime stamps only) and
`node3/kern.log` (rsyslog: wall time + the same uptime stamps, the anchor for dmesg).
Versions: torch 1.13.1 (`[E ProcessGroupNCCL.cpp:821]`, no NumelIn/Out, plain `WARNING:torch.distributed...` agent lines),
NCCL 2.14.3 (`comm ... busId 9b000 - Init COMPLETE` without commId). Modelled on train-021/-063 (Xid/NVRM lines), nccl-033, train-065.
""")
