/* SPDX-License-Identifier: MIT */
/*
 * trend.c - the findings read off the training series: loss_spike and
 * throughput_drop.
 *
 * The series is one row per logged step (the mean over the ranks that
 * logged it, view v_step_stats), read in step order and judged as it
 * comes: a rolling window finds the spikes; a drop needs each column's
 * count and sum first (series_collect() found them), its early and late
 * means from the same walk, and, only when it dropped, a second walk for
 * the step it fell from (the mean of every suffix is the total less
 * what came before). Linear in the steps a job logged and constant in
 * memory: the series is never held (a 1.16 M-step log held 56 MB of
 * it), and no windowed SQL statement runs per candidate.
 * Tested by: tests/e2e/test_findings.c, testdata/scenarios/30-*
 */
#include "analyze_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SPIKE_WINDOW 20     /* a loss is judged against the mean of the 20 steps before */
#define SPIKE_MIN_N 10      /* ... of which at least 10 were logged */
#define SPIKE_RATIO 2.0     /* over twice that mean ... */
#define SPIKE_MIN 1.0       /* ... and at least this much above it */
#define SPIKE_BACK 1.25     /* recovered: a later loss under 1.25x that mean */
#define SPIKE_CANDIDATES 64 /* spikes followed to their recovery */
#define THROUGHPUT_DROP 0.7 /* stays under 70% of its early (first quarter) mean */
#define DROP_MIN_STEPS 8

/* Per-step columns of the series, in order of preference for a drop. */
enum { S_TOKENS, S_TFLOPS, S_SAMPLES, S_STEPS_PER_S, S_NCOLS };
_Static_assert((int)S_NCOLS == (int)STEP_NRATES, "series_collect() sums the same columns");

/* One step of the series: its loss and the value of the column a drop
 * is judged on; NaN where the step did not log it. */
struct point {
	int64_t step;
	double loss, rate;
};

/* Calls fn on each step in order until it returns false; rate is column
 * col's (S_*; -1: none). Only that column is read: at a million steps
 * the view's other means were a fifth of the walk. */
