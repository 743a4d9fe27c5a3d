/* SPDX-License-Identifier: MIT */
/*
 * series.c - the training over its steps, bounded, for the report's
 * pictures (loss, gradient norm, throughput over steps).
 *
 * One statement (Q_SERIES) reads the per-step means in step order; they
 * are folded here, as they come, into at most FL_SERIES_MAX spans of
 * consecutive steps, equal in count as SQL's NTILE makes them (the first
 * count % spans spans hold one step more), each as its last step and the
 * means of what its steps logged. A run of 100k steps costs the report
 * no more than one of 600. (NTILE itself kept the whole series in a
 * temporary table and sorted it again: 1.8 s for 290 k steps.)
 * Tested by: tests/e2e/test_saved.c (the page's loss chart, from the
 * saved series and from a fresh one, byte for byte), tests/unit/test_series.c
 */
#include "analyze_int.h"

#include <math.h>
#include <stdlib.h>

enum { SERIES_COLS = 5 }; /* loss, grad_norm, tokens_per_s, tflops, mfu */

/* One span being filled: sums and counts of the values logged. */
struct span {
	size_t rows, size;
	int64_t last_step;
	double sum[SERIES_COLS];
	int64_t n[SERIES_COLS];
};

static double mean(const struct span *s, int k)
{
	return s->n[k] ? s->sum[k] / (double)s->n[k] : NAN;
}

static void span_emit(struct fl_analysis *a, size_t *cap, const struct span *s)
{
	FL_GROW(a->series, *cap, a->nseries + 1);
	struct fl_step_point *p = &a->series[a->nseries++];
	p->step = s->last_step;
	p->loss = mean(s, 0);
	p->grad_norm = mean(s, 1);
	p->tokens_per_s = mean(s, 2);
	p->tflops = mean(s, 3);
	p->mfu = mean(s, 4);
}

size_t series_span_size(int64_t count, size_t spans_max, size_t index)
{
	if (count <= 0)
		return 0;
	size_t c = (size_t)count, spans = c < spans_max ? c : spans_max;
	return c / spans + (index < c % spans);
}

int series_collect(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_stmt *st;
	int rc = q_open(c, Q_SERIES, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	struct span s = { 0 };
	while ((rc = q_step(c, Q_SERIES, st)) == 1) {
		if (!s.size)
			s.size = series_span_size(fl_stmt_int(st, 0), FL_SERIES_MAX, a->nseries);
		s.last_step = col_int(st, 1, -1);
		for (int k = 0; k < SERIES_COLS; k++) {
			if (fl_stmt_null(st, 2 + k))
				continue;
			s.sum[k] += fl_stmt_double(st, 2 + k);
			s.n[k]++;
		}
		if (++s.rows == s.size) {
			span_emit(a, &cap, &s);
			s = (struct span){ 0 };
		}
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}
