# Job schedulers: Slurm (srun / slurmstepd) and Kubernetes (kubectl describe,
# kubelet / scheduler events, Kubeflow training-operator controller logs).
#
# Node names are captured as `node`, never as the canonical `host`: these
# lines are printed by srun/slurmstepd/the controller, and `host` would
# re-attribute the event to the node it talks about.

# Slurm refusing the resources a job or step asked for: a GPU (gres)
# request the partition does not have, or a node shape no node matches.
# Nothing started: the job's request is wrong for the cluster.
name:     slurm.request_invalid
kind:     config.invalid
severity: error
literal:  Invalid generic resource (gres) specification
literal:  Requested node configuration is not available
regex:    (?:Unable to create step for job (?<job>[^\s:]+)|Batch job submission failed): (?<error>Invalid generic resource \(gres\) specification|Requested node configuration is not available)
doc:      Slurm refused the job's resource request: check --gres / --gpus against what the partition's nodes have (`sinfo -o "%P %G"`), and --nodes, --ntasks-per-node and --mem against a node's shape; a step launched from inside an allocation can ask only for what the allocation holds.
# a GRPO batch script's srun (liv-daliberti/maxent-grpo's slurm-25649503.out, dev half)
example:  srun: error: Unable to create step for job 25649503: Invalid generic resource (gres) specification
expect:   job=25649503
expect:   error=Invalid generic resource (gres) specification
# a pipeline's srun from a GPU node (mehta-lab/recOrder#482)
example:  srun: error: Unable to create step for job 16413634: Invalid generic resource (gres) specification
# NeMo's launcher submitting its job (NVIDIA/NeMo-Framework-Launcher#72)
example:  OSError: sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification
expect:   error=Invalid generic resource (gres) specification
# the node shape the other form refuses, the job number redacted
# (radical-cybertools/radical.pilot#2109)
example:  srun: error: Unable to create step for job XXXX: Requested node configuration is not available
expect:   error=Requested node configuration is not available
not:      srun: error: Unable to create step for job 29986033: Memory required by task is not available
not:      srun: Job 29986033 step creation temporarily disabled, retrying (Requested nodes are busy)

name:     slurm.task_error.exit_code
kind:     slurm.task_error
severity: warning
literal:  : task
regex:    (?:srun: )?error: (?<node>[^\s:]+): tasks? (?<tasks>\d+(?:[-,]\d+)*): (?<error>Exited with exit code (?<exitcode>\d+))
type:     exitcode=int
doc:      srun saw these tasks (SLURM_PROCID = global rank with one task per GPU) exit non-zero; the cause is in the tasks' own output.
# train-057 (task ranges)
example:  srun: error: slurm-job-compute-0-0: tasks 2-7: Exited with exit code 1
expect:   node=slurm-job-compute-0-0
expect:   tasks=2-7
expect:   exitcode=1
expect:   error=Exited with exit code 1
example:  srun: error: slurm-job-compute-0-1: tasks 8-13,15: Exited with exit code 1
expect:   tasks=8-13,15
example:  srun: error: slurm-job-compute-0-1: task 14: Exited with exit code 1
expect:   tasks=14
not:      srun: error: nid01934: tasks 2,4-5,7: Terminated

name:     slurm.task_error.killed
kind:     slurm.task_error
severity: warning
literal:  : task
regex:    (?:srun: )?error: (?<node>[^\s:]+): tasks? (?<tasks>\d+(?:[-,]\d+)*): (?<error>Killed|Terminated)\s*$
doc:      Tasks ended by a signal from outside (Terminated = SIGTERM from a cancellation/time limit, Killed = SIGKILL from escalation or the OOM killer); usually a consequence.
# train-059 (after a time-limit cancellation)
example:  srun: error: nid01934: tasks 2,4-5,7: Terminated
expect:   node=nid01934
expect:   tasks=2,4-5,7
expect:   error=Terminated
example:  srun: error: nid01935: tasks 8-15: Terminated
expect:   tasks=8-15
# version: Slurm srun task report (reference formats-training.md 1.6 SLURM srun task failure row)
example:  srun: error: gpu-node-07: task 3: Killed
expect:   tasks=3
expect:   error=Killed
not:      srun: error: slurm-job-compute-0-0: tasks 2-7: Exited with exit code 1

