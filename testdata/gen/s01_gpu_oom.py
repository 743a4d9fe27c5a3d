"""01-gpu-oom: 2 nodes x 8 GPUs, torchrun --log-dir, torch 2.4 / NCCL 2.20.5, torchtitan (2024 log format).
Rank 11 (node2, local 3) hits a CUDA OOM in backward with a large reserved-but-unallocated pool;
node2's agent stops its workers; node1's ranks time out on the _REDUCE_SCATTER_BASE rank 11 never joined."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("01-gpu-oom")
VER = (2, 4)
NV = "2.20.5"
T0 = ts("2024-12-03 13:50:04.120")
HOSTS = ["node1", "node2"]
IPS = ["10.42.1.11", "10.42.1.12"]
NLOC = 8
N = 16
RUNDIR = "none_k2x9v1qz"
LOGDIR = "/mnt/shared/runs/llama3-8b-ft/logs"
SEQ = 49841          # the reduce-scatter rank 11 never issued
OOM_STEP = 127
STEP_S = 2.91

procs = []
agents = []
for n, h in enumerate(HOSTS):
    ap = Proc(h, 211870 + n * 17, seed=1)
    agents.append(Agent(ap, VER))
    for L in range(NLOC):
        r = n * NLOC + L
        p = Proc(h, 212044 + n * 31 + L * 3, rank=r, local=L, seed=1)
        p.commid = "0x8c2f63d1e4a7b905"
        procs.append(p)

for a in agents:
    a.start(T0, NLOC)

# ---- start-up: torchtitan logging (stderr) + NCCL init (stdout)
tinit = T0 + secs(21)
for p in procs:
    t = tinit + ms(p.local * 37 + p.rank)
    lg = lambda t, m, p=p: p.e(t, "%s - root - INFO - %s" % (f_pylog(t), m))
    lg(t, "Starting job: Llama 3 8B training")
    if p.rank == 0:
        lg(t + ms(2), "Building 1-D device mesh with ['dp'], [16]")
    lg(t + ms(3), "GPU capacity: NVIDIA H100 80GB HBM3 (0) with 79.11GiB memory")
    lg(t + ms(5), "Building tiktoken tokenizer locally from ./torchtitan/datasets/tokenizer/original/tokenizer.model")
    lg(t + ms(9), "TikTokenizer built: #words 128256, BOS ID 128000, EOS ID 128001")
    lg(t + ms(12), "Preparing c4 dataset from allenai/c4")
    ptr, t2 = nccl_init(p, t + secs(6), NV, "12.4", N, NLOC, IPS[p.rank // NLOC], envs=("NCCL_IB_HCA set by environment to mlx5",), hcas=8)
    lg(t2 + ms(200), "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_batch_size=32, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')")
    lg(t2 + ms(900), "Model llama3 8B size: 8,030,261,248 total parameters")
    lg(t2 + ms(950), "Applied selective activation checkpointing to the model")
    lg(t2 + ms(980), "Applied FSDP to the model")
    lg(t2 + ms(1900), "GPU memory usage for model: 3.77GiB(4.77%)")
    lg(t2 + ms(1950), "Training starts at step 1, with local batch size 2, global batch size 32, sequence length 8192, total steps 3000 (warmup 200)")
    p.t_train = t2 + secs(2)

# ---- steps every 10 (log_freq 10)
rnd = Rnd(11)
t_train = max(p.t_train for p in procs)
loss = 11.9
for step in list(range(1, 2)) + list(range(10, OOM_STEP, 10)):
    tt = t_train + secs(STEP_S * step)
    loss = loss * (0.93 if step < 60 else 0.985) + rnd.uniform(-0.04, 0.04)
    for p in procs:
        t = tt + ms(p.rnd.randrange(0, 40))
        mem = 61.02 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 38.71
        wps = 2811 + p.rnd.randrange(-40, 40) if step > 1 else 312
        mfu = 43.1 + p.rnd.uniform(-0.5, 0.5) if step > 1 else 4.79
        p.e(t, "%s - root - INFO - step: %2d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  wps: %s  mfu: %.2f%%" % (
            f_pylog(t), step, loss, mem, mem / 79.11 * 100, "{:,}".format(wps), mfu))

# ---- the OOM on rank 11 during backward of step 127
t_oom = t_train + secs(STEP_S * (OOM_STEP - 1)) + ms(1834)
bad = procs[11]
oom = oom_msg(VER, "3.50 GiB", 3, "79.11 GiB", "1.19 GiB", "77.91 GiB", "57.20 GiB", "19.12 GiB")
tb = traceback([
    ("/workspace/torchtitan/train.py", 433, "<module>", "main(config)"),
    rec_frame(line=348),
    ("/workspace/torchtitan/train.py", 323, "main", "loss.backward()"),
    (PY + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
    (PY + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
    (PY + "/torch/autograd/graph.py", 768, "_engine_run_backward",
     "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
], oom)
bad.elines(t_oom, ["[rank11]: " + l for l in tb])
err_json = {"message": {"message": oom.split(": ", 1)[0].split(".")[-1] + ": " + oom.split(": ", 1)[1],
                        "extraInfo": {"py_callstack": "\n".join(tb) + "\n",
                                      "timestamp": str(int((t_oom - dt.datetime(1970, 1, 1)).total_seconds()))}}}

# node2: agent notices, stops the rest
a2 = agents[1]
node2 = procs[8:16]
t = t_oom + ms(412)
kill_sequence(a2, t, node2, [(bad, 1)])
efile = "%s/%s/attempt_0/3/error.json" % (LOGDIR, RUNDIR)
root = dict(time=t_oom, host="node2", rank=11, local=3, exitcode=1, pid=bad.pid, error_file=efile,
            tb=[l for l in tb])
a2.child_failed(t + ms(60), "train.py", root)

# node1: ranks wait in the reduce-scatter that rank 11 never started; 600 s later the watchdog fires
t_coll = t_oom - ms(120)
node1 = procs[0:8]
fails = []
for p in node1:
    t = t_coll + ms(600000 + p.rnd.randrange(15, 95))
    ran = int((t - t_coll).total_seconds() * 1000)
    torch_timeout(p, t, VER, SEQ, "_REDUCE_SCATTER_BASE", (525336576, 32833536), 600000, ran)
    fails.append((t, p))
fails.sort(key=lambda x: x[0])
a1 = agents[0]
t = fails[-1][0] + ms(840)
first = fails[0][1]
rest = [p for (_, p) in fails[1:]]
for p in rest[:0]:
    pass
a1.failed(t, -6, first.local, first.pid)
for p in rest:
    a1.failed(t, -6, p.local, p.pid)
root = dict(time=fails[0][0], host="node1", rank=first.rank, local=first.local, exitcode=-6, pid=first.pid)
others = [dict(time=ft, host="node1", rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fails[1:]]
a1.child_failed(t + ms(30), "train.py", root, others)

# ---- write bundle
for p in procs:
    d = "%s/logs/%s/attempt_0/%d" % (p.host, RUNDIR, p.local)
    S.write(d + "/stdout.log", stream_lines(p, "out"))
    S.write(d + "/stderr.log", stream_lines(p, "err"))
S.write("node2/logs/%s/attempt_0/3/error.json" % RUNDIR, [json.dumps(err_json)])
for n, a in enumerate(agents):
    S.write("%s/torchrun.log" % HOSTS[n], stream_lines(a.p, "err"))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "gpu_oom",
    "verdict.first_failure.rank": 11,
    "verdict.first_failure.host": "node2",
    "run.ranks": 16,
    "run.hosts": 2,
    "ranks[].host": ["node1", "node2"],
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch", "gpu_xid", "low_mfu",
                       "straggler"],
    "!verdict.other_causes[].id": ["collective_hang"],
})
S.readme("""
# 01-gpu-oom

Story: Llama-3-8B FSDP pre-training (torchtitan, 2024 log format) on 2 nodes x 8 H100. At step 127 rank 11
(node2, local rank 3) runs out of GPU memory in `loss.backward()`: 3.50 GiB requested while 19.12 GiB is
reserved-but-unallocated (fragmentation). node2's torchrun agent SIGTERMs its other workers and prints a
ChildFailedError naming rank 11; the eight node1 ranks wait in the `_REDUCE_SCATTER_BASE` (SeqNum 49841)
that rank 11 never issued and time out 600 s later (SIGABRT, second ChildFailedError).
Layout: `torchrun --log-dir` per node: `<node>/logs/none_k2x9v1qz/attempt_0/<local_rank>/{stdout,stderr}.log`
(+ `error.json` for the failed worker) and the agent's own output in `<node>/torchrun.log`.
Versions: torch 2.4 (glog-style agent lines, `[rankN]:` c10 prefix, `[PG 0 (default_pg) Rank N]`), NCCL 2.20.5.
Modelled on excerpts train-053 (2.4 OOM text), train-001/-003 (watchdog lines), train-011 (agent + ChildFailedError).
""")
