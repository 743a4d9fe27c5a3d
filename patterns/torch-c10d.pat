# PyTorch c10d / ProcessGroupNCCL messages (watchdog, async errors, NCCL
# error blocks, teardown, heartbeat monitor, flight recorder, desync debug).
#
# Shared regex fragments (written out in every pattern, keep them in sync):
#   PG prefix  \[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>...))?(?: ?\((?<pg_desc>...)\))? )?Rank (?<pg_rank>\d+)\]
#     covers [Rank r] (all versions, WorkNCCL prefix), [PG n Rank r] (2.2-2.3),
#     [PG n (desc) Rank r] (~2.4), [PG ID n PG GUID g(desc) Rank r] (2.5+).
#     pg = the local PG id (n), pg_guid = the PG GUID/group name, pg_desc =
#     description (default_pg, ...), pg_rank = rank inside that PG (never the
#     global rank, so it is not captured as `rank`).
#   WorkNCCL   every field optional so that the TensorShape form (<=1.10),
#     the SeqNum form (1.11-2.1), the NumelIn/NumelOut form (2.2+) and
#     hard-wrapped pastes (line cut after "SeqNum=2,") all match.
#
# Priorities: specific messages 0..1. Lines that usually embed or sit next
# to a more specific message are negative, in this order: NCCL error text -1
# > watchdog exit -2 > teardown / terminate / Last error -3, so that on a
# watchdog-exit line or a collapsed paste the primary error (CUDA/NCCL
# patterns at 0+, a watchdog timeout at 0) makes the event.

name:     torch.watchdog.timeout
kind:     torch.watchdog_timeout
severity: warning
literal:  collective operation timeout
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?(?:Watchdog c|[Cc])aught collective operation timeout: Work[NH]CCL\((?:SeqNum=(?<seq>\d+),?\s*)?(?:OpType=(?<op>\w+),?\s*)?(?:TensorShape=\[[^\]]*\],?\s*)?(?:NumelIn=(?<numel_in>\d+),?\s*)?(?:NumelOut=(?<numel_out>\d+),?\s*)?(?:Timeout\(ms\)=(?<timeout_ms>\d+)\)?)?(?:\s*ran for (?<ran_ms>\d+) milliseconds)?
type:     seq=int timeout_ms=int ran_ms=int numel_in=int numel_out=int pg_rank=int
doc:      A collective did not finish within the PG timeout on this rank. Usually a consequence: every waiting rank reports it; the rank that never reached this SeqNum (or crashed) is the cause.
# torch 2.4-era, NumelIn/NumelOut form (train-001)
example:  [80746] [rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.
expect:   seq=1580
expect:   op=ALLREDUCE
expect:   numel_in=466119168
expect:   numel_out=466119168
expect:   timeout_ms=600000
expect:   ran_ms=600060
expect:   pg_rank=0
example:  [rank0]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.
expect:   op=_REDUCE_SCATTER_BASE
expect:   numel_out=68124672
# torch 1.11-2.1 SeqNum form without Numel (nccl-031, Ray prefix)
example:  (RayTrainWorker pid=22754, ip=10.72.12.6) [E ProcessGroupNCCL.cpp:821] [Rank 21] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5020, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1808397 milliseconds before timing out.
expect:   seq=5020
expect:   timeout_ms=1800000
expect:   ran_ms=1808397
expect:   pg_rank=21
# SeqNum 1 never completed (nccl-035)
example:  (WorkerDict pid=1009101) [rank4]:[E519 04:35:55.111951168 ProcessGroupNCCL.cpp:629] [Rank 4] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600015 milliseconds before timing out.
expect:   seq=1
expect:   pg_rank=4
# torch 2.3-dev paste hard-wrapped after "Watchdog" (nccl-045, 2nd physical line): partial capture
example:  caught collective operation timeout: WorkNCCL(SeqNum=2,
expect:   seq=2
# version: torch <=1.10 TensorShape form (reference formats-nccl.md 1.6, WorkNCCL row); no SeqNum
example:  [E ProcessGroupNCCL.cpp:566] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(OpType=BROADCAST, TensorShape=[1024, 768], Timeout(ms)=1800000) ran for 1800412 milliseconds before timing out.
expect:   op=BROADCAST
expect:   timeout_ms=1800000
expect:   ran_ms=1800412
expect:   pg_rank=3
# torch_npu's ProcessGroupHCCL on Ascend NPUs, the same watchdog over
# WorkHCCL (modelscope/ms-swift#2888, dev half; a vLLM run on Ascend that
# find_string found prints it with torch 2.x's `[rankN]:` prefix)
example:   [E compiler_depend.ts:421] [Rank 19] Watchdog caught collective operation timeout: WorkHCCL(SeqNum=362249, OpType=ALLGATHER, Timeout(ms)=1800000) ran for 1800278 milliseconds before timing out.
expect:   seq=362249
expect:   op=ALLGATHER
expect:   pg_rank=19
# version: oldest wording without "Watchdog" (reference 1.6 timeout row), torch ~1.8
example:  [E ProcessGroupNCCL.cpp:470] [Rank 1] Caught collective operation timeout: WorkNCCL(OpType=ALLREDUCE, TensorShape=[25557032], Timeout(ms)=1800000) ran for 1800226 milliseconds before timing out.
expect:   op=ALLREDUCE
expect:   pg_rank=1
not:      [rank4]:[E1206 18:44:12.755468433 ProcessGroupNCCL.cpp:1664] [PG 1 Rank 4] Exception (either an error or timeout) detected by watchdog at work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: 7752.
not:      [I ProcessGroupWrapper.cpp:562] [Rank 0] Running collective: CollectiveFingerPrint(SequenceNumber=1277, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float)

name:     torch.watchdog.timeout_wrapped
kind:     torch.watchdog_timeout
severity: warning
literal:  collective operation timeout:
start:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?(?:Watchdog c|[Cc])aught collective operation timeout:\s*$
continue: ^\s*(?:WorkNCCL\()?(?=SeqNum=|OpType=|TensorShape=|NumelIn=|NumelOut=|Timeout\(ms\)=)(?:SeqNum=(?<seq>\d+),?\s*)?(?:OpType=(?<op>\w+),?\s*)?(?:TensorShape=\[[^\]]*\],?\s*)?(?:NumelIn=(?<numel_in>\d+),?\s*)?(?:NumelOut=(?<numel_out>\d+),?\s*)?(?:Timeout\(ms\)=(?<timeout_ms>\d+)\)?)?(?:\s*ran for (?<ran_ms>\d+)(?: milliseconds)?)?\s*$
end:      ^\s*(?:(?:WorkNCCL\()?(?:SeqNum=(?<seq>\d+),?\s*)?(?:OpType=(?<op>\w+),?\s*)?(?:TensorShape=\[[^\]]*\],?\s*)?(?:NumelIn=(?<numel_in>\d+),?\s*)?(?:NumelOut=(?<numel_out>\d+),?\s*)?(?:Timeout\(ms\)=(?<timeout_ms>\d+)\)?)?\s*)?(?:ran for (?<ran_ms>\d+)\s*)?milliseconds before timing out
max_lines: 4
type:     seq=int timeout_ms=int ran_ms=int numel_in=int numel_out=int pg_rank=int
doc:      The watchdog's timeout with its line broken after `timeout:` (a terminal or a text wrapper breaking at spaces): the WorkNCCL fields and `ran for` come on the lines below. The same event as torch.watchdog.timeout.
# torch 1.x, the wrapped tail of a RuntimeError's `Original reason for failure was:` (CarperAI/trlx#373, dev half)
example:  failure was: [Rank 0] Watchdog caught collective operation timeout: 
example:  WorkNCCL(SeqNum=2059, OpType=ALLGATHER, Timeout(ms)=1800000) ran for 1801398 
example:  milliseconds before timing out.
expect:   seq=2059
expect:   op=ALLGATHER
expect:   timeout_ms=1800000
expect:   ran_ms=1801398
expect:   pg_rank=0
# torch 2.x NumelIn/NumelOut form, broken before WorkNCCL and before `ran for` (a note committed to a repository, found by find_string)
example:  E ProcessGroupNCCL.cpp:474] [Rank 6] Watchdog caught collective operation timeout: 
example:  WorkNCCL(SeqNum=57, OpType=ALLGATHER, NumelIn=191, NumelOut=1528, Timeout(ms)=200000) 
example:  ran for 200059 milliseconds before timing out.
expect:   seq=57
expect:   op=ALLGATHER
expect:   numel_out=1528
expect:   ran_ms=200059
expect:   pg_rank=6
# broken after NumelOut (another committed note)
example:  ProcessGroupNCCL.cpp:688] [Rank 2] Watchdog caught collective operation timeout: 
example:  WorkNCCL(SeqNum=74247, OpType=BROADCAST, NumelIn=5056, NumelOut=5056, 
example:  Timeout(ms)=600000) ran for 600041 milliseconds before timing out.
expect:   seq=74247
expect:   op=BROADCAST
expect:   timeout_ms=600000
expect:   ran_ms=600041
# torch <=1.10 form, two lines (another committed note)
example:  Watchdog caught collective operation timeout: 
example:  WorkNCCL(OpType=BROADCAST, Timeout(ms)=1800000) ran for 1804406 milliseconds before timing out.
expect:   op=BROADCAST
expect:   ran_ms=1804406
not:      [rank0]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.

