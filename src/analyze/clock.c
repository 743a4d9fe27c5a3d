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
 * Tested by: tests/e2e (clock_skew scenario)
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

/* A row's moment, interned: "step:N", or "wd:PG:SEQ" for a watchdog
 * timeout. The 64 steps' names are made once each, not once a row. */
struct moments {
	int64_t step[64];
	const char *name[64];
};

static const char *moment(struct ctx *c, struct moments *m, struct fl_stmt *st)
{
	char buf[48];
	if (fl_stmt_null(st, 0)) {
		struct fl_buf b = FL_BUF_INIT;
		fl_buf_printf(&b, "wd:%s", fl_stmt_text(st, 1));
		const char *name = ctx_intern(c, b.ptr);
		fl_buf_release(&b);
		return name;
	}
	int64_t step = fl_stmt_int(st, 0);
	size_t k = (size_t)step % 64;
	if (!m->name[k] || m->step[k] != step) {
		snprintf(buf, sizeof(buf), "step:%lld", (long long)step);
		m->step[k] = step;
		m->name[k] = ctx_intern(c, buf);
	}
	return m->name[k];
}

static int collect(struct ctx *c, struct samples *s)
{
	struct fl_stmt *st;
	int rc = q_open(c, Q_CLOCK_SAMPLES, &st);
	if (rc)
		return rc;
	struct earliest e = { NULL, 0, 0 };
	struct moments m = { { 0 }, { NULL } };
	while ((rc = q_step(c, Q_CLOCK_SAMPLES, st)) == 1)
		earliest_add(&e, moment(c, &m, st), ctx_intern(c, fl_stmt_text(st, 2)),
			     fl_stmt_int(st, 3));
	fl_stmt_free(st);
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
