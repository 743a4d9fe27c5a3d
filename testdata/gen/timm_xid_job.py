"""The job that 07-gpu-hardware and 28-cross-host-first share, up to the
moment the GPU at 0000:9b:00 on node3 (cudaDev 4, rank 20) falls off the bus:
4 nodes x 8 GPUs, Slurm-launched torchrun --tee 3 per node, torch 1.13.1 / NCCL
2.14.3, timm ResNet-152 ImageNet DDP training, node3's kernel log with the PCIe
AER error and Xid 79. Each scenario goes on from there its own way."""

from types import SimpleNamespace

from flgen import *  # noqa: F401,F403

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



def build():
    """The job's ranks, agents and log lines up to the Xid; returns agents,
    procs, bad (rank 20's process), t_x (the Xid's time) and k (node3's
    kernel log)."""
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
    return SimpleNamespace(agents=agents, procs=procs, bad=bad, t_x=t_x, k=k)
