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

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
	/* Rows kept per rank and file: plenty for a rank's mean step time
	 * and the clock's medians, and few enough that a job of 32 Ki
	 * ranks, 270 lines each, is not mostly step rows (64 made them 58 of
	 * the 105 rows an 8 Ki-rank bundle's rank wrote, and a fifth of
	 * its analysis time). */
	STEPS_WINDOW = 16,
	STEPS_RINGS = 256,      /* rings per file */
	STATS_MAX = 65536,      /* steps held in memory before an early flush */
	INSERT_MOVE_MAX = 512,  /* entries moved for a new step before a flush instead */
	MERGE_MAX = 64,         /* spilled runs of one level merged into one */
	PEND_MAX = 64,          /* step_stats rows given to the store at a time */
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

/* A sorted array of step sums written to the spill file (encoded, see
 * enc_sum()); level: how many times its entries were merged into a new
 * run. */
struct spill_run {
	off_t off;
	size_t bytes, n;
	unsigned level;
};

struct fl_steps {
	struct fl_store *store;
	int64_t run_id;
	struct ring *rings;
	size_t nrings, last; /* last: the ring used last (lines come in runs) */
	bool had_loss; /* an earlier step line of this file had a loss */
	struct step_sum *sums; /* sorted by step */
	size_t nsums, cap, cursor;
	struct steps_limits lim;
	int spill;               /* the spill file; -1 until the first early flush */
	/* No more spilling: none could be made, or the runs went to the
	 * store. Rows are given to the store only after it is set, but for
	 * the first pass that stores every step once (runs_store(), or
	 * stats_upsert() at the end of a run that never spilled): until it
	 * is set each row is a step new to the run, and after it a step
	 * stored again adds to its row (an upsert). */
	bool no_spill;
	off_t spill_end;
	struct spill_run *runs;  /* oldest first; levels never rise towards the newest */
	size_t nruns, runcap;
	size_t spilled;          /* entries written to the spill file, merges included */
	size_t spill_bytes;      /* and their bytes */
	struct fl_step_stat pend[PEND_MAX]; /* rows for the store, not yet given */
	size_t npend;
};

struct fl_steps *steps_new(struct fl_store *s, int64_t run_id, const struct steps_limits *lim)
{
	struct fl_steps *st = fl_xcalloc(1, sizeof(*st));
	st->store = s;
	st->run_id = run_id;
	st->lim = lim ? *lim : (struct steps_limits){ STATS_MAX, MERGE_MAX };
	st->spill = -1;
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
	free(st->runs);
	if (st->spill >= 0)
		close(st->spill);
	free(st);
}

/* ---- per-step sums ----
 *
 * A sorted array, one entry per step: every rank's file walks the steps
 * in increasing order, so the next line's step is almost always the
 * entry after the last one (a cursor), and a bundle of N steps holds N
 * entries whatever its number of ranks. Memory grows with the steps a
 * job logged, 160 bytes each - not with its ranks or lines; past
 * STATS_MAX steps the sums are flushed early and start again, and so
 * they are when a new step would move more than INSERT_MOVE_MAX
 * entries, so that no line costs more than that. */

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

/* The rows sum_store() kept back, given to the store. */
static int pend_flush(struct fl_steps *st)
{
	int rc = fl_store_step_stats_add(st->store, st->pend, st->npend, !st->no_spill) ? FL_EDB
										      : FL_OK;
	st->npend = 0;
	return rc;
}

/* u as a step_stats row, stored PEND_MAX at a time: whoever stores the
 * last of a batch of sums calls pend_flush(). */
static int sum_store(struct fl_steps *st, const struct step_sum *u)
{
	struct fl_step_stat *t = &st->pend[st->npend++];
	*t = (struct fl_step_stat){ .run_id = st->run_id, .step = u->step, .lines = u->lines,
				    .first_ts = u->first_ts, .last_ts = u->last_ts,
				    .loss_max = u->loss_max,
				    .loss_max_file_id = u->loss_max_file_id,
				    .loss_max_line = u->loss_max_line };
	for (int c = FL_STEP_LOSS; c < FL_STEP_NSUMMED; c++) {
		t->n[c] = u->n[c - FL_STEP_LOSS];
		t->sum[c] = u->sum[c - FL_STEP_LOSS];
	}
	return st->npend == PEND_MAX ? pend_flush(st) : FL_OK;
}

