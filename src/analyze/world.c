/* SPDX-License-Identifier: MIT */
/*
 * world.c - the job's world size, and the ranks of it that said nothing.
 *
 * A bundle rarely holds every rank's output: a hung rank is often silent,
 * and a collector may have lost a node. So the number of ranks seen is not
 * the job's size. The logs state the size in several places (the config
 * collected in findings.c: `world size N`, NCCL nranks of the largest
 * communicator, torch's process-group size; and launcher arguments,
 * nnodes x nproc_per_node); the largest statement that no rank seen beyond
 * it contradicts is the world. Ranks of that world that left no line are
 * listed with state `silent`, and in a pure hang they are the ranks that
 * never arrived.
 * Tested by: tests/e2e (scenario 25-silent-rank-hang), tests/unit/test_world.c
 */
#include "analyze_int.h"

#include <stdlib.h>
#include <string.h>

/* More silent entries than this are not listed: a statement of a world
 * that large is more likely a misread number than a job. */
#define SILENT_MAX 65536

int64_t world_stated(int64_t config_world, int64_t launcher, int64_t max_rank)
{
	int64_t w = config_world > launcher ? config_world : launcher;
	/* A rank at or beyond the stated size proves the statement was not
	 * the world's (a sub-communicator's nranks, a per-node count). */
	if (w <= 0 || max_rank >= w)
		return -1;
	return w;
}

/* Needs config_collect() and the loaded ranks (sorted by rank). */
int world_collect(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	struct fl_stmt *st;
	int rc = q_row(c, Q_LAUNCHER_WORLD, &st);
	if (rc)
		return rc;
	int64_t launcher = col_int(st, 0, -1);
	fl_stmt_free(st);
	a->nranks_seen = 0;
	for (size_t i = 0; i < a->nranks_state; i++)
		a->nranks_seen += a->ranks[i].lines > 0;
	int64_t max_rank = a->nranks_state ? a->ranks[a->nranks_state - 1].rank : -1;
	c->world = world_stated(a->config.world_size, launcher, max_rank);
	if (c->world > 0)
		a->nranks = c->world;
	if (a->config.world_size < 0 && c->world > 0)
		a->config.world_size = c->world;
	return FL_OK;
}

/* Ranks of the world without an entry, ascending; caller frees. Reads
 * a->ranks, so it runs before world_silent_states() adds to them. */
static int64_t *silent_ranks(const struct ctx *c, size_t *n)
{
	*n = 0;
	if (c->world <= 0 || c->world > SILENT_MAX)
		return NULL;
	const struct fl_analysis *a = c->a;
	int64_t *v = NULL;
	size_t cap = 0, k = 0;
	for (int64_t r = 0; r < c->world; r++) {
		while (k < a->nranks_state && a->ranks[k].rank < r)
			k++;
		if (k < a->nranks_state && a->ranks[k].rank == r)
			continue;
		FL_GROW(v, cap, *n + 1);
		v[(*n)++] = r;
	}
	return v;
}

static bool has(const int64_t *v, size_t n, int64_t r)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == r)
			return true;
	return false;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return a < b ? -1 : a > b;
}

/* In a pure hang, silent ranks never arrived either - as long as they are
 * fewer than the ranks that reported waiting: when most of the world is
 * silent, the bundle lacks their logs rather than they their progress. */
int world_silent_stuck(struct ctx *c)
{
	struct fl_hang *h = &c->a->hang;
	if (!h->set || c->first || c->nwaiting == 0)
		return FL_OK;
	size_t n, k = 0;
	int64_t *silent = silent_ranks(c, &n);
	/* a waiter known only from its "[Rank N]" (no line tied to it) has
	 * no entry, yet it reported */
	for (size_t i = 0; i < n; i++)
		if (!has(c->waiting, c->nwaiting, silent[i]))
			silent[k++] = silent[i];
	n = k;
	if (n && n < c->nwaiting) {
		size_t cap = h->nstuck;
		for (size_t i = 0; i < n; i++) {
			/* a fallback (Init START without COMPLETE) may name one */
			if (has(h->stuck, h->nstuck, silent[i]))
				continue;
			FL_GROW(h->stuck, cap, h->nstuck + 1);
			h->stuck[h->nstuck++] = silent[i];
		}
		qsort(h->stuck, h->nstuck, sizeof(*h->stuck), cmp_i64);
	}
	free(silent);
	return FL_OK;
}

static int cmp_state(const void *x, const void *y)
{
	const struct fl_rank_state *a = x, *b = y;
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

void world_silent_states(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	size_t n;
	int64_t *silent = silent_ranks(c, &n);
	if (!n)
		return;
	a->ranks = fl_xrealloc(a->ranks, (a->nranks_state + n) * sizeof(*a->ranks));
	for (size_t i = 0; i < n; i++) {
		struct fl_rank_state *r = &a->ranks[a->nranks_state++];
		memset(r, 0, sizeof(*r));
		r->rank = silent[i];
		r->local_rank = -1;
		r->state = "silent";
		r->first_error_ts = FL_TIME_NONE;
		r->last_ts = FL_TIME_NONE;
		r->last_seq = -1;
	}
	/* rank_host() bsearches the ranks: keep them in order */
	qsort(a->ranks, a->nranks_state, sizeof(*a->ranks), cmp_state);
	free(silent);
}
