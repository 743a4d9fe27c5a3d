# NCCL RAS (2.24+): the "ncclras" client report (ras/client_support.cc) and
# the RAS INFO lines a job writes into its own log (subsystem RAS).
#
# The ncclras report is plain text without NCCL prefixes, indented by two
# blanks. It lists per communicator ("#<group>-<index> (<commHash>) STATUS")
# the ranks that disagree; the minority group is what to look at. "Rank N"
# there is the rank inside that communicator (captured as comm_rank); "GPU"
# is the CUDA device index, with " (NVML n)" when that differs.

name:     nccl.ras.version
kind:     nccl.version
severity: info
priority: 1
literal:  compiled with CUDA
regex:    \bNCCL version (?<version>\d+\.\d+\.\d+[a-z0-9]*) compiled with CUDA (?<cuda>\d+\.\d+)
doc:      NCCL version of the job, as reported by the ncclras client.
example:  NCCL version 2.26.2 compiled with CUDA 12.6
expect:   version=2.26.2
expect:   cuda=12.6
not:      CUDA runtime version 12060, driver version 12060

name:     nccl.ras.comm_status
kind:     nccl.ras_comm
severity: warning
literal:  MISMATCH
literal:  ERROR
literal:  INCOMPLETE
regex:    ^\s*#(?<group>\d+)-(?<index>\d+) \((?<comm_hash>[0-9a-f]{16})\) (?<status>MISMATCH|ERROR|INCOMPLETE)\s*$
type:     group=int index=int
doc:      Header of one communicator with a problem in an ncclras report: MISMATCH (ranks at different operation counts or status), ERROR (init or async NCCL errors), INCOMPLETE (ranks missing). The lines that follow name the ranks.
example:  #0-0 (fa93daea854b060b) MISMATCH
expect:   group=0
expect:   index=0
expect:   comm_hash=fa93daea854b060b
expect:   status=MISMATCH
# NCCL 2.24+ forms
example:  #0-1 (3c1f9a07d2e45b88) ERROR
expect:   status=ERROR
example:  #1-0 (9b02e4d7c13af650) INCOMPLETE
expect:   index=0
expect:   status=INCOMPLETE
not:      Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors
not:          0         1         4         8        32        32   RUNNING  MISMATCH

name:     nccl.ras.op_counts_differ
kind:     nccl.ras_mismatch
severity: warning
literal:  operation counts
regex:    Communicator ranks have different (?<op>\w+) operation counts
doc:      Ranks of a communicator launched different numbers of this collective: the ranks with the smaller count are stuck or late (a hang), the others are waiting for them.
example:    Communicator ranks have different AllGather operation counts
expect:   op=AllGather
# NCCL 2.24+ form
example:    Communicator ranks have different AllReduce operation counts
expect:   op=AllReduce
# NCCL 2.24-2.25 form: one count over every collective, no name (op=collective)
example:    Communicator ranks have different collective operation counts
expect:   op=collective
not:        30 ranks have launched up to operation 640

name:     nccl.ras.ranks_launched
kind:     nccl.ras_mismatch
severity: warning
literal:  ranks have launched up to operation
literal:  ranks have not launched any operations
regex:    \b(?<ranks>\d+) ranks have (?:launched up to operation (?<opcount>\d+)|(?<not_launched>not launched any operations))
type:     ranks=int opcount=int
doc:      How many ranks reached a given count of the collective named just above (decimal, per collective type). The smaller group at the lower count is the laggard set.
example:    30 ranks have launched up to operation 640
expect:   ranks=30
expect:   opcount=640
example:    2 ranks have launched up to operation 641
expect:   ranks=2
expect:   opcount=641
# NCCL 2.24+ form
example:    6 ranks have not launched any operations
expect:   ranks=6
expect:   not_launched=not launched any operations
not:        Communicator ranks have different AllGather operation counts

name:     nccl.ras.rank_launched
kind:     nccl.ras_mismatch
severity: warning
literal:  has launched up to operation
literal:  has not launched any operations
regex:    \bRank (?<comm_rank>\d+) has (?:launched up to operation (?<opcount>\d+)|(?<not_launched>not launched any operations)) -- (?:GPU (?<gpu>\d+)(?: \(NVML (?<nvml_gpu>\d+)\))? managed by process (?<process>\d+) on node (?<node>\S+)|\[process information not found\])
type:     comm_rank=int opcount=int gpu=int nvml_gpu=int process=int
doc:      A single outlier rank and its operation count, with the GPU, process and node to inspect.
# NCCL 2.24+ forms
example:    Rank 17 has launched up to operation 639 -- GPU 1 managed by process 323041 on node 10.137.190.125
expect:   comm_rank=17
expect:   opcount=639
expect:   gpu=1
expect:   process=323041
expect:   node=10.137.190.125
example:    Rank 5 has not launched any operations -- GPU 5 (NVML 7) managed by process 41872 on node gpu-node-03
expect:   comm_rank=5
expect:   not_launched=not launched any operations
expect:   nvml_gpu=7
expect:   node=gpu-node-03
example:    Rank 9 has launched up to operation 12 -- [process information not found]
expect:   comm_rank=9
expect:   opcount=12
not:        Rank 12 -- GPU 4 managed by process 323032 on node 10.137.190.124

