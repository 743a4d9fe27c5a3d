/* SPDX-License-Identifier: MIT */
/*
 * pipeline.c - one pass from bundle to store.
 *
 * The ingest sink receives members and lines; each line is attributed,
 * matched, and counted toward its stream's activity. Events become rows;
 * step lines, channel lines and COLL traces go to their compact tables.
 * Everything a line costs before it turns out to be routine is in
 * attribution and the prefilter: no allocation, no SQLite.
 *
 * The bundle is read in a thread of its own (reader.c), which hands
 * decompressed chunks to the calling thread through the pipeline_* entry
 * points below.
 * Tested by: tests/e2e
 */
#include "pipeline_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- small open-addressing maps keyed by a string ---- */

struct agg {
	char *key; /* NULL: empty slot; binary, klen bytes */
	size_t klen;
	uint64_t hash;
	char *host;
	int64_t pid, rank, local_rank;
	char *a, *b; /* activity: -, transports: transport, colls: comm and op */
	int64_t n, x, y;
	int64_t first_ts, last_ts, line, file_id;
	char *sample;
	struct fl_buf text; /* activity: the stream's last line */
};

struct map {
	struct agg *slots;
	size_t cap, used;
};

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 1099511628211ull;
	return h;
}

static void map_free_slots(struct agg *slots, size_t cap)
{
	for (size_t i = 0; i < cap; i++) {
		if (!slots[i].key)
			continue;
		free(slots[i].key);
		free(slots[i].host);
		free(slots[i].a);
		free(slots[i].b);
		free(slots[i].sample);
		fl_buf_release(&slots[i].text);
	}
	free(slots);
}

static void map_clear(struct map *m)
{
	map_free_slots(m->slots, m->cap);
	memset(m, 0, sizeof(*m));
}

static struct agg *map_find(struct map *m, const char *key, size_t klen, uint64_t h, bool *fresh);

static void map_grow(struct map *m)
{
	struct map old = *m;
	m->cap = old.cap ? old.cap * 2 : 64;
	m->slots = fl_xcalloc(m->cap, sizeof(struct agg));
	m->used = 0;
	for (size_t i = 0; i < old.cap; i++) {
		if (!old.slots[i].key)
			continue;
		size_t j = old.slots[i].hash & (m->cap - 1);
		while (m->slots[j].key)
			j = (j + 1) & (m->cap - 1);
		m->slots[j] = old.slots[i];
		m->used++;
	}
	free(old.slots);
}

static struct agg *map_find(struct map *m, const char *key, size_t klen, uint64_t h, bool *fresh)
{
	if ((m->used + 1) * 2 > m->cap)
		map_grow(m);
	size_t j = h & (m->cap - 1);
	while (m->slots[j].key) {
		if (m->slots[j].hash == h && m->slots[j].klen == klen &&
		    !memcmp(m->slots[j].key, key, klen)) {
			*fresh = false;
			return &m->slots[j];
		}
		j = (j + 1) & (m->cap - 1);
	}
	m->used++;
	struct agg *a = &m->slots[j];
	memset(a, 0, sizeof(*a));
	a->key = fl_xstrndup(key, klen);
	a->klen = klen;
	a->hash = h;
	a->first_ts = a->last_ts = FL_TIME_NONE;
	*fresh = true;
	return a;
}

/* ---- the ingest context ---- */

/* A kept last line. While its batch is being consumed it borrows the
 * batch's bytes; tails_own() copies what is still kept when the batch is
 * done, so a file's lines are copied twenty at a time, not each one. */
struct tail_slot {
	const char *ptr; /* text: the batch's, or text.ptr */
	size_t len;
	bool borrowed;
	struct fl_buf text;
	uint64_t lineno;
	struct fl_row_attr a;
	char host[128];
};