static int series_walk(struct ctx *c, int col, bool (*fn)(void *arg, const struct point *p),
		       void *arg)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_STEP_SERIES, &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 2, col);
	while ((rc = q_step(c, Q_STEP_SERIES, st)) == 1) {
		struct point p = { fl_stmt_int(st, 0), col_double(st, 1), col_double(st, 2) };
		if (col == S_STEPS_PER_S)
			p.rate = series_steps_per_s(p.rate);
		if (!fn(arg, &p))
			break;
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

struct spike {
	int64_t step, back;
	double loss, trend, back_loss;
};

/* The spike search as it walks: the window of the last losses and the
 * candidates still waiting to come back. */
struct spike_scan {
	double win[SPIKE_WINDOW], sum;
	size_t nwin, head, ncand;
	struct spike cand[SPIKE_CANDIDATES];
	bool done; /* the first candidate came back: it is the one */
};

/* The first loss over SPIKE_RATIO x the mean of its window (and SPIKE_MIN
 * above it) that a later loss brings back under SPIKE_BACK x that mean. */
static void spike_feed(struct spike_scan *z, const struct point *p)
{
	double x = p->loss;
	if (z->done || x != x)
		return;
	for (size_t k = 0; k < z->ncand; k++)
		if (z->cand[k].back < 0 && x <= SPIKE_BACK * z->cand[k].trend) {
			z->cand[k].back = p->step;
			z->cand[k].back_loss = x;
		}
	if (z->ncand && z->cand[0].back >= 0) {
		z->done = true;
		return;
	}
	double trend = z->nwin ? z->sum / (double)z->nwin : 0;
	if (z->nwin >= SPIKE_MIN_N && x > SPIKE_RATIO * trend && x - trend > SPIKE_MIN &&
	    z->ncand < SPIKE_CANDIDATES)
		z->cand[z->ncand++] = (struct spike){ .step = p->step, .back = -1, .loss = x,
						      .trend = trend };
	if (z->nwin == SPIKE_WINDOW)
		z->sum -= z->win[z->head];
	else
		z->nwin++;
	z->win[z->head] = x;
	z->sum += x;
	z->head = (z->head + 1) % SPIKE_WINDOW;
}

/* The first candidate if it came back, else the earliest that did. */
static bool spike_found(const struct spike_scan *z, struct spike *out)
{
	for (size_t k = 0; k < z->ncand; k++)
		if (z->cand[k].back >= 0) {
			*out = z->cand[k];
			return true;
		}
	return false;
}

/* A spike is a loss that comes back: one that jumps and stays up, or a
 * run that went NaN, is a divergence (nonfinite_loss, loss_divergence). */
static int loss_spike(struct ctx *c, const struct spike_scan *z)
{
	struct spike k;
	if (c->a->training.first_nonfinite_step >= 0 || !spike_found(z, &k))
		return FL_OK;
	finding_add(c->a, "loss_spike", "warning",
		    fl_xasprintf("loss jumped to %.4g at step %lld against %.4g over the %d steps "
				 "before, and was back to %.4g by step %lld",
				 k.loss, (long long)k.step, k.trend, SPIKE_WINDOW, k.back_loss,
				 (long long)k.back));
	struct fl_stmt *st;
	int rc = q_open(c, Q_SPIKE_AT, &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 2, k.step);
	if ((rc = q_step(c, Q_SPIKE_AT, st)) == 1 && !fl_stmt_null(st, 0)) {
		const char *host = fl_stmt_null(st, 3) ? NULL : fl_stmt_text(st, 3);
		char *text = fl_xasprintf("step %lld: loss %.6g (mean over ranks)", (long long)k.step,
					  k.loss);
		evidence_add_raw(&last_finding(c->a)->evidence, fl_stmt_text(st, 0), fl_stmt_int(st, 1),
				 col_int(st, 2, -1), host,
				 clock_correct(c, host, col_int(st, 4, FL_TIME_NONE)), text);
		free(text);
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

/* A throughput column's drop as the walk finds it: its logged steps and
 * sum (series_collect()'s), the means of its first and last quarter, and the
 * step from which the value and the mean of all later values stay under
 * THROUGHPUT_DROP x the early mean. */
struct drop {
	int col;
	size_t n, seen;
	double total, prefix;
	double early, late;
	size_t ne, nl;
	int64_t step; /* -1: not found yet */
};

static void drop_feed(struct drop *d, const struct point *p)
{
	double x = p->rate;
	if (x != x)
		return;
	d->seen++;
	if (d->seen <= d->n / 4) {
		d->early += x;
		d->ne++;
	} else if (d->seen > 3 * d->n / 4) {
		d->late += x;
		d->nl++;
	}
}

/* The second walk: the first step whose value and suffix mean (the
 * total less the values before it) are under the limit. */
static bool drop_from(void *arg, const struct point *p)
{
	struct drop *d = arg;
	double x = p->rate;
	if (x != x)
		return true;
	double limit = THROUGHPUT_DROP * d->early;
	double suffix = (d->total - d->prefix) / (double)(d->n - d->seen);
	d->prefix += x;
	d->seen++;
	if (x < limit && suffix < limit) {
		d->step = p->step;
		return false;
	}
	return true;
}

static const char *const DROP_WHAT[S_NCOLS] = { "tokens/s per GPU", "TFLOPS per GPU", "samples/s",
						 "steps/s (1 / step time)" };

/* The evidence of a drop: the first kept step row from its step on. */
static int drop_evidence(struct ctx *c, struct fl_finding *f, int64_t step)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_DROP_EVIDENCE, &st);
	if (rc)
		return rc;
	fl_stmt_bind_int(st, 2, step);
	if ((rc = q_step(c, Q_DROP_EVIDENCE, st)) == 1) {
		const char *host = fl_stmt_null(st, 3) ? NULL : fl_stmt_text(st, 3);
		int col = 6;
		while (col < 9 && fl_stmt_null(st, col))
			col++;
		static const char *const what[] = { "tokens/s", "TFLOPS", "samples/s", "steps/s" };
		char *text = fl_xasprintf("step %lld: %s %.6g", (long long)fl_stmt_int(st, 5),
					  what[col - 6], fl_stmt_double(st, col));
		evidence_add_raw(&f->evidence, fl_stmt_text(st, 0), fl_stmt_int(st, 1),
				 col_int(st, 2, -1), host,
				 clock_correct(c, host, col_int(st, 4, FL_TIME_NONE)), text);
		free(text);
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

/* Tokens/s, else TFLOPS, else samples/s, else steps/s that fell and stayed
 * down: from which step, by how much. The first column logged decides. */
static int throughput_drop(struct ctx *c, struct drop *d)
{
	if (d->col < 0 || d->ne == 0 || d->nl == 0)
		return FL_OK;
	d->early /= (double)d->ne;
	d->late /= (double)d->nl;
	if (!(d->early > 0 && d->late < THROUGHPUT_DROP * d->early))
		return FL_OK;
	d->seen = 0;
	int rc = series_walk(c, d->col, drop_from, d);
	if (rc || d->step < 0)
		return rc;
	finding_add(c->a, "throughput_drop", "warning",
		    fl_xasprintf("%s fell from step %lld on: %.4g at the end against %.4g early "
				 "in the run (down %.0f%%)",
				 DROP_WHAT[d->col], (long long)d->step, d->late, d->early,
				 (1 - d->late / d->early) * 100));
	return drop_evidence(c, last_finding(c->a), d->step);
}

/* The column a drop is judged on: the first with DROP_MIN_STEPS logged
 * (S_* and the walk's rates are in the same order). */
static void drop_column(const struct ctx *c, struct drop *d)
{
	*d = (struct drop){ .col = -1, .step = -1 };
	for (int k = 0; k < S_NCOLS && d->col < 0; k++)
		if (c->steps.rate_n[k] >= DROP_MIN_STEPS) {
			d->col = k;
			d->n = (size_t)c->steps.rate_n[k];
			d->total = c->steps.rate_sum[k];
		}
}

struct walk {
	struct spike_scan spike;
	struct drop drop;
};

static bool walk_feed(void *arg, const struct point *p)
{
	struct walk *w = arg;
	spike_feed(&w->spike, p);
	if (w->drop.col >= 0)
		drop_feed(&w->drop, p);
	return true;
}

int trend_findings(struct ctx *c)
{
	struct walk *w = fl_xcalloc(1, sizeof(*w));
	drop_column(c, &w->drop);
	int rc = series_walk(c, w->drop.col, walk_feed, w);
	if (!rc)
		rc = loss_spike(c, &w->spike);
	if (!rc)
		rc = throughput_drop(c, &w->drop);
	free(w);
	return rc;
}
