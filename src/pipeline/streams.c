/* SPDX-License-Identifier: MIT */
/*
 * streams.c - every line of a file, matched or not, counted toward its
 * stream (one rank, local rank, pid and host): how many lines, first and
 * last time, last line. A rank that went quiet is seen here, and its
 * last words are quoted in hang verdicts. The last lines of each file are
 * kept too (tails), and in a file that no one rank wrote, each stream's
 * last lines as well (capped at TAIL_STREAMS_MAX streams a file): a pod's
 * combined log ends with its launcher's summary, which names no rank, so
 * the file's own last lines would hold none of any rank's.
 *
 * This runs for every line of the bundle, so it formats nothing and
 * copies nothing per line: lines come in long runs of one stream, whose
 * entry is reused, or alternate between a few (found among the last
 * four without hashing their key: on flbench's storm bundle that hash
 * was half of fl_fnv1a's 3% of the samples), and the last line is
 * copied from the tail ring when the stream changes.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <stdlib.h>

enum { TAIL_TEXT_MAX = 2000, HOST_KEY_MAX = 256, TAIL_STREAMS_MAX = 512 };

static void ring_init(struct tail_ring *r, size_t n)
{
	*r = (struct tail_ring){ .slot = fl_xcalloc(n ? n : 1, sizeof(*r->slot)), .n = n };
}

static void ring_release(struct tail_ring *r)
{
	for (size_t i = 0; i < r->n; i++)
		fl_buf_release(&r->slot[i].text);
	free(r->slot);
}

static void activity_release(void *val)
{
	struct activity *e = val;
	free(e->host);
	fl_buf_release(&e->text);
	if (e->ring) {
		ring_release(e->ring);
		free(e->ring);
	}
}

void streams_init(struct streams *t, size_t tail_n)
{
	memset(t, 0, sizeof(*t));
	keymap_init(&t->activity, sizeof(struct activity), activity_release);
	t->tail_n = tail_n;
	ring_init(&t->tail, tail_n);
}

void streams_release(struct streams *t)
{
	ring_release(&t->tail);
	keymap_clear(&t->activity);
	free(t->dirty);
}

void streams_file_begin(struct streams *t, bool shared)
{
	t->tail.pos = t->tail.next = 0;
	t->per_stream = shared && t->tail_n;
	t->nrings = 0;
}

static bool same_stream(const struct activity *e, const struct fl_attr *a, size_t hl)
{
	return e->rank == a->rank && e->local_rank == a->local_rank && e->pid == a->pid &&
	       e->host_key == hl && (hl == 0 || !memcmp(e->host, a->host, hl));
}

/* A stream's last line is copied when the next line belongs to another
 * stream (or the file ends), from the tail ring, which holds the previous
 * non-empty line: not once per line. */
static void stream_close(struct streams *t)
{
	struct activity *e = t->prev;
	t->prev = NULL;
	if (!e || !t->tail_n)
		return;
	fl_buf_reset(&e->text);
	if (!t->prev_empty && t->tail.pos) {
		const struct tail_slot *s = &t->tail.slot[(t->tail.next ? t->tail.next : t->tail_n) - 1];
		fl_buf_add(&e->text, s->ptr, s->len);
	}
}

/* e becomes the most recent of t->recent. */
static void recent_use(struct streams *t, struct activity *e)
{
	size_t i = 0;
	while (i < STREAMS_RECENT - 1 && t->recent[i] != e)
		i++;
	memmove(&t->recent[1], &t->recent[0], i * sizeof(t->recent[0]));
	t->recent[0] = e;
}

static struct activity *recent_find(const struct streams *t, const struct fl_attr *a, size_t hl)
{
	for (size_t i = 0; i < STREAMS_RECENT && t->recent[i]; i++)
		if (same_stream(t->recent[i], a, hl))
			return t->recent[i];
	return NULL;
}