struct ing {
	struct fl_store *store;
	const struct fl_patterns *pats;
	const struct fl_pipeline_opts *o;
	struct fl_matcher *matcher;
	int64_t run_id;
	struct fl_attr_bundle bundle;
	int64_t file_id;
	uint64_t lines;          /* of the whole bundle */
	uint64_t conflicts;
	uint64_t file_lines;
	int64_t max_mtime; /* newest member, for a bundle without a dated stamp */
	struct tail_slot *tail;
	size_t tail_n, tail_pos; /* tail_pos: lines kept in this file */
	size_t tail_next;        /* tail_pos % tail_n, without a division per line */
	struct map activity;   /* per file */
	struct agg *act_prev;  /* the previous line's activity entry */
	bool prev_empty;       /* the previous line was empty */
	struct map transports; /* per run */
	struct map colls;      /* per run */
	struct fl_steps *steps;
	struct fl_buf fields;
	struct fl_buf key;
	uint64_t events;
	uint64_t files;
	struct fl_err *err;
};

static void row_attr(const struct fl_attr *a, struct fl_row_attr *r)
{
	r->rank = a->rank;
	r->local_rank = a->local_rank;
	r->pid = a->pid;
	r->dev = a->dev;
	r->host = a->host;
	r->host_len = a->host_len;
	r->ts = a->ts;
	r->ts_kind = a->ts_kind;
	r->uptime = a->uptime;
}

void row_attr_own_host(struct fl_row_attr *a, char *buf, size_t cap)
{
	if (!a->host)
		return;
	size_t k = a->host_len < cap - 1 ? a->host_len : cap - 1;
	memcpy(buf, a->host, k);
	buf[k] = '\0';
	a->host = buf;
	a->host_len = k;
}

static int store_fail(struct ing *g, const char *what)
{
	return fl_err_set(g->err, FL_EDB, "%s: %s", what, fl_store_errmsg(g->store));
}

/* ---- events ---- */

static const struct fl_capture *cap_get(const struct fl_event *ev, const char *name)
{
	for (size_t i = 0; i < ev->ncap; i++)
		if (!strcmp(ev->caps[i].name, name))
			return &ev->caps[i];
	return NULL;
}

static void fields_json(struct fl_buf *b, const struct fl_event *ev)
{
	fl_buf_reset(b);
	fl_buf_addc(b, '{');
	for (size_t i = 0; i < ev->ncap; i++) {
		const struct fl_capture *c = &ev->caps[i];
		if (i)
			fl_buf_addc(b, ',');
		fl_json_str(b, c->name, strlen(c->name));
		fl_buf_addc(b, ':');
		struct fl_value v;
		bool ok = fl_value_parse(c->type, c->ptr, c->len, &v) == FL_OK;
		if (!ok || c->type == FL_FT_STR) {
			fl_json_str(b, c->ptr, c->len);
		} else if (c->type == FL_FT_FLOAT) {
			if (v.f != v.f)
				fl_buf_adds(b, "\"nan\"");
			else if (v.f > 1e308 || v.f < -1e308)
				fl_buf_adds(b, v.f > 0 ? "\"inf\"" : "\"-inf\"");
			else
				fl_json_num(b, v.f);
		} else {
			fl_buf_printf(b, "%lld", (long long)v.i);
		}
	}
	fl_buf_addc(b, '}');
}

static const char *const STEP_NAMES[FL_STEP_NCOLS] = {
	"step",		 "loss",  "grad_norm", "loss_scale", "lr",	  "tokens_per_s",
	"samples_per_s", "tflops", "mfu",	"iter_ms",    "skipped_iters", "nan_iters",
	"global_batch_size",
};

static const char *nonfinite_name(bool has, double v)
{
	if (!has)
		return NULL;
	if (v != v)
		return "nan";
	if (v > 1e308)
		return "inf";
	if (v < -1e308)
		return "-inf";
	return NULL;
}

/* Column of a step capture, -1 for none; mfu_pct is mfu in percent. */
static int step_col(const char *name, double *scale)
{
	*scale = 1;
	if (!strcmp(name, "mfu_pct")) {
		*scale = 0.01;
		return FL_STEP_MFU;
	}
	for (int c = 0; c < FL_STEP_NCOLS; c++)
		if (name[0] == STEP_NAMES[c][0] && !strcmp(name, STEP_NAMES[c]))
			return c;
	return -1;
}

