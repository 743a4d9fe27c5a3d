"""03-loss-divergence: Megatron-LM (core_r0.7-era, mid-2024) GPT pre-training, bf16, 2 nodes x 8 GPUs,
srun --label one task per GPU, NGC 24.05 (torch 2.4.0a0, NCCL 2.21.5).  At iteration 1843 the grad norm is nan
(bf16 gradient reduce overflowed after the local pre-collective check); the optimizer applies it, and at
iteration 1844 every rank's forward-loss NaN check fires."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("03-loss-divergence")
VER = (2, 4)
NV = "2.21.5"
JOB = 5523190
T0 = ts("2024-06-18 09:41:12.402")
HOSTS = ["dgx-b12", "dgx-b13"]
IPS = ["10.60.12.12", "10.60.12.13"]
NLOC, N = 8, 16
TP, DP = 4, 4
START_IT, NAN_IT = 1700, 1843
ML = "/workspace/megatron-lm"

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 1630442 + n * 1000 + L * 13, rank=n * NLOC + L, local=L, seed=3)
        p.commid = "0x9b7e1d0c55a2f318"
        procs.append(p)
last = procs[-1]
p0 = procs[0]

slurm = Proc("slurm", 2, seed=3)
slurm.o(T0, "+ srun --label --ntasks-per-node=8 --cpu-bind=none python pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 1 --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 --max-position-embeddings 4096 --micro-batch-size 4 --global-batch-size 512 --train-iters 500000 --lr 3.0e-4 --min-lr 3.0e-5 --lr-decay-style cosine --bf16 --use-flash-attn --use-distributed-optimizer --log-interval 1 --save-interval 500 --save /lustre/ckpt/gpt-7b --load /lustre/ckpt/gpt-7b --data-path /lustre/data/pile_text_document")

t = T0 + secs(9)
p0.olines(t, ["using world size: 16, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 1 ",
              "WARNING: Setting args.overlap_p2p_comm to False since non-interleaved schedule does not support overlapping p2p communication",
              "accumulate and all-reduce gradients in fp32 for bfloat16 data type.",
              "using torch.bfloat16 for parameters ..."])
args = {"accumulate_allreduce_grads_in_fp32": "True", "adam_beta1": "0.9", "adam_beta2": "0.95", "adam_eps": "1e-08",
        "bf16": "True", "check_for_nan_in_loss_and_grad": "True", "clip_grad": "1.0", "data_parallel_size": "4",
        "ffn_hidden_size": "11008", "fp16": "False", "global_batch_size": "512", "hidden_size": "4096", "init_method_std": "0.02",
        "load": "/lustre/ckpt/gpt-7b", "log_interval": "1", "lr": "0.0003", "lr_decay_style": "cosine",
        "micro_batch_size": "4", "min_lr": "3e-05", "num_attention_heads": "32", "num_layers": "32",
        "params_dtype": "torch.bfloat16", "pipeline_model_parallel_size": "1", "recompute_granularity": "None",
        "save": "/lustre/ckpt/gpt-7b", "save_interval": "500", "seq_length": "4096", "sequence_parallel": "True",
        "tensor_model_parallel_size": "4", "train_iters": "500000", "use_distributed_optimizer": "True",
        "use_flash_attn": "True", "weight_decay": "0.1", "world_size": "16"}
p0.olines(t + ms(3), megatron_args(args))
p0.olines(t + ms(6), ["setting number of micro-batches to constant 32", "> building GPT2BPETokenizer tokenizer ...",
                      " > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)",
                      "> initializing torch distributed ..."])

# NCCL: world comm, then the TP and DP communicators Megatron creates (largest comm = world, 16 ranks)
for p in procs:
    tt = T0 + secs(16) + ms(p.rank * 11)
    ptr, t2 = nccl_init(p, tt, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=8)
    for (kind, nr, cr) in (("tp", TP, p.rank % TP), ("dp", DP, p.rank // TP)):
        sub = p.rnd.hexptr()
        grp = p.rank // TP if kind == "tp" else p.rank % TP
        cid = "0x%016x" % Rnd(3000 + grp * 2 + (kind == "dp")).getrandbits(64)
        L = p.local
        t2 += ms(240)
        p.o(t2, p.np("init_" + kind) + "NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
            % (sub, cr, nr, L, L, busid(BUS_H100[L]), cid))
        p.o(t2 + ms(80), p.np("init_" + kind) + "NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
            % (sub, cr, nr, 1 if kind == "tp" else 2, nr if kind == "tp" else 2, cr if kind == "tp" else cr % 2))
        p.o(t2 + ms(160), p.np("init_" + kind) + "NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
            % (sub, cr, nr, L, L, busid(BUS_H100[L]), cid))
t = T0 + secs(40)
p0.olines(t, ["> initialized tensor model parallel with size 4", "> initialized pipeline model parallel with size 1",
              "> setting random seeds to 1234 ...", "> compiling dataset index builder ...",
              "make: Entering directory '/workspace/megatron-lm/megatron/core/datasets'",
              "make: Nothing to be done for 'default'.",
              "make: Leaving directory '/workspace/megatron-lm/megatron/core/datasets'",
              ">>> done with dataset index builder. Compilation time: 0.052 seconds",
              "> compiling and loading fused kernels ...",
              ">>> done with compiling and loading fused kernels. Compilation time: 2.911 seconds",
              "time to initialize megatron (seconds): 31.204",
              "[after megatron is initialized] datetime: 2024-06-18 09:41:52 ",
              "building GPT model ..."])
for p in procs[:TP]:
    p.o(t + secs(3), " > number of parameters on (tensor, pipeline) model parallel rank (%d, 0): 1750614016" % p.rank)
p0.olines(t + secs(5), [" loading checkpoint from /lustre/ckpt/gpt-7b at iteration 1700",
                        " successfully loaded checkpoint from /lustre/ckpt/gpt-7b [ t 0, p 0 ] at iteration 1700",
                        "(min, max) time across ranks (ms):",
                        "    load-checkpoint ................................: (21344.52, 21345.87)",
                        "[after model, optimizer, and learning rate scheduler are built] datetime: 2024-06-18 09:42:19 ",
                        "> building train, validation, and test datasets ...",
                        " > datasets target sizes (minimum size):",
                        "    train:      256000000",
                        "    validation: 25612800",
                        "    test:       5120",
                        "[after dataloaders are built] datetime: 2024-06-18 09:42:31 ",
                        "done with setup ...",
                        "training ...",
                        "[before the start of training step] datetime: 2024-06-18 09:42:31 "])

rnd = Rnd(3)
tstep = ts("2024-06-18 09:42:31.500")
loss = 2.7403
for it in range(START_IT + 1, NAN_IT + 1):
    dur = 5834.2 + rnd.uniform(-25, 25) if it > START_IT + 1 else 9812.7
    tstep += ms(dur)
    loss = loss - 0.00012 + rnd.uniform(-0.012, 0.012)
    lr = 3.0e-4 * (0.5 * (1 + __import__("math").cos(3.14159265 * it / 500000))) if it > 2000 else 3.0e-4
    gn = "%.3f" % (0.23 + rnd.uniform(-0.03, 0.05))
    if it == NAN_IT:
        gn = "nan"
    tflops = 6.81e15 / dur / 1e12 * 0.35
    line = (" %s iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.3E | global batch size: %5d | lm loss: %.6E | "
            "loss scale: 1.0 | grad norm: %s | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (f_megatron(tstep), it, 500000, it * 512, dur, 409.7 * 5834.2 / dur, lr, 512, loss, gn, 0, 0))
    last.o(tstep, line)
    if it == START_IT + 1:
        for p in procs[:TP]:
            p.o(tstep + ms(2), "[Rank %d] (after %d iterations) memory (MB) | allocated: 18233.41 | max allocated: 52011.96 | reserved: 56302.00 | max reserved: 56302.00"
                % (p.rank, it))
    if it % 50 == 0:
        last.olines(tstep + ms(3), ["(min, max) time across ranks (ms):",
                                    "    forward-backward ...............................: (%.2f, %.2f)" % (dur - 61.2, dur - 60.4),
                                    "    optimizer ......................................: (48.11, 48.93)"])
    if it % 500 == 0:
        p0.o(tstep + secs(1), "saving checkpoint at iteration %7d to /lustre/ckpt/gpt-7b in torch_dist format" % it)

# iteration 1844: forward loss is NaN on every rank -> AssertionError
t_fail = tstep + ms(2960)
for p in procs:
    tt = t_fail + ms(p.rnd.randrange(0, 30))
    tb = traceback([(ML + "/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    (ML + "/megatron/training/training.py", 321, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                    (ML + "/megatron/training/training.py", 1208, "train", "train_step(forward_step_func,"),
                    (ML + "/megatron/training/training.py", 656, "train_step", "losses_reduced = forward_backward_func("),
                    (ML + "/megatron/core/pipeline_parallel/schedules.py", 448, "forward_backward_no_pipelining", "output_tensor, num_tokens = forward_step("),
                    (ML + "/megatron/core/pipeline_parallel/schedules.py", 293, "forward_step", "outputs = loss_func(output_tensor)"),
                    (ML + "/pretrain_gpt.py", 152, "loss_func", "assert not loss[0].isnan(), (")],
                   "AssertionError: Rank %d: found NaN in local forward loss calculation. Device: %d, node: %s"
                   % (p.rank, p.local, p.host), prefix="[rank%d]: " % p.rank)
    p.elines(tt, tb)
tl = t_fail + secs(4)
slurm.e(tl, "srun: error: dgx-b13: tasks 8-15: Exited with exit code 1")
slurm.e(tl + ms(300), "srun: error: dgx-b12: tasks 0-7: Exited with exit code 1")

S.write("slurm-%d.out" % JOB, merged([slurm] + procs, prefix=srun_label(N)))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "loss_divergence",
    "training.first_nonfinite_step": NAN_IT,
    "training.last_step": NAN_IT,
    "config.micro_batch_size": 4,
    "config.global_batch_size": 512,
    "config.tensor_parallel_size": 4,
    "config.pipeline_parallel_size": 1,
    "config.data_parallel_size": 4,
    "config.seq_length": 4096,
    "run.ranks": 16,
    "run.hosts": 2,
    "findings[].id": ["nonfinite_loss"],
    "!findings[].id": ["fp16_in_use", "loss_scale_collapse", "gbs_mismatch", "clock_skew"],
})
S.readme("""
# 03-loss-divergence

Story: Megatron-LM GPT-7B bf16 pre-training (TP=4, DP=4, mbs 4, gbs 512, seq 4096) resumed from iteration 1700
on 2 nodes x 8 H100. Iteration 1843 logs `grad norm: nan` (lm loss still finite); the update poisons the
weights and at iteration 1844 every rank's `--check-for-nan-in-loss-and-grad` assertion fires
(`found NaN in local forward loss calculation`). No fp16, no loss scaler: loss_divergence, first non-finite step 1843.
Layout: one `slurm-5523190.out` from `srun --label` (one task per GPU, labels padded to width 2 as srun does for 16 tasks).
Versions: Megatron-LM mid-2024 (timestamped iteration lines, `%.3E` lr), NGC 24.05 torch 2.4 / NCCL 2.21.5; TP/DP
sub-communicators give extra `Init COMPLETE` lines with nranks 4.
Modelled on excerpts train-007/-009 (iteration lines), train-039 (argument dump), train-057/-059 (srun lines).
""")
