"""14-healthy: HF Trainer SFT on 2 nodes x 4 GPUs, torchrun --log-dir, torch 2.6 / NCCL 2.21.5 over IB.
The run finishes normally; only benign warnings."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("14-healthy")
VER = (2, 6)
NV = "2.21.5"
PYL = "/opt/venv/lib/python3.11/site-packages"
HOSTS = ["gpu-node-a", "gpu-node-b"]
IPS = ["10.9.8.1", "10.9.8.2"]
NLOC, N = 4, 8
RUNDIR = "sft-mistral_6d1l0rq8"
T0 = ts("2025-04-02 12:00:03.500")

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 40110 + n, seed=14), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 40150 + L * 2 + n, rank=n * NLOC + L, local=L, seed=14)
        p.commid = "0xae51c3097b2d48f6"
        procs.append(p)
for a in agents:
    a.start(T0 + ms(300), NLOC)

for p in procs:
    t = T0 + secs(8) + ms(p.local * 41 + p.rank)
    p.e(t, "%s - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, distributed training: True, compute dtype: torch.bfloat16"
        % (t.strftime("%m/%d/%Y %H:%M:%S"), p.rank, p.local))
    p.e(t + secs(20), "Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 3/3 [00:18<00:00,  6.02s/it]")
    ptr, t2 = nccl_init(p, t + secs(24), NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=4, ifname="ibp26s0", bus=BUS_A100)
    p.t0 = t2
p0 = procs[0]
t = max(p.t0 for p in procs) + secs(3)
for w, m in [("trainer.py:2369", "***** Running training *****"), ("trainer.py:2370", "  Num examples = 64,000"),
             ("trainer.py:2371", "  Num Epochs = 1"), ("trainer.py:2372", "  Instantaneous batch size per device = 4"),
             ("trainer.py:2375", "  Total train batch size (w. parallel, distributed & accumulation) = 128"),
             ("trainer.py:2376", "  Gradient Accumulation steps = 4"), ("trainer.py:2377", "  Total optimization steps = 500"),
             ("trainer.py:2378", "  Number of trainable parameters = 7,241,732,096")]:
    p0.e(t, hf_explicit(t, "INFO", w) + m)
rnd = Rnd(14)
loss = 1.52
tt = t
for step in range(10, 501, 10):
    tt += secs(10 * 7.81 + rnd.uniform(-0.4, 0.4))
    loss = max(0.7, loss - 0.006 + rnd.uniform(-0.02, 0.02))
    p0.o(tt, "{'loss': %s, 'grad_norm': %s, 'learning_rate': %r, 'epoch': %s}"
         % (round(loss, 4), repr(round(rnd.uniform(0.35, 0.8), 16)), 2e-05 * (1 - step / 500.0) if step > 15 else 2e-05 * step / 15, round(step / 500.0, 2)))
    if step % 250 == 0:
        p0.e(tt + secs(1), hf_explicit(tt + secs(1), "INFO", "trainer.py:3910") + "Saving model checkpoint to /out/sft-mistral/checkpoint-%d" % step)
        p0.e(tt + secs(1), hf_explicit(tt + secs(1), "INFO", "configuration_utils.py:420") + "Configuration saved in /out/sft-mistral/checkpoint-%d/config.json" % step)
        p0.e(tt + secs(40), hf_explicit(tt + secs(40), "INFO", "modeling_utils.py:3042") + "The model is bigger than the maximum size per checkpoint (5GB) and is going to be split in 3 checkpoint shards. You can find where each parameters has been saved in the index located at /out/sft-mistral/checkpoint-%d/model.safetensors.index.json." % step)
        tt += secs(41)
tt += secs(2)
p0.e(tt, hf_explicit(tt, "INFO", "trainer.py:2643") + "")
p0.e(tt, "")
p0.e(tt, "Training completed. Do not forget to share your model on huggingface.co/models =)")
p0.e(tt, "")
p0.e(tt, "")
p0.o(tt, "{'train_runtime': %.4f, 'train_samples_per_second': %.3f, 'train_steps_per_second': %.3f, 'train_loss': %s, 'epoch': 1.0}"
     % ((tt - t).total_seconds(), 64000 / (tt - t).total_seconds(), 500 / (tt - t).total_seconds(), round(1.3118, 4)))
te = tt + secs(50)
for p in procs:
    x = te + ms(p.rnd.randrange(0, 300))
    p.e(x, "[rank%d]:[W402 %s.%s ProcessGroupNCCL.cpp:1476] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())"
        % (p.rank, x.strftime("%H:%M:%S"), p.rnd.nsec(x)))

for p in procs:
    d = "%s/logs/%s/attempt_0/%d" % (p.host, RUNDIR, p.local)
    S.write(d + "/stdout.log", stream_lines(p, "out"))
    S.write(d + "/stderr.log", stream_lines(p, "err"))
for n, a in enumerate(agents):
    S.write("%s/torchrun.log" % HOSTS[n], stream_lines(a.p, "err"))

S.expected({
    "verdict.status": "healthy",
    "verdict.likely_cause.id": "none",
    "verdict.first_failure": None,
    "verdict.hang": None,
    "verdict.other_causes": [],
    "run.ranks": 8,
    "run.hosts": 2,
    "config.micro_batch_size": 4,
    "config.grad_accum_steps": 4,
    "config.global_batch_size": 128,
    "training.first_nonfinite_step": None,
    "!findings[].id": ["socket_fallback", "nccl_version_mismatch", "nonfinite_loss", "loss_scale_collapse", "gbs_mismatch",
                       "clock_skew", "gpu_xid", "fp16_in_use", "straggler", "tp_crosses_nodes", "loss_spike",
                       "throughput_drop", "low_mfu"],
})
S.readme("""
# 14-healthy

Story: HF Trainer SFT of Mistral-7B, bf16, 2 nodes x 4 A100 over IB (`torchrun --log-dir`), 500 optimizer steps
(mbs 4 x accum 4 x 8 ranks = 128, consistent). Two checkpoints are saved and the run ends with `Training completed`
and the final `train_runtime` dict. Benign noise only: each rank's exit warning
`destroy_process_group() was not called before program exit`.
Layout: `<host>/logs/sft-mistral_6d1l0rq8/attempt_0/<local_rank>/{stdout,stderr}.log` and `<host>/torchrun.log`.
Versions: torch 2.6, NCCL 2.21.5 (IB, GDRDMA channels), transformers ~4.49.
Modelled on the HF Trainer lines in formats-training.md and excerpt train-025 (dict logs).
""")
