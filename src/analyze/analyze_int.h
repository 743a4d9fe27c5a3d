/* SPDX-License-Identifier: MIT */
/* analyze_int.h - private to src/analyze: the events in memory, and the
 * pieces analyze.c puts together. */
#ifndef FAULTLINE_ANALYZE_INT_H
#define FAULTLINE_ANALYZE_INT_H

#include "faultline/analyze.h"
#include "faultline/vocab.h"

/* What an event means for the verdict. */
enum role {
	ROLE_NONE = 0,  /* context only */
	ROLE_SIGNAL,    /* supports a cause but did not end the job by itself */
	ROLE_SECONDARY, /* a consequence of another rank's failure */
	ROLE_PRIMARY,   /* a failure in its own right */
};

/* The statements of analyze_sql.c, by name. */
enum q {
	Q_RUN, Q_SKIPPED, Q_RANKS, Q_PROC_BUSES, Q_EVENTS, Q_EVENTS_SEEN,
	Q_EVENT_TEXTS,
	Q_STEP_ROWS,
	Q_INIT_HANG, Q_INIT_LINES, Q_COLL_LAGGARDS, Q_P2P_CALLS,
	Q_FR_DUMPS, Q_FR_PGS, Q_FR_ENTRIES, Q_FR_STATUS,
	Q_PEER_HOST, Q_STUCK_LAST_LINES,
	Q_SOCKET_CHANNELS, Q_SOCKET_TRANSPORTS, Q_SOCKET_EVENTS, Q_VERSIONS, Q_VERSION_EVIDENCE,
	Q_NONFINITE, Q_NONFINITE_EVIDENCE, Q_LOSS_SCALE, Q_LOSS_SCALE_EVIDENCE, Q_STEP_SERIES,
	Q_SPIKE_AT,
	Q_XIDS, Q_MFU_EVIDENCE, Q_DROP_EVIDENCE, Q_FILE_PATH,
	Q_RANK_TIMING, Q_RANKS_PER_HOST,
	Q_TRAINING, Q_LAST_BY_LINE, Q_MODEL, Q_SERIES, Q_CONFIG, Q_REMEDY,
	Q_LAUNCHER_WORLD,
	Q_GPU_SAMPLES, Q_GPU_RANKS, Q_LOG_ONSET, Q_GDR_MISSING, Q_HCA_COUNTS, Q_HCA_RANKS, Q_COMMS,
	Q_SAVED_HEAD, Q_SAVED_GPUS, Q_SAVED_RANKS, Q_SAVED_ROWS, Q_SAVED_NESTED, Q_SAVE_ANALYSIS, Q_SAVE_RUN, Q_SAVE_OFFSET,
	Q_N
};
const struct fl_sql_def *analyze_sql(enum q which);

/* Its strings belong to the analysis' pools (struct ev_pool, analyze.c):
 * file, host and kind are interned, values are carved from blocks, so a
 * kept event costs its bytes and no allocation of its own. Its text is
 * not held: a pass that quotes it reads it by id (ev_text(), ev_texts()),
 * except the kinds read by text (READ_BY_KIND, analyze.c). */
struct ev {
	int64_t id;
	const char *file;
	uint32_t line;           /* saturated at UINT32_MAX (load_event()) */
	int32_t rank, local_rank, pid; /* -1: unknown, also when out of range */
	const char *host;
	int64_t ts;  /* as logged (UTC µs), FL_TIME_NONE */
	int64_t cts; /* corrected for the host's clock offset */
	const char *kind;
	const char *text;        /* NULL until ev_text() reads it */
	const char *values;      /* its declared fields (vocab.h) that it has, packed
				    (analyze.c: ev_field() reads them) */
	const char *cause;       /* classification (rules.c) */
	/* Small values in small types: a bundle of 32 Ki ranks keeps 131 k
	 * events (each rank's watchdog and teardown lines); these and the
	 * 32-bit line, rank and pid above took the struct from 128 to 96
	 * bytes. */
	uint16_t nvalues;  /* at most one per declared field (vocab.h) */
	uint8_t ts_kind;   /* enum fl_ts_kind */
	uint8_t severity;  /* 0-3 */
	uint8_t role;      /* enum role */
	uint8_t priority;  /* rules.c's, 0-100 */
	bool work_timeout; /* a watchdog summary's "Timeout at NCCL work: N" */
};

