"""38-layout: Megatron-LM GPT pre-training on 4 nodes x 4 GPUs (A100 PCIe-switch boxes), srun --label, NGC 24.05
(torch 2.4.0a0, NCCL 2.21.5), tensor parallel 8 over 4-GPU nodes, data parallel 2.  The job runs, slowly:
its tensor-parallel groups (ranks 0-7, 8-15) each span two nodes; gpu-c03 lost a port (mlx5_3) and NCCL lists
three HCAs there instead of four; gpu-c04 lacks the nvidia-peermem module, so NCCL disables GPU Direct RDMA
there and its InfiniBand channels carry no GDRDMA.  Nothing fails within the bundle."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("38-layout")
VER = (2, 4)
NV = "2.21.5"
JOB = 7781204
T0 = ts("2024-09-03 17:12:44.118")
HOSTS = ["gpu-c01", "gpu-c02", "gpu-c03", "gpu-c04"]
IPS = ["10.70.3.1", "10.70.3.2", "10.70.3.3", "10.70.3.4"]
NLOC, N = 4, 16
TP, DP = 8, 2
HCAS = {"gpu-c03": 3}
NO_GDR = "gpu-c04"
START_IT, LAST_IT = 300, 360

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        p = Proc(h, 884210 + n * 1000 + L * 17, rank=n * NLOC + L, local=L, seed=38)
        p.commid = "0x6c2d9e0a17f43b85"
        procs.append(p)
last = procs[-1]
p0 = procs[0]

slurm = Proc("slurm", 2, seed=38)
slurm.o(T0, "+ srun --label --ntasks-per-node=4 --cpu-bind=none python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 4096 --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 256 --train-iters 200000 --lr 1.5e-4 --min-lr 1.5e-5 --lr-decay-style cosine --bf16 --use-flash-attn --log-interval 1 --save-interval 1000 --save /lustre/ckpt/gpt-13b --load /lustre/ckpt/gpt-13b --data-path /lustre/data/pile_text_document")

t = T0 + secs(9)
p0.olines(t, ["using world size: 16, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ",
              "using torch.bfloat16 for parameters ..."])
args = {"bf16": "True", "data_parallel_size": "2", "fp16": "False", "global_batch_size": "256", "hidden_size": "5120",
        "load": "/lustre/ckpt/gpt-13b", "micro_batch_size": "1", "num_attention_heads": "40", "num_layers": "40",
        "params_dtype": "torch.bfloat16", "pipeline_model_parallel_size": "1", "save": "/lustre/ckpt/gpt-13b",
        "seq_length": "4096", "sequence_parallel": "True", "tensor_model_parallel_size": "8",
        "train_iters": "200000", "world_size": "16"}
p0.olines(t + ms(3), megatron_args(args))
p0.olines(t + ms(6), ["setting number of micro-batches to constant 128", "> initializing torch distributed ..."])

for p in procs:
    tt = T0 + secs(16) + ms(p.rank * 11)
    extra = ()
    if p.host == NO_GDR:
        extra = tuple("NET/IB : GPU Direct RDMA Disabled for HCA %d 'mlx5_%d' (no module)" % (i, i) for i in range(4))
    ptr, t2 = nccl_init(p, tt, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], bus=BUS_A100, hcas=HCAS.get(p.host, 4),
                        gdr=p.host != NO_GDR, extra=extra)
    # Megatron's tensor- and data-parallel communicators (ncclCommInitRank, commId shared by the group)
    for (kind, nr, cr) in (("tp", TP, p.rank % TP), ("dp", DP, p.rank // TP)):
        sub = p.rnd.hexptr()
        grp = p.rank // TP if kind == "tp" else p.rank % TP
        cid = "0x%016x" % Rnd(3800 + grp * 2 + (kind == "dp")).getrandbits(64)
        L = p.local
        t2 += ms(240)
        nnodes = TP // NLOC if kind == "tp" else DP
        p.o(t2, p.np("init_" + kind) + "NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START"
            % (sub, cr, nr, L, L, busid(BUS_A100[L]), cid))
        p.o(t2 + ms(80), p.np("init_" + kind) + "NCCL INFO comm %s rank %d nRanks %d nNodes %d localRanks %d localRank %d MNNVL 0"
            % (sub, cr, nr, nnodes, nr // nnodes, cr % (nr // nnodes)))
        p.o(t2 + ms(160), p.np("init_" + kind) + "NCCL INFO ncclCommInitRank comm %s rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
            % (sub, cr, nr, L, L, busid(BUS_A100[L]), cid))

t = T0 + secs(40)
p0.olines(t, ["> initialized tensor model parallel with size 8", "> initialized pipeline model parallel with size 1",
              "time to initialize megatron (seconds): 33.870", "building GPT model ..."])
rnd = Rnd(38)
tstep = t + secs(60)
loss = 2.9112
for it in range(START_IT + 1, LAST_IT + 1):
    dur = 24105.3 + rnd.uniform(-60, 60)
    tstep += ms(dur)
    loss = loss - 0.0003 + rnd.uniform(-0.01, 0.01)
    line = (" %s iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.3E | global batch size: %5d | lm loss: %.6E | "
            "loss scale: 1.0 | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (f_megatron(tstep), it, 200000, it * 256, dur, 41.3 * 24105.3 / dur, 1.5e-4, 256, loss,
               0.31 + rnd.uniform(-0.03, 0.05), 0, 0))
    last.o(tstep, line)

S.write("slurm-%d.out" % JOB, merged([slurm] + procs, prefix=srun_label(N)))

S.expected({
    "verdict.first_failure": None,
    "verdict.hang": None,
    "findings[].id": ["tp_crosses_nodes", "gdrdma_missing", "hca_count_mismatch"],
    "!findings[].id": ["socket_fallback", "nccl_version_mismatch", "gpu_idle_outlier"],
    "config.tensor_parallel_size": TP,
    "run.ranks": N,
    "run.hosts": 4,
})
S.readme("""
# 38-layout

