"""17-large: 512 ranks on 64 hosts (8 H100 each), torchrun --tee 3 per node, torch 2.6 / NCCL 2.21.5, FSDP.
Rank 301 (node038, local 5) gets an IB completion error (status=12, vendor err 129) and aborts; node038's agent
stops its workers; the 504 ranks on the other 63 nodes time out 600 s later on the same _ALLGATHER_BASE."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("17-large")
VER = (2, 6)
NV = "2.21.5"
PYL = "/usr/local/lib/python3.10/dist-packages"
NNODES, NLOC = 64, 8
N = NNODES * NLOC
HOSTS = ["node%03d" % (i + 1) for i in range(NNODES)]
IPS = ["10.50.%d.%d" % (i // 200, 10 + i % 200) for i in range(NNODES)]
BAD = 301
BADN = BAD // NLOC
SEQ = 70213
T0 = ts("2025-09-30 02:00:11.120")

agents, procs = [], []
for n, h in enumerate(HOSTS):
    agents.append(Agent(Proc(h, 4000 + n, seed=17), VER, PYL))
    for L in range(NLOC):
        p = Proc(h, 4100 + L * 4 + (n % 3), rank=n * NLOC + L, local=L, seed=17)
        p.commid = "0x6f02e9d4a1b8c375"
        procs.append(p)
for a in agents:
    a.start(T0 + ms(200 + a.p.rnd.randrange(0, 900)), NLOC)

for p in procs:
    t = T0 + secs(20) + ms(p.local * 17 + (p.rank // NLOC) * 5)
    ptr, t2 = nccl_init(p, t, NV, "12.4", N, NLOC, IPS[p.rank // NLOC], hcas=8, nchan=1, ifname="bond0")
    p.t0 = t2

rnd = Rnd(17)
p0 = procs[0]
t_tr = max(p.t0 for p in procs) + secs(40)
p0.e(t_tr - secs(1), "Training starts at step 1, global batch size 2048, sequence length 4096")
STEP_S = 4.87
for step in [1] + list(range(50, 901, 50)):
    tt = t_tr + secs(STEP_S * step)
    loss = 11.5 * (0.997 ** step) + 2.1 + rnd.uniform(-0.03, 0.03)
    p0.e(tt, "[titan] %s - root - INFO - %s" % (f_pylog(tt), titan_step(step, loss, 58.2, 61.27, 3351, 41.2, era=2025,
                                                                         grad_norm=0.41 + rnd.uniform(0, 0.1), tflops=407.5)))

# ---- rank 301's IB link fails
T = t_tr + secs(STEP_S * 903) + ms(611)
bad = procs[BAD]
peer_ip = IPS[(BADN + 1) % NNODES]
ib = ("NET/IB : Got completion from peer %s<52277> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::e8eb:d3ff:fe39:%04x remoteGidsfe80::e8eb:d3ff:fe39:%04x"
      % (peer_ip, 0x1000 + BADN, 0x1000 + BADN + 1))
nccl_warn(bad, T, "transport/net_ib.cc:1696", ib)
nccl_unwind(bad, T, [("transport/net.cc:1302", " -> 6"), ("proxy.cc:698", " -> 6"), ("proxy.cc:878", " -> 6 [Progress Thread]")])
tb_ = T + ms(150)
pre = "[rank%d]:" % BAD
bad.e(tb_, pre + c10(tb_, "E", "ProcessGroupNCCL.cpp:2168", bad.rnd) + "%s  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
      % (pgq(BAD, VER), SEQ, SEQ, SEQ - 1))
bad.e(tb_, pre + c10(tb_, "E", "ProcessGroupNCCL.cpp:681", bad.rnd) + "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % BAD)
bad.e(tb_, pre + c10(tb_, "E", "ProcessGroupNCCL.cpp:687", bad.rnd) + "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % BAD)
torch_watchdog_exc(bad, tb_ + ms(2), VER, ["NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                                           "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                                           "Last error:", ib],
                   src="checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027",
                   exc="c10::DistBackendError", pylib=PYL)
for p in procs[BADN * NLOC:(BADN + 1) * NLOC]:
    if p is not bad:
        p.o(tb_ + ms(300 + p.local), p.np("service") + "NCCL INFO [Service thread] Connection closed by localRank %d" % (BAD % NLOC))
ab = agents[BADN]
ta = tb_ + ms(1400)
kill_sequence(ab, ta, procs[BADN * NLOC:(BADN + 1) * NLOC], [(bad, -6)])
ab.child_failed(ta + ms(40), "train.py", dict(time=ta, host=HOSTS[BADN], rank=BAD, local=BAD % NLOC, exitcode=-6, pid=bad.pid))

# ---- everyone else: 600 s later
t_coll = T - ms(40)
for n in range(NNODES):
    if n == BADN:
        continue
    fl = []
    for p in procs[n * NLOC:(n + 1) * NLOC]:
        t = t_coll + ms(600000 + p.rnd.randrange(5, 400))
        torch_timeout(p, t, VER, SEQ, "_ALLGATHER_BASE", (8388608, 4294967296), 600000, int((t - t_coll).total_seconds() * 1000),
                      pylib=PYL, short=True, fr_line=False)
        fl.append((t, p))
    fl.sort(key=lambda x: x[0])
    a = agents[n]
    ta = fl[-1][0] + ms(900)
    for (ft, p) in fl:
        a.failed(ta, -6, p.local, p.pid)
    a.child_failed(ta + ms(20), "train.py", dict(time=fl[0][0], host=HOSTS[n], rank=fl[0][1].rank, local=fl[0][1].local, exitcode=-6, pid=fl[0][1].pid),
                   [dict(time=ft, host=HOSTS[n], rank=p.rank, local=p.local, exitcode=-6, pid=p.pid) for (ft, p) in fl[1:]])

for n, h in enumerate(HOSTS):
    S.write("%s/torchrun.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "network_error",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": HOSTS[BADN],
    "run.ranks": N,
    "run.hosts": NNODES,
    "!findings[].id": ["clock_skew", "socket_fallback", "nccl_version_mismatch"],
})
S.readme("""
# 17-large

Story: FSDP pre-training on 64 nodes x 8 H100 = 512 ranks (`torchrun --tee 3` on every node). Rank 301 (node038,
local 5) gets `NET/IB : Got completion from peer ... with status=12 opcode=0 len=0 vendor err 129` and aborts with
ncclRemoteError; node038's agent SIGTERMs its other workers. The 504 ranks on the other 63 nodes wait in
`_ALLGATHER_BASE` SeqNum 70213 and time out 600 s later: hundreds of watchdog blocks and 63 ChildFailedErrors (secondary).
Layout: `node001/ ... node064/`, each `torchrun.log` (the node's `--tee` output). Per-rank chatter is kept short
(NCCL INFO init with one channel, rank 0's step lines every 50 steps, two frames per C++ stack).
Versions: torch 2.6 (`[PG ID 0 PG GUID 0(default_pg) Rank N]`), NCCL 2.21.5. Modelled on nccl-003, nccl-031, train-001.
""")
