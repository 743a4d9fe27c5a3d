/* SPDX-License-Identifier: MIT */
/*
 * store.h - the SQLite store: runs, files, events, and what analysis reads.
 *
 * Fourth stage, and the only module that includes sqlite3.h. The schema
 * (docs/SCHEMA.md) is versioned with PRAGMA user_version and migrated
 * forward on open; a file newer than this code is refused.
 *
 * Write path: one ingest is one transaction, from fl_store_run_begin() to
 * fl_store_run_commit() or fl_store_run_rollback(); a failed or killed
 * ingest leaves nothing behind. WAL lets readers work while a run is
 * written.
 *
 * Read path: analysis and reports run SQL through the small statement
 * wrapper below, so they need no SQLite headers.
 *
 * Ownership: strings passed in are copied (SQLITE_TRANSIENT) unless said
 * otherwise; strings returned by fl_stmt_text() live until the next step.
 */
#ifndef FAULTLINE_STORE_H
#define FAULTLINE_STORE_H

#include "faultline/util.h"

#define FL_SCHEMA_VERSION 15

enum fl_store_flags {
	FL_STORE_READONLY = 1 << 0,
	FL_STORE_CREATE = 1 << 1,
	FL_STORE_NO_WAL = 1 << 2, /* rollback journal: for stores on network file systems */
};

struct fl_store;

/* Opens (and with FL_STORE_CREATE creates, with its directory) the store
 * at path, migrating it to FL_SCHEMA_VERSION. */
int fl_store_open(struct fl_store **out, const char *path, unsigned flags, struct fl_err *err);
void fl_store_close(struct fl_store *s);
/* SQLite's integrity check: FL_OK when the store is intact, else FL_EDB
 * with the first problem found (tests/e2e/test_faults.c). */
int fl_store_check(struct fl_store *s, struct fl_err *err);
/* Directory holding the store; kept bundles live in <dir>/bundles/. */
const char *fl_store_dir(const struct fl_store *s);
/* The store's own files, NULL-terminated: the database, SQLite's -wal,
 * -shm and -journal beside it, and <dir>/bundles. Owned by the store. An
 * ingest of a directory that holds the store passes over them
 * (fl_ingest_opts.own). */
const char *const *fl_store_files(const struct fl_store *s);
/* <dir>/bundles, where kept bundles live (one of fl_store_files()).
 * Owned by the store. */
const char *fl_store_bundles_dir(const struct fl_store *s);

/* The default path: $FAULTLINE_DB, else $XDG_DATA_HOME/faultline/faultline.db,
 * else ~/.local/share/faultline/faultline.db. Caller frees. */
char *fl_store_default_path(void);

/* ---- write path: one run ---- */

struct fl_run_meta {
	int64_t replace;         /* > 0: re-analysis of this run: it is deleted and
				    its id reused in the same transaction, and the
				    new row keeps its bundle, bundle_path,
				    ingested_at, sha256 and kept (the fields below
				    and those of fl_run_totals are then ignored) */
	const char *bundle;      /* name as the user gave it (basename) */
	const char *bundle_path; /* absolute path at ingest time */
	const char *patterns_digest;
	int64_t ingested_at;     /* µs */
	int shard, shards;       /* shards > 0: this run is shard `shard` (0-based)
	                            of `shards` of one job (ingest --shard) */
};

int fl_store_run_begin(struct fl_store *s, const struct fl_run_meta *m, int64_t *run_id,
		       struct fl_err *err);
int fl_store_run_rollback(struct fl_store *s);

struct fl_run_totals {
	const char *sha256;
	const char *kept;  /* kept bundle path relative to the store dir, or NULL */
	int64_t files, lines, bytes, skipped;
	int64_t events;    /* events matched, folded repeats included */
	int year;          /* bundle year for year-less stamps, 0 unknown */
	bool yearless;     /* some stamps were year-less (provisional year) */
	/* The largest world_size (> 0) any event stated, and the largest
	 * nranks of an NCCL init line (nccl.init_start, init_complete,
	 * comm_topo, init_timings); 0: none. */
	int64_t world_size_max, nccl_nranks_max;
};
/* Resolves ranks (NCCL host:pid joins, per-file ranks), fixes year-less
 * times, fills the ranks and hosts tables, and commits. */
