/* SPDX-License-Identifier: MIT */
/*
 * vocab.h - the event kinds and capture fields that C code depends on,
 * declared once.
 *
 * Patterns are data (patterns/NAME.pat): a pattern's `kind:` and its named
 * captures are how a log line reaches the analysis. Code that names a
 * kind (rules.c, the analysis passes, the pipeline's routing, the CLI's
 * queries) or reads a field (the analysis, the store's rank resolution)
 * depends on a pattern producing it. This list is that dependency, kept
 * in one place so that both sides are checked:
 *
 *   - `faultline patterns check` fails when a kind here is produced by no
 *     pattern, or a field here is captured by none (a renamed kind or
 *     capture breaks ctest, instead of a finding silently vanishing);
 *   - tests/unit/test_vocab.c fails when the code names a kind or a field
 *     that is not here (string literals in src/, and every SQL text of the
 *     modules' tables).
 *
 * The analysis reads every field here, and only these, through SQL
 * (json_extract of the events' `fields`; analyze_sql.c builds its column
 * list from FL_VOCAB_FIELDS). Adding a dependency is one line below.
 */
#ifndef FAULTLINE_VOCAB_H
#define FAULTLINE_VOCAB_H

#include <stdbool.h>
#include <stddef.h>

/* X(name) for every event kind the code names, sorted. */
#define FL_VOCAB_KINDS(X) \
	X("batch.killed") \
	X("config.invalid") \
	X("cuda.device_assert") \
	X("cuda.ecc") \
	X("cuda.error") \
	X("ep.timeout") \
	X("gloo.pair_error") \
	X("gloo.setup_error") \
	X("gloo.timeout") \
	X("horovod.stall") \
	X("hw.amd_ras") \
	X("hw.amd_reset") \
	X("hw.fallen_off_bus") \
	X("hw.gpu_lost") \
	X("hw.nvlink") \
	X("hw.pcie_aer") \
	X("hw.xid") \
	X("io.error") \
	X("io.no_space") \
	X("k8s.evicted") \
	X("k8s.terminated") \
	X("launcher.args") \
	X("launcher.child_failed") \
	X("launcher.death_signal") \
	X("launcher.exit_code") \
	X("launcher.rank_map") \
	X("launcher.root_cause") \
	X("launcher.sigterm") \
	X("launcher.worker_failed") \
	X("mem.cgroup_oom") \
	X("mem.cuda_alloc_failed") \
	X("mem.cuda_oom") \
	X("mem.cuda_oom_warning") \
	X("mem.host_alloc_failed") \
	X("mem.host_oom_kill") \
	X("mem.k8s_oomkilled") \
	X("mem.oom_invoked") \
	X("mem.shm_exhausted") \
	X("nccl.abort") \
	X("nccl.alloc_failure") \
	X("nccl.bootstrap_error") \
	X("nccl.bootstrap_if") \
	X("nccl.channel") \
	X("nccl.coll") \
	X("nccl.collective_mismatch") \
	X("nccl.comm_topo") \
	X("nccl.connect_error") \
	X("nccl.connect_retry") \
	X("nccl.cuda_failure") \
	X("nccl.duplicate_gpu") \
	X("nccl.ib_async_event") \
	X("nccl.ib_devices") \
	X("nccl.ib_error") \
	X("nccl.init_complete") \
	X("nccl.init_failed") \
	X("nccl.init_start") \
	X("nccl.init_timings") \
	X("nccl.no_ib") \
	X("nccl.proxy_error") \
	X("nccl.ras_comm") \
	X("nccl.ras_dead") \
	X("nccl.ras_json") \
	X("nccl.ras_mismatch") \
	X("nccl.ras_rank") \
	X("nccl.service_closed") \
	X("nccl.shm_error") \
	X("nccl.socket_closed") \
	X("nccl.socket_devices") \
	X("nccl.socket_error") \
	X("nccl.syscall_error") \
	X("nccl.using_network") \
	X("nccl.version") \
	X("nccl.version_mismatch") \
	X("nccl.warn") \
	X("proc.exception") \
	X("proc.segfault") \
	X("proc.signal") \
	X("proc.traceback") \
	X("rdzv.error") \
	X("rdzv.warning") \
	X("slurm.cancelled") \
	X("slurm.node_fail") \
	X("slurm.task_error") \
	X("torch.async_error") \
	X("torch.comm_aborted") \
	X("torch.desync") \
	X("torch.dump_signal") \
	X("torch.fr_report") \
	X("torch.heartbeat") \
	X("torch.monitored_barrier") \
	X("torch.nccl_error") \
	X("torch.pg_init") \
	X("torch.teardown") \
	X("torch.terminate") \
	X("torch.uniqueid_timeout") \
	X("torch.watchdog_exit") \
	X("torch.watchdog_summary") \
	X("torch.watchdog_timeout") \
	X("torch.work_timeout") \
	X("train.config") \
	X("train.finished") \
	X("train.gpu_model") \
	X("train.loss_scale_min") \
	X("train.model_size") \
	X("train.nonfinite") \
	X("train.overflow") \
	X("train.rank_timing") \
	X("train.step")

/* The one kind no pattern makes: a line among a file's last ones that no
 * pattern read and that looks like an error (fl_looks_like_error()); the
 * pipeline stores it (src/pipeline/streams.c) so that a verdict of no
 * known cause can still point at it. Its family is no pattern's. */
#define FL_KIND_UNRECOGNISED "unrecognised.error"