static int add_step(struct ing *g, const struct fl_event *ev)
{
	struct fl_step_row r;
	memset(&r, 0, sizeof(r));
	r.run_id = g->run_id;
	r.file_id = g->file_id;
	r.line = (int64_t)ev->lineno;
	row_attr(&ev->attr, &r.a);
	for (size_t i = 0; i < ev->ncap; i++) {
		double scale;
		int c = step_col(ev->caps[i].name, &scale);
		struct fl_value v;
		if (c < 0 || r.has[c] ||
		    fl_value_parse(FL_FT_FLOAT, ev->caps[i].ptr, ev->caps[i].len, &v) != FL_OK)
			continue;
		r.has[c] = true;
		r.v[c] = v.f * scale;
	}
	r.loss_text = nonfinite_name(r.has[FL_STEP_LOSS], r.v[FL_STEP_LOSS]);
	r.grad_norm_text = nonfinite_name(r.has[FL_STEP_GRAD_NORM], r.v[FL_STEP_GRAD_NORM]);
	return steps_add(g->steps, &r) ? store_fail(g, "cannot store step") : FL_OK;
}

/* Channel lines: counted per process and transport. */
static void add_channel(struct ing *g, const struct fl_event *ev)
{
	const struct fl_capture *t = cap_get(ev, "transport");
	const struct fl_capture *gdr = cap_get(ev, "gdr");
	if (!t)
		return;
	/* "NET/IB/0" and "NET/IB" are one transport: keep the first two parts. */
	size_t tl = t->len;
	const char *s1 = memchr(t->ptr, '/', tl);
	const char *s2 = s1 ? memchr(s1 + 1, '/', tl - (size_t)(s1 + 1 - t->ptr)) : NULL;
	if (s2)
		tl = (size_t)(s2 - t->ptr);
	int gd = gdr && gdr->len && !(gdr->len == 1 && gdr->ptr[0] == '0') ? 1 : 0;
	fl_buf_reset(&g->key);
	fl_buf_add(&g->key, ev->attr.host ? ev->attr.host : "", ev->attr.host_len);
	fl_buf_printf(&g->key, "|%lld|%lld|%d|", (long long)ev->attr.pid, (long long)ev->attr.rank, gd);
	fl_buf_add(&g->key, t->ptr, tl);
	bool fresh;
	struct agg *a = map_find(&g->transports, g->key.ptr, g->key.len,
				 hash_bytes(1469598103934665603ull, g->key.ptr, g->key.len), &fresh);
	if (fresh) {
		a->host = ev->attr.host ? fl_xstrndup(ev->attr.host, ev->attr.host_len) : NULL;
		a->pid = ev->attr.pid;
		a->rank = ev->attr.rank;
		a->a = fl_xstrndup(t->ptr, tl);
		a->x = gd;
		a->file_id = g->file_id;
		a->line = (int64_t)ev->lineno;
		a->sample = fl_xstrndup(ev->text, ev->text_len < 400 ? ev->text_len : 400);
	}
	a->n++;
}

/* COLL traces: the last opCount per process, communicator and op. */
static void add_coll(struct ing *g, const struct fl_event *ev)
{
	const struct fl_capture *op = cap_get(ev, "op"), *comm = cap_get(ev, "comm");
	const struct fl_capture *cnt = cap_get(ev, "opcount"), *nr = cap_get(ev, "nranks");
	struct fl_value v;
	if (!op || !cnt || fl_value_parse(FL_FT_HEX, cnt->ptr, cnt->len, &v) != FL_OK)
		return;
	fl_buf_reset(&g->key);
	fl_buf_add(&g->key, ev->attr.host ? ev->attr.host : "", ev->attr.host_len);
	fl_buf_printf(&g->key, "|%lld|%lld|", (long long)ev->attr.pid, (long long)ev->attr.rank);
	if (comm)
		fl_buf_add(&g->key, comm->ptr, comm->len);
	fl_buf_addc(&g->key, '|');
	fl_buf_add(&g->key, op->ptr, op->len);
	bool fresh;
	struct agg *a = map_find(&g->colls, g->key.ptr, g->key.len,
				 hash_bytes(1469598103934665603ull, g->key.ptr, g->key.len), &fresh);
	if (fresh) {
		a->host = ev->attr.host ? fl_xstrndup(ev->attr.host, ev->attr.host_len) : NULL;
		a->pid = ev->attr.pid;
		a->rank = ev->attr.rank;
		a->a = comm ? fl_xstrndup(comm->ptr, comm->len) : NULL;
		a->b = fl_xstrndup(op->ptr, op->len);
		a->y = -1;
		struct fl_value nv;
		if (nr && fl_value_parse(FL_FT_INT, nr->ptr, nr->len, &nv) == FL_OK)
			a->y = nv.i;
	}
	a->n++;
	if (v.i > a->x || fresh)
		a->x = v.i;
	if (ev->attr.ts != FL_TIME_NONE)
		a->last_ts = ev->attr.ts;
}