name:     slurm.task_error.oom
kind:     slurm.task_error
severity: error
literal:  : task
regex:    (?:srun: )?error: (?<node>[^\s:]+): tasks? (?<tasks>\d+(?:[-,]\d+)*): (?<error>Out Of Memory)
doc:      Slurm's cgroup memory limit killed these tasks: host (CPU) memory, not GPU memory.
# version: Slurm srun task report (reference formats-training.md 1.6 SLURM srun task failure and cgroup OOM rows)
example:  srun: error: gpu-node-07: task 5: Out Of Memory
expect:   node=gpu-node-07
expect:   tasks=5
expect:   error=Out Of Memory
not:      srun: error: gpu-node-07: task 3: Killed

name:     slurm.task_error.signal
kind:     slurm.task_error
severity: error
literal:  : task
regex:    (?:srun: )?error: (?<node>[^\s:]+): tasks? (?<tasks>\d+(?:[-,]\d+)*): (?<error>(?:Segmentation fault|Aborted|Bus error|Floating point exception|Illegal instruction)(?: \(core dumped\))?)
doc:      Tasks crashed with a fatal signal (segfault, abort, bus error).
# version: Slurm srun task report (reference formats-training.md 1.6 SLURM srun task failure row)
example:  srun: error: gpu-node-07: task 0: Segmentation fault (core dumped)
expect:   tasks=0
expect:   error=Segmentation fault (core dumped)
not:      srun: error: gpu-node-07: task 5: Out Of Memory

name:     slurm.cancelled
kind:     slurm.cancelled
severity: error
literal:  CANCELLED AT
regex:    \*\*\* (?:JOB|STEP) (?<job>[\w.+]+) ON (?<node>\S+) CANCELLED AT (?<cancel_time>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?: DUE TO (?<reason>[A-Z][A-Z ]*[A-Z]))?[^*]*\*\*\*
type:     cancel_time=time
doc:      Slurm ended the job or step: TIME LIMIT, PREEMPTION, NODE FAILURE, or (no reason) scancel by a user. Errors and SIGTERMs printed after it are consequences.
# train-059
example:  slurmstepd: error: *** STEP 32233190.0 ON nid01934 CANCELLED AT 2020-07-03T02:59:56 DUE TO TIME LIMIT ***
expect:   job=32233190.0
expect:   node=nid01934
expect:   cancel_time=2020-07-03T02:59:56
expect:   reason=TIME LIMIT
# version: job-level banner (reference formats-training.md 1.6 SLURM cancellation row)
example:  slurmstepd: error: *** JOB 4242 ON gpu-node-07 CANCELLED AT 2024-05-02T11:20:13 DUE TO PREEMPTION ***
expect:   job=4242
expect:   reason=PREEMPTION
# version: scancel by a user, no reason (reference 1.6 SLURM cancellation row)
example:  slurmstepd: error: *** JOB 4242 ON gpu-node-07 CANCELLED AT 2024-05-02T11:20:13 ***
expect:   job=4242
expect:   node=gpu-node-07
# version: node failure, trailing advice after the reason (same banner, Slurm 20+)
example:  slurmstepd: error: *** STEP 1943824.0 ON gpu-node-17 CANCELLED AT 2023-03-06T03:17:51 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***
expect:   reason=NODE FAILURE
not:      srun: Job step aborted: Waiting up to 32 seconds for job step to finish.

