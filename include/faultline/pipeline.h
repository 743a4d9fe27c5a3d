/* SPDX-License-Identifier: MIT */
/*
 * pipeline.h - bundle in, attributed events stored: ingest -> attrib ->
 * extract -> store, in one streaming pass.
 *
 * Routine high-volume lines are folded into compact tables instead of
 * events: step metrics into `steps`, NCCL channel lines into `transports`,
 * COLL traces into `colls`; every line counts toward its stream's
 * `activity` (first/last time, last line), and the last lines of each file
 * are kept in `tails`.
 */
#ifndef FAULTLINE_PIPELINE_H
#define FAULTLINE_PIPELINE_H

#include "faultline/extract.h"
#include "faultline/ingest.h"
#include "faultline/store.h"

/* What is copied beside the store (bundles/<sha256><ext>) so that a run
 * can be read again. A bundle that is not copied is re-read where it was
 * (runs.bundle_path) as long as its content still has the run's sha256. */
enum fl_keep {
	FL_KEEP_NONE,  /* nothing */
	FL_KEEP_FILES, /* archives and single files, as they are (the default):
			* a directory is usually the job's own log directory
			* on shared storage, and compressing a copy of it costs
			* more CPU than analysing it */
	FL_KEEP_ALL,   /* directories too, as a zstd tar */
};

/* Where a running ingest stands, for a progress display. */
struct fl_progress {
	uint64_t bytes_read;  /* of the bundle on disk (compressed, for an archive) */
	uint64_t bytes_total; /* the bundle's size on disk; 0 when unknown */
	uint64_t members;     /* text members begun */
	uint64_t lines;       /* lines consumed */
	uint64_t events;      /* events stored */
	double elapsed_s;
};

/* Called by the calling thread while fl_pipeline_ingest() runs: once at
 * its first batch of lines, then at most every FL_PROGRESS_MS. Never
 * after the call returns, so the caller clears its display then. */
typedef void fl_progress_fn(void *ctx, const struct fl_progress *p);

#define FL_PROGRESS_MS 100

struct fl_pipeline_opts {
	enum fl_keep keep;
	size_t tail_lines;  /* last lines kept per file (default 20) */
	size_t max_line;    /* 0: ingest default */
	/* The limits on hostile input (max_line above wins); NULL: defaults. */
	const struct fl_ingest_opts *limits;
	/* shards > 0: the run is shard `shard` (0-based) of `shards` of one
	 * job (struct fl_run_meta), for fl_store_merge_shards(). */
	int shard, shards;
	/* Progress of the ingest; NULL: none. */
	fl_progress_fn *progress;
	void *progress_ctx;
};

void fl_pipeline_opts_init(struct fl_pipeline_opts *o);

struct fl_ingest_result {
	int64_t run_id;
	bool existed;       /* the same bytes were ingested before: run_id is that run */
	bool stale;         /* existed, read with another pattern library: reanalyze it */
	struct fl_ingest_stats stats;
	uint64_t events;
};

/* Ingests the bundle at path into a new run (one transaction). When its
 * bytes are already a run, nothing is written: res->existed, res->run_id
 * that run. */
int fl_pipeline_ingest(struct fl_store *s, const struct fl_patterns *p, const char *path,
		       const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
		       struct fl_err *err);

/* Re-analysis: reads run_id's bundle again where the store says it can
 * be read (fl_store_bundle_source: the kept copy, under the name it was
 * ingested with, else the original in place) and replaces the run, same
 * id and identity, in one transaction; o->keep is ignored (nothing new is
 * kept). A failure leaves the old run as it was: FL_ENOTFOUND when the
 * bundle cannot be read any more, FL_ECHANGED when the original read in
 * place no longer has the run's sha256. */
int fl_pipeline_reingest(struct fl_store *s, const struct fl_patterns *p, int64_t run_id,
			 const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
			 struct fl_err *err);

/* ---- the lines around an event, read again (context.c) ---- */

struct fl_context_line {
	int64_t lineno;
	char *text;
};
struct fl_context {
	struct fl_context_line *lines; /* in line order; owned */
	size_t n;                      /* 0: none, and note says why */
	bool in_place;                 /* read from the original: no copy was kept */
	char *note;                    /* why there are no lines; owned */
};
/* Reads lines lo..hi of member `member` of run_id's bundle again, from
 * wherever the store says it can be read, under the name it was ingested
 * with. An original read in place must still have, at `line`, the first
 * line of `expect` (the event's stored text), else no lines are given.
 * Never fails: what cannot be read is said in out->note. Release out with
 * fl_context_release(). */
void fl_pipeline_context(struct fl_store *s, int64_t run_id, const char *member, int64_t line,
			 int64_t lo, int64_t hi, const char *expect, struct fl_context *out);
void fl_context_release(struct fl_context *c);

#endif
