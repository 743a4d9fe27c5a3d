/* SPDX-License-Identifier: MIT */
/*
 * analyze.h - from a stored run to a verdict: what failed first, where the
 * job hung, the likely cause with evidence, and findings.
 *
 * Fifth stage. Reads the store only (through store.h's statements); the
 * rules that map event kinds to causes, their priority and remediation
 * are one table in rules.c (docs/CAUSES.md lists them). The result is a
 * plain struct that the report module renders; it owns all its strings.
 */
#ifndef FAULTLINE_ANALYZE_H
#define FAULTLINE_ANALYZE_H

#include "faultline/store.h"

struct fl_evidence {
	char *file;
	int64_t line;
	int64_t rank; /* -1 unknown */
	char *host;   /* may be NULL */
	int64_t ts;   /* corrected, FL_TIME_NONE unknown */
	char *text;
};

struct fl_evidence_list {
	struct fl_evidence *v;
	size_t n, cap;
};

/* An InfiniBand device a failure named on a host, and the ranks whose
 * NCCL channels go through it there (docs/CAUSES.md, "Failed HCA"). */
struct fl_cause_hca {
	char *host, *device; /* "gpu-b", "mlx5_1" */
	int64_t *ranks;      /* ascending, without duplicates */
	size_t nranks;
};

struct fl_cause {
	const char *id;         /* contract cause id */
	const char *confidence; /* high, medium, low */
	char *explanation;
	struct fl_evidence_list evidence;
	char **remediation;
	size_t nrem, caprem;
	int score;              /* for ranking; not reported */
	struct fl_cause_hca *hcas; /* network_error only; none when no rank is known */
	size_t nhcas;
};

struct fl_first_failure {
	bool set;
	int64_t rank; /* -1 unknown */
	char *host;
	int64_t ts;   /* corrected; FL_TIME_NONE unknown */
	char *kind;
	char *message;
	char *file;
	int64_t line;
};

/* One rank's entry in a Flight Recorder dump, with the Python stack that
 * issued it (docs/FLIGHT_RECORDER.md). */
struct fl_hang_frames {
	int64_t rank;     /* -1: none */
	char *collective; /* the entry's op as c10d names it */
	int64_t seq;      /* -1 unknown */
	char *frames;     /* "name (file:line)" per line, innermost first; NULL: none */
};

/* A hang source that disagreed with the one that decided the hang point
 * (docs/internals/analyze.md lists the sources and their order). */
struct fl_hang_conflict {
	char *source; /* the other source's name */
	char *field;  /* collective, seq, process_group or stuck_ranks */
	char *value;  /* what that source said, as text */
};

struct fl_hang {
	bool set;
	char *collective;   /* NULL unknown */
	int64_t seq;        /* -1 unknown */
	char *process_group;
	int64_t timeout_ms; /* -1 unknown */
	int64_t *stuck;
	size_t nstuck;
	struct fl_evidence_list evidence;
	char *source;       /* the source that decided it: watchdog, desync_debug, ... */
	/* a point-to-point hang: the rank whose send was never received, or
	 * whose receive was never sent, and its peer; -1 when not one */
	int64_t p2p_sender, p2p_receiver;
	struct fl_hang_conflict *conflicts;
	size_t nconflicts;
	/* Flight Recorder dumps (analyze/fr.c): mismatch is the dumps' class
	 * of the point they found (not_joined, collective_type, size, dtype,
	 * state, not_completed; NULL when they showed none); the first
	 * diverging rank's entry beside a majority rank's; the ranks of the
	 * dumps' groups (or world) that left no dump. */
	const char *mismatch;
	bool dumps; /* the bundle held dumps */
	struct fl_hang_frames diverging, majority;
	int64_t *no_dump;
	size_t nno_dump;
	/* When progress stopped, as best the bundle shows it (contract
	 * verdict.hang.onset): FL_TIME_NONE unknown; onset_source
	 * "telemetry" (GPU power or utilisation fell across the job) or
	 * "logs" (the last progress line). docs/TELEMETRY.md */
	int64_t onset_ts;
	const char *onset_source;
};

/* ---- GPU telemetry (docs/TELEMETRY.md) ----
 *
 * One struct fl_gpu per GPU that the bundle's nvidia-smi or DCGM samples
 * name, sorted by host and index. Its series is a bounded, time-ordered
 * downsample of what was sampled (at most FL_GPU_SERIES_MAX points, fewer
 * per GPU when a job has many GPUs: FL_GPU_POINTS_TOTAL over all of them),
 * meant for drawing power and utilisation over time. */