name:     nccl.ras.rank
kind:     nccl.ras_rank
severity: warning
literal:   -- GPU 
literal:   -- [process information not found]
regex:    \bRank (?<comm_rank>\d+)(?: has status (?<status>\w+)| reported (?<error>[^-]+?))? -- (?:GPU (?<gpu>\d+)(?: \(NVML (?<nvml_gpu>\d+)\))? managed by process (?<process>\d+) on node (?<node>\S+)|\[process information not found\])
type:     comm_rank=int gpu=int nvml_gpu=int process=int
doc:      One rank listed under a RAS problem (the group named by the line above it: a lagging op count, a status, an error, or missing ranks), with its GPU, process id and node.
example:    Rank 12 -- GPU 4 managed by process 323032 on node 10.137.190.124
expect:   comm_rank=12
expect:   gpu=4
expect:   process=323032
expect:   node=10.137.190.124
example:    Rank 13 -- GPU 5 managed by process 323033 on node 10.137.190.124
expect:   comm_rank=13
expect:   node=10.137.190.124
# NCCL 2.24+ forms
example:    Rank 3 reported Remote process error -- GPU 3 managed by process 51204 on node gpu-node-02
expect:   comm_rank=3
expect:   error=Remote process error
expect:   process=51204
example:    Rank 7 has status ABORT -- GPU 7 managed by process 51208 on node gpu-node-02
expect:   status=ABORT
example:    Rank 21 -- [process information not found]
expect:   comm_rank=21
not:        Rank 17 has launched up to operation 639 -- GPU 1 managed by process 323041 on node 10.137.190.125

name:     nccl.ras.missing_rank_list
kind:     nccl.ras_rank
severity: warning
literal:  The missing rank
regex:    \bThe missing ranks?: (?<comm_ranks>\d+(?:,\d+)*)\s*$
doc:      NCCL 2.24-2.25 name the ranks an INCOMPLETE communicator got no data from in one comma-separated list (2.26+ print a "Rank N -- ..." line each).
# NCCL 2.24-2.25 form (ras/client_support.cc, RAS_ACE_INCOMPLETE)
example:    The missing rank: 13
expect:   comm_ranks=13
example:    The missing ranks: 3,7,11
expect:   comm_ranks=3,7,11
not:        Missing communicator data from 3 ranks

name:     nccl.ras.errors_reported
kind:     nccl.ras_error
severity: warning
literal:  ranks reported 
regex:    \b(?<ranks>\d+) ranks reported (?<error>.*?)\s*$
type:     ranks=int
doc:      How many ranks of a communicator recorded this NCCL error (ERROR section of an ncclras report); the rank lines that follow name them.
# NCCL 2.24+ form
example:    2 ranks reported Remote process error
expect:   ranks=2
expect:   error=Remote process error
not:        Asynchronous errors on 2 ranks

name:     nccl.ras.error_phase
kind:     nccl.ras_error
severity: warning
literal:  error on 
literal:  errors on 
regex:    \b(?<phase>Initialization|Asynchronous) errors? on (?<ranks>\d+) ranks?\s*$
type:     ranks=int
doc:      Number of ranks of a communicator with initialization or asynchronous NCCL errors (ERROR section of an ncclras report).
# NCCL 2.24+ forms
example:    Asynchronous errors on 2 ranks
expect:   phase=Asynchronous
expect:   ranks=2
example:    Initialization error on 1 rank
expect:   phase=Initialization
expect:   ranks=1
not:        2 ranks reported Remote process error

name:     nccl.ras.dead_processes
kind:     nccl.ras_dead
severity: warning
literal:  considered dead (unreachable via the RAS network)
regex:    \b(?<count>\d+) job process(?:es are| is) considered dead \(unreachable via the RAS network\)
type:     count=int
doc:      Job processes the RAS network can no longer reach (crashed, killed, node down). The process lines that follow name them; their own logs hold the cause.
# NCCL 2.24+ forms
example:    1 job process is considered dead (unreachable via the RAS network)
expect:   count=1
example:    8 job processes are considered dead (unreachable via the RAS network)
expect:   count=8
not:        Missing communicator data from 8 job processes

