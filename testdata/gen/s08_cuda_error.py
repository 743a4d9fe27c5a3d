"""08-cuda-error: single node, 8 GPUs, torchrun --tee 3, torch 2.6 / NCCL 2.21.5, HF Trainer.
Rank 3 hits `CUDA error: an illegal memory access was encountered` (a custom fused kernel); its NCCL watchdog
catches it and aborts the process (SIGABRT); the agent stops the rest."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("08-cuda-error")
VER = (2, 6)
NV = "2.21.5"
PYL = "/home/mlops/.venv/lib/python3.12/site-packages"
HOST = "a3-highgpu-8g-7"
NLOC = N = 8
BAD = 3
T0 = ts("2025-05-04 22:01:12.730")

agent = Agent(Proc(HOST, 118820, seed=8), VER, PYL)
procs = [Proc(HOST, 118904 + L * 4, rank=L, local=L, seed=8) for L in range(NLOC)]
for p in procs:
    p.commid = "0xd1e09f4a3b27c65e"
agent.p.o(T0, "+ torchrun --standalone --nproc_per_node=8 --tee 3 sft.py --config configs/qwen2.5-7b-sft.yaml")
agent.start(T0 + ms(600), NLOC)
for p in procs:
    t = T0 + secs(9) + ms(p.local * 31)
    p.e(t, "[rank%d]:[W504 %s.%s ProcessGroupNCCL.cpp:4561] [PG ID 0 PG GUID 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id."
        % (p.rank, t.strftime("%H:%M:%S"), p.rnd.nsec(t), p.rank, p.local))
    ptr, t2 = nccl_init(p, t + ms(40), NV, "12.4", N, NLOC, "10.128.0.41", ifname="enp0s12", net="Socket", hcas=0)
    p.t0 = t2
p0 = procs[0]
t = max(p.t0 for p in procs) + secs(12)
for w, m in [("trainer.py:2369", "***** Running training *****"), ("trainer.py:2370", "  Num examples = 203,344"),
             ("trainer.py:2371", "  Num Epochs = 2"), ("trainer.py:2372", "  Instantaneous batch size per device = 2"),
             ("trainer.py:2375", "  Total train batch size (w. parallel, distributed & accumulation) = 128"),
             ("trainer.py:2376", "  Gradient Accumulation steps = 8"), ("trainer.py:2377", "  Total optimization steps = 3,178"),
             ("trainer.py:2378", "  Number of trainable parameters = 7,615,616,512")]:
    p0.e(t, hf_explicit(t, "INFO", w) + m)
rnd = Rnd(8)
loss = 1.31
tt = t
for step in range(10, 620, 10):
    tt += secs(10 * 9.41 + rnd.uniform(-1, 1))
    loss = max(0.6, loss - 0.004 + rnd.uniform(-0.03, 0.03))
    p0.o(tt, "{'loss': %s, 'grad_norm': %r, 'learning_rate': %r, 'epoch': %s}"
         % (round(loss, 4), round(rnd.uniform(0.3, 0.9), 16) + 1e-17, 1e-05 * min(1, step / 100.0), round(step / 1589.0, 2)))

bad = procs[BAD]
t_f = tt + ms(6120)
torch_watchdog_exc(bad, t_f, VER, ["CUDA error: an illegal memory access was encountered"] + CUDA_HINTS,
                   exc="c10::Error", pylib=PYL, pre_terminate=True)
ta = t_f + ms(1870)
kill_sequence(agent, ta, procs, [(bad, -6)], PYL.rsplit("/lib/", 1)[0] + "/bin/python3")
agent.child_failed(ta + ms(60), "sft.py", dict(time=ta, host=HOST, rank=BAD, local=BAD, exitcode=-6, pid=bad.pid))

S.write("train.log", merged([agent.p] + procs, prefix=tee_prefix))
S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "cuda_error",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": HOST,
    "run.ranks": 8,
    "run.hosts": 1,
    "!findings[].id": ["gpu_xid", "clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 08-cuda-error

Story: single-node SFT of Qwen2.5-7B (HF Trainer) on a cloud VM with 8 GPUs, `torchrun --standalone --tee 3`.
After step ~610 rank 3's NCCL watchdog finds `CUDA error: an illegal memory access was encountered` (a custom
fused kernel); `terminate called after throwing an instance of 'c10::Error'` is printed before the rank-prefixed
line, as in the real excerpt; the process dies with SIGABRT and the agent SIGTERMs the other seven.
Single host, NCCL over P2P/SHM only (the `NET/Socket` lines are NCCL's probe, with no inter-node channels).
Layout: one `train.log` (torchrun `--tee 3` output: `[defaultN]:[rankN]:[E...]`).
Versions: torch 2.6 (`[PG ID 0 PG GUID 0(default_pg) Rank 3]`, ProcessGroupNCCL.cpp:1901), NCCL 2.21.5.
Modelled on excerpts train-031 (RTX 5090 illegal memory access watchdog) and train-033.
""")
