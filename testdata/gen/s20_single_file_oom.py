"""20-single-file-oom: one plain file, `slurm-12345.out`, from `srun --label` with 8 tasks on one node
(one task per GPU), PyTorch Lightning 2.1 / torch 2.1.2 / NCCL 2.18.1.  Task 5 raises a CUDA OOM (torch 2.1
text with the `capacty` typo); the other seven hang in the gradient ALLREDUCE and time out 30 min later."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("20-single-file-oom")
VER = (2, 1)
NV = "2.18.1"
PYL = "/home/jdoe/miniconda3/envs/seg/lib/python3.11/site-packages"
JOB = 12345
HOST = "gpu-h100-07"
N = NLOC = 8
BAD = 5
SEQ = 30988
T0 = ts("2024-01-16 22:03:51.804")

procs = [Proc(HOST, 60110 + L * 3, rank=L, local=L, seed=20) for L in range(N)]
for p in procs:
    p.commid = "0x7e11c0a9b25f4d38"
slurm = Proc("slurm", 4, seed=20)
p0 = procs[0]
t = T0 + secs(11)
p0.elines(t, ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
              "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"])
for p in procs:
    p.e(t + ms(150 + p.rank * 17), "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (p.rank, p.rank + 1))
p0.elines(t + secs(2), ["----------------------------------------------------------------------------------------------------",
                        "distributed_backend=nccl", "All distributed processes registered. Starting with 8 processes",
                        "----------------------------------------------------------------------------------------------------", ""])
for p in procs:
    tt = t + secs(3) + ms(p.rank * 9)
    ptr, t2 = nccl_init(p, tt, NV, "12.1", N, NLOC, "10.70.2.7", hcas=4, ifname="ib0")
    p.e(t2 + ms(120), "LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]" % p.local)
    p.t0 = t2
t = max(p.t0 for p in procs) + ms(500)
p0.elines(t, ["", "  | Name      | Type                | Params", "---------------------------------------------------",
              "0 | model     | Mask2FormerForUniversalSegmentation | 215 M ", "1 | criterion | SetCriterion        | 0     ",
              "---------------------------------------------------", "215 M     Trainable params", "0         Non-trainable params",
              "215 M     Total params", "862.611   Total estimated model params size (MB)"])
rnd = Rnd(20)
tt = t + secs(20)
for epoch in range(0, 7):
    states = []
    for k in range(0, 1001, 250):
        states.append("Epoch %d: %3d%%|%s| %d/1000 [%02d:%02d<%02d:%02d,  1.31it/s, v_num=3, train_loss=%.3f]"
                      % (epoch, k // 10, ("\u2588" * (k // 100)).ljust(10), k, (k / 1.31) // 60, (k / 1.31) % 60,
                         ((1000 - k) / 1.31) // 60, ((1000 - k) / 1.31) % 60, 2.9 - epoch * 0.21 + rnd.uniform(-0.05, 0.05)))
    if epoch == 6:
        break
    tt += secs(1000 / 1.31)
    p0.e(tt, "\r".join(states))
    p0.e(tt + secs(15), "Epoch %d, global step %d: 'val/mIoU' reached %.5f (best %.5f), saving model to '/scratch/jdoe/seg/ckpt/epoch=%d-step=%d.ckpt' as top 1"
         % (epoch, (epoch + 1) * 1000, 0.31 + epoch * 0.04, 0.31 + epoch * 0.04, epoch, (epoch + 1) * 1000))
    tt += secs(16)

# task 5: OOM in the backward of epoch 6, step ~612
t_oom = tt + secs(612 / 1.31)
bad = procs[BAD]
oom = oom_msg(VER, "1.88 GiB", 5, "79.11 GiB", "1.12 GiB", "77.98 GiB", "74.41 GiB", "2.06 GiB", pid=None)
frames = [("/home/jdoe/seg/train.py", 141, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=args.resume)"),
          (PYL + "/lightning/pytorch/trainer/trainer.py", 544, "fit", "call._call_and_handle_interrupt("),
          (PYL + "/lightning/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
          (PYL + "/lightning/pytorch/strategies/launchers/subprocess_script.py", 102, "launch", "return function(*args, **kwargs)"),
          (PYL + "/lightning/pytorch/trainer/trainer.py", 580, "_fit_impl", "self._run(model, ckpt_path=ckpt_path)"),
          (PYL + "/lightning/pytorch/trainer/trainer.py", 989, "_run", "results = self._run_stage()"),
          (PYL + "/lightning/pytorch/trainer/trainer.py", 1035, "_run_stage", "self.fit_loop.run()"),
          (PYL + "/lightning/pytorch/loops/fit_loop.py", 202, "run", "self.advance()"),
          (PYL + "/lightning/pytorch/loops/fit_loop.py", 359, "advance", "self.epoch_loop.run(self._data_fetcher)"),
          (PYL + "/lightning/pytorch/loops/training_epoch_loop.py", 136, "run", "self.advance(data_fetcher)"),
          (PYL + "/lightning/pytorch/loops/training_epoch_loop.py", 240, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
          (PYL + "/lightning/pytorch/loops/optimization/automatic.py", 187, "run", "self._optimizer_step(batch_idx, closure)"),
          (PYL + "/lightning/pytorch/core/module.py", 1303, "optimizer_step", "optimizer.step(closure=optimizer_closure)"),
          (PYL + "/lightning/pytorch/loops/optimization/automatic.py", 146, "__call__", "self._result = self.closure(*args, **kwargs)"),
          (PYL + "/lightning/pytorch/loops/optimization/automatic.py", 141, "closure", "self._backward_fn(step_output.closure_loss)"),
          (PYL + "/lightning/pytorch/strategies/strategy.py", 204, "backward", "self.precision_plugin.backward(closure_loss, self.lightning_module, optimizer, *args, **kwargs)"),
          (PYL + "/lightning/pytorch/core/module.py", 1069, "backward", "loss.backward(*args, **kwargs)"),
          (PYL + "/torch/_tensor.py", 492, "backward", "torch.autograd.backward("),
          (PYL + "/torch/autograd/__init__.py", 251, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
bad.elines(t_oom, traceback(frames, oom))
# bar state at the crash is flushed without newline, then srun reports the task
slurm.e(t_oom + secs(2), "srun: error: %s: task %d: Exited with exit code 1" % (HOST, BAD))

t_coll = t_oom - ms(70)
fl = []
for p in procs:
    if p is bad:
        continue
    x = t_coll + ms(1800000 + p.rnd.randrange(50, 400))
    torch_timeout(p, x, VER, SEQ, "ALLREDUCE", 26351616, 1800000, int((x - t_coll).total_seconds() * 1000), pylib=PYL)
    fl.append(p.rank)
tl = t_coll + secs(1803)
slurm.e(tl, "srun: error: %s: tasks %s: Aborted (core dumped)" % (HOST, slurm_task_list(fl)))

S.write("slurm-%d.out" % JOB, merged([slurm] + procs, prefix=srun_label(N)))
S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": HOST,
    "run.ranks": 8,
    "run.hosts": 1,
    "run.files": 1,
    "!findings[].id": ["clock_skew", "socket_fallback", "gpu_xid"],
})
S.readme("""
# 20-single-file-oom

Story: Mask2Former segmentation training with PyTorch Lightning 2.1 on one 8-GPU node, `srun --label` one task per
GPU (Slurm job 12345). In epoch 6 task 5 raises `torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate
1.88 GiB. GPU 5 has a total capacty of 79.11 GiB ...` (torch 2.1 wording, typo included) and exits 1; the other seven
ranks wait in ALLREDUCE SeqNum 30988 and time out 30 min later (`tasks 0-4,6-7: Aborted (core dumped)`).
Layout: a single plain file, the batch output `slurm-12345.out`; every task line carries srun's `N: ` label and lines
of different tasks interleave; rank 0's Lightning bar is `\\r`-joined per epoch.
Versions: torch 2.1.2 (`[E ProcessGroupNCCL.cpp:475]`, no `[rankN]:`), NCCL 2.18.1, Lightning 2.1.
Modelled on excerpts train-053 (OOM), train-057/-059 (srun lines), and formats-training.md 1.1 (2.1 `capacty` text).
""")