#define FL_GPU_SERIES_MAX 120
#define FL_GPU_POINTS_TOTAL 20000

struct fl_gpu_point {
	int64_t ts;      /* corrected UTC µs */
	double power_w;  /* NaN: not sampled */
	double util_pct; /* NaN: not sampled */
};

struct fl_gpu {
	char *host;          /* NULL unknown */
	int64_t index;       /* nvidia-smi's index on its host */
	char *bus_id;        /* PCI bus id as sampled, NULL unknown */
	int64_t rank;        /* the rank that drove it (NCCL busId, else nvmlDev), -1 unknown */
	const char *source;  /* nvidia-smi-csv, nvidia-smi-q, dcgm */
	int64_t samples;
	int64_t first_ts, last_ts; /* corrected; FL_TIME_NONE: untimed samples */
	double power_mean, power_max, util_mean; /* NaN: not sampled */
	double power_last, util_last;            /* the last bucket's means */
	int64_t idle_ts;     /* fell to idle then and stayed; FL_TIME_NONE */
	const char *state;   /* busy, idle (never busy), fell, gone (samples
			      * stopped before the others') */
	bool outlier;        /* behaved unlike the rest: finding gpu_idle_outlier */
	struct fl_gpu_point *series;
	size_t nseries;
};

struct fl_finding {
	const char *id;
	const char *severity; /* info, warning, error */
	char *message;
	struct fl_evidence_list evidence;
};

struct fl_rank_state {
	int64_t rank;
	char *host;
	int64_t local_rank; /* -1 */
	const char *state;  /* failed, stuck, waiting, killed, errored, ok, unknown,
			     * silent (a rank of the stated world that left no line) */
	char *first_error;  /* kind: text, or NULL */
	int64_t first_error_ts;
	int64_t last_ts;    /* corrected */
	int64_t last_seq;   /* last completed collective seq seen, -1 */
	int64_t lines;
};

struct fl_host_offset {
	char *host;
	int64_t offset_us; /* subtract from this host's times */
	int samples;
};

struct fl_timeline_entry {
	int64_t ts;
	int64_t rank;
	char *host;
	char *kind;
	int severity;
	bool primary;
	char *file;
	int64_t line;
	char *text;
};

struct fl_skipped {
	char *path;
	char *reason;
};

/* Numbers are NaN / -1 when not logged. mfu is the logged one, else the
 * one computed from params, tokens_per_s_per_gpu and the dense peak of
 * gpu for the run's dtype (docs/TRAINING.md); mfu_source says which
 * ("logged", "computed"; NULL without an MFU), mfu_peak_tflops and
 * mfu_peak_dtype the peak a computed one is relative to. */
struct fl_training {
	int64_t last_step, first_nonfinite_step, steps;
	double loss_last, tokens_per_s_per_gpu, tflops_per_gpu, mfu, loss_scale_last;
	double lr_last, grad_norm_last, iter_ms_last;
	double params;          /* model size the logs state (summed over model-parallel shards) */
	double mfu_peak_tflops; /* NaN unless mfu_source is "computed" */
	const char *mfu_source, *mfu_peak_dtype;
	char *gpu; /* the GPU model the logs name (owned), NULL */
};

/* Values computed from the others rather than logged (fl_config.derived). */
enum {
	FL_CFG_DERIVED_DP = 1u << 0,  /* world / (TP x PP x CP) */
	FL_CFG_DERIVED_GAS = 1u << 1, /* GBS / (MBS x DP) */
	FL_CFG_DERIVED_GBS = 1u << 2, /* MBS x GAS x DP */
};

/* The run's configuration as its logs state it (docs/TRAINING.md). */
struct fl_config {
	int64_t micro_batch_size, grad_accum_steps, global_batch_size, data_parallel_size,
		tensor_parallel_size, pipeline_parallel_size, seq_length, world_size;
	int64_t context_parallel_size, expert_parallel_size;
	/* dtype: fp16, bf16 or fp32; activation_checkpointing: none, selective
	 * or full; sharding: ddp, fsdp, fsdp2, hsdp, zero1, zero2 or zero3 */
	char *dtype, *activation_checkpointing, *nccl_version, *sharding;
	unsigned derived; /* FL_CFG_DERIVED_* */
};

/* The training over its steps, for pictures: at most FL_SERIES_MAX points
 * in step order, each the mean over a span of consecutive logged steps (of
 * every rank's lines of those steps), so that a 100k-step run stays as
 * small as a short one. Numbers are NaN where not logged. */