static struct activity *stream_of(struct streams *t, const struct fl_attr *a)
{
	size_t hl = a->host_len > HOST_KEY_MAX ? HOST_KEY_MAX : a->host_len;
	if (t->prev && same_stream(t->prev, a, hl))
		return t->prev;
	stream_close(t);
	struct activity *e = recent_find(t, a, hl);
	if (e) {
		recent_use(t, e);
		return t->prev = e;
	}
	/* Binary key: three ids, then the host; no formatting per line. */
	char key[3 * sizeof(int64_t) + HOST_KEY_MAX];
	int64_t ids[3] = { a->rank, a->local_rank, a->pid };
	memcpy(key, ids, sizeof(ids));
	if (hl)
		memcpy(key + sizeof(ids), a->host, hl);
	bool fresh;
	e = keymap_get(&t->activity, key, sizeof(ids) + hl, &fresh);
	if (fresh) {
		e->rank = a->rank;
		e->local_rank = a->local_rank;
		e->pid = a->pid;
		e->host = a->host ? fl_xstrndup(a->host, a->host_len) : NULL;
		e->host_key = hl;
		e->first_ts = e->last_ts = FL_TIME_NONE;
		/* a stream that names a writer; the rest are the file's */
		if (t->per_stream && t->nrings < TAIL_STREAMS_MAX &&
		    (a->rank >= 0 || a->local_rank >= 0 || a->pid >= 0)) {
			e->ring = fl_xmalloc(sizeof(*e->ring));
			ring_init(e->ring, t->tail_n);
			t->nrings++;
		}
	}
	recent_use(t, e);
	return t->prev = e;
}

static void count_line(struct streams *t, const struct fl_line *l, const struct fl_attr *a)
{
	struct activity *e = stream_of(t, a);
	e->lines++;
	e->last_line = (int64_t)l->lineno;
	t->prev_empty = l->len == 0;
	if (!t->tail_n) {
		fl_buf_reset(&e->text);
		fl_buf_add(&e->text, l->ptr, l->len < TAIL_TEXT_MAX ? l->len : TAIL_TEXT_MAX);
	}
	if (a->ts != FL_TIME_NONE && a->ts_kind != FL_TS_INHERITED) {
		if (e->first_ts == FL_TIME_NONE || a->ts < e->first_ts)
			e->first_ts = a->ts;
		if (e->last_ts == FL_TIME_NONE || a->ts > e->last_ts)
			e->last_ts = a->ts;
	}
}

/* Inlined: once per line for the file's ring (a call of its own was 0.5%
 * of storm's samples), the rare second time for a stream's. */
static inline __attribute__((always_inline)) void ring_put(struct tail_ring *r,
							   const struct fl_line *l,
							   const struct fl_attr *a, uint64_t seq,
							   bool known)
{
	struct tail_slot *s = &r->slot[r->next];
	r->pos++;
	if (++r->next == r->n)
		r->next = 0;
	s->ptr = l->ptr;
	s->len = l->len < TAIL_TEXT_MAX ? l->len : TAIL_TEXT_MAX;
	s->borrowed = true;
	s->lineno = l->lineno;
	s->offset = l->offset;
	s->seq = seq;
	s->known = known;
	/* the body lies inside the line (fl_attr); unrecognised() keeps it
	 * inside the kept text */
	s->body = (uint32_t)(a->body - l->ptr);
	s->body_len = (uint32_t)a->body_len;
	row_attr(a, &s->a);
}

static void keep_tail(struct streams *t, const struct fl_line *l, const struct fl_attr *a,
		      bool known)
{
	if (!t->tail_n || l->len == 0)
		return;
	uint64_t seq = t->tail.pos;
	ring_put(&t->tail, l, a, seq, known);
	struct tail_ring *r = t->prev->ring;
	if (!r)
		return;
	ring_put(r, l, a, seq, known);
	if (!r->dirty) {
		r->dirty = true;
		FL_GROW(t->dirty, t->dirty_cap, t->ndirty + 1);
		t->dirty[t->ndirty++] = r;
	}
}

void streams_line(struct streams *t, const struct fl_line *l, const struct fl_attr *a,
		  bool known)
{
	count_line(t, l, a);
	keep_tail(t, l, a, known);
}

/* Copies what the ring still borrows from the batch. */
static void ring_own(struct tail_ring *r)
{
	for (size_t i = 0; i < r->n; i++) {
		struct tail_slot *s = &r->slot[i];
		if (!s->borrowed)
			continue;
		fl_buf_reset(&s->text);
		fl_buf_add(&s->text, s->ptr, s->len);
		s->ptr = s->text.ptr;
		s->borrowed = false;
		row_attr_own_host(&s->a, s->host, sizeof(s->host));
	}
}

void streams_batch_done(struct streams *t)
{
	ring_own(&t->tail);
	for (size_t i = 0; i < t->ndirty; i++) {
		ring_own(t->dirty[i]);
		t->dirty[i]->dirty = false;
	}
	t->ndirty = 0;
}

static int flush_activity(struct streams *t, struct fl_store *s, int64_t run_id,
			  int64_t file_id, struct fl_err *err)
{
	stream_close(t);
	for (size_t i = 0; i < t->activity.used; i++) {
		const struct activity *e = keymap_at(&t->activity, i);
		struct fl_activity_row r = { run_id, file_id, e->rank, e->local_rank, e->pid,
					     e->host, e->lines, e->first_ts, e->last_ts,
					     e->last_line, e->text.ptr };
		if (fl_store_activity_add(s, &r))
			return store_fail(s, err, "cannot store activity");
	}
	keymap_clear(&t->activity);
	memset(t->recent, 0, sizeof(t->recent));
	return 0;
}

