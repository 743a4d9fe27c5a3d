"""31-nanotron-low-mfu: nanotron Llama-style 1.7B pre-training, bf16, 2 nodes x 8 H100 (Slurm, torchrun per node, one
output file). nanotron logs tokens/s per GPU and model TFLOPS but no MFU; the job script printed nvidia-smi and
nanotron its parameter count, so the MFU is computed: 6 x 1.71e9 x ~9.4K tokens/s per GPU over the H100's 989.4
TFLOPS dense bf16 peak, about 10%: low_mfu (needs work). Numbers come with nanotron's SI suffixes (`9.41K`, `85.2M`).
The loss falls smoothly; the run ends by itself."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("31-nanotron-low-mfu")
NV = "2.21.5"
JOB = 3318870
T0 = ts("2025-03-04 16:20:11.000")
HOSTS = ["ip-26-0-161-78", "ip-26-0-161-103"]
IPS = ["26.0.161.78", "26.0.161.103"]
NLOC, N = 8, 16
ITERS = 120
GBS, SEQ = 256, 2048
PARAMS = "1.71G"


def human(x):
    """nanotron's human_format: 3 significant digits, decimal suffix, zeros stripped"""
    if abs(x) < 1:
        return "%.3g" % x
    sizes = ["", "K", "M", "G", "T"]
    x = float("%.3g" % x)
    i = 0
    while abs(x) >= 1000 and i < len(sizes) - 1:
        x /= 1000.0
        i += 1
    return ("%f" % x).rstrip("0").rstrip(".") + sizes[i]


procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        procs.append(Proc(h, 81020 + n * 500 + L * 9, rank=n * NLOC + L, local=L, seed=31))
for p in procs:
    p.commid = "0x2f9c04b1e7a36d58"
p0 = procs[0]
job = Proc("job", 5, seed=31)

# the job script prints nvidia-smi on the first node before launching
smi = ["Tue Mar  4 16:20:11 2025       ",
       "+-----------------------------------------------------------------------------------------+",
       "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |",
       "|-----------------------------------------+------------------------+----------------------+",
       "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
       "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
       "|                                         |                        |               MIG M. |",
       "|=========================================+========================+======================|"]
for g, bus in enumerate(BUS_H100):
    smi += ["|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%s:00.0 Off |                    0 |" % (g, bus.upper()),
            "| N/A   %dC    P0             %dW /  700W |       0MiB /  81559MiB |      0%%      Default |"
            % (27 + g % 5, 68 + (g * 7) % 9),
            "|                                         |                        |             Disabled |",
            "+-----------------------------------------+------------------------+----------------------+"]
smi += ["", "+-----------------------------------------------------------------------------------------+",
        "| Processes:                                                                              |",
        "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
        "|        ID   ID                                                               Usage      |",
        "|=========================================================================================|",
        "|  No running processes found                                                             |",
        "+-----------------------------------------------------------------------------------------+"]
job.olines(T0, smi)
job.o(T0 + secs(1), "+ srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=ip-26-0-161-78:29500 "
      "run_train.py --config-file examples/config_llama_1b.yaml")


def nlog(p, t, msg, where=None):
    p.e(t, "%s [INFO|DP=%d|PP=0|TP=0|%s]: %s" % (t.strftime("%m/%d/%Y %H:%M:%S"), p.rank, p.host, msg))


for p in procs:
    tt = T0 + secs(14) + ms(p.rank * 17)
    ptr, t2 = nccl_init(p, tt, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=8)
    p.t0 = t2
t = max(p.t0 for p in procs) + secs(2)
for m in ["Config:", "Total number of parameters: %s (3264.00MiB)" % PARAMS,
          "Local number of parameters: %s (3264.00MiB)" % PARAMS,
          "[After model building] Memory usage: 3264.04MiB. Peak allocated: 5504.00MiB Peak reserved: 16578.00MiB",
          "[Start training] datetime: 2025-03-04 16:21:02.118843 | mbs: 8 | grad_accum: 2 | global_batch_size: %d | "
          "sequence_length: %d | train_steps: %d | start_iteration_step: 0 | consumed_train_samples: 0" % (GBS, SEQ, ITERS)]:
    nlog(p0, t, m)