/* The most events of one kind of line that a pass quotes: the timeline's
 * earliest (verdict.c) and a cause's evidence (causes.c). The loading
 * keeps no more of each repeated line than these (analyze.c, fold_keep()). */
#define TIMELINE_MAX 60
#define CAUSE_EVIDENCE_MAX 5

/* Where the loaded events' strings live (analyze.c): blocks that are
 * released together, and a set of the strings many events share. */
struct ev_pool {
	struct pool_block *blocks;
	const char **set; /* open addressing, NULL: free */
	size_t cap, n;
};

/* The per-step means as series_collect() found them in its walk, for
 * training_collect() and trend.c, which would each walk them again: each
 * column's last logged value (STEP_* order; NaN where never logged), and
 * for the throughput columns a drop is judged on (tokens/s, TFLOPS,
 * samples/s, steps/s = 1000 / step time) the steps that logged them and
 * their sum. */
enum { STEP_LOSS, STEP_TOKENS, STEP_TFLOPS, STEP_MFU, STEP_LOSS_SCALE, STEP_LR, STEP_GRAD_NORM,
       STEP_ITER_MS, STEP_NLAST };
enum { STEP_NRATES = 4 };
struct step_walk {
	double last[STEP_NLAST];
	int64_t rate_n[STEP_NRATES];
	double rate_sum[STEP_NRATES];
};

/* Per rank that logged steps, folded from its step rows by
 * rank_steps_fold() (findings.c) through a table of the ranks, for the
 * straggler findings. */
struct rank_steps {
	int64_t rank, first, last, n, line, ts, fid;
	double iter_ms, sum; /* sum, nt: of the rows that give a step time */
	int64_t nt;
	const char *host;    /* interned */
	const char *file;    /* NULL: read by fid */
};
struct rank_fold {
	struct rank_steps *r;
	int64_t *tab; /* open addressing: indices into r, -1 free */
	size_t n, cap, tcap;
};
void rank_steps_fold(struct rank_fold *f, int64_t rank, const char *host, int64_t step,
		     double iter_ms, int64_t fid, int64_t line, int64_t ts);
/* Every row folded: the table of the ranks goes (the summaries stay, held
 * to the findings, through the hang analysis' largest allocations). */
void rank_fold_done(struct rank_fold *f);
void rank_fold_release(struct rank_fold *f);

/* A dynamic loss scale under this is zero as logs print it (fairseq's
 * floor is 1e-4, the others' 1; apex halves past any floor to 0.0). */
#define ZERO_SCALE 1e-3

/* What clock.c's walk over the run's kept step rows found for the later
 * passes, which each read every step row again before (the log's onset,
 * loss_scale's count, the stragglers' per-rank summaries). */
struct step_rows {
	int64_t last_ts;       /* the latest stamp; FL_TIME_NONE: none */
	const char *last_host; /* its host (interned), NULL when unknown */
	int64_t tiny_scale;    /* lines with a loss scale under ZERO_SCALE */
	int64_t all_skipped;   /* lines none of whose iterations updated (ALL_SKIPPED) */
	int64_t skipped_from;  /* the least step of those, INT64_MAX: none */
	int64_t loss_until;    /* the greatest step of a line with a loss, -1: none */
	struct rank_fold by_rank;
};

/* Ranks that reached the hang's seq of its process group in another
 * collective than the ranks that waited there: the ranks called
 * different collectives (rank-dependent control flow). ranks (sorted) are
 * the mismatched, op theirs, e the first line that shows it; with_rank,
 * with_op and with_e are a waiting rank's. ranks is NULL when none. */
struct hang_mismatch {
	int64_t *ranks;
	size_t n, cap;
	char *op, *with_op;
	int64_t with_rank;
	const struct ev *e, *with_e;
};