int fl_store_run_commit(struct fl_store *s, int64_t run_id, const struct fl_run_totals *t,
			struct fl_err *err);

/* Re-runs the resolution passes of fl_store_run_commit() for a run whose
 * rows were written by other means (merging shards): procs, ranks and
 * hosts are rebuilt. Call inside a write transaction. */
int fl_store_resolve(struct fl_store *s, int64_t run_id, int year, bool yearless,
		     struct fl_err *err);

/* What became of a deleted run's kept bundle (fl_store_run_delete). */
enum fl_kept_fate {
	FL_KEPT_NONE,    /* the run had none, or another run still refers to it */
	FL_KEPT_REMOVED, /* removed; bytes is its size */
	FL_KEPT_GONE,    /* it was already gone */
	FL_KEPT_OUTSIDE, /* its stored name leads out of bundles/: not touched */
	FL_KEPT_FAILED,  /* it could not be removed */
};
struct fl_deleted {
	enum fl_kept_fate fate;
	char *kept;   /* runs.kept, unless FL_KEPT_NONE */
	int64_t bytes;
	char *why;    /* FL_KEPT_OUTSIDE, FL_KEPT_FAILED: what went wrong */
};
/* Deletes a run and everything it owns, in its own transaction, then its
 * kept bundle if no other run refers to it (a failed delete never loses a
 * bundle). Release d with fl_deleted_release() whatever the result. */
int fl_store_run_delete(struct fl_store *s, int64_t run_id, struct fl_deleted *d,
			struct fl_err *err);
void fl_deleted_release(struct fl_deleted *d);

/* Looks a bundle up by content. Returns FL_OK and sets *run_id, or
 * FL_ENOTFOUND. When patterns_digest is not NULL it gets the digest of
 * the pattern library that run was read with (caller frees; NULL when
 * the run has none). */
int fl_store_run_by_sha(struct fl_store *s, const char *sha256, int64_t *run_id,
			char **patterns_digest);
/* `last` or a number. */
int fl_store_resolve_run(struct fl_store *s, const char *spec, int64_t *run_id, struct fl_err *err);

/* Attribution of a row; -1 / NULL for unknown. */
struct fl_row_attr {
	int64_t rank, local_rank, pid;
	int dev;
	const char *host;
	size_t host_len;
	int64_t ts;   /* FL_TIME_NONE when unknown */
	int ts_kind;
	double uptime; /* < 0 when none */
};

struct fl_file_meta {
	const char *path;
	int64_t rank, local_rank, pid; /* from the path */
	const char *host;
	int attempt;
};
int fl_store_file_add(struct fl_store *s, int64_t run_id, const struct fl_file_meta *m,
		      int64_t *file_id);
struct fl_file_totals {
	int64_t bytes, lines, truncated, conflicts;
	int64_t boot; /* dmesg boot time, FL_TIME_NONE */
};
int fl_store_file_done(struct fl_store *s, int64_t file_id, const struct fl_file_totals *t);

struct fl_event_row {
	int64_t run_id, file_id;
	int64_t line, nlines, offset;
	struct fl_row_attr a;
	const char *kind, *pattern;
	int severity;
	const char *fields; /* JSON object text */
	const char *text;
	size_t text_len;
};
/* *id (may be NULL): the row's id. */
int fl_store_event_add(struct fl_store *s, const struct fl_event_row *e, int64_t *id);
/* Event id stands for itself and n identical events after it in its file
 * that were not stored, the last of them at last_line and last_ts
 * (FL_TIME_NONE: no time). */
int fl_store_event_repeats(struct fl_store *s, int64_t id, int64_t n, int64_t last_line,
			   int64_t last_ts);