/* X(ID, name) for every capture field the code reads, sorted by name. */
#define FL_VOCAB_FIELDS(X) \
	X(ACTIVATION_CHECKPOINTING, "activation_checkpointing") \
	X(ADDR, "addr") \
	X(BF16, "bf16") \
	X(BUS, "bus") \
	X(BUS_ID, "bus_id") \
	X(CANCEL_TIME, "cancel_time") \
	X(COMM, "comm") \
	X(COMM_HASH, "comm_hash") \
	X(COMM_ID, "comm_id") \
	X(COMM_RANK, "comm_rank") \
	X(COMM_RANKS, "comm_ranks") \
	X(CONTEXT_PARALLEL_SIZE, "context_parallel_size") \
	X(CUDA_DEV, "cuda_dev") \
	X(DATA_PARALLEL_SIZE, "data_parallel_size") \
	X(DESYNC_RANK, "desync_rank") \
	X(DEVICES, "devices") \
	X(DISTRIBUTED_OPTIMIZER, "distributed_optimizer") \
	X(DTYPE, "dtype") \
	X(ERROR, "error") \
	X(EVENT, "event") \
	X(EXC_MSG, "exc_msg") \
	X(EXC_TYPE, "exc_type") \
	X(EXCEPTION, "exception") \
	X(EXITCODE, "exitcode") \
	X(EXPERT_PARALLEL_SIZE, "expert_parallel_size") \
	X(FINISHED_RANKS, "finished_ranks") \
	X(FP16, "fp16") \
	X(FRAME_FILE, "frame_file") \
	X(FRAME_FUNC, "frame_func") \
	X(FREE, "free") \
	X(FROM_RANK, "from_rank") \
	X(FSDP_OPTION, "fsdp_option") \
	X(GLOBAL_BATCH_SIZE, "global_batch_size") \
	X(GLOBAL_RANKS, "global_ranks") \
	X(GPU, "gpu") \
	X(GRAD_ACCUM_STEPS, "grad_accum_steps") \
	X(HCA, "hca") \
	X(IB_DEV, "ib_dev") \
	X(IF, "if") \
	X(JOINED_RANKS, "joined_ranks") \
	X(JOINED_SEQ, "joined_seq") \
	X(LAST_COMPLETED, "last_completed") \
	X(LAST_ENQUEUED, "last_enqueued") \
	X(LG_SCALE_TO, "lg_scale_to") \
	X(MAX_MS, "max_ms") \
	X(MAX_RANK, "max_rank") \
	X(MICRO_BATCH_SIZE, "micro_batch_size") \
	X(MIN_MS, "min_ms") \
	X(MIN_RANK, "min_rank") \
	X(MISSING_RANKS, "missing_ranks") \
	X(MSG, "msg") \
	X(NCCL_VERSION, "nccl_version") \
	X(NET, "net") \
	X(NEXT_SEQ, "next_seq") \
	X(NNODES, "nnodes") \
	X(NODE_RANK, "node_rank") \
	X(NPROC_PER_NODE, "nproc_per_node") \
	X(NRANKS, "nranks") \
	X(NVML_DEV, "nvml_dev") \
	X(OOB_ADDR, "oob_addr") \
	X(OOB_IF, "oob_if") \
	X(OP, "op") \
	X(OPCOUNT, "opcount") \
	X(PARAMS, "params") \
	X(PEER, "peer") \
	X(PG, "pg") \
	X(PG_DESC, "pg_desc") \
	X(PG_RANK, "pg_rank") \
	X(PIPELINE_PARALLEL_SIZE, "pipeline_parallel_size") \
	X(PP_RANK, "pp_rank") \
	X(RANKS, "ranks") \
	X(RAS_LIST, "ras_list") \
	X(RDZV_BACKEND, "rdzv_backend") \
	X(READY_RANKS, "ready_ranks") \
	X(REASON, "reason") \
	X(REQUESTED, "requested") \
	X(RESERVED_UNALLOCATED, "reserved_unallocated") \
	X(ROOT, "root") \
	X(SCALE_TO, "scale_to") \
	X(SCRIPT_LINE, "script_line") \
	X(SEQ, "seq") \
	X(SEQ_LENGTH, "seq_length") \
	X(SETUP_FRAME, "setup_frame") \
	X(SHARDING, "sharding") \
	X(SIGDESC, "sigdesc") \
	X(SIGNAME, "signame") \
	X(SIZE, "size") \
	X(SNAPSHOT_DID, "snapshot_did") \
	X(SNAPSHOT_OP, "snapshot_op") \
	X(SNAPSHOT_RANKS, "snapshot_ranks") \
	X(SNAPSHOT_SEQ, "snapshot_seq") \
	X(SNAPSHOT_STATE, "snapshot_state") \
	X(STATUS, "status") \
	X(TASKS, "tasks") \
	X(TENSOR_PARALLEL_SIZE, "tensor_parallel_size") \
	X(TIME, "time") \
	X(TIMEOUT_FROM, "timeout_from") \
	X(TIMEOUT_MS, "timeout_ms") \
	X(TP_RANK, "tp_rank") \
	X(VERSION, "version") \
	X(VICTIM_PID, "victim_pid") \
	X(WORLD_SIZE, "world_size") \
	X(XID, "xid") \
	X(ZERO_STAGE, "zero_stage")

#define FL_VOCAB_FIELD_ENUM(id, name) FL_F_##id,
enum fl_field { FL_VOCAB_FIELDS(FL_VOCAB_FIELD_ENUM) FL_F_N };
#undef FL_VOCAB_FIELD_ENUM

/* The declared kinds and fields, sorted (src/util/vocab.c). */
size_t fl_vocab_kinds(const char *const **out);
size_t fl_vocab_fields(const char *const **out); /* indexed by enum fl_field */
/* The field's index, or -1 when it is not declared. */
int fl_vocab_field(const char *name);
/* Whether the kind is declared. */
bool fl_vocab_kind(const char *name);

#endif