name:     torch.work.blocking_wait_timeout
kind:     torch.work_timeout
severity: warning
literal:  timed out in blocking wait
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Work WorkNCCL\((?:SeqNum=(?<seq>\d+),?\s*)?(?:OpType=(?<op>\w+),?\s*)?(?:TensorShape=\[[^\]]*\],?\s*)?(?:NumelIn=(?<numel_in>\d+),?\s*)?(?:NumelOut=(?<numel_out>\d+),?\s*)?(?:Timeout\(ms\)=(?<timeout_ms>\d+)\)?)? timed out in blocking wait
type:     seq=int timeout_ms=int numel_in=int numel_out=int pg_rank=int
doc:      TORCH_NCCL_BLOCKING_WAIT mode: the main thread gave up waiting on a collective; same meaning as a watchdog timeout.
# version: torch 2.4+ (reference formats-nccl.md 1.6 timeout row, blocking-wait mode)
example:  [rank1]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 1] Work WorkNCCL(SeqNum=12, OpType=BROADCAST, NumelIn=1024, NumelOut=1024, Timeout(ms)=60000) timed out in blocking wait.
expect:   seq=12
expect:   op=BROADCAST
expect:   timeout_ms=60000
expect:   pg_rank=1
# version: torch 1.11-1.13 (same message, env var named in parentheses)
example:  [E ProcessGroupNCCL.cpp:587] [Rank 1] Work WorkNCCL(SeqNum=12, OpType=BROADCAST, Timeout(ms)=60000) timed out in blocking wait (NCCL_BLOCKING_WAIT=1).
expect:   seq=12
not:      [rank0]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000) ran for 600061 milliseconds before timing out.

# A rank creating a communicator (at the process group's first collective,
# or eagerly) fetches its ncclUniqueId from the store, where rank [0] of the
# group puts it; it gave up (ProcessGroupNCCL::broadcastUniqueNCCLID, torch
# 1.10+; "retreiving" until 2.0). A timeout means [0] never reached that
# collective in time (still loading or preprocessing alone, hung, or dead:
# its own log says which); another error means the store itself went away.
name:     torch.uniqueid.store_get
kind:     torch.uniqueid_timeout
severity: error
literal:  is setting up NCCL communicator and retr
regex:    \[(?<pg_rank>\d+)\] is setting up NCCL communicator and retr(?:ie|ei)ving ncclUniqueId from \[(?<from_rank>\d+)\] via c10d key-value store by key '(?<key>[^']*)', but store->get\('[^']*'\) got error: (?<error>.*?)\s*$
type:     pg_rank=int from_rank=int
doc:      This rank waited for rank from_rank of its process group to publish the communicator's NCCL unique id and gave up: with a timeout, that rank never reached the collective (slow start-up on one rank, such as dataset preprocessing or model loading on rank 0 only, a hang, or a crash); look at that rank, or raise the process group's timeout for a long one-rank start-up.
# torch 2.x DistBackendError (hiyouga/LlamaFactory#3698)
example:  torch.distributed.DistBackendError: [4] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout
expect:   pg_rank=4
expect:   from_rank=0
expect:   key=0
expect:   error=Socket Timeout
# torch 1.13 RuntimeError, a later communicator's key (NVIDIA/nccl#845, its title)
example:  RuntimeError: [3] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d key-value store by key '1', but store->get('1') got error: Socket Timeout
expect:   key=1
# pytorch/pytorch#82091, a comment's paste
example:  RuntimeError: [2] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout
expect:   pg_rank=2
# the store's own wait timing out (pytorch/pytorch#82091, its title, cut there)
example:  RuntimeError: [1] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Timeout waiting for key: default_pg/0/0 after
expect:   error=Timeout waiting for key: default_pg/0/0 after
not:      torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 1/8 clients joined.

name:     torch.watchdog.summary
kind:     torch.watchdog_summary
severity: warning
literal:  detected by watchdog at work
literal:  Timeout at NCCL work
literal:  Exception hit in NCCL work
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?(?|Exception \(either an error or timeout\) detected by watchdog at work: (?<seq>\d+)|Timeout at NCCL work: (?<seq>\d+)|failure detected by watchdog at work sequence id: (?<seq>\d+)|Exception hit in NCCL work: (?<seq>\d+))(?:(?:,\s*|\s+PG status:\s*)last enqueued (?:NCCL )?work: (?<last_enqueued>-?\d+),\s*last completed (?:NCCL )?work: (?<last_completed>-?\d+))?
type:     seq=int last_enqueued=int last_completed=int pg_rank=int
doc:      Per-PG hang point seen by the watchdog: the failing work and the last enqueued/completed SeqNum (-1 = nothing ever completed). Compare last_completed across ranks to find the straggler.
# torch 2.4 (train-001)
example:  [80748] [rank0]:[E321 02:07:08.465150152 ProcessGroupNCCL.cpp:1664] [PG 1 Rank 0] Exception (either an error or timeout) detected by watchdog at work: 1580, last enqueued NCCL work: 1582, last completed NCCL work: 1579.
expect:   seq=1580
expect:   last_enqueued=1582
expect:   last_completed=1579
expect:   pg=1
expect:   pg_rank=0
# torch 2.4 "Timeout at" variant, excerpt line ends after the seq (train-001)
example:  [80818] [rank4]:[E321 02:07:12.539400006 ProcessGroupNCCL.cpp:1709] [PG 1 Rank 4] Timeout at NCCL work: 1580
expect:   seq=1580
expect:   pg_rank=4
# version: torch 2.4 full "Timeout at" form (reference formats-nccl.md 1.6 watchdog summary row)
example:  [rank4]:[E321 02:07:12.539400006 ProcessGroupNCCL.cpp:1709] [PG 1 Rank 4] Timeout at NCCL work: 1580, last enqueued NCCL work: 1580, last completed NCCL work: 1579.
expect:   last_enqueued=1580
expect:   last_completed=1579
# torch 2.6+ wording, PG GUID prefix, nothing completed (nccl-035)
example:  (WorkerDict pid=1009101) [rank4]:[E519 04:35:55.112571170 ProcessGroupNCCL.cpp:2168] [PG ID 0 PG GUID 0(default_pg) Rank 4]  failure detected by watchdog at work sequence id: 1 PG status: last enqueued work: 1, last completed work: -1
expect:   seq=1
expect:   last_enqueued=1
expect:   last_completed=-1
expect:   pg=0
expect:   pg_guid=0
expect:   pg_desc=default_pg
expect:   pg_rank=4
# torch 2.3-dev, prefix wrapped onto the previous physical line (nccl-045)
example:  Exception hit in NCCL work: 2
expect:   seq=2
# version: torch 2.3-dev unwrapped (nccl-045 without the paste wrap; reference 1.6 watchdog summary row)
example:  [E329 19:15:11.777459894 ProcessGroupNCCL.cpp:1561] [PG 0 Rank 0] Exception hit in NCCL work: 2
expect:   pg=0
expect:   pg_rank=0
not:      [80746] [rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.

name:     torch.async_error
kind:     torch.async_error
severity: error
literal:  raised the following async exception
literal:  found async exception when checking for NCCL errors
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?(?:Collective WorkNCCL\((?:SeqNum=(?<seq>\d+),?\s*)?(?:OpType=(?<op>\w+),?\s*)?(?:TensorShape=\[[^\]]*\],?\s*)?(?:NumelIn=(?<numel_in>\d+),?\s*)?(?:NumelOut=(?<numel_out>\d+),?\s*)?(?:Timeout\(ms\)=(?<timeout_ms>\d+)\)?)? raised the following async exception|found async exception when checking for NCCL errors): (?|NCCL error: (?<error>[^,]+?)(?: \(run with NCCL_DEBUG=\w+ for details\))?, NCCL version (?<nccl_version>\d+(?:\.\d+)+)|(?<error>.+?))\s*$
type:     seq=int timeout_ms=int numel_in=int numel_out=int pg_rank=int
doc:      NCCL returned an asynchronous error for this collective (remote peer gone, system/IB error, ...); the detail line that follows names the ncclResult class.
# version: torch 2.x (reference formats-nccl.md 1.6 async NCCL error row)
example:  [rank3]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:1572] [Rank 3] Collective WorkNCCL(SeqNum=88, OpType=ALLREDUCE, NumelIn=4096, NumelOut=4096, Timeout(ms)=600000) raised the following async exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5
expect:   seq=88
expect:   op=ALLREDUCE
expect:   error=remote process exited or there was a network error
expect:   nccl_version=2.21.5
expect:   pg_rank=3
# version: torch 1.x older wording (reference 1.6 async NCCL error row, "older:")
example:  [E ProcessGroupNCCL.cpp:325] [Rank 2] found async exception when checking for NCCL errors: NCCL error: unhandled system error, NCCL version 2.7.8
expect:   error=unhandled system error
expect:   nccl_version=2.7.8
expect:   pg_rank=2
not:      torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5