name:     slurm.step_aborted
kind:     slurm.step_aborted
severity: warning
literal:  srun: Job step aborted
literal:  srun: Force Terminated
literal:  srun: Terminating
regex:    srun: (?:Job step aborted: Waiting up to (?<wait_s>\d+) seconds for job step to finish|Force Terminated (?:job |JobId=|StepId=)?(?<job>[\w.+]+)|Terminating (?:job step |StepId=)(?<job>[\w.+]+))
type:     wait_s=int
doc:      srun is tearing the step down (after a cancellation, node failure or a task failure with --kill-on-bad-exit); a consequence.
# train-059
example:  srun: Job step aborted: Waiting up to 32 seconds for job step to finish.
expect:   wait_s=32
example:  srun: Force Terminated job 32233190
expect:   job=32233190
example:  srun: Terminating job step 32233190.0
expect:   job=32233190.0
not:      slurmstepd: error: *** STEP 32233190.0 ON nid01934 CANCELLED AT 2020-07-03T02:59:56 DUE TO TIME LIMIT ***

# Slurm's memory cgroup reporting, at the step's end, that the step's (or
# the job's) limit was reached at some point (task/cgroup's failcnt). The
# count also rises when the page cache is reclaimed, so a job can print it
# and finish well (SchedMD bug 3214): a signal of host memory, not a kill.
name:     slurm.memory_limit_reached
kind:     mem.oom_invoked
severity: warning
literal:  memory limit at some point
regex:    Exceeded (?<scope>step|job) memory limit at some point
doc:      Slurm's cgroup reached the step's or the job's memory limit (--mem, --mem-per-cpu) at some point: host memory ran short; with a kill it is the cause, alone it may have been only the page cache
# a cluster's FAQ and a user's mailing-list post (find_string)
example:  slurmstepd: error: Exceeded step memory limit at some point.
expect:   scope=step
example:  slurmstepd: error: Exceeded job memory limit at some point.
expect:   scope=job
not:      slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4242.0 cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.

name:     slurm.cgroup_oom
kind:     mem.cgroup_oom
severity: error
literal:  oom-kill event
literal:  oom_kill event
regex:    Detected (?<count>\d+) oom[-_]kill events?(?:\(s\))? in (?:StepId=|step )?(?<step>\d+(?:\+\d+)?(?:\.\w+)?)
type:     count=int
doc:      The Slurm job step's memory cgroup hit its limit and the kernel OOM-killed processes: host memory exhausted (raise --mem, fewer dataloader workers, smaller CPU offload).
# version: older Slurm wording (reference formats-training.md 1.6 SLURM cgroup OOM row)
example:  slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4242.0 cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.
expect:   count=1
expect:   step=4242.0
# version: newer Slurm wording (reference 1.6 SLURM cgroup OOM row)
example:  slurmstepd: error: Detected 3 oom_kill events in StepId=4242.batch. Some of the step tasks have been OOM Killed.
expect:   count=3
expect:   step=4242.batch
not:      srun: error: gpu-node-07: task 5: Out Of Memory

name:     slurm.node_fail
kind:     slurm.node_fail
severity: error
literal:  Node failure on
regex:    Node failure on (?<node>[^\s,]+)
doc:      Slurm lost contact with a node (hardware, kernel panic, network): the job step is aborted; the ranks on that node are the failure.
# version: srun message on NODE_FAIL (paired with the "DUE TO NODE FAILURE" banner)
example:  srun: error: Node failure on gpu-node-17
expect:   node=gpu-node-17
not:      slurmstepd: error: *** STEP 1943824.0 ON gpu-node-17 CANCELLED AT 2023-03-06T03:17:51 DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***

