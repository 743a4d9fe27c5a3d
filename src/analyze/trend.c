/* SPDX-License-Identifier: MIT */
/*
 * trend.c - the findings read off the training series: loss_spike and
 * throughput_drop.
 *
 * The series is one row per logged step (the mean over the ranks that
 * logged it, view v_step_stats), loaded by one query and walked in memory:
 * a rolling window finds the spikes, a backward pass the means of every
 * suffix. Linear in the steps a job logged, however noisy; a windowed SQL
 * statement per candidate would not be.
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

struct series {
	size_t n;
	int64_t *step;
	double *loss;
	double *v[S_NCOLS]; /* NaN where the step did not log it */
};

static void series_free(struct series *s)
{
	free(s->step);
	free(s->loss);
	for (int k = 0; k < S_NCOLS; k++)
		free(s->v[k]);
}

static int series_load(struct ctx *c, struct series *s)
{
	memset(s, 0, sizeof(*s));
	struct fl_stmt *st;
	int rc = q_open(c, Q_STEP_SERIES, &st);
	if (rc)
		return rc;
	size_t cap = 0;
	while ((rc = q_step(c, Q_STEP_SERIES, st)) == 1) {
		if (s->n == cap) {
			cap = cap ? cap * 2 : 256;
			s->step = fl_xrealloc(s->step, cap * sizeof(*s->step));
			s->loss = fl_xrealloc(s->loss, cap * sizeof(*s->loss));
			for (int k = 0; k < S_NCOLS; k++)
				s->v[k] = fl_xrealloc(s->v[k], cap * sizeof(*s->v[k]));
		}
		size_t i = s->n++;
		s->step[i] = fl_stmt_int(st, 0);
		s->loss[i] = col_double(st, 1);
		for (int k = 0; k < S_STEPS_PER_S; k++)
			s->v[k][i] = col_double(st, 2 + k);
		double iter_ms = col_double(st, 5);
		s->v[S_STEPS_PER_S][i] = iter_ms > 0 ? 1000.0 / iter_ms : NAN;
	}
	fl_stmt_free(st);
	return rc < 0 ? rc : FL_OK;
}

static struct fl_finding *last_finding(struct fl_analysis *a)
{
	return &a->findings[a->nfindings - 1];
}

struct spike {
	int64_t step, back;
	double loss, trend, back_loss;
};

/* The first loss over SPIKE_RATIO x the mean of its window (and SPIKE_MIN
 * above it) that a later loss brings back under SPIKE_BACK x that mean. */
static bool find_spike(const struct series *s, struct spike *out)
{
	double win[SPIKE_WINDOW], sum = 0;
	size_t nwin = 0, head = 0, ncand = 0;
	struct spike cand[SPIKE_CANDIDATES];
	for (size_t i = 0; i < s->n; i++) {
		double x = s->loss[i];
		if (x != x)
			continue;
		for (size_t k = 0; k < ncand; k++)
			if (cand[k].back < 0 && x <= SPIKE_BACK * cand[k].trend) {
				cand[k].back = s->step[i];
				cand[k].back_loss = x;
			}
		if (ncand && cand[0].back >= 0) { /* the first spike came back: it is the one */
			*out = cand[0];
			return true;
		}
		double trend = nwin ? sum / (double)nwin : 0;
		if (nwin >= SPIKE_MIN_N && x > SPIKE_RATIO * trend && x - trend > SPIKE_MIN &&
		    ncand < SPIKE_CANDIDATES)
			cand[ncand++] = (struct spike){ .step = s->step[i], .back = -1, .loss = x,
							.trend = trend };
		if (nwin == SPIKE_WINDOW)
			sum -= win[head];
		else
			nwin++;
		win[head] = x;
		sum += x;
		head = (head + 1) % SPIKE_WINDOW;
	}
	/* the earliest candidate that came back, if a later one did first */
	for (size_t k = 0; k < ncand; k++)
		if (cand[k].back >= 0) {
			*out = cand[k];
			return true;
		}
	return false;
}

/* A spike is a loss that comes back: one that jumps and stays up, or a
 * run that went NaN, is a divergence (nonfinite_loss, loss_divergence). */
static int loss_spike(struct ctx *c, const struct series *s)
{
	struct spike k;
	if (c->a->training.first_nonfinite_step >= 0 || !find_spike(s, &k))
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

struct drop {
	int64_t step;
	double early, late;
};

/* Column k's mean over its first and last quarter of logged steps, and
 * the first step from which the value and the mean of all later values
 * stay under THROUGHPUT_DROP x the early mean. */
static bool find_drop(const struct series *s, int k, struct drop *out)
{
	const double *v = s->v[k];
	size_t n = 0;
	for (size_t i = 0; i < s->n; i++)
		n += v[i] == v[i];
	if (n < DROP_MIN_STEPS)
		return false;
	double early = 0, late = 0;
	size_t j = 0, ne = 0, nl = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (v[i] != v[i])
			continue;
		j++;
		if (j <= n / 4) {
			early += v[i];
			ne++;
		} else if (j > 3 * n / 4) {
			late += v[i];
			nl++;
		}
	}
	early /= (double)ne;
	late /= (double)nl;
	if (!(early > 0 && late < THROUGHPUT_DROP * early))
		return false;
	double limit = THROUGHPUT_DROP * early, suffix = 0;
	size_t ns = 0;
	int64_t from = -1;
	for (size_t i = s->n; i-- > 0;) {
		if (v[i] != v[i])
			continue;
		suffix += v[i];
		ns++;
		if (v[i] < limit && suffix / (double)ns < limit)
			from = s->step[i];
	}
	if (from < 0)
		return false;
	*out = (struct drop){ .step = from, .early = early, .late = late };
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
static int throughput_drop(struct ctx *c, const struct series *s)
{
	for (int k = 0; k < S_NCOLS; k++) {
		size_t logged = 0;
		for (size_t i = 0; i < s->n && logged < DROP_MIN_STEPS; i++)
			logged += s->v[k][i] == s->v[k][i];
		if (logged < DROP_MIN_STEPS)
			continue;
		struct drop d;
		if (!find_drop(s, k, &d))
			return FL_OK;
		finding_add(c->a, "throughput_drop", "warning",
			    fl_xasprintf("%s fell from step %lld on: %.4g at the end against %.4g early "
					 "in the run (down %.0f%%)",
					 DROP_WHAT[k], (long long)d.step, d.late, d.early,
					 (1 - d.late / d.early) * 100));
		return drop_evidence(c, last_finding(c->a), d.step);
	}
	return FL_OK;
}

int trend_findings(struct ctx *c)
{
	struct series s;
	int rc = series_load(c, &s);
	if (!rc)
		rc = loss_spike(c, &s);
	if (!rc)
		rc = throughput_drop(c, &s);
	series_free(&s);
	return rc;
}
