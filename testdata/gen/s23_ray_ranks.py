"""23-ray-ranks: Ray Train TorchTrainer on a KubeRay cluster, 2 worker nodes x 2 GPUs, torch 2.3, no NCCL_DEBUG.
The bundle is the Ray job's driver log (`ray job logs`): every worker line carries only `(RayTrainWorker pid=N,
ip=A)`, never a rank. TorchTrainer's placement list ties each (ip, pid) to its world rank; the process-group
set-up line states the world size.  World rank 3 (10.244.1.42, pid 1377) runs out of GPU memory in its forward;
Ray reports the worker's death and the trainer fails."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("23-ray-ranks")
VER = (2, 3)
T0 = ts("2024-11-21 19:11:24.310")
PYL = "/home/ray/anaconda3/lib/python3.10/site-packages"
IPS = ["10.244.4.193", "10.244.1.42"]
PIDS = [1193, 1211, 1341, 1377]
BAD = 3

drv = Proc("head", 1, seed=23)
trainer = Proc(IPS[0], 1138, seed=23)
workers = [Proc(IPS[r // 2], PIDS[r], rank=r, local=r % 2, seed=23) for r in range(4)]


def wlog(p, t, msg):
    p.o(t, "(RayTrainWorker pid=%d, ip=%s) %s" % (p.pid, p.host, msg))


def tlog(t, msg):
    trainer.o(t, "(TorchTrainer pid=%d, ip=%s) %s" % (trainer.pid, trainer.host, msg))


def dlog(t, level, where, msg):
    drv.o(t, "%s\t%s %s -- %s" % (f_pylog(t), level, where, msg))


dlog(T0, "INFO", "worker.py:1514", "Using address 10.244.4.193:6379 set in the environment variable RAY_ADDRESS")
dlog(T0 + ms(20), "INFO", "worker.py:1654", "Connecting to existing Ray cluster at address: 10.244.4.193:6379...")
t = T0 + secs(41)
for p in workers:
    wlog(p, t + ms(p.rank * 3), "Setting up process group for: env:// [rank=%d, world_size=4]" % p.rank)
tlog(t + ms(40), "Started distributed worker processes: ")
for p in workers:
    tlog(t + ms(41 + p.rank), "- (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d"
         % (p.rnd.commid()[2:] * 3 + "%08x" % p.pid, p.host, p.pid, p.rank, p.local, p.rank // 2))
for p in workers:
    wlog(p, t + secs(2) + ms(p.rank * 7), "Moving model to device: cuda:%d" % p.local)
    wlog(p, t + secs(2) + ms(p.rank * 7 + 1), "Wrapping provided model in DistributedDataParallel.")

# training: rank 0 reports per epoch
rnd = Rnd(23)
loss = 0.61
for ep in range(0, 6):
    te = t + secs(30 + 26 * ep)
    loss = loss * 0.93 + rnd.uniform(-0.01, 0.01)
    wlog(workers[0], te, "Epoch %d-train Loss: %.4f Acc: %.4f" % (ep, loss, 0.81 + ep * 0.01))

t_oom = t + secs(30 + 26 * 6) + ms(4410)
bad = workers[BAD]
oom = oom_msg(VER, "2.00 GiB", 1, "79.15 GiB", "1.18 GiB", "77.96 GiB", "74.02 GiB", "2.31 GiB")
tb = traceback([
    (PYL + "/ray/air/_internal/util.py", 98, "run", "self._ret = self._target(*self._args, **self._kwargs)"),
    (PYL + "/ray/train/_internal/utils.py", 176, "discard_return_wrapper", "train_func(*args, **kwargs)"),
    ("/tmp/ray/session_2024-11-21_19-05-41_102716_1/runtime_resources/working_dir_files/_ray_pkg_3f1c2a/train.py", 77,
     "train_func", "outputs = model(inputs)"),
    (PYL + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    (PYL + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
], oom)
for i, l in enumerate(tb):
    wlog(bad, t_oom + ms(i * 0.1), l)

dlog(t_oom + secs(2), "ERROR", "tune_controller.py:1331", "Trial task failed for trial TorchTrainer_74867_00000")

S.write("ray-job-driver.log", merged([drv, trainer] + workers))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": IPS[1],
    "run.ranks": 4,
    "config.world_size": 4,
    "ranks[].rank": [0, 1, 2, 3],
})
S.readme("""
# 23-ray-ranks

Story: a Ray Train `TorchTrainer` job on a KubeRay cluster (two worker pods, `10.244.4.193` and `10.244.1.42`,
2 GPUs each), torch 2.3, NCCL_DEBUG unset. The bundle is the Ray job's driver log (`ray job logs`), where every
worker line is prefixed `(RayTrainWorker pid=N, ip=A)` and none states a rank. When the workers start,
TorchTrainer prints its placement list, `- (node_id=..., ip=A, pid=P) world_rank=R, local_rank=L, node_rank=N`,
and each worker `Setting up process group for: env:// [rank=R, world_size=4]`. In epoch 6, world rank 3 (ip
10.244.1.42, pid 1377) runs out of GPU memory in its forward; its traceback reaches the driver log through Ray's
prefix.
What it proves: the store ties (ip, pid) to the world rank from the placement list, so the OOM is rank 3's; the
world size comes from the process-group line.
Line formats: Ray Train 2.x driver output (KubeRay and Ray docs examples: placement list, process-group line,
`(RayTrainWorker pid=N, ip=A)` prefix, `worker.py` driver lines), torch 2.3 OOM text.
""")
