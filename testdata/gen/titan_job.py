"""The job that the GPU-telemetry scenarios (36, 37, 55, 56) share: torchtitan
Llama 3 8B DDP on 2 nodes x 4 GPUs (Slurm, one `torchrun --tee 3` per node),
resumed from a checkpoint and logging every tenth step up to the last one
before its failure. Each scenario gives its own names, addresses, times and
numbers (a Job), and goes on from the last step its own way."""

from collections import namedtuple
from types import SimpleNamespace

from flgen import *  # noqa: F401,F403

NLOC, N = 4, 8

Job = namedtuple("Job", [
    "seed", "ver", "nv", "hosts", "ips", "pyl", "t0",
    "pid", "pid_step",      # rank L of node n: pid + L * pid_step + n
    "commid", "agent_ms",   # the agents start t0 + agent_ms
    "init_s", "init_ms",    # rank p starts t0 + init_s + init_ms * local + rank ms
    "ifname",
    "model_ms",             # "Model ... size" after NCCL's init; None: not printed
    "ddp_ms", "load_ms", "loaded_ms", "load_text", "ready_s",
    "resume",               # the checkpoint's step; training restarts at resume + 1
    "step_s", "loss", "dloss", "mem", "tps", "tps0", "mfu", "mfu0", "last_step",
])


def build(j):
    """Agents, ranks and their lines up to step j.last_step; returns agents,
    procs and tstart (when the first step after the checkpoint began)."""
    agents, procs = [], []
    for n, h in enumerate(j.hosts):
        ap = Proc(h, 1, seed=j.seed)
        agents.append(Agent(ap, j.ver, j.pyl))
        for L in range(NLOC):
            p = Proc(h, j.pid + L * j.pid_step + n, rank=n * NLOC + L, local=L, seed=j.seed)
            p.commid = j.commid
            procs.append(p)

    for n, a in enumerate(agents):
        a.p.o(j.t0, "+ torchrun --nnodes=2 --nproc_per_node=4 --node_rank=%d --rdzv_backend=c10d --rdzv_endpoint=%s:29500 --tee 3 "
              "train.py --job.config_file ./train_configs/llama3_8b.toml" % (n, j.hosts[0]))
        a.start(j.t0 + ms(j.agent_ms), NLOC)

    for p in procs:
        t = j.t0 + secs(j.init_s) + ms(p.local * j.init_ms + p.rank)
        titan_log(p, t, "Starting job: Llama 3 8B training")
        titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_replicate'], [8]")
        ptr, t2 = nccl_init(p, t + secs(3), j.nv, "12.4", N, NLOC, j.ips[p.rank // NLOC], ifname=j.ifname, hcas=4)
        if j.model_ms is not None:
            titan_log(p, t2 + ms(j.model_ms), "Model llama3 8B size: 8,030,261,248 total parameters")
        titan_log(p, t2 + ms(j.ddp_ms), "Applied DDP to the model")
        titan_log(p, t2 + ms(j.load_ms), "Loading the checkpoint at step %d." % j.resume)
        titan_log(p, t2 + ms(j.loaded_ms), "Finished loading the checkpoint in %s seconds." % j.load_text)
        titan_log(p, t2 + ms(j.loaded_ms + 10), "Training starts at step %d, with local batch size 1, global batch size 8, sequence length 8192, total steps 20000 (warmup 200)" % (j.resume + 1))
        p.t0 = t2 + secs(j.ready_s)

    tstart = max(p.t0 for p in procs)
    rnd = Rnd(j.seed)
    loss = j.loss
    first = j.resume + 1
    for step in [first] + list(range(j.resume + 10, j.last_step + 1, 10)):
        tt = tstart + secs(j.step_s * (step - j.resume))
        loss = loss - j.dloss + rnd.uniform(-0.03, 0.03)
        for p in procs:
            t = tt + ms(p.rnd.randrange(0, 25))
            mem = j.mem + p.rnd.uniform(-0.2, 0.2)
            titan_log(p, t, titan_step(step, loss, mem, mem / 79.11 * 100, j.tps + p.rnd.randrange(-30, 30) if step > first else j.tps0,
                                       j.mfu + p.rnd.uniform(-0.3, 0.3) if step > first else j.mfu0))
    return SimpleNamespace(agents=agents, procs=procs, tstart=tstart)
