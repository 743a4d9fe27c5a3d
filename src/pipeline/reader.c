/* SPDX-License-Identifier: MIT */
/*
 * reader.c - the bundle is read in a thread of its own.
 *
 * The reader runs the ingest (disk, decompression, SHA-256, the kept copy)
 * and hands decompressed chunks through a small bounded queue to the
 * calling thread, which splits lines, matches and writes the store
 * (pipeline.c). Memory is the queue's fixed buffers, whatever the bundle's
 * size; SQLite is only touched by the calling thread.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Messages mirror the ingest sink's callbacks. Each slot owns a buffer
 * for the largest chunk the ingest hands out, allocated once. When the
 * consumer fails it sets `cancel`; the reader's callbacks then return
 * FL_ECANCEL and the consumer drains what is left, so neither side waits
 * forever. */

#define QSLOTS 8
#define QBUF (256u << 10)

enum msg_type { MSG_BEGIN, MSG_DATA, MSG_END, MSG_SKIPPED };

struct msg {
	enum msg_type type;
	char *text; /* member path; for MSG_SKIPPED "path\0why" */
	size_t text_len;
	char *buf;  /* slot's own buffer */
	size_t len;
	struct fl_member_stats st;
	int depth;
	int64_t mtime;
};

struct queue {
	pthread_mutex_t mu;
	pthread_cond_t not_empty, not_full;
	struct msg slot[QSLOTS];
	size_t head, count;
	bool done, cancel;
	/* the reader's result */
	const char *path;
	const struct fl_ingest_opts *io;
	struct fl_ingest_stats *stats;
	struct fl_err err;
	int rc;
};

/* Waits for a free slot; NULL when the consumer cancelled. */
static struct msg *q_reserve(struct queue *q)
{
	pthread_mutex_lock(&q->mu);
	while (q->count == QSLOTS && !q->cancel)
		pthread_cond_wait(&q->not_full, &q->mu);
	struct msg *m = q->cancel ? NULL : &q->slot[(q->head + q->count) % QSLOTS];
	pthread_mutex_unlock(&q->mu);
	return m;
}

static void q_publish(struct queue *q)
{
	pthread_mutex_lock(&q->mu);
	q->count++;
	pthread_cond_signal(&q->not_empty);
	pthread_mutex_unlock(&q->mu);
}

static void set_text(struct msg *m, const char *a, const char *b)
{
	size_t la = strlen(a), lb = b ? strlen(b) + 1 : 0;
	free(m->text);
	m->text = fl_xmalloc(la + 1 + lb);
	memcpy(m->text, a, la + 1);
	if (b)
		memcpy(m->text + la + 1, b, lb);
	m->text_len = la;
}

static int q_begin(void *ctx, const struct fl_member *mem)
{
	struct queue *q = ctx;
	struct msg *m = q_reserve(q);
	if (!m)
		return FL_ECANCEL;
	m->type = MSG_BEGIN;
	m->depth = mem->depth;
	m->mtime = mem->mtime;
	set_text(m, mem->path, NULL);
	q_publish(q);
	return 0;
}

static int q_chunk(void *ctx, const char *p, size_t n)
{
	struct queue *q = ctx;
	while (n) {
		struct msg *m = q_reserve(q);
		if (!m)
			return FL_ECANCEL;
		size_t k = n < QBUF ? n : QBUF;
		m->type = MSG_DATA;
		memcpy(m->buf, p, k);
		m->len = k;
		q_publish(q);
		p += k;
		n -= k;
	}
	return 0;
}

static int q_end(void *ctx, const struct fl_member *mem, const struct fl_member_stats *st)
{
	struct queue *q = ctx;
	struct msg *m = q_reserve(q);
	if (!m)
		return FL_ECANCEL;
	m->type = MSG_END;
	m->st = *st;
	set_text(m, mem->path, NULL);
	q_publish(q);
	return 0;
}

static void q_skipped(void *ctx, const char *path, const char *why)
{
	struct queue *q = ctx;
	struct msg *m = q_reserve(q);
	if (!m)
		return;
	m->type = MSG_SKIPPED;
	set_text(m, path, why);
	q_publish(q);
}

static void *reader_main(void *arg)
{
	struct queue *q = arg;
	struct fl_ingest_sink sink = { .ctx = q, .member_begin = q_begin, .member_end = q_end,
				       .skipped = q_skipped, .chunk = q_chunk };
	fl_err_clear(&q->err);
	int rc = fl_ingest_bundle(q->path, q->io, &sink, q->stats, &q->err);
	pthread_mutex_lock(&q->mu);
	q->rc = rc;
	q->done = true;
	pthread_cond_signal(&q->not_empty);
	pthread_mutex_unlock(&q->mu);
	return NULL;
}

/* Handles one message in the consumer. */
static int consume(struct ing *g, struct msg *m)
{
	struct fl_member mem = { m->text, m->depth, m->mtime };
	switch (m->type) {
	case MSG_BEGIN:
		return pipeline_member_begin(g, &mem);
	case MSG_DATA:
		return pipeline_feed(g, m->buf, m->len);
	case MSG_END:
		return pipeline_member_end(g, &mem, &m->st);
	case MSG_SKIPPED:
		pipeline_skipped(g, m->text, m->text + m->text_len + 1);
		return 0;
	}
	return 0;
}

int pipeline_read(struct ing *g, const char *path, const struct fl_ingest_opts *io,
			   struct fl_ingest_stats *stats, struct fl_err *err)
{
	struct queue q;
	memset(&q, 0, sizeof(q));
	pthread_mutex_init(&q.mu, NULL);
	pthread_cond_init(&q.not_empty, NULL);
	pthread_cond_init(&q.not_full, NULL);
	for (size_t i = 0; i < QSLOTS; i++)
		q.slot[i].buf = fl_xmalloc(QBUF);
	q.path = path;
	q.io = io;
	q.stats = stats;
	pthread_t th;
	if (pthread_create(&th, NULL, reader_main, &q) != 0)
		return fl_err_set(err, FL_ENOMEM, "cannot start the reader thread");
	int rc = 0;
	for (;;) {
		pthread_mutex_lock(&q.mu);
		while (q.count == 0 && !q.done)
			pthread_cond_wait(&q.not_empty, &q.mu);
		if (q.count == 0 && q.done) {
			pthread_mutex_unlock(&q.mu);
			break;
		}
		struct msg *m = &q.slot[q.head];
		pthread_mutex_unlock(&q.mu);
		if (!rc && (rc = consume(g, m)) != 0) {
			pthread_mutex_lock(&q.mu);
			q.cancel = true;
			pthread_cond_broadcast(&q.not_full);
			pthread_mutex_unlock(&q.mu);
		}
		pthread_mutex_lock(&q.mu);
		q.head = (q.head + 1) % QSLOTS;
		q.count--;
		pthread_cond_signal(&q.not_full);
		pthread_mutex_unlock(&q.mu);
	}
	pthread_join(th, NULL);
	/* The consumer's own error explains a cancelled reader best. */
	if (!rc && q.rc) {
		rc = q.rc;
		if (err)
			*err = q.err;
	}
	for (size_t i = 0; i < QSLOTS; i++) {
		free(q.slot[i].buf);
		free(q.slot[i].text);
	}
	pthread_cond_destroy(&q.not_full);
	pthread_cond_destroy(&q.not_empty);
	pthread_mutex_destroy(&q.mu);
	return rc;
}
