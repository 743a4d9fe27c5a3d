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

struct fl_pipeline_opts {
	bool keep;          /* keep a content-addressed copy beside the store */
	size_t tail_lines;  /* last lines kept per file (default 20) */
	size_t max_line;    /* 0: ingest default */
	/* Re-analysis: replace this run (same id) atomically, and record
	 * sha256 and kept instead of the values of the bytes read (the kept
	 * copy of a directory is a tar whose hash differs from the directory's). */
	int64_t replace_run;
	const char *sha256;
	const char *kept;
};

void fl_pipeline_opts_init(struct fl_pipeline_opts *o);

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