struct ctx {
	struct fl_store *s;
	int64_t run;
	struct fl_analysis *a;
	struct ev *ev;
	size_t nev;
	struct ev_pool pool; /* the events' strings */
	int64_t world; /* world size, -1 unknown */
	int64_t nodes; /* the most nodes a launcher or communicator names, -1 none */
	int64_t config_tp; /* tensor-parallel size as logged (before config_derive()), -1 none */
	const struct ev *first; /* the first primary failure, or NULL */
	int64_t *waiting; /* ranks that reported the hang collective's timeout */
	bool watchdog_lines; /* the watchdog's own timeout lines are in the bundle */
	bool hang_in_init;   /* the stuck ranks never completed communicator init */
	bool socket_unsure;  /* socket_fallback: no line shows traffic between nodes */
	size_t nwaiting;     /* waiting is sorted, without duplicates */
	/* the deciding hang source's mismatch (hang.c), else the Flight
	 * Recorder's collective_type one (without lines) */
	struct hang_mismatch mismatch;
	/* the ranks that started a communicator they never finished while
	 * others finished theirs (hang.c's init_hang(), kept for
	 * hang_check_init()): sorted, without duplicates */
	int64_t *init_open;
	size_t ninit_open;
	bool any_timed;      /* some loadable event had a dated stamp (ts_kind 1) */
	bool any_ranked;     /* some loadable event had a rank */
	struct bus *buses;   /* loaded on first use (analyze.c) */
	size_t nbuses;
	bool buses_loaded;
	struct fr_state *fr; /* fr.c's match of the dumps, made once */
	int text_rc;         /* the first failure of ev_text(), reported at the end */
	struct step_walk steps; /* series_collect() */
	struct step_rows rows;  /* clock_offsets() */
	struct fl_err *err;
};

/* rules.c */
void rules_classify(struct ev *e);
/* Appends each kind that a rule can give a role to, as JSON strings
 * separated by commas. */
void rules_kinds(struct fl_buf *json);
const struct fl_cause_rule *rules_cause(const char *cause);
/* Generic remediation items that evidence can settle: the item's index
 * in its rule, so that causes.c can leave out an "if ..." the lead event
 * has already answered. */
enum {
	REM_GPU_OOM_BATCH = 0,
	REM_GPU_OOM_RECOMPUTE = 1,
	REM_GPU_OOM_SHARDING = 2,
	REM_GPU_OOM_FRAGMENTATION = 3,
	REM_LOSS_DIVERGENCE_LR = 0,
	REM_LOSS_DIVERGENCE_DATA = 1,
	REM_LOSS_DIVERGENCE_FP16 = 2,
	REM_FP16_OVERFLOW_BF16 = 0,
	REM_FP16_OVERFLOW_LR = 1,
	REM_SLOW_TRANSPORT_RDMA = 0,
	REM_SLOW_TRANSPORT_IFNAME = 1,
	REM_SLOW_TRANSPORT_GAS = 2,
	REM_CONFIG_ERROR_BATCH = 1,
	REM_CONFIG_ERROR_LAYOUT = 2,
	REM_COLLECTIVE_HANG_CONTROL_FLOW = 2,
	REM_NCCL_INIT_SHM = 0,
	REM_NCCL_INIT_SAME_NCCL = 1,
	REM_NCCL_INIT_OWN_GPU = 2,
	REM_NCCL_INIT_IFNAME = 3,
	REM_NETWORK_ERROR_LINK = 0,
	REM_NETWORK_ERROR_IB_RETRY = 1,
	REM_NETWORK_ERROR_IB_PROTECTION = 2,
};
/* Xid class (hardware, application, consequence, info) and a sentence
 * with its meaning and usual action (caller frees). */
const char *rules_xid_class(int64_t xid);
char *rules_xid_text(int64_t xid);

/* An event's field, by its declared name (vocab.h): as text, or as a
 * whole integer. False when the event does not have it. */
bool ev_field(const struct ev *e, const char *key, struct fl_buf *out);
bool ev_field_int(const struct ev *e, const char *key, int64_t *out);
/* The event's global rank: its own, else the "[Rank N]" a line without a
 * rank prefix (torch 1.x, a pasted excerpt) names in the default process
 * group, which is the global rank there; -1 when neither. */
int64_t ev_global_rank(const struct ev *e);