name:     torch.nccl_error.sync
kind:     torch.nccl_error
severity: error
literal:  NCCL error in:
regex:    NCCL error in: (?<src>\S+?:\d+), (?<error>[^,]+?)(?: \(run with NCCL_DEBUG=\w+ for details\))?, NCCL version (?<nccl_version>\d+(?:\.\d+)+)
doc:      A NCCL call returned an error (C10D_NCCL_CHECK). `error` is ncclGetErrorString; the next lines carry the ncclXxxError class and `Last error:` text. Old torch prints versions like 21.0.3 (= 2.10.3).
# torch 2.4 DistBackendError (nccl-011)
example:  torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5
expect:   src=/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268
expect:   error=remote process exited or there was a network error
expect:   nccl_version=2.21.5
# NCCL 2.18+ hint suffix, NCCLUtils.cpp location, trailing space (nccl-043)
example:  torch.distributed.DistBackendError: NCCL error in: /var/lib/jenkins/workspace/torch/csrc/distributed/c10d/NCCLUtils.cpp:93, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.29.3 
expect:   error=unhandled cuda error
expect:   nccl_version=2.29.3
# torch 1.x RuntimeError, NCCL 2.4.8 (train-057)
example:  RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/../c10d/NCCLUtils.hpp:82, invalid argument, NCCL version 2.4.8
expect:   error=invalid argument
# mis-decoded version 21.2.12 = 2.12.12 (nccl-057)
example:  RuntimeError: NCCL error in: /root/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1169, unhandled system error, NCCL version 21.2.12
expect:   nccl_version=21.2.12
expect:   src=/root/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1169
# inside what() of a C++ abort (train-065)
example:    what():  NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:181, unhandled cuda error, NCCL version 21.0.3
expect:   error=unhandled cuda error
expect:   nccl_version=21.0.3
not:      ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.
not:      ERROR 06-13 07:35:59 [core.py:517] cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_SYSTEM_ERROR: unhandled system error (run with NCCL_DEBUG=INFO for details)

name:     torch.nccl_error.async_text
kind:     torch.nccl_error
severity: error
literal:  NCCL error: 
priority: -1
regex:    NCCL error: (?<error>[^,]+?)(?: \(run with NCCL_DEBUG=\w+ for details\))?, NCCL version (?<nccl_version>\d+(?:\.\d+)+)
doc:      Text of an asynchronous NCCL error (what() of the abort, watchdog exception text); on collapsed pastes it outranks the teardown/terminate lines around it.
# version: torch 1.13 what() of the watchdog abort (nccl-015 text before the paste collapsed it; on
# the collapsed nccl-015 line itself the NCCL IB completion pattern wins, as it should)
example:    what():  NCCL error: remote process exited or there was a network error, NCCL version 2.14.3
expect:   error=remote process exited or there was a network error
expect:   nccl_version=2.14.3
# version: torch 2.2 watchdog exit carrying the async error (reference 1.6 watchdog exit + async rows)
example:  [rank6]:[E ProcessGroupNCCL.cpp:1182] [Rank 6] NCCL watchdog thread terminated with exception: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3
expect:   error=unhandled system error
expect:   nccl_version=2.19.3
not:      torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5

name:     torch.nccl_error.detail
kind:     torch.nccl_error_detail
severity: error
literal:  Error: 
regex:    ^(?:what\(\):\s+)?(?<nccl_error>nccl(?:UnhandledCuda|System|Internal|InvalidArgument|InvalidUsage|Remote|Timeout)Error): (?<detail>.*?)\s*$
doc:      The ncclResult class of a torch NCCL error: ncclRemoteError = a peer died or the network failed; ncclSystemError = socket/shm/IB system call; ncclUnhandledCudaError = CUDA failure inside NCCL; ncclInvalidUsage/Argument = program bug or misconfiguration.
# nccl-011
example:  ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.
expect:   nccl_error=ncclRemoteError
expect:   detail=A call failed possibly due to a network error or a remote process exiting prematurely.
# nccl-043 (trailing space)
example:  ncclUnhandledCudaError: Call to CUDA function failed. 
expect:   nccl_error=ncclUnhandledCudaError
expect:   detail=Call to CUDA function failed.
# version: torch 2.x system error detail (reference 1.6 sync NCCL error row)
example:  ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. 
expect:   nccl_error=ncclSystemError
not:      torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5
not:      ERROR 06-13 07:35:59 [core.py:517] cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_SYSTEM_ERROR: unhandled system error (run with NCCL_DEBUG=INFO for details)

name:     torch.last_error
kind:     torch.last_error
severity: error
literal:  Last error:
priority: -3
regex:    ^Last error:\s*(?<msg>\S.*?)?\s*$
doc:      torch repeats NCCL's last WARN text (without its host prefix) after `Last error:`; the text is often on the next line(s), which NCCL patterns match on their own.
# nccl-011: text follows on the next line
example:  Last error:
# nccl-043: trailing space
example:  Last error: 
# (a same-line text such as nccl-015's `Last error: NET/IB : Got completion ...` is claimed by the
# NCCL pattern for that text, which is the more useful event)
not:      socketProgressOpt: Call to recv from 172....<33759> failed : Connection reset by peer

# Gloo's TCP pair (third_party/gloo/gloo/transport/tcp/pair.cc, in every
# torch since 1.0): the process group's own connection to one peer
# failed. Thrown as gloo::IoException (a C++ abort's `what():`) or raised
# as a RuntimeError; the source line number changes with the release.
# "Connection closed by peer" and "Read error ...: Connection reset by
# peer" say the peer went away (usually it died first: secondary); a
# connect that was refused or timed out says the peer cannot be reached.
name:     gloo.pair_error
kind:     gloo.pair_error
severity: error
literal:  gloo/transport/tcp/pair.cc:
regex:    \[(?:enforce fail at )?(?<src>\S*gloo/transport/tcp/pair\.cc:\d+)\] ?(?<error>\S.*?)\s*$
doc:      Gloo's connection to a peer failed: connect refused or timed out (the peer is not listening or not reachable: its address, the interface GLOO_SOCKET_IFNAME picked, a firewall), or closed or reset by the peer (it exited: read its log)
# pytorch/pytorch#15592 (torch 1.0, a hostname that resolves to 127.0.1.1)
example:    what():  [/opt/conda/conda-bld/pytorch_1544084119927/work/third_party/gloo/gloo/transport/tcp/pair.cc:724] connect [127.0.1.1]:3210: Connection refused
expect:   src=/opt/conda/conda-bld/pytorch_1544084119927/work/third_party/gloo/gloo/transport/tcp/pair.cc:724
expect:   error=connect [127.0.1.1]:3210: Connection refused
# RVC-Project/Retrieval-based-Voice-Conversion-WebUI#1882
example:  RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error [192.168.70.92]:25266: Connection reset by peer
expect:   error=Read error [192.168.70.92]:25266: Connection reset by peer
# pantheon5100/pid_diffusion#2
example:  RuntimeError: [/opt/conda/conda-bld/pytorch_1670525551200/work/third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [10.0.1.17]:22780
expect:   error=Connection closed by peer [10.0.1.17]:22780
# pytorch/pytorch#34716 (an RPC thread pool's log)
example:  [E thread_pool.cpp:112] Exception in thread pool task: [/home/yanlizhao/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:563] Read error [2401:db00:21:604e:face:0:13:0]:8835: Connection reset by peer
expect:   error=Read error [2401:db00:21:604e:face:0:13:0]:8835: Connection reset by peer
not:      terminate called after throwing an instance of 'gloo::IoException'

# Gloo's device (transport/tcp/device.cc, transport/uv/device.cc on
# Windows) could not find the address of the interface GLOO_SOCKET_IFNAME
# names, or of the host's own name when none is set: the process group
# is never created. NCCL's `Bootstrap : no socket interface found` is the
# same failure (nccl.bootstrap_error).
name:     gloo.device.no_address
kind:     gloo.setup_error
severity: error
literal:  Unable to find address
regex:    (?:\[enforce fail at (?<src>\S*device\.cc:\d+)\] (?:\S+ != nullptr|false)\. |\b\w+ != nullptr\. )?Unable to find address for: (?<name>\S+)
doc:      Gloo could not find an address for the network interface or host name it was told to use: GLOO_SOCKET_IFNAME names an interface this host does not have (or a list or prefix it does not read), or the host's name does not resolve to a routable address (/etc/hosts, DNS).
# PipeDream's init_process_group on a DGX, the host's own name (msr-fiddle/pipedream#32, dev half)
example:  RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:127] rp != nullptr. Unable to find address for: dgx-1.ai
expect:   src=../third_party/gloo/gloo/transport/tcp/device.cc:127
expect:   name=dgx-1.ai
# YOLOX's evaluation group, an InfiniBand interface the host lacks (Megvii-BaseDetection/YOLOX#432, dev half)
example:  RuntimeError: [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. Unable to find address for: ib0
expect:   name=ib0
# Windows' libuv transport and a Wi-Fi adapter's name (find_string)
example:  [enforce fail at C:\actions-runner\_work\pytorch\pytorch\pytorch\third_party\gloo\gloo\transport\uv\device.cc:164] false. Unable to find address for: Wi-Fi
expect:   name=Wi-Fi
# an IP prefix given as the interface, a deployment's notes (find_string)
example:  * **Bug:** Multi-node deployments crashed during worker initialization with `RuntimeError: ifa != nullptr. Unable to find address for: 192.168.99.`.
not:      RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error [192.168.70.92]:25266: Connection reset by peer

# Gloo's unbound buffer (third_party/gloo/gloo/transport/tcp/unbound_buffer.cc,
# torch 1.x and 2.x): a collective or send/recv of a gloo process group
# waited past the group's timeout for its peer's data (or for its peer to
# take its own), raised by work.wait() as a RuntimeError. The peer never
# arrived: gloo's form of NCCL's watchdog timeout. The source line number
# changes with the release.
name:     gloo.timeout
kind:     gloo.timeout
severity: error
literal:  unbound_buffer.cc:
regex:    \[(?<src>\S*gloo/transport/tcp/unbound_buffer\.cc:\d+)\] Timed out waiting (?<timeout_ms>\d+)ms for (?<direction>recv|send) operation to complete
type:     timeout_ms=int
doc:      A gloo process group's collective or send/recv waited past its timeout for a peer that never arrived (gloo's watchdog timeout): look at the rank that did not reach the same call
# msr-fiddle/pipedream#39 (a pipeline stage's broadcast)
example:  RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:72] Timed out waiting 1800000ms for recv operation to complete
expect:   src=../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:72
expect:   timeout_ms=1800000
expect:   direction=recv
# facebookresearch/detectron2#5121 (all_gather)
example:  RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:136] Timed out waiting 1800000ms for send operation to complete
expect:   direction=send
# FoundationVision/VNext#9 (a conda build's path)
example:  RuntimeError: [/opt/conda/conda-bld/pytorch_1656352430114/work/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:136] Timed out waiting 1800000ms for send operation to complete
expect:   src=/opt/conda/conda-bld/pytorch_1656352430114/work/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:136
not:      RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:589] Read error [192.168.70.92]:25266: Connection reset by peer