Story: Megatron-LM GPT-13B pre-training on four PCIe A100 nodes (`gpu-c01`..`gpu-c04`, 4 GPUs each) with
`--tensor-model-parallel-size 8`: each tensor-parallel group (ranks 0-7, 8-15) spans two nodes, so every
tensor-parallel all-reduce crosses InfiniBand. `gpu-c03` lost a port: NCCL's `NET/IB : Using` lists three HCAs there
(`mlx5_0..2`) and four elsewhere. `gpu-c04` lacks the `nvidia-peermem` module: NCCL prints `NET/IB : GPU Direct RDMA
Disabled for HCA N 'mlx5_N' (no module)` and its channels say `via NET/IB/N` without `/GDRDMA`. The job runs at
~41 TFLOP/s per GPU; nothing fails within the bundle.

What faultline must say: `tp_crosses_nodes` (a tensor-parallel communicator spans hosts), `gdrdma_missing` (gpu-c04),
`hca_count_mismatch` (gpu-c03 lists 3 where the others list 4); not `socket_fallback` (every host has IB) nor
`nccl_version_mismatch`.
Layout: `slurm-7781204.out`, srun `--label` (one task per GPU).
Versions: NGC 24.05 (torch 2.4.0a0, NCCL 2.21.5: `ncclCommInitRank ... commId ... - Init START|COMPLETE`,
`NET/IB : Using [0]mlx5_0:1/IB ... [RO]; OOB eth0:...`), Megatron-LM core_r0.7-era log lines.
Modelled on excerpts nccl-019 (GDRDMA transport lines), nccl-027 (IB device list), NCCL src/transport/net_ib.cc
(`GPU Direct RDMA Disabled for HCA %d '%s' (no module)`), and scenario 03's Megatron iteration lines.
""")
