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

struct fl_pipeline_opts {
	enum fl_keep keep;
	size_t tail_lines;  /* last lines kept per file (default 20) */
	size_t max_line;    /* 0: ingest default */
	/* Re-analysis: replace this run (same id) atomically, and record
	 * sha256 and kept instead of the values of the bytes read (the kept
	 * copy of a directory is a tar whose hash differs from the directory's). */
	int64_t replace_run;
	const char *sha256;
	const char *kept;
	/* Re-reading a bundle in place: fail with FL_ECHANGED unless the bytes
	 * read have this sha256. */
	const char *expect_sha256;
};

void fl_pipeline_opts_init(struct fl_pipeline_opts *o);

/* The extension a kept copy of a bundle named name gets ("job.tar.gz" ->
 * ".tar.gz", unknown -> ""; a directory -> ".tar.zst"): the copy must keep
 * the suffix the format is sniffed by. A static string. */
const char *fl_pipeline_kept_ext(const char *name, bool dir);

struct fl_ingest_result {
	int64_t run_id;
	bool existed;       /* the same bytes were ingested before: run_id is that run */
	struct fl_ingest_stats stats;
	uint64_t events;
};

/* Ingests the bundle at path into a new run (one transaction). */
int fl_pipeline_ingest(struct fl_store *s, const struct fl_patterns *p, const char *path,
		       const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
		       struct fl_err *err);

#endif
