"""51-ncclras-json: a 2-node x 8-GPU torchtitan FSDP job (torch 2.6 with NCCL 2.29.2 installed over the wheel's)
hangs in a parameter all-gather.  Five minutes in, the on-call engineer runs `ncclras -f json` and saves the
report (ncclras.json): the world communicator's rank 4 has launched one AllGather fewer than the 15 others.  Five
minutes later the 15 watchdogs time out on _ALLGATHER_BASE SeqNum 24031.  RAS decides; the watchdogs name the
same collective (c10d's _ALLGATHER_BASE is NCCL's AllGather) and give c10d's seq, timeout and group."""

import sys
sys.dont_write_bytecode = True
from flgen import *  # noqa: E402

S = Scenario("51-ncclras-json")
VER = (2, 6)
NV = "2.29.2"
HOSTS = ["gpu-c03", "gpu-c04"]
IPS = ["10.42.3.13", "10.42.3.14"]
NLOC, N = 8, 16
SEQ = 24031
STUCK = 4
LAST_STEP = 800
# NCCL's per-collective launch counts at the hang (ncclras counts launches, not c10d works)
COUNTS = {"Broadcast": 1, "Reduce": 0, "AllGather": 16003, "ReduceScatter": 8000, "AllReduce": 802}
PYL = "/opt/conda/lib/python3.11/site-packages"
T0 = ts("2025-09-15 07:31:44.208")

procs = []
for n, h in enumerate(HOSTS):
    for L in range(NLOC):
        procs.append(Proc(h, 70411 + L + n * 100, rank=n * NLOC + L, local=L, seed=51))

for p in procs:
    t = T0 + ms(p.local * 17 + p.rank)
    titan_log(p, t, "Starting job: Llama 3 8B training")
    titan_log(p, t + ms(2), "Building 1-D device mesh with ['dp_shard'], [16]")
    titan_log(p, t + secs(9), "Model llama3 8B size: 8,030,261,248 total parameters")
    titan_log(p, t + secs(9) + ms(60), "Applied FSDP to the model")
    titan_log(p, t + secs(9) + ms(120), "Training starts at step 1, with local batch size 1, global batch size 16, sequence length 8192, total steps 20000 (warmup 200)")
    p.t0 = t + secs(10)

tstart = max(p.t0 for p in procs)
STEP_S = 1.83
loss = 7.8917
rnd = Rnd(51)
for step in [1] + list(range(10, LAST_STEP + 1, 10)):
    tt = tstart + secs(STEP_S * step)
    loss = loss * 0.996 + rnd.uniform(-0.02, 0.02)
    for p in procs:
        mem = 48.02 + p.rnd.uniform(-0.2, 0.2)
        titan_log(p, tt + ms(p.rnd.randrange(0, 25)),
                  titan_step(step, loss, mem, mem / 79.11 * 100, 4466 + p.rnd.randrange(-30, 30) if step > 1 else 371,
                             36.21 + p.rnd.uniform(-0.3, 0.3) if step > 1 else 3.01))

t_coll = tstart + secs(STEP_S * (LAST_STEP + 1)) - ms(1100)
for p in procs:
    if p.rank == STUCK:
        continue
    t = t_coll + ms(600000 + p.rnd.randrange(20, 140))
    torch_timeout(p, t, VER, SEQ, "_ALLGATHER_BASE", (32112640, 513802240), 600000,
                  int((t - t_coll).total_seconds() * 1000), pylib=PYL, last_enqueued=SEQ + 1)

for p in procs:
    S.write("logs/rank%d.log" % p.rank, merged([p]))


