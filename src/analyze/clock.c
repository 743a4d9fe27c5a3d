/* SPDX-License-Identifier: MIT */
/*
 * clock.c - how far each host's clock is off.
 *
 * Hosts log in their own clocks. Some things happen at the same moment on
 * every rank: the same training step finishes everywhere within a fraction
 * of its duration (data-parallel ranks wait for each other), and every
 * rank's watchdog fires the same timeout after the same collective. Each
 * such moment gives, per host, its time minus the moment's median across
 * hosts; a host's offset is the median of those differences. The last 64
 * logged steps (each rank keeps rows for its last 16, so a rank that
 * stopped early still counts) are plenty for a median and keep the query cheap. Offsets below
 * a threshold are noise (second-granular stamps) and are left at zero.
 * The step moments come from the analysis' one walk over the run's kept
 * step rows, which also keeps what later passes need of them (c->rows).
 * Tested by: tests/e2e (clock_skew scenario; test_findings' stragglers)
 */
#include "analyze_int.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SKEW_MIN_US 2000000 /* below this, clocks agree as far as logs can tell */

/* Strings are the analysis' interned copies (ctx_intern()): equal
 * moments and hosts are equal pointers. */
struct sample {
	const char *key; /* the shared moment */
	const char *host;
	int64_t ts;
};

struct samples {
	struct sample *v;
	size_t n, cap;
};