name:     nccl.ras.process
kind:     nccl.ras_rank
severity: warning
literal:  managing GPU
regex:    \bProcess (?<process>\d+) on node (?<node>\S+) managing GPUs? (?<gpus>\S+(?: \(NVML [\d,]+\))?)
type:     process=int
doc:      A process listed under DEAD or INCOMPLETE (missing data) in an ncclras report, with its node and GPUs.
# NCCL 2.24+ form
example:    Process 51208 on node gpu-node-02 managing GPU 7
expect:   process=51208
expect:   node=gpu-node-02
expect:   gpus=7
example:    Process 51200 on node gpu-node-02 managing GPUs 0,1,2,3
expect:   gpus=0,1,2,3
not:        Rank 12 -- GPU 4 managed by process 323032 on node 10.137.190.124

name:     nccl.ras.missing_data
kind:     nccl.ras_comm
severity: warning
literal:  Missing communicator data from
regex:    Missing communicator data from (?:(?<missing_processes>\d+) job process(?:es)?|(?<missing_ranks>\d+) ranks?)\s*$
type:     missing_processes=int missing_ranks=int
doc:      The ncclras client got no communicator data from some processes (INCOMPLETE, in the Errors section), or, under a communicator's "#g-i (hash) INCOMPLETE" header, from some of its ranks: they are hung hard, dead, or unreachable; the "Rank N -- ..." lines that follow name them.
# NCCL 2.24+ form
example:    Missing communicator data from 8 job processes
expect:   missing_processes=8
# NCCL 2.24+ per-communicator form (ras/client_support.cc, RAS_ACE_INCOMPLETE)
example:    Missing communicator data from 2 ranks
expect:   missing_ranks=2
example:    Missing communicator data from 1 rank
expect:   missing_ranks=1
not:        8 job processes are considered dead (unreachable via the RAS network)

name:     nccl.ras.collection_timeouts
kind:     nccl.ras_timeout
severity: warning
literal:  communication timeout
regex:    Encountered (?<count>\d+) communication timeouts? while gathering (?<what>.*\S)
type:     count=int
doc:      The ncclras client timed out talking to some RAS peers; the report may be incomplete.
# NCCL 2.24+ form
example:    Encountered 3 communication timeouts while gathering communicator data
expect:   count=3
expect:   what=communicator data
not:        Missing communicator data from 8 job processes

# ---------------------------------------------------------------- ncclras -f json (NCCL 2.28.7+)
# The JSON report (ras/client_support.cc: jsonWriteHeader, jsonStartCommunicator,
# jsonWriteRankData, jsonStartMissingRanks, jsonWriteMissingRank) is written one
# key per line, always in this order: "nccl_version", ..., "communicators": [;
# per communicator "hash", "secondary_hash", "size", "ranks_count",
# "missing_ranks_count", then "ranks": [ (each rank's "rank", "host", "pid",
# "cuda_dev", "nvml_dev", "status": {...} and "collective_counts": one
# "<Func>": count line for each of NCCL's five collectives, Broadcast, Reduce,
# AllGather, ReduceScatter, AllReduce, the last without a comma), then
# "missing_ranks": [ (each rank RAS got no data from: "rank" ... "status":
# {"unresponsive", "considered_dead"}), always present, maybe empty. The
# analysis walks these lines in order, within one file (hang.c); only the
# lines it reads are patterns (warnings, as the text report's: the analysis
# loads no info lines).

name:     nccl.ras.json_comm
kind:     nccl.ras_json
severity: warning
literal:  "hash": "0x
regex:    ^\s*"hash": "(?<comm_hash>0x[0-9a-f]+)",\s*$
doc:      A communicator of an ncclras JSON report starts (its commHash).
# NCCL 2.28.7+ jsonStartCommunicator ("0x%lx")
example:  "hash": "0x5d1e9a3c7b20f4e1",
expect:   comm_hash=0x5d1e9a3c7b20f4e1
not:      "secondary_hash": "0x9a3c7b201e5d4f20:0x1e5d4f2000000b6e",