/* Adds u, a later flush's sums of the same step, to t: what the store's
 * upsert of a step_stats row does (STORE_STEP_STATS_UPSERT), in the same
 * order, so a merged row is the row the upserts would have left. */
static void sum_merge(struct step_sum *t, const struct step_sum *u)
{
	t->lines += u->lines;
	if (u->first_ts != FL_TIME_NONE && (t->first_ts == FL_TIME_NONE || u->first_ts < t->first_ts))
		t->first_ts = u->first_ts;
	if (u->last_ts != FL_TIME_NONE && (t->last_ts == FL_TIME_NONE || u->last_ts > t->last_ts))
		t->last_ts = u->last_ts;
	if (u->n[0] > 0 && (t->n[0] == 0 || u->loss_max > t->loss_max)) {
		t->loss_max = u->loss_max;
		t->loss_max_file_id = u->loss_max_file_id;
		t->loss_max_line = u->loss_max_line;
	}
	for (int c = 0; c < FL_STEP_NSUMMED - FL_STEP_LOSS; c++) {
		t->n[c] += u->n[c];
		t->sum[c] += u->sum[c];
	}
}

static int stats_upsert(struct fl_steps *st)
{
	for (size_t i = 0; i < st->nsums; i++)
		if (sum_store(st, &st->sums[i]))
			return FL_EDB;
	return pend_flush(st);
}

/* ---- spilled runs ----
 *
 * A long job whose ranks all log every step has more steps than the
 * array holds, and each file walks all of them: upserting every early
 * flush wrote each step once per file (1.03 M upserts for 4 ranks of
 * 258 k steps, a third of the ingest's store time). So an early flush
 * writes the sorted array as a run to an unlinked temporary file, as
 * sort(1) does, and the end of the run merges the runs and stores each
 * step once. So that neither the merge's buffers (one per run) nor the
 * file grow without bound, MERGE_MAX runs of one level are merged into
 * one of the next as they come, and the space of the merged ones is
 * given back: each entry is rewritten once per level, log(flushes)
 * times, never once per later merge. Where no temporary file can be
 * made or written, the runs so far and each later flush are upserted:
 * the store adds flushes of the same step in the order they come, so
 * the rows are the same either way. */

/* ---- the spill's encoding ----
 *
 * Most entries of an early flush are one line of one file: one time
 * stamp, the columns that job logs (5 of the 9 on a torchtitan log),
 * and a step, line and time a little above the entry's before. So an
 * entry is written as varints of those differences, a mask of the
 * columns it has and their sums' bits: 56 bytes on deep-1x instead of
 * the 160 of a step_sum, whose file is written and read back 58 MB
 * instead of 104. Doubles are copied bit for bit, so a merged row is
 * still the row the upserts would have left. */

enum {
	ENC_MAX = 192,          /* bytes of the largest entry (183) */
	SPILL_BUF = 64u << 10,  /* bytes encoded before a write */
	RUN_BYTES = 32u << 10,  /* bytes read from a spilled run at a time */
	F_FIRST = 1,            /* first_ts is a time */
	F_LAST = 2,             /* last_ts is a time */
	F_LOSS = 4,             /* the largest loss and its line are set */
	F_MAX_IS_SUM = 8,       /* ... and that loss is the only one, the sum */
};

_Static_assert(FL_STEP_NSUMMED - FL_STEP_LOSS <= 32, "a step_sum's columns fit a mask");

/* What an entry is written relative to: the entry before in its run. */
struct codec {
	int64_t step, ts, file_id, line;
};

static unsigned char *put_u64(unsigned char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	return p;
}

