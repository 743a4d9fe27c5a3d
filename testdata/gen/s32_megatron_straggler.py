"""32-megatron-straggler: Megatron-LM (core_r0.9-era) GPT 7B pre-training in fp16 with --log-straggler and
--log-throughput, 2 nodes x 8 H100, TP 2 x DP 8, srun --label, NGC 24.09 (torch 2.5, NCCL 2.22.3). The fp16 loss scale
calibrates in the first 30 iterations (every iteration skipped while it halves down from 2^32, no loss printed), then
trains normally. From iteration 200 the GPU of rank 13 (dgx-h12, GPU 5) runs at reduced clocks: Megatron's straggler
detector names rank 13 as the slowest of every interval, ~30% above the fastest, and every iteration gets slower with
it. The run reaches its 600 iterations."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("32-megatron-straggler")
NV = "2.22.3"
JOB = 8841207
T0 = ts("2024-11-05 07:12:40.118")
HOSTS = ["dgx-h11", "dgx-h12"]
IPS = ["10.80.1.11", "10.80.1.12"]
NLOC, N = 8, 16
TP, DP = 2, 8
ITERS, LOG = 600, 10
SLOW_FROM, SLOW_RANK = 200, 13
GBS, SEQ = 256, 4096
ML = "/workspace/megatron-lm"

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 3310200 + n * 1000 + L * 11, rank=n * NLOC + L, local=L, seed=32)
        p.commid = "0x51c07e2b9d84af36"
        procs.append(p)
last = procs[-1]
p0 = procs[0]
slurm = Proc("slurm", 2, seed=32)
uid = Rnd(3200)
slurm.olines(T0 - secs(2), ["+ nvidia-smi -L"] + ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-%04x-%04x-%04x-%012x)"
                                                  % (g, uid.getrandbits(32), uid.getrandbits(16), uid.getrandbits(16),
                                                     uid.getrandbits(16), uid.getrandbits(48)) for g in range(NLOC)])
slurm.o(T0, "+ srun --label --ntasks-per-node=8 --cpu-bind=none python pretrain_gpt.py --tensor-model-parallel-size 2 "
        "--pipeline-model-parallel-size 1 --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 "
        "--max-position-embeddings 4096 --micro-batch-size 2 --global-batch-size 256 --train-iters 600 --lr 3.0e-4 "
        "--fp16 --initial-loss-scale 4294967296 --log-interval 10 --log-throughput --log-straggler "
        "--use-distributed-optimizer --data-path /lustre/data/slimpajama_text_document")

t = T0 + secs(9)
p0.olines(t, ["using world size: 16, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 2, "
              "pipeline-model-parallel size: 1 ",
              "using torch.float16 for parameters ..."])
args = {"bf16": "False", "data_parallel_size": "8", "fp16": "True", "global_batch_size": str(GBS), "hidden_size": "4096",
        "initial_loss_scale": "4294967296.0", "log_interval": str(LOG), "log_straggler": "True", "log_throughput": "True",
        "loss_scale": "None", "loss_scale_window": "1000", "lr": "0.0003", "micro_batch_size": "2", "min_loss_scale": "1.0",
        "num_attention_heads": "32", "num_layers": "32", "params_dtype": "torch.float16",
        "pipeline_model_parallel_size": "1", "seq_length": str(SEQ), "tensor_model_parallel_size": str(TP),
        "train_iters": str(ITERS), "use_distributed_optimizer": "True", "world_size": str(N)}
p0.olines(t + ms(3), megatron_args(args))
for p in procs:
    tt = T0 + secs(16) + ms(p.rank * 11)
    ptr, t2 = nccl_init(p, tt, NV, "12.6", N, NLOC, IPS[p.rank // NLOC], hcas=8)
t = T0 + secs(42)
p0.olines(t, ["> initialized tensor model parallel with size 2", "> initialized pipeline model parallel with size 1",
              "> setting random seeds to 1234 ...", "time to initialize megatron (seconds): 30.911",
              "[after megatron is initialized] datetime: 2024-11-05 07:13:22 ", "building GPT model ..."])
for p in procs[:TP]:
    p.o(t + secs(3), " > number of parameters on (tensor, pipeline) model parallel rank (%d, 0): 3369205760" % p.rank)
p0.olines(t + secs(5), ["[after model, optimizer, and learning rate scheduler are built] datetime: 2024-11-05 07:13:31 ",
                        "> building train, validation, and test datasets ...",
                        "[after dataloaders are built] datetime: 2024-11-05 07:13:40 ", "done with setup ...",
                        "training ...", "[before the start of training step] datetime: 2024-11-05 07:13:40 "])

rnd = Rnd(32)
tstep = ts("2024-11-05 07:13:40.500")
loss = 10.92
scale = 4294967296.0
skipped_total = 0
for it in range(LOG, ITERS + 1, LOG):
    slow = it > SLOW_FROM
    dur = (5900.0 * (1.31 if slow else 1.0)) + rnd.uniform(-15, 15)
    tstep += ms(dur * LOG)
    # fp16 calibration: with hysteresis 2, two overflows per halving
    skipped = 0
    if it <= 30:
        skipped = LOG
        scale /= 2 ** (LOG // 2)
    tput = 6.0 * 6738411520 * GBS * SEQ / (dur / 1000.0) / N / 1e12 * 1.19
    head = (" %s iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | "
            % (f_megatron(tstep), it, ITERS, it * GBS, dur, tput, 3.0e-4 * min(1.0, it / 100.0) if it > 30 else 0.0, GBS))
    if skipped:
        line = head + "loss scale: %.1f | number of skipped iterations: %3d | number of nan iterations: %3d |" % (scale, skipped, 0)
    else:
        loss = max(2.6, loss * 0.985 + rnd.uniform(-0.01, 0.01))
        line = head + ("lm loss: %.6E | loss scale: %.1f | grad norm: %.3f | number of skipped iterations: %3d | "
                       "number of nan iterations: %3d |" % (loss, scale, 0.42 + rnd.uniform(-0.05, 0.05), 0, 0))
    last.o(tstep, line)
    # the straggler detector report, from rank 0
    fast = 5870.0 + rnd.uniform(-4, 4)
    if slow:
        hi, slow_rank, clk = fast * 1.30 + rnd.uniform(-10, 10), SLOW_RANK, "1410MHz/%d" % SLOW_RANK
        etpt_lo, etpt_lo_rank = "%.2fTF/%d" % (tput * 0.77, SLOW_RANK), SLOW_RANK
    else:
        hi, slow_rank, clk = fast * 1.004, rnd.randrange(0, N), "1950MHz/%d" % rnd.randrange(0, N)
        etpt_lo = "%.2fTF/%d" % (tput * 0.996, rnd.randrange(0, N))
    p0.o(tstep + ms(40), "INFO:megatron.core.utils:%s | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | "
         "MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/%d | "
         "MnClk/Rnk: %s | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %s | "
         "MxEtpt/Rnk: %.2fTF/%d"
         % (f_megatron(tstep), fast, rnd.randrange(0, N), hi, slow_rank, 598000 + rnd.randrange(0, 9000), rnd.randrange(0, N),
            684000 + rnd.randrange(0, 9000), rnd.randrange(0, N), 51 + rnd.randrange(0, 3), rnd.randrange(0, N),
            63 + rnd.randrange(0, 4), rnd.randrange(0, N), 96 + rnd.randrange(0, 3), rnd.randrange(0, N), rnd.randrange(0, N),
            clk, rnd.randrange(0, N), 13.8 + rnd.uniform(0, 1), rnd.randrange(0, N), 33.9 + rnd.uniform(0, 2),
            rnd.randrange(0, N), etpt_lo, tput * 1.003, rnd.randrange(0, N)))
te = tstep + secs(2)
last.o(te, "[after training is done] datetime: %s " % te.strftime("%Y-%m-%d %H:%M:%S"))

S.write("slurm-%d.out" % JOB, merged([slurm] + procs, prefix=srun_label(N)))

S.expected({
    "verdict.likely_cause.id": "none",
    "verdict.first_failure": None,
    "training.last_step": ITERS,
    "training.first_nonfinite_step": None,
    "training.params": 6738411520,
    "training.gpu": "NVIDIA H100 80GB HBM3",
    "training.mfu_source": "params",
    "findings[].id": ["straggler"],
    "!findings[].id": ["nonfinite_loss", "loss_scale_collapse", "loss_spike", "throughput_drop", "low_mfu"],
})
S.readme("""
# 32-megatron-straggler