/* layout.c: gdrdma_missing, hca_count_mismatch (after findings_collect()) */
int layout_collect(struct ctx *c);

/* telemetry.c: GPU power and utilisation, the hang's onset, odd GPUs.
 * telemetry_analyze() after hang_analyze() (it fills hang.onset) and
 * findings_collect(); telemetry_evidence() after rank_causes(). */
int telemetry_analyze(struct ctx *c);
void telemetry_evidence(struct ctx *c);

/* clock.c */
int clock_offsets(struct ctx *c);
int64_t clock_correct(const struct ctx *c, const char *host, int64_t ts);

/* hang.c */
/* The watchdog's own timeout line (torch.watchdog_timeout, .work_timeout). */
bool hang_watchdog_line(const struct ev *e);
/* A desync report's line that names the collective a rank was in: the
 * reporter's "Timeout at collective", or ProcessGroupWrapper's "Detected
 * mismatch between collectives" (TORCH_DISTRIBUTED_DEBUG=DETAIL), which
 * torch raises on the rank that saw it. */
bool hang_desync_line(const struct ev *e);
void hang_mismatch_release(struct hang_mismatch *m);
/* c->mismatch when the ranks' lines showed one (NULL otherwise, and when
 * the Flight Recorder's collective_type explains it: fr_explain). */
const struct hang_mismatch *hang_lines_mismatch(const struct ctx *c);
/* "rank 3", "ranks 3, 5" (eight at most, then "..."), or "some ranks". */
void hang_mismatch_ranks(struct fl_buf *b, const struct hang_mismatch *m);
bool hang_mismatched(const struct hang_mismatch *m, int64_t rank);
/* "; rank 3 never arrived", "; ranks 3<sep>5<sep>... never arrived" (eight
 * at most): the hang's stuck ranks less those m says reached another
 * collective (m may be NULL); nothing when none is left. */
void hang_absent(struct fl_buf *b, const struct fl_hang *h, const struct hang_mismatch *m,
		 const char *sep);

/* One hang source's view of where progress stopped. hang_analyze() asks
 * every source in SOURCES[] (hang.c) for one, picks the deciding one and
 * lists where the others disagree. A source fills only what it knows
 * (NULL / -1 otherwise) and sets found when it saw a hang at all. */
struct hang_cand {
	bool found;
	char *collective;    /* c10d OpType, upper case */
	char *process_group;
	int64_t seq;         /* -1 unknown */
	bool seq_is_opcount; /* seq counts NCCL launches of its collective, not c10d work */
	int64_t timeout_ms;  /* -1 unknown */
	int64_t *stuck;      /* ranks that never reached or finished it */
	size_t nstuck, capstuck;
	int64_t *waiting;    /* ranks known to wait in it */
	size_t nwaiting, capwaiting;
	bool in_init;        /* stuck in communicator set-up, not a collective */
	int64_t p2p_sender, p2p_receiver; /* a point-to-point hang's two ends, -1 */
	struct hang_mismatch mismatch;
	struct fl_evidence_list evidence;
};
/* Adds a rank to a candidate's stuck or waiting ranks (negative: ignored);
 * hang_analyze() sorts and dedups them. */
void hang_cand_stuck(struct hang_cand *k, int64_t rank);
void hang_cand_waiting(struct hang_cand *k, int64_t rank);
/* "N rank(s) waited" - or, when no waiting line named its rank (torch 1.x
 * prints none), "ranks waited". */
void hang_waiters(struct fl_buf *b, size_t nwaiting);
/* Sets c->hang_in_init when every stuck rank (silent ones included)
 * started a communicator it never finished: the others waited on a set-up
 * that never completed, not on a collective. After hang_analyze(), whose
 * init_hang() source found those ranks (c->init_open). */
void hang_check_init(struct ctx *c);
int hang_analyze(struct ctx *c);

/* fr.c: Flight Recorder dumps as hang sources (hang.c's SOURCES[]).
 * The dumps are matched across ranks once, on the first call (as
 * fr_trace does; docs/FLIGHT_RECORDER.md); the match also sets the
 * hang's Flight Recorder fields (dumps, ranks without one, mismatch,
 * frames) whichever source decides. fr_hang_diverged() finds a hang when
 * the dumps name who diverged (collective_type, size, dtype,
 * not_joined), fr_hang_unfinished() when they only show an unfinished
 * collective (state, not_completed). */
