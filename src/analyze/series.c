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
 * The same walk keeps what training_collect() and trend.c need of the
 * whole series (c->steps: each column's last value, the throughput
 * totals), which they read in walks of their own before: four scans of
 * a table that has a row per step, 0.7 s for 258 k steps.
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

/* Q_SERIES's columns: the spans', then the rest of the last values'. */
enum { COL_COUNT, COL_STEP, COL_SPANS, COL_LOSS_SCALE = COL_SPANS + SERIES_COLS, COL_LR,
       COL_ITER_MS, COL_SAMPLES };

double series_steps_per_s(double iter_ms)
{
	return iter_ms > 0 ? 1000.0 / iter_ms : NAN;
}

/* One row of Q_SERIES, each column read once (NaN where NULL): a walk
 * over 258 k steps read 17 of them twice through the statement before. */
struct series_row {
	int64_t count, step;
	double col[COL_SAMPLES + 1];
};

static void row_read(struct fl_stmt *st, struct series_row *r)
{
	r->count = fl_stmt_int(st, COL_COUNT);
	r->step = col_int(st, COL_STEP, -1);
	for (int k = COL_SPANS; k <= COL_SAMPLES; k++)
		r->col[k] = col_double(st, k);
}

static void walk_feed(struct step_walk *w, const struct series_row *r)
{
	static const int last_col[STEP_NLAST] = {
		[STEP_LOSS] = COL_SPANS, [STEP_GRAD_NORM] = COL_SPANS + 1,
		[STEP_TOKENS] = COL_SPANS + 2, [STEP_TFLOPS] = COL_SPANS + 3,
		[STEP_MFU] = COL_SPANS + 4, [STEP_LOSS_SCALE] = COL_LOSS_SCALE,
		[STEP_LR] = COL_LR, [STEP_ITER_MS] = COL_ITER_MS,
	};
	for (int k = 0; k < STEP_NLAST; k++)
		if (r->col[last_col[k]] == r->col[last_col[k]])
			w->last[k] = r->col[last_col[k]];
	double rate[STEP_NRATES] = { r->col[COL_SPANS + 2], r->col[COL_SPANS + 3],
				     r->col[COL_SAMPLES], series_steps_per_s(r->col[COL_ITER_MS]) };
	for (int k = 0; k < STEP_NRATES; k++)
		if (rate[k] == rate[k]) {
			w->rate_n[k]++;
			w->rate_sum[k] += rate[k];
		}
}

int series_collect(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct step_walk *w = &c->steps;
	*w = (struct step_walk){ 0 };
	for (int k = 0; k < STEP_NLAST; k++)
		w->last[k] = NAN;
	struct fl_stmt *st;
	int rc = q_open(c, Q_SERIES, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	struct span s = { 0 };
	struct series_row r;
	while ((rc = q_step(c, Q_SERIES, st)) == 1) {
		row_read(st, &r);
		walk_feed(w, &r);
		if (!s.size)
			s.size = series_span_size(r.count, FL_SERIES_MAX, a->nseries);
		s.last_step = r.step;
		for (int k = 0; k < SERIES_COLS; k++) {
			double x = r.col[COL_SPANS + k];
			if (x != x)
				continue;
			s.sum[k] += x;
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
