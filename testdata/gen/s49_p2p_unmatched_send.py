"""49-p2p-unmatched-send: a 4-stage pipeline-parallel job on one node (4 GPUs, one stage each; torch 2.4,
NCCL 2.20.5, NCCL_DEBUG=INFO with NCCL_DEBUG_SUBSYS=INIT,COLL).  c10d creates a 2-rank NCCL communicator per
pair of neighbouring stages; NCCL's COLL trace logs every Send and Recv with the peer's rank in that
communicator.  In iteration 3 stage 2 (rank 2) deadlocks on the host before posting the Recv of microbatch 2
from rank 1: rank 1's Send to rank 2 is never matched.  Ranks 0, 1 (SEND) and 3 (RECV) time out; rank 2 says
nothing more.  The COLL traces give both ends: sender 1, receiver 2 (stuck)."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("49-p2p-unmatched-send")
VER = (2, 4)
NV = "2.20.5"
HOST = "dgx-pp-03"
IP = "10.12.0.3"
N = 4
M = 4             # microbatches per iteration
ITERS = 3         # the hang is in the third
HANG_MB = 2       # rank 2 never posts its Recv of this microbatch (forward) from rank 1
STUCK = 2
NUMEL = 4 * 4096 * 4096 // 16   # activations of one microbatch (bf16)
T0 = ts("2025-08-21 06:40:02.315")

procs = []
for L in range(N):
    p = Proc(HOST, 7120 + L * 11, rank=L, local=L, seed=49)
    p.commid = "0x6b01d4e9a7c3f258"
    procs.append(p)

for p in procs:
    t = T0 + ms(p.local * 17)
    ptr, t2 = nccl_init(p, t + secs(1), NV, "12.4", N, N, IP, ifname="eth0", hcas=4)
    p.t0 = t2 + ms(500)
    p.opc = {}

# c10d's send/recv communicators: one per neighbouring pair, comm rank 0 = the lower global rank
pair_comm = {}
for a in range(N - 1):
    cid = Rnd(4900 + a).commid()
    for p in (procs[a], procs[a + 1]):
        ptr = p.rnd.hexptr()
        pair_comm[(p.rank, a)] = ptr
        t = p.t0 + ms(40 * a)
        me = 0 if p.rank == a else 1
        bid = busid(BUS_H100[p.local])
        p.o(t, p.np("main") + "NCCL INFO comm %s rank %d nranks 2 cudaDev %d nvmlDev %d busId %s commId %s - Init START"
            % (ptr, me, p.local, p.local, bid, cid))
        p.o(t + ms(180), p.np("main") + "NCCL INFO comm %s rank %d nranks 2 cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
            % (ptr, me, p.local, p.local, bid, cid))
        p.opc[ptr] = 0


def p2p(p, t, op, peer):
    """One NCCL COLL trace line of a Send/Recv on the pair communicator with peer (root = peer's comm rank)."""
    a = min(p.rank, peer)
    ptr = pair_comm[(p.rank, a)]
    root = 0 if peer == a else 1
    p.o(t, p.np("main") + "NCCL INFO %s: opCount %x sendbuff (nil) recvbuff %s count %d datatype 9 op 0 root %d "
        "comm %s [nranks=2] stream %s" % (op, p.opc[ptr], p.rnd.hexptr7f(), NUMEL, root, ptr, p.rnd.hexptr()))
    p.opc[ptr] += 1
    p.p2pseq = getattr(p, "p2pseq", 0) + 1


tstart = max(p.t0 for p in procs) + secs(1)
ITER_S = 2.2
t_last = {}
for it in range(1, ITERS + 1):
    base = tstart + secs(ITER_S * (it - 1))
    for mb in range(1, M + 1):
        for k, p in enumerate(procs):
            t = base + ms(60 * mb + 15 * k)
            if it == ITERS and mb >= HANG_MB and p.rank == STUCK:
                continue                      # stage 2 is stuck before this Recv
            if it == ITERS and mb > HANG_MB and p.rank in (1, 3):
                continue                      # the Send / Recv before it never completes
            if it == ITERS and mb > HANG_MB + 1 and p.rank == 0:
                continue
            if k > 0:
                p2p(p, t, "Recv", k - 1)
            if k < N - 1 and not (it == ITERS and p.rank == 2):
                p2p(p, t + ms(5), "Send", k + 1)
            t_last[p.rank] = (t, p.p2pseq)
    if it == ITERS:
        break
    for mb in range(1, M + 1):
        for k, p in enumerate(procs):
            t = base + ms(60 * M + 60 * mb + 15 * (N - 1 - k))
            if k < N - 1:
                p2p(p, t, "Recv", k + 1)
            if k > 0:
                p2p(p, t + ms(5), "Send", k - 1)

# the watchdogs: each rank's oldest unfinished work is its last p2p op (its SeqNum counts that PG's p2p ops)
hung_op = {0: "SEND", 1: "SEND", 3: "RECV"}
for r, op in hung_op.items():
    p = procs[r]
    t0, seq = t_last[r]
    t = t0 + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, seq, op, NUMEL, 600000, int((t - t0).total_seconds() * 1000))

for p in procs:
    S.write("logs/rank%d.log" % p.rank, merged([p]))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "SEND",
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "p2p_trace",
    "verdict.hang.p2p.sender": 1,
    "verdict.hang.p2p.receiver": STUCK,
    "run.ranks": N,
})
S.readme("""
# 49-p2p-unmatched-send

Story: a 4-stage pipeline-parallel job on one node (`dgx-pp-03`, 4 GPUs, one stage per rank; torch 2.4, NCCL
2.20.5) run with `NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,COLL`, each rank logging to `logs/rank<N>.log`. c10d
creates a 2-rank NCCL communicator for each pair of neighbouring stages (comm rank 0 is the lower global rank;
the Init START lines give each one's commId), and NCCL's COLL trace logs every Send and Recv with its peer's rank
in that communicator as `root`. Each iteration runs 4 microbatches forward (stage k receives from k-1, sends to
k+1) and backward. In iteration 3 stage 2 deadlocks on the host before posting the Recv of microbatch 2 from
rank 1, so rank 1's Send is never matched; rank 0's next Send, rank 1's pending Send and rank 3's Recv from
rank 2 time out after 600 s (watchdog OpType SEND, SEND, RECV); rank 2 logs nothing more.
What it proves: a point-to-point hang is reported with both ends: `verdict.hang.p2p` = sender 1, receiver 2,
`collective` SEND, `stuck_ranks` [2], decided by the COLL traces (`verdict.hang.source` = `p2p_trace`). The
watchdogs, which report SEND and RECV works with per-rank p2p SeqNums, do not agree on one point; where they
disagree with the traces, the report lists it as a conflict.
Versions: torch 2.4 (`[Rank r] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=..., OpType=SEND
...)`), NCCL 2.20.5 (Init START "comm ... rank R nranks 2 cudaDev ... commId ..."; COLL trace
"Send: opCount ... root P comm ... [nranks=2]", NCCL's enqueue.cc / collectives.cc, reference formats-nccl.md
1.4).
""")
