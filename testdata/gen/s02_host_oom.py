"""02-host-oom: Slurm job, `srun torchrun --tee 3` on 2 nodes x 8 GPUs, torch 2.1.2 / NCCL 2.18.1, HF Trainer.
The memory cgroup OOM killer on gpu-a08 kills rank 13 (local 5); torchrun reports exitcode -9."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("02-host-oom")
VER = (2, 1)
NV = "2.18.1"
PYL = "/opt/conda/lib/python3.10/site-packages"
JOB = 812345
T0 = ts("2023-11-14 08:00:07.310")
HOSTS = ["gpu-a07", "gpu-a08"]
IPS = ["10.31.4.7", "10.31.4.8"]
NLOC, N = 8, 16
SEQ = 23117
T_KILL = ts("2023-11-14 09:12:41.604")

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 47002 + n * 11, seed=2), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 48195 + n * 3 + L * 3, rank=n * NLOC + L, local=L, seed=2)
        p.commid = "0x3f7d28a1c6e90b54"
        procs.append(p)
for a in agents:
    a.start(T0 + ms(800), NLOC)

for p in procs:
    t = T0 + secs(14) + ms(p.local * 53 + p.rank * 7)
    # run_clm.py's basicConfig (datefmt %m/%d/%Y %H:%M:%S); the missing space before "distributed" is real
    p.e(t, "%s - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1distributed training: True, 16-bits training: False"
        % (t.strftime("%m/%d/%Y %H:%M:%S"), p.local, p.local))
    ptr, t2 = nccl_init(p, t + secs(31), NV, "12.1", N, NLOC, IPS[p.rank // NLOC], bus=BUS_A100,
                        envs=("NCCL_SOCKET_IFNAME set by environment to ibp12s0",), ifname="ibp12s0")
    p.t_ready = t2

p0 = procs[0]
t = max(p.t_ready for p in procs) + secs(3)
banner = [("trainer.py:1723", "***** Running training *****"),
          ("trainer.py:1724", "  Num examples = 1,204,311"),
          ("trainer.py:1725", "  Num Epochs = 1"),
          ("trainer.py:1726", "  Instantaneous batch size per device = 4"),
          ("trainer.py:1729", "  Total train batch size (w. parallel, distributed & accumulation) = 256"),
          ("trainer.py:1730", "  Gradient Accumulation steps = 4"),
          ("trainer.py:1731", "  Total optimization steps = 4,704"),
          ("trainer.py:1732", "  Number of trainable parameters = 6,738,415,616")]
for where, m in banner:
    p0.e(t, hf_explicit(t, "INFO", where) + m)

rnd = Rnd(2)
loss = 1.62
tstep = t + secs(5)
step = 0
while tstep < T_KILL - secs(20):
    step += 10
    tstep += secs(10 * 4.21 + rnd.uniform(-0.5, 0.5))
    loss = max(0.9, loss - 0.0009 + rnd.uniform(-0.02, 0.02))
    lr = 2e-05 * min(1.0, step / 100.0)
    p0.o(tstep, "{'loss': %s, 'learning_rate': %r, 'epoch': %s}" % (round(loss, 4), lr, round(step / 4704, 2)))

# ---- kernel: memcg OOM kills rank 13's process
victim = procs[13]
k = Kern("gpu-a08", ts("2023-10-30 16:22:10.000"))
k7 = Kern("gpu-a07", ts("2023-10-30 16:21:58.000"))
for kk in (k, k7):
    kk.add(T0 + secs(2), "nvidia-peermem nv_mem_client_init:275 INFO: nvidia-peermem client registered successfully")
    kk.add(T0 + secs(35), "NVRM: GPU at PCI:0000:07:00: GPU-6f1b0e2a-0c1d-4a55-b0de-3a1e8f0c7d21" if kk is k7 else
           "NVRM: GPU at PCI:0000:07:00: GPU-92aa7c41-58e3-4b0f-9c61-2d7be40f11c3")
cg = "/slurm/uid_1000/job_%d" % JOB
tk = T_KILL - ms(900)
k.addn(tk, kern_oom("gpu-a08", tk, None, victim.pid, "pt_main_thread", cg + "/step_0", rnd, 96420584, 187442312))
tasks = [(agents[1].p.pid, 1203312, 120110, "torchrun")]
for p in procs[8:]:
    tasks.append((p.pid, 46855578, 24105146 if p is victim else 9011203 + p.rnd.randrange(0, 400000), "pt_main_thread"))
for pid, vm, rss, name in tasks:
    k.add(tk + ms(1), "[%7d]  1000 %5d %8d %8d %14d %8d %13d %s" % (pid, pid, vm, rss, rss * 8 + 4096, 0, 0, name))
k.addn(tk + ms(2), kern_oom_tail(victim.pid, "pt_main_thread", cg, cg + "/step_0/user/task_1", 96420584, 187442312))
k.add(T_KILL + ms(310), "oom_reaper: reaped process %d (pt_main_thread), now anon-rss:0kB, file-rss:1213440kB, shmem-rss:10485760kB" % victim.pid)

# ---- gpu-a08 agent
a8 = agents[1]
t = T_KILL + ms(1420)
kill_sequence(a8, t, procs[8:], [(victim, -9)], "/opt/conda/bin/python")
a8.child_failed(t + ms(340), "train.py", dict(time=t, host="gpu-a08", rank=13, local=5, exitcode=-9, pid=victim.pid))

# ---- gpu-a07: ranks stuck in an ALLREDUCE until the 30 min timeout
t_coll = T_KILL - ms(350)
fails = []
for p in procs[:8]:
    tt = t_coll + ms(1800000 + p.rnd.randrange(200, 900))
    torch_timeout(p, tt, VER, SEQ, "ALLREDUCE", 262668288, 1800000, int((tt - t_coll).total_seconds() * 1000), pylib=PYL)
    fails.append((tt, p))
fails.sort(key=lambda x: x[0])
a7 = agents[0]
tt = fails[-1][0] + ms(2300)
for (ft, p) in fails:
    a7.failed(tt, -6, p.local, p.pid, "/opt/conda/bin/python")
root = dict(time=fails[0][0], host="gpu-a07", rank=fails[0][1].rank, local=fails[0][1].local, exitcode=-6, pid=fails[0][1].pid)
others = [dict(time=ft, host="gpu-a07", rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fails[1:]]
a7.child_failed(tt + ms(20), "train.py", root, others)

# ---- slurm output: both nodes' torchrun --tee output in one file (no --label), plus srun/slurmstepd
slurm = Proc("slurm", 1, seed=2)
slurm.o(T0, "Starting job %d on gpu-a[07-08] at Tue Nov 14 08:00:07 UTC 2023" % JOB)
slurm.o(T0, "MASTER_ADDR=gpu-a07 MASTER_PORT=29500 NNODES=2 GPUS_PER_NODE=8")
slurm.e(T_KILL + secs(2), "slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step tasks have been OOM Killed." % JOB)
slurm.e(T_KILL + secs(3), "srun: error: gpu-a08: task 1: Out Of Memory")
slurm.e(tt + secs(3), "srun: error: gpu-a07: task 0: Exited with exit code 1")
lines = merged([slurm] + [a.p for a in agents] + procs, prefix=tee_prefix)
S.write("slurm-%d.out" % JOB, lines)
S.write("nodes/gpu-a08/kern.log", k.kernlog())
S.write("nodes/gpu-a07/kern.log", k7.kernlog())

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "host_oom",
    "verdict.first_failure.host": "gpu-a08",
    "verdict.first_failure.rank": 13,
    "run.ranks": 16,
    "run.hosts": 2,
    "!findings[].id": ["clock_skew", "socket_fallback", "gpu_xid"],
})
S.readme("""
# 02-host-oom

Story: HF Trainer fine-tune, Slurm job 812345 running `srun torchrun --tee 3` on gpu-a07/gpu-a08 (8 A100 each).
The job's memory cgroup on gpu-a08 fills up; the kernel OOM killer kills pid 48213 = rank 13 (local rank 5).
gpu-a08's agent reports `exitcode: -9` / `Signal 9 (SIGKILL)`, slurmstepd reports the oom_kill event, and the
gpu-a07 ranks time out 30 min later on ALLREDUCE SeqNum 23117 (secondary).
Layout: `slurm-812345.out` holds both agents' `--tee` output (no srun --label, so `[defaultN]:` is ambiguous
across nodes) plus srun/slurmstepd lines; `nodes/<host>/kern.log` is rsyslog kern.log (wall time + uptime).
Versions: torch 2.1 (`[E ProcessGroupNCCL.cpp:475]`, TorchLogsFormatter agent lines), NCCL 2.18.1.
Modelled on excerpts train-043 (OOM killer report), train-011/-013 (agent lines), train-059 (srun lines).
""")
