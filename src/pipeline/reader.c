/* SPDX-License-Identifier: MIT */
/*
 * reader.c - the bundle is read in a thread of its own.
 *
 * The reader runs the ingest (disk, decompression, SHA-256, the kept copy)
 * and hands decompressed chunks, in order, through a small bounded ring
 * to the scanner (scan.c). Each slot owns a buffer for the largest chunk
 * the ingest hands out, allocated once: memory is fixed whatever the
 * bundle's size. When the consumer gives up it cancels the ring; the
 * reader's callbacks then return FL_ECANCEL, and the consumer drains what
 * is left, so neither side waits forever.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <stdatomic.h>
#include <stdlib.h>

/* Many small slots rather than a few large ones, for the same 2 MiB: a
 * member takes three slots however small it is, and a waiting thread
 * is woken per half ring, so 8 slots of 256 KiB woke the scanner every
 * member or two of a bundle of 32 Ki small rank logs (about a sixth
 * of the CPU went to futex wake-ups and context switches on two vCPUs);
 * 32 of 64 KiB wake it every five members, and a large member wakes it
 * per MiB as before. */
#define QSLOTS 32
#define QBUF (64u << 10)

struct reader {
	struct handoff h;
	struct msg slot[QSLOTS];
	pthread_t th;
	/* the ingest's arguments and result */
	const char *path;
	const struct fl_ingest_opts *io;
	struct fl_ingest_stats *stats;
	struct fl_err err;
	int rc;
	/* stats->bytes_in as of the last chunk, for the progress display:
	 * stats belongs to the reader thread until it ends */
	_Atomic uint64_t bytes_read;
};

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

/* The slot for the next message; NULL when the consumer cancelled. */
static struct msg *reserve(struct reader *r, enum msg_type type)
{
	long i = handoff_reserve(&r->h);
	if (i < 0)
		return NULL;
	r->slot[i].type = type;
	return &r->slot[i];
}

static int q_begin(void *ctx, const struct fl_member *mem)
{
	struct reader *r = ctx;
	struct msg *m = reserve(r, MSG_BEGIN);
	if (!m)
		return FL_ECANCEL;
	m->depth = mem->depth;
	m->mtime = mem->mtime;
	set_text(m, mem->path, NULL);
	handoff_publish(&r->h);
	return 0;
}

static int q_chunk(void *ctx, const char *p, size_t n)
{
	struct reader *r = ctx;
	while (n) {
		struct msg *m = reserve(r, MSG_DATA);
		if (!m)
			return FL_ECANCEL;
		size_t k = n < QBUF ? n : QBUF;
		memcpy(m->buf, p, k);
		m->len = k;
		handoff_publish(&r->h);
		atomic_store_explicit(&r->bytes_read, r->stats->bytes_in, memory_order_relaxed);
		p += k;
		n -= k;
	}
	return 0;
}

static int q_end(void *ctx, const struct fl_member *mem, const struct fl_member_stats *st)
{
	struct reader *r = ctx;
	struct msg *m = reserve(r, MSG_END);
	if (!m)
		return FL_ECANCEL;
	m->st = *st;
	set_text(m, mem->path, NULL);
	handoff_publish(&r->h);
	return 0;
}

static void q_skipped(void *ctx, const char *path, const char *why)
{
	struct reader *r = ctx;
	struct msg *m = reserve(r, MSG_SKIPPED);
	if (!m)
		return;
	set_text(m, path, why);
	handoff_publish(&r->h);
}

/* A dump is copied whole into the message: the scanner decodes it. */
static int q_dump(void *ctx, const struct fl_member *mem, const char *p, size_t n)
{
	struct reader *r = ctx;
	struct msg *m = reserve(r, MSG_DUMP);
	if (!m)
		return FL_ECANCEL;
	m->depth = mem->depth;
	m->mtime = mem->mtime;
	set_text(m, mem->path, NULL);
	free(m->blob); /* left by a scanner that gave up */
	m->blob = fl_xmalloc(n ? n : 1);
	memcpy(m->blob, p, n);
	m->blob_len = n;
	handoff_publish(&r->h);
	return 0;
}

static void *reader_main(void *arg)
{
	struct reader *r = arg;
	struct fl_ingest_sink sink = { .ctx = r, .member_begin = q_begin, .member_end = q_end,
				       .skipped = q_skipped, .chunk = q_chunk, .dump = q_dump };
	fl_err_clear(&r->err);
	r->rc = fl_ingest_bundle(r->path, r->io, &sink, r->stats, &r->err);
	handoff_finish(&r->h);
	return NULL;
}

static void reader_free(struct reader *r)
{
	for (size_t i = 0; i < QSLOTS; i++) {
		free(r->slot[i].buf);
		free(r->slot[i].text);
		free(r->slot[i].blob);
	}
	handoff_release(&r->h);
	free(r);
}

struct reader *reader_start(const char *path, const struct fl_ingest_opts *io,
			    struct fl_ingest_stats *stats, struct fl_err *err)
{
	struct reader *r = fl_xcalloc(1, sizeof(*r));
	handoff_init(&r->h, QSLOTS);
	for (size_t i = 0; i < QSLOTS; i++)
		r->slot[i].buf = fl_xmalloc(QBUF);
	r->path = path;
	r->io = io;
	r->stats = stats;
	if (pthread_create(&r->th, NULL, reader_main, r) != 0) {
		fl_err_set(err, FL_ENOMEM, "cannot start the reader thread");
		reader_free(r);
		return NULL;
	}
	return r;
}

struct msg *reader_next(struct reader *r)
{
	long i = handoff_take(&r->h);
	return i < 0 ? NULL : &r->slot[i];
}

void reader_done_with(struct reader *r)
{
	handoff_taken(&r->h);
}

uint64_t reader_bytes_read(struct reader *r)
{
	return atomic_load_explicit(&r->bytes_read, memory_order_relaxed);
}

void reader_cancel(struct reader *r)
{
	handoff_cancel(&r->h);
}

int reader_join(struct reader *r, struct fl_err *err)
{
	pthread_join(r->th, NULL);
	int rc = r->rc;
	if (rc && err)
		*err = r->err;
	reader_free(r);
	return rc;
}
