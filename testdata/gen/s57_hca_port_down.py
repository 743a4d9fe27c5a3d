"""57-hca-port-down: 2 nodes x 8 GPUs with 4 HCAs each (mlx5_0..3, two GPUs per HCA), torchrun --tee 3 per node,
torch 2.6 / NCCL 2.21.5, NCCL_DEBUG_FILE=nccl.%h.%p.log.  The port of mlx5_1 on gpu-c08 goes down: every process
on gpu-c08 prints NCCL's async event (each one opened all four HCAs), and 7.6 s later rank 11, whose ring channel
leaves the node through mlx5_1, gets an IB completion error status=12 (retry exceeded) and aborts; its peer rank 4
on gpu-c07 sees the connection reset.  NCCL's channel lines say that ranks 10 and 11 (local 2 and 3) go through
mlx5_1 on gpu-c08; the other six ranks of the host use mlx5_0, mlx5_2 and mlx5_3."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from litgpt_job import PYL, VER, Job, build  # noqa: E402

S = Scenario("57-hca-port-down")
HOSTS = ["gpu-c07", "gpu-c08"]
IPS = ["10.0.72.17", "10.0.72.18"]
NLOC, HCAS, NCHAN = 8, 4, 4
T0 = ts("2025-05-06 03:12:44.310")
BAD, PEER = 11, 4
SEQ = 40117
GID = {0: "fe80::a288:c2ff:fe61:2e10", 1: "fe80::a288:c2ff:fe61:2f48"}

# Ring c enters each node at local 2c: channel c leaves node 0 from local 2c-1 and node 1 from local 2c-1 + 8,
# so every local rank has one NET channel, through the HCA next to its GPU (local L -> mlx5_<L*4/8>).
RINGS = []
for c in range(NCHAN):
    order = [(2 * c + k) % NLOC for k in range(NLOC)]
    RINGS.append(order + [NLOC + x for x in order])

J = build(Job(seed=57, nccl_seed=570, hosts=HOSTS, ips=IPS, t0=T0, agent_pid=51410, agent_pid_step=7,
              pid=51433, pid_step=19, commid="0x2f6b90c4d81e7a35", agent_ms=380, init_s=9, init_ms=19,
              hcas=HCAS, hca_list="mlx5_0,mlx5_1,mlx5_2,mlx5_3", rings=RINGS, instantiate="0.29", loss=10.91,
              iter_ms=615.2, iters=3000))
agents, procs, nfiles, tt = J.agents, J.procs, J.nfiles, J.tt

# ---- the failure: mlx5_1's port on gpu-c08 goes down; every process there has an async thread on it
t_port = tt + ms(21480)
for q in nfiles[NLOC:]:
    nccl_warn(q, t_port + ms(q.local), "transport/net_ib.cc:101", "NET/IB : mlx5_1:1 Got async event : port error",
              tid="async")
t_f = t_port + ms(7610)
bad, badq = procs[BAD], nfiles[BAD]
peer, peerq = procs[PEER], nfiles[PEER]
ibmsg = ("NET/IB : Got completion from peer %s<41733> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid %s remoteGids%s"
         % (IPS[0], GID[1], GID[0]))
nccl_warn(badq, t_f, "transport/net_ib.cc:1696", ibmsg)
nccl_unwind(badq, t_f, [("transport/net.cc:1302", " -> 6"), ("proxy.cc:698", " -> 6"), ("proxy.cc:878", " -> 6 [Progress Thread]")])
t11 = t_f + ms(170)
r = BAD
pre = "[rank%d]:" % r
bad.e(t11, pre + c10(t11, "E", "ProcessGroupNCCL.cpp:2168", bad.rnd) + "%s  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
      % (pgq(r, VER), SEQ, SEQ + 1, SEQ - 1))
bad.e(t11, pre + c10(t11, "E", "ProcessGroupNCCL.cpp:667", bad.rnd) + "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")
bad.e(t11, pre + c10(t11, "E", "ProcessGroupNCCL.cpp:681", bad.rnd) + "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % r)
bad.e(t11, pre + c10(t11, "E", "ProcessGroupNCCL.cpp:687", bad.rnd) + "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % r)
torch_watchdog_exc(bad, t11 + ms(2), VER,
                   ["NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:", ibmsg],
                   src="checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027",
                   exc="c10::DistBackendError", pylib=PYL)
for q in nfiles[NLOC:]:
    if q.rank != BAD:
        q.o(t11 + ms(410 + q.local), q.np("service") + "NCCL INFO [Service thread] Connection closed by localRank %d" % (BAD % NLOC))
a1 = agents[1]
ta = t11 + ms(1250)
kill_sequence(a1, ta, procs[NLOC:], [(bad, -6)], "/usr/bin/python")
a1.child_failed(ta + ms(50), "pretrain.py", dict(time=ta, host=HOSTS[1], rank=BAD, local=BAD % NLOC, exitcode=-6, pid=bad.pid))

# rank 4 on gpu-c07 (the receiving end of rank 11's channel 02) sees the connection reset
t4 = t11 + ms(2480)
sockmsg = "socketProgressOpt: Call to recv from %s<50871> failed : Connection reset by peer" % IPS[1]
nccl_warn(peerq, t4, "misc/socket.cc:63", sockmsg)
nccl_unwind(peerq, t4, [("misc/socket.cc:80", " -> 6"), ("misc/socket.cc:828", " -> 6"), ("transport/net_ib.cc:2101", " -> 6"),
                        ("transport/net.cc:1302", " -> 6"), ("proxy.cc:698", " -> 6"), ("proxy.cc:878", " -> 6 [Progress Thread]")])
t4b = t4 + ms(140)
r = PEER
pre = "[rank%d]:" % r
peer.e(t4b, pre + c10(t4b, "E", "ProcessGroupNCCL.cpp:2168", peer.rnd) + "%s  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
       % (pgq(r, VER), SEQ, SEQ + 1, SEQ - 1))
peer.e(t4b, pre + c10(t4b, "E", "ProcessGroupNCCL.cpp:681", peer.rnd) + "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % r)
peer.e(t4b, pre + c10(t4b, "E", "ProcessGroupNCCL.cpp:687", peer.rnd) + "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % r)
torch_watchdog_exc(peer, t4b + ms(2), VER,
                   ["NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:", sockmsg],
                   src="checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027",
                   exc="c10::DistBackendError", pylib=PYL)
for q in nfiles[:NLOC]:
    if q.rank != PEER:
        q.o(t4b + ms(390 + q.local), q.np("service") + "NCCL INFO [Service thread] Connection closed by localRank %d" % PEER)
a0 = agents[0]
ta = t4b + ms(1180)
kill_sequence(a0, ta, procs[:NLOC], [(peer, -6)], "/usr/bin/python")
a0.child_failed(ta + ms(50), "pretrain.py", dict(time=ta, host=HOSTS[0], rank=PEER, local=PEER, exitcode=-6, pid=peer.pid))

for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
for q in nfiles:
    S.write("%s/nccl.%s.%d.log" % (q.host, q.host, q.pid), stream_lines(q, "out"))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "network_error",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": "gpu-c08",
    "verdict.likely_cause.hcas[].host": ["gpu-c08"],
    "verdict.likely_cause.hcas[].device": ["mlx5_1"],
    "verdict.likely_cause.hcas[].ranks": [[10, 11]],
    "!verdict.likely_cause.hcas[].device": ["mlx5_0", "mlx5_2", "mlx5_3"],
    "run.ranks": 16,
    "run.hosts": 2,
    "!findings[].id": ["socket_fallback", "hca_count_mismatch", "clock_skew"],
})
S.readme("""
# 57-hca-port-down

