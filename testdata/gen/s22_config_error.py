"""22-config-error: 2 nodes x 8 GPUs, torchrun --tee 3 per node, a plain DeepSpeed script (DeepSpeed 0.14, torch
2.4).  The ds_config was written for one 8-GPU node: train_batch_size 512 with micro batch 4 and 4 accumulation
steps only holds for a data-parallel size of 32, and this job has 16 ranks.  Every rank stops in DeepSpeed's batch
check before the first step; nothing hung and nothing crashed."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("22-config-error")
VER = (2, 4)
PYL = "/usr/local/lib/python3.10/dist-packages"
HOSTS = ["trn-node-01", "trn-node-02"]
NLOC, N = 8, 16
T0 = ts("2024-09-02 17:40:11.250")
APP = "/workspace/llm-pretrain"

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 5120 + 211 * n, seed=22), VER, PYL))
    for L in range(NLOC):
        procs.append(Proc(h, 5170 + 211 * n + L, rank=n * NLOC + L, local=L, seed=22))
for n, a in enumerate(agents):
    a.p.o(T0 + ms(30 * n), "+ torchrun --nnodes=2 --nproc_per_node=8 --node_rank=%d --rdzv_backend=c10d --rdzv_endpoint=%s:29400 --tee 3 train.py --deepspeed --deepspeed_config ds_config.json"
          % (n, HOSTS[0]))
    a.start(T0 + ms(500 + 30 * n), NLOC)

DS = PYL + "/deepspeed"
frames = [(APP + "/train.py", 214, "<module>", "main()"),
          (APP + "/train.py", 163, "main", "model_engine, optimizer, _, scheduler = deepspeed.initialize("),
          (DS + "/__init__.py", 181, "initialize", "engine = DeepSpeedEngine(args=args,"),
          (DS + "/runtime/engine.py", 241, "__init__", "self._configure_with_arguments(args, mpu)"),
          (DS + "/runtime/engine.py", 1005, "_configure_with_arguments", "self._config = DeepSpeedConfig(self.config, mpu, mesh_device=self.mesh_device)"),
          (DS + "/runtime/config.py", 797, "__init__", "self._configure_train_batch_size()"),
          (DS + "/runtime/config.py", 980, "_configure_train_batch_size", "self._batch_assertion()"),
          (DS + "/runtime/config.py", 928, "_batch_assertion", "assert train_batch == micro_batch * grad_acc * self.world_size, (")]
exc = "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 4 * 16 "
t_fail = {}
for p in procs:
    t = T0 + secs(9) + ms(p.local * 41 + (p.rank // NLOC) * 13)
    p.o(t, "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % f_pylog(t))
    if p.rank == 0:
        p.o(t, "[%s] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % f_pylog(t))
    te = t + secs(3) + ms(p.local * 5)
    p.elines(te, ["[rank%d]: " % p.rank + l for l in traceback(frames, exc)])
    t_fail[p.rank] = te

for n, a in enumerate(agents):
    mine = procs[n * NLOC:(n + 1) * NLOC]
    ta = max(t_fail[p.rank] for p in mine) + secs(1) + ms(120)
    for p in mine:
        a.failed(ta, 1, p.local, p.pid, "/usr/bin/python")
    ents = [dict(time=t_fail[p.rank] + ms(300), host=HOSTS[n], rank=p.rank, local=p.local, exitcode=1, pid=p.pid,
                 error_file="<N/A>") for p in mine]
    a.child_failed(ta + ms(30), "train.py", ents[0], ents[1:])
    S.write("%s/train.log" % HOSTS[n], merged([a.p] + mine, prefix=tee_prefix))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "config_error",
    "verdict.first_failure.kind": "config.invalid",
    "verdict.first_failure.rank": 0,
    "verdict.hang": None,
    "config.global_batch_size": 512,
    "config.data_parallel_size": 16,
    "findings[].id": ["gbs_mismatch"],
    "!verdict.other_causes[].id": ["collective_hang", "nccl_init_error", "rendezvous_error"],
    "!findings[].id": ["clock_skew", "nccl_version_mismatch"],
})
S.readme("""
# 22-config-error

Story: a 7B pre-training script launched with `torchrun --nnodes=2 --nproc_per_node=8 --tee 3 train.py --deepspeed
--deepspeed_config ds_config.json` on trn-node-01/02. The ds_config was copied from a 4-node run: `train_batch_size`
512 with `train_micro_batch_size_per_gpu` 4 and `gradient_accumulation_steps` 4 needs 32 data-parallel ranks; this
job has 16. Every rank raises DeepSpeed's `AssertionError: Check batch related parameters. train_batch_size is not
equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 4 * 16` inside `deepspeed.initialize`,
each agent reports its 8 workers failed (exit code 1) and prints the ChildFailedError summary. Nothing was trained,
nothing hung: the cause is the configuration.
Layout: `<host>/train.log` per node, torchrun `--tee 3` (`[defaultN]:` prefixes) and torch 2.4's `[rankN]: `
exception-hook prefix on every traceback line.
Versions: torch 2.4 (glog-style agent lines), DeepSpeed 0.14 (`comm.py:637:init_distributed` lines).
Modelled on excerpts deepspeed-6914 (`[rank0]: AssertionError: Check batch related parameters ... 8 != 2 * 1 * 1 `,
trailing blank kept) and starcoder-77 (the `_batch_assertion` frame of deepspeed/runtime/config.py).
""")