name:     nccl.ras.json_list
kind:     nccl.ras_json
severity: warning
literal:  "ranks": [
literal:  "missing_ranks": [
regex:    ^\s*"(?<ras_list>ranks|missing_ranks)": \[\s*$
doc:      The ranks RAS got data from ("ranks"), or none from ("missing_ranks": unresponsive or dead), of the communicator above.
# NCCL 2.28.7+ jsonStartCommunicator / jsonStartMissingRanks
example:  "ranks": [
expect:   ras_list=ranks
example:  "missing_ranks": [
expect:   ras_list=missing_ranks
not:      "missing_ranks_count": 1,

name:     nccl.ras.json_rank
kind:     nccl.ras_json
severity: warning
literal:  "rank": 
regex:    ^\s*"rank": (?<comm_rank>\d+),\s*$
type:     comm_rank=int
doc:      One rank (in the communicator) of an ncclras JSON report; under "ranks" its collective counts follow.
# NCCL 2.28.7+ jsonWriteRankData / jsonWriteMissingRank
example:  "rank": 9,
expect:   comm_rank=9
not:      "ranks_count": 16,

name:     nccl.ras.json_count
kind:     nccl.ras_json
severity: warning
literal:  "Broadcast": 
literal:  "Reduce": 
literal:  "AllGather": 
literal:  "ReduceScatter": 
literal:  "AllReduce": 
regex:    ^\s*"(?<op>Broadcast|Reduce|AllGather|ReduceScatter|AllReduce)": (?<opcount>\d+),?\s*$
type:     opcount=int
doc:      How many operations of one NCCL collective the rank above has launched (its "collective_counts", ncclFuncToString names).
# NCCL 2.28.7+ jsonWriteRankData; every key but the last ends in a comma
example:  "ReduceScatter": 0,
expect:   op=ReduceScatter
expect:   opcount=0
example:  "AllReduce": 1203
expect:   op=AllReduce
expect:   opcount=1203
not:      "rank": 9,
not:      "cuda_dev": 3,

# ---------------------------------------------------------------- RAS INFO lines in the job log

name:     nccl.ras.declaring_dead
kind:     nccl.ras_dead
severity: warning
literal:  RAS declaring peer
regex:    RAS declaring peer (?<peer>\S+) as DEAD
doc:      This process's RAS thread gave up on a peer process (no keep-alive). The peer likely crashed, was killed, or its node went down.
# NCCL 2.24+ form
example:  gpu-node-07:48213:48399 [3] NCCL INFO RAS declaring peer 10.12.4.18<28028> as DEAD; rasDeadPeersHash 0x5d1e9a3c7b20f4e1
expect:   peer=10.12.4.18<28028>
not:      gpu-node-07:48213:48399 [3] NCCL INFO RAS keep-alive timeout error (20s) on socket connection with 10.12.4.18<28028>

name:     nccl.ras.dead_peer_connection
kind:     nccl.ras_dead
severity: warning
literal:  that is considered dead
regex:    RAS connection from peer (?<peer>\S+) that is considered dead
doc:      A peer previously declared dead tried to reconnect.
# NCCL 2.24+ form
example:  gpu-node-07:48213:48399 [3] NCCL INFO RAS connection from peer 10.12.4.18<28028> that is considered dead!
expect:   peer=10.12.4.18<28028>
not:      gpu-node-07:48213:48399 [3] NCCL INFO RAS declaring peer 10.12.4.18<28028> as DEAD; rasDeadPeersHash 0x5d1e9a3c7b20f4e1

name:     nccl.ras.keepalive_timeout
kind:     nccl.ras_timeout
severity: warning
literal:  RAS keep-alive timeout
regex:    RAS keep-alive timeout (?<level>warning|error) \((?<timeout_s>\d+)s\) on socket connection with (?<peer>\S+)
type:     timeout_s=int
doc:      No keep-alive from a RAS peer for timeout_s seconds ("error" precedes declaring it dead): the peer process is hung, dead, or its network is down.
# NCCL 2.24+ forms
example:  gpu-node-07:48213:48399 [3] NCCL INFO RAS keep-alive timeout error (20s) on socket connection with 10.12.4.18<28028>
expect:   level=error
expect:   timeout_s=20
expect:   peer=10.12.4.18<28028>
example:  gpu-node-07:48213:48399 [3] NCCL INFO RAS keep-alive timeout warning (5s) on socket connection with 10.12.4.18<28028>
expect:   level=warning
expect:   timeout_s=5
not:      gpu-node-07:48213:48399 [3] NCCL INFO RAS declaring peer 10.12.4.18<28028> as DEAD; rasDeadPeersHash 0x5d1e9a3c7b20f4e1

# The report's job summary: one header, one "(total) per node ..." line,
# then a row of numbers (a row per distinct node shape). The fourth number
# is the job's process count, its world size; the bare row alone would be
# any five numbers, so the block needs the two header lines before it.
name:     nccl.ras.job_summary
kind:     train.config
severity: info
store:    once
literal:  Nodes  Processes
start:    ^\s*Nodes\s+Processes\s+GPUs\s+Processes\s+GPUs\s*$
continue: ^\(total\)\s+per node\s+per process\s+\(total\)\s+\(total\)\s*$
end:      ^\s*\d+\s+\d+\s+\d+\s+(?<world_size>\d+)\s+\d+\s*$
max_lines: 3
type:     world_size=int
doc:      ncclras job summary: the job's total process count, its world size.
# NVIDIA/nccl#1911
example:    Nodes  Processes         GPUs  Processes     GPUs
example:  (total)   per node  per process    (total)  (total)
example:        4          8            1         32       32
expect:   world_size=32
not:      Group     Comms     Nodes     Ranks     Ranks     Ranks    Status  Errors