/* Event id (of a `store: once` pattern) stands for itself and n alike
 * events elsewhere in the run (other files, ranks) that were not stored. */
int fl_store_event_copies(struct fl_store *s, int64_t id, int64_t n);

enum fl_step_col {
	FL_STEP_STEP, FL_STEP_LOSS, FL_STEP_GRAD_NORM, FL_STEP_LOSS_SCALE, FL_STEP_LR,
	FL_STEP_TOKENS_PER_S, FL_STEP_SAMPLES_PER_S, FL_STEP_TFLOPS, FL_STEP_MFU, FL_STEP_ITER_MS,
	FL_STEP_SKIPPED, FL_STEP_NAN_ITERS, FL_STEP_GBS, FL_STEP_NCOLS
};
struct fl_step_row {
	int64_t run_id, file_id, line;
	struct fl_row_attr a;
	bool has[FL_STEP_NCOLS];
	double v[FL_STEP_NCOLS];
	bool loss_missing;
	const char *loss_text;      /* "nan", "inf", "-inf" when not finite, else NULL */
	const char *grad_norm_text; /* likewise */
};
/* loss_missing: the line has no loss although an earlier step line of
 * its file had one (Megatron drops it from a line whose loss was NaN). */
int fl_store_step_add(struct fl_store *s, const struct fl_step_row *r);

/* Sums of one step's lines over the ranks that logged it (step_stats).
 * n[c] and sum[c] are indexed by enum fl_step_col, FL_STEP_LOSS up to
 * FL_STEP_ITER_MS; only finite values (and mfu >= 0) are summed. Adding
 * a step that is already stored adds to its sums, so flushes per file,
 * per shard or when memory runs short combine into the same row. */
#define FL_STEP_NSUMMED (FL_STEP_ITER_MS + 1)
struct fl_step_stat {
	int64_t run_id, step, lines;
	int64_t first_ts, last_ts; /* FL_TIME_NONE: no line had a time */
	int64_t n[FL_STEP_NSUMMED];
	double sum[FL_STEP_NSUMMED];
	double loss_max;                        /* when n[FL_STEP_LOSS] > 0 */
	int64_t loss_max_file_id, loss_max_line; /* the line that logged it */
};
/* Stores n rows, in order, several to a statement: the end of a long run
 * stores a row per step. new_steps: the caller knows that none of these
 * steps has a row in the run yet, nor comes twice (cheaper: nothing is
 * added up); a step that does fails the call. */
int fl_store_step_stats_add(struct fl_store *s, const struct fl_step_stat *rows, size_t n,
			    bool new_steps);

/* One of the last lines of a file. */
struct fl_tail_line {
	int64_t line;
	struct fl_row_attr a;
	const char *text;
	size_t len;
};
/* The last n lines of a file, oldest first: one row of table tails. */
int fl_store_tail_set(struct fl_store *s, int64_t run_id, int64_t file_id,
		      const struct fl_tail_line *v, size_t n);
int fl_store_skipped_add(struct fl_store *s, int64_t run_id, const char *path, const char *why);

/* Aggregates kept per process (host, pid) or per rank. The pipeline
 * writes them as each file ends; a process whose lines go on in a later
 * file adds to the row written for it then: *_add() gives the row's id
 * in *id (may be NULL), *_more() adds r to row id. */
struct fl_transport_row {
	int64_t run_id;
	const char *host;
	int64_t pid, rank;
	const char *transport;
	int gdr;
	int64_t channels;
	int64_t file_id, line; /* a sample line */
	const char *sample;
	/* the process's rank in the communicator of its channel lines when
	 * every one of them names the same (NCCL prints its own rank on the
	 * left of a send, on the right of a [receive]); -1: none, or not */
	int64_t comm_rank;
};
int fl_store_transport_add(struct fl_store *s, const struct fl_transport_row *r, int64_t *id);
/* r's channels added to row id; its comm_rank kept only if r's agrees. */
int fl_store_transport_more(struct fl_store *s, int64_t id, const struct fl_transport_row *r);

