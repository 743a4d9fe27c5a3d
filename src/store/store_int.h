/* SPDX-License-Identifier: MIT */
/* store_int.h - private to src/store. */
#ifndef FAULTLINE_STORE_INT_H
#define FAULTLINE_STORE_INT_H

#include <sqlite3.h>

#include "faultline/store.h"

enum hot_stmt {
	ST_EVENT, ST_STEP, ST_TAIL, ST_FILE, ST_FILE_DONE, ST_SKIPPED, ST_TRANSPORT, ST_COLL,
	ST_ACTIVITY, ST_STEP_STAT, ST_GPU_SAMPLE, ST_FR_DUMP, ST_FR_PG, ST_FR_ENTRY, ST_COMM_MEMBER,
	ST_HCA, ST_EVENT_REPEATS, ST_EVENT_COPIES, ST_TRANSPORT_MORE, ST_COLL_MORE, ST_HCA_MORE,
	ST_STEP_STATS, ST_STEP_STATS_NEW, ST_N
};

/* The kept bundles' directory under the store's (store_bundle.c). */
#define BUNDLES "bundles/"

struct fl_store {
	sqlite3 *db;
	char *path;
	char *dir;
	char *files[6];         /* fl_store_files(): path, its -wal, -shm,
				 * -journal, bundles/; NULL */
	sqlite3_stmt *hot[ST_N];
	bool in_run;
	char *deferred_indexes; /* CREATE INDEX statements to run at commit */
	char *replaced_sha256;  /* in a re-analysis: the run's sha256, kept at commit */
	bool wal_after;         /* the run is the store's bulk load, written with a
				 * rollback journal: back to WAL when it ends */
	bool fk_after;          /* a new run is written without foreign key checks:
				 * back on when it ends (fresh_run_fks()) */
};

struct fl_stmt {
	struct fl_store *s;
	sqlite3_stmt *st;
};

/* PRAGMA user_version: the schema version of the open store. */
int store_version(struct fl_store *s, int *v);
int store_migrate(struct fl_store *s, bool readonly, struct fl_err *err);
int store_err(struct fl_store *s, struct fl_err *err, const char *what);
sqlite3_stmt *store_hot(struct fl_store *s, enum hot_stmt which);
void store_finalize_hot(struct fl_store *s);
/* The ON CONFLICT clause that adds a step_stats row to the stored one:
 * sums and counts add, times widen, the larger loss keeps its line. */
#define STORE_SUMMED(c) c "_n = " c "_n + excluded." c "_n, " c "_sum = " c "_sum + excluded." c "_sum, "
#define STORE_LARGER_LOSS(c)                                                                    \
	c " = CASE WHEN excluded.loss_n > 0 AND (loss_n = 0 OR excluded.loss_max > loss_max)"   \
	  " THEN excluded." c " ELSE " c " END"
#define STORE_STEP_STATS_UPSERT                                                                 \
	" ON CONFLICT(run_id, step) DO UPDATE SET lines = lines + excluded.lines,"              \
	" first_ts = COALESCE(MIN(first_ts, excluded.first_ts), first_ts, excluded.first_ts),"  \
	" last_ts = COALESCE(MAX(last_ts, excluded.last_ts), last_ts, excluded.last_ts), "      \
	STORE_SUMMED("loss") STORE_SUMMED("grad_norm") STORE_SUMMED("loss_scale")              \
	STORE_SUMMED("lr") STORE_SUMMED("tokens_per_s") STORE_SUMMED("samples_per_s")          \
	STORE_SUMMED("tflops") STORE_SUMMED("mfu") STORE_SUMMED("iter_ms")                     \
	STORE_LARGER_LOSS("loss_max") ", " STORE_LARGER_LOSS("loss_max_file_id") ", "           \
	STORE_LARGER_LOSS("loss_max_line")

/* ---- store_bundle.c ---- */
/* <dir>/<kept>, or NULL when the stored name would lead out of bundles/
 * (caller frees). */
char *store_bundle_path(const char *dir, const char *kept);
/* Copies the kept bundle `kept` of the store in src_dir beside s (merging).
 * Returns the name to record (NULL when the source lost it, or names a
 * file outside its bundles/); *placed gets the path of a file written
 * now, so that a failed merge can take it back (caller frees both). */
char *store_bundle_bring(struct fl_store *s, const char *src_dir, const char *kept,
			 char **placed);
/* Removes the kept bundle of a deleted run and says how it went in d. */
void store_bundle_remove(struct fl_store *s, const char *kept, struct fl_deleted *d);

void store_bind_attr(sqlite3_stmt *st, int first, const struct fl_row_attr *a);

#endif
