/* SPDX-License-Identifier: MIT */
/*
 * rules.c - the one table of what each event kind means, the one table
 * of causes with their remediation, and the Xid catalogue. A new cause or
 * signal is a line here, and a line in docs/CAUSES.md (the unit tests
 * check that every cause here is documented there).
 *
 * Classification rows are tried in order; the first whose kind matches
 * and whose condition holds decides the event's role, cause and priority.
 * A condition is a substring (case-insensitive) of a field, or of the
 * line's text when `field` is NULL; "=N" compares an integer field; "!"
 * holds when the field is absent. A row may add a second condition
 * (and_field, and_needle) that must hold as well.
 * Priority breaks ties between primaries at the same time: a hardware
 * fault explains an OOM-looking symptom better than the reverse.
 */
#include "analyze_int.h"

#include <ctype.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct class_rule {
	const char *kind;
	const char *field;
	const char *needle;
	enum role role;
	const char *cause;
	int priority;
	/* a second condition that must hold too; none when and_needle is NULL */
	const char *and_field;
	const char *and_needle;
};

/* Most rows have one condition: the second pair is left out of them and
 * is NULL, as C makes every member an initializer leaves out. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
static const struct class_rule CLASS[] = {
	/* memory */
	{ "mem.cuda_oom", NULL, NULL, ROLE_PRIMARY, "gpu_oom", 80 },
	{ "mem.cuda_alloc_failed", NULL, NULL, ROLE_PRIMARY, "gpu_oom", 78 },
	{ "nccl.cuda_failure", "error", "out of memory", ROLE_PRIMARY, "gpu_oom", 77 },
	{ "nccl.alloc_failure", NULL, NULL, ROLE_PRIMARY, "gpu_oom", 76 },
	{ "mem.host_oom_kill", NULL, NULL, ROLE_PRIMARY, "host_oom", 85 },
	{ "mem.cgroup_oom", NULL, NULL, ROLE_PRIMARY, "host_oom", 84 },
	{ "mem.k8s_oomkilled", NULL, NULL, ROLE_PRIMARY, "host_oom", 84 },
	{ "mem.oom_invoked", NULL, NULL, ROLE_SIGNAL, "host_oom", 40 },
	/* the caching allocator's retry warning: the OOM may still be avoided */
	{ "mem.cuda_oom_warning", NULL, NULL, ROLE_SIGNAL, "gpu_oom", 40 },
	/* /dev/shm full under the DataLoader's workers: shared memory is the
	 * host's, capped by the container */
	{ "mem.shm_exhausted", NULL, NULL, ROLE_PRIMARY, "host_oom", 72 },
	/* the process's own allocation of host memory failed: PyTorch's CPU
	 * allocator, C++'s std::bad_alloc, Python's MemoryError (below) */
	{ "mem.host_alloc_failed", NULL, NULL, ROLE_PRIMARY, "host_oom", 70 },
	{ "slurm.task_error", "error", "out of memory", ROLE_PRIMARY, "host_oom", 70 },
	/* hardware */
	{ "hw.fallen_off_bus", NULL, NULL, ROLE_PRIMARY, "gpu_hardware", 95 },
	{ "hw.gpu_lost", NULL, NULL, ROLE_PRIMARY, "gpu_hardware", 93 },
	{ "hw.xid", NULL, NULL, ROLE_PRIMARY, "gpu_hardware", 90 }, /* refined by Xid class */
	{ "hw.nvlink", NULL, NULL, ROLE_PRIMARY, "gpu_hardware", 88 },
	{ "cuda.ecc", NULL, NULL, ROLE_PRIMARY, "gpu_hardware", 89 },
	{ "hw.pcie_aer", NULL, NULL, ROLE_SIGNAL, "gpu_hardware", 60 },
	/* AMD: a block's uncorrectable error is the hardware's; the error
	 * bank records come for corrected errors too, and a hung ring or a
	 * reset can be a kernel's doing, so they support the verdict */
	{ "hw.amd_ras", "error", "uncorrectable", ROLE_PRIMARY, "gpu_hardware", 89 },
	{ "hw.amd_ras", NULL, NULL, ROLE_SIGNAL, "gpu_hardware", 50 },
	{ "hw.amd_reset", "reason", "ECC", ROLE_PRIMARY, "gpu_hardware", 89 },
	{ "hw.amd_reset", NULL, NULL, ROLE_SIGNAL, "gpu_hardware", 55 },
	/* CUDA */
	{ "cuda.error", "error", "ecc", ROLE_PRIMARY, "gpu_hardware", 89 },
	{ "cuda.error", "error", "out of memory", ROLE_PRIMARY, "gpu_oom", 78 },
	/* a device index past the GPUs the process sees: more processes a
	 * node than GPUs, or CUDA_VISIBLE_DEVICES narrower than the launch */
	{ "cuda.error", "error", "invalid device ordinal", ROLE_PRIMARY, "config_error", 75 },
	{ "cuda.error", NULL, NULL, ROLE_PRIMARY, "cuda_error", 75 },
	{ "cuda.device_assert", NULL, NULL, ROLE_PRIMARY, "cuda_error", 76 },
	/* a CUDA call NCCL makes while setting up (NVLS multicast, memory
	 * pools, cuMem) that the driver or platform does not support is a
	 * set-up failure, not a kernel fault */
	{ "nccl.cuda_failure", NULL, "nvls", ROLE_PRIMARY, "nccl_init_error", 73 },
	{ "nccl.cuda_failure", "error", "operation not supported", ROLE_PRIMARY, "nccl_init_error", 73 },
	{ "nccl.cuda_failure", "error", "present state", ROLE_PRIMARY, "nccl_init_error", 73 },
	/* transport.cc connects the channels (p2p, shm, net) while setting up */
	{ "nccl.cuda_failure", NULL, "] transport.cc:", ROLE_PRIMARY, "nccl_init_error", 73 },
	{ "nccl.cuda_failure", "error", "invalid device ordinal", ROLE_PRIMARY, "config_error", 73 },
	/* NCCL asks for peer access only when it sets up its P2P transport
	 * between two GPUs (CUDA error 217: GeForce cards, or GPUs split by
	 * the PCI topology or a container) */
	{ "nccl.cuda_failure", "error", "peer access", ROLE_PRIMARY, "nccl_init_error", 73 },
	/* in NCCL's shared-memory code (misc/shmutils.cc, include/shm.h,
	 * transport/shm.cc): registering the SHM segment with CUDA, which
	 * happens while the channels are set up */
	{ "nccl.cuda_failure", NULL, "/shm", ROLE_PRIMARY, "nccl_init_error", 73 },
	/* NCCL's kernels have no code for this GPU (a build without its
	 * architecture, NVIDIA/nccl#1372): its first launch fails */
	{ "nccl.cuda_failure", "error", "named symbol not found", ROLE_PRIMARY, "nccl_init_error", 73 },
	{ "nccl.cuda_failure", NULL, NULL, ROLE_PRIMARY, "cuda_error", 74 },
	/* NCCL set-up */
	{ "nccl.shm_error", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 72 },
	/* a queue pair that cannot reach its peer is the network's failure;
	 * other verbs failures (memory registration, a missing device) are
	 * set-up's */
	{ "nccl.syscall_error", "error", "Connection timed out", ROLE_PRIMARY, "network_error", 70 },
	{ "nccl.syscall_error", "error", "Network is unreachable", ROLE_PRIMARY, "network_error", 70 },
	{ "nccl.syscall_error", "error", "No route to host", ROLE_PRIMARY, "network_error", 70 },
	{ "nccl.syscall_error", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 70 },
	/* a channel's NET missing from the topology (NCCL 2.26's NIC
	 * fusion), an attribute missing from the topology's XML, or a link
	 * the topology has one way only: set-up's failure even where its
	 * frames were not kept (a quoted line, torch's "Last error:", a cut
	 * paste) */
	{ "nccl.warn", NULL, "Could not find NET with id", ROLE_PRIMARY, "nccl_init_error", 48 },
	{ "nccl.warn", NULL, "Attribute ", ROLE_PRIMARY, "nccl_init_error", 48, NULL, " of node " },
	{ "nccl.warn", NULL, "Failed to find reverse path", ROLE_PRIMARY, "nccl_init_error", 48 },
	/* a WARN no pattern names, whose error returned through set-up's
	 * frames (patterns/nccl-errors.pat: init, bootstrap, the topology, the
	 * async init job): why set-up failed. Below the specific set-up and
	 * network failures, which say more when both are there. */
	{ "nccl.warn", "setup_frame", "!", ROLE_NONE, NULL, 0 },
	{ "nccl.warn", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 48 },
	/* a framework's own report of the set-up call that failed: memory
	 * where NCCL's result says so, else the set-up's */
	{ "nccl.init_failed", "error", "out of memory", ROLE_PRIMARY, "gpu_oom", 77 },
	{ "nccl.init_failed", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 68 },
	{ "nccl.duplicate_gpu", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 72 },
	{ "nccl.bootstrap_error", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 68 },
	{ "gloo.setup_error", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 68 },
	/* connection retries while setting up: a peer not (yet) listening */
	{ "nccl.connect_retry", NULL, NULL, ROLE_SIGNAL, "nccl_init_error", 30 },
	/* a rank gave up waiting for its group's rank 0 to publish a new
	 * communicator's unique id: a hang in communicator set-up (rank 0
	 * came late or never; its own log, when there, names a primary that
	 * wins); any other error means the store went away with its host */
	{ "torch.uniqueid_timeout", "error", "timeout", ROLE_SIGNAL, "nccl_init_error", 30 },
	{ "torch.uniqueid_timeout", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "nccl.version_mismatch", NULL, NULL, ROLE_PRIMARY, "nccl_init_error", 72 },
	{ "torch.nccl_error", "error", "invalid usage", ROLE_PRIMARY, "nccl_init_error", 60 },
	{ "torch.nccl_error", "error", "invalid argument", ROLE_PRIMARY, "nccl_init_error", 60 },
	{ "nccl.collective_mismatch", NULL, NULL, ROLE_PRIMARY, "collective_hang", 55 },
	/* network: IB flush errors (status 5) follow another failure */
	{ "nccl.ib_error", "status", "=5", ROLE_SECONDARY, "network_error", 30 },
	{ "nccl.ib_error", NULL, NULL, ROLE_PRIMARY, "network_error", 65 },
	/* NCCL dialling the loopback address, or through a container's
	 * virtual interface (an IPv6 peer scoped `%veth...`, `%docker0`): the
	 * socket interface it picked is wrong (NCCL_SOCKET_IFNAME), a set-up
	 * mistake, not a network fault */
	{ "nccl.connect_error", "peer", "127.0.0.1<", ROLE_PRIMARY, "nccl_init_error", 68 },
	{ "nccl.connect_error", "peer", "%veth", ROLE_PRIMARY, "nccl_init_error", 68 },
	{ "nccl.connect_error", "peer", "%docker", ROLE_PRIMARY, "nccl_init_error", 68 },
	{ "nccl.connect_error", NULL, NULL, ROLE_PRIMARY, "network_error", 50 },
	/* Gloo's pair to one peer: closed or reset by the peer is its exit
	 * seen from here; a connect that fails is the network's */
	{ "gloo.pair_error", "error", "closed by peer", ROLE_SECONDARY, "network_error", 20 },
	{ "gloo.pair_error", "error", "reset by peer", ROLE_SECONDARY, "network_error", 20 },
	{ "gloo.pair_error", NULL, NULL, ROLE_PRIMARY, "network_error", 50 },
	/* gloo's op that waited past the timeout for its peer: the peer never
	 * arrived, as under NCCL's watchdog */
	{ "gloo.timeout", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	/* Horovod's stall inspector: ranks waiting for the rest, as above */
	{ "horovod.stall", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	/* DeepEP's expert-parallel dispatch or combine timing out on its peers */
	{ "ep.timeout", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	/* the Flight Recorder analyzer's report of a collective the ranks did
	 * not agree on: where they hung, not why */
	{ "torch.fr_report", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	{ "nccl.ras_dead", NULL, NULL, ROLE_SIGNAL, "network_error", 40 },
	/* an IB port or queue reporting an error event (a link going down, a
	 * QP in error) supports a network cause; "port active" is recovery */
	{ "nccl.ib_async_event", "event", "error", ROLE_SIGNAL, "network_error", 40 },
	/* ncclras: ranks of a communicator at different operation counts */
	{ "nccl.ras_comm", "status", "MISMATCH", ROLE_SECONDARY, "collective_hang", 20 },
	{ "nccl.ras_mismatch", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	{ "nccl.socket_error", NULL, NULL, ROLE_SECONDARY, "network_error", 35 },
	{ "nccl.socket_closed", NULL, NULL, ROLE_SECONDARY, "network_error", 20 },
	{ "torch.nccl_error", "error", "unhandled cuda error", ROLE_PRIMARY, "cuda_error", 45 },
	{ "torch.nccl_error", NULL, NULL, ROLE_SECONDARY, "network_error", 25 },
	{ "torch.async_error", NULL, NULL, ROLE_SECONDARY, "network_error", 25 },
	/* launcher: the job was never assembled */
	{ "rdzv.error", NULL, NULL, ROLE_PRIMARY, "rendezvous_error", 67 },
	{ "rdzv.warning", NULL, NULL, ROLE_SIGNAL, "rendezvous_error", 35 },
	/* a start-up check rejected the configuration */
	{ "config.invalid", NULL, NULL, ROLE_PRIMARY, "config_error", 69 },
	/* training numerics; overflows while the scale settles are normal, so
	 * a single overflow is no cause: the loss_scale_collapse finding is
	 * (causes.c) */
	/* a frame of DeepSpeed's scale update outside a traceback (the only
	 * such event with a frame): the exception line, where it is there
	 * too, says it better */
	{ "train.loss_scale_min", "frame_file", "deepspeed/", ROLE_SIGNAL, "fp16_overflow", 45 },
	{ "train.loss_scale_min", NULL, NULL, ROLE_PRIMARY, "fp16_overflow", 60 },
	{ "train.overflow", NULL, NULL, ROLE_SECONDARY, "fp16_overflow", 30 },
	/* clip_grad_norm_'s warning: AMP's scaler may skip that step */
	{ "train.nonfinite", "msg", "Non-finite norm encountered", ROLE_SIGNAL, "loss_divergence", 40 },
	/* a loop that skipped a batch whose loss was NaN, and went on */
	{ "train.nonfinite", "msg", "Skip", ROLE_SIGNAL, "loss_divergence", 40 },
	{ "train.nonfinite", NULL, NULL, ROLE_PRIMARY, "loss_divergence", 58 },
	/* storage */
	{ "io.no_space", NULL, NULL, ROLE_PRIMARY, "storage_error", 66 },
	{ "io.error", NULL, NULL, ROLE_PRIMARY, "storage_error", 64 },
	/* scheduler */
	{ "slurm.cancelled", NULL, NULL, ROLE_SIGNAL, "scheduler_kill", 50 },
	{ "batch.killed", NULL, NULL, ROLE_SIGNAL, "scheduler_kill", 50 },
	{ "k8s.evicted", NULL, NULL, ROLE_SIGNAL, "scheduler_kill", 50 },
	{ "slurm.node_fail", NULL, NULL, ROLE_SIGNAL, "scheduler_kill", 45 },
	/* processes */
	{ "proc.segfault", NULL, NULL, ROLE_PRIMARY, "process_crash", 62 },
	{ "proc.signal", "signame", "SIGTERM", ROLE_SECONDARY, "process_crash", 10 },
	{ "proc.signal", "signame", "SIGKILL", ROLE_SECONDARY, "process_crash", 10 },
	/* a DataLoader worker's SIGBUS: torch itself says its workers are
	 * most likely out of shared memory */
	{ "proc.signal", NULL, "killed by signal: Bus error", ROLE_PRIMARY, "host_oom", 71 },
	/* "Killed" is SIGKILL in strsignal()'s and bash's words: most often
	 * the OOM killer, as a launcher's exit code -9 (below) */
	{ "proc.signal", "sigdesc", "Killed", ROLE_SIGNAL, "host_oom", 25 },
	{ "proc.signal", NULL, NULL, ROLE_PRIMARY, "process_crash", 55 },
	{ "slurm.task_error", "error", "segmentation", ROLE_PRIMARY, "process_crash", 50 },
	/* exceptions the launcher and start-up checks raise, recognised by
	 * their class or message when the line is a traceback's last */
	{ "proc.traceback", "exc_type", "Rendezvous", ROLE_PRIMARY, "rendezvous_error", 66 },
	{ "proc.traceback", "exc_type", "DistNetworkError", ROLE_PRIMARY, "rendezvous_error", 66 },
	{ "proc.traceback", "exc_type", "DistStoreError", ROLE_PRIMARY, "rendezvous_error", 66 },
	{ "proc.traceback", "exc_msg", "store based barrier", ROLE_PRIMARY, "rendezvous_error", 66 },
	/* whatever it raised (Broken pipe, a key not found), an exception
	 * from inside the elastic agent's rendezvous is the rendezvous failing */
	{ "proc.traceback", "frame_file", "/elastic/rendezvous/", ROLE_PRIMARY, "rendezvous_error", 66 },
	/* init_process_group's rendezvous handlers (env://, tcp://, file://)
	 * before the elastic agent: whatever they raise (a TCPStore that timed
	 * out connecting, a refused connection), the rendezvous failed */
	{ "proc.traceback", "frame_file", "/torch/distributed/rendezvous.py", ROLE_PRIMARY,
	  "rendezvous_error", 66 },
	{ "proc.traceback", "exc_msg", "failed to listen on any local network address", ROLE_PRIMARY,
	  "rendezvous_error", 66 },
	{ "proc.traceback", "exc_msg", "host not found", ROLE_PRIMARY, "rendezvous_error", 66 },
	/* the store's port taken (another job on the host, a stale run):
	 * torch 1.x's TCPStore raises it bare, from rendezvous.py */
	{ "proc.traceback", "exc_msg", "Address already in use", ROLE_PRIMARY, "rendezvous_error", 66,
	  "frame_file", "/torch/distributed/" },
	/* horovodrun's and Horovod on Ray's start timeout: the workers it
	 * launched never registered with its driver (runner/launch.py) */
	{ "proc.traceback", "exc_msg", "Please check connectivity between servers", ROLE_PRIMARY,
	  "rendezvous_error", 66 },
	/* horovodrun's driver found no interface every host reaches (after a
	 * task connected through NAT, or --network-interface naming none) */
	{ "proc.traceback", "exc_type", "NoValidAddressesFound", ROLE_PRIMARY, "rendezvous_error", 66 },
	{ "proc.traceback", "exc_msg", "divisible by", ROLE_PRIMARY, "config_error", 68 },
	/* PaddleSeg's own spelling of the same check (its train.py) */
	{ "proc.traceback", "exc_msg", "not divisble by", ROLE_PRIMARY, "config_error", 68 },
	{ "proc.traceback", "exc_msg", "must not exceed the world size", ROLE_PRIMARY, "config_error", 68 },
	{ "proc.traceback", "exc_msg", "Check batch related parameters", ROLE_PRIMARY, "config_error", 68 },
	/* HF Trainer's DeepSpeed integration: the JSON disagrees with the
	 * TrainingArguments (a hard-coded batch size on another world size) */
	{ "proc.traceback", "exc_msg", "mismatch TrainingArguments", ROLE_PRIMARY, "config_error", 68 },
	{ "proc.traceback", "exc_msg", "Invalid parallel dims", ROLE_PRIMARY, "config_error", 68 },
	/* Lightning's own class for a configuration it refuses (devices the
	 * machine has not, a strategy the environment cannot run) */
	{ "proc.traceback", "exc_type", "MisconfigurationException", ROLE_PRIMARY, "config_error", 68 },
	/* pydantic refusing a trainer's or library's config object (DeepSpeed's
	 * DeepSpeedBF16Config and DeepSpeedZeroConfig, axolotl's, vLLM's
	 * ModelConfig, autotrain's params): its message counts the errors */
	{ "proc.traceback", "exc_type", "ValidationError", ROLE_PRIMARY, "config_error", 68, "exc_msg",
	  "validation error" },
	/* Hydra's and OmegaConf's own classes: a key the code reads that the
	 * config lacks, an override or a composition they refuse */
	{ "proc.traceback", "exc_type", "omegaconf.errors.", ROLE_PRIMARY, "config_error", 68 },
	{ "proc.traceback", "exc_type", "hydra.errors.", ROLE_PRIMARY, "config_error", 68 },
	/* a ValueError a dataclass of arguments raises as it is built, from
	 * its own __post_init__ checks (transformers' TrainingArguments, the
	 * accelerate plugins they make, Megatron's TransformerConfig) */
	{ "proc.traceback", "frame_func", "__post_init__", ROLE_PRIMARY, "config_error", 68,
	  "exc_type", "ValueError" },
	/* torchrun reading its --nproc_per_node (run.py): whatever it raises
	 * (a Slurm task count such as `4(x2)`, `gpu` on a host without one),
	 * the launch's argument is wrong */
	{ "proc.traceback", "frame_func", "determine_local_world_size", ROLE_PRIMARY, "config_error", 68 },
	/* a process that reads the launcher's environment (RANK, LOCAL_RANK,
	 * WORLD_SIZE, MASTER_ADDR) started without the launcher that sets it:
	 * `python train.py` where torchrun was meant */
	{ "proc.traceback", "exc_msg", "RANK'", ROLE_PRIMARY, "config_error", 68, "exc_type",
	  "KeyError" },
	{ "proc.traceback", "exc_msg", "WORLD_SIZE'", ROLE_PRIMARY, "config_error", 68, "exc_type",
	  "KeyError" },
	{ "proc.traceback", "exc_msg", "'MASTER_", ROLE_PRIMARY, "config_error", 68, "exc_type",
	  "KeyError" },
	/* FSDP flattening a wrapped module's parameters refuses a mix of
	 * dtypes, of requires_grad or of devices (a PEFT adapter in fp32 on a
	 * bf16 model, frozen layers without use_orig_params): the wrapping's
	 * configuration, in its own words or through its frame */
	{ "proc.traceback", "exc_msg", "Must flatten tensors", ROLE_PRIMARY, "config_error", 68 },
	{ "proc.traceback", "frame_file", "flat_param.py", ROLE_PRIMARY, "config_error", 68, "exc_type",
	  "ValueError" },
	/* Megatron's OptimizerParamScheduler checks its learning-rate and
	 * weight-decay settings in its constructor with bare asserts
	 * (`assert self.lr_warmup_steps < self.lr_decay_steps`: warm-up
	 * longer than the run, a too small --train-iters): all of them are
	 * the schedule's configuration */
	{ "proc.traceback", "frame_file", "optimizer_param_scheduler.py", ROLE_PRIMARY, "config_error",
	  68, "exc_type", "AssertionError" },
	/* a library refusing a combination of options it does not support
	 * (`Quantization is currently not supported for multi-GPU
	 * training`, `Only DistributedDataParallel is supported`): a
	 * NotImplementedError that says what is supported is a choice the
	 * job's configuration made, where one that names an operator not
	 * implemented for a device is not */
	{ "proc.traceback", "exc_type", "NotImplementedError", ROLE_PRIMARY, "config_error", 68,
	  "exc_msg", "supported" },
	/* AMP's GradScaler given fp16 parameters to train (a model loaded in
	 * half precision, trained with --fp16): load it in fp32 or use bf16 */
	{ "proc.traceback", "exc_msg", "Attempting to unscale FP16 gradients", ROLE_PRIMARY,
	  "config_error", 68 },
	/* verl's DataProto.chunk() asserts that a batch splits evenly over
	 * its workers: a batch size (times the rollouts per prompt) that the
	 * data-parallel size does not divide */
	{ "proc.traceback", "exc_msg", "only support equal chunk", ROLE_PRIMARY, "config_error", 68 },
	/* accelerate's Accelerator refusing the precision it was given on the
	 * device it found (`fp16 mixed precision requires a GPU`, bf16 without
	 * a supported device or PyTorch): the launch's --mixed_precision */
	{ "proc.traceback", "exc_msg", "mixed precision requires", ROLE_PRIMARY, "config_error", 68 },
	/* a collective or SyncBatchNorm reached in a process that never joined
	 * a process group (c10d's _check_default_pg, in both its wordings): a
	 * distributed model or option run without the launcher, or before
	 * init_process_group */
	{ "proc.traceback", "exc_msg", "Default process group", ROLE_PRIMARY, "config_error", 68 },
	/* a device index the process cannot see: torch's `Invalid device id`
	 * assertion (DataParallel's device_ids, get_device_properties(i) past
	 * device_count()) when CUDA_VISIBLE_DEVICES hides the GPU the
	 * configuration names */
	{ "proc.traceback", "exc_msg", "Invalid device id", ROLE_PRIMARY, "config_error", 68 },
	/* ProcessGroupNCCL's (and its XCCL and MCCL ports') check that the
	 * process sees a GPU: the NCCL backend launched on a login node, a
	 * CPU-only environment or a container without its devices */
	{ "proc.traceback", "exc_msg", "is only supported with GPUs", ROLE_PRIMARY, "config_error", 68 },
	/* transformers' HfArgumentParser refusing flags its dataclasses lack
	 * (a renamed TrainingArguments field, a script's own option, the old
	 * launcher's --local-rank), and LLaMA-Factory's `Some keys are not
	 * used by the HfArgumentParser` for a YAML config's keys */
	{ "proc.traceback", "exc_msg", "not used by the HfArgumentParser", ROLE_PRIMARY, "config_error",
	  68 },
	/* transformers' Trainer given a dataset without a length (an
	 * IterableDataset, streaming) and no max_steps: its schedule needs
	 * the number of steps (`max_steps has to be specified`, later
	 * `args.max_steps must be set to a positive value`) */
	{ "proc.traceback", "exc_msg", "max_steps has to be specified", ROLE_PRIMARY, "config_error",
	  68 },
	{ "proc.traceback", "exc_msg", "max_steps must be set to a positive value", ROLE_PRIMARY,
	  "config_error", 68 },
	/* torch's DataLoader refusing prefetch_factor with num_workers=0
	 * (`prefetch_factor option could only be specified in
	 * multiprocessing`): a training config that turned the workers off
	 * but kept their prefetch setting */
	{ "proc.traceback", "exc_msg", "could only be specified in multiprocessing", ROLE_PRIMARY,
	  "config_error", 68 },
	/* DDP given device_ids for a module that is not on that one GPU (not
	 * moved to it yet, split over several, SyncBatchNorm with more GPUs
	 * than processes): the wrapping's arguments, in both wordings */
	{ "proc.traceback", "exc_msg", "device_ids and output_device arguments", ROLE_PRIMARY,
	  "config_error", 68 },
	/* DDP's reducer: parameters that took no part in the loss
	 * (find_unused_parameters), also matched on its own lines
	 * (config.invalid.ddp_unused_params) */
	{ "proc.traceback", "exc_msg", "Expected to have finished reduction", ROLE_PRIMARY,
	  "config_error", 68 },
	/* a checkpoint whose tensors do not fit the model as configured
	 * (load_state_dict's size mismatch, missing or unexpected keys): a
	 * resume with another model size, vocabulary or architecture */
	{ "proc.traceback", "exc_msg", "Error(s) in loading state_dict", ROLE_PRIMARY,
	  "config_error", 68 },
	/* accelerate's FSDP plugin wrapping by a layer class the model does
	 * not have (fsdp_transformer_layer_cls_to_wrap), also where a paste
	 * kept only the frame that raises it */
	{ "proc.traceback", "exc_msg", "Could not find the transformer layer class", ROLE_PRIMARY,
	  "config_error", 68 },
	{ "proc.traceback", "frame_func", "set_auto_wrap_policy", ROLE_PRIMARY, "config_error", 68 },
	/* a launcher's subprocess (accelerate, the old torch.distributed.launch)
	 * killed by SIGKILL, as Python words it: most often the OOM killer */
	{ "proc.traceback", "exc_msg", "died with <Signals.SIGKILL", ROLE_SIGNAL, "host_oom", 25 },
	/* Ray's memory monitor (before Ray 2) raised its own class when the
	 * node's host memory passed its threshold: not the GPU's */
	{ "proc.traceback", "exc_type", "RayOutOfMemoryError", ROLE_PRIMARY, "host_oom", 65 },
	/* Ray's wrapper of a task's exception (RayTaskError(<class>)): the
	 * task's own traceback and lines, printed under it, name the cause,
	 * as for a traceback cut before its exception; an OutOfMemoryError
	 * inside it is Ray's memory monitor as often as CUDA's */
	{ "proc.traceback", "exc_type", "RayTaskError(", ROLE_PRIMARY, NULL, 30 },
	{ "proc.traceback", "exc_type", "OutOfMemoryError", ROLE_SIGNAL, "gpu_oom", 40 },
	{ "proc.traceback", "exc_type", "MemoryError", ROLE_PRIMARY, "host_oom", 65 },
	/* ENOMEM from the operating system itself (fork() of a DataLoader
	 * worker or a subprocess, mmap): the host's memory or its overcommit
	 * limit, whatever the call */
	{ "proc.traceback", "exc_msg", "[Errno 12] Cannot allocate memory", ROLE_PRIMARY, "host_oom",
	  65 },
	/* torch.uniqueid_timeout says what this exception means; the
	 * proc.signal (proc.dataloader_killed), train.nonfinite (detectron2's
	 * check), mem.host_alloc_failed or mem.host_oom_kill (Ray's) of the
	 * same line what these do */
	{ "proc.traceback", "exc_msg", "ncclUniqueId", ROLE_SECONDARY, NULL, 0 },
	/* ProcessGroupWrapper raises the mismatch it found: the desync's */
	{ "proc.traceback", "exc_msg", "mismatch between collectives", ROLE_SECONDARY, NULL, 0 },
	{ "proc.traceback", "exc_msg", "DataLoader worker (pid", ROLE_SECONDARY, NULL, 0 },
	{ "proc.traceback", "exc_msg", "Loss became infinite or NaN", ROLE_SECONDARY, NULL, 0 },
	{ "proc.traceback", "exc_msg", "DefaultCPUAllocator", ROLE_SECONDARY, NULL, 0 },
	{ "proc.traceback", "exc_msg", "node running low on memory", ROLE_SECONDARY, NULL, 0 },
	/* an NCCL error raised by the first collectives of a DDP or FSDP
	 * wrapper's construction (DDP's __init__ verifies the parameters'
	 * shapes across ranks, then broadcasts the module's state): torch
	 * creates a communicator at its first collective, so it is the
	 * communicator's set-up that failed */
	{ "proc.traceback", "frame_func", "_verify_param", ROLE_PRIMARY, "nccl_init_error", 55, "exc_msg",
	  "NCCL" },
	{ "proc.traceback", "frame_func", "_sync_params_and_buffers", ROLE_PRIMARY, "nccl_init_error", 55,
	  "exc_msg", "NCCL" },
	{ "proc.traceback", "frame_func", "_sync_module_states", ROLE_PRIMARY, "nccl_init_error", 55,
	  "exc_msg", "NCCL" },
	{ "proc.traceback", "frame_func", "__init__", ROLE_PRIMARY, "nccl_init_error", 55, "exc_msg",
	  "NCCL error" },
	/* Paddle's init_parallel_env() creating the default communicator
	 * (parallel_helper.py's _init_parallel_ctx); 2.3+ names the file on
	 * the hint line after the exception's */
	{ "proc.traceback", "frame_func", "_init_parallel_ctx", ROLE_PRIMARY, "nccl_init_error", 55,
	  "exc_msg", "NCCL error" },
	{ "proc.traceback", "exc_type", "DistBackendError", ROLE_SECONDARY, "network_error", 20 },
	/* raised by work.wait() for gloo.timeout, which says what it means */
	{ "proc.traceback", "exc_msg", "unbound_buffer.cc", ROLE_SECONDARY, NULL, 0 },
	/* torch.load's unpickling of a file that is not the checkpoint it was
	 * saved as: cut to nothing (EOF at the first byte), or another file in
	 * its place (an HTML page or a git-lfs pointer for a download), like a
	 * zip archive cut short (io.checkpoint_read_failed). The innermost
	 * frame is torch's serialization.py, whatever the platform's slashes. */
	{ "proc.traceback", "exc_msg", "invalid load key", ROLE_PRIMARY, "storage_error", 64,
	  "frame_file", "serialization.py" },
	{ "proc.traceback", "exc_type", "EOFError", ROLE_PRIMARY, "storage_error", 64, "frame_file",
	  "serialization.py" },
	/* a training loop's own guard raising on a non-finite loss
	 * (`raise ValueError("loss is nan")`: ikflow, ACE's `Loss is
	 * NaN-valued during training`, many scripts) */
	{ "proc.traceback", "exc_msg", "loss is nan", ROLE_PRIMARY, "loss_divergence", 58 },
	{ "proc.traceback", "exc_msg", "loss is inf", ROLE_PRIMARY, "loss_divergence", 58 },
	{ "proc.traceback", "exc_msg", "out of memory", ROLE_SIGNAL, "gpu_oom", 40 },
	/* the NCCL library itself cannot be loaded (PaddlePaddle's dynamic
	 * loader: `The third-party dynamic library (libnccl.so) that Paddle
	 * depends on is not configured correctly`, `Failed to find dynamic
	 * library: libnccl.so`): no communicator can be set up */
	{ "proc.traceback", "exc_msg", "libnccl.so", ROLE_PRIMARY, "nccl_init_error", 68 },
	/* PaddlePaddle checks NCCL calls in collective_helper.cc only where
	 * it creates communicators (ncclCommInitRank, ncclCommInitAll, the
	 * group around them): an NCCL error raised there is set-up's */
	{ "proc.traceback", "exc_msg", "collective_helper.cc", ROLE_PRIMARY, "nccl_init_error", 68 },
	{ "proc.traceback", "exc_msg", "NCCL", ROLE_SECONDARY, "network_error", 20 },
	/* gloo's TCP pair raising into a collective or a send (its
	 * `[.../gloo/transport/tcp/pair.cc:N] Connection closed by peer`):
	 * as gloo.pair_error, the peer went away, which other evidence
	 * explains if the logs hold it */
	{ "proc.traceback", "exc_msg", "/gloo/transport/", ROLE_SECONDARY, "network_error", 20 },
	{ "proc.traceback", "exc_msg", "No space left", ROLE_SIGNAL, "storage_error", 40 },
	{ "proc.traceback", "exc_msg", "CUDA error", ROLE_SIGNAL, "cuda_error", 40 },
	{ "proc.traceback", "exc_msg", "loss scale", ROLE_SIGNAL, "fp16_overflow", 40 },
	{ "proc.traceback", "exc_type", "KeyboardInterrupt", ROLE_SECONDARY, "process_crash", 10 },
	/* torch elastic's agent turns a SIGTERM, SIGINT or SIGHUP it receives
	 * into SignalException (its _terminate_process_handler): whoever sent
	 * the signal (a scheduler's time limit, a user) is the cause */
	{ "proc.traceback", "exc_type", "SignalException", ROLE_SECONDARY, "process_crash", 10 },
	{ "proc.traceback", "exc_type", "ChildFailedError", ROLE_SECONDARY, "process_crash", 10 },
	/* the launcher's own traceback cut before its exception line: what
	 * torchrun, torch.distributed.launch and the elastic agent raise there
	 * is a worker's death (ChildFailedError, CalledProcessError), so the
	 * worker's failure or the exit code names the cause (the absent
	 * exception first: most tracebacks have one, and the frame's path
	 * is long to search) */
	{ "proc.traceback", "exc_type", "!", ROLE_SECONDARY, "process_crash", 10, "frame_file",
	  "/torch/distributed/run.py" },
	{ "proc.traceback", "exc_type", "!", ROLE_SECONDARY, "process_crash", 10, "frame_file",
	  "/torch/distributed/launch.py" },
	{ "proc.traceback", "exc_type", "!", ROLE_SECONDARY, "process_crash", 10, "frame_file",
	  "/torch/distributed/launcher/" },
	{ "proc.traceback", "exc_type", "!", ROLE_SECONDARY, "process_crash", 10, "frame_file",
	  "/torch/distributed/elastic/" },
	/* a traceback's header alone, cut before any frame (a paste's last
	 * line, the launcher's own after its worker's exit code): which
	 * process raised and what are unknown, so other evidence decides */
	{ "proc.traceback", "exc_type", "!", ROLE_SECONDARY, "process_crash", 10, "frame_file", "!" },
	/* any other traceback cut before its exception line: a process raised,
	 * but what it raised is unknown, so other evidence names the cause */
	{ "proc.traceback", "exc_type", "!", ROLE_PRIMARY, NULL, 30 },
	/* What no row above names, by the exception's class. A ValueError or
	 * an AssertionError that states a requirement (`Batch size should
	 * match the number of gpus`, `Tokenizer path must be specified`,
	 * `Pure E5M2 training is not supported`) is a check of the job's
	 * arguments refusing them; one without such words is as often a bug
	 * (`expected size 4096==1024`, a bare assert in a library), which
	 * stays a crash. In the real dev half all 24 excerpts whose last
	 * exception is such a line are labelled config_error. */
	{ "proc.traceback", "exc_type", "ValueError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "must" },
	{ "proc.traceback", "exc_type", "ValueError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "should" },
	{ "proc.traceback", "exc_type", "ValueError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "not supported" },
	{ "proc.traceback", "exc_type", "ValueError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "please" },
	{ "proc.traceback", "exc_type", "AssertionError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "must" },
	{ "proc.traceback", "exc_type", "AssertionError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "should" },
	{ "proc.traceback", "exc_type", "AssertionError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "not supported" },
	{ "proc.traceback", "exc_type", "AssertionError", ROLE_PRIMARY, "config_error", 40, "exc_msg",
	  "please" },
	/* an OSError is the operating system refusing a file, a pipe or a
	 * mount (`[Errno 39] Directory not empty` on a shared cache, `[Errno
	 * 107] Transport endpoint is not connected` from a FUSE mount, `[Errno
	 * 24] Too many open files`): of the dev half's 29 excerpts whose
	 * last exception is one, 26 are labelled storage_error; this row
	 * changed the verdict of none of the other three. A socket's errors
	 * that Python gives no subclass of their own print as OSError too:
	 * those stay a crash (a taken port is the rendezvous's by a row
	 * above when the store raised it) */
	{ "proc.traceback", "exc_type", "OSError", ROLE_PRIMARY, "process_crash", 40, "exc_msg",
	  "Address already in use" },
	{ "proc.traceback", "exc_type", "OSError", ROLE_PRIMARY, "process_crash", 40, "exc_msg",
	  "Cannot assign requested address" },
	{ "proc.traceback", "exc_type", "OSError", ROLE_PRIMARY, "process_crash", 40, "exc_msg",
	  "Network is unreachable" },
	{ "proc.traceback", "exc_type", "OSError", ROLE_PRIMARY, "process_crash", 40, "exc_msg",
	  "No route to host" },
	{ "proc.traceback", "exc_type", "OSError", ROLE_PRIMARY, "storage_error", 40 },
	{ "proc.traceback", NULL, NULL, ROLE_PRIMARY, "process_crash", 40 },
	/* an exception line seen without its traceback: the rows above that
	 * test only the exception decide first (rules_classify) */
	{ "proc.exception", NULL, NULL, ROLE_SIGNAL, "process_crash", 30 },
	/* consequences: never a first failure */
	{ "torch.watchdog_timeout", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	{ "torch.work_timeout", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	{ "torch.watchdog_summary", NULL, NULL, ROLE_SECONDARY, "collective_hang", 15 },
	{ "torch.heartbeat", NULL, NULL, ROLE_SECONDARY, "collective_hang", 15 },
	/* gloo's monitored barrier naming the ranks that never reached it */
	{ "torch.monitored_barrier", NULL, NULL, ROLE_SECONDARY, "collective_hang", 20 },
	/* torch 1.x reports a watchdog timeout only as the abort's reason */
	{ "torch.comm_aborted", "reason", "Watchdog caught collective operation timeout",
	  ROLE_SECONDARY, "collective_hang", 20 },
	{ "torch.comm_aborted", NULL, NULL, ROLE_SECONDARY, "network_error", 15 },
	{ "torch.teardown", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "torch.watchdog_exit", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "torch.terminate", "exception", "std::bad_alloc", ROLE_PRIMARY, "host_oom", 60 },
	/* torch 2.2 and earlier abort the watchdog's errors as
	 * std::runtime_error; the standard library's other exceptions
	 * (std::out_of_range from a map::at, std::invalid_argument) escaped
	 * the program's own code: a crash when nothing else explains it */
	{ "torch.terminate", "exception", "std::runtime_error", ROLE_SECONDARY, NULL, 0 },
	{ "torch.terminate", "exception", "std::", ROLE_SIGNAL, "process_crash", 30 },
	{ "torch.terminate", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "nccl.service_closed", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "nccl.abort", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "nccl.proxy_error", NULL, NULL, ROLE_SECONDARY, "network_error", 15 },
	{ "launcher.sigterm", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "launcher.death_signal", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	/* launcher summaries: a worker killed by a crash signal crashed; one
	 * killed by SIGKILL was most often killed by the OOM killer; other
	 * exits follow an error the worker printed itself */
	{ "launcher.child_failed", "signame", "SIGSEGV", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.child_failed", "signame", "SIGBUS", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.child_failed", "signame", "SIGKILL", ROLE_SIGNAL, "host_oom", 25 },
	{ "launcher.child_failed", "exitcode", "=-11", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.child_failed", "exitcode", "=-7", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.child_failed", "exitcode", "=-9", ROLE_SIGNAL, "host_oom", 25 },
	{ "launcher.worker_failed", "signame", "SIGSEGV", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.worker_failed", "signame", "SIGBUS", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.worker_failed", "signame", "SIGKILL", ROLE_SIGNAL, "host_oom", 25 },
	{ "launcher.worker_failed", "exitcode", "=-11", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.worker_failed", "exitcode", "=-7", ROLE_PRIMARY, "process_crash", 45 },
	{ "launcher.worker_failed", "exitcode", "=-9", ROLE_SIGNAL, "host_oom", 25 },
	{ "launcher.exit_code", "exitcode", "=-9", ROLE_SIGNAL, "host_oom", 25 },
	{ "launcher.worker_failed", NULL, NULL, ROLE_SECONDARY, "process_crash", 5 },
	{ "launcher.child_failed", NULL, NULL, ROLE_SECONDARY, "process_crash", 5 },
	{ "launcher.exit_code", NULL, NULL, ROLE_SECONDARY, "process_crash", 5 },
	{ "slurm.task_error", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
	{ "k8s.terminated", NULL, NULL, ROLE_SECONDARY, NULL, 0 },
};

#define NCLASS (sizeof(CLASS) / sizeof(CLASS[0]))
#pragma GCC diagnostic pop

static const struct fl_cause_rule CAUSES[] = {
	{ "gpu_oom", "mem.cuda_oom mem.cuda_alloc_failed nccl.cuda_failure nccl.alloc_failure", 80,
	  "a rank ran out of GPU memory",
	  { [REM_GPU_OOM_BATCH] = "lower the micro batch size (or the sequence length) on the failing configuration",
	    [REM_GPU_OOM_RECOMPUTE] = "enable activation checkpointing (recompute) to trade compute for memory",
	    [REM_GPU_OOM_SHARDING] = "shard parameters, gradients and optimizer state: move from DDP to FSDP2 (or raise the ZeRO stage)",
	    [REM_GPU_OOM_FRAGMENTATION] = "if reserved-but-unallocated memory is large, set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True against fragmentation",
	    NULL } },
	{ "host_oom", "mem.host_oom_kill mem.cgroup_oom mem.k8s_oomkilled mem.shm_exhausted mem.host_alloc_failed", 85,
	  "host memory was exhausted: the kernel or container runtime killed a worker, or its own allocation failed",
	  { "reduce host memory use: fewer DataLoader workers, smaller prefetch_factor, no full-dataset loads into RAM",
	    "avoid loading full checkpoints on every rank at once (load sharded, or mmap)",
	    "raise the job's memory limit (Slurm --mem, Kubernetes resources.limits.memory) if the use is legitimate",
	    NULL } },
	{ "loss_divergence", "train.nonfinite (and non-finite loss or grad norm in step lines)", 58,
	  "the loss or gradient norm became NaN/Inf",
	  { [REM_LOSS_DIVERGENCE_LR] = "resume from the last good checkpoint with a lower learning rate or longer warm-up",
	    [REM_LOSS_DIVERGENCE_DATA] = "enable gradient clipping and check the data around the first non-finite step",
	    [REM_LOSS_DIVERGENCE_FP16] = "if training in fp16, move to bf16",
	    NULL } },
	{ "fp16_overflow", "train.loss_scale_min train.overflow", 60,
	  "the fp16 dynamic loss scale collapsed",
	  { [REM_FP16_OVERFLOW_BF16] = "train in bf16 instead of fp16 on hardware that supports it",
	    [REM_FP16_OVERFLOW_LR] = "lower the learning rate or raise warm-up; check for bad batches near the first overflow",
	    "raise the minimum loss scale or the hysteresis only as a stop-gap",
	    NULL } },
	{ "collective_hang", "torch.watchdog_timeout torch.watchdog_summary gloo.timeout", 20,
	  "a collective timed out because some ranks never reached it",
	  { "inspect the rank(s) that never arrived: their last lines, py-spy dump of the process, host health",
	    "next time collect NCCL_DEBUG=INFO, TORCH_NCCL_TRACE_BUFFER_SIZE=2000 (flight recorder) and NCCL_DEBUG_TIMESTAMP_LEVELS=ALL",
	    [REM_COLLECTIVE_HANG_CONTROL_FLOW] = "check for rank-dependent control flow (a collective called on some ranks only)",
	    NULL } },
	{ "network_error", "nccl.ib_error nccl.connect_error nccl.socket_error gloo.pair_error", 65,
	  "inter-node transport failed",
	  { [REM_NETWORK_ERROR_LINK] = "drain the host named in the error and check its IB/RoCE link (ibstat, error counters, cables)",
	    [REM_NETWORK_ERROR_IB_RETRY] = "for IB status 12 (retry exceeded) check the fabric and consider raising NCCL_IB_TIMEOUT",
	    [REM_NETWORK_ERROR_IB_PROTECTION] = "for IB status 4 (local protection) check ACS/IOMMU settings that break GPUDirect RDMA",
	    NULL } },
	{ "gpu_hardware", "hw.xid hw.fallen_off_bus hw.nvlink cuda.ecc", 90,
	  "a GPU or interconnect hardware fault",
	  { "drain the host and GPU named in the evidence from the scheduler",
	    "collect nvidia-smi -q and nvidia-bug-report.sh from it; reset or replace the GPU per the Xid's action",
	    "resume the job from the last checkpoint on healthy nodes",
	    NULL } },
	{ "cuda_error", "cuda.error cuda.device_assert nccl.cuda_failure", 75,
	  "a CUDA runtime error other than out-of-memory",
	  { "rerun the failing configuration with CUDA_LAUNCH_BLOCKING=1 to find the kernel that faulted",
	    "for device-side asserts check input indices (embedding sizes, labels) on the failing rank",
	    "if the host also shows Xid 13/31/43/79, treat it as hardware and drain it",
	    NULL } },
	{ "nccl_init_error", "nccl.shm_error nccl.syscall_error nccl.duplicate_gpu nccl.init_failed nccl.bootstrap_error gloo.setup_error nccl.version_mismatch", 72,
	  "communicator set-up failed",
	  { [REM_NCCL_INIT_SHM] = "for /dev/shm failures give the container more shared memory (docker --shm-size, a Kubernetes emptyDir with medium: Memory)",
	    [REM_NCCL_INIT_SAME_NCCL] = "make every rank use the same NCCL (the one bundled with the torch wheel) and the same world size",
	    [REM_NCCL_INIT_OWN_GPU] = "check that each rank has its own GPU (CUDA_VISIBLE_DEVICES, local rank to device mapping)",
	    [REM_NCCL_INIT_IFNAME] = "for connect failures while setting up (refused, aborted, a loopback or container address) or an interface or host name without an address, set NCCL_SOCKET_IFNAME (GLOO_SOCKET_IFNAME for gloo) to an interface every host has that reaches the other nodes, and open the ports between them",
	    NULL } },
	{ "process_crash", "proc.segfault proc.signal proc.traceback", 40,
	  "a worker process crashed (segfault, abort, or an uncaught exception)",
	  { "read the innermost frame and exception of the failing rank's traceback",
	    "for segfaults collect a core dump (ulimit -c unlimited) and check native extensions and library versions",
	    NULL } },
	{ "rendezvous_error", "rdzv.error rdzv.warning (and launcher exceptions in tracebacks)", 67,
	  "the launcher could not assemble the job",
	  { "if the store port is in use, pick a free one (--master_port, or --rdzv_endpoint=localhost:0 for single-node jobs) and look for a stale job on the node",
	    "if the master cannot be reached or resolved, give MASTER_ADDR / --rdzv_endpoint as an IP address reachable from every node and check the firewall between nodes",
	    "if the worker count differs from the world size, check that every node started exactly once with the same --nnodes/--nproc_per_node, and that no node was lost or restarted",
	    NULL } },
	{ "config_error", "config.invalid, cuda.error and nccl.cuda_failure with \"invalid device ordinal\" (and failed start-up assertions in tracebacks)", 69,
	  "the training or parallel configuration is invalid",
	  { "fix the configuration the check names; nothing ran, so no checkpoint is at risk",
	    [REM_CONFIG_ERROR_BATCH] = "make the batch sizes consistent: global batch = micro batch x gradient accumulation x data-parallel size",
	    [REM_CONFIG_ERROR_LAYOUT] = "choose tensor x pipeline (x context) parallel sizes whose product divides the world size, and that divide layers, heads and vocabulary",
	    NULL } },
	{ "scheduler_kill", "slurm.cancelled batch.killed k8s.evicted", 50,
	  "the job scheduler ended the job",
	  { "for a time limit: request more time or checkpoint more often and resume",
	    "for preemption: make the job resumable (frequent checkpoints, requeue)",
	    NULL } },
	{ "storage_error", "io.no_space io.error", 66,
	  "disk full or I/O error",
	  { "free space on the checkpoint or cache volume, or point it at a larger one",
	    "keep fewer checkpoints (rotate) and write them from one rank or sharded",
	    NULL } },
	{ "slow_transport", "nccl.channel via NET/Socket", 30,
	  "inter-node traffic fell back to TCP sockets",
	  { [REM_SLOW_TRANSPORT_RDMA] = "check that NCCL sees the RDMA devices (NCCL_DEBUG=INFO: NET/IB lines, NCCL_IB_HCA, the IB plugin in the container)",
	    [REM_SLOW_TRANSPORT_IFNAME] = "set NCCL_SOCKET_IFNAME to the fast interface if sockets are intended",
	    [REM_SLOW_TRANSPORT_GAS] = "raise gradient accumulation to communicate less often while the network is slow",
	    NULL } },
	{ "none", "", 0, "nothing wrong found", { NULL } },
};

/* NVIDIA's Xid catalogue (as mirrored by leptonai/gpud, 2025-10): what
 * each code means, the catalogue's immediate action, and what it means for
 * the verdict: hardware (drain), application (the job's own fault, a CUDA
 * error), consequence (of an earlier Xid), info. Unlisted codes count as
 * hardware. */
struct xid_rule {
	int xid;
	const char *mnemonic, *class, *action, *meaning;
};

static const struct xid_rule XIDS[] = {
	{ 8, "ROBUST_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT", "application", "RESTART_APP",
	  "GPU stopped processing (channel idle timeout); the running kernel hung" },
	{ 13, "ROBUST_CHANNEL_GR_EXCEPTION", "application", "RESTART_APP",
	  "Graphics engine exception: SM warp exception, illegal instruction/address, usually an out-of-bounds access in a kernel (pairs with 'illegal memory access')" },
	{ 31, "ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT", "application", "RESTART_APP",
	  "GPU memory page fault (MMU fault): illegal address from a kernel, rarely a driver bug (pairs with 'illegal memory access')" },
	{ 43, "ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR", "application", "IGNORE",
	  "GPU stopped processing: the application hit a software-induced fault and its context was reset; the GPU stays healthy" },
	{ 45, "ROBUST_CHANNEL_PREEMPTIVE_REMOVAL", "consequence", "IGNORE (follow the other Xid); solo: RESTART_FM",
	  "Preemptive cleanup of a channel because of a previous error, Ctrl-C, sigkill or GPU reset; a consequence of another Xid or of the process dying" },
	{ 46, "ROBUST_CHANNEL_GPU_TIMEOUT_ERROR", "hardware", "RESET_GPU",
	  "GPU stopped processing (timeout)" },
	{ 48, "ROBUST_CHANNEL_GPU_ECC_DBE", "hardware", "WORKFLOW_XID_48 (reset GPU / reboot; check retired pages and SRAM thresholds, RMA if exceeded)",
	  "Double-bit (uncorrectable) ECC error in GPU memory; also reported to the application as an ECC error" },
	{ 61, "PMU_BREAKPOINT", "hardware", "CONTACT_SUPPORT",
	  "Internal micro-controller (PMU) breakpoint" },
	{ 62, "PMU_HALT_ERROR", "hardware", "RESET_GPU",
	  "Internal micro-controller (PMU) halt" },
	{ 63, "INFOROM_DRAM_RETIREMENT_EVENT", "info", "IGNORE (reset the GPU when convenient to activate)",
	  "ECC page retirement (pre-Ampere) or row-remapping event (Ampere+) recorded; takes effect after a GPU reset" },
	{ 64, "INFOROM_DRAM_RETIREMENT_FAILURE", "hardware", "RESET_GPU (RMA if it repeats)",
	  "ECC page retirement / row-remapping failure" },
	{ 74, "NVLINK_ERROR", "hardware", "WORKFLOW_NVLINK_ERR (reset GPU / reboot node; reseat or RMA if it persists)",
	  "NVLink error on a GPU link (link or the device at the other end); NCCL hangs or timeouts usually follow" },
	{ 79, "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS", "hardware", "RESTART_BM (reboot the node, then hardware check)",
	  "GPU has fallen off the bus: not reachable over PCIe (power, thermal, PCIe link or a failing GPU)" },
	{ 92, "EXCESSIVE_SBE_INTERRUPTS", "info", "IGNORE (monitor)",
	  "High single-bit (corrected) ECC error rate" },
	{ 94, "ROBUST_CHANNEL_CONTAINED_ERROR", "hardware", "RESTART_APP (reset the GPU when convenient)",
	  "Contained memory error: only the application using the bad memory dies (it sees an ECC error); the GPU stays usable" },
	{ 95, "ROBUST_CHANNEL_UNCONTAINED_ERROR", "hardware", "RESET_GPU",
	  "Uncontained memory error: every application on the GPU dies" },
	{ 109, "ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR", "hardware", "RESET_GPU",
	  "Context switch timeout" },
	{ 119, "GSP_RPC_TIMEOUT", "hardware", "RESET_GPU (power-cycle if it persists)",
	  "GSP firmware did not answer an RPC in time; the GPU is hung" },
	{ 120, "GSP_ERROR", "hardware", "RESET_GPU (power-cycle if it persists)",
	  "Error in code running on the GSP core" },
	{ 136, "ALI_TRAINING_FAIL", "hardware", "RESET_GPU (investigate link signal integrity)",
	  "NVLink link training failed" },
	{ 140, "UNRECOVERABLE_ECC_ERROR_ESCAPE", "hardware", "RESET_GPU (contact vendor if it persists)",
	  "Uncorrectable ECC error that escaped page offlining / row remapping" },
	{ 143, "GPU_INIT_ERROR", "hardware", "RESET_GPU",
	  "GPU initialization error" },
	{ 144, "NVLINK_SAW_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 SAW error" },
	{ 145, "NVLINK_RLW_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 RLW error" },
	{ 146, "NVLINK_TLW_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 TLW error" },
	{ 147, "NVLINK_TREX_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 TREX error" },
	{ 148, "NVLINK_NVLPW_CTRL_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 NVLPW_CTRL error" },
	{ 149, "NVLINK_NETIR_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 NETIR error (link events, link down, BER)" },
	{ 150, "NVLINK_MSE_ERROR", "hardware", "WORKFLOW_NVLINK5_ERR (decode errorStatus; Fatal: reset GPU)",
	  "NVLink5 MSE error (e.g. MSE watchdog)" },
	{ 154, "GPU_RECOVERY_ACTION_CHANGED", "info", "XID_154 (apply the new recovery action)",
	  "Informational: summarises the recovery another Xid requires (None, Drain P2P, Drain and Reset, GPU Reset Required, Node Reboot Required)" },
};

static const struct xid_rule *xid_rule(int64_t xid)
{
	for (size_t i = 0; i < sizeof(XIDS) / sizeof(XIDS[0]); i++)
		if (XIDS[i].xid == xid)
			return &XIDS[i];
	return NULL;
}

const char *rules_xid_class(int64_t xid)
{
	const struct xid_rule *r = xid_rule(xid);
	return r ? r->class : "hardware";
}

char *rules_xid_text(int64_t xid)
{
	const struct xid_rule *r = xid_rule(xid);
	if (!r)
		return fl_xasprintf("Xid %lld", (long long)xid);
	return fl_xasprintf("Xid %lld (%s: %s; usual action %s)", (long long)xid, r->mnemonic,
			    r->meaning, r->action);
}

size_t fl_cause_rules(const struct fl_cause_rule **out)
{
	*out = CAUSES;
	return sizeof(CAUSES) / sizeof(CAUSES[0]);
}

const struct fl_cause_rule *rules_cause(const char *cause)
{
	for (size_t i = 0; i < sizeof(CAUSES) / sizeof(CAUSES[0]); i++)
		if (!strcmp(CAUSES[i].cause, cause))
			return &CAUSES[i];
	return NULL;
}

static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	/* the first byte alone rules out most places, without a call */
	int c0 = tolower((unsigned char)needle[0]);
	for (; *hay; hay++)
		if (tolower((unsigned char)*hay) == c0 && !strncasecmp(hay, needle, n))
			return true;
	return false;
}

static bool test_holds(const struct ev *e, const char *field, const char *needle)
{
	if (!needle)
		return true;
	if (!strcmp(needle, "!")) {
		struct fl_buf b = FL_BUF_INIT;
		bool has = field && ev_field(e, field, &b);
		fl_buf_release(&b);
		return !has;
	}
	if (needle[0] == '=') {
		int64_t v;
		return field && ev_field_int(e, field, &v) && v == atoll(needle + 1);
	}
	if (!field)
		return contains_ci(e->text ? e->text : "", needle);
	struct fl_buf b = FL_BUF_INIT;
	bool ok = ev_field(e, field, &b) && contains_ci(b.ptr, needle);
	fl_buf_release(&b);
	return ok;
}

static bool condition_holds(const struct ev *e, const struct class_rule *r)
{
	return test_holds(e, r->field, r->needle) && test_holds(e, r->and_field, r->and_needle);
}

static bool names_exception(const char *field)
{
	return field && (!strcmp(field, "exc_type") || !strcmp(field, "exc_msg"));
}

/* Whether a traceback's row also reads a bare exception line (proc.exception:
 * a paste that cut the traceback, interleaved ranks): one that tests only
 * the exception's class and message, and tests them for a value. Rows on
 * frames, or on a traceback cut before its exception ("!"), need what such
 * a line has not. */
static bool exception_row(const struct class_rule *r)
{
	return !strcmp(r->kind, "proc.traceback") && names_exception(r->field) &&
	       strcmp(r->needle, "!") != 0 && (!r->and_needle || names_exception(r->and_field));
}

void rules_kinds(struct fl_buf *json)
{
	for (size_t i = 0; i < NCLASS; i++) {
		if (i)
			fl_buf_addc(json, ',');
		fl_json_str(json, CLASS[i].kind, strlen(CLASS[i].kind));
	}
}

/* The rows that may classify an event of one kind, in the table's order:
 * its own, and for proc.exception the traceback rows it can answer. Built
 * once, so that an event costs a search among the kinds and a walk over
 * its own rows, not a string compare with every row of the table. */
struct kind_rows {
	const char *kind;
	uint16_t first, n; /* into kind_index.rows */
};

_Static_assert(2 * NCLASS < UINT16_MAX, "kind_rows indexes rows in 16 bits");

static struct {
	struct kind_rows kinds[NCLASS + 1];
	size_t nkinds;
	uint16_t rows[2 * NCLASS];
} kind_index;

static pthread_once_t kind_index_once = PTHREAD_ONCE_INIT;

static int kind_rows_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kind_rows *)a)->kind, ((const struct kind_rows *)b)->kind);
}

static bool row_applies(const struct class_rule *r, const char *kind)
{
	return !strcmp(r->kind, kind) || (!strcmp(kind, "proc.exception") && exception_row(r));
}

static void kind_index_add(const char *kind, size_t *used)
{
	for (size_t k = 0; k < kind_index.nkinds; k++)
		if (!strcmp(kind_index.kinds[k].kind, kind))
			return;
	struct kind_rows *kr = &kind_index.kinds[kind_index.nkinds++];
	kr->kind = kind;
	kr->first = (uint16_t)*used;
	for (size_t i = 0; i < NCLASS; i++)
		if (row_applies(&CLASS[i], kind))
			kind_index.rows[(*used)++] = (uint16_t)i;
	kr->n = (uint16_t)(*used - kr->first);
}

static void kind_index_build(void)
{
	size_t used = 0;
	for (size_t i = 0; i < NCLASS; i++)
		kind_index_add(CLASS[i].kind, &used);
	kind_index_add("proc.exception", &used);
	qsort(kind_index.kinds, kind_index.nkinds, sizeof(kind_index.kinds[0]), kind_rows_cmp);
}

void rules_classify(struct ev *e)
{
	e->role = ROLE_NONE;
	e->cause = NULL;
	e->priority = 0;
	pthread_once(&kind_index_once, kind_index_build);
	struct kind_rows key = { .kind = e->kind };
	const struct kind_rows *kr = bsearch(&key, kind_index.kinds, kind_index.nkinds,
					     sizeof(key), kind_rows_cmp);
	for (size_t j = 0; kr && j < kr->n; j++) {
		const struct class_rule *r = &CLASS[kind_index.rows[kr->first + j]];
		if (!condition_holds(e, r))
			continue;
		e->role = r->role;
		e->cause = r->cause;
		e->priority = (uint8_t)r->priority;
		break;
	}
	if (!strcmp(e->kind, "hw.xid")) {
		int64_t xid;
		const char *cls = ev_field_int(e, "xid", &xid) ? rules_xid_class(xid) : "hardware";
		if (!strcmp(cls, "application")) {
			e->role = ROLE_SIGNAL;
			e->cause = "cuda_error";
		} else if (strcmp(cls, "hardware") != 0) {
			e->role = ROLE_SIGNAL;
		}
	}
}
