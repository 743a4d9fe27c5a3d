/* SPDX-License-Identifier: MIT */
/*
 * streams.c - every line of a file, matched or not, counted toward its
 * stream (one rank, local rank, pid and host): how many lines, first and
 * last time, last line. A rank that went quiet is seen here, and its
 * last words are quoted in hang verdicts. The last lines of each file are
 * kept too (tails).
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

enum { TAIL_TEXT_MAX = 2000, HOST_KEY_MAX = 256 };

static void activity_release(void *val)
{
	struct activity *e = val;
	free(e->host);
	fl_buf_release(&e->text);
}

void streams_init(struct streams *t, size_t tail_n)
{
	memset(t, 0, sizeof(*t));
	keymap_init(&t->activity, sizeof(struct activity), activity_release, false);
	t->tail_n = tail_n;
	t->tail = fl_xcalloc(tail_n ? tail_n : 1, sizeof(*t->tail));
}

void streams_release(struct streams *t)
{
	for (size_t i = 0; i < t->tail_n; i++)
		fl_buf_release(&t->tail[i].text);
	free(t->tail);
	keymap_clear(&t->activity);
}

void streams_file_begin(struct streams *t)
{
	t->tail_pos = t->tail_next = 0;
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
	if (!t->prev_empty && t->tail_pos) {
		const struct tail_slot *s = &t->tail[(t->tail_next ? t->tail_next : t->tail_n) - 1];
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

static void keep_tail(struct streams *t, const struct fl_line *l, const struct fl_attr *a)
{
	if (!t->tail_n || l->len == 0)
		return;
	struct tail_slot *s = &t->tail[t->tail_next];
	t->tail_pos++;
	if (++t->tail_next == t->tail_n)
		t->tail_next = 0;
	s->ptr = l->ptr;
	s->len = l->len < TAIL_TEXT_MAX ? l->len : TAIL_TEXT_MAX;
	s->borrowed = true;
	s->lineno = l->lineno;
	row_attr(a, &s->a);
}

void streams_line(struct streams *t, const struct fl_line *l, const struct fl_attr *a)
{
	count_line(t, l, a);
	keep_tail(t, l, a);
}

void streams_batch_done(struct streams *t)
{
	for (size_t i = 0; i < t->tail_n; i++) {
		struct tail_slot *s = &t->tail[i];
		if (!s->borrowed)
			continue;
		fl_buf_reset(&s->text);
		fl_buf_add(&s->text, s->ptr, s->len);
		s->ptr = s->text.ptr;
		s->borrowed = false;
		row_attr_own_host(&s->a, s->host, sizeof(s->host));
	}
}

static int flush_activity(struct streams *t, struct fl_store *s, int64_t run_id,
			  int64_t file_id, struct fl_err *err)
{
	stream_close(t);
	for (size_t i = 0; i < t->activity.cap; i++) {
		const struct activity *e = keymap_at(&t->activity, i);
		if (!e)
			continue;
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

static int flush_tail(struct streams *t, struct fl_store *s, int64_t run_id, int64_t file_id,
		      struct fl_err *err)
{
	size_t n = t->tail_pos < t->tail_n ? t->tail_pos : t->tail_n;
	struct fl_tail_line *v = fl_xmalloc((n ? n : 1) * sizeof(*v));
	for (size_t k = 0; k < n; k++) {
		const struct tail_slot *ts = &t->tail[(t->tail_pos - n + k) % t->tail_n];
		v[k] = (struct fl_tail_line){ (int64_t)ts->lineno, ts->a, ts->ptr, ts->len };
	}
	int rc = fl_store_tail_set(s, run_id, file_id, v, n);
	free(v);
	return rc ? store_fail(s, err, "cannot store tail") : 0;
}

int streams_file_end(struct streams *t, struct fl_store *s, int64_t run_id, int64_t file_id,
		     struct fl_err *err)
{
	int rc = flush_activity(t, s, run_id, file_id, err);
	return rc ? rc : flush_tail(t, s, run_id, file_id, err);
}