/* A difference, small either way, as a small unsigned (zigzag). */
static unsigned char *put_diff(unsigned char *p, int64_t now, int64_t before)
{
	uint64_t d = (uint64_t)now - (uint64_t)before;
	return put_u64(p, (d << 1) ^ (0 - (d >> 63)));
}

static unsigned char *put_f64(unsigned char *p, double v)
{
	memcpy(p, &v, sizeof(v));
	return p + sizeof(v);
}

/* NULL when the varint runs past end or past 64 bits. */
static const unsigned char *get_u64(const unsigned char *p, const unsigned char *end, uint64_t *v)
{
	uint64_t x = 0;
	for (unsigned shift = 0; p < end && shift < 64; shift += 7) {
		unsigned char b = *p++;
		x |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*v = x;
			return p;
		}
	}
	return NULL;
}

static const unsigned char *get_diff(const unsigned char *p, const unsigned char *end,
				     int64_t before, int64_t *now)
{
	uint64_t z;
	if (!(p = get_u64(p, end, &z)))
		return NULL;
	*now = (int64_t)((uint64_t)before + ((z >> 1) ^ (0 - (z & 1))));
	return p;
}

static const unsigned char *get_f64(const unsigned char *p, const unsigned char *end, double *v)
{
	if (end - p < (ptrdiff_t)sizeof(*v))
		return NULL;
	memcpy(v, p, sizeof(*v));
	return p + sizeof(*v);
}

static bool bits_differ(double a, double b)
{
	return memcmp(&a, &b, sizeof(a)) != 0;
}

/* u at p; returns the end of its bytes (at most ENC_MAX). */
static unsigned char *enc_sum(unsigned char *p, const struct step_sum *u, struct codec *c)
{
	bool loss = u->n[0] || bits_differ(u->loss_max, 0.0) || u->loss_max_file_id ||
		    u->loss_max_line;
	unsigned flags = (u->first_ts != FL_TIME_NONE ? F_FIRST : 0) |
			 (u->last_ts != FL_TIME_NONE ? F_LAST : 0) | (loss ? F_LOSS : 0) |
			 (loss && u->n[0] == 1 && !bits_differ(u->loss_max, u->sum[0]) ? F_MAX_IS_SUM
											 : 0);
	p = put_diff(p, u->step, c->step);
	p = put_u64(p, u->lines);
	*p++ = (unsigned char)flags;
	c->step = u->step;
	if (flags & F_FIRST) {
		p = put_diff(p, u->first_ts, c->ts);
		c->ts = u->first_ts;
	}
	if (flags & F_LAST) {
		p = put_diff(p, u->last_ts, c->ts);
		c->ts = u->last_ts;
	}
	if (flags & F_LOSS) {
		p = put_diff(p, u->loss_max_file_id, c->file_id);
		p = put_diff(p, u->loss_max_line, c->line);
		c->file_id = u->loss_max_file_id;
		c->line = u->loss_max_line;
		if (!(flags & F_MAX_IS_SUM))
			p = put_f64(p, u->loss_max);
	}
	uint32_t mask = 0;
	for (int k = 0; k < FL_STEP_NSUMMED - FL_STEP_LOSS; k++)
		if (u->n[k] || bits_differ(u->sum[k], 0.0))
			mask |= 1u << k;
	p = put_u64(p, mask);
	for (int k = 0; mask; k++, mask >>= 1) {
		if (!(mask & 1))
			continue;
		p = put_u64(p, u->n[k]);
		p = put_f64(p, u->sum[k]);
	}
	return p;
}

/* The entry at p into u; NULL when its bytes are not an entry (the
 * file was damaged) or run past end. */