struct fl_coll_row {
	int64_t run_id;
	const char *host;
	int64_t pid, rank;
	const char *comm, *op;
	int64_t last_opcount, calls, nranks;
	int64_t last_ts;
	int64_t peer;          /* Send/Recv: the peer's rank in comm; -1 for a collective */
	int64_t file_id, line; /* Send/Recv: the last call's line; sample its text (may be NULL) */
	const char *sample;
};
int fl_store_coll_add(struct fl_store *s, const struct fl_coll_row *r, int64_t *id);
/* r's calls added to row id; r's opCount where higher, its last time
 * where it has one, and a Send's or Recv's last line. */
int fl_store_coll_more(struct fl_store *s, int64_t id, const struct fl_coll_row *r);

/* One bucket of a GPU's telemetry series (docs/TELEMETRY.md): `samples`
 * consecutive samples from ts to last_ts, their mean power and
 * utilisation (NaN: not sampled). source is a static string
 * ("nvidia-smi-csv", "nvidia-smi-q", "dcgm"). */
struct fl_gpu_sample_row {
	int64_t run_id;
	const char *host;   /* NULL unknown */
	int64_t gpu;        /* the GPU's index on its host */
	const char *bus_id; /* PCI bus id as the source prints it; NULL */
	const char *source;
	int64_t ts, last_ts; /* FL_TIME_NONE: the source had no time */
	int64_t samples;
	double power_w, util_pct, mem_used_mib;
	int64_t file_id, line; /* the bucket's first sample */
};
int fl_store_gpu_sample_add(struct fl_store *s, const struct fl_gpu_sample_row *r);

/* One member process of an NCCL communicator (docs/SCHEMA.md). */
struct fl_comm_member_row {
	int64_t run_id;
	const char *comm; /* commId, else "n<nranks>#<k>": the k-th of that size
			   * the process created */
	const char *ptr;  /* the process's comm pointer */
	const char *host;
	int64_t pid, rank, comm_rank, nranks, cuda_dev; /* -1 unknown */
	const char *bus_id;
	const char *transports; /* "NET/IB+GDRDMA P2P/CUMEM", NULL: no channel line */
	int64_t file_id, line;  /* its Init COMPLETE line */
};
int fl_store_comm_member_add(struct fl_store *s, const struct fl_comm_member_row *r);

/* A NET/IB device one process's channel lines went through (table hcas). */
struct fl_hca_row {
	int64_t run_id;
	const char *host;
	int64_t pid, rank;
	int64_t net_dev;       /* NCCL's index: "via NET/IB/<net_dev>" */
	const char *device;    /* "mlx5_1" from the process's NET/IB : Using list; NULL unknown */
	int64_t port;          /* -1 unknown */
	int64_t channels;
	int64_t file_id, line; /* the first such channel line */
	const char *sample;
};
int fl_store_hca_add(struct fl_store *s, const struct fl_hca_row *r, int64_t *id);
/* r's channels added to row id; r's device and port where it had none. */
int fl_store_hca_more(struct fl_store *s, int64_t id, const struct fl_hca_row *r);

struct fl_activity_row {
	int64_t run_id, file_id;
	int64_t rank, local_rank, pid;
	const char *host;
	int64_t lines, first_ts, last_ts, last_line;
	const char *last_text; /* the stream's last line (a silent rank's last words) */
};
int fl_store_activity_add(struct fl_store *s, const struct fl_activity_row *r);

/* Flight Recorder dumps (docs/FLIGHT_RECORDER.md): one row per dump file
 * (its files row is file_id), its process groups as pg_config states
 * them, and its ring buffer's entries in order (idx). rank is the dump's,
 * from its file name, -1 unknown; other ints -1 when absent, texts NULL. */
struct fl_fr_dump_row {
	int64_t run_id, file_id, rank;
	const char *version;
	int64_t entries;
};
int fl_store_fr_dump_add(struct fl_store *s, const struct fl_fr_dump_row *r);