name:     k8s.oomkilled
kind:     mem.k8s_oomkilled
severity: error
literal:  OOMKilled
start:    ^\s*Reason:\s+(?<reason>OOMKilled)\s*$
continue: ^\s*(?:Exit Code:\s+(?<exitcode>-?\d+)|Signal:\s+(?<signal>\d+)|Message:.*?|Started:\s+.*?|Finished:\s+(?<finished>\S.*?))\s*$
type:     exitcode=int signal=int
doc:      kubectl describe: the container was killed by its memory limit (host memory, not GPU). Exit Code is usually 137 but can be 0.
# version: kubectl describe pod container state (reference formats-training.md 1.6 Kubernetes row)
example:        Reason:       OOMKilled
example:        Exit Code:    137
example:        Started:      Tue, 29 Apr 2025 13:43:32 +0800
example:        Finished:     Tue, 29 Apr 2025 13:50:01 +0800
expect:   reason=OOMKilled
expect:   exitcode=137
expect:   finished=Tue, 29 Apr 2025 13:50:01 +0800
not:            Reason:       Error

name:     k8s.terminated
kind:     k8s.terminated
severity: error
literal:  Reason:
start:    ^\s*Reason:\s+(?<reason>Error|ContainerCannotRun|DeadlineExceeded|StartError)\s*$
continue: ^\s*(?:Exit Code:\s+(?<exitcode>-?\d+)|Signal:\s+(?<signal>\d+)|Message:.*?|Started:\s+.*?|Finished:\s+(?<finished>\S.*?))\s*$
type:     exitcode=int signal=int
doc:      kubectl describe: the container terminated with this reason and exit code (128+N = killed by signal N: 137 SIGKILL, 143 SIGTERM, 134 SIGABRT, 139 SIGSEGV).
# version: kubectl describe pod "Last State: Terminated" section (reference formats-training.md 1.6 Kubernetes row)
example:        Reason:       Error
example:        Exit Code:    1
example:        Started:      Tue, 29 Apr 2025 13:43:32 +0800
example:        Finished:     Tue, 29 Apr 2025 13:50:01 +0800
expect:   reason=Error
expect:   exitcode=1
not:            Reason:       OOMKilled
not:            Reason:       CrashLoopBackOff

name:     k8s.operator.pod_error
kind:     k8s.terminated
severity: error
literal:  terminated message:
regex:    Error pod (?<pod>\S+) container (?<container>\S+) exitCode: (?<exitcode>-?\d+) terminated message:(?<message>[^\t]*?)\s*(?:\t.*?"reason": "(?<reason>\w+)".*)?$
type:     exitcode=int
doc:      Kubeflow training-operator event: a replica pod's container terminated with this exit code.
# train-061 (zap-format controller log)
example:  1.708507856644096e+09	DEBUG	events	Error pod pytorch-simple-worker-0 container pytorch exitCode: 1 terminated message: 	{"type": "Warning", "object": {"kind":"PyTorchJob","namespace":"kubeflow","name":"pytorch-simple","uid":"10bd2912-0996-4fcf-a95a-bb84135861f1","apiVersion":"kubeflow.org/v1","resourceVersion":"730855"}, "reason": "Error"}
expect:   pod=pytorch-simple-worker-0
expect:   container=pytorch
expect:   exitcode=1
expect:   reason=Error
not:      1.7085078566441019e+09	DEBUG	events	Pod: kubeflow.pytorch-simple-worker-0 exited with code 1	{"type": "Normal", "object": {"kind":"PyTorchJob","namespace":"kubeflow","name":"pytorch-simple","uid":"10bd2912-0996-4fcf-a95a-bb84135861f1","apiVersion":"kubeflow.org/v1","resourceVersion":"730855"}, "reason": "ExitedWithCode"}

name:     k8s.operator.pod_exited
kind:     k8s.terminated
severity: warning
literal:  exited with code
regex:    Pod: (?<pod>\S+) exited with code (?<exitcode>-?\d+)
type:     exitcode=int
doc:      Kubeflow training-operator event repeating a replica pod's exit code (same failure as the `Error pod ...` event).
# train-061
example:  1.7085078566441019e+09	DEBUG	events	Pod: kubeflow.pytorch-simple-worker-0 exited with code 1	{"type": "Normal", "object": {"kind":"PyTorchJob","namespace":"kubeflow","name":"pytorch-simple","uid":"10bd2912-0996-4fcf-a95a-bb84135861f1","apiVersion":"kubeflow.org/v1","resourceVersion":"730855"}, "reason": "ExitedWithCode"}
expect:   pod=kubeflow.pytorch-simple-worker-0
expect:   exitcode=1
not:      1.708507856644096e+09	DEBUG	events	Error pod pytorch-simple-worker-0 container pytorch exitCode: 1 terminated message: 	{"type": "Warning"}

