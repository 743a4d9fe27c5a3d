/* SPDX-License-Identifier: MIT */
/*
 * scan.c - the per-line work that needs no store, a thread ahead of it.
 *
 * Splitting lines, attributing them (prefixes, time stamps), the literal
 * prefilter and the regexes of the few lines it lets through are most of
 * the work per line and depend only on the line and those before it in
 * the same member. The scanner does them on the reader's chunks and hands
 * the caller batches: the lines' bytes in one arena, each line's
 * attribution and, where a pattern matched, which one and its captures.
 * The caller is left with blocks, events, aggregates and SQLite, the
 * work that needs the store or the lines before in every stream.
 *
 * Order is kept: members and lines reach the caller exactly as one thread
 * would have seen them, so a run does not depend on timing.
 *
 * The prefilter and the regexes stay on this thread. A thread of their
 * own, working on each batch after this one, took the scanner's share
 * of the samples from 46% to 20% but added a fifth to the CPU time (it
 * reads lines that another core has just written), and on two cores the
 * whole ran slower (docs/PERFORMANCE.md, thirteenth stop).
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <stdlib.h>

/* As the reader's ring (reader.c): more, smaller batches for the same
 * bytes, so that the calling thread is woken per eight batches, several
 * small members, not per member. */
#define NBATCH 16
#define BATCH_BYTES (128u << 10)
#define BATCH_LINES 2048

struct scanner {
	struct handoff h;
	struct batch b[NBATCH];
	pthread_t th;
	struct reader *r;
	const struct fl_patterns *p;
	struct fl_attr_bundle *bundle;
	size_t max_line, words;
	uint64_t *scratch;        /* words of prefilter output, zero between lines */
	struct fl_finder *finder; /* the candidates' regexes */
	struct fl_attr_file *af;  /* the current member's */
	struct fl_linesplit *ls;  /* likewise */
	struct batch *cur;        /* B_LINES being filled; NULL: none */
	const char *ext_host;     /* the last host copied that was not in its line */
	size_t ext_len;
	uint32_t ext_off;
	struct fl_buf part;       /* a split CRI message so far: its first record, whole,
				   * then what each later record adds; empty: none */
	struct fl_line part_line; /* where that first record was */
	bool cancelled;
};

/* ---- the consumer's view ---- */

int32_t batch_line(const struct batch *b, size_t i, struct fl_line *l, struct fl_attr *a,
		   const struct fl_found_cap **caps, size_t *ncap)
{
	const struct scan_line *s = &b->lines[i];
	l->ptr = b->arena.ptr + s->off;
	l->len = s->len;
	l->lineno = s->lineno;
	l->offset = s->offset;
	l->flags = 0;
	*a = (struct fl_attr){
		.rank = s->rank,
		.local_rank = s->local_rank,
		.pid = s->pid,
		.dev = s->dev,
		.world = s->world,
		.host = s->host_off == UINT32_MAX ? NULL : b->arena.ptr + s->host_off,
		.host_len = s->host_len,
		.ts = s->ts,
		.ts_kind = (enum fl_ts_kind)s->ts_kind,
		.uptime = s->uptime,
		.delta = s->delta,
		.level = s->level,
		.body = b->arena.ptr + s->body_off,
		.body_len = s->body_len,
		.conflict = s->conflict,
	};
	*caps = s->ncap ? b->caps + s->cap0 : NULL; /* a batch may have no captures at all */
	*ncap = s->ncap;
	return s->pat;
}

/* ---- producing batches ---- */

static struct batch *reserve(struct scanner *sc, enum batch_type type)
{
	long i = handoff_reserve(&sc->h);
	if (i < 0) {
		sc->cancelled = true;
		return NULL;
	}
	struct batch *b = &sc->b[i];
	b->type = type;
	fl_buf_reset(&b->arena);
	b->nlines = b->ncaps = 0;
	return b;
}

static void flush_lines(struct scanner *sc)
{
	if (!sc->cur)
		return;
	sc->cur = NULL;
	handoff_publish(&sc->h);
}

/* Where a pointer of the attribution lives in the arena: inside the line
 * just copied, or copied after it (a host learned from an earlier line of
 * the member lives in the attribution state, which moves on). */
static uint32_t place(struct scanner *sc, const char *line, size_t len, uint32_t off,
		      const char *p, size_t n)
{
	struct fl_buf *ar = &sc->cur->arena;
	if (p >= line && p + n <= line + len)
		return off + (uint32_t)(p - line);
	if (sc->ext_host == p && sc->ext_len == n && !memcmp(ar->ptr + sc->ext_off, p, n))
		return sc->ext_off;
	sc->ext_host = p;
	sc->ext_len = n;
	sc->ext_off = (uint32_t)ar->len;
	fl_buf_add(ar, p, n);
	return sc->ext_off;
}

_Static_assert(FL_MAX_CAPS <= UINT16_MAX, "scan_line.ncap holds a line's captures");

/* The prefilter marks candidates in a zeroed scratch row (the finder
 * leaves it zeroed); the few lines with candidates have their regexes run
 * here, and the captures of the pattern found join the batch's. */
