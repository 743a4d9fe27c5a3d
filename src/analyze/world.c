/* SPDX-License-Identifier: MIT */
/*
 * world.c - the job's world size, and the ranks of it that said nothing.
 *
 * A bundle rarely holds every rank's output: a hung rank is often silent,
 * and a collector may have lost a node. So the number of ranks seen is not
 * the job's size. The logs state the size in several places (the config
 * collected in findings.c: NCCL nranks of the world communicator, torch's
 * process-group size, `world size N`; and launcher arguments, nnodes x
 * nproc_per_node); the largest statement that is not contradicted by a
 * rank seen beyond it is the world. Ranks of that world that left no line
 * are listed with state `silent`, and in a pure hang they are the ranks
 * that never arrived.
 * Tested by: tests/e2e (scenario 21-silent-ranks), tests/unit/test_world.c
 */
#include "analyze_int.h"

#include <stdlib.h>
#include <string.h>

/* More silent entries than this are not listed: a statement of a world
 * that large with so few ranks seen is more likely a misread number. */
#define SILENT_MAX 65536

static int64_t query_run_int(struct ctx *c, const char *sql)
{
	struct fl_stmt *st;
	int64_t v = -1;
	if (prepare(c, sql, &st))
		return -1;
	fl_stmt_bind_int(st, 1, c->run);
	if (fl_stmt_step(st) == 1 && !fl_stmt_null(st, 0))
		v = fl_stmt_int(st, 0);
	fl_stmt_free(st);
	return v;
}

/* nnodes x nproc_per_node from the launcher's own argument list. */
static int64_t launcher_world(struct ctx *c)
{
	return query_run_int(c, "SELECT MAX(json_extract(fields, '$.nnodes')"
				" * json_extract(fields, '$.nproc_per_node')) FROM events"
				" WHERE run_id = ?1 AND kind = 'launcher.args'"
				" AND json_extract(fields, '$.nnodes') > 0"
				" AND json_extract(fields, '$.nproc_per_node') > 0");
}

int64_t world_stated(int64_t config_world, int64_t launcher, int64_t max_rank)
{
	int64_t w = config_world > launcher ? config_world : launcher;
	/* A rank at or beyond the stated size proves the statement was not
	 * the world's (a sub-communicator's nranks, a per-node count). */
	if (w <= 0 || max_rank >= w)
		return -1;
	return w;
}

void world_collect(struct ctx *c)
{
	struct fl_analysis *a = c->a;
	a->nranks_seen = query_run_int(c, "SELECT COUNT(*) FROM ranks WHERE run_id = ?1 AND lines > 0");
	if (a->nranks_seen < 0)
		a->nranks_seen = 0;
	int64_t max_rank = query_run_int(c, "SELECT MAX(rank) FROM ranks WHERE run_id = ?1");
	c->world = world_stated(a->config.world_size, launcher_world(c), max_rank);
	if (c->world > 0)
		a->nranks = c->world;
	if (a->config.world_size < 0 && c->world > 0)
		a->config.world_size = c->world;
}

/* Ranks of the world that have no row in `ranks`, ascending; caller frees. */
static int64_t *silent_ranks(struct ctx *c, size_t *n)
{
	*n = 0;
	if (c->world <= 0 || c->world > SILENT_MAX)
		return NULL;
	unsigned char *seen = fl_xcalloc((size_t)c->world, 1);
	struct fl_stmt *st;
	if (prepare(c, "SELECT rank FROM ranks WHERE run_id = ?1 AND rank >= 0", &st) == 0) {
		fl_stmt_bind_int(st, 1, c->run);
		while (fl_stmt_step(st) == 1) {
			int64_t r = fl_stmt_int(st, 0);
			if (r < c->world)
				seen[r] = 1;
		}
		fl_stmt_free(st);
	}
	int64_t *v = NULL;
	size_t cap = 0;
	for (int64_t r = 0; r < c->world; r++) {
		if (seen[r])
			continue;
		FL_GROW(v, cap, *n + 1);
		v[(*n)++] = r;
	}
	free(seen);
	return v;
}

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return a < b ? -1 : a > b;
}

static bool has(const int64_t *v, size_t n, int64_t r)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == r)
			return true;
	return false;
}

/* In a pure hang, silent ranks never arrived either - as long as they are
 * a minority: when most of the world is silent, the bundle lacks their
 * logs rather than they their progress. */
void world_silent_stuck(struct ctx *c)
{
	struct fl_hang *h = &c->a->hang;
	if (!h->set || c->first || c->nwaiting == 0)
		return;
	size_t n;
	int64_t *silent = silent_ranks(c, &n);
	if (n && n < c->nwaiting) {
		size_t cap = h->nstuck;
		for (size_t i = 0; i < n; i++) {
			if (has(h->stuck, h->nstuck, silent[i]))
				continue;
			FL_GROW(h->stuck, cap, h->nstuck + 1);
			h->stuck[h->nstuck++] = silent[i];
		}
		qsort(h->stuck, h->nstuck, sizeof(*h->stuck), cmp_i64);
	}
	free(silent);
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
	qsort(a->ranks, a->nranks_state, sizeof(*a->ranks), cmp_state);
	free(silent);
}