name:     k8s.operator.replica_status
kind:     k8s.replica_status
severity: info
literal:  ReplicaType=
regex:    (?:^time="(?<ts>[^"]+)".*?)?(?<job_kind>\w+Job)=(?<job>[^,\s]+), ReplicaType=(?<replica_type>\w+) expected=(?<expected>\d+), running=(?<running>\d+), succeeded=(?<succeeded>\d+), failed=(?<failed>\d+)
type:     expected=int running=int succeeded=int failed=int
doc:      Kubeflow training-operator replica counts; failed > 0 marks a failed replica.
# train-061 (logrus format)
example:  time="2024-02-21T09:30:56Z" level=info msg="PyTorchJob=pytorch-simple, ReplicaType=Worker expected=1, running=1, succeeded=0, failed=0, Replicas=1"
expect:   job_kind=PyTorchJob
expect:   job=pytorch-simple
expect:   replica_type=Worker
expect:   failed=0
not:      time="2024-02-21T09:30:57Z" level=info msg="Reconciling for job pytorch-simple"

name:     k8s.operator.job_failed
kind:     k8s.job_failed
severity: error
literal:  replica(s) failed
regex:    (?<job_kind>\w+Job) (?<job>\S+) is failed because (?<count>\d+) (?<replica_type>\w+) replica\(s\) failed
type:     count=int
doc:      Kubeflow training-operator marked the whole job failed because a replica failed.
# version: Kubeflow training-operator v1 JobFailed condition message
example:  PyTorchJob pytorch-simple is failed because 1 Worker replica(s) failed.
expect:   job=pytorch-simple
expect:   count=1
expect:   replica_type=Worker
not:      time="2024-02-21T09:30:56Z" level=info msg="PyTorchJob=pytorch-simple, ReplicaType=Worker expected=1, running=1, succeeded=0, failed=0, Replicas=1"

name:     k8s.evicted.low_resource
kind:     k8s.evicted
severity: error
literal:  The node was low on resource
regex:    (?<msg>The node was low on resource: (?<resource>[\w.-]+)\..*?)\s*$
doc:      kubelet evicted the pod under node memory/disk pressure: the scheduler ended it, not the program.
# version: kubelet eviction message (reference formats-training.md 1.6 Kubernetes row)
example:  The node was low on resource: memory.
expect:   resource=memory
expect:   msg=The node was low on resource: memory.
# version: kubectl describe pod, pod-level Message line with kubelet details
example:  Message:          The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 8Gi. Container pytorch was using 52Gi, request is 0, has larger consumption of ephemeral-storage.
expect:   resource=ephemeral-storage
not:      Reason:           Evicted

name:     k8s.evicted.reason
kind:     k8s.evicted
severity: error
literal:  Evicted
regex:    ^\s*(?:Reason:\s+(?<msg>Evicted)|(?:Warning|Normal)\s+(?<msg>Evicted)\s+.*?)\s*$
doc:      kubectl describe: the pod was evicted (node pressure); see the Message line for the resource.
# version: kubectl describe pod, pod-level status (reference formats-training.md 1.6 Kubernetes row)
example:  Reason:           Evicted
expect:   msg=Evicted
not:      Reason:       OOMKilled

name:     k8s.node_shutdown
kind:     k8s.evicted
severity: error
literal:  terminated in response to imminent node shutdown
regex:    (?<msg>Pod was terminated in response to imminent node shutdown)
doc:      kubelet graceful node shutdown (spot/preemptible VM reclaimed, node drained): the platform ended the pod.
# version: kubelet graceful node shutdown (Kubernetes >= 1.21), kubectl describe pod Message line
example:  Message:          Pod was terminated in response to imminent node shutdown.
expect:   msg=Pod was terminated in response to imminent node shutdown
not:      The node was low on resource: memory.

