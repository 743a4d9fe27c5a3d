"""09-nccl-init-error: Kubeflow PyTorchJob, master-0 + worker-0 pods x 4 GPUs, NGC 23.08 (torch 2.1.0a0,
NCCL 2.18.3), torchrun --tee 3.  The worker pod was created without the /dev/shm emptyDir, so NCCL's SHM
transport cannot extend its segment in the 64 MB docker default: rank 6 (worker-0, local 2) fails first; the
others see remote errors."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("09-nccl-init-error")
VER = (2, 1)
NV = "2.18.3"
PYL = "/usr/local/lib/python3.10/dist-packages"
JOB = "llama-ft"
PODS = ["%s-master-0" % JOB, "%s-worker-0" % JOB]
IPS = ["10.244.3.21", "10.244.7.12"]
NLOC, N = 4, 8
BAD = 6
T0 = ts("2023-10-09 14:22:03.008")

agents, procs = [], []
for n, h in enumerate(PODS):
    agents.append(Agent(Proc(h, 1, seed=9), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 388 + L * 8 + n * 3, rank=n * NLOC + L, local=L, seed=9)
        p.commid = "0x7a03c6e15d9b2f48"
        procs.append(p)
for n, a in enumerate(agents):
    a.p.o(T0, "+ torchrun --nnodes=2 --nproc_per_node=4 --node_rank=%d --master_addr=%s --master_port=23456 --tee 3 finetune.py --model /models/llama-2-13b --bf16"
          % (n, PODS[0]))
    a.start(T0 + ms(500), NLOC)

t_init = T0 + secs(41)
for p in procs:
    t = t_init + ms(p.local * 13 + p.rank * 2)
    p.e(t - secs(30), "Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 3/3 [00:27<00:00,  9.12s/it]")
    q = p
    vt = (2, 18, 3)
    L = p.local

    def info(tt, msg, tid="main"):
        p.o(tt, p.np(tid) + "NCCL INFO " + msg)
    info(t, "Bootstrap : Using eth0:%s<0>" % IPS[p.rank // NLOC])
    info(t, "NET/Plugin : No plugin found (libnccl-net.so), using internal implementation")
    info(t, "cudaDriverVersion 12020")
    if p.rank == 0:
        p.o(t, "NCCL version %s+cuda12.2" % NV)
    info(t + ms(5), "NCCL_SOCKET_IFNAME set by environment to eth0")
    info(t + ms(5), "NCCL_IB_DISABLE set by environment to 1.")
    info(t + ms(30), "NET/Socket : Using [0]eth0:%s<0>" % IPS[p.rank // NLOC], "init")
    info(t + ms(30), "Using network Socket", "init")
    info(t + ms(31), "comm %s rank %d nranks 8 cudaDev %d nvmlDev %d busId %s commId %s - Init START"
         % (p.rnd.hexptr(), p.rank, L, L, busid(BUS_A100[L]), p.commid), "init")
    p.comm = None
    info(t + ms(60), "Setting affinity for GPU %d to ffff,ffffffff" % L, "init")
    if p.rank == 0:
        info(t + ms(70), "Channel 00/02 :    0   1   2   3   4   5   6   7", "init")
        info(t + ms(70), "Channel 01/02 :    0   1   2   3   4   5   6   7", "init")
    nxt, prv = (p.rank + 1) % N, (p.rank - 1) % N
    up = p.rank - 1 if L > 0 else (-1 if p.rank == 0 else 0)
    info(t + ms(71), "Trees [0] %d/%d/-1->%d->%d [1] %d/%d/-1->%d->%d" % (
        p.rank + 1 if L < 3 else -1, 4 if p.rank == 0 else -1, p.rank, up, p.rank + 1 if L < 3 else -1,
        4 if p.rank == 0 else -1, p.rank, up), "init")
    info(t + ms(72), "P2P Chunksize set to 131072", "init")
    p.t_ch = t + ms(80)

# channel setup; SHM on every pod (no P2P between these GPUs); worker-0's /dev/shm is the docker default 64M
for p in procs:
    t = p.t_ch
    nxt, prv = (p.rank + 1) % N, (p.rank - 1) % N
    for c in range(2):
        if nxt // NLOC == p.rank // NLOC:
            if p.rank == BAD and c == 1:
                break
            p.o(t, p.np("init") + "NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] via SHM/direct/direct" % (c, p.rank, p.local, nxt, nxt % NLOC))
        else:
            p.o(t, p.np("init") + "NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [send] via NET/Socket/0" % (c, p.rank, p.local, nxt, nxt % NLOC))
        if prv // NLOC != p.rank // NLOC:
            p.o(t, p.np("init") + "NCCL INFO Channel %02d/0 : %d[%d] -> %d[%d] [receive] via NET/Socket/0" % (c, prv, prv % NLOC, p.rank, p.local))
        t += ms(3)
    if p.rank // NLOC == 0:
        p.o(t + ms(40), p.np("init") + "NCCL INFO Connected all rings")

bad = procs[BAD]
t_f = bad.t_ch + ms(9)
seg = "/dev/shm/nccl-vZ1x6j"
nccl_warn(bad, t_f, "misc/shmutils.cc:72", "Error: failed to extend %s to 9637892 bytes" % seg, tid="init")
nccl_warn(bad, t_f, "misc/shmutils.cc:113", "Error while creating shared memory segment %s (size 9637888)" % seg, tid="init")
nccl_unwind(bad, t_f, [("transport/shm.cc:114", " -> 2"), ("transport.cc:33", " -> 2"), ("transport.cc:97", " -> 2"),
                       ("init.cc:1117", " -> 2"), ("init.cc:1396", " -> 2"), ("init.cc:1641", " -> 2"), ("init.cc:1679", " -> 2")], tid="init")


def ddp_tb(err):
    return traceback([("/workspace/finetune.py", 212, "<module>", "main()"),
                      ("/workspace/finetune.py", 147, "main", "model = DDP(model, device_ids=[local_rank])"),
                      (PYL + "/torch/nn/parallel/distributed.py", 795, "__init__", "_verify_param_shape_across_processes(self.process_group, parameters)"),
                      (PYL + "/torch/distributed/utils.py", 265, "_verify_param_shape_across_processes",
                       "return dist._verify_params_across_processes(process_group, tensors, logger)")], err)


bad.elines(t_f + ms(40), ddp_tb(["torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1331, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.3",
                                 "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                                 "Last error:",
                                 "Error while creating shared memory segment %s (size 9637888)" % seg]))
aw = agents[1]
ta = t_f + secs(1) + ms(420)
kill_sequence(aw, ta, procs[4:], [(bad, 1)], "/usr/bin/python")
aw.child_failed(ta + ms(50), "finetune.py", dict(time=ta, host=PODS[1], rank=BAD, local=BAD - NLOC, exitcode=1, pid=bad.pid))

# master-0 ranks: their bootstrap peers on worker-0 went away during connection setup
fl = []
for p in procs[:4]:
    tt = ta + ms(180 + p.local * 7)
    peer = "10-244-7-12.llama-ft-worker-0.default.svc.cluster.local<%d>" % (43617 + p.local)
    nccl_warn(p, tt, "misc/socket.cc:49", "socketProgress: Connection closed by remote peer " + peer, tid="init")
    nccl_unwind(p, tt, [("misc/socket.cc:749", " -> 6"), ("bootstrap.cc:77", " -> 6"), ("bootstrap.cc:477", " -> 6"),
                        ("transport.cc:120", " -> 6"), ("init.cc:1117", " -> 6"), ("init.cc:1396", " -> 6"), ("init.cc:1641", " -> 6")], tid="init")
    p.elines(tt + ms(30), ddp_tb(["torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1331, remote process exited or there was a network error, NCCL version 2.18.3",
                                  "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                                  "Last error:",
                                  "socketProgress: Connection closed by remote peer " + peer]))
    fl.append((tt + ms(200), p))
am = agents[0]
ta2 = fl[-1][0] + ms(900)
for (ft, p) in fl:
    am.failed(ta2, 1, p.local, p.pid, "/usr/bin/python")
root = dict(time=fl[0][0], host=PODS[0], rank=0, local=0, exitcode=1, pid=fl[0][1].pid)
others = [dict(time=ft, host=PODS[0], rank=p.rank, local=p.local, exitcode=1, pid=p.pid) for (ft, p) in fl[1:]]
am.child_failed(ta2 + ms(40), "finetune.py", root, others)

for n, a in enumerate(agents):
    S.write("%s.log" % PODS[n], merged([a.p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
S.write("describe-pods.txt", [
    "Name:             llama-ft-worker-0",
    "Namespace:        default",
    "Node:             gke-a100-pool-5c1e9b2f-q7lm/10.128.15.201",
    "Labels:           training.kubeflow.org/job-name=llama-ft",
    "                  training.kubeflow.org/replica-index=0",
    "                  training.kubeflow.org/replica-type=worker",
    "Containers:",
    "  pytorch:",
    "    Image:          nvcr.io/nvidia/pytorch:23.08-py3",
    "    State:          Terminated",
    "      Reason:       Error",
    "      Exit Code:    1",
    "      Started:      Mon, 09 Oct 2023 14:22:02 +0000",
    "      Finished:     Mon, 09 Oct 2023 14:22:48 +0000",
    "    Limits:",
    "      nvidia.com/gpu:  4",
    "    Mounts:",
    "      /models from models (ro)",
    "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-8xw2q (ro)",
    "",
    "Name:             llama-ft-master-0",
    "Namespace:        default",
    "Node:             gke-a100-pool-5c1e9b2f-h2zt/10.128.15.198",
    "Containers:",
    "  pytorch:",
    "    Image:          nvcr.io/nvidia/pytorch:23.08-py3",
    "    State:          Terminated",
    "      Reason:       Error",
    "      Exit Code:    1",
    "    Limits:",
    "      nvidia.com/gpu:  4",
    "    Mounts:",
    "      /dev/shm from dshm (rw)",
    "      /models from models (ro)",
])

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "nccl_init_error",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": PODS[1],
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "nccl_version_mismatch"],
})
S.readme("""
# 09-nccl-init-error

Story: Kubeflow PyTorchJob `llama-ft` (master-0 + worker-0, 4 A100 each, NGC pytorch:23.08). The worker replica
spec lost its `dshm` emptyDir, so /dev/shm is docker's 64 MB. At NCCL init (during DDP's parameter check) rank 6
(worker-0, local 2) cannot extend `/dev/shm/nccl-vZ1x6j` (`Error: failed to extend ... to 9637892 bytes`, `Error
while creating shared memory segment ... (size 9637888)`) and raises `unhandled system error`; worker-0's agent
stops its pod, and master-0's ranks fail with `ncclRemoteError` / `socketProgress: Connection closed by remote peer`.
Layout: `kubectl logs` per pod (`llama-ft-master-0.log`, `llama-ft-worker-0.log`, torchrun `--tee 3`), plus an
excerpt of `kubectl describe pods` (`describe-pods.txt`) showing the missing /dev/shm mount.
Versions: torch 2.1.0a0 (NGC 23.08), NCCL 2.18.3 (has Init START, no Init COMPLETE for the failing comm), IB disabled.
Modelled on excerpts nccl-017 (/dev/shm ENOSPC), nccl-019 (shm segment error), nccl-011 (DistBackendError block).
""")