static int on_event(void *ctx, const struct fl_event *ev)
{
	struct ing *g = ctx;
	const char *kind = ev->pat->kind;
	if (!strcmp(kind, "train.step"))
		return add_step(g, ev);
	if (!strcmp(kind, "nccl.channel")) {
		add_channel(g, ev);
		return 0;
	}
	if (!strcmp(kind, "nccl.coll")) {
		add_coll(g, ev);
		return 0;
	}
	fields_json(&g->fields, ev);
	struct fl_event_row r = {
		.run_id = g->run_id,
		.file_id = g->file_id,
		.line = (int64_t)ev->lineno,
		.nlines = ev->nlines,
		.offset = (int64_t)ev->offset,
		.kind = kind,
		.pattern = ev->pat->name,
		.severity = ev->pat->severity,
		.fields = g->fields.ptr,
		.text = ev->text,
		.text_len = ev->text_len,
	};
	row_attr(&ev->attr, &r.a);
	g->events++;
	return fl_store_event_add(g->store, &r) ? store_fail(g, "cannot store event") : FL_OK;
}

/* ---- per-line bookkeeping ---- */

/* Lines come in long runs of one stream: the entry of the previous line
 * is reused while the attribution stays the same. */
static bool same_stream(const struct agg *e, const struct fl_attr *a, size_t hl)
{
	return e->rank == a->rank && e->local_rank == a->local_rank && e->pid == a->pid &&
	       e->klen == 3 * sizeof(int64_t) + hl &&
	       (hl == 0 || !memcmp(e->key + 3 * sizeof(int64_t), a->host, hl));
}

/* A stream's last line is copied when the next line belongs to another
 * stream (or the file ends), from the tail ring, which holds the previous
 * non-empty line: not once per line. */
static void activity_close(struct ing *g)
{
	struct agg *e = g->act_prev;
	g->act_prev = NULL;
	if (!e || !g->tail_n)
		return;
	fl_buf_reset(&e->text);
	if (!g->prev_empty && g->tail_pos) {
		const struct tail_slot *t = &g->tail[(g->tail_next ? g->tail_next : g->tail_n) - 1];
		fl_buf_add(&e->text, t->ptr, t->len);
	}
}

static void count_activity(struct ing *g, const struct fl_attr *a, const char *line, size_t len,
			   uint64_t lineno)
{
	size_t hl = a->host_len > 256 ? 256 : a->host_len;
	struct agg *e = g->act_prev;
	if (!e || !same_stream(e, a, hl)) {
		activity_close(g);
		/* Binary key: three ids, then the host; no formatting per line. */
		char key[3 * sizeof(int64_t) + 257];
		int64_t ids[3] = { a->rank, a->local_rank, a->pid };
		memcpy(key, ids, sizeof(ids));
		if (hl)
			memcpy(key + sizeof(ids), a->host, hl);
		size_t klen = sizeof(ids) + hl;
		bool fresh;
		e = map_find(&g->activity, key, klen, hash_bytes(1469598103934665603ull, key, klen),
			     &fresh);
		if (fresh) {
			e->rank = a->rank;
			e->local_rank = a->local_rank;
			e->pid = a->pid;
			e->host = a->host ? fl_xstrndup(a->host, a->host_len) : NULL;
		}
		g->act_prev = e;
	}
	e->n++;
	e->line = (int64_t)lineno;
	g->prev_empty = len == 0;
	if (!g->tail_n) {
		fl_buf_reset(&e->text);
		fl_buf_add(&e->text, line, len < 2000 ? len : 2000);
	}
	if (a->ts != FL_TIME_NONE && a->ts_kind != FL_TS_INHERITED) {
		if (e->first_ts == FL_TIME_NONE || a->ts < e->first_ts)
			e->first_ts = a->ts;
		if (e->last_ts == FL_TIME_NONE || a->ts > e->last_ts)
			e->last_ts = a->ts;
	}
}

