/* SPDX-License-Identifier: MIT */
/* pipeline_int.h - private to src/pipeline: between the reader thread
 * (reader.c) and the per-line work (pipeline.c). */
#ifndef FAULTLINE_PIPELINE_INT_H
#define FAULTLINE_PIPELINE_INT_H

#include "faultline/pipeline.h"
#include "faultline/store.h"

struct ing; /* the ingest context, in pipeline.c */

/* The consumer side, called in the calling thread for each member. */
int pipeline_member_begin(struct ing *g, const struct fl_member *m);
int pipeline_feed(struct ing *g, const char *p, size_t n);
int pipeline_member_end(struct ing *g, const struct fl_member *m, const struct fl_member_stats *in);
void pipeline_skipped(struct ing *g, const char *path, const char *why);

/* Runs the ingest of path in a reader thread, feeding g here. */
int pipeline_read(struct ing *g, const char *path, const struct fl_ingest_opts *io,
		  struct fl_ingest_stats *stats, struct fl_err *err);

/* Step lines (steps.c): summed per step, kept as rows where it matters. */
struct fl_steps;
struct fl_steps *steps_new(struct fl_store *s, int64_t run_id);
void steps_free(struct fl_steps *st);
/* Takes one step line of the current file; sets r->loss_missing. */
int steps_add(struct fl_steps *st, struct fl_step_row *r);
/* Writes the current file's kept rows; the next line starts a new file. */
int steps_file_end(struct fl_steps *st);
/* Writes the per-step sums; called once, after the last file. */
int steps_run_end(struct fl_steps *st);

#endif
