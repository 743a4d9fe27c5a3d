"""frjob.py - a small DDP job with PyTorch's Flight Recorder on, for scenarios 40-44.

Each rank keeps the history of what it issued on its process groups: the
gradient ALLREDUCE of every step on the default group (from DDP's reducer,
inside loss.backward()), the loss ALLREDUCE of logging steps, and, for the
ranks of a tensor-parallel subgroup, an _ALLGATHER_BASE per step. Entries
carry what FlightRecorder::record() keeps (sequence numbers per group,
op_id, profiling name, sizes and dtypes, the Python frames) and the state
a dump finds. A dump is the last `bufsize` entries of a rank's history
(TORCH_NCCL_TRACE_BUFFER_SIZE): ranks with more groups hold fewer entries
of each, so their buffers reach back to different sequence numbers.
The logs are torchtitan-style (flgen.titan_log) with NCCL INFO init lines.
"""

import datetime as dt

import fr_dump as fr
from flgen import *  # noqa: F401,F403

PYL = "/opt/conda/lib/python3.11/site-packages"
C10D = PYL + "/torch/distributed/distributed_c10d.py"
LOGGER = PYL + "/torch/distributed/c10d_logger.py"


def ns(t):
    return int((t - dt.datetime(1970, 1, 1)).total_seconds() * 1000000) * 1000


def frames(*fns):
    """Innermost first, as torch symbolizes a CapturedTraceback."""
    return [fr.frame(n, f, l) for (n, f, l) in fns]


BACKWARD = frames(("backward", PYL + "/torch/autograd/graph.py", 825),
                  ("backward", PYL + "/torch/autograd/__init__.py", 347),
                  ("backward", PYL + "/torch/_tensor.py", 581),
                  ("train_step", "/workspace/train.py", 203),
                  ("main", "/workspace/train.py", 331),
                  ("<module>", "/workspace/train.py", 340))
LOSS_ALLREDUCE = frames(("all_reduce", C10D, 2696), ("wrapper", LOGGER, 83),
                        ("reduce_loss_for_logging", "/workspace/train.py", 166),
                        ("train_step", "/workspace/train.py", 211),
                        ("main", "/workspace/train.py", 331),
                        ("<module>", "/workspace/train.py", 340))
TP_GATHER = frames(("_all_gather_base", C10D, 3395), ("wrapper", LOGGER, 83),
                   ("forward", "/workspace/model/parallel.py", 58),
                   ("_call_impl", PYL + "/torch/nn/modules/module.py", 1747),
                   ("train_step", "/workspace/train.py", 198),
                   ("main", "/workspace/train.py", 331),
                   ("<module>", "/workspace/train.py", 340))


class Rank:
    def __init__(self, proc):
        self.p = proc
        self.hist = []
        self.seq = {}   # pg name -> collective_seq_id
        self.p2p = {}   # pg name -> p2p_seq_id
        self.op = {}    # pg name -> op_id


class FrJob:
    def __init__(self, hosts, nloc, ver=(2, 5), nccl="2.21.5", seed=40, tp=None, numel=26214400):
        self.hosts, self.nloc, self.ver, self.nccl = hosts, nloc, ver, nccl
        self.n = len(hosts) * nloc
        self.ranks = []
        for h_i, h in enumerate(hosts):
            for L in range(nloc):
                p = Proc(h, 3100 + 17 * L + h_i, rank=h_i * nloc + L, local=L, seed=seed)
                p.commid = "0x7b31e5d0c4a29f18"
                self.ranks.append(Rank(p))
        # process groups as pg_config writes them: (name, desc, ranks)
        self.pgs = [("0", "default_pg", list(range(self.n)))]
        self.tp = tp or []
        for i, members in enumerate(self.tp):
            self.pgs.append((str(i + 1), "undefined", members))
        self.numel = numel
        self.fr_version = "2.4"
        self.pg_id = {name: i for i, (name, _, _) in enumerate(self.pgs)}

    # ---- logs ----
    def start(self, t0, ips):
        for r in self.ranks:
            p = r.p
            t = t0 + ms(p.local * 23 + p.rank)
            titan_log(p, t, "Starting job: Llama 3 8B training", to="out")
            titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp'], [%d]" % self.n, to="out")
            _, t2 = nccl_init(p, t + secs(2), self.nccl, "12.4", self.n, self.nloc, ips[p.rank // self.nloc],
                              ifname="eth0", hcas=4)
            titan_log(p, t2 + ms(400), "Model llama3 8B size: 8,030,261,248 total parameters", to="out")
            titan_log(p, t2 + ms(800), "Training starts at step 1, with local batch size 2, global batch size %d, "
                      "sequence length 8192, total steps 3000 (warmup 200)" % (2 * self.n), to="out")
            p.t0 = t2 + secs(1)
        return max(r.p.t0 for r in self.ranks)

    def step_line(self, r, t, step, loss):
        mem = 61.2 + r.p.rnd.uniform(-0.2, 0.2)
        titan_log(r.p, t, titan_step(step, loss, mem, mem / 79.11 * 100, 4801 + r.p.rnd.randrange(-30, 30),
                                     39.1 + r.p.rnd.uniform(-0.3, 0.3)), to="out")

    # ---- flight recorder ----
    def record(self, r, pg, pname, isz, idt, osz, odt, t, frames_, state="completed", p2p=False, dur=None):
        if p2p:
            r.p2p[pg] = r.p2p.get(pg, 0) + 1
        else:
            r.seq[pg] = r.seq.get(pg, 0) + 1
        r.op[pg] = r.op.get(pg, 0) + 1
        done = state == "completed"
        e = fr.entry(len(r.hist), self.pg_id[pg], (pg, dict((n, d) for n, d, _ in self.pgs)[pg]),
                     r.seq.get(pg, 0), r.p2p.get(pg, 0), r.op[pg], pname, isz, idt, osz, odt, state,
                     ns(t), ns(t) + 41000 if state != "scheduled" else None,
                     ns(t) + 52000000 if done else None, retired=done, timeout_ms=600000, is_p2p=p2p,
                     frames=frames_, duration_ms=dur, version=self.fr_version)
        r.hist.append(e)
        return e

    def step_collectives(self, r, t, step, log_step):
        for members in self.tp:
            if r.p.rank in members:
                pg = str(self.tp.index(members) + 1)
                self.record(r, pg, "nccl:_all_gather_base", [[4096, 1024]], ["BFloat16"],
                            [[4096 * len(members), 1024]], ["BFloat16"], t + ms(40), TP_GATHER)
        self.record(r, "0", "nccl:all_reduce", [[self.numel]], ["Float"], [[self.numel]], ["Float"],
                    t + ms(900), BACKWARD)
        if log_step:
            self.record(r, "0", "nccl:all_reduce", [[]], ["Float"], [[]], ["Float"], t + ms(1300), LOSS_ALLREDUCE)

    def pg_status(self, r):
        st = {}
        for name, _, members in self.pgs:
            if r.p.rank in members:
                s = r.seq.get(name, 0)
                done = max([e["collective_seq_id"] for e in r.hist
                            if e["process_group"][0] == name and e["state"] == "completed"] or [0])
                st[self.pg_id[name]] = (s, s, done)
        return st

    def dump(self, r, bufsize):
        ents = r.hist[-bufsize:]
        pgs = [(n, d, m) for (n, d, m) in self.pgs if r.p.rank in m]
        return fr.dump(ents, pgs, self.pg_status(r), version=self.fr_version)
