"""04-fp16-overflow: HF Trainer + DeepSpeed 0.9.5 ZeRO-2 fp16 on 2 nodes x 4 GPUs launched through pdsh
(`deepspeed --hostfile`), torch 2.0.1 / NCCL 2.14.3.  The dynamic loss scale halves on every step
down from 256 to the minimum 1, then every rank raises `Current loss scale already at minimum`."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("04-fp16-overflow")
NV = "2.14.3"
PYL = "/opt/conda/lib/python3.10/site-packages"
T0 = ts("2023-06-07 09:12:01.118")
HOSTS = ["gpu-b01", "gpu-b02"]
IPS = ["10.8.0.21", "10.8.0.22"]
NLOC, N = 4, 8
COLLAPSE_STEP = 383

launcher = Proc("gpu-b01", 30990, seed=4)
launchers = [Proc(h, 31388 + i * 7, seed=4) for i, h in enumerate(HOSTS)]
procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 31402 + n * 9 + L, rank=n * NLOC + L, local=L, seed=4)
        procs.append(p)


def dslog(t, level, where, msg):
    return "[%s] [%s] [%s] %s" % (f_pylog(t), level, where, msg)


launcher.olines(T0, [
    dslog(T0, "INFO", "runner.py:454:main", "Using IP address of 10.8.0.21 for node gpu-b01"),
    dslog(T0, "INFO", "multinode_runner.py:70:get_cmd", "Running on the following workers: gpu-b01,gpu-b02"),
    dslog(T0, "INFO", "runner.py:555:main", "cmd = pdsh -S -f 1024 -w gpu-b01,gpu-b02 export PYTHONPATH=/workspace/alpaca-lora;  cd /workspace/alpaca-lora; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJncHUtYjAxIjogWzAsIDEsIDIsIDNdLCAiZ3B1LWIwMiI6IFswLCAxLCAyLCAzXX0= --node_rank=%n --master_addr=10.8.0.21 --master_port=29500 train.py --model_name_or_path /models/llama-13b --deepspeed ds_config_zero2.json --fp16 True --per_device_train_batch_size 4 --gradient_accumulation_steps 2"),
])
for n, lp in enumerate(launchers):
    t = T0 + secs(3) + ms(n * 40)
    lp.olines(t, [
        dslog(t, "INFO", "launch.py:145:main", "WORLD INFO DICT: {'gpu-b01': [0, 1, 2, 3], 'gpu-b02': [0, 1, 2, 3]}"),
        dslog(t, "INFO", "launch.py:151:main", "nnodes=2, num_local_procs=4, node_rank=%d" % n),
        dslog(t, "INFO", "launch.py:162:main", "global_rank_mapping=defaultdict(<class 'list'>, {'gpu-b01': [0, 1, 2, 3], 'gpu-b02': [4, 5, 6, 7]})"),
        dslog(t, "INFO", "launch.py:163:main", "dist_world_size=8"),
        dslog(t, "INFO", "launch.py:165:main", "Setting CUDA_VISIBLE_DEVICES=0,1,2,3")])

for p in procs:
    t = T0 + secs(9) + ms(p.rank * 17)
    p.o(t, dslog(t, "INFO", "comm.py:594:init_distributed", "cdb=None"))
    if p.rank == 0:
        p.o(t, dslog(t, "INFO", "comm.py:625:init_distributed", "Initializing TorchBackend in DeepSpeed with backend nccl"))
    ptr, t2 = nccl_init(p, t + secs(44), NV, "11.7", N, NLOC, IPS[p.rank // NLOC], bus=BUS_A100, hcas=2, ifname="ib0")
    p.t_ready = t2

p0 = procs[0]
t = max(p.t_ready for p in procs) + secs(2)
cfg = [("activation_checkpointing_config", "{\n    \"partition_activations\": false, \n    \"contiguous_memory_optimization\": false, \n    \"cpu_checkpointing\": false, \n    \"number_checkpoints\": null, \n    \"synchronize_checkpoint_boundary\": false, \n    \"profile\": false\n}"),
       ("amp_enabled", "False"), ("bfloat16_enabled", "False"),
       ("dynamic_loss_scale_args", "{'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}"),
       ("fp16_auto_cast", "False"), ("fp16_enabled", "True"), ("global_rank", "0"),
       ("gradient_accumulation_steps", "2"), ("gradient_clipping", "1.0"), ("initial_dynamic_scale", "65536"),
       ("loss_scale", "0"), ("optimizer_name", "adamw"), ("steps_per_print", "10"), ("train_batch_size", "64"),
       ("train_micro_batch_size_per_gpu", "4"), ("wall_clock_breakdown", "False"), ("world_size", "8"),
       ("zero_allow_untested_optimizer", "False"), ("zero_enabled", "True"), ("zero_optimization_stage", "2")]
p0.o(t, dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.9.5, git-hash=unknown, git-branch=unknown"))
p0.o(t, dslog(t, "INFO", "logging.py:96:log_dist", "[Rank 0] Creating torch.float16 ZeRO stage 2 optimizer"))
p0.o(t, dslog(t, "INFO", "stage_1_and_2.py:133:__init__", "Reduce bucket size 500000000"))
p0.o(t, dslog(t, "INFO", "stage_1_and_2.py:134:__init__", "Allgather bucket size 500000000"))
t += secs(31)
p0.o(t, dslog(t, "INFO", "config.py:960:print", "DeepSpeedEngine configuration:"))
for k, v in cfg:
    for i, vl in enumerate(v.split("\n")):
        if i == 0:
            p0.o(t, dslog(t, "INFO", "config.py:964:print", "  %s %s %s" % (k, "." * max(0, 29 - len(k)), vl)))
        else:
            p0.o(t, vl)
p0.o(t, dslog(t, "INFO", "config.py:950:print_user_config", "  json = {\n    \"fp16\": {\n        \"enabled\": true, \n        \"loss_scale\": 0, \n        \"loss_scale_window\": 1000, \n        \"initial_scale_power\": 16, \n        \"hysteresis\": 2, \n        \"min_loss_scale\": 1\n    }, \n    \"zero_optimization\": {\n        \"stage\": 2\n    }, \n    \"gradient_accumulation_steps\": 2, \n    \"gradient_clipping\": 1.0, \n    \"train_batch_size\": 64, \n    \"train_micro_batch_size_per_gpu\": 4, \n    \"wall_clock_breakdown\": false\n}").split("\n")[0])
for l in "{\n    \"fp16\": {\n        \"enabled\": true, \n        \"loss_scale\": 0, \n        \"loss_scale_window\": 1000, \n        \"initial_scale_power\": 16, \n        \"hysteresis\": 2, \n        \"min_loss_scale\": 1\n    }, \n    \"zero_optimization\": {\n        \"stage\": 2\n    }, \n    \"gradient_accumulation_steps\": 2, \n    \"gradient_clipping\": 1.0, \n    \"train_batch_size\": 64, \n    \"train_micro_batch_size_per_gpu\": 4, \n    \"wall_clock_breakdown\": false\n}".split("\n")[1:]:
    p0.o(t, l)
banner = [("trainer.py:1786", "***** Running training *****"), ("trainer.py:1787", "  Num examples = 52,002"),
          ("trainer.py:1788", "  Num Epochs = 3"), ("trainer.py:1789", "  Instantaneous batch size per device = 4"),
          ("trainer.py:1790", "  Total train batch size (w. parallel, distributed & accumulation) = 64"),
          ("trainer.py:1791", "  Gradient Accumulation steps = 2"), ("trainer.py:1792", "  Total optimization steps = 2,439"),
          ("trainer.py:1793", "  Number of trainable parameters = 13,015,864,320")]
t += secs(1)
for w, m in banner:
    p0.e(t, hf_explicit(t, "INFO", w) + m)
p0.e(t, "  0%|          | 0/2439 [00:00<?, ?it/s]")

# scale calibration at start (benign), then steady training, then the collapse
rnd = Rnd(4)
scale = 65536
hyst = 2
step = 0
tt = t + secs(2)
start = tt


def bar(step, tt):
    el = (tt - start).total_seconds()
    rate = el / max(step, 1)
    rem = rate * (2439 - step)
    pct = int(100 * step / 2439)
    fill = int(10 * step / 2439)
    b = "\u2588" * fill + ("\u258d" if step * 10 % 2439 > 1200 else " ") + " " * (9 - fill)
    return "%3d%%|%s| %d/2439 [%s<%s, %.2fs/it]" % (pct, b[:10], step, hms(el), hms(rem), rate)


def hms(s):
    s = int(s)
    return "%02d:%02d:%02d" % (s // 3600, s % 3600 // 60, s % 60) if s >= 3600 else "%02d:%02d" % (s // 60, s % 60)


def overflow(tt, a, b):
    return dslog(tt, "INFO", "loss_scaler.py:181:update_scale",
                 "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (a, b))


loss = 1.41
while step < COLLAPSE_STEP + 7:
    step += 1
    tt += ms(3120 + rnd.randrange(-60, 60))
    msg = ""
    if step <= 9:   # start-up calibration 65536 -> 128 (hysteresis 2 eats the first overflow)
        if hyst > 1:
            msg = dslog(tt, "INFO", "loss_scaler.py:181:update_scale",
                        "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, but hysteresis is %d. Reducing hysteresis to %d" % (scale, hyst, hyst - 1))
            hyst -= 1
        else:
            msg = overflow(tt, scale, scale // 2)
            scale //= 2
    elif step >= COLLAPSE_STEP:
        if scale == 1:
            break
        msg = overflow(tt, scale, scale // 2)
        scale //= 2
    p0.e(tt, bar(step, tt) + msg)
    if msg:
        p0.e(tt, "")
    if step % 10 == 0 and step < COLLAPSE_STEP:
        loss = max(0.95, loss - 0.002 + rnd.uniform(-0.03, 0.03))
        p0.e(tt + ms(5), " " * 57)
        p0.e(tt + ms(5), "{'loss': %s, 'learning_rate': %r, 'epoch': %s}" % (round(loss, 4), 2e-05 * (1 - step / 2439.0), round(step * 3 / 2439.0, 2)))
        p0.e(tt + ms(5), "")
        p0.e(tt + ms(5), bar(step, tt))

# every rank raises in update_scale; the tracebacks interleave on each host
t_fail = tt + ms(3090)
frames = [("/workspace/alpaca-lora/train.py", 232, "<module>", "train()"),
          ("/workspace/alpaca-lora/train.py", 226, "train", "trainer.train()"),
          (PYL + "/transformers/trainer.py", 1645, "train", "return inner_training_loop("),
          (PYL + "/transformers/trainer.py", 1938, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
          (PYL + "/transformers/trainer.py", 2770, "training_step", "self.accelerator.backward(loss)"),
          (PYL + "/accelerate/accelerator.py", 1815, "backward", "self.deepspeed_engine_wrapped.backward(loss, **kwargs)"),
          (PYL + "/accelerate/utils/deepspeed.py", 176, "backward", "self.engine.step()"),
          (PYL + "/deepspeed/runtime/engine.py", 2087, "step", "self._take_model_step(lr_kwargs)"),
          (PYL + "/deepspeed/runtime/engine.py", 1994, "_take_model_step", "self.optimizer.step()"),
          (PYL + "/deepspeed/runtime/zero/stage_1_and_2.py", 1691, "step", "self._update_scale(self.overflow)"),
          (PYL + "/deepspeed/runtime/zero/stage_1_and_2.py", 1951, "_update_scale", "self.loss_scaler.update_scale(has_overflow)"),
          (PYL + "/deepspeed/runtime/fp16/loss_scaler.py", 183, "update_scale", "raise Exception(")]
tb = traceback(frames, "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.")
for p in procs:
    base = t_fail + ms(p.rnd.randrange(0, 3))
    for i, l in enumerate(tb):
        p.e(base + dt.timedelta(microseconds=300 * i + p.rnd.randrange(0, 250)), l)

for n, lp in enumerate(launchers):
    tt = t_fail + ms(1400 + n * 120)
    loc = procs[n * NLOC:(n + 1) * NLOC]
    for p in loc:
        lp.o(tt, dslog(tt, "INFO", "launch.py:315:sigkill_handler", "Killing subprocess %d" % p.pid))
    tt += ms(700)
    lp.o(tt, dslog(tt, "ERROR", "launch.py:321:sigkill_handler",
                   "['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=0', '--model_name_or_path', '/models/llama-13b', '--deepspeed', 'ds_config_zero2.json', '--fp16', 'True', '--per_device_train_batch_size', '4', '--gradient_accumulation_steps', '2'] exits with return code = 1"))
pdsh = Proc("gpu-b01", 30991, seed=4)
pdsh.o(t_fail + secs(3), "pdsh@gpu-b01: gpu-b02: ssh exited with exit code 1")
pdsh.o(t_fail + secs(3) + ms(50), "pdsh@gpu-b01: gpu-b01: ssh exited with exit code 1")


def pre(p, w):
    if p in (launcher, pdsh):
        return ""
    return p.host + ": "


S.write("deepspeed_train.log", merged([launcher, pdsh] + launchers + procs, prefix=pre))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "fp16_overflow",
    "findings[].id": ["loss_scale_collapse", "fp16_in_use"],
    "!findings[].id": ["gbs_mismatch", "clock_skew", "gpu_xid"],
    "training.loss_scale_last": 1,
    "config.micro_batch_size": 4,
    "config.grad_accum_steps": 2,
    "config.global_batch_size": 64,
    "run.ranks": 8,
    "run.hosts": 2,
})
S.readme("""
# 04-fp16-overflow

Story: Alpaca-style LLaMA-13B fine-tune, HF Trainer + DeepSpeed 0.9.5 ZeRO-2 fp16 (mbs 4 x accum 2 x 8 GPUs = 64),
launched with `deepspeed --hostfile` (pdsh) on gpu-b01/gpu-b02. After a benign start-up calibration
(65536 -> 256), from step 383 every step overflows and the scale halves 256 -> 128 -> ... -> 1; on the next overflow
all eight ranks raise `Exception: Current loss scale already at minimum` and the launchers kill their subprocesses.
Layout: one file `deepspeed_train.log`: the runner's lines, then everything from the nodes with pdsh's `host: `
prefix; rank 0's tqdm bars with OVERFLOW messages glued to them; the eight tracebacks interleave line by line.
Versions: DeepSpeed 0.9.5 (`loss_scaler.py:181`, int scales), torch 2.0.1, NCCL 2.14.3, transformers 4.30.
Modelled on excerpts train-015 (tqdm + OVERFLOW cascade), train-017 (interleaved tracebacks), train-047 (launcher), train-019.
""")
