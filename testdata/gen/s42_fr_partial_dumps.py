"""42-fr-partial-dumps: Slurm job, 2 nodes x 4 GPUs, torch 2.5 / NCCL 2.21.5, DDP, Flight Recorder on
(TORCH_NCCL_TRACE_BUFFER_SIZE=100, TORCH_NCCL_DUMP_ON_TIMEOUT=1).  A data-loader worker of rank 6 leaks host memory;
the kernel OOM killer SIGKILLs rank 6 during step 185, so it writes no dump.  The other seven ranks wait in step
186's gradient ALLREDUCE, time out (watchdog lines in their logs) and dump.  The bundle holds seven dumps, the logs
and the node's kern.log: the verdict joins them and names rank 6 as the rank without a dump."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402
import fr_dump as fr  # noqa: E402
from frjob import BACKWARD, PYL, FrJob  # noqa: E402

S = Scenario("42-fr-partial-dumps")
VER = (2, 5)
HOSTS = ["dgx-b07", "dgx-b08"]
IPS = ["10.30.1.7", "10.30.1.8"]
KILLED = 6
LAST_STEP = 185
J = FrJob(HOSTS, 4, seed=42)
t = J.start(ts("2025-06-09 02:11:37.640"), IPS)

rnd = Rnd(42)
loss = 2.58
for step in range(1, LAST_STEP + 1):
    tt = t + secs(1.52 * step)
    loss = loss - 0.001 + rnd.uniform(-0.02, 0.02)
    for r in J.ranks:
        J.step_collectives(r, tt, step, step % 10 == 0)
        if step % 10 == 0 or step == 1:
            J.step_line(r, tt + ms(1400), step, loss)

tt = t + secs(1.52 * (LAST_STEP + 1))
victim = J.ranks[KILLED].p
k = Kern(HOSTS[1], ts("2025-06-08 19:02:11.000"))
tk = tt + ms(300)
cg = "/slurm/uid_1000/job_88213"
k.addn(tk, kern_oom(HOSTS[1], tk, None, victim.pid, "pt_main_thread", cg + "/step_0", rnd, 97310208, 189204480))
k.addn(tk + ms(2), kern_oom_tail(victim.pid, "pt_main_thread", cg, cg + "/step_0/user/task_2", 97310208, 189204480))
for r in J.ranks:
    if r.p.rank == KILLED:
        continue
    J.record(r, "0", "nccl:all_reduce", [[J.numel]], ["Float"], [[J.numel]], ["Float"], tt + ms(900), BACKWARD,
             state="started")
SEQ = J.ranks[0].seq["0"]

t_out = tt + ms(900) + ms(600000)
for r in J.ranks:
    p = r.p
    if p.rank != KILLED:
        torch_timeout(p, t_out + ms(p.rnd.randrange(20, 90)), VER, SEQ, "ALLREDUCE", J.numel, 600000,
                      600000 + p.rnd.randrange(30, 90), pylib=PYL)
        S.write("dumps/nccl_trace_rank_%d" % p.rank, fr.to_pickle(J.dump(r, 100)))
    S.write("logs/%s/rank%d.log" % (p.host, p.rank), merged([p]))
S.write("logs/%s/kern.log" % HOSTS[1], k.kernlog())

S.expected({
    "verdict.status": "failed",
    "verdict.likely_cause.id": "host_oom",
    "verdict.first_failure.rank": KILLED,
    "verdict.hang.collective": "ALLREDUCE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.stuck_ranks": [KILLED],
    "verdict.hang.source": "watchdog",
    "verdict.hang.flight_recorder.mismatch": "not_completed",
    "verdict.hang.flight_recorder.ranks_without_dump": [KILLED],
    "run.ranks": 8,
})
S.readme("""
# 42-fr-partial-dumps

Story: Slurm job 88213, 2 nodes (`dgx-b07`, `dgx-b08`) x 4 GPUs, DDP, torch 2.5 / NCCL 2.21.5, Flight Recorder on
(`TORCH_NCCL_TRACE_BUFFER_SIZE=100`, `TORCH_NCCL_DUMP_ON_TIMEOUT=1`). A data-loader worker of rank 6 leaks host
memory; during step 186 the kernel's memory-cgroup OOM killer SIGKILLs rank 6 (pid %d on dgx-b08), which therefore
writes no dump. The other seven ranks start the step's gradient ALLREDUCE (default group, sequence number %d), time
out after 600 s (watchdog lines in their logs) and dump. The dumps agree with the logs: everyone that dumped started
the collective and nobody finished it, and the one member of the group without a dump is rank 6.
Layout: `logs/<host>/rank<N>.log`, `logs/dgx-b08/kern.log`, `dumps/nccl_trace_rank_<N>` for the seven ranks that
dumped (pickle, dump version 2.4, `testdata/gen/fr_dump.py`).
""" % (victim.pid, SEQ))