struct fl_fr_pg_row {
	int64_t run_id, file_id, rank;
	const char *name, *desc, *ranks; /* ranks as written: "[0, 1, 2]" */
	int64_t last_enqueued, last_started, last_completed; /* -1: not stated */
};
int fl_store_fr_pg_add(struct fl_store *s, const struct fl_fr_pg_row *r);

struct fl_fr_entry_row {
	int64_t run_id, file_id, rank, idx;
	int64_t record_id, pg_id, collective_seq_id, p2p_seq_id, op_id;
	const char *pg_name, *pg_desc, *profiling_name, *state;
	const char *input_sizes, *input_dtypes, *output_sizes, *output_dtypes; /* JSON */
	int64_t time_created_ns, time_started_ns, time_completed_ns, timeout_ms;
	int retired, is_p2p; /* 0, 1, -1 absent */
	const char *frames;  /* "name (file:line)" per line */
};
int fl_store_fr_entry_add(struct fl_store *s, const struct fl_fr_entry_row *r);

/* ---- kept bundles (store_bundle.c) ----
 * A copy of a bundle beside the store, content-addressed, so that a run
 * can be read again: <store dir>/bundles/<sha256><ext>, named by
 * runs.kept relative to the store directory. The store places, locates,
 * copies (merging), collects and deletes them; the ingest module writes
 * the bytes to the path fl_store_bundle_incoming() gives. A stored name
 * is followed only inside bundles/. Design: docs/internals/store.md. */

/* The path an ingest writes its copy to while it reads the bundle
 * (bundles/incoming-<pid>, bundles/ created). Caller frees. */
int fl_store_bundle_incoming(struct fl_store *s, char **path, struct fl_err *err);
/* Moves the finished copy at incoming to bundles/<sha256><ext>, ext from
 * the bundle's name (".tar.zst" for a directory, which ingest wrote as a
 * zstd tar); incoming is gone afterwards. Returns the name to record in
 * runs.kept (caller frees), NULL when it could not be placed. Call inside
 * the run's transaction, just before fl_store_run_commit(), so that gc
 * never sees a placed file as unreferenced. */
char *fl_store_bundle_place(struct fl_store *s, const char *incoming, const char *sha256,
			    const char *name, bool dir);
/* Removes the copy of an ingest that does not commit (NULL: nothing). */
void fl_store_bundle_discard(const char *incoming);

/* Where a run's bundle can be read again. */
struct fl_bundle_source {
	char *path;    /* the kept copy, else the path it was ingested from */
	char *name;    /* the name it was ingested under (runs.bundle): read the
			  copy under it, since a single log's member is named
			  after the file (rank3.log.gz), which may say the rank */
	char *sha256;  /* runs.sha256 */
	char *kept;    /* runs.kept, or NULL */
	bool in_place; /* path is the original, whose content may have changed */
};
/* Fills src for run_id: the kept copy when it is there, else the original
 * while it is readable. FL_ENOTFOUND, with why in err, when neither is.
 * Release src with fl_bundle_source_release(). */
int fl_store_bundle_source(struct fl_store *s, int64_t run_id, struct fl_bundle_source *src,
			   struct fl_err *err);
void fl_bundle_source_release(struct fl_bundle_source *src);

/* A file of bundles/ that no run refers to (fl_store_bundles_collect). */
struct fl_collected {
	char *name;    /* in bundles/ */
	int64_t bytes;
	char *why;     /* NULL: removed; else why it could not be */
};
/* Removes every file of bundles/ that no run refers to: orphans of runs
 * deleted by hand, of merged or restored stores, of killed ingests
 * (incoming-<pid>, *.tmp.<pid>, spared while that process lives). Runs
 * under the write lock. *out (free with fl_collected_free) lists what was
 * found, also when the sweep fails part-way. */
int fl_store_bundles_collect(struct fl_store *s, struct fl_collected **out, size_t *n,
			     struct fl_err *err);