# Horovod's stall inspector (horovod/common/stall_inspector.cc; before
# 0.19 operations.cc): a tensor some ranks submitted to a collective has
# waited 60 s for the others. Horovod's form of a watchdog timeout; the
# op lines after it name the ready or missing ranks.
name:     horovod.stall
kind:     horovod.stall
severity: warning
literal:  tensors were submitted to be reduced
literal:  [ready ranks: 
literal:  [missing rank
regex:    One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks(?: and are waiting for remainder of ranks for more than (?<seconds>\d+) seconds)?(?:.*? Stalled ops: \S+ \[ready ranks: (?<ready_ranks>\d+(?:, \d+)*)\])?|^Stalled ops: \S+ \[ready ranks: (?<ready_ranks>\d+(?:, \d+)*)\]|(?:^|[\s:])\S+ \[missing ranks: (?<missing_ranks>\d+(?:, \d+)*)\]
type:     seconds=int
doc:      Some ranks submitted a Horovod collective that the others never did, for over a minute: a rank is stuck, crashed or took another code path. Read the stalled ops' missing ranks, and those ranks' own logs. Horovod's first format listed the ranks that were ready (`ready_ranks`): the stuck ones are those not in it; 0.13.6 to 0.16.1 list, per tensor, the ranks that never submitted it (`missing_ranks`): the stuck ones.
# MXNet BERT under horovodrun, the poster's paste wrapped mid-word (horovod/horovod#1442, dev half)
example:  [1,0]<stderr>:[2019-10-09 05:33:38.249493: W horovod/common/stall_inspector.cc:105] One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remaind
# TensorFlow 2.4, Horovod 0.21 (horovod/horovod#2564)
example:  [2020-12-30 16:35:15.181832: W /tmp/pip-req-build-12flcl_u/horovod/common/stall_inspector.cc:105] One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock.
expect:   seconds=60
# Horovod 0.13's form, its stalled ops on the same line (horovod/horovod#367)
example:  WARNING: One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. Stalled ops: OptimizerScope/DistributedAdamOptimizer_Allreduce/HorovodAllreduce_OptimizerScope_gradients_FcnScope_add_grad_tuple_control_dependency_1_0 [ready ranks: 4, 6, 7, 1, 5, 3, 2]
expect:   seconds=60
expect:   ready_ranks=4, 6, 7, 1, 5, 3, 2
# a 2018 Horovod's stalled ops on a line of their own, the warning above
# it not pasted (horovod/horovod#530, dev half)
example:  Stalled ops: HorovodBroadcast_InceptionV3_Logits_Conv2d_1c_1x1_weights_0 [ready ranks: 5, 6, 3, 1, 4, 0]。
expect:   ready_ranks=5, 6, 3, 1, 4, 0
# Horovod 0.13.6-0.16.1: per tensor, the ranks that never submitted it,
# behind mpirun's tags, the first glued to `Stalled ops:` (operations.cc's
# LOG(WARNING); horovod/horovod#1012; #534 and NVIDIA/OpenSeq2Seq#456 print
# the same)
example:  [1,0]<stderr>:Stalled ops:HorovodBroadcast_dense_1_bias_0 [missing ranks: 1]
expect:   missing_ranks=1
example:  [1,0]<stderr>:[2019-04-13 13:56:31.861765: W horovod/common/operations.cc:588] HorovodBroadcast_dense_1_kernel_0 [missing ranks: 1]
expect:   missing_ranks=1
not:      [1,0]<stderr>:Stalled ranks:

# DeepEP, the expert-parallel all-to-all of MoE training (DeepSeek's
# kernels, Megatron's and sglang's flex dispatchers), gives up waiting
# for its peers: a kernel's printf (`DeepEP dispatch NVL receiver
# timeout, channel: ...`, `DeepEP timeout for dispatch receivers, rank
# ...`, the low-latency kernels' `Warning: DeepEP timeout for ...`), the
# host's exception (`DeepEP error: timeout (dispatch CPU)`), or the
# counters the host prints just before that exception (`Global rank: R,
# num_recv_tokens: -1, ...`; -1 is a count that never arrived). Its own
# collective hang, as a watchdog timeout is NCCL's (csrc/kernels and
# csrc/buffer.hpp of deepseek-ai/DeepEP).
name:     ep.deepep_timeout
kind:     ep.timeout
severity: warning
literal:  DeepEP 
literal:  num_rdma_recv_tokens: 
regex:    DeepEP (?<what>(?:error: )?[^,:]*?timeout(?: for [\w ]+| \([\w ]+\)| check failed)?)(?=[,:"']|\s*$)|Global rank: (?<ep_rank>\d+), num_recv_tokens: (?<num_recv_tokens>-?\d+), num_rdma_recv_tokens: -?\d+
type:     ep_rank=int num_recv_tokens=int
doc:      DeepEP's expert-parallel dispatch or combine waited past its timeout for tokens or a barrier from other ranks: a rank is stuck, dead or unreachable (for the internode kernels, over RDMA: NVSHMEM's transport, the IB devices). Read the ranks that printed no timeout; a CUDA error after it (`unspecified launch failure`) is the kernel DeepEP aborted on purpose.
# an internode test across two nodes, NVL receivers waiting (deepseek-ai/DeepEP#274, dev half)
example:  DeepEP dispatch NVL receiver timeout, channel: 6, RDMA: 0, nvl: 0, src NVL: 5, head: 315, tail: 315
expect:   what=dispatch NVL receiver timeout
# the host's exception, as the Python binding raises it (DeepEP's buffer.hpp)
example:  RuntimeError: DeepEP error: timeout (dispatch CPU)
expect:   what=error: timeout (dispatch CPU)
# the host's counters printed on its dispatch timeout, glued to the test's progress line (deepseek-ai/DeepEP#13, dev half)
example:  [testing] Running with BF16, without top-k (async=True, previous=True) ...Global rank: 13, num_recv_tokens: -1, num_rdma_recv_tokens: -1
expect:   ep_rank=13
expect:   num_recv_tokens=-1
not:        File "/sharedata/msm/workspace/DeepEP/tests/test_internode.py", line 242, in test_loop
not:      RuntimeError: Failed: CUDA error /sharedata/msm/workspace/DeepEP/csrc/kernels/internode_ll.cu:341 'an illegal memory access was encountered'

name:     torch.comm_aborted
kind:     torch.comm_aborted
severity: warning
literal:  NCCL communicator was aborted on rank
priority: 1
regex:    NCCL communicator was aborted on rank (?<pg_rank>\d+)\.(?:\s+Original reason for failure was: (?<reason>(?:\[Rank \d+\] )?(?:Watchdog caught collective operation timeout: WorkNCCL\((?:SeqNum=(?<seq>\d+), )?(?:OpType=(?<op>\w+))?[^)]*?Timeout\(ms\)=(?<timeout_ms>\d+)\))?.*?))?\s*$
type:     pg_rank=int seq=int timeout_ms=int
doc:      torch 1.x/2.0 main-thread error after the watchdog aborted the communicator; `reason` is the original failure (seq/op/timeout_ms are filled when it was a watchdog timeout).
# torch 1.x (nccl-033)
example:  RuntimeError: NCCL communicator was aborted on rank 0.  Original reason for failure was: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=35582, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800366 milliseconds before timing out.
expect:   pg_rank=0
expect:   seq=35582
expect:   op=ALLREDUCE
expect:   timeout_ms=1800000
expect:   reason=[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=35582, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800366 milliseconds before timing out.
# version: torch 1.10-2.0 with an async NCCL error as the reason (reference 1.6 communicator aborted row)
example:  RuntimeError: NCCL communicator was aborted on rank 3.  Original reason for failure was: NCCL error: remote process exited or there was a network error, NCCL version 2.14.3
expect:   pg_rank=3
expect:   reason=NCCL error: remote process exited or there was a network error, NCCL version 2.14.3
not:      [80746] [rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.

name:     torch.teardown
kind:     torch.teardown
severity: warning
literal:  Some NCCL operations have failed or timed out
literal:  To avoid data inconsistency, we are taking the entire process down
priority: -3
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?(?:Some NCCL operations have failed or timed out\. Due to the asynchronous nature of CUDA kernels|To avoid data inconsistency, we are taking the entire process down)
type:     pg_rank=int
doc:      ProcessGroupNCCL tears the process down after a NCCL failure or timeout; always a consequence of an earlier error on this rank.
# torch 2.4 with PG rank prefix, Ray dedup suffix (nccl-037)
example:  (WorkerDict pid=3943529) [rank0]:[E816 01:09:38.266897325 ProcessGroupNCCL.cpp:621] [Rank 0] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. [repeated 3x across cluster]
expect:   pg_rank=0
example:  (WorkerDict pid=3943529) [rank0]:[E816 01:09:38.266910599 ProcessGroupNCCL.cpp:627] [Rank 0] To avoid data inconsistency, we are taking the entire process down. [repeated 3x across cluster]
expect:   pg_rank=0
# version: torch 1.13 single line without [Rank r] (nccl-015 wording, before it was collapsed)
example:  [E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.
not:      (WorkerDict pid=3944197) [rank2]:[E816 01:09:38.174648046 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank 2] Process group watchdog thread terminated with exception: [Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600034 milliseconds before timing out. [repeated 2x across cluster]

name:     torch.watchdog.exit
kind:     torch.watchdog_exit
severity: warning
literal:  watchdog thread terminated with exception
priority: -2
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?(?:NCCL|Process group) watchdog thread terminated with exception:(?:\s+(?<error>\S.*?))?\s*(?:\[repeated \d+x across cluster\])?\s*$
type:     pg_rank=int
doc:      The watchdog thread died and takes the process down (SIGABRT, exitcode -6). `error` is the real failure; specific patterns (CUDA error, NCCL error, watchdog timeout) outrank this one when they match the same line.
# Real watchdog-exit lines embed a CUDA error (train-031/033: cuda.error claims them), a watchdog
# timeout (nccl-037: torch.watchdog.timeout claims it, so every line carrying a timeout is a
# torch.watchdog_timeout event) or a NCCL error (torch.nccl_error.async_text claims it). This
# pattern keeps the remaining ones. The examples are real lines cut by a hard-wrapped paste
# (as in nccl-045), where the exception text went to the next physical line.
# nccl-037 line, wrapped after "exception:"
example:  (WorkerDict pid=3944197) [rank2]:[E816 01:09:38.174648046 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank 2] Process group watchdog thread terminated with exception:
expect:   pg=0
expect:   pg_desc=default_pg
expect:   pg_rank=2
# train-031 line, wrapped inside the CUDA error text
example:  [rank0]:[E504 22:44:08.389636235 ProcessGroupNCCL.cpp:1896] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: CUDA
expect:   error=CUDA
expect:   pg_guid=0
expect:   pg_rank=0
# version: torch <=2.2 wording (reference formats-nccl.md 1.6 watchdog exit row), wrapped the same way
example:  [rank6]:[E ProcessGroupNCCL.cpp:1182] [Rank 6] NCCL watchdog thread terminated with exception: [Rank 6] Watchdog
expect:   error=[Rank 6] Watchdog
expect:   pg_rank=6
not:      terminate called after throwing an instance of 'c10::DistBackendError'

name:     torch.heartbeat.monitor_timeout
kind:     torch.heartbeat
severity: error
literal:  Heartbeat monitor timed out
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Heartbeat monitor timed out! Process will be terminated after dumping debug info\.(?: workMetaList_\.size\(\)=(?<work_count>\d+))?
type:     work_count=int pg_rank=int
doc:      The heartbeat monitor saw no watchdog progress (default 480 s): a CUDA/NCCL API call or the GIL is stuck; the process is killed after a debug dump.
# version: torch 2.2-era (reference formats-nccl.md 1.6 heartbeat monitor row)
example:  [rank0]:[E ProcessGroupNCCL.cpp:1226] [PG 0 Rank 0] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1
expect:   work_count=1
expect:   pg=0
expect:   pg_rank=0
not:      [rank4]:[E205 18:11:06.375750231 ProcessGroupNCCL.cpp:1870] [PG ID 12 PG GUID 99(EXPERT_MODEL_PARALLEL_GROUP) Rank 4] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.

name:     torch.heartbeat.watchdog_stuck
kind:     torch.heartbeat
severity: error
literal:  watchdog got stuck for
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?ProcessGroupNCCL's watchdog got stuck for (?<seconds>\d+) seconds without making progress
type:     seconds=int pg_rank=int
doc:      The watchdog thread itself hung (CUDA/NCCL API or GIL); also seen at shutdown after training finished, where it is harmless.
# torch ~2.5+ named sub-PG, collector timestamp (nccl-029)
example:  18:11:06.680 [rank4]:[E205 18:11:06.375750231 ProcessGroupNCCL.cpp:1870] [PG ID 12 PG GUID 99(EXPERT_MODEL_PARALLEL_GROUP) Rank 4] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. 
expect:   seconds=480
expect:   pg=12
expect:   pg_guid=99
expect:   pg_desc=EXPERT_MODEL_PARALLEL_GROUP
expect:   pg_rank=4
not:      [rank0]:[E ProcessGroupNCCL.cpp:1226] [PG 0 Rank 0] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1

name:     torch.heartbeat.terminate_after_timeout
kind:     torch.heartbeat
severity: warning
literal:  Terminating the process after attempting to dump debug info
priority: 1
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Terminating the process after attempting to dump debug info, due to (?<reason>collective timeout or exception)
type:     pg_rank=int
doc:      Fatal exit after a collective timeout/exception was handled; a consequence of the timeout reported just before.
# version: torch 2.5+ FATAL line (reference formats-nccl.md 1.6 heartbeat monitor row)
example:  [rank3]:[F1218 20:37:13.156485650 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank 3] Terminating the process after attempting to dump debug info, due to collective timeout or exception.
expect:   reason=collective timeout or exception
expect:   pg_rank=3
not:      [rank3]:[F1218 20:37:13.156485650 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank 3] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.

name:     torch.heartbeat.terminate
kind:     torch.heartbeat
severity: error
literal:  Terminating the process after attempting to dump debug info
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Terminating the process after attempting to dump debug info, due to (?<reason>[^.]+?)\.?\s*$
type:     pg_rank=int
doc:      Fatal exit decided by the heartbeat monitor; reason `ProcessGroupNCCL watchdog hang` means the watchdog thread was stuck (CUDA/NCCL API hang or GIL).
# version: torch 2.5+ FATAL line (reference formats-nccl.md 1.6 heartbeat monitor row)
example:  [rank2]:[F1218 20:37:13.091528310 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank 2] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.
expect:   reason=ProcessGroupNCCL watchdog hang
expect:   pg_desc=default_pg
expect:   pg_rank=2
# public logs of torch 2.5/2.6 print the PG prefix twice on this line
example:  [rank2]:[F1229 20:37:13.091528310 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank 2] [PG ID 0 PG GUID 0(default_pg) Rank 2] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang.
expect:   reason=ProcessGroupNCCL watchdog hang
expect:   pg_rank=2
not:      [rank4]:[E205 18:11:06.375750231 ProcessGroupNCCL.cpp:1870] [PG ID 12 PG GUID 99(EXPERT_MODEL_PARALLEL_GROUP) Rank 4] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives.

name:     torch.fr.disabled
kind:     torch.fr_dump
severity: info
literal:  potentially because FlightRecorder is disabled
regex:    Stack trace of the failed collective not found, potentially because FlightRecorder is disabled
doc:      No flight-recorder trace exists (TORCH_NCCL_TRACE_BUFFER_SIZE=0): enable it to see which collective each rank was in.
# nccl-035
example:  (WorkerDict pid=1009101) [rank4]:[E519 04:35:55.112588292 ProcessGroupNCCL.cpp:667] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.
not:      [rank0]:[E1218 20:27:21.500000000 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1, only active collectives: 0

name:     torch.fr.stack_trace
kind:     torch.fr_dump
severity: info
literal:  Stack trace of the failed collective:
regex:    Stack trace of the failed collective:\s*(?<stack>\S.*?)?\s*$
doc:      Python stack of the collective that failed, taken from the flight recorder (the frames follow on the next lines).
# version: torch 2.5+ (reference formats-nccl.md 1.6 flight recorder row)
example:  [rank0]:[E1218 20:27:21.426515540 ProcessGroupNCCL.cpp:667] Stack trace of the failed collective: 
not:      (WorkerDict pid=1009101) [rank4]:[E519 04:35:55.112588292 ProcessGroupNCCL.cpp:667] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.

name:     torch.fr.prepare
kind:     torch.fr_dump
severity: info
literal:  ProcessGroupNCCL preparing to dump debug info
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?ProcessGroupNCCL preparing to dump debug info\. Include stack trace: (?<include_stack>\d)(?:, only active collectives: (?<only_active>\d))?
type:     include_stack=int only_active=int pg_rank=int
doc:      Flight recorder dump started on this rank.
# version: torch 2.6+ (reference formats-nccl.md 1.6 flight recorder row)
example:  [rank0]:[E1218 20:27:21.500000000 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1, only active collectives: 0
expect:   include_stack=1
expect:   only_active=0
expect:   pg_rank=0
# version: torch 2.5 (no "only active collectives")
example:  [rank1]:[E1218 20:27:21.500000000 ProcessGroupNCCL.cpp:1374] [PG 0 (default_pg) Rank 1] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1
expect:   include_stack=1
not:      [rank0]:[I1218 20:27:22.100000000 ProcessGroupNCCL.cpp:1382] ProcessGroupNCCL dumping nccl trace to /tmp/nccl_trace_rank_0

name:     torch.fr.file
kind:     torch.fr_dump
severity: info
literal:  dumping nccl trace to
literal:  debug info to
regex:    (?:ProcessGroupNCCL dumping nccl trace to|Finished writing (?:NCCLPG|Flight Recorder) debug info to) (?<file>\S+?)\.?\s*$
doc:      Where this rank's flight-recorder trace was written (analyse with the fr_trace script).
# version: torch 2.3-2.5 (reference formats-nccl.md 1.6 flight recorder row)
example:  [rank0]:[I1218 20:27:22.100000000 ProcessGroupNCCL.cpp:1382] ProcessGroupNCCL dumping nccl trace to /tmp/nccl_trace_rank_0
expect:   file=/tmp/nccl_trace_rank_0
# version: torch 2.3-2.4 (older wording)
example:  [rank0]:[I1218 20:27:22.300000000 TraceUtils.h:238] Finished writing NCCLPG debug info to /tmp/nccl_trace_rank_0
expect:   file=/tmp/nccl_trace_rank_0
# version: torch 2.6+ (newer wording)
example:  [rank5]:[I1218 20:27:22.300000000 FlightRecorder.cpp:94] Finished writing Flight Recorder debug info to /root/.cache/torch/nccl_trace_rank_5
expect:   file=/root/.cache/torch/nccl_trace_rank_5
not:      [rank0]:[E1218 20:27:21.500000000 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1, only active collectives: 0

name:     torch.fr.done
kind:     torch.fr_dump
severity: info
literal:  Flight Recorder trace successfully dumped
literal:  Finished flight recorder successfully
regex:    (?:Flight Recorder trace successfully dumped|Finished flight recorder successfully)
doc:      Flight-recorder dump completed.
# version: torch 2.5+ (reference formats-nccl.md 1.6 flight recorder row)
example:  [rank0]:[I1218 20:27:22.400000000 ProcessGroupNCCL.cpp:1401] Flight Recorder trace successfully dumped.
# version: torch 2.6+
example:  [rank0]:[E1218 20:27:22.400000000 ProcessGroupNCCL.cpp:1590] [PG ID 0 PG GUID 0(default_pg) Rank 0] Finished flight recorder successfully. Output can be analyzed using the fr_trace script.
not:      (WorkerDict pid=1009101) [rank4]:[E519 04:35:55.112588292 ProcessGroupNCCL.cpp:667] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.

# PyTorch's Flight Recorder analyzer (fr_trace, torchfrtrace: tools/
# flight_recorder/ in a source tree before torch 2.10, torch/distributed/
# flight_recorder/ since) reads every rank's dump and reports, per
# collective sequence number, what did not match: a header, then one
# line per fact (EntryState.log() in components/types.py) and the
# collective's stack. Its forms: `Collective N at entry M errors` and `Not
# all ranks joining collective N at entry M` (mid-2024), `Collective
# sequence number: N has errors` and `Not all ranks joining collective,
# sequence number: N` (since pytorch/pytorch#140969, whose test plan
# printed a colon for the comma). `missing ranks` names the ranks that
# never joined; `error msg` names each `Culprit rank R` whose entry
# differs from the first rank's (all but one of them when that first
# rank is the odd one). A bundle that carries the report and not the
# dumps still says where progress stopped. (Its literals are cut short:
# `Not all ranks joining collective`'s windows, shared with `nranks ` and
# `didn't join`, moved their prefilter anchors onto `rank`, and
# `Collective sequence number: ` anchored on ` seq`, which storm's lines
# print everywhere: +0.4% instructions on storm.)
name:     torch.fr_report
kind:     torch.fr_report
severity: warning
literal:  ence number: 
literal:  Not all r
literal:   at entry 
start:    ^\s*(?:Collective sequence number: (?<seq>\d+) has errors|Collective (?<seq>\d+) at entry \d+ errors|Not all ranks joining collective(?:[,:] sequence number:)? (?<seq>\d+)(?: at entry \d+)?)\s*$
continue: ^\s*(?:internal record id: \d+|group info: (?<pg_desc>.*?)|collective: (?<op>\S+)|missing ranks: \{(?<missing_ranks>[\d, ]*)\}|total (?:input|output) numel: \d+|(?:input|output) sizes: .*|world size: (?<world_size>\d+)|expected ranks: .*|collective state: \w+|error (?:msg|message): (?<error>.*?)|collective stack trace:|\S+ at \S+:\d+)\s*$
max_lines: 64
type:     seq=int world_size=int
doc:      The Flight Recorder analyzer's report of one collective the ranks did not agree on: its sequence number, process group, operation (nccl:all_reduce), the ranks that never joined it (missing_ranks) or the ranks whose entry differed (error: `Culprit rank R; Error type: ...`). The first such collective is where progress stopped.
# a two-GPU DDP job hung in SyncBatchNorm's backward (pytorch/pytorch#151666, dev half)
example:  Collective sequence number: 1487 has errors
example:  internal record id: 1486
example:  group info: 0:default_pg
example:  collective: nccl:all_reduce
example:  input sizes: [[40]]
example:  output sizes: [[40]]
example:  world size: 2
example:  expected ranks: {0, 1}
example:  collective state: scheduled
example:  error msg: Culprit rank 1; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'scheduled' does not match found state: 'completed'
example:  collective stack trace: 
example:   all_reduce at /home/user/anaconda3/envs/torch-latest/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py:2501
example:  wrapper at /home/user/anaconda3/envs/torch-latest/lib/python3.9/site-packages/torch/distributed/c10d_logger.py:83
expect:   seq=1487
expect:   pg_desc=0:default_pg
expect:   op=nccl:all_reduce
expect:   world_size=2
expect:   error=Culprit rank 1; Error type: COLLECTIVE_STATE_MISMATCH, Expected state: 'scheduled' does not match found state: 'completed'
# an 8-rank job's report in the test plan of pytorch/pytorch#140969
example:  Not all ranks joining collective: sequence number: 31117
example:  internal record id: 31116
example:  group info: 0:default_pg
example:  collective: nccl:all_reduce
example:  missing ranks: {3, 4, 5, 6, 7}
example:  input sizes: [[1571911]]
example:  output sizes: [[1571911]]
example:  world size: 8
example:  expected ranks: {0, 1, 2, 3, 4, 5, 6, 7}
example:  collective state: scheduled
expect:   seq=31117
expect:   missing_ranks=3, 4, 5, 6, 7
# the mid-2024 form, PyTorch's flight recorder tutorial
example:  Not all ranks joining collective 5 at entry 4
example:  group info: 0:default_pg
example:  collective: nccl:all_reduce
example:  missing ranks: {1}
example:  input sizes: [[3, 4]]
example:  output sizes: [[3, 4]]
example:  expected ranks: 2
example:  collective state: scheduled
expect:   seq=5
expect:   missing_ranks=1
not:      [rank0]:[E1218 20:27:22.400000000 ProcessGroupNCCL.cpp:1590] [PG ID 0 PG GUID 0(default_pg) Rank 0] Finished flight recorder successfully. Output can be analyzed using the fr_trace script.

name:     torch.dump_signal.received
kind:     torch.dump_signal
severity: warning
literal:  Received a dump signal due to a collective timeout
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Received a dump signal due to a collective timeout from\s+(?<timeout_from>(?<from_self>this local rank)|rank (?<from_rank>\d+)) and we will try our best to dump the(?: debug info\.\s*Last enqueued NCCL work: (?<last_enqueued>-?\d+), last completed NCCL work: (?<last_completed>-?\d+))?
type:     from_rank=int last_enqueued=int last_completed=int pg_rank=int
doc:      Another rank (or this one) timed out and asked every rank to dump; last_enqueued/last_completed are this rank's PG progress, so ranks with the lowest last_completed are the stragglers.
# version: torch 2.5+ (reference formats-nccl.md 1.6 dump signal row)
example:  [rank6]:[E1218 21:51:54.112142364 ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank 6] Received a dump signal due to a collective timeout from rank 7 and we will try our best to dump the debug info. Last enqueued NCCL work: 56116, last completed NCCL work: 56116.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc.
expect:   from_rank=7
expect:   last_enqueued=56116
expect:   last_completed=56116
expect:   pg_rank=6
example:  [rank0]:[E1218 17:05:38.482119928 ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 20589, last completed NCCL work: 20584.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run.
expect:   from_self=this local rank
expect:   last_completed=20584
# real, wrapped by the terminal after "dump the" (bytedance/Protenix#321)
example:  [rank1]:[E603 04:19:16.570252694 ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 1] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the
expect:   timeout_from=this local rank
expect:   pg_rank=1
not:      [rank0]:[E1218 17:05:38.162895613 ProcessGroupNCCL.cpp:2106] [PG ID 0 PG GUID 0(default_pg) Rank 0] First PG on this rank to signal dumping.

name:     torch.dump_signal.coordination
kind:     torch.dump_signal
severity: info
literal:  flight recorder dump signal from another rank
literal:  First PG on this rank to signal dumping
literal:  to other ranks via TCPStore
regex:    (?:Observed flight recorder dump signal from another rank via TCPStore|First PG on this rank to signal dumping|Broadcasting signal (?<key>\S+) to other ranks via TCPStore)
doc:      Cross-rank flight-recorder dump coordination (consequence of a timeout somewhere).
# version: torch 2.5+ (reference formats-nccl.md 1.6 dump signal row)
example:  [rank0]:[E1218 17:05:38.162895613 ProcessGroupNCCL.cpp:2106] [PG ID 0 PG GUID 0(default_pg) Rank 0] First PG on this rank to signal dumping.
example:  [rank3]:[E1218 17:05:38.170000000 ProcessGroupNCCL.cpp:1800] [PG ID 0 PG GUID 0(default_pg) Rank 3] Observed flight recorder dump signal from another rank via TCPStore.
not:      [rank6]:[E1218 21:51:54.112142364 ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank 6] Received a dump signal due to a collective timeout from rank 7 and we will try our best to dump the debug info. Last enqueued NCCL work: 56116, last completed NCCL work: 56116.

name:     torch.dump_signal.store_check_failed
kind:     torch.dump_signal
severity: info
literal:  flag on TCPStore
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Failed to check the "should dump" flag on TCPStore, \(maybe TCPStore server has shut down too early\), with error: (?<error>.*?)\s*(?:\[repeated \d+x across cluster\])?\s*$
type:     pg_rank=int
doc:      The heartbeat monitor lost the TCPStore (hosted by rank 0 / the agent): the store's host exited or crashed first. Harmless at the end of a finished run; otherwise look at rank 0.
# version: torch 2.4-2.6 heartbeat monitor warning, as seen in public logs (W-level c10 line)
example:  [rank3]:[W1218 13:52:50.468051515 ProcessGroupNCCL.cpp:1771] [PG ID 0 PG GUID 0(default_pg) Rank 3] Failed to check the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?
expect:   error=Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?
expect:   pg_rank=3
example:  (WorkerDict pid=26110) [rank7]:[W1120 01:13:20.892421310 ProcessGroupNCCL.cpp:1662] [PG ID 0 PG GUID 0(default_pg) Rank 7] Failed to check the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer [repeated 5x across cluster]
expect:   error=Connection reset by peer
not:      [rank0]:[E1218 17:05:38.162895613 ProcessGroupNCCL.cpp:2106] [PG ID 0 PG GUID 0(default_pg) Rank 0] First PG on this rank to signal dumping.

name:     torch.fingerprint
kind:     torch.fingerprint
severity: info
literal:  Running collective: CollectiveFingerPrint(
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?Running collective: CollectiveFingerPrint\((?:SequenceNumber=(?<seq>\d+),\s*)?OpType=(?<op>\w+)
type:     seq=int pg_rank=int
doc:      TORCH_DISTRIBUTED_DEBUG=DETAIL trace of each collective; different SequenceNumbers across ranks at the end of the log reveal a desync.
# train-049
example:  [I ProcessGroupWrapper.cpp:562] [Rank 0] Running collective: CollectiveFingerPrint(SequenceNumber=1277, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))
expect:   seq=1277
expect:   op=ALLREDUCE
expect:   pg_rank=0
example:  [I ProcessGroupWrapper.cpp:562] [Rank 1] Running collective: CollectiveFingerPrint(SequenceNumber=1275, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))
expect:   seq=1275
expect:   pg_rank=1
not:      RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=1277, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float), but Rank 1 is running collective: CollectiveFingerPrint(SequenceNumber=1275, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float).

# gloo's monitored barrier (torch.distributed.monitored_barrier, gloo
# only): rank 0 waits for every other rank's check-in and names those
# that did not reach the barrier in time (all of them with
# wait_all_ranks=True); the others fail too, saying they reached it and
# heard an error back (ProcessGroupGloo.cpp's monitoredBarrier). The ranks
# named are the group's: those of the default group are global.
name:     torch.monitored_barrier
kind:     torch.monitored_barrier
severity: error
literal:  failed to pass monitoredBarrier in
regex:    Ranks? (?<ranks>\d+(?:, \d+)*) failed to pass monitoredBarrier in (?<timeout_ms>\d+) ms
type:     timeout_ms=int
doc:      A monitored barrier timed out: the ranks named never reached it (stuck earlier: uneven work, a data-dependent branch, a hung or dead process); the others waited. Look at the named ranks' last lines.
# CosyVoice joining its workers when the data ran out unevenly
# (QwenAudio/CosyVoice#180, dev half; the glog prefix of gloo's log)
example:  [E ProcessGroupGloo.cpp:138] [Rank 0]: Rank 2 failed to pass monitoredBarrier in 30000 ms
expect:   ranks=2
expect:   timeout_ms=30000
# every rank of the second node missing (NVIDIA/nccl#849, its title's RuntimeError)
example:  RuntimeError: [Rank 0]: Ranks 4, 5, 6, 7 failed to pass monitoredBarrier in 2000000 ms
expect:   ranks=4, 5, 6, 7
not:      [E ProcessGroupGloo.cpp:138] Rank 3 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.

name:     torch.desync.mismatch
kind:     torch.desync
severity: error
literal:  Detected mismatch between collectives on ranks
priority: 1
regex:    Detected mismatch between collectives on ranks\.(?<msg> Rank (?<rank_a>\d+) is running collective: (?:CollectiveFingerPrint\((?:SequenceNumber=(?<seq>\d+),\s*)?(?:OpType=(?<op>\w+))?)?(?:.*?, but Rank (?<rank_b>\d+) is running collective: (?:CollectiveFingerPrint\((?:SequenceNumber=(?<seq_b>\d+),\s*)?(?:OpType=(?<op_b>\w+))?)?)?.*?)?\s*$
type:     rank_a=int rank_b=int seq=int seq_b=int
doc:      ProcessGroupWrapper (TORCH_DISTRIBUTED_DEBUG=DETAIL) found ranks calling different collectives: a program bug (data-dependent branch, uneven batches, MoE routing).
# version: torch >=1.10 with TORCH_DISTRIBUTED_DEBUG=DETAIL; fingerprint text as in train-049 (ProcessGroupWrapper.cpp)
example:  RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=1277, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but Rank 1 is running collective: CollectiveFingerPrint(SequenceNumber=1275, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))).
expect:   rank_a=0
expect:   seq=1277
expect:   op=ALLREDUCE
expect:   rank_b=1
expect:   seq_b=1275
expect:   op_b=ALLREDUCE
not:      [I ProcessGroupWrapper.cpp:562] [Rank 0] Running collective: CollectiveFingerPrint(SequenceNumber=1277, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float)

name:     torch.desync.report
kind:     torch.desync
severity: warning
literal:  Timeout at collective: 
literal:  are the lagging ranks that caused this timeout
literal:  lagging/dead/mismatched ranks that caused the desync
literal:  but didn't finish collective #
literal:  but didn't join collective #
regex:    (?<msg>(?:- )?(?:\[(?<desync_rank>\d+)\] Timeout at collective: (?<op>\w+), #(?<seq>\d+)|To our best knowledge, ranks \[(?<ranks>[\d, ]*)\] are the lagging ranks that caused this timeout.*|To our best knowledge, the lagging/dead/mismatched ranks that caused the desync are:|(?:- )?(?:\[(?<joined_ranks>[\d, ]*)\] )?joined but didn't finish collective #(?<joined_seq>\d+).*|(?:\[(?<finished_ranks>[\d, ]*)\] )?finished collective #(?<finished_seq>\d+), but didn't join collective #(?<next_seq>\d+).*))\s*$
type:     desync_rank=int seq=int joined_seq=int finished_seq=int next_seq=int
doc:      TORCH_NCCL_DESYNC_DEBUG report printed after a watchdog timeout: names the ranks that never joined (or never finished) the collective, i.e. the stragglers.
# version: torch 1.12-2.3 with (TORCH_)NCCL_DESYNC_DEBUG=1: c10d TraceUtils retrieveDesyncReport lines, each a physical line that starts with a tab
example:  	 - [0] Timeout at collective: ALLREDUCE, #5
expect:   desync_rank=0
expect:   op=ALLREDUCE
expect:   seq=5
example:  	 - To our best knowledge, ranks [2, 3] are the lagging ranks that caused this timeout. They never joined any collectives
expect:   ranks=2, 3
example:  	   - [1] joined but didn't finish collective #5 (count from 1)
expect:   joined_ranks=1
expect:   joined_seq=5
example:  	     [2, 3] finished collective #4, but didn't join collective #5 (count from 1)
expect:   finished_ranks=2, 3
expect:   finished_seq=4
expect:   next_seq=5
# real, pasted without its indentation (NVIDIA/nccl#2213): the rank list
# at the start of the line is taken for a rank prefix by attribution
example:  [1] finished collective #1155873, but didn't join collective #1155874
expect:   finished_seq=1155873
expect:   next_seq=1155874
not:      [80818] [rank4]:[E321 02:07:12.539400006 ProcessGroupNCCL.cpp:1709] [PG 1 Rank 4] Timeout at NCCL work: 1580

name:     torch.desync.snapshot
kind:     torch.desync
severity: warning
literal:  started ranks:
literal:  finished ranks:
literal:  ] started 
literal:  ] finished 
regex:    (?:#(?<snapshot_seq>\d+) (?<snapshot_state>started|finished) ranks:|\[(?<snapshot_ranks>[\d, ]+)\] (?<snapshot_did>started|finished) (?<snapshot_op>[A-Z_]+))\s*$
type:     snapshot_seq=int
doc:      The desync report's snapshot of every rank's latest collective ("#S started ranks:", then "[ranks] started OP"): ranks that started a different collective at the same seq are mismatched.
# version: torch 1.12+ with (TORCH_)NCCL_DESYNC_DEBUG=1: c10d TraceUtils dumpSnapshot, each item a physical line that starts with a tab
example:  	   #41207 started ranks:
expect:   snapshot_seq=41207
expect:   snapshot_state=started
example:  	   #41206 finished ranks:
expect:   snapshot_state=finished
example:  	     [0, 1, 2, 3, 4, 6, 7] started ALLREDUCE
expect:   snapshot_ranks=0, 1, 2, 3, 4, 6, 7
expect:   snapshot_did=started
expect:   snapshot_op=ALLREDUCE
# (a one-rank list, "[5] finished ...", is read the same when indented as
# torch writes it; an example loses its indentation and "[5]" to attribution)
example:  	     [5, 6] finished _ALLGATHER_BASE
expect:   snapshot_ranks=5, 6
expect:   snapshot_did=finished
expect:   snapshot_op=_ALLGATHER_BASE
not:      	     [2, 3] finished collective #4, but didn't join collective #5 (count from 1)
not:      	 - Snapshot of ranks' latest states:

name:     torch.pg_init
kind:     torch.pg_init
severity: info
literal:  ProcessGroupNCCL initialization options:
regex:    (?:\[(?:PG (?:ID )?(?<pg>\d+)(?: PG GUID (?<pg_guid>[^\s()\]]+))?(?: ?\((?<pg_desc>[^)]*)\))? )?Rank (?<pg_rank>\d+)\]\s+)?ProcessGroupNCCL initialization options: size: (?<size>\d+), global rank: (?<global_rank>\d+), TIMEOUT\(ms\): (?<timeout_ms>\d+)
type:     size=int global_rank=int timeout_ms=int pg_rank=int
doc:      Process-group creation (TORCH_CPP_LOG_LEVEL=INFO): world size, this process's global rank and the collective timeout.
# version: torch 2.2-2.4 (reference formats-nccl.md 1.6 init options row)
example:  [rank2]:[I1218 20:00:01.665375000 ProcessGroupNCCL.cpp:869] [PG 0 Rank 2] ProcessGroupNCCL initialization options: size: 8, global rank: 2, TIMEOUT(ms): 600000, USE_HIGH_PRIORITY_STREAM: 0, SPLIT_FROM: 0, SPLIT_COLOR: 0, PG Name: 0
expect:   size=8
expect:   global_rank=2
expect:   timeout_ms=600000
expect:   pg=0
expect:   pg_rank=2
# version: torch 2.5+ PG GUID prefix
example:  [rank1]:[I1218 20:00:01.495619000 ProcessGroupNCCL.cpp:905] [PG ID 0 PG GUID 0 Rank 1] ProcessGroupNCCL initialization options: size: 2, global rank: 1, TIMEOUT(ms): 1800000, USE_HIGH_PRIORITY_STREAM: 0, SPLIT_FROM: 0, SPLIT_COLOR: 0, PG Name: 0
expect:   size=2
expect:   global_rank=1
expect:   pg_guid=0
not:      [rank2]:[I1218 20:00:01.665462000 ProcessGroupNCCL.cpp:878] [PG 0 Rank 2] ProcessGroupNCCL environments: NCCL version: 2.18.3, TORCH_NCCL_ASYNC_ERROR_HANDLING: 1, TORCH_NCCL_DUMP_ON_TIMEOUT: 0

name:     torch.pg_env.nccl_version
kind:     nccl.version
severity: info
literal:  ProcessGroupNCCL environments: NCCL version:
priority: 1
regex:    ProcessGroupNCCL environments: NCCL version: (?<version>\d+(?:\.\d+)+)
doc:      NCCL version torch actually loaded (trust it over system packages).
# version: torch 2.2+ (reference formats-nccl.md 1.6 init options row)
example:  [rank2]:[I1218 20:00:01.665462000 ProcessGroupNCCL.cpp:878] [PG 0 Rank 2] ProcessGroupNCCL environments: NCCL version: 2.18.3, TORCH_NCCL_ASYNC_ERROR_HANDLING: 1, TORCH_NCCL_DUMP_ON_TIMEOUT: 0
expect:   version=2.18.3
not:      [rank2]:[I1218 20:00:01.665375000 ProcessGroupNCCL.cpp:869] [PG 0 Rank 2] ProcessGroupNCCL initialization options: size: 8, global rank: 2, TIMEOUT(ms): 600000

name:     torch.terminate
kind:     torch.terminate
severity: error
literal:  terminate called after throwing an instance of
priority: -3
regex:    terminate called after throwing an instance of '(?<exception>[^']+)'
doc:      A C++ exception escaped (usually from the NCCL watchdog): the process aborts with SIGABRT (exitcode -6). The `what():` text that follows names the real error.
# torch 2.5 (train-031)
example:  terminate called after throwing an instance of 'c10::Error'
expect:   exception=c10::Error
# version: torch 2.4+ watchdog abort (reference formats-nccl.md 1.6 watchdog exit row)
example:  terminate called after throwing an instance of 'c10::DistBackendError'
expect:   exception=c10::DistBackendError
# version: torch <=2.2 (reference 1.6 watchdog exit row)
example:  terminate called after throwing an instance of 'std::runtime_error'
expect:   exception=std::runtime_error
not:      [rank0]:[E504 22:44:08.389636235 ProcessGroupNCCL.cpp:1896] [PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered

name:     torch.cpp_stack
kind:     benign
severity: info
store:    once
literal:  (most recent call first)
start:    ^Exception raised from (?<func>\S+) at (?<src>\S+) \(most recent call first\):
continue: ^frame #\d+: 
max_lines: 128
doc:      C++ stack printed under a c10 error; decoration of the error reported on the line before.
# train-033 (C++ frames after a watchdog CUDA error)
example:  Exception raised from c10_cuda_check_implementation at /opt/conda/conda-bld/pytorch_1717918860194/work/c10/cuda/CUDAException.cpp:43 (most recent call first):
example:  frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7725d5f76e96 in /miniconda3/envs/qlora-pipe/lib/python3.12/site-packages/torch/lib/libc10.so)
example:  frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7725d5f25d10 in /miniconda3/envs/qlora-pipe/lib/python3.12/site-packages/torch/lib/libc10.so)
expect:   func=c10_cuda_check_implementation
expect:   src=/opt/conda/conda-bld/pytorch_1717918860194/work/c10/cuda/CUDAException.cpp:43
# train-065 (ncclCommAbort in the ProcessGroupNCCL destructor)
example:  Exception raised from ncclCommAbort at ../torch/csrc/distributed/c10d/NCCLUtils.hpp:181 (most recent call first):
example:  frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x7fa6d3bd2d62 in /home/kyungmin.lee/anaconda3/envs/large/lib/python3.8/site-packages/torch/lib/libc10.so)
expect:   func=ncclCommAbort
not:      Thread 0x00007f8bf451b740 (most recent call first):

name:     torch.benign.destroy_pg_not_called
kind:     benign
severity: info
store:    once
literal:  destroy_process_group() was not called
literal:  process group has NOT been destroyed before we destruct ProcessGroupNCCL
regex:    (?:destroy_process_group\(\) was not called before program exit|process group has NOT been destroyed before we destruct ProcessGroupNCCL)
doc:      Shutdown hygiene warning printed at exit, also after a successful run; harmless for diagnosis.
# version: torch 2.6+ (reference formats-nccl.md 3.12 benign noise: destroy_process_group() was not called)
example:  [rank0]:[W1218 20:40:02.475614640 ProcessGroupNCCL.cpp:1496] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())
# version: torch 2.4-2.5 wording of the same warning
example:  [rank1]:[W1218 20:40:02.214824770 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())
not:      (WorkerDict pid=3943529) [rank0]:[E816 01:09:38.266910599 ProcessGroupNCCL.cpp:627] [Rank 0] To avoid data inconsistency, we are taking the entire process down. [repeated 3x across cluster]

# A C++ stack frame seen without its "Exception raised from" header (an
# excerpt cut mid-stack, or frames of several ranks interleaved): the
# stack belongs to the exception printed before it.
name:     torch.benign.cpp_frame
kind:     benign
severity: info
store:    once
literal:  frame #
priority: -5
regex:    ^frame #\d+: .* \(0x[0-9a-f]+ in \S+\)$
doc:      a C++ frame of a torch exception's stack trace.
# train-001 (log viewer line numbers before the frame)
example:  [80810] frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f7958777f86 in /opt/conda/envs/Llama_factory/lib/python3.11/site-packages/torch/lib/libc10.so)
not:      Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):
