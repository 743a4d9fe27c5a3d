# Launchers and process death: torchrun / torch.distributed.elastic agent,
# ChildFailedError summaries, torch.multiprocessing.spawn, DeepSpeed launcher,
# mpirun, UCX / faulthandler / kernel segfault reports, bash job control,
# Python tracebacks and bare exception lines.
#
# Canonical captures used here: `pid` (the worker's pid, not the agent's, so
# the event lands on the worker), `rank`/`local_rank`/`host` only where the
# line states them (ChildFailedError entries, DeepSpeed argv, mpirun).

name:     launcher.worker_failed
kind:     launcher.worker_failed
severity: error
literal:  failed (exitcode: 
regex:    failed \(exitcode: (?<exitcode>-?\d+)\)(?: local_rank: (?<local_rank>\d+) \(pid: (?<pid>\d+)\) of (?:binary: (?<binary>\S+)|fn: (?<fn>\S+)))?
type:     exitcode=int local_rank=int pid=int
doc:      The elastic agent saw a worker exit non-zero. exitcode < 0 is a signal (-9 SIGKILL: OOM killer or escalation, -6 SIGABRT: C++ abort/NCCL watchdog, -11 SIGSEGV, -7 SIGBUS); 1 is a Python exception.
# torch 1.9-2.0 Python logging (nccl-033)
example:  ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 1 (pid: 886322) of binary: /idas/users/yaofengqin/.conda/envs/allspark/bin/python
expect:   exitcode=-6
expect:   local_rank=1
expect:   pid=886322
expect:   binary=/idas/users/yaofengqin/.conda/envs/allspark/bin/python
# accelerate, stderr-prefixed (train-013)
example:  stderr: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 7 (pid: 153932) of binary: /home/panww/miniconda3/tools/bin/python
expect:   exitcode=1
expect:   local_rank=7
expect:   pid=153932
# torch 2.4+ glog-style (train-011)
example:  E0325 20:57:27.620000 2606 site-packages/torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9) local_rank: 5 (pid: 2630) of binary: /root/miniconda3/bin/python
expect:   exitcode=-9
expect:   local_rank=5
expect:   pid=2630
# version: torch 2.1-2.3 torch._logging formatter (reference formats-training.md 1.4 agent log lines)
example:  [2024-01-15 10:31:07,512] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -11) local_rank: 0 (pid: 40211) of binary: /usr/bin/python3
expect:   exitcode=-11
expect:   local_rank=0
# version: function entrypoint, multiprocessing context (reference 1.4, "fn:" form)
example:  E0409 07:28:49.530000 3211 torch/distributed/elastic/multiprocessing/api.py:881] failed (exitcode: 1) local_rank: 0 (pid: 3245) of fn: main (start_method: spawn)
expect:   fn=main
expect:   pid=3245
# the rank and pid lost where a terminal's paste ran two lines together (tatsu-lab/stanford_alpaca#183, dev half)
example:  ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rankroot/anaconda3/envs/faster/bin/python
expect:   exitcode=-9
not:      WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 886321 closing signal SIGTERM

name:     launcher.worker_failed.legacy_banner
kind:     launcher.worker_failed
severity: error
literal:  ) FAILED (exitcode 
regex:    Child process (?<pid>\d+) \(local_rank (?<local_rank>\d+)\) FAILED \(exitcode (?<exitcode>-?\d+)\)
type:     exitcode=int local_rank=int pid=int
doc:      torch 1.9-1.10 "CHILD PROCESS FAILED WITH NO ERROR_FILE" banner (the number labelled local_rank is the failed worker's global rank in that code; equal to the local rank on one node).
# version: torch 1.9-1.10 (reference formats-training.md 1.4, 1.9-1.10 banner)
example:  Child process 41423 (local_rank 0) FAILED (exitcode 1)
expect:   pid=41423
expect:   local_rank=0
expect:   exitcode=1
not:      CHILD PROCESS FAILED WITH NO ERROR_FILE

name:     launcher.mp_spawn_exited
kind:     launcher.worker_failed
severity: error
literal:  terminated with exit code
literal:  terminated with signal
regex:    (?:ProcessExitedException|Exception): process (?<local_rank>\d+) terminated with (?:exit code (?<exitcode>-?\d+)|signal (?<signame>SIG\w+))
type:     exitcode=int local_rank=int
doc:      torch.multiprocessing.spawn saw worker process N (its spawn index = local rank) die; a signal name means it was killed (SIGKILL: OOM or kill -9, SIGABRT: C++ abort, SIGSEGV: crash).
# version: torch.multiprocessing.spawn ProcessExitedException (torch >=1.4; spawn.py "process %d terminated with signal %s")
example:  torch.multiprocessing.spawn.ProcessExitedException: process 1 terminated with signal SIGABRT
expect:   local_rank=1
expect:   signame=SIGABRT
# version: same, exit-code form ("process %d terminated with exit code %d")
example:  torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with exit code 1
expect:   local_rank=0
expect:   exitcode=1
not:      srun: error: nid01934: tasks 2,4-5,7: Terminated

# Lightning's launcher (fabric's subprocess_script.py, 2.x): the main
# process watches the children it started and, when one exits non-zero,
# names it and kills the rest. Its `[rank: N]` is the child's index plus
# one, a local rank (the main process is local rank 0), whatever the
# line's logger put before it.
name:     launcher.lightning_child_failed
kind:     launcher.worker_failed
severity: error
literal:  processes to avoid zombies
regex:    (?:\[rank: (?<local_rank>\d+)\] )?Child process with PID (?<pid>\d+) terminated with code (?<exitcode>-?\d+)\. Forcefully terminating all other processes to avoid zombies
type:     exitcode=int local_rank=int pid=int
doc:      Lightning's launcher saw the child process of local rank N exit non-zero and killed the others: that rank failed first (exit code -9: killed, -6: abort, -11: segfault, 1: an exception).
# OpenFold on one node of four H100s, after rank 3's CUDA OOM (aqlaboratory/openfold#481, dev half)
example:  [rank: 3] Child process with PID 11479 terminated with code 1. Forcefully terminating all other processes to avoid zombies 🧟
expect:   local_rank=3
expect:   pid=11479
expect:   exitcode=1
# after a watchdog's abort on rank 2 (find_string: a training write-up's log)
example:  [rank: 2] Child process with PID 13117 terminated with code -6. Forcefully terminating all other processes to avoid zombies 🧟
expect:   exitcode=-6
# through Python logging, in a CI job's pytest output (find_string)
example:  INFO     lightning.fabric.strategies.launchers.subprocess_script:subprocess_script.py:224 [rank: 1] Child process with PID 2977 terminated with code 4. Forcefully terminating all other processes to avoid zombies 🧟
expect:   local_rank=1
expect:   exitcode=4
not:      Child process 41423 (local_rank 0) FAILED (exitcode 1)

name:     launcher.sigterm.sending
kind:     launcher.sigterm
severity: warning
literal:  closing signal
regex:    Sending process (?<pid>\d+) closing signal (?<signal>SIG\w+)
type:     pid=int
doc:      The agent is stopping a healthy worker because another one failed (or the agent was signalled); a consequence, printed before the failure line.
# torch 1.9-2.0 (nccl-033)
example:  WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 886321 closing signal SIGTERM
expect:   pid=886321
expect:   signal=SIGTERM
# accelerate (train-013)
example:  stderr: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 153929 closing signal SIGTERM
expect:   pid=153929
# version: torch 2.4+ glog style (reference formats-training.md 1.4)
example:  W0325 20:57:27.611000 2606 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2631 closing signal SIGTERM
expect:   pid=2631
# version: torch 2.1-2.3 torch._logging
example:  [2024-01-15 10:31:07,402] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 40212 closing signal SIGTERM
expect:   signal=SIGTERM
not:      ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 1 (pid: 886322) of binary: /idas/users/yaofengqin/.conda/envs/allspark/bin/python

name:     launcher.sigterm.closing
kind:     launcher.sigterm
severity: warning
literal:  via signal SIG
regex:    (?:Closing|Terminating) process (?<pid>\d+) via signal (?<signal>SIG\w+)
type:     pid=int
doc:      Function-entrypoint agent (or torch.multiprocessing.spawn) stopping a worker; a consequence of another failure.
# version: elastic function entrypoint (reference formats-training.md 1.4 "Closing process <pid> via signal <SIG>")
example:  W0409 07:28:49.512000 3211 torch/distributed/elastic/multiprocessing/api.py:719] Closing process 3246 via signal SIGTERM
expect:   pid=3246
expect:   signal=SIGTERM
# version: torch.multiprocessing.spawn 2.x wording
example:  W0408 12:01:02.579000 61 torch/multiprocessing/spawn.py:165] Terminating process 96 via signal SIGTERM
expect:   pid=96
not:      WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 886321 closing signal SIGTERM

