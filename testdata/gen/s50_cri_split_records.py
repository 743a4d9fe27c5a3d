"""50-cri-split-records: a Kubeflow PyTorchJob (master-0 + worker-0, 4 GPUs each, torch 2.4), its logs collected
from the nodes' kubelet directories, so every line is a containerd CRI record. On rank 6 (worker-0, local rank 2)
a tqdm progress bar on stderr is redrawn with carriage returns and never ends its line: containerd cuts the stream
into 16 KiB partial records (`P`), and the CUDA out-of-memory traceback that ends the bar arrives glued to the
last record (`F`): the 16 KiB cut falls inside the traceback's first line. The other ranks wait in the next all-reduce until their watchdogs time out (10 min)."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("50-cri-split-records")
VER = (2, 4)
PYL = "/usr/local/lib/python3.10/dist-packages"
JOB = "llm-sft"
PODS = ["%s-master-0" % JOB, "%s-worker-0" % JOB]
UIDS = ["5f0c6a1e-8d3b-4b8e-9c1e-2a7d4e6f8b10", "a3d91c72-6e4f-4f0a-b5d8-91c2e7f3a604"]
NLOC, N = 4, 8
BAD = 6
SEQ = 2113
CRI_MAX = 16384  # containerd's default max_container_log_line_size
T0 = ts("2025-02-11 07:40:03.118")
T_OOM = T0 + secs(1331) + ms(412)
TIMEOUT_MS = 600000

agents = [Proc(h, 1, seed=50) for h in PODS]
procs = []
for n, h in enumerate(PODS):
    for L in range(NLOC):
        procs.append(Proc(h, 87 + L, rank=n * NLOC + L, local=L, seed=50))


def cri_ts(t):
    """containerd's record time: RFC 3339 with nanoseconds, UTC."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d%03d" % (t.microsecond, (t.microsecond * 7) % 1000) + "Z"


def records(items):
    """(t, stream, text) with text possibly containing no newline at its end (partial): render CRI records.
    A line longer than CRI_MAX is cut into partial records; a text flagged open (no newline yet) is
    carried on into the next item of the same stream."""
    out = []
    pend = {"stdout": "", "stderr": ""}
    for (t, stream, text, ends) in items:
        buf = pend[stream] + text
        while len(buf.encode()) > CRI_MAX:
            out.append("%s %s P %s" % (cri_ts(t), stream, buf[:CRI_MAX]))
            buf = buf[CRI_MAX:]
        if ends:
            out.append("%s %s F %s" % (cri_ts(t), stream, buf))
            buf = ""
        pend[stream] = buf
    return out


def script_line(n, t):
    """The pod's command under `set -x`, as kubectl shows it."""
    return (t, "stderr", "+ torchrun --nnodes=2 --nproc_per_node=4 --node_rank=%d --master_addr=%s-master-0 "
            "--master_port=23456 --tee 3 sft.py --config configs/llama3_8b_sft.yaml" % (n, JOB), True)


pod_items = {h: [] for h in PODS}
for n, h in enumerate(PODS):
    pod_items[h].append(script_line(n, T0))
    a = agents[n]
    Agent(a, VER, PYL).start(T0 + ms(700), NLOC)
    for (t, s, text) in a.err:
        pod_items[h].append((t, s and "stderr", text, True))

# every rank: start-up and step lines (rank 0 and 4 log steps; all ranks print the bar on stderr)
rnd = Rnd(50)
for p in procs:
    t = T0 + secs(9) + ms(p.rank * 11)
    pod_items[p.host].append((t, "stdout", "[default%d]:[rank%d]: world size %d, local rank %d, cuda:%d"
                              % (p.local, p.rank, N, p.local, p.local), True))