rnd = Rnd(31)
loss = 10.9
tt = t + secs(30)
for it in range(1, ITERS + 1):
    ms_it = 3520.0 + rnd.uniform(-40, 40) if it > 1 else 11240.0
    tt += ms(ms_it)
    tok = GBS * SEQ / (ms_it / 1000.0)
    tok_gpu = tok / N
    loss = max(3.1, loss * 0.985 + rnd.uniform(-0.02, 0.02)) if it > 1 else loss
    tfl = 6 * 1.71e9 * tok_gpu / 1e12
    nlog(p0, tt, "iteration: %d / %d | consumed_tokens: %s | elapsed_time_per_iteration_ms: %s | tokens_per_sec: %s | "
         "tokens_per_sec_per_gpu: %s | global_batch_size: %d | lm_loss: %s | lr: %s | model_tflops_per_gpu: %s | "
         "hardware_tflops_per_gpu: %s | grad_norm: %s"
         % (it, ITERS, human(it * GBS * SEQ), human(ms_it), human(tok), human(tok_gpu), GBS, human(loss),
            human(3e-4 * min(1.0, it / 20.0)) if it < 20 else "0.0003", human(tfl), human(tfl * 1.04),
            human(0.9 + rnd.uniform(-0.2, 0.2)) if it > 3 else human(7.5 / it)))
te = tt + secs(2)
nlog(p0, te, "Saving checkpoint at checkpoints/%d" % ITERS)
for p in procs:
    x = te + secs(9) + ms(p.rnd.randrange(0, 300))
    p.e(x, "[rank%d]:[W304 %s.%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before "
        "we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to "
        "ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit "
        "before this point and block the progress of another member of the process group. This constraint has always "
        "been present,  but this warning has only been added since PyTorch 2.4 (function operator())"
        % (p.rank, x.strftime("%H:%M:%S"), p.rnd.nsec(x)))

S.write("slurm-%d.out" % JOB, merged([job] + procs))

S.expected({
    "verdict.likely_cause.id": "none",
    "verdict.first_failure": None,
    "training.last_step": ITERS,
    "training.first_nonfinite_step": None,
    "training.gpu": "NVIDIA H100 80GB HBM3",
    "training.params": 1.71e9,
    "training.mfu_source": "params",
    "training.mfu_peak_tflops": 989.4,
    "findings[].id": ["low_mfu"],
    "!findings[].id": ["nonfinite_loss", "loss_spike", "loss_scale_collapse", "throughput_drop", "straggler",
                       "fp16_in_use"],
})
S.readme("""
# 31-nanotron-low-mfu

Story: nanotron Llama-style 1.7B pre-training, bf16, 2 nodes x 8 H100, torchrun under Slurm, one output file. The job
script prints `nvidia-smi` first (`NVIDIA H100 80GB HBM3`); nanotron prints `Total number of parameters: 1.71G` and
one step line per iteration with its human-formatted numbers (`tokens_per_sec_per_gpu: 9.31K`,
`consumed_tokens: 62.9M`, `elapsed_time_per_iteration_ms: 3.52K`). nanotron logs model TFLOPS but no MFU, so faultline
computes it: 6 x 1.71e9 parameters x ~9.3K tokens/s per GPU / 989.4 TFLOPS (H100 SXM dense bf16) = ~9.7%%:
`low_mfu`, with the peak and the formula in its message and in `training.mfu_source`/`mfu_peak_tflops`.
Negative for: `nonfinite_loss`, `loss_spike` (smooth loss), `throughput_drop` (steady), `straggler`,
`loss_scale_collapse`.
Layout: `slurm-%d.out`. Versions: nanotron 0.4-era, torch 2.4, NCCL %s.
Modelled on the nanotron step lines of huggingface/nanotron#23 and #390, nanotron's `Total number of parameters`
line (its trainer's log_rank text) and the nvidia-smi 550 table.
""" % (JOB, NV))