name:     launcher.sigkill.escalation
kind:     launcher.sigterm
severity: warning
literal:  forcefully exiting via
regex:    Unable to shutdown process (?<pid>\d+) via (?<first_signal>\S+), forcefully exiting via (?<signal>\S+)
type:     pid=int
doc:      The worker ignored SIGTERM for the grace period (30 s) and is SIGKILLed: its exitcode -9 is the agent's doing, not the OOM killer.
# version: torch 2.x elastic multiprocessing api (_close escalation)
example:  W0325 20:58:00.611000 2606 site-packages/torch/distributed/elastic/multiprocessing/api.py:916] Unable to shutdown process 2631 via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL
expect:   pid=2631
expect:   signal=Signals.SIGKILL
not:      W0325 20:57:27.611000 2606 site-packages/torch/distributed/elastic/multiprocessing/api.py:897] Sending process 2631 closing signal SIGTERM

name:     launcher.sigterm.deepspeed
kind:     launcher.sigterm
severity: warning
literal:  Killing subprocess
regex:    Killing subprocess (?<pid>\d+)
type:     pid=int
doc:      DeepSpeed launcher killing its workers after one of them exited; a consequence.
# train-047
example:  [2023-04-14 13:11:27,879] [INFO] [launch.py:428:sigkill_handler] Killing subprocess 13266
expect:   pid=13266
not:      [2023-04-14 13:11:27,885] [ERROR] [launch.py:434:sigkill_handler] ['/usr/bin/python3', '-u', 'main.py', '--local_rank=0'] exits with return code = -9

name:     launcher.death_signal
kind:     launcher.death_signal
severity: error
literal:  death signal, shutting down workers
regex:    Received (?:Signals\.(?<signame>SIG\w+)|(?<signal>\d+)) death signal, shutting down workers
type:     signal=int
doc:      The agent itself was signalled (SIGTERM from the scheduler/time limit/preemption, SIGHUP from a closed terminal, SIGINT): the job was stopped from outside.
# version: torch 1.9-2.0 Python logging, Python < 3.11 numeric form (reference formats-training.md 1.4)
example:  WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers
expect:   signal=15
# version: torch 2.4+ glog style, enum form
example:  W0616 00:37:22.830000 4015698 torch/distributed/elastic/agent/server/api.py:719] Received Signals.SIGTERM death signal, shutting down workers
expect:   signame=SIGTERM
not:      W0616 00:37:22.831000 4015698 torch/distributed/elastic/multiprocessing/api.py:900] Sending process 4015788 closing signal SIGTERM

name:     launcher.death_signal.exception
kind:     launcher.death_signal
severity: error
literal:  SignalException: Process
priority: 1
regex:    SignalException: Process (?<pid>\d+) got signal: (?<signal>\d+)
type:     pid=int signal=int
doc:      Exception raised in the agent after it received a death signal (pid is the agent's).
# version: torch >=1.9 torch/distributed/elastic/multiprocessing/api.py (_terminate_process_handler)
example:  torch.distributed.elastic.multiprocessing.api.SignalException: Process 4015698 got signal: 15
expect:   pid=4015698
expect:   signal=15
not:      W0616 00:37:22.830000 4015698 torch/distributed/elastic/agent/server/api.py:719] Received Signals.SIGTERM death signal, shutting down workers

name:     launcher.deepspeed_sigterm
kind:     launcher.death_signal
severity: error
literal:  Main process received SIG
regex:    Main process received (?<signame>SIG\w+), exiting
doc:      DeepSpeed launcher was sent SIGTERM (scheduler / user).
# version: DeepSpeed launcher (reference formats-training.md 1.5 DeepSpeed launcher)
example:  [2023-04-14 13:11:27,801] [INFO] [launch.py:318:sigkill_handler] Main process received SIGTERM, exiting
expect:   signame=SIGTERM
not:      [2023-04-14 13:11:27,879] [INFO] [launch.py:428:sigkill_handler] Killing subprocess 13266