# the progress bar of rank 6: one stderr "line" of carriage-return redraws, 1330 steps long
bad = procs[BAD]
bar = []
for i in range(1, 1331):
    el = i * 1.0
    bar.append("\rtraining:  %3d%%|%-10s| %d/10000 [%02d:%02d<2:46:40,  1.00s/it, loss=%.3f]"
               % (i // 100, "#" * (i // 1000), i, int(el) // 60, int(el) % 60, 2.9 - i * 0.0004))
# as many redraws as the job made before the OOM: here the last 16 KiB cut falls inside the traceback's
# first line, which is glued to the bar
head = "[default%d]:" % bad.local
glued = "[rank%d]: Traceback (most recent call last):" % BAD
n = len(bar)
while not (CRI_MAX - len(glued) + 10 < (len(head) + len("".join(bar[:n]))) % CRI_MAX < CRI_MAX - 10):
    n -= 1
pod_items[bad.host].append((T0 + secs(12), "stderr", head + "".join(bar[:n]), False))

oom = oom_msg(VER, "3.91 GiB", bad.local, "79.15 GiB", "2.18 GiB", "76.96 GiB", "71.40 GiB", "4.02 GiB")
tb = traceback([
    ("/workspace/sft.py", 211, "<module>", "main()"),
    ("/workspace/sft.py", 188, "main", "loss = train_step(model, batch)"),
    ("/workspace/sft.py", 131, "train_step", "logits = model(**batch).logits"),
    (PYL + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
    (PYL + "/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
], oom, prefix="[rank%d]: " % BAD)
# the traceback begins glued to the unfinished bar, every later line under the tee prefix
pod_items[bad.host].append((T_OOM, "stderr", tb[0], True))
for i, l in enumerate(tb[1:]):
    pod_items[bad.host].append((T_OOM + ms(0.2 * (i + 1)), "stderr", "[default%d]:%s" % (bad.local, l), True))

# the agent on worker-0: the worker exited 1, the others are sent SIGTERM after their watchdogs fired
t_to = T_OOM + ms(TIMEOUT_MS + 1830)
for p in procs:
    if p.rank == BAD:
        continue
    torch_timeout(p, t_to + ms(p.rank * 3), VER, SEQ, "ALLREDUCE", 262668288, TIMEOUT_MS,
                  TIMEOUT_MS + 1830 + p.rank * 3, short=True, pylib=PYL)
    for (t, s, text) in p.err:
        pod_items[p.host].append((t, "stderr", "[default%d]:%s" % (p.local, text), True))
a = agents[1]
a.err.clear()
ag = Agent(a, VER, PYL)
ag.failed(T_OOM + secs(3), 1, bad.local, bad.pid)
ag.child_failed(T_OOM + secs(3) + ms(2), "sft.py", dict(time=T_OOM, host=bad.host, rank=BAD, local=bad.local,
                                                        exitcode=1, pid=bad.pid))
for (t, s, text) in a.err:
    pod_items[bad.host].append((t, "stderr", text, True))

for n, h in enumerate(PODS):
    items = sorted(pod_items[h], key=lambda x: x[0])
    S.write("pods/training_%s_%s/pytorch/0.log" % (h, UIDS[n]), records(items))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": PODS[1],
    "run.ranks": N,
})
S.readme("""
# 50-cri-split-records

Story: a Kubeflow PyTorchJob `llm-sft` with two pods (`llm-sft-master-0`, `llm-sft-worker-0`), 4 GPUs each,
torch 2.4, `torchrun --tee 3` started by the pods' shell (`set -x`). The bundle holds the kubelet's container log
files (`pods/<namespace>_<pod>_<uid>/<container>/0.log`), so every line is a containerd CRI record
(`<RFC 3339 nano>Z stderr F <message>`). Rank 6 (worker-0, local rank 2) draws a tqdm bar with carriage returns
that never ends its line; containerd cuts that stream into 16 KiB partial records (`P`). Step 1331 runs out of GPU
memory: the traceback starts glued to the bar, and the 16 KiB cut falls inside its first line, so the record that
completes the last partial one carries the rest of it. The other seven ranks wait in the next all-reduce and their watchdogs time out ten minutes later; the
worker-0 agent reports the failure with rank 6 as root cause.
What it proves: partial CRI records are joined before the patterns run (the traceback whose first line the cut
split is one traceback again), the OOM is tied to rank 6 and its pod through the records' prefixes, and the
world size (8) comes from the launcher's arguments.
Line formats: containerd CRI log records (kubelet `/var/log/pods`), torchrun `--tee` prefixes, torch 2.4 `[rankN]:`
prefixes, OOM text and watchdog lines, tqdm bar redraws.
""")
