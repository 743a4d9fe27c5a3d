"""06-network-error: 2 nodes x 8 GPUs, torchrun --tee 3 per node, torch 2.6 / NCCL 2.21.5, litgpt (Fabric),
NCCL_DEBUG_FILE=nccl.%h.%p.log.  The IB link of mlx5_4 on gpu-worker-1 fails: rank 12 gets an IB completion
error status=12 (retry exceeded) vendor err 129 and aborts; its peer rank 4 on gpu-worker-0 then sees the
connection reset (ncclRemoteError); the agents tear both nodes down."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
from litgpt_job import PYL, VER, Job, build  # noqa: E402

S = Scenario("06-network-error")
HOSTS = ["gpu-worker-0", "gpu-worker-1"]
IPS = ["10.0.64.11", "10.0.64.12"]
NLOC = 8
T0 = ts("2025-03-11 21:04:19.020")
BAD, PEER = 12, 4
SEQ = 88201
GID = {0: "fe80::a288:c2ff:fe4d:91a4", 1: "fe80::a288:c2ff:fe4d:7c30"}

J = build(Job(seed=6, nccl_seed=60, hosts=HOSTS, ips=IPS, t0=T0, agent_pid=70211, agent_pid_step=5,
              pid=70240, pid_step=17, commid="0x64bd11e0f3a9c752", agent_ms=400, init_s=8, init_ms=21,
              hcas=8, hca_list="mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7", rings=None,
              instantiate="0.31", loss=10.93, iter_ms=612.4, iters=4200))
agents, procs, nfiles, tt = J.agents, J.procs, J.nfiles, J.tt

# ---- the failure: rank 12's IB link
t_f = tt + ms(37110)
bad, badq = procs[BAD], nfiles[BAD]
peer, peerq = procs[PEER], nfiles[PEER]
ibmsg = ("NET/IB : Got completion from peer %s<34561> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid %s remoteGids%s"
         % (IPS[0], GID[1], GID[0]))
nccl_warn(badq, t_f, "transport/net_ib.cc:1696", ibmsg)
nccl_unwind(badq, t_f, [("transport/net.cc:1302", " -> 6"), ("proxy.cc:698", " -> 6"), ("proxy.cc:878", " -> 6 [Progress Thread]")])
t12 = t_f + ms(180)
r = BAD
pre = "[rank%d]:" % r
bad.e(t12, pre + c10(t12, "E", "ProcessGroupNCCL.cpp:2168", bad.rnd) + "%s  failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d"
      % (pgq(r, VER), SEQ, SEQ + 1, SEQ - 1))
bad.e(t12, pre + c10(t12, "E", "ProcessGroupNCCL.cpp:667", bad.rnd) + "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.")
bad.e(t12, pre + c10(t12, "E", "ProcessGroupNCCL.cpp:681", bad.rnd) + "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % r)
bad.e(t12, pre + c10(t12, "E", "ProcessGroupNCCL.cpp:687", bad.rnd) + "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % r)
torch_watchdog_exc(bad, t12 + ms(2), VER,
                   ["NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:", ibmsg],
                   src="checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027",
                   exc="c10::DistBackendError", pylib=PYL)
# same-host ranks: the dead process's proxy connections close
for q in nfiles[8:]:
    if q.rank != BAD:
        q.o(t12 + ms(420 + q.local), q.np("service") + "NCCL INFO [Service thread] Connection closed by localRank %d" % (BAD % NLOC))
# gpu-worker-1 agent
a1 = agents[1]
ta = t12 + ms(1300)
kill_sequence(a1, ta, procs[8:], [(bad, -6)], "/usr/bin/python")
a1.child_failed(ta + ms(50), "pretrain.py", dict(time=ta, host=HOSTS[1], rank=BAD, local=BAD % NLOC, exitcode=-6, pid=bad.pid))

# rank 4 on gpu-worker-0 sees its connection to rank 12 reset
t4 = t12 + ms(2600)
sockmsg = "socketProgressOpt: Call to recv from %s<52113> failed : Connection reset by peer" % IPS[1]
nccl_warn(peerq, t4, "misc/socket.cc:63", sockmsg)
nccl_unwind(peerq, t4, [("misc/socket.cc:80", " -> 6"), ("misc/socket.cc:828", " -> 6"), ("transport/net_ib.cc:2101", " -> 6"),
                        ("transport/net.cc:1302", " -> 6"), ("proxy.cc:698", " -> 6"), ("proxy.cc:878", " -> 6 [Progress Thread]")])
t4b = t4 + ms(150)
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
for q in nfiles[:8]:
    if q.rank != PEER:
        q.o(t4b + ms(400 + q.local), q.np("service") + "NCCL INFO [Service thread] Connection closed by localRank %d" % PEER)
a0 = agents[0]
ta = t4b + ms(1200)
kill_sequence(a0, ta, procs[:8], [(peer, -6)], "/usr/bin/python")
a0.child_failed(ta + ms(50), "pretrain.py", dict(time=ta, host=HOSTS[0], rank=PEER, local=PEER, exitcode=-6, pid=peer.pid))

for n, h in enumerate(HOSTS):
    S.write("%s/train.log" % h, merged([agents[n].p] + procs[n * NLOC:(n + 1) * NLOC], prefix=tee_prefix))
for q in nfiles:
    S.write("%s/nccl.%s.%d.log" % (q.host, q.host, q.pid), stream_lines(q, "out"))

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "network_error",
    "verdict.first_failure.rank": BAD,
    "verdict.first_failure.host": "gpu-worker-1",
    "run.ranks": 16,
    "run.hosts": 2,
    "!findings[].id": ["socket_fallback", "clock_skew", "gpu_xid"],
})
S.readme("""
# 06-network-error

Story: litgpt (Lightning Fabric) pre-training on gpu-worker-0/1 (8 H100 each, one HCA per GPU). The IB link of
mlx5_4 on gpu-worker-1 fails: rank 12 (local 4) gets `NET/IB : Got completion from peer 10.0.64.11<34561> with
status=12 opcode=0 len=0 vendor err 129` (retry exceeded), its watchdog reports ncclRemoteError and aborts.
2.6 s later its peer rank 4 on gpu-worker-0 sees `socketProgressOpt: Call to recv ... failed : Connection reset by
peer` (secondary); both agents SIGTERM the rest, same-host ranks print `[Service thread] Connection closed`.
Layout: per node `train.log` (torchrun `--tee 3` output) and `nccl.<host>.<pid>.log` (NCCL_DEBUG_FILE=nccl.%h.%p.log,
no prefixes beyond NCCL's own; rank 0's file carries the version as an INFO line, stdout the bare banner).
Versions: torch 2.6 (`[PG ID 0 PG GUID 0(default_pg) Rank N]`, `failure detected by watchdog`), NCCL 2.21.5 IB wording.
Modelled on excerpts nccl-003 (status=12/129 + unwind), nccl-011 (ncclRemoteError + Last error), nccl-007 (Service thread).
""")