name:     launcher.child_failed
kind:     launcher.child_failed
severity: error
literal:  time
literal:  (local_rank: 
start:    ^(?:\s*time\s*:\s*(?<time>\d{4}-\d\d-\d\d_\d\d:\d\d:\d\d)|\s*rank\s*:\s*(?<rank>\d+) \(local_rank: (?<local_rank>\d+)\))\s*$
continue: ^(?:\s*(?:time\s*:\s*(?<time>\S+)|host\s*:\s*(?<host>\S+)|rank\s*:\s*(?<rank>\d+) \(local_rank: (?<local_rank>\d+)\)|exitcode\s*:\s*(?<exitcode>-?\d+) \(pid: (?<pid>\d+)\).*?|error_file\s*:\s*(?<error_file>\S.*?)|traceback\s*:\s*(?<traceback>(?:Signal (?<signal>\d+) \((?<signame>SIG\w+)\) received by PID \d+)?.*?)|msg\s*:\s*(?<traceback>"?(?:Signal (?<signal>\d+) \((?<signame>SIG\w+)\) received by PID \d+)?.*?"?)|File ".*|(?!(?:\w+\.)*ChildFailedError:)(?<exc_type>(?:[A-Za-z_]\w*\.)*[A-Z]\w*):(?:\s+(?<exc_msg>\S.*?))?|[~^]+|(?![\[=*-])(?=[^:]*[(=])[^:]*)|\s+\S.*?)\s*$
type:     time=time rank=int local_rank=int exitcode=int pid=int signal=int
max_lines: 200
doc:      One ChildFailedError entry (the block starts on its `time` line; the `[N]:` header before it is left out because a bare `[3]:` is also what a `[${rank}]:` torchrun line prefix leaves of an empty worker line): which global rank failed, on which host, how (exitcode, signal) and when (`time`, the error-file timestamp; the root-cause entry has the earliest). Worker tracebacks recorded with @record follow, indented; exc_type/exc_msg are their last exception line.
# torch 2.x root-cause entry (train-037, 2nd node)
example:    time      : 2023-06-03_22:45:01
example:    host      : gpu187.cluster.local
example:    rank      : 4 (local_rank: 0)
example:    exitcode  : 1 (pid: 19401)
example:    error_file: <N/A>
example:    traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
expect:   time=2023-06-03_22:45:01
expect:   host=gpu187.cluster.local
expect:   rank=4
expect:   local_rank=0
expect:   exitcode=1
expect:   pid=19401
expect:   error_file=<N/A>
expect:   traceback=To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
# version: torch 2.x signal-death entry (train-039's lines with the header, time and host the excerpt cut restored per formats-training.md 1.4)
example:    time      : 2025-06-12_14:03:27
example:    host      : gpu-node-3
example:    rank      : 0 (local_rank: 0)
example:    exitcode  : -11 (pid: 6421)
example:    error_file: <N/A>
example:    traceback : Signal 11 (SIGSEGV) received by PID 6421
expect:   rank=0
expect:   exitcode=-11
expect:   pid=6421
expect:   signal=11
expect:   signame=SIGSEGV
expect:   traceback=Signal 11 (SIGSEGV) received by PID 6421
# entry header lost (cut or stripped by a wrapper): the block starts on the time line
example:    time      : 2023-06-03_22:45:52
example:    host      : gpu187.cluster.local
example:    rank      : 3 (local_rank: 3)
example:    exitcode  : 1 (pid: 19418)
example:    error_file: <N/A>
example:    traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
expect:   time=2023-06-03_22:45:52
expect:   rank=3
expect:   pid=19418
# train-039 as excerpted: header, time and host cut, the block starts on the rank line
example:    rank      : 0 (local_rank: 0)
example:    exitcode  : -11 (pid: 6421)
example:    error_file: <N/A>
example:    traceback : Signal 11 (SIGSEGV) received by PID 6421
expect:   rank=0
expect:   local_rank=0
expect:   exitcode=-11
expect:   pid=6421
expect:   signal=11
expect:   signame=SIGSEGV
# version: torch 2.x entry with an @record traceback (py_callstack indented by two spaces; reference formats-training.md 1.4)
example:    time      : 2024-03-25_20:57:27
example:    host      : node-a.cluster.local
example:    rank      : 1 (local_rank: 1)
example:    exitcode  : 1 (pid: 2631)
example:    error_file: /tmp/torchelastic_k3j2/none_3_lsytqe/attempt_0/1/error.json
example:    traceback : Traceback (most recent call last):
example:      File "/usr/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper
example:        return f(*args, **kwargs)
example:      File "/workspace/train.py", line 88, in main
example:        loss.backward()
example:    torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 1 has a total capacity of 79.10 GiB of which 1.06 GiB is free.
example:    
expect:   time=2024-03-25_20:57:27
expect:   rank=1
expect:   error_file=/tmp/torchelastic_k3j2/none_3_lsytqe/attempt_0/1/error.json
expect:   traceback=Traceback (most recent call last):
expect:   exc_type=torch.OutOfMemoryError
expect:   exc_msg=CUDA out of memory. Tried to allocate 2.00 GiB. GPU 1 has a total capacity of 79.10 GiB of which 1.06 GiB is free.
# version: torch 1.9-1.10 entry format (time/rank/exitcode/error_file/msg, no host)
example:    time: 2021-08-10_11:22:33
example:    rank: 0 (local_rank: 0)
example:    exitcode: -9 (pid: 11835)
example:    error_file: <N/A>
example:    msg: "Signal 9 (SIGKILL) received by PID 11835"
expect:   time=2021-08-10_11:22:33
expect:   exitcode=-9
expect:   signal=9
expect:   signame=SIGKILL
not:      torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
not:      Root Cause (first observed failure):

name:     launcher.root_cause
kind:     launcher.root_cause
severity: info
literal:  Root Cause
regex:    ^Root Cause(?: \(first observed failure\))?:\s*$
doc:      Marks the ChildFailedError entry that follows as the first observed failure (earliest error timestamp) of this agent.
# train-037
example:  Root Cause (first observed failure):
# version: torch 1.9-1.10 section title (reference formats-training.md 1.4, 2021 variant)
example:  Root Cause:
not:      Failures:

name:     launcher.child_failed_header
kind:     launcher.child_failed_header
severity: info
literal:  ChildFailedError
priority: 2
regex:    (?:^|\.)ChildFailedError:\s*$
doc:      torchrun's summary exception; the entries that follow name the failed ranks.
# train-037 (trailing space)
example:  torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
# version: same without the trailing space
example:  torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
not:      raise ChildFailedError(

name:     launcher.exit_code.deepspeed
kind:     launcher.exit_code
severity: error
literal:  exits with return code = 
regex:    ^(?:.*?'--local_rank=(?<local_rank>\d+)')?.*?exits with return code = (?<exitcode>-?\d+)
type:     exitcode=int local_rank=int
doc:      DeepSpeed launcher: a worker exited with this code (-9 SIGKILL: usually host OOM); its --local_rank is in the argv list.
# train-047
example:  [2023-04-14 13:11:27,885] [ERROR] [launch.py:434:sigkill_handler] ['/usr/bin/python3', '-u', 'main.py', '--local_rank=0', '--data_path', 'Dahoas/rm-static', 'Dahoas/full-hh-rlhf', 'Dahoas/synthetic-instruct-gptj-pairwise', 'yitingxie/rlhf-reward-datasets', 'openai/webgpt_comparisons', 'stanfordnlp/SHP', '--data_split', '2,4,4', '--model_name_or_path', 'facebook/opt-125m', '--per_device_train_batch_size', '2', '--per_device_eval_batch_size', '8', '--max_seq_len', '512', '--learning_rate', '9.65e-6', '--weight_decay', '0.1', '--num_train_epochs', '2', '--gradient_accumulation_steps', '1', '--lr_scheduler_type', 'cosine', '--num_warmup_steps', '0', '--seed', '1234', '--zero_stage', '2', '--deepspeed', '--output_dir', '/content/DeepSpeedExamples/applications/DeepSpeed-Chat/output/actor-models/125m'] exits with return code = -9
expect:   exitcode=-9
expect:   local_rank=0
not:      [2023-04-14 13:11:27,879] [INFO] [launch.py:428:sigkill_handler] Killing subprocess 13266

# paddle.distributed.launch's summary when a trainer exits non-zero (its
# launch_utils.py): the job's trainer count and the ranks that failed. One
# rank is the line's (the trainer the launcher saw fail); several in the
# list say nothing of which one failed first.
name:     launcher.exit_code.paddle
kind:     launcher.exit_code
severity: error
literal:  ABORT!!! Out of all 
regex:    ABORT!!! Out of all (?<world_size>\d+) trainers, the trainer process with rank=\[(?:(?<rank>\d+)|(?<ranks>[\d, ]*))\] was aborted
type:     world_size=int
doc:      PaddlePaddle's launcher saw these trainers exit non-zero and ended the others; the failed trainers' own logs (workerlog.N) hold the error.
# two trainers, Paddle's logging header (PaddlePaddle/PaddleDetection#1775, dev half)
example:  ERROR 2020-11-30 13:01:49,988 utils.py:413] ABORT!!! Out of all 2 trainers, the trainer process with rank=[0, 1] was aborted. Please check its log.
expect:   world_size=2
expect:   ranks=0, 1
# one trainer of two (PaddlePaddle/PaddleOCR#3817, dev half)
example:  ERROR 2021-08-26 07:33:44,620 launch_utils.py:584] ABORT!!! Out of all 2 trainers, the trainer process with rank=[1] was aborted. Please check its log.
expect:   rank=1
# Paddle's distributed debugging guide, quoting it (find_string)
example:     "ABORT!!! Out of all 8 trainers, the trainer process with rank=[2,3] was aborted. Please check its log.".
expect:   world_size=8
expect:   ranks=2,3
not:      logger.error('ABORT!!! Out of all {} trainers, the trainer process with rank={} was aborted. Please check its log.'.format(nranks, error_rank))

name:     launcher.mpirun.nonzero
kind:     launcher.exit_code
severity: error
literal:  mpirun detected that one or more processes exited with non-zero status
literal:  the job to be terminated
literal:  Process name:
literal:  Exit code:
start:    mpirun detected that one or more processes exited with non-zero status
continue: ^(?:\s*$|the job to be terminated|\s*Process name:\s*\[\[(?<mpi_jobid>\d+),\d+\],(?<rank>\d+)\]|\s*Exit code:\s*(?<exitcode>-?\d+))
type:     rank=int exitcode=int
doc:      Open MPI banner naming the first rank that exited non-zero.
# version: Open MPI 3.x/4.x mpirun banner (reference formats-training.md 1.6 mpirun row)
example:  mpirun detected that one or more processes exited with non-zero status, thus causing
example:  the job to be terminated. The first process to do so was:
example:  
example:    Process name: [[52850,1],3]
example:    Exit code:    1
expect:   rank=3
expect:   exitcode=1
expect:   mpi_jobid=52850
not:      Primary job  terminated normally, but 1 process returned

name:     launcher.mpirun.primary_job
kind:     launcher.exit_code
severity: warning
literal:  terminated normally, but
regex:    Primary job\s+terminated normally, but (?<count>\d+) process(?:es)? returned
type:     count=int
doc:      Open MPI: some rank returned non-zero and mpirun aborted the job; look for the rank's own error.
# version: Open MPI 3.x/4.x (reference formats-training.md 1.6 mpirun row)
example:  Primary job  terminated normally, but 1 process returned
expect:   count=1
not:      mpirun detected that one or more processes exited with non-zero status, thus causing

name:     launcher.mpirun.signal
kind:     launcher.exit_code
severity: error
literal:  mpirun noticed that process rank
regex:    mpirun noticed that process rank (?<rank>\d+) with PID (?<pid>\d+) on node (?<node>\S+) exited on signal (?<signal>\d+)(?: \((?<signame>[^)]+)\))?
type:     rank=int pid=int signal=int
doc:      Open MPI: a rank died from a signal (9 Killed: OOM/kill, 11 segfault, 6 abort).
# version: Open MPI 3.x/4.x errmgr message (help-errmgr-base.txt)
example:  mpirun noticed that process rank 5 with PID 0 on node gpu-node-12 exited on signal 9 (Killed).
expect:   rank=5
expect:   signal=9
expect:   signame=Killed
expect:   node=gpu-node-12
not:      Primary job  terminated normally, but 1 process returned

# MPICH's Hydra (mpiexec, and Intel MPI's) closes its BAD TERMINATION
# banner with the signal that ended a process; the banner's `EXIT CODE:`
# line before it is the process's status as the shell sees it (134 is
# 128 + SIGABRT).
name:     launcher.hydra.signal
kind:     launcher.exit_code
severity: error
literal:  TERMINATED WITH THE EXIT STRING: 
regex:    YOUR APPLICATION TERMINATED WITH THE EXIT STRING: (?<signame>.+?) \(signal (?<signal>\d+)\)
type:     signal=int
doc:      MPICH's mpiexec: a process died from a signal (6 abort, 9 killed: out of memory or a scheduler, 11 segfault); its own last lines name why.
# procgen under mpiexec, std::out_of_range uncaught in every process (openai/train-procgen#4, dev half)
example:  YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Aborted (signal 6)
expect:   signal=6
expect:   signame=Aborted
# two other runs' banners, found with find_string
example:  YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Segmentation fault (signal 11)
expect:   signal=11
example:  YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Terminated: 15 (signal 15)
expect:   signame=Terminated: 15
# a test harness's timeout message, no signal (pmodels' test scripts, find_string)
not:      APPLICATION TERMINATED WITH THE EXIT STRING: job ending due to timeout

name:     proc.ucx.segfault
kind:     proc.segfault
severity: fatal
literal:  Caught signal 11 (
regex:    (?:\[[^\]:\s]+:(?<pid>\d+)\s*:\d+:\d+\]\s+)?Caught signal 11 \((?<sigdesc>Segmentation fault[^)]*)\)
type:     pid=int
doc:      UCX/HPC-X signal handler caught SIGSEGV in this process; the backtrace follows (look for libnccl/libcuda/libtorch frames).
# version: UCX/HPC-X handler (reference formats-training.md 1.6 UCX row; same shape as train-041 with signal 11)
example:  [gpu-node-3:48213 :0:48401] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x8)
expect:   pid=48213
expect:   sigdesc=Segmentation fault: address not mapped to object at address 0x8
not:      [610867610e4b:2498 :0:2599] Caught signal 7 (Bus error: nonexistent physical address)

