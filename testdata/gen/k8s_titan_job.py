"""The job that 05-collective-hang and 25-silent-rank-hang share: a
Kubernetes PyTorchJob (master-0 + worker-0, 8 GPUs each), torch 2.4 / NCCL
2.20.5, torchtitan (2024 format) with DDP, resumed at step 1500 and logging
every tenth step up to step 1730, the last before its hang. Each scenario
goes on from there its own way."""

from types import SimpleNamespace

from flgen import *  # noqa: F401,F403

VER = (2, 4)
NV = "2.20.5"
JOB = "llm-pretrain"
PODS = ["%s-master-0" % JOB, "%s-worker-0" % JOB]
IPS = ["10.244.3.17", "10.244.7.9"]
NLOC, N = 8, 16
SEQ = 27697
LAST_STEP = 1730
PYL = "/opt/conda/lib/python3.11/site-packages"
STEP_S = 1.712


def build(T0, agents_too):
    """Ranks (and, when agents_too, the pods' torchrun agents) and their lines
    from T0 up to step LAST_STEP; returns agents, procs and tstart (when step
    1501 began)."""
    agents, procs = [], []
    for n, h in enumerate(PODS):
        if agents_too:
            ap = Proc(h, 1, seed=5)
            agents.append(Agent(ap, VER, PYL))
        for L in range(NLOC):
            p = Proc(h, 64 + L * 9 + n, rank=n * NLOC + L, local=L, seed=5)
            p.commid = "0x2e5f0a7c9d314b86"
            procs.append(p)

    for n, a in enumerate(agents):
        a.p.o(T0, "+ torchrun --nnodes=2 --nproc_per_node=8 --node_rank=%d --rdzv_backend=c10d --rdzv_endpoint=%s:23456 --tee 3 "
              "train.py --job.config_file ./train_configs/llama3_8b.toml" % (n, PODS[0]))
        a.start(T0 + ms(700), NLOC)

    for p in procs:
        t = T0 + secs(12) + ms(p.local * 29 + p.rank)
        titan_log(p, t, "Starting job: Llama 3 8B training")
        titan_log(p, t + ms(1), "Deterministic training off")
        titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [16]")
        ptr, t2 = nccl_init(p, t + secs(3), NV, "12.4", N, NLOC, IPS[p.rank // NLOC], ifname="eth0", hcas=8,
                            envs=("NCCL_SOCKET_IFNAME set by environment to eth0", "NCCL_IB_GID_INDEX set by environment to 3."))
        titan_log(p, t2 + ms(300), "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')")
        titan_log(p, t2 + ms(900), "Model llama3 8B size: 8,030,261,248 total parameters")
        titan_log(p, t2 + ms(950), "Applied full activation checkpointing to the model")
        titan_log(p, t2 + ms(990), "Applied DDP to the model")
        titan_log(p, t2 + ms(1600), "GPU memory usage for model: 15.07GiB(19.06%)")
        titan_log(p, t2 + ms(1700), "Loading the checkpoint at step 1500.")
        titan_log(p, t2 + ms(31000), "Finished loading the checkpoint in 29.21 seconds.")
        titan_log(p, t2 + ms(31010), "Training starts at step 1501, with local batch size 1, global batch size 16, sequence length 8192, total steps 20000 (warmup 200)")
        p.t0 = t2 + secs(32)

    tstart = max(p.t0 for p in procs)
    rnd = Rnd(5)
    loss = 2.9012
    for step in [1501] + list(range(1510, LAST_STEP + 1, 10)):
        tt = tstart + secs(STEP_S * (step - 1500))
        loss = loss - 0.0011 + rnd.uniform(-0.03, 0.03)
        for p in procs:
            t = tt + ms(p.rnd.randrange(0, 25))
            mem = 62.88 + p.rnd.uniform(-0.2, 0.2)
            titan_log(p, t, titan_step(step, loss, mem, mem / 79.11 * 100, 4788 + p.rnd.randrange(-30, 30) if step > 1501 else 401,
                                       38.91 + p.rnd.uniform(-0.3, 0.3) if step > 1501 else 3.26))
        if step == 1700:
            for p in procs:
                titan_log(p, tt + ms(900), "Saving the checkpoint (or staging if async is enabled).")
                titan_log(p, tt + ms(9100), "Finished saving the checkpoint (or staging if async is enabled)in 8.20 seconds.")
    return SimpleNamespace(agents=agents, procs=procs, tstart=tstart)