name:     k8s.preempted
kind:     k8s.evicted
severity: error
literal:  Preempted by 
regex:    (?<msg>Preempted by (?:pod )?(?<preemptor>\S+) on node (?<node>\S+))
doc:      kube-scheduler preempted this pod for a higher-priority one.
# version: kube-scheduler preemption event (reason Preempted), as kubectl describe lists it
example:    Normal   Preempted  2m    default-scheduler  Preempted by pod 1f7e6c2a-8d8e-4f7b-9a6c-2b1d0e5c7a11 on node gpu-node-3
expect:   preemptor=1f7e6c2a-8d8e-4f7b-9a6c-2b1d0e5c7a11
expect:   node=gpu-node-3
not:      slurmstepd: error: *** JOB 4242 ON gpu-node-07 CANCELLED AT 2024-05-02T11:20:13 DUE TO PREEMPTION ***

# Ray's account of an actor whose node the autoscaler drained for a
# preemption (a spot instance reclaimed, a node drained ahead of
# maintenance): `The actor died because its node has died. Node Id: ...`
# then `\tthe actor's node was preempted: <the drain's reason>` (the
# GCS's NodeDeathInfo AUTOSCALER_DRAIN_PREEMPTED), behind the driver's or
# a Train controller's `(... pid=N)` prefix.
name:     ray.node_preempted
kind:     k8s.evicted
severity: error
literal:  was preempted: 
regex:    the actor's node was preempted: (?<msg>.*?)\s*$
doc:      Ray's autoscaler drained the node an actor ran on for a preemption (spot capacity reclaimed, a maintenance drain): the platform ended that worker. Make training resume from its last checkpoint (Ray Train's FailureConfig, a checkpoint interval short enough), or run on capacity that is not preemptible.
# Ray Train v2's preemption handling, a node drained on purpose (ray-project/ray#63807, dev half)
example:  (TrainController pid=79312) 	the actor's node was preempted: preemption_integration_demo: simulating node drain
expect:   msg=preemption_integration_demo: simulating node drain
not:      (TrainController pid=79312) The actor died because its node has died. Node Id: b157c93de9603b1458ae4bd22668b46a4f0ae249bf9467072ba6fd45

# submitit's own handler of Slurm's signals: Slurm sent the job its
# --signal (SIGUSR1/SIGUSR2) or SIGHUP/SIGTERM ahead of a preemption or the
# time limit, and submitit requeues or ends it
# (submitit/core/job_environment.py).
name:     submitit.signal
kind:     slurm.cancelled
severity: error
literal:  : this job is 
regex:    Caught signal (?<signame>SIG\w+) on (?<node>\S+): this job is (?<reason>preempted|timed-out)\.
doc:      Slurm signalled the job before preempting it or at its time limit; submitit checkpoints and requeues it when it can
# real (facebookincubator/submitit#1701)
example:  submitit WARNING (2022-07-12 04:18:45,881) - Caught signal SIGHUP on learnfair0293: this job is preempted.
expect:   signame=SIGHUP
expect:   node=learnfair0293
expect:   reason=preempted
# real, behind Hydra's log prefix (facebookincubator/submitit#1656)
example:  [2021-10-21 11:50:15,216][submitit][WARNING] - Caught signal SIGUSR1 on rmc-gpu05: this job is timed-out.
expect:   reason=timed-out
not:      [gpu-node-3:48213 :0:48401] Caught signal 11 (Segmentation fault: address not mapped to object at address 0x8)

