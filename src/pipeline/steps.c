/* SPDX-License-Identifier: MIT */
/*
 * steps.c - training-step lines, the bulk of what a bundle says that
 * matters: every rank logs every few hundred milliseconds, a million
 * lines per GiB. One row per line would make SQLite the cost of an
 * ingest, and the analysis reads the series per step, not per line.
 *
 * So each step line goes two ways:
 *
 *   step_stats   summed per step over all lines of the run (a sorted array
 *                here, flushed as upserts at the end):
 *                the loss, throughput and MFU series the reports use;
 *   steps        full rows only where one rank's own line matters: the
 *                last STEPS_WINDOW lines of each rank in each file (the
 *                recent progress that stragglers and clock skew are
 *                judged on; the last step of a file), every abnormal
 *                line (non-finite loss or gradient norm, NaN iterations,
 *                a loss that vanished) and lines without a step number.
 *
 * The window is a ring per (file, rank), flushed at the end of the file.
 * A file that interleaves more than STEPS_RINGS ranks writes the lines of
 * the further ranks directly: slower, never wrong.
 */
#include "pipeline_int.h"

#include <stdlib.h>
#include <string.h>

enum {
	/* Rows kept per rank and file: plenty for a rank's mean step time
	 * and the clock's medians, and few enough that a job of 32 Ki
	 * ranks, 270 lines each, is not mostly step rows (64 made them 58 of
	 * the 105 rows an 8 Ki-rank bundle's rank wrote, and a fifth of
	 * its analysis time). */
	STEPS_WINDOW = 16,
	STEPS_RINGS = 256,      /* rings per file */
	STATS_MAX = 65536,      /* steps held in memory before an early flush */
	INSERT_MOVE_MAX = 4096, /* entries moved for a new step before a flush instead */
};

struct step_slot {
	struct fl_step_row r;
	char host[128];
};

struct ring {
	int64_t rank;
	size_t pos; /* lines added; the slot of line k is k % STEPS_WINDOW */
	struct step_slot *slot;
};

/* One step's sums so far: fl_step_stat without the run, in less room. */
struct step_sum {
	int64_t step, first_ts, last_ts;
	int64_t loss_max_file_id, loss_max_line;
	double loss_max;
	uint32_t lines;
	uint32_t n[FL_STEP_NSUMMED - FL_STEP_LOSS];
	double sum[FL_STEP_NSUMMED - FL_STEP_LOSS];
};

struct fl_steps {
	struct fl_store *store;
	int64_t run_id;
	struct ring *rings;
	size_t nrings, last; /* last: the ring used last (lines come in runs) */
	bool had_loss; /* an earlier step line of this file had a loss */
	struct step_sum *sums; /* sorted by step */
	size_t nsums, cap, cursor;
};

struct fl_steps *steps_new(struct fl_store *s, int64_t run_id)
{
	struct fl_steps *st = fl_xcalloc(1, sizeof(*st));
	st->store = s;
	st->run_id = run_id;
	return st;
}

void steps_free(struct fl_steps *st)
{
	if (!st)
		return;
	for (size_t i = 0; i < st->nrings; i++)
		free(st->rings[i].slot);
	free(st->rings);
	free(st->sums);
	free(st);
}

/* ---- per-step sums ----
 *
 * A sorted array, one entry per step: every rank's file walks the steps
 * in increasing order, so the next line's step is almost always the
 * entry after the last one (a cursor), and a bundle of N steps holds N
 * entries whatever its number of ranks. Memory grows with the steps a
 * job logged, about 200 bytes each - not with its ranks or lines; past
 * STATS_MAX steps the sums are flushed early and start again (slower:
 * later files then re-add rows that upserts merge), and so they are when
 * a new step would move more than INSERT_MOVE_MAX entries, so that no
 * line costs more than that: each entry is written once for each time
 * it was inserted. */

/* The entry of step, or where it would go: *found says which. */
static size_t sum_pos(const struct fl_steps *st, int64_t step, bool *found)
{
	size_t c = st->cursor;
	*found = true;
	if (c < st->nsums && st->sums[c].step == step)
		return c;
	if (c + 1 < st->nsums && st->sums[c + 1].step == step)
		return c + 1;
	size_t lo = 0, hi = st->nsums;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (st->sums[mid].step < step)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < st->nsums && st->sums[lo].step == step;
	return lo;
}

static struct step_sum *sum_insert(struct fl_steps *st, size_t at, int64_t step)
{
	FL_GROW(st->sums, st->cap, st->nsums + 1);
	memmove(&st->sums[at + 1], &st->sums[at], (st->nsums - at) * sizeof(*st->sums));
	st->nsums++;
	memset(&st->sums[at], 0, sizeof(*st->sums));
	st->sums[at].step = step;
	st->sums[at].first_ts = st->sums[at].last_ts = FL_TIME_NONE;
	return &st->sums[at];
}

static int stats_flush(struct fl_steps *st)
{
	for (size_t i = 0; i < st->nsums; i++) {
		const struct step_sum *u = &st->sums[i];
		struct fl_step_stat t = { .run_id = st->run_id, .step = u->step, .lines = u->lines,
					  .first_ts = u->first_ts, .last_ts = u->last_ts,
					  .loss_max = u->loss_max,
					  .loss_max_file_id = u->loss_max_file_id,
					  .loss_max_line = u->loss_max_line };
		for (int c = FL_STEP_LOSS; c < FL_STEP_NSUMMED; c++) {
			t.n[c] = u->n[c - FL_STEP_LOSS];
			t.sum[c] = u->sum[c - FL_STEP_LOSS];
		}
		if (fl_store_step_stat_add(st->store, &t))
			return FL_EDB;
	}
	st->nsums = st->cursor = 0;
	return FL_OK;
}