static void keep_tail(struct ing *g, const struct fl_line *l, const struct fl_attr *a)
{
	if (!g->tail_n || l->len == 0)
		return;
	struct tail_slot *t = &g->tail[g->tail_next];
	g->tail_pos++;
	if (++g->tail_next == g->tail_n)
		g->tail_next = 0;
	t->ptr = l->ptr;
	t->len = l->len < 2000 ? l->len : 2000;
	t->borrowed = true;
	t->lineno = l->lineno;
	row_attr(a, &t->a);
}

static void tails_own(struct ing *g)
{
	for (size_t i = 0; i < g->tail_n; i++) {
		struct tail_slot *t = &g->tail[i];
		if (!t->borrowed)
			continue;
		fl_buf_reset(&t->text);
		fl_buf_add(&t->text, t->ptr, t->len);
		t->ptr = t->text.ptr;
		t->borrowed = false;
		row_attr_own_host(&t->a, t->host, sizeof(t->host));
	}
}

static int on_line(struct ing *g, const struct fl_line *l, const struct fl_attr *a,
		   const uint64_t *cand)
{
	g->lines++;
	g->file_lines++;
	if (a->conflict)
		g->conflicts++;
	count_activity(g, a, l->ptr, l->len, l->lineno);
	keep_tail(g, l, a);
	return fl_matcher_line_cand(g->matcher, a, l->ptr, l->len, l->lineno, l->offset, cand,
				    on_event, g);
}

static int member_begin(struct ing *g, const struct batch *b)
{
	if (b->mem.mtime > g->max_mtime)
		g->max_mtime = b->mem.mtime;
	const struct fl_path_attr *pa = &b->pa;
	struct fl_file_meta fm = { b->path, pa->rank, pa->local_rank, pa->pid, pa->host, pa->attempt };
	if (fl_store_file_add(g->store, g->run_id, &fm, &g->file_id))
		return store_fail(g, "cannot store file");
	g->conflicts = 0;
	g->file_lines = 0;
	g->tail_pos = g->tail_next = 0;
	g->files++;
	return 0;
}

static int member_lines(struct ing *g, const struct batch *b)
{
	int rc = 0;
	for (size_t i = 0; !rc && i < b->nlines; i++) {
		struct fl_line l;
		struct fl_attr a;
		const uint64_t *cand;
		batch_line(b, i, &l, &a, &cand);
		rc = on_line(g, &l, &a, cand);
	}
	tails_own(g);
	return rc;
}

static int flush_activity(struct ing *g)
{
	activity_close(g);
	for (size_t i = 0; i < g->activity.cap; i++) {
		struct agg *e = &g->activity.slots[i];
		if (!e->key)
			continue;
		struct fl_activity_row r = { g->run_id, g->file_id, e->rank, e->local_rank, e->pid,
					     e->host, e->n, e->first_ts, e->last_ts, e->line, e->text.ptr };
		if (fl_store_activity_add(g->store, &r))
			return store_fail(g, "cannot store activity");
	}
	map_clear(&g->activity);
	return 0;
}

static int flush_tail(struct ing *g)
{
	size_t n = g->tail_pos < g->tail_n ? g->tail_pos : g->tail_n;
	for (size_t k = 0; k < n; k++) {
		struct tail_slot *t = &g->tail[(g->tail_pos - n + k) % g->tail_n];
		if (fl_store_tail_add(g->store, g->run_id, g->file_id, (int64_t)t->lineno, &t->a,
				      t->ptr, t->len))
			return store_fail(g, "cannot store tail");
	}
	return 0;
}

static int member_end(struct ing *g, const struct batch *b)
{
	int rc = fl_matcher_flush(g->matcher, on_event, g);
	if (!rc)
		rc = flush_activity(g);
	if (!rc)
		rc = flush_tail(g);
	if (!rc && steps_file_end(g->steps))
		rc = store_fail(g, "cannot store steps");
	struct fl_file_totals t = { (int64_t)b->st.bytes, (int64_t)g->file_lines,
				    (int64_t)b->st.truncated_lines, (int64_t)g->conflicts, b->boot };
	if (!rc && fl_store_file_done(g->store, g->file_id, &t))
		rc = store_fail(g, "cannot store file");
	return rc;
}

