"""19-nccl-version-mismatch: Kubeflow PyTorchJob whose Master and Worker replica specs point at different NGC
images: master-0 runs pytorch:24.10 (NCCL 2.22.3), worker-0 runs pytorch:24.12 (NCCL 2.23.4).  Both NCCL
versions predate the 2.26 version check, so nothing fails: the SFT run completes.  Each process prints its
NCCL version (>= 2.22 does so on every rank), which is how the mismatch is visible."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("19-nccl-version-mismatch")
JOB = "qwen-sft"
PODS = ["%s-master-0" % JOB, "%s-worker-0" % JOB]
NVS = ["2.22.3", "2.23.4"]
CUDAS = ["12.6", "12.6"]
TORCH = [(2, 5), (2, 6)]
IPS = ["10.244.5.31", "10.244.9.14"]
PYL = "/usr/local/lib/python3.10/dist-packages"
NLOC, N = 4, 8
T0 = ts("2025-01-09 17:40:02.116")

agents, procs = [], []
for n, h in enumerate(PODS):
    agents.append(Agent(Proc(h, 1, seed=19), TORCH[n], PYL))
    for L in range(NLOC):
        p = Proc(h, 81 + L * 7 + n, rank=n * NLOC + L, local=L, seed=19)
        p.commid = "0xc4e7192b0d5a36f8"
        procs.append(p)
for n, a in enumerate(agents):
    a.p.o(T0, "+ torchrun --nnodes=2 --nproc_per_node=4 --node_rank=%d --master_addr=%s --master_port=23456 --tee 3 sft.py --config sft_qwen2.5_3b.yaml" % (n, PODS[0]))
    a.start(T0 + ms(500), NLOC)

for p in procs:
    n = p.rank // NLOC
    t = T0 + secs(15) + ms(p.local * 33 + p.rank)
    ptr, t2 = nccl_init(p, t, NVS[n], CUDAS[n], N, NLOC, IPS[n], hcas=4, ifname="eth0", bus=BUS_A100)
    p.t0 = t2
p0 = procs[0]
t = max(p.t0 for p in procs) + secs(4)
for w, m in [("trainer.py:2314", "***** Running training *****"), ("trainer.py:2315", "  Num examples = 48,000"),
             ("trainer.py:2316", "  Num Epochs = 1"), ("trainer.py:2317", "  Instantaneous batch size per device = 8"),
             ("trainer.py:2320", "  Total train batch size (w. parallel, distributed & accumulation) = 128"),
             ("trainer.py:2321", "  Gradient Accumulation steps = 2"), ("trainer.py:2322", "  Total optimization steps = 375"),
             ("trainer.py:2323", "  Number of trainable parameters = 3,085,938,688")]:
    p0.e(t, hf_explicit(t, "INFO", w) + m)
rnd = Rnd(19)
loss = 1.37
tt = t
for step in range(10, 376, 10):
    tt += secs(10 * 3.12 + rnd.uniform(-0.2, 0.2))
    loss = max(0.6, loss - 0.008 + rnd.uniform(-0.02, 0.02))
    p0.o(tt, "{'loss': %s, 'grad_norm': %s, 'learning_rate': %r, 'epoch': %s}"
         % (round(loss, 4), repr(round(rnd.uniform(0.4, 1.1), 16)), 1e-05 * (1 - step / 375.0), round(step / 375.0, 2)))
tt += secs(5)
p0.e(tt, "")
p0.e(tt, "")
p0.e(tt, "Training completed. Do not forget to share your model on huggingface.co/models =)")
p0.e(tt, "")
p0.e(tt, "")
p0.o(tt, "{'train_runtime': %.4f, 'train_samples_per_second': %.3f, 'train_steps_per_second': %.3f, 'train_loss': 1.0219, 'epoch': 1.0}"
     % ((tt - t).total_seconds(), 48000 / (tt - t).total_seconds(), 375 / (tt - t).total_seconds()))
for p in procs:
    x = tt + secs(20) + ms(p.rnd.randrange(0, 500))
    nccl_teardown(p, x, NVS[p.rank // NLOC], N, bus=BUS_A100)

for n, a in enumerate(agents):
    S.write("%s.log" % PODS[n], merged([a.p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
S.write("pytorchjob.yaml", [
    "apiVersion: kubeflow.org/v1",
    "kind: PyTorchJob",
    "metadata:",
    "  name: qwen-sft",
    "spec:",
    "  pytorchReplicaSpecs:",
    "    Master:",
    "      replicas: 1",
    "      template:",
    "        spec:",
    "          containers:",
    "          - name: pytorch",
    "            image: nvcr.io/nvidia/pytorch:24.10-py3",
    "    Worker:",
    "      replicas: 1",
    "      template:",
    "        spec:",
    "          containers:",
    "          - name: pytorch",
    "            image: nvcr.io/nvidia/pytorch:24.12-py3",
])
S.expected({
    "findings[].id": ["nccl_version_mismatch"],
    "verdict.first_failure": None,
    "verdict.hang": None,
    "run.ranks": 8,
    "run.hosts": 2,
    "!findings[].id": ["socket_fallback", "clock_skew", "nonfinite_loss", "gbs_mismatch"],
})
S.readme("""
# 19-nccl-version-mismatch

Story: Kubeflow PyTorchJob `qwen-sft` (master-0 + worker-0, 4 A100 each) whose Master and Worker replica specs
reference different NGC images (`pytorch:24.10` with NCCL 2.22.3 vs `pytorch:24.12` with NCCL 2.23.4, see
`pytorchjob.yaml`). NCCL < 2.26 has no version check, so the 375-step SFT run completes (`Training completed`,
`Destroy COMPLETE`). Both versions print `NCCL INFO NCCL version ...` on every rank; ranks 0-3 say 2.22.3, ranks
4-7 say 2.23.4. Expected: finding nccl_version_mismatch, no failure; status (healthy vs degraded) and cause are not asserted.
Layout: `kubectl logs` per pod (torchrun `--tee 3`) + the job manifest.
Versions: torch 2.5.0a0 / 2.6.0a0 (NGC), NCCL 2.22.3 / 2.23.4. Modelled on formats-nccl.md 1.1 (per-process banner from 2.22).
""")