static bool finite(double v)
{
	return v == v && v < 1e308 && v > -1e308;
}

static int stats_add(struct fl_steps *st, const struct fl_step_row *r)
{
	if (st->nsums >= STATS_MAX && stats_flush(st))
		return FL_EDB;
	int64_t step = (int64_t)r->v[FL_STEP_STEP];
	bool found;
	size_t at = sum_pos(st, step, &found);
	/* A file that starts again below the steps of earlier files (the
	 * next rank of a long run, after an early flush left the last
	 * steps of the one before) would move them all for each new step:
	 * 35 s of memmove on 4 files of 290 k steps. Flushed instead. */
	if (!found && st->nsums - at > INSERT_MOVE_MAX) {
		if (stats_flush(st))
			return FL_EDB;
		at = 0;
	}
	struct step_sum *t = found ? &st->sums[at] : sum_insert(st, at, step);
	st->cursor = at;
	t->lines++;
	if (r->a.ts != FL_TIME_NONE) {
		if (t->first_ts == FL_TIME_NONE || r->a.ts < t->first_ts)
			t->first_ts = r->a.ts;
		if (t->last_ts == FL_TIME_NONE || r->a.ts > t->last_ts)
			t->last_ts = r->a.ts;
	}
	for (int c = FL_STEP_LOSS; c < FL_STEP_NSUMMED; c++) {
		double v = r->v[c];
		if (!r->has[c] || !finite(v) || (c == FL_STEP_MFU && v < 0))
			continue;
		uint32_t *n = &t->n[c - FL_STEP_LOSS];
		if (c == FL_STEP_LOSS && (*n == 0 || v > t->loss_max)) {
			t->loss_max = v;
			t->loss_max_file_id = r->file_id;
			t->loss_max_line = r->line;
		}
		(*n)++;
		t->sum[c - FL_STEP_LOSS] += v;
	}
	return FL_OK;
}

/* ---- rows ---- */

static struct ring *ring_of(struct fl_steps *st, int64_t rank)
{
	if (st->last < st->nrings && st->rings[st->last].rank == rank)
		return &st->rings[st->last];
	for (size_t i = 0; i < st->nrings; i++)
		if (st->rings[i].rank == rank) {
			st->last = i;
			return &st->rings[i];
		}
	if (st->nrings == STEPS_RINGS)
		return NULL;
	st->rings = fl_xrealloc(st->rings, (st->nrings + 1) * sizeof(*st->rings));
	st->last = st->nrings;
	struct ring *g = &st->rings[st->nrings++];
	g->rank = rank;
	g->pos = 0;
	g->slot = fl_xmalloc(STEPS_WINDOW * sizeof(*g->slot));
	return g;
}

static void ring_put(struct ring *g, const struct fl_step_row *r)
{
	struct step_slot *s = &g->slot[g->pos++ % STEPS_WINDOW];
	s->r = *r;
	row_attr_own_host(&s->r.a, s->host, sizeof(s->host));
}

static bool abnormal(const struct fl_step_row *r)
{
	return r->loss_text || r->grad_norm_text || r->loss_missing ||
	       (r->has[FL_STEP_NAN_ITERS] && r->v[FL_STEP_NAN_ITERS] > 0);
}

/* Megatron leaves the loss out of a line whose loss was NaN, and out of one
 * whose iterations were all skipped (an fp16 overflow: the loss scale is
 * lowered, nothing is NaN). Only the first is a lost loss. */
static bool lost_loss(const struct fl_steps *st, const struct fl_step_row *r)
{
	bool skipped = r->has[FL_STEP_SKIPPED] && r->v[FL_STEP_SKIPPED] > 0 &&
		       !(r->has[FL_STEP_NAN_ITERS] && r->v[FL_STEP_NAN_ITERS] > 0);
	return !r->has[FL_STEP_LOSS] && st->had_loss && !skipped;
}

int steps_add(struct fl_steps *st, struct fl_step_row *r)
{
	r->loss_missing = lost_loss(st, r);
	if (r->has[FL_STEP_LOSS])
		st->had_loss = true;
	if (!r->has[FL_STEP_STEP])
		return fl_store_step_add(st->store, r);
	if (stats_add(st, r))
		return FL_EDB;
	struct ring *g = abnormal(r) ? NULL : ring_of(st, r->a.rank);
	if (!g)
		return fl_store_step_add(st->store, r);
	ring_put(g, r);
	return FL_OK;
}

int steps_file_end(struct fl_steps *st)
{
	int rc = FL_OK;
	for (size_t i = 0; i < st->nrings; i++) {
		struct ring *g = &st->rings[i];
		size_t n = g->pos < STEPS_WINDOW ? g->pos : STEPS_WINDOW;
		for (size_t k = g->pos - n; !rc && k < g->pos; k++)
			rc = fl_store_step_add(st->store, &g->slot[k % STEPS_WINDOW].r);
		free(g->slot);
	}
	free(st->rings);
	st->rings = NULL;
	st->nrings = 0;
	st->had_loss = false;
	return rc;
}

int steps_run_end(struct fl_steps *st)
{
	return stats_flush(st);
}