name:     proc.ucx.signal
kind:     proc.signal
severity: fatal
literal:  Caught signal 
regex:    (?:\[[^\]:\s]+:(?<pid>\d+)\s*:\d+:\d+\]\s+)?Caught signal (?<signal>(?!11\b)\d+) \((?<sigdesc>[^)]*)\)
type:     pid=int signal=int
doc:      UCX/HPC-X signal handler caught a fatal signal (7 bus error: often /dev/shm exhausted or a bad mapping; 6 abort; 8 FPE).
# train-041
example:  [610867610e4b:2498 :0:2599] Caught signal 7 (Bus error: nonexistent physical address)
expect:   pid=2498
expect:   signal=7
expect:   sigdesc=Bus error: nonexistent physical address
not:      [gpu-node-3:48213 :0:48401] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x8)

# Open MPI's signal handler (opal's backtrace, under mpirun and horovodrun):
# `*** Process received signal ***`, then `Signal: <name> (<number>)`,
# `Signal code: ...`, `Failing at address: ...` and the frames, each behind
# the process's `[host:pid] ` (an older Open MPI's `[pid] `, which
# attribution takes for a log viewer's line number and peels).
name:     proc.opal.segfault
kind:     proc.segfault
severity: fatal
literal:  Signal: Segmentation 
regex:    (?:\[[^\]:\s]+:(?<pid>\d+)\]\s+)?Signal: (?<sigdesc>Segmentation [Ff]ault) \(11\)
type:     pid=int
doc:      Open MPI's signal handler caught SIGSEGV in this process; its backtrace follows (look for libnccl/libcuda/libtorch frames).
# PyTorch 0.4 under mpirun (pytorch/pytorch#10344)
example:  [ip-172-31-77-112:61444] Signal: Segmentation fault (11)
expect:   pid=61444
expect:   sigdesc=Segmentation fault
# Open MPI 1.9 on Solaris capitalises it (an Open MPI users' list post, find_string)
example:  [rs0:07150] Signal: Segmentation Fault (11)
expect:   pid=7150
# DDP on the MPI backend, a DataLoader's segfault (pytorch/pytorch#13787, dev half)
example:  [82362] Signal: Segmentation fault (11)
expect:   sigdesc=Segmentation fault
not:      [ip-172-31-77-112:61444] Signal code: Address not mapped (1)
not:      [610867610e4b:2498 :0:2599] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x8)

name:     proc.opal.signal
kind:     proc.signal
severity: fatal
literal:  ] Signal: 
regex:    (?:\[[^\]:\s]+:(?<pid>\d+)\]\s+)?Signal: (?<sigdesc>Bus error|Aborted|Floating point exception|Illegal instruction) \((?<signal>\d+)\)
type:     pid=int signal=int
doc:      Open MPI's signal handler caught a fatal signal (7 bus error: often /dev/shm exhausted; 6 abort; 8 FPE).
# a container's /dev/shm, and a CI job's abort (GitHub threads, find_string)
example:  [2213e8cf917e:00309] Signal: Bus error (7)
expect:   pid=309
expect:   signal=7
expect:   sigdesc=Bus error
example:  [fv-az1427-785:06522] Signal: Aborted (6)
expect:   signal=6
not:      [ip-172-31-77-112:61444] Signal: Segmentation fault (11)
not:      [ip-172-31-77-112:61444] Signal code: Address not mapped (1)

# Abseil's failure signal handler (absl::AbslFailureSignalHandler), which
# Ray's workers, gRPC, TensorFlow and JAX install: `*** <SIGNAME> received
# at time=<epoch> on cpu <n> ***`, then `PC: @ ...` and one `@ ...` frame a
# line. Behind Ray's `(pid=...)` or Ray's own logging.cc header.
name:     proc.absl.segfault
kind:     proc.segfault
severity: fatal
literal:  *** SIGSEGV received at time=
regex:    \*\*\* SIGSEGV received at time=(?<epoch>\d+)
type:     epoch=int
doc:      Abseil's failure signal handler caught SIGSEGV in this process; the frames after `PC: @` say in which library.
# a Ray Train worker on Ascend NPUs (ray-project/ray#49998)
example:  (pid=40210) *** SIGSEGV received at time=1738741837 on cpu 21 ***
expect:   epoch=1738741837
# vLLM's Ray workers (find_string)
example:  (EngineCore_DP0 pid=742) (RayWorkerWrapper pid=233, ip=10.20.1.125) *** SIGSEGV received at time=1762945937 on cpu 6 ***
not:      [2024-02-04 08:45:44,122 E 864170 864170] logging.cc:361: *** SIGABRT received at time=1707036344 on cpu 40 ***

name:     proc.absl.signal
kind:     proc.signal
severity: fatal
literal:  received at time=
regex:    \*\*\* (?<signame>SIG(?!SEGV\b|TERM\b|INT\b)[A-Z]+) received at time=(?<epoch>\d+)
type:     epoch=int
doc:      Abseil's failure signal handler caught a fatal signal (SIGABRT: an assertion or abort; SIGBUS: often /dev/shm exhausted). Its SIGTERM and SIGINT are a stop asked from outside, which the launcher's or scheduler's own lines say better, so they are not read.
# Ray's core worker after a Triton assertion (find_string)
example:  [2024-02-04 08:45:44,122 E 864170 864170] logging.cc:361: *** SIGABRT received at time=1707036344 on cpu 40 ***
expect:   signame=SIGABRT
# a service's failed check, then the handler (find_string)
example:  *** SIGABRT received at time=1634878627 on cpu 23 ***
expect:   epoch=1634878627
# srun -l's task label in front of a vLLM job stopped at its end (find_string)
not:      0: *** SIGTERM received at time=1759954468 on cpu 5 ***
not:      (pid=40210) *** SIGSEGV received at time=1738741837 on cpu 21 ***
not:      $display("INFO: DDR full frame received at time=%0t, beats=%0d", $time, ddr_beats_seen);