Story: litgpt (Lightning Fabric) pre-training on gpu-c07/gpu-c08, 8 H100 and 4 HCAs per node (mlx5_0..3, one per
pair of GPUs). NCCL's 4 ring channels enter each node at a different GPU, so every rank has one channel through
the network, over the HCA next to its GPU: `Channel 01/0 : 10[2] -> 1[1] ...` style lines name
`via NET/IB/<index>/GDRDMA`, the index into the process's `NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ...` list.
The port of mlx5_1 on gpu-c08 goes down: all 8 processes there print `NET/IB : mlx5_1:1 Got async event : port
error` (each opened every HCA); 7.6 s later rank 11, whose channel 02 leaves the node through mlx5_1, gets
`NET/IB : Got completion from peer 10.0.72.17<41733> with status=12 ... vendor err 129` and aborts; rank 4 on
gpu-c07 sees the connection reset; both agents tear their node down.
Expected: network_error, first failure rank 11 on gpu-c08; the cause names mlx5_1 on gpu-c08 and exactly the ranks
whose channels use it, 10 and 11 (`likely_cause.hcas`), not the host's other six ranks that printed the port
error too.
Layout: per node `train.log` (torchrun `--tee 3`) and `nccl.<host>.<pid>.log` (NCCL_DEBUG_FILE=nccl.%h.%p.log).
Versions: torch 2.6, NCCL 2.21.5 (`NET/IB : %s:%d Got async event : %s` of transport/net_ib.cc 2.19-2.22;
completion error without `hca`, which 2.22 added).
Modelled on NVIDIA/nccl#1710 (`NET/IB : mlx5_0:1 Got async event : ...`), Lightning-AI/lit-llama#380 (every
process of the node prints the port error), excerpts nccl-003/nccl-011 (status=12/129 + unwind, ncclRemoteError),
nccl-019 (`via NET/IB/<n>/GDRDMA` channel lines), nccl-027 (`NET/IB : Using` list).
""")