static const unsigned char *dec_sum(const unsigned char *p, const unsigned char *end,
				    struct step_sum *u, struct codec *c)
{
	uint64_t v, mask;
	memset(u, 0, sizeof(*u));
	u->first_ts = u->last_ts = FL_TIME_NONE;
	if (!(p = get_diff(p, end, c->step, &u->step)) || !(p = get_u64(p, end, &v)) ||
	    v > UINT32_MAX || p >= end)
		return NULL;
	u->lines = (uint32_t)v;
	unsigned flags = *p++;
	c->step = u->step;
	if (flags & F_FIRST) {
		if (!(p = get_diff(p, end, c->ts, &u->first_ts)))
			return NULL;
		c->ts = u->first_ts;
	}
	if (flags & F_LAST) {
		if (!(p = get_diff(p, end, c->ts, &u->last_ts)))
			return NULL;
		c->ts = u->last_ts;
	}
	if (flags & F_LOSS) {
		if (!(p = get_diff(p, end, c->file_id, &u->loss_max_file_id)) ||
		    !(p = get_diff(p, end, c->line, &u->loss_max_line)))
			return NULL;
		c->file_id = u->loss_max_file_id;
		c->line = u->loss_max_line;
		if (!(flags & F_MAX_IS_SUM) && !(p = get_f64(p, end, &u->loss_max)))
			return NULL;
	}
	if (!(p = get_u64(p, end, &mask)) || mask >> (FL_STEP_NSUMMED - FL_STEP_LOSS))
		return NULL;
	for (int k = 0; mask; k++, mask >>= 1) {
		if (!(mask & 1))
			continue;
		if (!(p = get_u64(p, end, &v)) || v > UINT32_MAX || !(p = get_f64(p, end, &u->sum[k])))
			return NULL;
		u->n[k] = (uint32_t)v;
	}
	if (flags & F_MAX_IS_SUM)
		u->loss_max = u->sum[0];
	return p;
}

/* n bytes at off of the spill file, written from or read into p; false
 * on an error or a short read. */
static bool spill_io(struct fl_steps *st, void *buf, size_t n, off_t off, bool write)
{
	char *p = buf;
	while (n) {
		ssize_t k = write ? pwrite(st->spill, p, n, off) : pread(st->spill, p, n, off);
		if (k <= 0)
			return false;
		p += k;
		off += k;
		n -= (size_t)k;
	}
	return true;
}

/* A run being written: its entries are encoded into buf and written to
 * the spill file SPILL_BUF bytes at a time. */
struct spill_out {
	struct spill_run run;
	struct codec c;
	size_t len; /* bytes in buf */
	unsigned char buf[SPILL_BUF + ENC_MAX];
};

static struct spill_out *spill_out_new(off_t off, unsigned level)
{
	struct spill_out *w = fl_xcalloc(1, sizeof(*w));
	w->run = (struct spill_run){ .off = off, .level = level };
	return w;
}

static bool spill_out_flush(struct fl_steps *st, struct spill_out *w)
{
	if (w->len && !spill_io(st, w->buf, w->len, w->run.off + (off_t)w->run.bytes, true))
		return false;
	w->run.bytes += w->len;
	w->len = 0;
	return true;
}

static bool spill_out_put(struct fl_steps *st, struct spill_out *w, const struct step_sum *u)
{
	w->len = (size_t)(enc_sum(w->buf + w->len, u, &w->c) - w->buf);
	w->run.n++;
	return w->len < SPILL_BUF || spill_out_flush(st, w);
}

/* w's run, written, joins the file's runs. */
static void spill_out_done(struct fl_steps *st, const struct spill_out *w)
{
	st->spill_end = w->run.off + (off_t)w->run.bytes;
	st->spilled += w->run.n;
	st->spill_bytes += w->run.bytes;
}

struct run_cursor {
	const struct spill_run *run;
	struct codec c;
	size_t read, at, have; /* bytes of the run read; of buf, used and filled */
	size_t left;           /* entries of the run not decoded yet */
	struct step_sum cur;   /* the entry decoded last */
	unsigned char buf[RUN_BYTES + ENC_MAX];
};

/* The next entry of c's run into c->cur; false at its end (*rc FL_OK) or
 * on an error (*rc FL_EIO). */