def ras_json(comm_hash, host_hash, pid_hash):
    """`ncclras -f json` as NCCL 2.29's ras/client_support.cc writes it (jsonWriteHeader, jsonStartCommunicator,
    jsonWriteRankData, jsonStartMissingRanks, jsonWriteMissingRank, jsonEndCommunicator, jsonWriteFooter)."""
    out = ["{",
           '  "nccl_version": "%s",' % NV,
           '  "cuda_runtime_version": 12060,',
           '  "cuda_driver_version": 12080,',
           '  "timestamp": "2025-09-15 08:06:29",',
           '  "communicators_count": 1,',
           '  "communicators": [',
           "    {",
           '      "hash": "0x%x",' % comm_hash,
           '      "secondary_hash": "0x%x:0x%x",' % (host_hash, pid_hash),
           '      "size": %d,' % N,
           '      "ranks_count": %d,' % N,
           '      "missing_ranks_count": 0,',
           '      "ranks": [']
    for i, p in enumerate(procs):
        counts = dict(COUNTS)
        if p.rank == STUCK:
            counts["AllGather"] -= 1
        rank = ["        {",
                '          "rank": %d,' % p.rank,
                '          "host": "%s",' % IPS[p.rank // NLOC],
                '          "pid": %d,' % p.pid,
                '          "cuda_dev": %d,' % p.local,
                '          "nvml_dev": %d,' % p.local,
                '          "status": {',
                '            "init_state": 0,',
                '            "async_error": 0,',
                '            "finalize_called": false,',
                '            "destroy_flag": false,',
                '            "abort_flag": false',
                "          },",
                '          "collective_counts": {']
        names = list(COUNTS)
        rank += ['            "%s": %d%s' % (k, counts[k], "," if j < len(names) - 1 else "") for j, k in enumerate(names)]
        rank += ["          }", "        }" + ("," if i < len(procs) - 1 else "")]
        out += rank
    out += ["      ],",
            '      "missing_ranks": [',
            "",  # none: jsonEndCommunicator's "\n      ]" follows the list's opening line
            "      ]",
            "    }",
            "  ],",
            '  "ras": {',
            '    "collection_time_sec": 0.047,',
            '    "timeouts_count": 0',
            "  }",
            "}"]
    return out


S.write("ncclras.json", ras_json(0x7c21e5a9d03f48b6, 0x9d4f0a2c6e81b357, 0x2b6e9f10c4a7d853))

S.expected({
    "verdict.status": "hung",
    "verdict.likely_cause.id": "collective_hang",
    "verdict.first_failure": None,
    "verdict.hang.collective": "_ALLGATHER_BASE",
    "verdict.hang.seq": SEQ,
    "verdict.hang.timeout_ms": 600000,
    "verdict.hang.process_group": "default_pg",
    "verdict.hang.stuck_ranks": [STUCK],
    "verdict.hang.source": "nccl_ras",
    "verdict.hang.conflicts": [],
    "run.ranks": N,
})
S.readme("""
# 51-ncclras-json

Story: a 2-node x 8-GPU torchtitan job (`gpu-c03`, `gpu-c04`; FSDP over a 1-D `dp_shard` mesh; torch 2.6 with
NCCL 2.29.2 installed over the wheel's, RAS on by default) hangs after step 800: rank 4 (gpu-c03, local rank 4)
blocks in host code before it launches the next parameter all-gather. Five minutes in, the on-call engineer
runs `ncclras -f json` on gpu-c03 and saves its output as `ncclras.json`: in the world communicator 15 ranks have
launched 16003 AllGather operations and rank 4 16002 (all other counts equal, no missing ranks). Five minutes
later the 15 other ranks' watchdogs time out on `_ALLGATHER_BASE` SeqNum 24031. Each rank logs to
`logs/rank<N>.log`; no NCCL_DEBUG.
What it proves: the JSON form of the ncclras report is a hang source like the text one (`verdict.hang.source` =
`nccl_ras`): per communicator, the ranks whose `collective_counts` are below the highest for a collective are
stuck (rank 4). The watchdogs name the same collective (c10d's `_ALLGATHER_BASE` is NCCL's AllGather) and
give its c10d name, which the report uses, the seq 24031, the 600000 ms timeout and the process group: no
conflict.
Versions: torch 2.6 (`[PG ID 0 PG GUID 0(default_pg) Rank r]`, "failure detected by watchdog at work sequence
id"), NCCL 2.29.2. The JSON layout, key for key and line for line, is NCCL's ras/client_support.cc (2.28.7+:
jsonWriteHeader, jsonStartCommunicator, jsonWriteRankData with the five `ncclFuncToString` names of
`NCCL_NUM_FUNCTIONS`, jsonStartMissingRanks, jsonEndCommunicator, jsonWriteFooter).
""")