int fr_hang_diverged(struct ctx *c, struct hang_cand *k);
int fr_hang_unfinished(struct ctx *c, struct hang_cand *k);
void fr_release(struct ctx *c);
/* c10d's OpType for an op's name (its first n bytes), from the backend's
 * or the Python function's name; NULL when the table has none. */
const char *c10d_op(const char *name, size_t n);
/* "nccl:all_reduce" -> "ALLREDUCE", an unknown name upper-cased (caller
 * frees; NULL for NULL). */
char *fr_c10d_name(const char *profiling_name);

/* findings.c */
int findings_collect(struct ctx *c);
/* Needs series_collect(). */
int training_collect(struct ctx *c);
/* series.c: a->series and c->steps from one walk over the per-step means. */
int series_collect(struct ctx *c);
/* Steps per second of a step time in ms, NaN for none: one definition
 * for the walk's totals and trend.c's steps, which a drop compares. */
double series_steps_per_s(double iter_ms);
/* Steps in span index of count steps cut into at most spans_max spans
 * as SQL's NTILE cuts them: the first count % spans hold one more. */
size_t series_span_size(int64_t count, size_t spans_max, size_t index);
/* mfu.c: the logged MFU's source, or one computed from the model size, the
 * throughput and the GPU's dense peak; needs training, config and world. */
void mfu_compute(struct ctx *c);
/* trend.c: loss_spike and throughput_drop, from one walk over the per-step
 * series; needs series_collect(). */
int trend_findings(struct ctx *c);
void finding_add(struct fl_analysis *a, const char *id, const char *sev, char *message);
/* The finding finding_add() added last. */
struct fl_finding *last_finding(struct fl_analysis *a);
void evidence_add(struct ctx *c, struct fl_evidence_list *l, const struct ev *e);
void evidence_add_raw(struct fl_evidence_list *l, const char *file, int64_t line, int64_t rank,
		      const char *host, int64_t ts, const char *text);
void evidence_release(struct fl_evidence_list *l);

/* config.c */
int config_collect(struct ctx *c);
/* Fills what follows from the logged values: DP = world / (TP x PP x CP),
 * then GAS = GBS / (MBS x DP) or GBS = MBS x GAS x DP; sets k->derived.
 * After world_collect() (the world size may come from the launcher). */
void config_derive(struct fl_config *k);

/* remedy.c: remediation lines in the run's own numbers. */
#define REMEDY_MAX 6
struct remedy_in {
	const struct fl_config *config;
	double lr;                    /* the last logged learning rate before the
					 first non-finite step; NaN unknown */
	int64_t first_nonfinite_step; /* -1 unknown */
	const char *socket_if;        /* NCCL's socket interface, or NULL */
	bool fp16;                    /* fp16 by the config or by loss-scale lines */
};
struct remedy {
	char *line[REMEDY_MAX]; /* owned */
	size_t n;
	unsigned settled; /* bit i: the cause's generic item i is made concrete */
};
/* The lines for cause (none for causes the configuration does not
 * speak to); release with remedy_release(). */
void remedy_build(const char *cause, const struct remedy_in *in, struct remedy *r);
void remedy_release(struct remedy *r);

/* helpers shared by the analysis files (analyze.c) */
/* Prepares a statement of analyze_sql.c with ?1 bound to the run. On
 * failure c->err names the statement. */
int q_open(struct ctx *c, enum q which, struct fl_stmt **st);
/* fl_stmt_step(): 1 a row, 0 done, < 0 an error named in c->err. */
int q_step(struct ctx *c, enum q which, struct fl_stmt *st);
/* Opens an aggregate statement and steps to its one row (caller frees st). */
int q_row(struct ctx *c, enum q which, struct fl_stmt **st);
int64_t col_int(struct fl_stmt *st, int col, int64_t dflt); /* dflt for NULL */
double col_double(struct fl_stmt *st, int col);            /* NaN for NULL */
char *dup_or_null(struct fl_stmt *st, int col);
const char *rank_host(const struct ctx *c, int64_t rank);   /* borrowed; NULL unknown */
/* The rank whose NCCL busId is this PCI address ("0000:9b:00.0") on host;
 * *rank unchanged when none. */