Story: Megatron-LM GPT 7B pre-training in fp16, 2 nodes x 8 H100, TP 2 x DP 8, `srun --label`, `--log-interval 10`,
`--log-throughput`, `--log-straggler`. The fp16 loss scale calibrates first: the intervals up to iteration 30 are all
skipped iterations (no `lm loss`, `loss scale` halving down from 2^32) - normal, so no `loss_scale_collapse` and no
`nonfinite_loss`. From iteration %d the GPU of rank %d (dgx-h12, GPU 5) runs at reduced clocks (`MnClk/Rnk: 1410MHz/13`):
Megatron's straggler detector names rank 13 as the slowest (`MxRtt/Rnk`) in every report from then on, ~30%% above the
fastest; every iteration slows with it (5.9 s -> 7.7 s, -24%%: under the 30%% of `throughput_drop`). `straggler`
names rank 13 and its host. The job script's `nvidia-smi -L` names the GPU; the MFU is computed from the parameters
(2 x 3,369,205,760 on the two tensor-parallel ranks), the batch (256 x 4096 tokens per iteration over 16 GPUs) and
the last iteration time against the H100's 989.4 TFLOPS: ~35%%, not low.
Negative for: `loss_scale_collapse`, `nonfinite_loss`, `loss_spike`, `throughput_drop`, `low_mfu`.
Layout: `slurm-%d.out`. Versions: NGC 24.09 (Megatron core_r0.9, torch 2.5, NCCL %s).
Modelled on the Megatron iteration lines of formats-training.md 1.5 (2024 form with throughput, fp16 warm-up with all
iterations skipped) and the StragglerDetector line of Megatron-LM's README_STRAGGLER.md.
""" % (SLOW_FROM, SLOW_RANK, JOB, NV))