static void add_sample(struct samples *s, const char *key, const char *host, int64_t ts)
{
	FL_GROW(s->v, s->cap, s->n + 1);
	s->v[s->n++] = (struct sample){ key, host, ts };
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

static int cmp_sample(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	int c = strcmp(x->key, y->key);
	return c ? c : strcmp(x->host, y->host);
}

static int64_t median(int64_t *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_i64);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Per (moment, host) the earliest time, folded here as the rows come:
 * a set on the interned (moment, host). SQL's GROUP BY sorted every row
 * first: each rank keeps its last 16 steps, 229 k rows for 32 Ki ranks,
 * and that sort was a fifth of the analysis. */
struct earliest {
	struct sample *set; /* open addressing; key NULL: free */
	size_t cap, n;
};

static size_t earliest_slot(const struct earliest *e, const char *key, const char *host)
{
	uint64_t h = fl_fnv1a_word(fl_fnv1a_word(FL_FNV1A_INIT, (uintptr_t)key), (uintptr_t)host);
	size_t i = (size_t)h & (e->cap - 1);
	while (e->set[i].key && (e->set[i].key != key || e->set[i].host != host))
		i = (i + 1) & (e->cap - 1);
	return i;
}

static void earliest_add(struct earliest *e, const char *key, const char *host, int64_t ts)
{
	if (e->n * 2 >= e->cap) {
		struct earliest old = *e;
		e->cap = e->cap ? 2 * e->cap : 1024;
		e->set = fl_xcalloc(e->cap, sizeof(*e->set));
		for (size_t i = 0; i < old.cap; i++)
			if (old.set[i].key)
				e->set[earliest_slot(e, old.set[i].key, old.set[i].host)] = old.set[i];
		free(old.set);
	}
	struct sample *x = &e->set[earliest_slot(e, key, host)];
	if (!x->key) {
		*x = (struct sample){ key, host, ts };
		e->n++;
	} else if (ts < x->ts) {
		x->ts = ts;
	}
}

/* A step's moment, "step:N", interned; the 64 steps' names are made
 * once each, not once a row. */
struct moments {
	int64_t step[64];
	const char *name[64];
};

static const char *step_moment(struct ctx *c, struct moments *m, int64_t step)
{
	size_t k = (size_t)step % 64;
	if (!m->name[k] || m->step[k] != step) {
		char buf[48];
		snprintf(buf, sizeof(buf), "step:%lld", (long long)step);
		m->step[k] = step;
		m->name[k] = ctx_intern(c, buf);
	}
	return m->name[k];
}

/* Q_STEP_ROWS' columns. */
enum { SR_STEP, SR_HOST, SR_TS, SR_TS_KIND, SR_LOSS_SCALE, SR_LAST64, SR_RANK, SR_ITER_MS,
       SR_FILE, SR_LINE, SR_UPDATE };

/* SR_UPDATE: whether the line's iterations updated the model. The loss is
 * read first, and the skipped count only where it is there (Megatron's),
 * for the rows of the other frameworks cost nothing more. */
enum { UPDATE_UNKNOWN, UPDATE_LOSS, UPDATE_ALL_SKIPPED };

/* One step row: a moment when it is one of the last 64 steps with a
 * host and a dated stamp (or one dated but for the year); the latest
 * stamp (the first row of it, in the order written); a loss scale
 * printed as (nearly) zero; a line whose iterations were all skipped; its
 * rank's summary. */
static void step_row(struct ctx *c, struct earliest *e, struct moments *m, struct fl_stmt *st)
{
	struct step_rows *r = &c->rows;
	const char *host = fl_stmt_null(st, SR_HOST) ? NULL : ctx_intern(c, fl_stmt_text(st, SR_HOST));
	bool has_step = !fl_stmt_null(st, SR_STEP);
	int64_t step = has_step ? fl_stmt_int(st, SR_STEP) : -1;
	if (!fl_stmt_null(st, SR_TS)) {
		int64_t ts = fl_stmt_int(st, SR_TS), kind = col_int(st, SR_TS_KIND, 0);
		if (r->last_ts == FL_TIME_NONE || ts > r->last_ts) {
			r->last_ts = ts;
			r->last_host = host;
		}
		if (host && (kind == 1 || kind == 2) && has_step && !fl_stmt_null(st, SR_LAST64) &&
		    step >= fl_stmt_int(st, SR_LAST64))
			earliest_add(e, step_moment(c, m, step), host, ts);
	}
	if (col_double(st, SR_LOSS_SCALE) < ZERO_SCALE)
		r->tiny_scale++;
	int64_t update = col_int(st, SR_UPDATE, UPDATE_UNKNOWN);
	if (update == UPDATE_ALL_SKIPPED) {
		r->all_skipped++;
		if (step >= 0 && step < r->skipped_from)
			r->skipped_from = step;
	}
	if (update == UPDATE_LOSS && step > r->loss_until)
		r->loss_until = step;
	if (!fl_stmt_null(st, SR_RANK) && has_step && !fl_stmt_null(st, SR_FILE))
		rank_steps_fold(&r->by_rank, fl_stmt_int(st, SR_RANK), host, step,
				col_double(st, SR_ITER_MS), fl_stmt_int(st, SR_FILE),
				fl_stmt_int(st, SR_LINE), col_int(st, SR_TS, FL_TIME_NONE));
}

/* The watchdog timeouts' moments, "wd:PG:SEQ", from the loaded events:
 * the loading keeps every line of the kind (READ_EVERY_LINE, analyze.c)
 * with its fields and raw stamp (correct_times() runs after this). A
 * query that read them again, parsing their fields' JSON, took 0.14-0.2 s
 * at 32 Ki ranks. */
static void watchdog_moments(struct ctx *c, struct earliest *e)
{
	struct fl_buf key = FL_BUF_INIT, pg = FL_BUF_INIT, seq = FL_BUF_INIT;
	for (size_t i = 0; i < c->nev; i++) {
		const struct ev *x = &c->ev[i];
		if (!x->host || x->ts == FL_TIME_NONE || (x->ts_kind != 1 && x->ts_kind != 2) ||
		    strcmp(x->kind, "torch.watchdog_timeout") || !ev_field(x, "seq", &seq))
			continue;
		fl_buf_reset(&key);
		fl_buf_printf(&key, "wd:%s:%s", ev_field(x, "pg", &pg) ? pg.ptr : "", seq.ptr);
		earliest_add(e, ctx_intern(c, key.ptr), x->host, x->ts);
	}
	fl_buf_release(&key);
	fl_buf_release(&pg);
	fl_buf_release(&seq);
}

static int collect(struct ctx *c, struct samples *s)
{
	c->rows = (struct step_rows){
		.last_ts = FL_TIME_NONE, .skipped_from = INT64_MAX, .loss_until = -1
	};
	struct fl_stmt *st;
	int rc = q_open(c, Q_STEP_ROWS, &st);
	if (rc)
		return rc;
	struct earliest e = { NULL, 0, 0 };
	struct moments m = { { 0 }, { NULL } };
	while ((rc = q_step(c, Q_STEP_ROWS, st)) == 1)
		step_row(c, &e, &m, st);
	fl_stmt_free(st);
	rank_fold_done(&c->rows.by_rank);
	if (!rc)
		watchdog_moments(c, &e);
	for (size_t i = 0; i < e.cap; i++)
		if (e.set[i].key)
			add_sample(s, e.set[i].key, e.set[i].host, e.set[i].ts);
	free(e.set);
	return rc;
}

static void offset_set(struct fl_analysis *a, const char *host, int64_t off, int n)
{
	a->offsets = fl_xrealloc(a->offsets, (a->noffsets + 1) * sizeof(*a->offsets));
	a->offsets[a->noffsets].host = fl_xstrdup(host);
	a->offsets[a->noffsets].offset_us = off;
	a->offsets[a->noffsets].samples = n;
	a->noffsets++;
}

int clock_offsets(struct ctx *c)
{
	struct samples s = { NULL, 0, 0 };
	int rc = collect(c, &s);
	if (s.n)
		qsort(s.v, s.n, sizeof(s.v[0]), cmp_sample);
	/* deviation of each (moment, host) from the moment's median */
	struct samples dev = { NULL, 0, 0 };
	int64_t *tmp = fl_xmalloc((s.n + 1) * sizeof(int64_t));
	for (size_t i = 0; i < s.n;) {
		size_t j = i;
		while (j < s.n && !strcmp(s.v[j].key, s.v[i].key))
			j++;
		if (j - i >= 2) {
			for (size_t k = i; k < j; k++)
				tmp[k - i] = s.v[k].ts;
			int64_t m = median(tmp, j - i);
			for (size_t k = i; k < j; k++)
				add_sample(&dev, s.v[k].host, s.v[k].host, s.v[k].ts - m);
		}
		i = j;
	}
	if (dev.n)
		qsort(dev.v, dev.n, sizeof(dev.v[0]), cmp_sample);
	size_t skewed = 0;
	for (size_t i = 0; i < dev.n;) {
		size_t j = i;
		while (j < dev.n && !strcmp(dev.v[j].host, dev.v[i].host))
			j++;
		for (size_t k = i; k < j; k++)
			tmp[k - i] = dev.v[k].ts;
		int64_t off = median(tmp, j - i);
		if (llabs(off) >= SKEW_MIN_US && j - i >= 2) {
			assert(!c->a->noffsets ||
			       strcmp(c->a->offsets[c->a->noffsets - 1].host, dev.v[i].host) < 0);
			offset_set(c->a, dev.v[i].host, off, (int)(j - i));
			skewed++;
		}
		i = j;
	}
	free(tmp);
	free(s.v);
	free(dev.v);
	return rc;
}

static int by_offset_host(const void *key, const void *elem)
{
	return strcmp(key, ((const struct fl_host_offset *)elem)->host);
}

int64_t clock_correct(const struct ctx *c, const char *host, int64_t ts)
{
	if (ts == FL_TIME_NONE || !host || !c->a->noffsets)
		return ts;
	/* offsets are in host order: clock_offsets() walks hosts sorted */
	const struct fl_host_offset *o =
		bsearch(host, c->a->offsets, c->a->noffsets, sizeof(*o), by_offset_host);
	return o ? ts - o->offset_us : ts;
}
