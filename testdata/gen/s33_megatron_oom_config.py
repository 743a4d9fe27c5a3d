"""33-megatron-oom-config: Megatron-LM (mid-2024) GPT pre-training, bf16, TP=2 PP=2 DP=4 on 2 nodes x 8 GPUs,
srun --label, NGC 24.05 (torch 2.4, NCCL 2.21.5). Micro batch 4, global batch 1024 (64 micro-batches per step),
sequence 8192, no activation recomputation, no distributed optimizer. Rank 11 runs out of GPU memory in the
forward pass of the first iteration; the remediation must be in the run's own numbers."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("33-megatron-oom-config")
VER = (2, 4)
NV = "2.21.5"
JOB = 6120447
T0 = ts("2024-08-06 14:02:51.118")
HOSTS = ["gpu-c07", "gpu-c08"]
IPS = ["10.70.3.7", "10.70.3.8"]
NLOC, N = 8, 16
TP, PP, DP = 2, 2, 4
MBS, GBS, SEQ = 4, 1024, 8192
OOM_RANK = 11
ML = "/workspace/megatron-lm"

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 2210318 + n * 1000 + L * 17, rank=n * NLOC + L, local=L, seed=33)
        p.commid = "0x41d7c0e98a3f5b62"
        procs.append(p)
p0 = procs[0]

slurm = Proc("slurm", 2, seed=33)
slurm.o(T0, "+ srun --label --ntasks-per-node=8 --cpu-bind=none python pretrain_gpt.py "
        "--tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 --num-layers 40 --hidden-size 5120 "
        "--num-attention-heads 40 --seq-length 8192 --max-position-embeddings 8192 --micro-batch-size 4 "
        "--global-batch-size 1024 --train-iters 250000 --lr 1.5e-4 --min-lr 1.5e-5 --lr-decay-style cosine --bf16 "
        "--use-flash-attn --log-interval 1 --save-interval 1000 --save /lustre/ckpt/gpt-13b "
        "--load /lustre/ckpt/gpt-13b --data-path /lustre/data/slimpajama_text_document")

t = T0 + secs(8)
p0.olines(t, ["using world size: 16, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 2, "
              "pipeline-model-parallel size: 2 ",
              "WARNING: Setting args.overlap_p2p_comm to False since non-interleaved schedule does not support overlapping p2p communication",
              "accumulate and all-reduce gradients in fp32 for bfloat16 data type.",
              "using torch.bfloat16 for parameters ..."])
args = {"accumulate_allreduce_grads_in_fp32": "True", "adam_beta1": "0.9", "adam_beta2": "0.95", "adam_eps": "1e-08",
        "bf16": "True", "clip_grad": "1.0", "context_parallel_size": "1", "data_parallel_size": str(DP),
        "expert_model_parallel_size": "1", "ffn_hidden_size": "13824", "fp16": "False",
        "global_batch_size": str(GBS), "hidden_size": "5120", "init_method_std": "0.02", "load": "/lustre/ckpt/gpt-13b",
        "log_interval": "1", "lr": "0.00015", "lr_decay_style": "cosine", "micro_batch_size": str(MBS),
        "min_lr": "1.5e-05", "num_attention_heads": "40", "num_layers": "40", "params_dtype": "torch.bfloat16",
        "pipeline_model_parallel_size": str(PP), "recompute_granularity": "None", "recompute_method": "None",
        "recompute_num_layers": "None", "save": "/lustre/ckpt/gpt-13b", "save_interval": "1000",
        "seq_length": str(SEQ), "sequence_parallel": "False", "tensor_model_parallel_size": str(TP),
        "train_iters": "250000", "use_distributed_optimizer": "False", "use_flash_attn": "True",
        "weight_decay": "0.1", "world_size": str(N)}
p0.olines(t + ms(3), megatron_args(args))
p0.olines(t + ms(6), ["setting number of micro-batches to constant %d" % (GBS // (MBS * DP)),
                      "> building GPT2BPETokenizer tokenizer ...",
                      " > padded vocab (size: 50257) with 47 dummy tokens (new size: 50304)",
                      "> initializing torch distributed ..."])

for p in procs:
    tt = T0 + secs(15) + ms(p.rank * 9)
    nccl_init(p, tt, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=8)

t = T0 + secs(38)
p0.olines(t, ["> initialized tensor model parallel with size 2", "> initialized pipeline model parallel with size 2",
              "> setting random seeds to 1234 ...", "time to initialize megatron (seconds): 29.716",
              "[after megatron is initialized] datetime: 2024-08-06 14:03:29 ", "building GPT model ..."])
for p in procs[:TP * PP]:
    p.o(t + secs(3), " > number of parameters on (tensor, pipeline) model parallel rank (%d, %d): 3264102400"
        % (p.rank % TP, p.rank // TP % PP))
p0.olines(t + secs(5), ["[after model, optimizer, and learning rate scheduler are built] datetime: 2024-08-06 14:03:35 ",
                        "> building train, validation, and test datasets ...",
                        "[after dataloaders are built] datetime: 2024-08-06 14:03:47 ",
                        "done with setup ...", "training ...",
                        "[before the start of training step] datetime: 2024-08-06 14:03:47 "])

# iteration 1, forward pass of the first micro-batch: rank 11 (a first-stage rank of its pipeline) is out of memory
t_oom = ts("2024-08-06 14:03:52.804")
bad = procs[OOM_RANK]
oom = oom_msg(VER, "2.50 GiB", bad.local, "79.11 GiB", "1.37 GiB", "77.73 GiB", "74.12 GiB", "1.93 GiB")
tb = traceback([(ML + "/pretrain_gpt.py", 243, "<module>", "pretrain("),
                (ML + "/megatron/training/training.py", 321, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                (ML + "/megatron/training/training.py", 1208, "train", "train_step(forward_step_func,"),
                (ML + "/megatron/training/training.py", 656, "train_step", "losses_reduced = forward_backward_func("),
                (ML + "/megatron/core/pipeline_parallel/schedules.py", 1253, "forward_backward_pipelining_without_interleaving",
                 "output_tensor, num_tokens = forward_step("),
                (ML + "/megatron/core/pipeline_parallel/schedules.py", 275, "forward_step",
                 "output_tensor, loss_func = forward_step_func(data_iterator, model)"),
                (ML + "/pretrain_gpt.py", 205, "forward_step", "output_tensor = model(tokens, position_ids, attention_mask,"),
                (PY + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (ML + "/megatron/core/transformer/attention.py", 341, "forward", "core_attn_out = self.core_attention("),
                ], oom, prefix="[rank%d]: " % OOM_RANK)
bad.elines(t_oom, tb)
slurm.e(t_oom + secs(2), "srun: error: gpu-c08: task %d: Exited with exit code 1" % OOM_RANK)
slurm.e(t_oom + secs(2) + ms(40), "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % JOB)
slurm.e(t_oom + secs(3), "srun: error: gpu-c07: tasks 0-7: Terminated")
slurm.e(t_oom + secs(3) + ms(20), "srun: error: gpu-c08: tasks 8-10,12-15: Terminated")

S.write("slurm-%d.out" % JOB, merged([slurm] + procs, prefix=srun_label(N)))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": OOM_RANK,
    "verdict.first_failure.host": "gpu-c08",
    "config.micro_batch_size": MBS,
    "config.global_batch_size": GBS,
    "config.grad_accum_steps": GBS // (MBS * DP),
    "config.data_parallel_size": DP,
    "config.tensor_parallel_size": TP,
    "config.pipeline_parallel_size": PP,
    "config.context_parallel_size": 1,
    "config.expert_parallel_size": 1,
    "config.seq_length": SEQ,
    "config.world_size": N,
    "config.dtype": "bf16",
    "config.activation_checkpointing": "none",
    "config.sharding": "ddp",
    "config.derived": [],
    "!findings[].id": ["gbs_mismatch", "parallel_size_mismatch", "fp16_in_use", "clock_skew"],
})
S.readme("""
# 33-megatron-oom-config

Story: Megatron-LM GPT-13B bf16 pre-training on 2 nodes x 8 H100, TP=2, PP=2, DP=4, micro batch 4, global batch
1024 (64 micro-batches per step), sequence 8192, no activation recomputation (`recompute_granularity None`) and
no distributed optimizer. In the forward pass of the first iteration rank 11 (gpu-c08) runs out of GPU memory;
srun terminates the step. The configuration comes from the argument dump, the `using world size` banner and the
`set -x` command line; accumulation is stated (`setting number of micro-batches to constant 64`). The remediation says: micro batch 2 with
accumulation 128 keeps the global batch of 1024; turn recomputation on; shard (FSDP2, ZeRO, or Megatron's
distributed optimizer). Consistent sizes: no gbs_mismatch, no parallel_size_mismatch; bf16: no fp16_in_use.
Layout: one `slurm-6120447.out` from `srun --label` (one task per GPU).
Versions: Megatron-LM mid-2024, NGC 24.05 torch 2.4 / NCCL 2.21.5.
Modelled on excerpts train-039 (argument dump, world banner), train-053 (2.4 OOM text), train-057/-059 (srun lines).
""")
