/* SPDX-License-Identifier: MIT */
/*
 * world.c - the job's world size, and the ranks of it that said nothing.
 *
 * A bundle rarely holds every rank's output: a hung rank is often silent,
 * and a collector may have lost a node. So the number of ranks seen is not
 * the job's size. The logs state the size in several places (the config
 * collected in findings.c: `world size N`, NCCL nranks of the largest
 * communicator, torch's process-group size; launcher arguments, nnodes x
 * nproc_per_node; any line's world_size, such as a store-based barrier's
 * or a prefix's `(rank/world)`);
 * the largest statement that no rank seen beyond
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
	int64_t launcher = col_int(st, 0, -1), any_line = col_int(st, 1, -1);
	c->nodes = col_int(st, 2, -1);
	fl_stmt_free(st);
	if (any_line > launcher)
		launcher = any_line;
	a->nranks_seen = 0;
	for (size_t i = 0; i < a->nranks_state; i++)
		a->nranks_seen += a->ranks[i].lines > 0;
	int64_t max_rank = a->nranks_state ? a->ranks[a->nranks_state - 1].rank : -1;
	c->world = world_stated(a->config.world_size, launcher, max_rank);
	if (c->world > 0)
		a->nranks = c->world;
	/* One world in the report: a smaller statement (one node's torchrun
	 * line, a sub-group's size) is not the job's. */
	if (c->world > 0 && a->config.world_size < c->world)
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