static void find(struct scanner *sc, struct batch *b, struct scan_line *s, const char *body)
{
	s->pat = -1;
	s->cap0 = (uint32_t)b->ncaps;
	s->ncap = 0;
	if (!sc->words || !fl_patterns_prefilter(sc->p, body, s->body_len, sc->scratch))
		return;
	FL_GROW(b->caps, b->caps_cap, b->ncaps + FL_MAX_CAPS);
	size_t n;
	s->pat = fl_finder_run(sc->finder, body, s->body_len, sc->scratch, b->caps + b->ncaps, &n);
	s->ncap = (uint16_t)n;
	b->ncaps += n;
}

static int add_line(struct scanner *sc, const struct fl_line *l, const struct fl_attr *a);
static int cri_flush(struct scanner *sc);

/* containerd and CRI-O split a long message into partial records (`P`)
 * that the next record completes (`F`). The records are held and their
 * messages joined, so that one line with the first record's header and
 * the whole message reaches attribution again and the patterns; a record
 * that follows a partial one continues it, whatever its stream. */
static int cri_join(struct scanner *sc, const struct fl_line *l, struct fl_attr *a)
{
	if (!sc->part.len) {
		fl_buf_add(&sc->part, l->ptr, l->len);
		sc->part_line = *l;
		return 0;
	}
	const char *msg = a->cri_msg ? a->cri_msg : l->ptr;
	fl_buf_add(&sc->part, msg, l->len - (size_t)(msg - l->ptr));
	/* a message longer than any line may be is cut there, like a line */
	if (a->cri_partial)
		return sc->part.len < sc->max_line ? 0 : cri_flush(sc);
	struct fl_line whole = sc->part_line;
	whole.ptr = sc->part.ptr;
	whole.len = sc->part.len;
	fl_attr_line(sc->af, whole.ptr, whole.len, a);
	int rc = add_line(sc, &whole, a);
	fl_buf_reset(&sc->part);
	return rc;
}

/* A member that ends inside a split message: what it had is a line. */
static int cri_flush(struct scanner *sc)
{
	if (!sc->part.len)
		return 0;
	struct fl_line whole = sc->part_line;
	whole.ptr = sc->part.ptr;
	whole.len = sc->part.len;
	struct fl_attr a;
	fl_attr_line(sc->af, whole.ptr, whole.len, &a);
	int rc = add_line(sc, &whole, &a);
	fl_buf_reset(&sc->part);
	return rc;
}

static int on_line(void *ctx, const struct fl_line *l)
{
	struct scanner *sc = ctx;
	struct fl_attr a;
	fl_attr_line(sc->af, l->ptr, l->len, &a);
	if (a.cri_partial || sc->part.len)
		return cri_join(sc, l, &a);
	return add_line(sc, l, &a);
}

/* One line into the batch: its bytes, attribution and candidates. */
static int add_line(struct scanner *sc, const struct fl_line *l, const struct fl_attr *a)
{
	if (!sc->cur) {
		sc->cur = reserve(sc, B_LINES);
		if (!sc->cur)
			return FL_ECANCEL;
		sc->ext_host = NULL;
	}
	struct batch *b = sc->cur;
	FL_GROW(b->lines, b->lines_cap, b->nlines + 1);
	struct scan_line *s = &b->lines[b->nlines++];
	s->lineno = l->lineno;
	s->offset = l->offset;
	s->rank = a->rank;
	s->local_rank = a->local_rank;
	s->pid = a->pid;
	s->ts = a->ts;
	s->uptime = a->uptime;
	s->delta = a->delta;
	s->off = (uint32_t)b->arena.len;
	s->len = (uint32_t)l->len;
	fl_buf_add(&b->arena, l->ptr, l->len);
	s->host_off = a->host ? place(sc, l->ptr, l->len, s->off, a->host, a->host_len) : UINT32_MAX;
	s->host_len = (uint32_t)a->host_len;
	s->body_off = place(sc, l->ptr, l->len, s->off, a->body, a->body_len);
	s->body_len = (uint32_t)a->body_len;
	s->dev = a->dev;
	s->world = a->world;
	s->ts_kind = (uint8_t)a->ts_kind;
	s->level = a->level;
	s->conflict = a->conflict;
	find(sc, b, s, b->arena.ptr + s->body_off);
	if (b->arena.len >= BATCH_BYTES || b->nlines >= BATCH_LINES)
		flush_lines(sc);
	return 0;
}

/* A member boundary or a skipped member: a batch of its own, after the
 * lines before it. */
static struct batch *reserve_mark(struct scanner *sc, enum batch_type type, const struct msg *m)
{
	flush_lines(sc);
	struct batch *b = reserve(sc, type);
	if (!b)
		return NULL;
	free(b->path);
	free(b->why);
	b->path = fl_xstrdup(m->text);
	b->why = type == B_SKIPPED && m->type == MSG_SKIPPED ? fl_xstrdup(m->text + m->text_len + 1)
							     : NULL;
	fl_frdump_free(b->dump);
	b->dump = NULL;
	b->mem = (struct fl_member){ b->path, m->depth, m->mtime };
	return b;
}