# glog's failure signal handler (google::InstallFailureSignalHandler), which
# PaddlePaddle, Caffe2-era C++ and many C++ services install: `*** Aborted at
# <epoch> (unix time) ...`, `PC: @ ...`, then `*** <SIGNAME> (@<addr>)
# received by PID <pid> (TID ...) from PID <sender>; stack trace: ***` and
# one `@ ...` frame a line. Paddle 2.x repeats it inside its own summary as
# `[SignalInfo: *** SIGSEGV (@0x0) received by PID ... ***]`.
name:     proc.glog.segfault
kind:     proc.segfault
severity: fatal
literal:  *** SIGSEGV (@
regex:    \*\*\* SIGSEGV \(@0x[0-9a-fA-F]+\) received by PID (?<pid>\d+)
type:     pid=int
doc:      glog's failure signal handler caught SIGSEGV in this process; the `@` frames after it say in which library.
# a PaddlePaddle 1.x trainer under Open MPI's tags (PaddlePaddle/Paddle#13558, dev half)
example:  Mon Sep 24 14:28:29 2018[1,0]<stderr>:*** SIGSEGV (@0x8) received by PID 33946 (TID 0x7f58d53a8700) from PID 8; stack trace: ***
expect:   pid=33946
# behind glog's own header, Paddle's init.cc (PaddlePaddle/PaddleSeg#592, dev half)
example:  W1119 17:02:09.263702 12160 init.cc:234] *** SIGSEGV (@0x0) received by PID 12160 (TID 0x7f73265ff700) from PID 0; stack trace: ***
expect:   pid=12160
# a C++ service's crash report, indented as pasted (find_string)
example:      *** SIGSEGV (@0x0) received by PID 71567 (TID 0x7f173a5df700) from PID 0; stack trace: ***
expect:   pid=71567
# Paddle 2.x's error summary (find_string)
example:  [SignalInfo: *** SIGSEGV (@0x0) received by PID 68313 (TID 0x7f721b1bd080) from PID 0 ***]
expect:   pid=68313
not:      *** Aborted at 1537770509 (unix time) try "date -d @1537770509" if you are using GNU date ***
not:      (pid=40210) *** SIGSEGV received at time=1738741837 on cpu 21 ***

name:     proc.glog.signal
kind:     proc.signal
severity: fatal
literal:  ) received by PID
regex:    \*\*\* (?<signame>SIG(?!SEGV\b|TERM\b|INT\b)[A-Z]+) \(@0x[0-9a-fA-F]+\) received by PID (?<pid>\d+)
type:     pid=int
doc:      glog's failure signal handler caught a fatal signal (SIGABRT: an assertion or abort; SIGBUS: often /dev/shm exhausted). Its SIGTERM is a stop asked from outside (Paddle's launcher ending the other trainers after one failed), so it is not read.
# two PaddleDetection trainers, glog's header (PaddlePaddle/PaddleDetection#1775, dev half)
example:  W1130 13:01:46.058066  4279 init.cc:234] *** SIGBUS (@0x7f8f0142f000) received by PID 4279 (TID 0x7f90e8232740) from PID 21164032; stack trace: ***
expect:   signame=SIGBUS
expect:   pid=4279
# a ROCm library's abort (find_string)
example:  *** SIGABRT (@0x3e90000d149) received by PID 53577 (TID 0x7509735fdf40) from PID 53577; stack trace: ***
expect:   signame=SIGABRT
# Paddle 2.x's summary (find_string)
example:  #   [SignalInfo: *** SIGABRT (@0x3e800001a20) received by PID 6688 (TID 0x7fd501eaf740) from PID 6688 ***]
expect:   pid=6688
# Paddle's documentation: a trainer stopped because another one failed
not:      [SignalInfo: *** SIGTERM (@0x3fe) received by PID 1164 (TID 0x7f6cf1fc6700) from PID 1022 ***]
not:      W1119 17:02:09.263702 12160 init.cc:234] *** SIGSEGV (@0x0) received by PID 12160 (TID 0x7f73265ff700) from PID 0; stack trace: ***

