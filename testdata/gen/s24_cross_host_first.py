"""24-cross-host-first: the job of 07 (4 nodes x 8 GPUs, torch 1.13.1 / NCCL 2.14.3, timm DDP), but the GPU that
falls off the bus on node3 (0000:9b:00, rank 20) leaves its process hung in a CUDA call, silent.  1.4 s later a
worker on another host, rank 2 on node1, segfaults in its NCCL proxy thread; node1's agent tears node1 down and the
other ranks time out.  The first failure is the Xid on node3, not the crash on node1."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("24-cross-host-first")
VER = (1, 13)
NV = "2.14.3"
PYL = "/opt/conda/lib/python3.9/site-packages"
HOSTS = ["node1", "node2", "node3", "node4"]
IPS = ["172.16.40.%d" % (11 + i) for i in range(4)]
NLOC, N = 8, 32
T0 = ts("2023-02-14 06:30:02.511")
BADN, BADL = 2, 4
BAD = BADN * NLOC + BADL
SEQ = 1903412

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 37901 + n * 3, seed=7), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 38080 + n * 7 + L * 8, rank=n * NLOC + L, local=L, seed=7)
        procs.append(p)
for a in agents:
    a.start(T0 + ms(300), NLOC)

for p in procs:
    t = T0 + secs(6) + ms(p.local * 17 + p.rank * 3)
    p.e(t, "Training in distributed mode with multiple processes, 1 device per process.Process %d, total 32, device cuda:%d." % (p.rank, p.local))
    ptr, t2 = nccl_init(p, t + secs(1), NV, "11.7", N, NLOC, IPS[p.rank // NLOC], ifname="ib0", hcas=4)
    p.t0 = t2
p0 = procs[0]
t = max(p.t0 for p in procs) + secs(1)
p0.elines(t, ["Model resnet152 created, param count:60192808",
              "Data processing configuration for current model + dataset:",
              "\tinput_size: (3, 224, 224)", "\tinterpolation: bicubic", "\tmean: (0.485, 0.456, 0.406)",
              "\tstd: (0.229, 0.224, 0.225)", "\tcrop_pct: 0.95", "\tcrop_mode: center",
              "Using native Torch AMP. Training in mixed precision.",
              "Using native Torch DistributedDataParallel.",
              "Scheduled epochs: 300. LR stepped per epoch."])
rnd = Rnd(7)
tt = t + secs(20)
epoch_len = 1251
loss_avg = 6.9
last_t = tt
for epoch in range(0, 13):
    for bi in list(range(0, epoch_len, 200)) + [epoch_len - 1]:
        tt = last_t + secs(0.411 * (bi if bi else 1))
        loss = max(2.0, 6.9 - epoch * 0.33 - bi * 0.00008 + rnd.uniform(-0.1, 0.1))
        loss_avg = loss_avg * 0.8 + loss * 0.2
        p0.e(tt, "Train: %d [%4d/%d (%3.0f%%)]  Loss: %.3f (%.2f)  Time: %.3fs, %.2f/s  (%.3fs, %.2f/s)  LR: %.3e  Data: %.3f (%.3f)"
             % (epoch, bi, epoch_len, 100.0 * bi / (epoch_len - 1), loss, loss_avg, 0.411, 32 * 128 / 0.411, 0.418,
                32 * 128 / 0.418, 1.6e-3 if epoch >= 5 else 1.6e-3 * (epoch + 1) / 5, 0.012, 0.015))
        if epoch == 12 and bi >= 600:
            break
    if epoch == 12:
        break
    last_t = tt + secs(30)
    p0.e(tt + secs(28), "Test: [   0/48]  Time: 1.512 (1.512)  Loss:  %.4f (%.4f)  Acc@1: %.4f (%.4f)  Acc@5: %.4f (%.4f)"
         % (3.2 - epoch * 0.15, 3.2 - epoch * 0.15, 30 + epoch * 3.1, 30 + epoch * 3.1, 55 + epoch * 2.2, 55 + epoch * 2.2))
    p0.e(tt + secs(29), "Test: [  48/48]  Time: 0.211 (0.392)  Loss:  %.4f (%.4f)  Acc@1: %.4f (%.4f)  Acc@5: %.4f (%.4f)"
         % (3.1 - epoch * 0.15, 3.1 - epoch * 0.15, 31 + epoch * 3.1, 31 + epoch * 3.1, 56 + epoch * 2.2, 56 + epoch * 2.2))
    p0.e(tt + secs(30), "Current checkpoints:")
    p0.e(tt + secs(30), " ('./output/train/20230214-063002-resnet152-224/checkpoint-%d.pth.tar', %.3f)" % (epoch, 31 + epoch * 3.1))

# ---- node3 kernel: PCIe AER + Xid 79 on 0000:9b:00
t_x = tt + ms(4210)
bad = procs[BAD]
boot = ts("2023-02-01 17:42:19.000")
k = Kern("node3", boot)
for i, b in enumerate(BUS_H100):
    k.add(boot + secs(31) + ms(i * 90), "NVRM: GPU at PCI:0000:%s:00: GPU-%08x-%04x-%04x-%04x-%012x" % (
        b, rnd.getrandbits(32), rnd.getrandbits(16), rnd.getrandbits(16), rnd.getrandbits(16), rnd.getrandbits(48)))
    k.add(boot + secs(31) + ms(i * 90 + 1), "NVRM: GPU Board Serial Number: 13235210%05d" % (63140 + i))
k.add(boot + secs(44), "nvidia-peermem nv_mem_client_init:275 INFO: nvidia-peermem client registered successfully")
k.add(T0 - secs(3600 * 5), "mlx5_core 0000:0c:00.0: mlx5e_update_carrier:351:(pid 7): Link up")
k.addn(t_x - ms(40), ["pcieport 0000:98:01.0: AER: Uncorrected (Fatal) error received: 0000:98:01.0",
                      "pcieport 0000:98:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
                      "pcieport 0000:98:01.0:   device [8086:352a] error status/mask=00000020/00000000",
                      "pcieport 0000:98:01.0:    [ 5] SDES                   (First)"], 40)
k.addn(t_x, ["NVRM: GPU at PCI:0000:9b:00: GPU-5e1d97a3-6c0b-2f44-91d8-0a7f3c2b1e66",
             "NVRM: GPU Board Serial Number: 1323521063144",
             "NVRM: Xid (PCI:0000:9b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
             "NVRM: GPU 0000:9b:00.0: GPU has fallen off the bus.",
             "NVRM: GPU 0000:9b:00.0: GPU serial number is 1323521063144.",
             "NVRM: A GPU crash dump has been created. If possible, please run",
             "NVRM: nvidia-bug-report.sh as root to collect this data before",
             "NVRM: the NVIDIA kernel module is unloaded."], 12)
for kk_host in ("node1", "node2", "node4"):
    pass

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
# 24-cross-host-first

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