/* The ring's lines in the order they came, appended to v. */
static void ring_lines(const struct tail_ring *r, const struct tail_slot ***v, size_t *n,
		       size_t *cap)
{
	size_t k = r->pos < r->n ? r->pos : r->n;
	FL_GROW(*v, *cap, *n + k);
	for (size_t i = 0; i < k; i++)
		(*v)[(*n)++] = &r->slot[(r->pos - k + i) % r->n];
}

static int by_seq(const void *x, const void *y)
{
	uint64_t a = (*(const struct tail_slot *const *)x)->seq;
	uint64_t b = (*(const struct tail_slot *const *)y)->seq;
	return (a > b) - (a < b);
}

/* Whether the run already has an unrecognised line of this body; notes
 * it when not. */
static bool unrecognised_seen(struct streams *t, const char *body, size_t n)
{
	uint64_t h = fl_hash_key(body, n);
	for (size_t i = 0; i < t->nunrecognised; i++)
		if (t->unrecognised[i] == h)
			return true;
	t->unrecognised[t->nunrecognised++] = h;
	return false;
}

/* The tail lines v (file order, each once) that no pattern read and that
 * look like errors become FL_KIND_UNRECOGNISED events: when the analysis
 * knows no failure, they are what it can still point at. Only the tails
 * are looked at, for the failure of a process is usually among its last
 * lines, and a few lines a file cost nothing beside the bundle's. */
static int unrecognised(struct streams *t, struct fl_store *s, int64_t run_id, int64_t file_id,
			const struct tail_slot *const *v, size_t n, struct fl_err *err)
{
	for (size_t k = 0; k < n && t->nunrecognised < UNRECOGNISED_MAX; k++) {
		const struct tail_slot *sl = v[k];
		size_t at = sl->body < sl->len ? sl->body : 0;
		size_t len = sl->body_len < sl->len - at ? sl->body_len : sl->len - at;
		if (sl->known || !fl_looks_like_error(sl->ptr + at, len) ||
		    unrecognised_seen(t, sl->ptr + at, len))
			continue;
		struct fl_event_row r = {
			.run_id = run_id,
			.file_id = file_id,
			.line = (int64_t)sl->lineno,
			.nlines = 1,
			.offset = (int64_t)sl->offset,
			.a = sl->a,
			.kind = FL_KIND_UNRECOGNISED,
			.pattern = FL_KIND_UNRECOGNISED,
			.severity = FL_SEV_WARNING,
			.fields = "{}",
			.text = sl->ptr,
			.text_len = sl->len,
		};
		if (fl_store_event_add(s, &r, NULL))
			return store_fail(s, err, "cannot store event");
	}
	return 0;
}

/* The file's last lines and its streams', each line once, in file order. */
static int flush_tail(struct streams *t, struct fl_store *s, int64_t run_id, int64_t file_id,
		      struct fl_err *err)
{
	const struct tail_slot **all = NULL;
	size_t n = 0, cap = 0;
	ring_lines(&t->tail, &all, &n, &cap);
	for (size_t i = 0; t->nrings && i < t->activity.used; i++) {
		const struct activity *e = keymap_at(&t->activity, i);
		if (e->ring)
			ring_lines(e->ring, &all, &n, &cap);
	}
	if (t->nrings)
		qsort(all, n, sizeof(*all), by_seq);
	struct fl_tail_line *v = fl_xmalloc((n ? n : 1) * sizeof(*v));
	size_t m = 0;
	for (size_t k = 0; k < n; k++)
		if (!m || all[k]->seq != all[k - 1]->seq) {
			all[m] = all[k];
			v[m++] = (struct fl_tail_line){ (int64_t)all[k]->lineno, all[k]->a,
							all[k]->ptr, all[k]->len };
		}
	int rc = fl_store_tail_set(s, run_id, file_id, v, m);
	free(v);
	rc = rc ? store_fail(s, err, "cannot store tail")
		: unrecognised(t, s, run_id, file_id, all, m, err);
	free(all);
	return rc;
}

int streams_file_end(struct streams *t, struct fl_store *s, int64_t run_id, int64_t file_id,
		     struct fl_err *err)
{
	int rc = flush_tail(t, s, run_id, file_id, err);
	return rc ? rc : flush_activity(t, s, run_id, file_id, err);
}