# glibc's malloc found its heap corrupted and aborted the process:
# `*** Error in `<prog>': free(): invalid pointer: 0x... ***` before glibc
# 2.26, the bare message after it (then the shell's `Aborted (core
# dumped)`). A native extension wrote past its memory. The messages are
# malloc.c's malloc_printerr() texts; a paste outside a code block loses
# the backtick before the program's name to markdown.
name:     proc.glibc.heap
kind:     proc.signal
severity: fatal
literal:  free(): 
literal:  malloc(): 
literal:  double free or corruption
literal:  corrupted size vs. prev_size
literal:  munmap_chunk(): 
literal:  realloc(): 
literal:  malloc_consolidate(): 
literal:  corrupted double-linked list
regex:    ^(?:\*\*\* Error in `?(?<process>[^`'\s]+)': )?(?<error>(?:free|malloc|realloc|munmap_chunk|malloc_consolidate)\(\): (?:invalid (?:pointer|size|next size|old size|chunk size)|corrupted (?:top size|unsorted chunks(?: [23])?)|memory corruption|unaligned (?:tcache|fastbin) chunk detected(?: [23])?|double free detected in tcache 2|too many chunks detected in tcache|(?:smallbin|unsorted) double linked list corrupted)(?: \([a-z]+\))?|double free or corruption(?: \([a-z!]+\))?|corrupted size vs\. prev_size(?: while consolidating)?|corrupted double-linked list(?: \(not small\))?)(?:: 0x[0-9a-fA-F]+ \*\*\*.*)?\s*$
doc:      glibc's allocator found its heap corrupted (a double free, a write past a buffer) and aborted the process: a native extension (a custom CUDA op, an old library build) is at fault; run it under compute-sanitizer or with MALLOC_CHECK_=3 and check the extensions' versions.
# old glibc, a tqdm bar left on the line (pytorch/pytorch#4347, dev half)
example:  *** Error in `python': free(): invalid pointer: 0x00007fcbb6ab6d80 ***                                                                   | (ETA:  --:--:--) 
expect:   process=python
expect:   error=free(): invalid pointer
# Detectron under Caffe2, the backtick lost (facebookresearch/Detectron#419, dev half)
example:  *** Error in python': free(): corrupted unsorted chunks: 0x00007f3e9009cdd0 ***
expect:   process=python
expect:   error=free(): corrupted unsorted chunks
# the same on POWER (facebookresearch/Detectron#836)
example:  *** Error in `python': free(): corrupted unsorted chunks: 0x00003efb6a0fb210 ***
expect:   error=free(): corrupted unsorted chunks
# a training script's environment check (sfzhang15/ATSS#73)
example:  *** Error in `/home/yfzhang/anaconda3/envs/PAA/bin/python': double free or corruption (!prev): 0x0000564911fb06d0 ***
expect:   process=/home/yfzhang/anaconda3/envs/PAA/bin/python
expect:   error=double free or corruption (!prev)
# built: newer glibc's bare messages, as malloc.c's malloc_printerr() words them
example:  double free or corruption (!prev)
expect:   error=double free or corruption (!prev)
example:  malloc(): corrupted top size
expect:   error=malloc(): corrupted top size
example:  munmap_chunk(): invalid pointer
expect:   error=munmap_chunk(): invalid pointer
example:  malloc(): unsorted double linked list corrupted
expect:   error=malloc(): unsorted double linked list corrupted
example:  corrupted double-linked list
expect:   error=corrupted double-linked list
# built: the same words inside another message, and indented prose
not:      RuntimeError: free(): something a library printed
not:          free(): invalid pointer is printed when

# bash's report of a foreground job killed by a crash signal, printed
# alone on its line (the interactive shell's form; in a script it is
# `line N: PID ...`, proc.shell.segfault). `Aborted` is left out: a
# watchdog's std::terminate ends in it too, after the timeout it reports.
# MXNet's own SIGSEGV handler (initialize.cc's SegfaultLogger) prints
# `Segmentation fault: 11` alone before its `Stack trace:`, as macOS's
# shell does for any crashed command.
name:     proc.shell.bare_segfault
kind:     proc.segfault
severity: fatal
literal:  Segmentation fault
regex:    ^`?(?<sigdesc>Segmentation fault)(?: \(core dumped\)|: 11)?`?\s*$
doc:      The shell (or MXNet's signal handler) reports that the process crashed with SIGSEGV.
# MXNet's handler under mpirun and Horovod (horovod/horovod#1533, dev half)
example:  Segmentation fault: 11
expect:   sigdesc=Segmentation fault
# after Paddle's failure-signal banner (PaddlePaddle/PaddleSeg#592, dev half)
example:  Segmentation fault (core dumped)
expect:   sigdesc=Segmentation fault
# pasted alone (abiusx/CLPatchMatch#5)
example:  `Segmentation fault (core dumped)`
not:      Fatal Python error: Segmentation fault
not:      ERROR: Unexpected segmentation fault encountered in worker.

name:     proc.shell.bare_signal
kind:     proc.signal
severity: fatal
literal:  Bus error
literal:  Illegal instruction
literal:  Floating point exception
regex:    ^(?<sigdesc>Bus error|Illegal instruction|Floating point exception)(?: \(core dumped\))?\s*$|line \d+:\s+\d+ (?<sigdesc>Bus error|Illegal instruction|Floating point exception)(?:\s+\(core dumped\))?(?:\s+(?<command>\S.*?))?\s*$
doc:      The shell reports that the command died of SIGBUS (often a full /dev/shm in a container), SIGILL (a binary built for another CPU) or SIGFPE (an integer division by zero in native code).
# in a training script's job line (Blealtan/RWKV-LM-LoRA#18, dev half)
example:  train_cmd.sh: line 34:   894 Bus error               (core dumped) python train.py
expect:   sigdesc=Bus error
expect:   command=python train.py
# built: the interactive shell's form of the same report
example:  Illegal instruction (core dumped)
expect:   sigdesc=Illegal instruction
not:      Fatal Python error: Bus error
not:      RuntimeError: DataLoader worker (pid 91822) is killed by signal: Bus error.
not:      [610867610e4b:2498 :0:2599] Caught signal 7 (Bus error: nonexistent physical address)

# GNU time around the training command (`time python train.py`, the
# faster-rcnn family's scripts): `Command terminated by signal %d` (time.c)
# before its resource summary, when a signal ended the command. Only the
# crash signals (SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGSEGV): SIGKILL and
# SIGTERM are stops asked from outside, which other lines say better.
name:     proc.time.signal
kind:     proc.signal
severity: fatal
literal:  Command terminated by signal 
regex:    ^`?Command terminated by signal (?<signal>4|6|7|8|11)`?\s*$
doc:      GNU time reports that the command it ran died of a crash signal (11 SIGSEGV, 6 SIGABRT, 7 SIGBUS, 4 SIGILL, 8 SIGFPE): a native extension or library crashed; the lines before it (a traceback, `Fatal Python error`) name where.
# a Mask R-CNN training script run under time (lichengunc/mask-faster-rcnn#10, dev half)
example:  Command terminated by signal 11
expect:   signal=11
# built from time.c's formats: a stop from outside, and a plain failure
not:      Command terminated by signal 9
not:      Command exited with non-zero status 1

# PyTorch's DataLoader worker signal handler (torch/csrc/DataLoader.cpp):
# a worker process died of SIGSEGV, printed by the worker before the main
# process raises "DataLoader worker (pid N) is killed by signal" (often cut
# from a paste, or never reached when the job is torn down first).
name:     proc.dataloader_segfault
kind:     proc.segfault
severity: fatal
literal:  Unexpected segmentation fault encountered in worker
regex:    ERROR: Unexpected segmentation fault encountered in worker\.
doc:      A DataLoader worker crashed with SIGSEGV (a native extension in the dataset's code, shared memory, or a library the worker loaded); try num_workers=0 to see the crash in the main process.
# SwinTransformer/Swin-Transformer-Object-Detection#16 (mmdet, before the main process's traceback)
example:  ERROR: Unexpected segmentation fault encountered in worker.
# ray-project/ray#34194 (a Ray Train worker's DataLoader)
example:  (RayTrainWorker pid=46187) ERROR: Unexpected segmentation fault encountered in worker.
not:      ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).

name:     proc.faulthandler.segfault
kind:     proc.segfault
severity: fatal
literal:  Fatal Python error: Segmentation fault
regex:    Fatal Python error: Segmentation fault
doc:      Python faulthandler: the process crashed with SIGSEGV; the thread stacks follow.
# version: CPython faulthandler (reference formats-training.md 1.6 Python faulthandler row)
example:  Fatal Python error: Segmentation fault
not:      Fatal Python error: Bus error

name:     proc.faulthandler.signal
kind:     proc.signal
severity: fatal
literal:  Fatal Python error: 
regex:    Fatal Python error: (?<sigdesc>Bus error|Aborted|Floating point exception|Illegal instruction)
doc:      Python faulthandler: fatal signal (Bus error = SIGBUS, often /dev/shm or a truncated mmap; Aborted = SIGABRT from a C++ abort).
# train-041
example:  Fatal Python error: Bus error
expect:   sigdesc=Bus error
# version: CPython faulthandler (reference 1.6 Python faulthandler row)
example:  Fatal Python error: Aborted
expect:   sigdesc=Aborted
not:      Fatal Python error: Segmentation fault

name:     proc.kernel.segfault
kind:     proc.segfault
severity: fatal
literal:  : segfault at 
regex:    (?<process>[^\s\[\]]+)\[(?<pid>\d+)\]: segfault at (?<addr>[0-9a-fA-F]+) ip (?<ip>[0-9a-fA-F]+) sp [0-9a-fA-F]+ error (?<error>\d+)(?: in (?<lib>[^\s\[]+)\[)?
type:     pid=int
doc:      Kernel segfault report; `lib` (libnccl, libcuda, libtorch_cuda, ...) tells which library crashed.
# version: Linux 5.x kernel message (reference formats-training.md 1.7 segfault/traps)
example:  [ 1843.308145] pt_main_thread[40211]: segfault at 0 ip 00007f3a1c2b4e10 sp 00007ffd5a1b2c40 error 4 in libnccl.so.2.21.5[7f3a1c000000+1e000000]
expect:   process=pt_main_thread
expect:   pid=40211
expect:   lib=libnccl.so.2.21.5
expect:   addr=0
# version: Linux 6.x (appends "likely on CPU")
example:  [Fri Aug 30 11:43:09 2024] python[8812]: segfault at 18 ip 00007f9b2d1c3a4e sp 00007ffe61e0a2b0 error 4 in libcuda.so.550.54.15[7f9b2cc00000+1a00000] likely on CPU 12 (core 12, socket 0)
expect:   process=python
expect:   pid=8812
expect:   lib=libcuda.so.550.54.15
not:      [448212.100902] sunloginclient invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0

name:     proc.kernel.gpf
kind:     proc.segfault
severity: fatal
literal:  general protection fault
regex:    traps: (?<process>[^\s\[\]]+)\[(?<pid>\d+)\] general protection fault ip:(?<ip>[0-9a-fA-F]+) sp:[0-9a-fA-F]+ error:(?<error>[0-9a-fA-F]+)(?: in (?<lib>[^\s\[]+)\[)?
type:     pid=int
doc:      Kernel general-protection trap in a user process (bad pointer); `lib` names the library.
# version: Linux 5.x kernel message (reference formats-training.md 1.7 segfault/traps)
example:  [ 2210.114501] traps: python3[51234] general protection fault ip:7f21a8d3c1f5 sp:7ffc0b3e9d50 error:0 in libtorch_cuda.so[7f21a4000000+3f000000]
expect:   process=python3
expect:   pid=51234
expect:   lib=libtorch_cuda.so
not:      [ 1843.308145] pt_main_thread[40211]: segfault at 0 ip 00007f3a1c2b4e10 sp 00007ffd5a1b2c40 error 4 in libnccl.so.2.21.5[7f3a1c000000+1e000000]

name:     proc.shell.killed
kind:     proc.signal
severity: error
literal:  Killed
regex:    ^(?<sigdesc>Killed)\s*$|line (?<script_line>\d+):\s+(?<pid>\d+) (?<sigdesc>Killed)(?:\s+(?<command>\S.*?))?\s*$
type:     pid=int script_line=int
doc:      The shell reports that the command was SIGKILLed (host OOM killer, cgroup limit or kill -9): a script's job-control line, or an interactive shell's bare `Killed` under the command it ran.
# version: bash job-control report in an sbatch script (reference formats-training.md 1.6 bash job control row)
example:  /var/spool/slurmd/job4242/slurm_script: line 27: 81234 Killed                  python train.py --config cfg.yaml
expect:   pid=81234
expect:   command=python train.py --config cfg.yaml
expect:   script_line=27
# the interactive shell's form, after a training script loaded its data
# (jaewon-lee-b/lte#22, dev half; the same report in nvlabs/svraster#7 and
# InternLandMark/LandMark#61, each put down to host memory)
example:  Killed
expect:   sigdesc=Killed
not:      /var/spool/slurmd/job4242/slurm_script: line 27: 81234 Segmentation fault      (core dumped) python train.py --config cfg.yaml
not:      srun: error: learnfair0824: tasks 3,7: Killed
not:      Killed process 4242 (python)

name:     proc.shell.aborted
kind:     proc.signal
severity: error
literal:  Aborted
regex:    line (?<script_line>\d+):\s+(?<pid>\d+) (?<sigdesc>Aborted)(?:\s+\(core dumped\))?(?:\s+(?<command>\S.*?))?\s*$
type:     pid=int script_line=int
doc:      bash job control: the command died of SIGABRT (C++ abort, e.g. NCCL watchdog).
# version: bash job-control report (reference formats-training.md 1.6 bash job control row)
example:  ./run.sh: line 12: 90112 Aborted                 (core dumped) torchrun --nproc_per_node 8 train.py
expect:   pid=90112
expect:   command=torchrun --nproc_per_node 8 train.py
not:      /var/spool/slurmd/job4242/slurm_script: line 27: 81234 Killed                  python train.py --config cfg.yaml

name:     proc.shell.segfault
kind:     proc.segfault
severity: fatal
literal:  Segmentation fault
regex:    line (?<script_line>\d+):\s+(?<pid>\d+) (?<sigdesc>Segmentation fault)(?:\s+\(core dumped\))?(?:\s+(?<command>\S.*?))?\s*$
type:     pid=int script_line=int
doc:      bash job control: the command crashed with SIGSEGV.
# version: bash job-control report (reference formats-training.md 1.6 bash job control row)
example:  /var/spool/slurmd/job4242/slurm_script: line 27: 81234 Segmentation fault      (core dumped) python train.py --config cfg.yaml
expect:   pid=81234
expect:   command=python train.py --config cfg.yaml
not:      Fatal Python error: Segmentation fault

name:     proc.elastic_signal_text
kind:     proc.signal
severity: error
literal:  received by PID
priority: -1
regex:    Signal (?<signal>\d+) \((?<signame>SIG\w+)\) received by PID (?<pid>\d+)
type:     signal=int pid=int
doc:      Elastic's description of a signal death, seen outside a ChildFailedError block (inside one it is part of launcher.child_failed).
# train-039 traceback line seen on its own (outside a ChildFailedError block)
example:    traceback : Signal 11 (SIGSEGV) received by PID 6421
expect:   signal=11
expect:   signame=SIGSEGV
expect:   pid=6421
not:      [610867610e4b:2498 :0:2599] Caught signal 7 (Bus error: nonexistent physical address)

name:     proc.dataloader_killed
kind:     proc.signal
severity: error
literal:  DataLoader worker (pid
priority: 1
regex:    DataLoader worker \(pid(?:\(s\))? (?<worker_pid>\d+)[^)]*\) (?:is killed by signal: (?<sigdesc>[^.]+)\.|exited unexpectedly)
type:     worker_pid=int
doc:      A DataLoader worker process died; "Killed" is SIGKILL (almost always host OOM), "Bus error" means /dev/shm is too small.
# version: torch DataLoader (reference formats-training.md 1.7 Linux OOM killer paragraph)
example:  RuntimeError: DataLoader worker (pid 3476) is killed by signal: Killed.
expect:   worker_pid=3476
expect:   sigdesc=Killed
# version: torch DataLoader, shared memory exhausted (same message, Bus error)
example:  [rank2]: RuntimeError: DataLoader worker (pid 91822) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.
expect:   worker_pid=91822
expect:   sigdesc=Bus error
not:      RuntimeError: NCCL communicator was aborted on rank 0.

# The exception line ends the block, but not logging's own error report
# (`--- Logging error ---`, CPython's Handler.handleError), whose call
# stack ends in `Message: '<format>'` and `Arguments: (...)`: the repr of
# a log message, not an exception.
name:     proc.traceback
kind:     proc.traceback
severity: error
literal:  Traceback (most recent call last):
start:    Traceback \(most recent call last\):\s*$
continue: ^(?:\s*File "(?<frame_file>[^"]+)", line (?<frame_line>\d+)(?:, in (?<frame_func>.+?))?|.*?\binit_process_group\([^()]*?(?<![\w.])world_size\s*=\s*(?<world_size>\d+)\s*[,)].*?|\s+\S.*?|[~^]+|(?![\[=*-])(?=[^:]*[(=])[^:]*)\s*$
end:      ^(?!Message: ['"])(?:(?<exc_type>(?:[A-Za-z_]\w*\.)*_?[A-Z]\w*(?:\((?:[A-Za-z_]\w*\.)*_?[A-Z]\w*\))?):(?:\s+(?<exc_msg>\S.*?))?|(?<exc_type>(?:[A-Za-z_]\w*\.)*_?[A-Z]\w*(?:Error|Exception|Interrupt|Exit|Iteration)))\s*$
type:     frame_line=int world_size=int
max_lines: 256
doc:      A Python traceback; exc_type/exc_msg are its final exception and frame_* the innermost frame. Chained tracebacks ("The above exception was the direct cause...") are separate events; the last one on a rank is usually the most specific.
# torchrun agent traceback ending in ChildFailedError (train-011)
example:  Traceback (most recent call last):
example:    File "/root/miniconda3/bin/torchrun", line 8, in <module>
example:      sys.exit(main())
example:               ^^^^^^
example:    File "/root/miniconda3/lib/python3.12/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper
example:      return f(*args, **kwargs)
example:             ^^^^^^^^^^^^^^^^^^
example:    File "/root/miniconda3/lib/python3.12/site-packages/torch/distributed/run.py", line 919, in main
example:      run(args)
example:    File "/root/miniconda3/lib/python3.12/site-packages/torch/distributed/run.py", line 910, in run
example:      elastic_launch(
example:    File "/root/miniconda3/lib/python3.12/site-packages/torch/distributed/launcher/api.py", line 138, in __call__
example:      return launch_agent(self._config, self._entrypoint, list(args))
example:             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
example:    File "/root/miniconda3/lib/python3.12/site-packages/torch/distributed/launcher/api.py", line 269, in launch_agent
example:      raise ChildFailedError(
example:  torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
expect:   exc_type=torch.distributed.elastic.multiprocessing.errors.ChildFailedError
expect:   frame_file=/root/miniconda3/lib/python3.12/site-packages/torch/distributed/launcher/api.py
expect:   frame_line=269
expect:   frame_func=launch_agent
# torch >=2.3 excepthook prefixes every line with [rankN]: (train-053 frames; exception line per reference formats-training.md 1.1)
example:  [rank1]: Traceback (most recent call last):
example:  [rank1]:   File "/Volume1/ocr/codes/finetuning_llama/finetuning2.py", line 8, in <module>
example:  [rank1]:     fire.Fire(main)
example:  [rank1]:   File "/Volume1/conda_env/llama_env/lib/python3.9/site-packages/fire/core.py", line 135, in Fire
example:  [rank1]:     component_trace = _Fire(component, args, parsed_flag_args, context, name)
example:  [rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 1 has a total capacity of 14.61 GiB of which 1.99 GiB is free.
expect:   exc_type=torch.OutOfMemoryError
expect:   exc_msg=CUDA out of memory. Tried to allocate 3.91 GiB. GPU 1 has a total capacity of 14.61 GiB of which 1.99 GiB is free.
expect:   frame_func=Fire
expect:   frame_line=135
# A frame's source line that calls init_process_group with a number for
# world_size states the world the script asked for (a name or an
# expression says nothing): a two-machine gloo job (pytorch/pytorch#13583, dev half)
example:  Traceback (most recent call last):
example:    File "/home/simon/Desktop/dist_rl/dist_rl.py", line 13, in <module>
example:      dist.init_process_group(rank=0,backend="gloo",init_method='file:///home/simon/Desktop/shared_folder/gloo_shared_file',world_size=2)
example:    File "/home/simon/anaconda3/lib/python3.6/site-packages/torch/distributed/distributed_c10d.py", line 283, in init_process_group
example:      _default_pg = ProcessGroupGloo(store, rank, world_size)
example:  RuntimeError: Wait timeout
expect:   world_size=2
expect:   frame_func=init_process_group
# a tcp:// store with a timeout after the size (pytorch/pytorch#74146, dev half)
example:  Traceback (most recent call last):
example:    File "/mnt/sdc2/file/project/distributed/index.py", line 10, in <module>
example:      dist.init_process_group(backend=backend, rank=rank,init_method='tcp://192.168.1.2:23456',  world_size=2,timeout=datetime.timedelta(seconds=15))
example:    File "/root/miniconda3/envs/vision/lib/python3.9/site-packages/torch/distributed/distributed_c10d.py", line 611, in init_process_group
example:      default_pg._set_sequence_number_for_group()
example:  RuntimeError: Connection reset by peer
expect:   world_size=2
expect:   exc_msg=Connection reset by peer
# Ray re-raises a task's exception on the caller as RayTaskError(<the
# task's class>), then prints the task's own traceback under it: the
# wrapper's line ends the caller's traceback (ray-project/ray#8473, dev
# half; ray/exceptions.py builds the class name so)
example:  Traceback (most recent call last):
example:    File "/home/matej/Programming/venvs/mlbase/lib/python3.7/site-packages/ray/tune/ray_trial_executor.py", line 381, in fetch_result
example:      result = ray.get(trial_future[0], DEFAULT_GET_TIMEOUT)
example:    File "/home/matej/Programming/venvs/mlbase/lib/python3.7/site-packages/ray/worker.py", line 1513, in get
example:      raise value.as_instanceof_cause()
example:  ray.exceptions.RayTaskError(RayOutOfMemoryError): ray::PPO (pid=448, ip=172.20.1.205)
expect:   exc_type=ray.exceptions.RayTaskError(RayOutOfMemoryError)
expect:   exc_msg=ray::PPO (pid=448, ip=172.20.1.205)
expect:   frame_func=get
# version: CPython 3.8 traceback (no caret lines), bare exception name without a message
example:  Traceback (most recent call last):
example:    File "train.py", line 412, in <module>
example:      main()
example:  KeyboardInterrupt
expect:   exc_type=KeyboardInterrupt
expect:   frame_file=train.py
not:      Thread 0x00007f8bf451b740 (most recent call first):

# VS Code's debugger, pasted: `Exception has occurred: <type>` (with its
# note when it paused elsewhere), the message alone on the next line, then
# the frames innermost first with no `Traceback` header. The message line
# ends the block and is also matched on its own (an OOM or CUDA message
# keeps its pattern).
name:     proc.exception.vscode
kind:     proc.exception
severity: error
literal:  Exception has occurred: 
start:    ^Exception has occurred: (?<exc_type>(?:[A-Za-z_]\w*\.)*_?[A-Z]\w*)(?:\s+\(note: full exception trace is shown but execution is paused at: [^)]*\))?\s*$
end:      ^(?<exc_msg>\S.*?)\s*$
max_lines: 2
doc:      An exception as VS Code's debugger shows it (type on one line, message on the next): the program stopped on it.
# NeMo-Aligner's DPO with a micro batch above one (NVIDIA/NeMo-Aligner#153, dev half)
example:  Exception has occurred: RuntimeError       (note: full exception trace is shown but execution is paused at: _run_module_as_main)
example:  shape '[1]' is invalid for input of size 2
expect:   exc_type=RuntimeError
expect:   exc_msg=shape '[1]' is invalid for input of size 2
# a notebook's expand, kept in a repository's notes (find_string)
example:  Exception has occurred: RuntimeError
example:  The expanded size of the tensor (1024) must match the existing size (12) at non-singleton dimension 0.  Target sizes: [1024, -1].  Tensor sizes: [12, 12]
expect:   exc_type=RuntimeError
not:      # Exception has occurred: RuntimeError

# A traceback whose header is not in the log: a log read from its tail
# (`kubectl logs --tail`, a rotated file), a paste cut at its first frame,
# and CPython's own SyntaxError report for the main script, which prints
# frames with no header. The same event as proc.traceback, from its
# first frame line on (and, as there, not ended by logging's `Message:`).
name:     proc.traceback.headless
kind:     proc.traceback
severity: error
literal:  File "
priority: -10
start:    ^\s*File "(?<frame_file>[^"]+)", line (?<frame_line>\d+)(?:, in (?<frame_func>.+?))?\s*$
continue: ^(?:\s*File "(?<frame_file>[^"]+)", line (?<frame_line>\d+)(?:, in (?<frame_func>.+?))?|.*?\binit_process_group\([^()]*?(?<![\w.])world_size\s*=\s*(?<world_size>\d+)\s*[,)].*?|\s+\S.*?|[~^]+|(?![\[=*-])(?=[^:]*[(=])[^:]*)\s*$
end:      ^(?!Message: ['"])(?:(?<exc_type>(?:[A-Za-z_]\w*\.)*_?[A-Z]\w*(?:\((?:[A-Za-z_]\w*\.)*_?[A-Z]\w*\))?):(?:\s+(?<exc_msg>\S.*?))?|(?<exc_type>(?:[A-Za-z_]\w*\.)*_?[A-Z]\w*(?:Error|Exception|Interrupt|Exit|Iteration)))\s*$
type:     frame_line=int world_size=int
max_lines: 256
tentative: yes
doc:      A Python traceback read from its first frame (its header was cut off, or CPython's SyntaxError report); exc_type/exc_msg are its final exception and frame_* the innermost frame.
# a second DDP job on a taken port, the paste cut at a frame (Lightning-AI/pytorch-lightning#697, dev half)
example:    File "/home/seth/.local/lib/python3.6/site-packages/torch/distributed/rendezvous.py", line 143, in _env_rendezvous_handler
example:      store = TCPStore(master_addr, master_port, world_size, start_daemon)
example:  RuntimeError: Address already in use
expect:   exc_type=RuntimeError
expect:   exc_msg=Address already in use
expect:   frame_func=_env_rendezvous_handler
# CPython 3.11's own report of a syntax error in the main script, run here
example:    File "/tmp/synt/train.py", line 2
example:      batch_size = 8 *
example:                      ^
example:  SyntaxError: invalid syntax
expect:   exc_type=SyntaxError
expect:   frame_line=2
# faulthandler's dump of a thread's frames (no comma before `in`; built
# from its format)
not:      Thread 0x00007f8bf451b740 (most recent call first):
not:        File "/usr/lib/python3.10/threading.py", line 324 in wait

name:     proc.traceback.chain_separator
kind:     benign
severity: info
store:    once
literal:  exception was the direct cause of the following exception
literal:  During handling of the above exception, another exception occurred
regex:    ^(?:The above exception was the direct cause of the following exception|During handling of the above exception, another exception occurred):\s*$
doc:      Separator between chained Python tracebacks; each traceback is its own proc.traceback event.
# version: CPython 3.x chained-exception separators
example:  The above exception was the direct cause of the following exception:
example:  During handling of the above exception, another exception occurred:
not:      Traceback (most recent call last):

name:     proc.exception
kind:     proc.exception
severity: error
literal:  Error
literal:  Exception
literal:  Interrupt
literal:  Exit
priority: -20
regex:    (?:^|(?<=\] ))(?<exc_type>(?:[A-Za-z_]\w*\.)*(?:_?[A-Z]\w*(?:Error|Exception|Interrupt|Exit)|Exception))(?::(?:\s+(?<exc_msg>\S.*?))?)?\s*$
doc:      An exception line seen without its traceback (interleaved output, or another path printed it). Generic fallback: specific patterns (OOM, CUDA, NCCL) win on the same line.
# (nccl-011's `torch.distributed.DistBackendError: NCCL error in: ...` is claimed by torch.nccl_error.sync)
# version: CPython exception line printed without its traceback (interleaved ranks, pitfall 1)
example:  [rank5]: KeyError: 'labels'
expect:   exc_type=KeyError
expect:   exc_msg='labels'
# vLLM-prefixed exception line (nccl-021)
example:  ERROR 06-13 07:35:59 [core.py:517] cupy_backends.cuda.libs.nccl.NcclError: NCCL_ERROR_SYSTEM_ERROR: unhandled system error (run with NCCL_DEBUG=INFO for details)
expect:   exc_type=cupy_backends.cuda.libs.nccl.NcclError
expect:   exc_msg=NCCL_ERROR_SYSTEM_ERROR: unhandled system error (run with NCCL_DEBUG=INFO for details)
# version: CPython exception line, dotted class, no message
example:  [rank3]: subprocess.CalledProcessError
expect:   exc_type=subprocess.CalledProcessError
# a private class, numpy's host allocation failure (a project's notes, find_string)
example:  numpy.core._exceptions._ArrayMemoryError: Unable to allocate 4.47 GiB for an array with shape (12, 50000000) and data type float64
expect:   exc_type=numpy.core._exceptions._ArrayMemoryError
not:      Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):
not:      ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 7 (pid: 153932) of binary: /home/panww/miniconda3/tools/bin/python
not:      /root/Megatron-LM/megatron/training/utils.py:394: UserWarning: Disabling sequence parallelism because tensor model parallelism is disabled
not:      Error msg: Process failed with exitcode 1
not:      The above exception was the direct cause of the following exception:

# The banner lines of torchrun's ChildFailedError summary around its
# entries: layout, not failures (the entries are launcher.child_failed).
name:     launcher.child_failed_banner
kind:     benign
severity: info
store:    once
literal:  FAILED
literal:  Failures:
literal:  <NO_OTHER_FAILURES>
regex:    ^(?:(?:-m )?\S+ FAILED|Failures:|\s*<NO_OTHER_FAILURES>)\s*$
doc:      torchrun's summary banner ("<entrypoint> FAILED", "Failures:", "<NO_OTHER_FAILURES>").
# train-011 (torch 2.5 era)
example:  test.py FAILED
example:  Failures:
example:    <NO_OTHER_FAILURES>
# train-037
example:  v2-1_mgpus_train_enc_dec.py FAILED
# a module entrypoint (torchrun -m torchtitan.train)
example:  -m torchtitan.train FAILED
not:      srun: error: node5: task 3: Exited with exit code 1 FAILED earlier
not:      [rank0]: RuntimeError: FAILED to allocate