static void member_begin(struct scanner *sc, const struct msg *m)
{
	sc->af = fl_attr_file_new(m->text, sc->bundle);
	sc->ls = fl_linesplit_new(sc->max_line);
	fl_linesplit_set_column(sc->ls, fl_attr_column);
	struct batch *b = reserve_mark(sc, B_BEGIN, m);
	if (!b)
		return;
	b->pa = *fl_attr_file_path(sc->af);
	handoff_publish(&sc->h);
}

static void member_end(struct scanner *sc, const struct msg *m)
{
	if (!sc->cancelled && !fl_linesplit_finish(sc->ls, on_line, sc))
		cri_flush(sc);
	fl_buf_reset(&sc->part);
	struct batch *b = sc->cancelled ? NULL : reserve_mark(sc, B_END, m);
	if (b) {
		b->st = m->st;
		b->st.truncated_lines = fl_linesplit_truncated(sc->ls);
		b->boot = fl_attr_file_boot(sc->af);
		handoff_publish(&sc->h);
	}
	fl_linesplit_free(sc->ls);
	fl_attr_file_free(sc->af);
	sc->ls = NULL;
	sc->af = NULL;
}

/* A Flight Recorder dump is decoded here, a thread ahead of the store;
 * one that does not decode is a skipped member with the decoder's reason. */
static void dump_msg(struct scanner *sc, struct msg *m)
{
	struct fl_frdump *d = NULL;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_frdump_parse(m->blob, m->blob_len, &d, &err);
	uint64_t bytes = m->blob_len;
	free(m->blob);
	m->blob = NULL;
	struct batch *b = reserve_mark(sc, rc ? B_SKIPPED : B_DUMP, m);
	if (!b) {
		fl_frdump_free(d);
		return;
	}
	if (rc) {
		free(b->why);
		b->why = fl_xasprintf("flight recorder dump not read: %s", err.msg);
	}
	b->dump = d;
	b->dump_bytes = bytes;
	handoff_publish(&sc->h);
}

static void scan_msg(struct scanner *sc, struct msg *m)
{
	struct batch *b;
	switch (m->type) {
	case MSG_BEGIN:
		member_begin(sc, m);
		break;
	case MSG_DATA:
		fl_linesplit_feed(sc->ls, m->buf, m->len, on_line, sc);
		break;
	case MSG_END:
		member_end(sc, m);
		break;
	case MSG_SKIPPED:
		if ((b = reserve_mark(sc, B_SKIPPED, m)))
			handoff_publish(&sc->h);
		break;
	case MSG_DUMP:
		dump_msg(sc, m);
		break;
	}
}

static void *scanner_main(void *arg)
{
	struct scanner *sc = arg;
	struct msg *m;
	bool told = false;
	while ((m = reader_next(sc->r))) {
		if (!sc->cancelled)
			scan_msg(sc, m);
		if (sc->cancelled && !told) {
			reader_cancel(sc->r);
			told = true;
		}
		reader_done_with(sc->r);
	}
	if (!sc->cancelled)
		flush_lines(sc);
	fl_linesplit_free(sc->ls);
	fl_attr_file_free(sc->af);
	handoff_finish(&sc->h);
	return NULL;
}

static void scanner_free(struct scanner *sc)
{
	for (size_t i = 0; i < NBATCH; i++) {
		free(sc->b[i].path);
		free(sc->b[i].why);
		fl_frdump_free(sc->b[i].dump);
		fl_buf_release(&sc->b[i].arena);
		free(sc->b[i].lines);
		free(sc->b[i].caps);
	}
	fl_finder_free(sc->finder);
	handoff_release(&sc->h);
	fl_buf_release(&sc->part);
	free(sc->scratch);
	free(sc);
}

struct scanner *scanner_start(struct reader *r, const struct fl_patterns *p,
			      struct fl_attr_bundle *bundle, size_t max_line, struct fl_err *err)
{
	struct scanner *sc = fl_xcalloc(1, sizeof(*sc));
	handoff_init(&sc->h, NBATCH);
	sc->r = r;
	sc->p = p;
	sc->bundle = bundle;
	sc->max_line = max_line;
	sc->words = fl_patterns_cand_words(p);
	sc->scratch = fl_xcalloc(sc->words ? sc->words : 1, sizeof(uint64_t));
	sc->finder = fl_finder_new(p);
	if (pthread_create(&sc->th, NULL, scanner_main, sc) != 0) {
		fl_err_set(err, FL_ENOMEM, "cannot start the scanner thread");
		scanner_free(sc);
		return NULL;
	}
	return sc;
}

struct batch *scanner_next(struct scanner *sc)
{
	long i = handoff_take(&sc->h);
	return i < 0 ? NULL : &sc->b[i];
}

void scanner_done_with(struct scanner *sc)
{
	handoff_taken(&sc->h);
}

void scanner_cancel(struct scanner *sc)
{
	handoff_cancel(&sc->h);
}

void scanner_join(struct scanner *sc)
{
	pthread_join(sc->th, NULL);
	scanner_free(sc);
}
