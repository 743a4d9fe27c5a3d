/* SPDX-License-Identifier: MIT */
/* pipeline_int.h - private to src/pipeline: between the reader thread
 * (reader.c) and the per-line work (pipeline.c). */
#ifndef FAULTLINE_PIPELINE_INT_H
#define FAULTLINE_PIPELINE_INT_H

#include "faultline/pipeline.h"

struct ing; /* the ingest context, in pipeline.c */

/* The consumer side, called in the calling thread for each member. */
int pipeline_member_begin(struct ing *g, const struct fl_member *m);
int pipeline_feed(struct ing *g, const char *p, size_t n);
int pipeline_member_end(struct ing *g, const struct fl_member *m, const struct fl_member_stats *in);
void pipeline_skipped(struct ing *g, const char *path, const char *why);

/* Runs the ingest of path in a reader thread, feeding g here. */
int pipeline_read(struct ing *g, const char *path, const struct fl_ingest_opts *io,
		  struct fl_ingest_stats *stats, struct fl_err *err);

#endif