static bool cursor_next(struct fl_steps *st, struct run_cursor *c, int *rc)
{
	*rc = FL_OK;
	if (!c->left)
		return false;
	size_t unread = c->run->bytes - c->read;
	if (c->have - c->at < ENC_MAX && unread) {
		memmove(c->buf, c->buf + c->at, c->have - c->at);
		c->have -= c->at;
		c->at = 0;
		size_t want = RUN_BYTES + ENC_MAX - c->have < unread ? RUN_BYTES + ENC_MAX - c->have
								   : unread;
		if (!spill_io(st, c->buf + c->have, want, c->run->off + (off_t)c->read, false)) {
			*rc = FL_EIO;
			return false;
		}
		c->have += want;
		c->read += want;
	}
	const unsigned char *p = c->buf + c->at,
			    *end = dec_sum(p, c->buf + c->have, &c->cur, &c->c);
	if (!end) {
		*rc = FL_EIO;
		return false;
	}
	c->at += (size_t)(end - p);
	c->left--;
	return true;
}

/* Heap order: the lower step, then the older run, so that a step's
 * flushes are added in the order the upserts would have added them. */
static bool cursor_before(const struct run_cursor *c, size_t i, size_t j)
{
	int64_t a = c[i].cur.step, b = c[j].cur.step;
	return a < b || (a == b && i < j);
}

