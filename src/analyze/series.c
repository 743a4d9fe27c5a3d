/* SPDX-License-Identifier: MIT */
/*
 * series.c - the training over its steps, bounded, for the report's
 * pictures (loss, gradient norm, throughput over steps).
 *
 * One statement (Q_SERIES) reads the per-step means in step order and
 * folds them into at most FL_SERIES_MAX spans of equal step counts, so a
 * run of 100k steps costs the report no more than one of 600: the store
 * does the averaging in the same single pass that reads the steps.
 * Tested by: tests/e2e/test_saved.c (the page's loss chart, from the
 * saved series and from a fresh one, byte for byte), tests/unit/test_sql.c
 */
#include "analyze_int.h"

#include <math.h>
#include <stdlib.h>

int series_collect(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_stmt *st;
	int rc = q_open(c, Q_SERIES, &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 2, FL_SERIES_MAX);
	size_t cap = 0;
	while ((rc = q_step(c, Q_SERIES, st)) == 1) {
		FL_GROW(a->series, cap, a->nseries + 1);
		struct fl_step_point *p = &a->series[a->nseries++];
		p->step = col_int(st, 0, -1);
		p->loss = col_double(st, 1);
		p->grad_norm = col_double(st, 2);
		p->tokens_per_s = col_double(st, 3);
		p->tflops = col_double(st, 4);
		p->mfu = col_double(st, 5);
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}