int bus_rank(struct ctx *c, const char *host, const char *pci, int64_t *rank);
/* An event's fields as the pipeline stores them, a JSON object, read in
 * one pass (fields.c): fn gets each field that has a value, the key and
 * the value as SQLite's json_each gives them (both valid until fn
 * returns). s holds the parse's buffers from one event to the next. */
struct fields_scratch {
	struct fl_buf key, value;
};
void fields_parse(const char *json, struct fields_scratch *s,
		  void (*fn)(void *arg, const char *key, const char *value), void *arg);
void fields_scratch_release(struct fields_scratch *s);

/* The analysis' one copy of s (the events' pool): equal strings are
 * equal pointers, valid until the analysis ends. */
const char *ctx_intern(struct ctx *c, const char *s);
const struct ev *ev_by_id(const struct ctx *c, int64_t id); /* NULL when not loaded */
/* An event's text, read by id on first need and kept with the event (the
 * analysis' pool). A pass quotes a bounded number of events this way;
 * a failed read gives "" and fails the analysis at its end (text_rc). */
const char *ev_text(struct ctx *c, const struct ev *e);
/* The texts of n events in one statement: fn(arg, i, text) for each v[i]
 * (in id order), nothing kept. For the quotes of a pass over every rank. */
int ev_texts(struct ctx *c, const struct ev *const *v, size_t n,
	     void (*fn)(void *arg, size_t i, const char *text), void *arg);
char *first_line(const char *text);                /* caller frees; bounded */
/* Earlier in corrected time; unknown times last (within one file: file
 * order); then priority, then id. */
bool ev_before(const struct ev *x, const struct ev *y);
/* verdict.c: the timeline's order (corrected time, unknown last, line, id). */
int ev_timeline_cmp(const struct ev *a, const struct ev *b);

/* world.c: run.ranks as the logs state it, ranks_seen, silent ranks.
 * world_collect() after config_collect(), before hang_analyze() (which
 * reads config.world_size); world_silent_states() after verdict_ranks(). */
int64_t world_stated(int64_t config_world, int64_t launcher, int64_t max_rank);
int world_collect(struct ctx *c);
void world_silent_states(struct ctx *c);

/* causes.c: likely_cause and other_causes */
int rank_causes(struct ctx *c, const struct ev *first);

/* hca.c: a network_error whose IB failures name a device on a host gets
 * the ranks that use that device there (table hcas). */
int hca_ranks(struct ctx *c);
void cause_hcas_release(struct fl_cause *k);

/* saved.c: the whole analysis as one JSON document in table analyses */
void saved_doc(const struct fl_analysis *a, struct fl_buf *out);
void saved_ranks(const struct fl_analysis *a, struct fl_buf *out); /* the rank states */
const char *saved_digest(void); /* of the analysis code that runs */
/* Reads the saved analysis of c->run into c->a; FL_ENOTFOUND when there
 * is none made by this code. */
int saved_load(struct ctx *c);

/* verdict.c */
/* A job the scheduler ended (time limit, preemption, cancel, eviction):
 * the tracebacks, exits and connection errors printed at or after the
 * kill are its consequences, never a first failure. */
void verdict_after_kill(struct ctx *c);
/* A primary whose cause is unknown (a traceback cut before what it
 * raised) printed after a collective timeout or a desync report's
 * collective in the same file is how that surfaced, raised in Python:
 * secondary, never a first failure. */
void verdict_after_timeout(struct ctx *c);
/* After the job's own end-of-training line, the consequences printed by
 * its teardown name no cause (their role becomes none). */
void verdict_after_finish(struct ctx *c);
const char *verdict_status(struct ctx *c, const struct ev *first);
int verdict_ranks(struct ctx *c);
int verdict_timeline(struct ctx *c);
void verdict_summary(struct ctx *c);
void verdict_signature(struct ctx *c);

#endif
