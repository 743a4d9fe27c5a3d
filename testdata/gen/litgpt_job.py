"""The job that 06-network-error and 57-hca-port-down share: litgpt (Fabric)
on 2 nodes x 8 GPUs, torchrun --tee 3 per node, torch 2.6 / NCCL 2.21.5,
NCCL_DEBUG_FILE=nccl.%h.%p.log (one NCCL file per process beside the
training log), logging every hundredth iteration up to the last before its
network failure. Each scenario gives its own names, addresses, times and
numbers (a Job), and goes on from the last iteration its own way."""

from collections import namedtuple
from types import SimpleNamespace

from flgen import *  # noqa: F401,F403

VER = (2, 6)
NV = "2.21.5"
PYL = "/usr/local/lib/python3.11/dist-packages"
NLOC, N = 8, 16

Job = namedtuple("Job", [
    "seed", "nccl_seed", "hosts", "ips", "t0",
    "agent_pid", "agent_pid_step",  # the agent of node n: agent_pid + n * agent_pid_step
    "pid", "pid_step",              # rank L of node n: pid + n * pid_step + L * 2
    "commid", "agent_ms",           # the agents start t0 + agent_ms
    "init_s", "init_ms",            # rank p starts t0 + init_s + init_ms * local + rank ms
    "hcas", "hca_list",             # NCCL_IB_HCA
    "rings",                        # nccl_init's channel rings; None: its default
    "instantiate", "loss", "iter_ms", "iters",
])


def build(j):
    """Agents, ranks, their NCCL files and their lines up to iteration
    j.iters; returns agents, procs, nfiles (the NCCL debug file of each
    rank, in rank order) and tt (the last iteration's time)."""
    agents, procs, nfiles = [], [], []
    for n, h in enumerate(j.hosts):
        agents.append(Agent(Proc(h, j.agent_pid + n * j.agent_pid_step, seed=j.seed), VER, PYL))
        for L in range(NLOC):
            p = Proc(h, j.pid + n * j.pid_step + L * 2, rank=n * NLOC + L, local=L, seed=j.seed)
            p.commid = j.commid
            q = Proc(h, p.pid, rank=p.rank, local=L, seed=j.nccl_seed)   # the NCCL debug file of that process
            q.commid = p.commid
            procs.append(p)
            nfiles.append(q)
    for a in agents:
        a.start(j.t0 + ms(j.agent_ms), NLOC)

    rings = dict(nchan=len(j.rings), rings=j.rings) if j.rings else {}
    for p, q in zip(procs, nfiles):
        t = j.t0 + secs(j.init_s) + ms(p.local * j.init_ms + p.rank)
        p.e(t, "[rank: %d] Seed set to 1337" % p.rank)
        p.e(t + ms(5), "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (p.rank, p.rank + 1))
        if p.rank == 0:
            p.e(t + secs(2), "----------------------------------------------------------------------------------------------------")
            p.e(t + secs(2), "distributed_backend=nccl")
            p.e(t + secs(2), "All distributed processes registered. Starting with 16 processes")
            p.e(t + secs(2), "----------------------------------------------------------------------------------------------------")
            p.e(t + secs(2), "")
        ptr, t2 = nccl_init(q, t + secs(4), NV, "12.4", N, NLOC, j.ips[p.rank // NLOC], hcas=j.hcas, ifname="bond0",
                            banner_info=True,
                            envs=("NCCL_DEBUG_FILE set by environment to /scratch/logs/nccl.%h.%p.log",
                                  "NCCL_IB_HCA set by environment to " + j.hca_list), **rings)
        if p.rank == 0:
            p.o(t + secs(4) + ms(8), "NCCL version %s+cuda12.4" % NV)
        p.t0 = t2

    p0 = procs[0]
    t = max(p.t0 for p in procs) + secs(3)
    p0.olines(t, ["Time to instantiate model: %s seconds." % j.instantiate, "Total parameters: 6,738,415,616",
                  "Measured TFLOPs: 6892.51"])
    rnd = Rnd(j.seed)
    loss = j.loss
    tt = t + secs(40)
    it = 0
    while it < j.iters:
        it += 100
        tt += ms(100 * j.iter_ms + rnd.randrange(-300, 300))
        loss = loss * 0.96 + 0.1 + rnd.uniform(-0.03, 0.03) if it < 1500 else loss - 0.0005 + rnd.uniform(-0.02, 0.02)
        p0.o(tt, "iter %d step %d: loss %.4f, iter time: %.2fms (optimizer.step)" % (it, it // 4, loss, j.iter_ms + rnd.uniform(-5, 5)))
    return SimpleNamespace(agents=agents, procs=procs, nfiles=nfiles, tt=tt)