enum { FL_SERIES_MAX = 600 };
struct fl_step_point {
	int64_t step; /* the span's last step */
	double loss, grad_norm, tokens_per_s, tflops, mfu;
};

struct fl_analysis {
	/* run */
	int64_t run_id;
	char *bundle, *sha256;
	/* nranks: the world size as the logs state it, else the ranks the
	 * store knows; nranks_seen: ranks that left at least one line. */
	int64_t nranks, nranks_seen, nhosts, nfiles, nlines, nevents;
	int64_t ingested_at;
	struct fl_skipped *skipped;
	size_t nskipped;
	/* verdict */
	const char *status; /* failed, hung, degraded, healthy */
	char *summary;
	char *signature;
	struct fl_first_failure first;
	struct fl_hang hang;
	struct fl_cause likely;
	struct fl_cause *others;
	size_t nothers;
	struct fl_finding *findings;
	size_t nfindings;
	struct fl_rank_state *ranks;
	size_t nranks_state;
	struct fl_host_offset *offsets;
	size_t noffsets;
	struct fl_timeline_entry *timeline;
	size_t ntimeline;
	struct fl_training training;
	struct fl_step_point *series;
	size_t nseries;
	struct fl_config config;
	struct fl_gpu *gpus; /* GPU telemetry; none when the bundle has no samples */
	size_t ngpus;
	char *missing; /* what evidence was missing, for low-confidence verdicts */
	/* a loaded analysis (fl_analysis_load) owns the strings that the const
	 * char * fields above point to; a computed one has none */
	char **pool;
	size_t npool;
};

/* Analyses run_id. On success *out owns everything it points to. */
int fl_analyze_run(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		   struct fl_err *err);
void fl_analysis_free(struct fl_analysis *a);
/* The analysis of run_id as saved by fl_analysis_save(), without redoing
 * it. FL_ENOTFOUND (err says so) when the run has no saved analysis, or
 * one made by other analysis code (another faultline build): callers fall
 * back to fl_analyze_run(). */
int fl_analysis_load(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		     struct fl_err *err);
/* The analysis of a stored run for reading: the saved one when there is
 * one made by this code (fl_analysis_load()), else computed afresh
 * (fl_analyze_run(), not saved). */
int fl_analysis_get(struct fl_store *s, int64_t run_id, struct fl_analysis **out,
		    struct fl_err *err);
/* Saves the analysis (table analyses, for fl_analysis_load()) and the
 * verdict summary (status, cause, first failure, signature) on the run
 * row, for `faultline runs`. */
int fl_analysis_save(struct fl_store *s, const struct fl_analysis *a, struct fl_err *err);

/* ---- NCCL communicators (docs/TELEMETRY.md's sibling: docs/CAUSES.md,
 * "Layout") ----
 * One entry per communicator of a run, largest first, from its members'
 * Init COMPLETE lines (table comm_members). `group` is inferred from the
 * membership alone, never logged: "world" (the largest), "tp" (full sets
 * of consecutive ranks that partition the world, with the size of the
 * configured tensor-parallel degree when the logs state one), "dp" (a
 * stride equal to that size), "pp" (another stride), NULL (none of
 * these). */
struct fl_comm {
	char *comm;          /* commId, or "n<nranks>#<k>" */
	int64_t nranks;      /* as NCCL stated it */
	int64_t members;     /* member ranks seen */
	int64_t hosts;       /* distinct hosts of the members */
	int64_t first_rank, last_rank, stride; /* stride 0: not an arithmetic run */
	const char *group;   /* static */
	char *host_list;     /* up to 4, comma separated */
	char *transports;    /* distinct, space separated; NULL: no channel line */
	char *file;          /* its first member's Init COMPLETE */
	int64_t line;
};

/* The communicators of run_id (caller frees with fl_comms_free()). */
int fl_comms_load(struct fl_store *s, int64_t run_id, struct fl_comm **out, size_t *n,
		  struct fl_err *err);
void fl_comms_free(struct fl_comm *v, size_t n);

/* The cause table, for docs and `faultline causes`. */
struct fl_cause_rule {
	const char *cause;      /* contract cause id */
	const char *kinds;      /* space-separated event kinds that signal it */
	int priority;           /* orders candidate causes of equal weight */
	const char *title;      /* one line */
	const char *remediation[6];
};
size_t fl_cause_rules(const struct fl_cause_rule **out);

/* Every SQL text the analysis runs (analyze_sql.c), for tests/unit/test_sql.c:
 * ?1 is the run id. Returns the number of entries. */
size_t fl_analyze_sql(const struct fl_sql_def **out);

#endif