void fl_collected_free(struct fl_collected *c, size_t n);

/* ---- maintenance ---- */

/* VACUUM; *before and *after get the database size in bytes (-1 when it
 * could not be read). */
int fl_store_compact(struct fl_store *s, int64_t *before, int64_t *after, struct fl_err *err);

/* ---- read path ---- */

/* A named SQL text. A module that reads the store keeps every statement
 * it runs in one table of these (analyze: src/analyze/analyze_sql.c), so
 * that tests/unit/test_sql.c can prepare each against a fresh store and
 * name the one a schema change broke. */
struct fl_sql_def {
	const char *name;
	const char *text;
};

struct fl_stmt;
int fl_store_prepare(struct fl_store *s, const char *sql, struct fl_stmt **out, struct fl_err *err);
void fl_stmt_free(struct fl_stmt *st);
void fl_stmt_reset(struct fl_stmt *st);
void fl_stmt_bind_int(struct fl_stmt *st, int idx, int64_t v);
void fl_stmt_bind_double(struct fl_stmt *st, int idx, double v);
void fl_stmt_bind_text(struct fl_stmt *st, int idx, const char *v); /* NULL binds NULL */
/* 1: a row is ready; 0: done; < 0: error (message via fl_store_errmsg). */
int fl_stmt_step(struct fl_stmt *st);
int fl_stmt_columns(struct fl_stmt *st);
const char *fl_stmt_column_name(struct fl_stmt *st, int col);
bool fl_stmt_null(struct fl_stmt *st, int col);
int64_t fl_stmt_int(struct fl_stmt *st, int col);
double fl_stmt_double(struct fl_stmt *st, int col);
const char *fl_stmt_text(struct fl_stmt *st, int col); /* "" for NULL */
size_t fl_stmt_bytes(struct fl_stmt *st, int col);
/* Column type: 'i' integer, 'f' float, 't' text, 'n' null, 'b' blob. */
char fl_stmt_type(struct fl_stmt *st, int col);
const char *fl_store_errmsg(struct fl_store *s);
/* A REAL as SQLite shows it as text ("%!.15g": 2.0, 1.0e-05), into buf
 * of n bytes: what a query gives for a float read from stored JSON. */
void fl_store_real_text(double v, char *buf, size_t n);
/* The message of the last error on the statement's store. */
const char *fl_stmt_errmsg(struct fl_stmt *st);

/* Executes SQL without results (several statements allowed). */
int fl_store_exec(struct fl_store *s, const char *sql, struct fl_err *err);
/* Runs fn inside BEGIN IMMEDIATE ... COMMIT (ROLLBACK when it fails). */
int fl_store_write(struct fl_store *s, int (*fn)(struct fl_store *s, void *ctx), void *ctx,
		   struct fl_err *err);

/* Marks the connection read-only for user SQL: an authorizer refuses
 * anything but reading (used by `faultline sql`). */
void fl_store_lock_readonly(struct fl_store *s);

/* ---- merging stores (store_merge.c) ----
 * Sources are opened read-only and must have this schema version. */
struct fl_merged {
	int64_t run_id;
	bool existed; /* s already held this bundle: run_id is that run */
};
/* Copies every run of the store at src into s with new ids, with its
 * analysis and kept bundle, in one transaction. *out (caller frees) gets
 * one entry per source run, oldest first. */
int fl_store_merge(struct fl_store *s, const char *src, struct fl_merged **out, size_t *n,
		   struct fl_err *err);
/* Combines shards of one job (each store at srcs[i] holds exactly one
 * run, ingested from e.g. one node's logs) into one new run of s: the
 * union of their rows, ranks and hosts resolved again over the whole.
 * Its sha256 is that of the sorted shard digests; it keeps no bundle. */
int fl_store_merge_shards(struct fl_store *s, const char *const *srcs, size_t n,
			  struct fl_merged *out, struct fl_err *err);

#endif