# The batch schedulers other than Slurm end a job past its limits with a
# line of their own in the job's output: PBS's MOM (Torque and PBS Pro
# alike, `=>> PBS: job killed: <resource> ... exceeded limit N`) and LSF's
# end-of-job report (`TERM_<REASON>: job killed ...`, then `Exited with
# exit code N.`). What the ranks print after it is its consequence.
name:     pbs.job_killed
kind:     batch.killed
severity: error
literal:  PBS: job killed: 
regex:    PBS: job killed: (?<reason>walltime|cput|ncpus)\b.*?exceeded limit (?<limit>\d+)
type:     limit=int
doc:      PBS killed the job at a limit it requested: walltime (the run time), cput (CPU time) or ncpus; the seconds or CPUs of the limit
# an ESMF nightly test's committed PBS output (find_string)
example:  =>> PBS: job killed: walltime 3611 exceeded limit 3600
expect:   reason=walltime
expect:   limit=3600
# a torchrun job's PBS Pro output on an HPE Cray system, its agent's SIGTERMs after (dev half)
example:  =>> PBS: job killed: walltime 180039 exceeded limit 180000
expect:   limit=180000
# MetaCentrum's docs: an interactive job's shell (find_string)
example:      user123@elmo3-1:~$ =>> PBS: job killed: walltime 7230 exceeded limit 7200
expect:   reason=walltime
not:      =>> PBS: job killed: mem 59756048kb exceeded limit 20971520kb
not:      #PBS -l walltime=00:00:30

name:     pbs.job_killed.memory
kind:     mem.cgroup_oom
severity: error
literal:  PBS: job killed: 
regex:    PBS: job killed: (?<resource>p?v?mem) (?:job total )?(?<used>\d+) ?kb exceeded limit (?<limit>\d+) ?kb
type:     used=int limit=int
doc:      PBS killed the job for using more host memory (mem, vmem, pmem) than it requested, in kB: host memory exhausted, as a cgroup's OOM kill
# Torque's form, quoted in a pipeline's configuration comment (find_string)
example:  mem_per_job="15gb" #=>> PBS: job killed: mem job total 4323312 kb exceeded limit 3145728 kb
expect:   resource=mem
expect:   used=4323312
expect:   limit=3145728
# PBS Pro's form, quoted in a genomics pipeline's script (find_string)
example:  #   =>> PBS: job killed: mem 59756048kb exceeded limit 20971520kb
expect:   used=59756048
not:      =>> PBS: job killed: walltime 3611 exceeded limit 3600

name:     lsf.term_killed
kind:     batch.killed
severity: error
literal:  : job killed
regex:    \b(?<reason>TERM_(?:RUNLIMIT|CPULIMIT|DEADLINE|WINDOW|OWNER|ADMIN|FORCE_OWNER|FORCE_ADMIN|PREEMPT|REQUEUE_OWNER|REQUEUE_ADMIN)): job killed
doc:      LSF ended the job: at its run-time (RUNLIMIT) or CPU-time limit, its deadline or run window, killed by its owner (bkill) or an administrator, or preempted
# DTU's LSF cluster: committed job outputs of two students' projects (dev half; find_string)
example:  TERM_RUNLIMIT: job killed after reaching LSF run time limit.
expect:   reason=TERM_RUNLIMIT
# bacct's history line, quoted in a job tracker's parser (find_string)
example:  //Mon May  6 22:58:03: Completed <exit>; TERM_RUNLIMIT: job killed after reaching LSF run time limit.
expect:   reason=TERM_RUNLIMIT
not:      TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.
not:      TERM_EXTERNAL_SIGNAL: job killed by a signal external to LSF.

name:     lsf.term_memlimit
kind:     mem.cgroup_oom
severity: error
literal:  : job killed
regex:    \b(?<reason>TERM_(?:MEMLIMIT|SWAP)): job killed
doc:      LSF killed the job for using more memory (or swap) than its limit: host memory exhausted, as a cgroup's OOM kill
# DTU's LSF cluster: committed job outputs of several projects (find_string)
example:  TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.
expect:   reason=TERM_MEMLIMIT
not:      TERM_RUNLIMIT: job killed after reaching LSF run time limit.