static int consume(struct ing *g, const struct batch *b)
{
	switch (b->type) {
	case B_BEGIN:
		return member_begin(g, b);
	case B_LINES:
		return member_lines(g, b);
	case B_END:
		return member_end(g, b);
	case B_SKIPPED:
		fl_store_skipped_add(g->store, g->run_id, b->path, b->why);
		return 0;
	}
	return 0;
}

/* Runs the reader and the scanner threads and consumes their batches here. */
static int read_bundle(struct ing *g, const char *path, const struct fl_ingest_opts *io,
		       struct fl_ingest_stats *stats, struct fl_err *err)
{
	struct reader *r = reader_start(path, io, stats, err);
	if (!r)
		return FL_ENOMEM;
	struct scanner *sc = scanner_start(r, g->pats, &g->bundle, io->max_line, err);
	if (!sc) {
		reader_cancel(r);
		while (reader_next(r))
			reader_done_with(r);
		reader_join(r, NULL);
		return FL_ENOMEM;
	}
	int rc = 0;
	struct batch *b;
	while ((b = scanner_next(sc))) {
		if (!rc && (rc = consume(g, b)) != 0)
			scanner_cancel(sc);
		scanner_done_with(sc);
	}
	scanner_join(sc);
	/* The consumer's own error explains a cancelled reader best. */
	struct fl_err rerr;
	int rrc = reader_join(r, &rerr);
	if (!rc && rrc) {
		rc = rrc;
		if (err)
			*err = rerr;
	}
	return rc;
}

static int flush_run_aggregates(struct ing *g)
{
	for (size_t i = 0; i < g->transports.cap; i++) {
		struct agg *a = &g->transports.slots[i];
		if (!a->key)
			continue;
		struct fl_transport_row r = { g->run_id, a->host, a->pid, a->rank, a->a, (int)a->x,
					      a->n, a->file_id, a->line, a->sample };
		if (fl_store_transport_add(g->store, &r))
			return store_fail(g, "cannot store transports");
	}
	for (size_t i = 0; i < g->colls.cap; i++) {
		struct agg *a = &g->colls.slots[i];
		if (!a->key)
			continue;
		struct fl_coll_row r = { g->run_id, a->host, a->pid, a->rank, a->a, a->b,
					 a->x, a->n, a->y, a->last_ts };
		if (fl_store_coll_add(g->store, &r))
			return store_fail(g, "cannot store collectives");
	}
	return 0;
}

void fl_pipeline_opts_init(struct fl_pipeline_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->keep = FL_KEEP_FILES;
	o->tail_lines = 20;
}

static int64_t now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

const char *fl_pipeline_kept_ext(const char *name, bool dir)
{
	if (dir)
		return ".tar.zst";
	static const char *const exts[] = { ".tar.gz", ".tar.zst", ".tar.xz", ".tar.bz2", ".tgz",
					    ".tar", ".zip", ".gz", ".zst", ".xz", ".bz2", ".log",
					    ".txt", ".out" };
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t e = strlen(exts[i]);
		if (n > e && !strcmp(name + n - e, exts[i]))
			return exts[i];
	}
	return "";
}

/* The year for year-less stamps: the latest dated stamp's, else that of
 * the newest member's modification time. */
static int bundle_year(const struct ing *g)
{
	if (g->bundle.year || g->max_mtime <= 0)
		return g->bundle.year;
	int y, mo, d, h, mi, s, us;
	fl_time_to_civil(g->max_mtime * 1000000, &y, &mo, &d, &h, &mi, &s, &us);
	return y;
}

static void ing_release(struct ing *g)
{
	fl_matcher_free(g->matcher);
	for (size_t i = 0; i < g->tail_n; i++)
		fl_buf_release(&g->tail[i].text);
	free(g->tail);
	map_clear(&g->activity);
	map_clear(&g->transports);
	map_clear(&g->colls);
	steps_free(g->steps);
	fl_buf_release(&g->fields);
	fl_buf_release(&g->key);
}

/* Whether path is copied beside the store: a directory only with
 * FL_KEEP_ALL (see enum fl_keep). */