static void heap_down(size_t *h, size_t n, size_t i, const struct run_cursor *c)
{
	for (;;) {
		size_t m = i, l = 2 * i + 1, r = l + 1;
		if (l < n && cursor_before(c, h[l], h[m]))
			m = l;
		if (r < n && cursor_before(c, h[r], h[m]))
			m = r;
		if (m == i)
			return;
		size_t t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* Merged sums go to the store (w NULL) or to a new run of the file. */
static int out_put(struct fl_steps *st, struct spill_out *w, const struct step_sum *u)
{
	if (!w)
		return sum_store(st, u);
	return spill_out_put(st, w, u) ? FL_OK : FL_EIO;
}

/* Merges the spilled runs from first on into w (NULL: the store), one
 * entry per step. */
static int runs_merge(struct fl_steps *st, size_t first, struct spill_out *w)
{
	size_t k = st->nruns - first, nh = 0;
	struct run_cursor *c = fl_xcalloc(k, sizeof(*c));
	size_t *h = fl_xmalloc(k * sizeof(*h));
	int rc = FL_OK;
	for (size_t i = 0; i < k && !rc; i++) {
		c[i].run = &st->runs[first + i];
		c[i].left = c[i].run->n;
		if (cursor_next(st, &c[i], &rc))
			h[nh++] = i;
	}
	for (size_t i = nh / 2; i-- > 0;)
		heap_down(h, nh, i, c);
	struct step_sum acc;
	bool have = false;
	while (!rc && nh) {
		struct run_cursor *t = &c[h[0]];
		if (have && acc.step == t->cur.step) {
			sum_merge(&acc, &t->cur);
		} else {
			if (have)
				rc = out_put(st, w, &acc);
			acc = t->cur;
			have = true;
		}
		int crc;
		if (!cursor_next(st, t, &crc)) {
			rc = rc ? rc : crc;
			h[0] = h[--nh];
		}
		heap_down(h, nh, 0, c);
	}
	if (!rc && have)
		rc = out_put(st, w, &acc);
	if (!rc && w && !spill_out_flush(st, w))
		rc = FL_EIO;
	free(c);
	free(h);
	return rc;
}

/* Every run into the store, oldest first, and no more spilling: at the
 * end of the run, or when the spill file could not be written (the
 * flushes from then on are upserted after them). */
static int runs_store(struct fl_steps *st)
{
	int rc = st->nruns ? runs_merge(st, 0, NULL) : FL_OK;
	if (!rc)
		rc = pend_flush(st);
	st->nruns = 0;
	st->no_spill = true;
	return rc;
}

/* The file's space under run r, which a merge has copied: given back
 * where the file system can (the file keeps its size). */
static void run_release(struct fl_steps *st, const struct spill_run *r)
{
#ifdef FALLOC_FL_PUNCH_HOLE
	fallocate(st->spill, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, r->off, (off_t)r->bytes);
#else
	(void)st;
	(void)r;
#endif
}

/* The runs from first on merged into one run of the next level, written
 * at the end of the file. */
static int runs_compact(struct fl_steps *st, size_t first)
{
	struct spill_out *w = spill_out_new(st->spill_end, st->runs[first].level + 1);
	int rc = runs_merge(st, first, w);
	if (!rc) {
		for (size_t i = first; i < st->nruns; i++)
			run_release(st, &st->runs[i]);
		st->runs[first] = w->run;
		st->nruns = first + 1;
		spill_out_done(st, w);
	}
	free(w);
	return rc == FL_EIO ? runs_store(st) : rc;
}

/* While the newest MERGE_MAX runs are of one level, they become one. */
static int runs_cascade(struct fl_steps *st)
{
	size_t k = st->lim.merge_max;
	int rc = FL_OK;
	while (!rc && st->nruns >= k && st->runs[st->nruns - k].level == st->runs[st->nruns - 1].level)
		rc = runs_compact(st, st->nruns - k);
	return rc;
}

/* In $TMPDIR, as sort(1) does; unlinked at once, so that nothing is left
 * behind whatever way the process ends. */
static int spill_open(void)
{
	const char *dir = getenv("TMPDIR");
	char *path = fl_xasprintf("%s/faultline-steps-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	free(path);
	return fd;
}

/* The array as a new run at the end of the spill file; false when it
 * could not be written. */
static bool spill_sums(struct fl_steps *st)
{
	struct spill_out *w = spill_out_new(st->spill_end, 0);
	bool ok = true;
	for (size_t i = 0; ok && i < st->nsums; i++)
		ok = spill_out_put(st, w, &st->sums[i]);
	if (ok && (ok = spill_out_flush(st, w))) {
		FL_GROW(st->runs, st->runcap, st->nruns + 1);
		st->runs[st->nruns++] = w->run;
		spill_out_done(st, w);
	}
	free(w);
	return ok;
}

/* An early flush: the array becomes a run, or is upserted. */
static int stats_flush(struct fl_steps *st)
{
	if (st->spill < 0 && !st->no_spill) {
		st->spill = spill_open();
		st->no_spill = st->spill < 0;
	}
	int rc = FL_OK;
	if (st->spill >= 0 && !st->no_spill && spill_sums(st)) {
		rc = runs_cascade(st);
	} else {
		rc = runs_store(st);
		if (!rc)
			rc = stats_upsert(st);
	}
	st->nsums = st->cursor = 0;
	return rc;
}

static bool finite(double v)
{
	return v == v && v < 1e308 && v > -1e308;
}

static int stats_add(struct fl_steps *st, const struct fl_step_row *r)
{
	if (st->nsums >= st->lim.stats_max && stats_flush(st))
		return FL_EDB;
	int64_t step = (int64_t)r->v[FL_STEP_STEP];
	bool found;
	size_t at = sum_pos(st, step, &found);
	/* A file that starts again below the steps of earlier files (the
	 * next rank of a long run, after an early flush left the last
	 * steps of the one before) would move them all for each new step:
	 * 35 s of memmove on 4 files of 290 k steps. Flushed instead. At
	 * most 512 entries (80 KB) a line: a log of a million random step
	 * numbers spent a third of its CPU moving up to 4096 (11.6 s);
	 * flushing sooner costs it shorter runs to merge instead (6.7 s). */
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

size_t steps_spilled(const struct fl_steps *st)
{
	return st->spilled;
}

size_t steps_spilled_bytes(const struct fl_steps *st)
{
	return st->spill_bytes;
}

int steps_run_end(struct fl_steps *st)
{
	if (!st->nruns)
		return stats_upsert(st);
	int rc = stats_flush(st);
	return rc ? rc : runs_store(st);
}
