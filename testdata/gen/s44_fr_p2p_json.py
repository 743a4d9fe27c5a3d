"""44-fr-p2p-json: one node x 4 GPUs, torch 2.5 / NCCL 2.21.5, two pipeline stages (ranks 0, 1 -> ranks 2, 3)
exchanging activations and gradients with send/recv.  The framework saves Flight Recorder dumps as JSON (torch's
JSON dump call) when the watchdog fires.  In step 97 rank 2 is blocked writing an activation checkpoint to a hung
mount and never posts its recv from rank 0; rank 0's send never completes, ranks 1 and 3 finish their pair and then
wait for ranks 0 and 2 in the loss ALLREDUCE.  The dumps name the P2P send that never met its recv."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
import fr_dump as fr  # noqa: E402
from frjob import LOSS_ALLREDUCE, PYL, FrJob  # noqa: E402

S = Scenario("44-fr-p2p-json")
VER = (2, 5)
STUCK = 2
LAST_STEP = 96
J = FrJob(["l40s-node-2"], 4, seed=44)
t = J.start(ts("2025-08-12 09:30:12.204"), ["10.60.4.2"])
PAIRS = [(0, 2), (1, 3)]
ACT = [[2, 8192, 4096]]


def p2p(r, pname, t_, state="completed"):
    J.record(r, "0", pname, ACT, ["BFloat16"], ACT, ["BFloat16"], t_, None, state=state, p2p=True)


rnd = Rnd(44)
loss = 2.9
for step in range(1, LAST_STEP + 2):
    tt = t + secs(2.05 * step)
    loss = loss - 0.002 + rnd.uniform(-0.02, 0.02)
    last = step == LAST_STEP + 1
    for (a, b) in PAIRS:
        ra, rb = J.ranks[a], J.ranks[b]
        if last and b == STUCK:
            p2p(ra, "nccl:send %d->%d" % (a, b), tt + ms(300), state="started")
            continue
        p2p(ra, "nccl:send %d->%d" % (a, b), tt + ms(300))
        p2p(rb, "nccl:recv %d<-%d" % (b, a), tt + ms(301))
        p2p(rb, "nccl:send %d->%d" % (b, a), tt + ms(1200))
        p2p(ra, "nccl:recv %d<-%d" % (a, b), tt + ms(1201))
    if step % 8 == 0 or last:
        for r in J.ranks:
            if last and r.p.rank in (0, STUCK):
                continue
            J.record(r, "0", "nccl:all_reduce", [[]], ["Float"], [[]], ["Float"], tt + ms(1700), LOSS_ALLREDUCE,
                     state="started" if last else "completed")
    if step % 8 == 0 or step == 1:
        for r in J.ranks:
            J.step_line(r, tt + ms(1800), step, loss)

SEQ = J.ranks[0].p2p["0"]
t_out = t + secs(2.05 * (LAST_STEP + 1)) + ms(300) + ms(600000)
for r in J.ranks:
    p = r.p
    if p.rank in (0, 1, 3):
        op, seq = ("SEND", SEQ) if p.rank == 0 else ("ALLREDUCE", J.ranks[1].seq["0"])
        torch_timeout(p, t_out + ms(p.rnd.randrange(20, 90) + (0 if p.rank == 0 else 1400)), VER, seq, op,
                      1 if op == "ALLREDUCE" else 2 * 8192 * 4096, 600000, 600000 + p.rnd.randrange(30, 90), pylib=PYL)
    S.write("rank%d.log" % p.rank, merged([p]))
    S.write("flight_recorder/rank_%d.json" % p.rank, fr.to_json(J.dump(r, 120)))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.hang.collective": "SEND",
    "verdict.hang.seq": SEQ,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "flight_recorder",
    "verdict.hang.flight_recorder.mismatch": "not_joined",
    "verdict.hang.flight_recorder.ranks_without_dump": [],
    "verdict.hang.flight_recorder.diverging.rank": STUCK,
    "run.ranks": 4,
})
S.readme("""
# 44-fr-p2p-json

Story: one node x 4 L40S, torch 2.5 / NCCL 2.21.5, two pipeline stages: rank 0 feeds rank 2 and rank 1 feeds rank
3 with `send`/`recv` on the default group (activations forward, gradients back), and the four all-reduce the loss
every 8 steps. The framework saves Flight Recorder dumps as JSON (torch's JSON dump: sorted keys, no Python frames,
0 for a time not discovered) into `flight_recorder/rank_<N>.json`. In step 97 rank 2 blocks writing an activation
checkpoint to a hung mount and never posts its recv from rank 0: rank 0's `nccl:send 0->2` (P2P sequence number %d)
is started and never completes. Ranks 1 and 3 finish their pair, then start the loss ALLREDUCE and wait for ranks 0
and 2. Rank 0 times out in the send, ranks 1 and 3 in the ALLREDUCE; rank 2 prints nothing. The dumps show the send
that no recv met: rank 2 is the one that never joined.
Layout: `rank<N>.log`, `flight_recorder/rank_<N>.json` (`testdata/gen/fr_dump.py`, JSON form).
""" % SEQ)