static bool wants_copy(const char *path, enum fl_keep keep)
{
	struct stat sb;
	if (keep == FL_KEEP_NONE)
		return false;
	return keep == FL_KEEP_ALL || stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode);
}

/* Moves the incoming copy to bundles/<sha><ext>; returns the relative name. */
static char *place_kept(struct fl_store *s, const char *incoming, const char *sha, const char *ext)
{
	char *rel = fl_xasprintf("bundles/%s%s", sha, ext);
	char *dst = fl_xasprintf("%s/%s", fl_store_dir(s), rel);
	struct stat sb;
	if (stat(dst, &sb) == 0)
		unlink(incoming);
	else if (rename(incoming, dst) != 0) {
		unlink(incoming);
		free(rel);
		rel = NULL;
	}
	free(dst);
	return rel;
}

int fl_pipeline_ingest(struct fl_store *s, const struct fl_patterns *p, const char *path,
		       const struct fl_pipeline_opts *o, struct fl_ingest_result *res,
		       struct fl_err *err)
{
	struct fl_pipeline_opts defaults;
	if (!o) {
		fl_pipeline_opts_init(&defaults);
		o = &defaults;
	}
	memset(res, 0, sizeof(*res));
	struct ing g = { .store = s, .pats = p, .o = o, .err = err };
	g.matcher = fl_matcher_new(p);
	g.tail_n = o->tail_lines;
	g.tail = fl_xcalloc(g.tail_n ? g.tail_n : 1, sizeof(*g.tail));
	char *abs = realpath(path, NULL);
	struct fl_run_meta meta = { o->replace_run, fl_base_name(path), abs ? abs : path,
				    fl_patterns_digest(p), now_us() };
	int rc = fl_store_run_begin(s, &meta, &g.run_id, err);
	g.steps = steps_new(s, g.run_id);
	char *incoming = NULL;
	struct fl_ingest_opts io;
	fl_ingest_opts_init(&io);
	if (o->max_line)
		io.max_line = o->max_line;
	if (!rc && wants_copy(path, o->keep)) {
		char *dir = fl_xasprintf("%s/bundles", fl_store_dir(s));
		if (mkdir(dir, 0755) != 0 && errno != EEXIST)
			rc = fl_err_set(err, FL_EIO, "cannot create '%s': %s", dir, strerror(errno));
		incoming = fl_xasprintf("%s/incoming-%ld", dir, (long)getpid());
		io.keep_path = incoming;
		free(dir);
	}
	if (!rc)
		rc = read_bundle(&g, path, &io, &res->stats, err);
	res->stats.lines = g.lines;
	if (!rc && o->expect_sha256 && strcmp(res->stats.sha256, o->expect_sha256))
		rc = fl_err_set(err, FL_ECHANGED, "'%s' has changed since it was ingested", path);
	if (!rc && steps_run_end(g.steps))
		rc = store_fail(&g, "cannot store step sums");
	if (!rc)
		rc = flush_run_aggregates(&g);
	if (!rc && o->sha256)
		snprintf(res->stats.sha256, sizeof(res->stats.sha256), "%s", o->sha256);
	if (!rc && !o->replace_run && fl_store_run_by_sha(s, res->stats.sha256, &res->run_id) == FL_OK) {
		/* The same bytes are already a run: keep that one. */
		res->existed = true;
		fl_store_run_rollback(s);
		if (incoming)
			unlink(incoming);
	} else if (!rc) {
		char *kept = incoming ? place_kept(s, incoming, res->stats.sha256,
						   fl_pipeline_kept_ext(meta.bundle, res->stats.is_directory))
			     : o->kept ? fl_xstrdup(o->kept) : NULL;
		struct fl_run_totals t = { res->stats.sha256, kept, (int64_t)g.files,
					   (int64_t)res->stats.lines, (int64_t)res->stats.bytes_out,
					   (int64_t)res->stats.skipped, bundle_year(&g),
					   g.bundle.yearless > 0 };
		rc = fl_store_run_commit(s, g.run_id, &t, err);
		res->run_id = g.run_id;
		res->events = g.events;
		free(kept);
	} else {
		fl_store_run_rollback(s);
		if (incoming)
			unlink(incoming);
	}
	free(incoming);
	free(abs);
	ing_release(&g);
	return rc;
}
