/* SPDX-License-Identifier: MIT */
/*
 * pat_match.c - from an attributed line to events.
 *
 * Per line: the prefilter marks candidate patterns, which are tried in
 * priority order; the first that matches makes the event. Multi-line
 * (block) patterns open a block per stream - the rank, host and pid the
 * line was attributed to - so that tracebacks of ranks interleaved in one
 * file are reassembled separately. A line that ends a block is also
 * matched on its own: a traceback's last line is often the OOM or CUDA
 * message that matters most.
 * Tested by: tests/unit/test_extract.c, tests/e2e
 */
#include "extract_int.h"

#include <stdlib.h>
#include <string.h>

#define MAX_BLOCKS 16
#define BLOCK_TEXT_MAX 8192

struct block_cap {
	const char *name;
	enum fl_ftype type;
	enum canon canon;
	size_t off, len;
};

struct block {
	bool open;
	uint64_t stream;
	size_t pat;
	uint64_t lineno, offset, last_use;
	unsigned nlines;
	struct fl_attr attr;
	char host[256];
	struct fl_buf text;
	struct fl_buf vals;
	struct block_cap caps[FL_MAX_CAPS];
	size_t ncap;
};

struct fl_finder {
	const struct fl_patterns *p;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	size_t words;
};

struct fl_matcher {
	const struct fl_patterns *p;
	struct fl_finder finder; /* its own, for fl_matcher_line() and the blocks' regexes */
	uint64_t *cand;
	struct block blocks[MAX_BLOCKS];
	int nopen; /* blocks open: most lines meet none and skip them */
	uint64_t clock;
	enum canon canon[FL_MAX_CAPS]; /* canonical role of each raw capture */
	struct fl_capture raw[FL_MAX_CAPS];
	size_t nraw;
	struct fl_event ev;
	bool claimed; /* the last line became (part of) an event */
	bool in_tentative; /* the line continues a tentative block: opens no other */
};

pcre2_match_context *matcher_context_new(void)
{
	pcre2_match_context *mc = pcre2_match_context_create(NULL);
	/* Hostile lines must not make a regex run away. */
	pcre2_set_match_limit(mc, 1000000);
	pcre2_set_depth_limit(mc, 10000);
	pcre2_set_heap_limit(mc, 20000);
	return mc;
}

static void finder_init(struct fl_finder *f, const struct fl_patterns *p)
{
	f->p = p;
	f->md = pcre2_match_data_create(256, NULL);
	f->mc = matcher_context_new();
	f->words = (p->n + 63) / 64;
}

static void finder_release(struct fl_finder *f)
{
	pcre2_match_data_free(f->md);
	pcre2_match_context_free(f->mc);
}

struct fl_matcher *fl_matcher_new(const struct fl_patterns *p)
{
	struct fl_matcher *m = fl_xcalloc(1, sizeof(*m));
	m->p = p;
	finder_init(&m->finder, p);
	m->cand = fl_xcalloc(m->finder.words ? m->finder.words : 1, sizeof(uint64_t));
	return m;
}

void fl_matcher_free(struct fl_matcher *m)
{
	if (!m)
		return;
	for (int i = 0; i < MAX_BLOCKS; i++) {
		fl_buf_release(&m->blocks[i].text);
		fl_buf_release(&m->blocks[i].vals);
	}
	finder_release(&m->finder);
	free(m->cand);
	free(m);
}

/* The captures of re's match in md: which of re->caps each is and where
 * in the subject, at most FL_MAX_CAPS. */
static size_t found_caps(const struct pat_regex *re, pcre2_match_data *md,
			 struct fl_found_cap *out)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	uint32_t pairs = pcre2_get_ovector_count(md);
	size_t k = 0;
	for (size_t i = 0; i < re->ncaps && k < FL_MAX_CAPS; i++) {
		const struct pat_cap *c = &re->caps[i];
		if (c->group >= pairs || ov[2 * c->group] == PCRE2_UNSET)
			continue;
		/* With duplicate names, the first alternative that matched wins. */
		bool dup = false;
		for (size_t j = 0; re->dup_names && j < k; j++)
			if (!strcmp(re->caps[out[j].cap].name, c->name))
				dup = true;
		if (dup)
			continue;
		out[k++] = (struct fl_found_cap){ (uint32_t)i, (uint32_t)ov[2 * c->group],
						  (uint32_t)(ov[2 * c->group + 1] - ov[2 * c->group]) };
	}
	return k;
}

/* Found captures as the matcher's: named, typed, pointing into s. */
static void caps_in(const struct pat_regex *re, const char *s, const struct fl_found_cap *f,
		    size_t n, struct fl_capture *caps, enum canon *canon)
{
	for (size_t k = 0; k < n; k++) {
		const struct pat_cap *c = &re->caps[f[k].cap];
		if (canon)
			canon[k] = c->canon;
		caps[k] = (struct fl_capture){ c->name, c->type, s + f[k].off, f[k].len };
	}
}

bool pattern_exec(const struct pat_regex *re, pcre2_match_data *md, pcre2_match_context *mc,
		  const char *s, size_t n, struct fl_capture *caps, enum canon *canon, size_t *ncap)
{
	if (pcre2_match(re->code, (PCRE2_SPTR)s, n, 0, 0, md, mc) < 0)
		return false;
	struct fl_found_cap f[FL_MAX_CAPS];
	*ncap = found_caps(re, md, f);
	caps_in(re, s, f, *ncap, caps, canon);
	return true;
}

static int64_t to_int(const char *s, size_t n, bool *ok)
{
	struct fl_value v;
	*ok = fl_value_parse(FL_FT_INT, s, n, &v) == FL_OK;
	return v.i;
}

/* Moves canonical captures into the event's attribution. */
static void apply_canon(struct fl_event *ev, const struct fl_capture *c, enum canon canon)
{
	bool ok = false;
	int64_t v;
	switch (canon) {
	case CANON_NONE:
		break;
	case CANON_TS: {
		struct fl_value tv;
		if (fl_value_parse(FL_FT_TIME, c->ptr, c->len, &tv) == FL_OK) {
			ev->attr.ts = tv.i;
			ev->attr.ts_kind = FL_TS_FULL;
		}
		break;
	}
	case CANON_HOST:
		if (c->len) {
			ev->attr.host = c->ptr;
			ev->attr.host_len = c->len;
		}
		break;
	case CANON_PID:
		if ((v = to_int(c->ptr, c->len, &ok)), ok)
			ev->attr.pid = v;
		break;
	case CANON_RANK:
		if ((v = to_int(c->ptr, c->len, &ok)), ok)
			ev->attr.rank = v;
		break;
	case CANON_LOCAL_RANK:
		if ((v = to_int(c->ptr, c->len, &ok)), ok)
			ev->attr.local_rank = v;
		break;
	case CANON_DEV:
		if ((v = to_int(c->ptr, c->len, &ok)), ok)
			ev->attr.dev = (int)v;
		break;
	}
}

static void set_caps(struct fl_event *ev, const struct fl_capture *caps, const enum canon *canon,
		     size_t n)
{
	ev->ncap = 0;
	for (size_t i = 0; i < n; i++) {
		if (canon[i] != CANON_NONE)
			apply_canon(ev, &caps[i], canon[i]);
		else
			ev->caps[ev->ncap++] = caps[i];
	}
}

static uint64_t stream_key(const struct fl_attr *a)
{
	uint64_t h = FL_FNV1A_INIT;
	int64_t parts[] = { a->rank, a->local_rank, a->pid };
	for (size_t i = 0; i < 3; i++)
		h = fl_fnv1a_word(h, (uint64_t)parts[i]);
	return fl_fnv1a(h, a->host, a->host_len);
}

/* ---- blocks ---- */

static void block_merge(struct block *b, const struct fl_capture *caps, const enum canon *canon,
			size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = 0;
		while (j < b->ncap && strcmp(b->caps[j].name, caps[i].name) != 0)
			j++;
		if (j == b->ncap) {
			if (b->ncap == FL_MAX_CAPS)
				continue;
			b->ncap++;
		}
		/* Last value wins: a traceback's innermost frame is its last. */
		b->caps[j].name = caps[i].name;
		b->caps[j].type = caps[i].type;
		b->caps[j].canon = canon[i];
		b->caps[j].off = b->vals.len;
		b->caps[j].len = caps[i].len;
		fl_buf_add(&b->vals, caps[i].ptr, caps[i].len);
	}
}

static void block_add_text(struct block *b, const char *line, size_t len)
{
	if (b->text.len >= BLOCK_TEXT_MAX)
		return;
	if (b->text.len)
		fl_buf_addc(&b->text, '\n');
	size_t room = BLOCK_TEXT_MAX - b->text.len;
	fl_buf_add(&b->text, line, len < room ? len : room);
}

/* Empties a closed block for its next use. */
static void block_reset(struct block *b)
{
	fl_buf_reset(&b->text);
	fl_buf_reset(&b->vals);
	b->ncap = 0;
}

/* Closes a block and makes its event, unless the block is tentative and
 * closed without its end: line (ended false). */
static int block_emit(struct fl_matcher *m, struct block *b, bool ended, fl_event_cb cb,
		      void *ctx)
{
	struct fl_event *ev = &m->ev;
	b->open = false;
	m->nopen--;
	if (!ended && m->p->pats[b->pat].tentative) {
		block_reset(b);
		return 0;
	}
	ev->pat = &m->p->pats[b->pat].info;
	ev->lineno = b->lineno;
	ev->offset = b->offset;
	ev->nlines = b->nlines;
	ev->attr = b->attr;
	ev->attr.body = NULL;
	ev->attr.body_len = 0;
	if (b->attr.host)
		ev->attr.host = b->host;
	ev->text = b->text.ptr ? b->text.ptr : "";
	ev->text_len = b->text.len;
	ev->ncap = 0;
	for (size_t i = 0; i < b->ncap; i++) {
		struct fl_capture c = { b->caps[i].name, b->caps[i].type, b->vals.ptr + b->caps[i].off,
					b->caps[i].len };
		if (b->caps[i].canon != CANON_NONE)
			apply_canon(ev, &c, b->caps[i].canon);
		else
			ev->caps[ev->ncap++] = c;
	}
	int rc = cb(ctx, ev); /* it borrows the block's text and values */
	block_reset(b);
	return rc;
}

static int block_open(struct fl_matcher *m, size_t pat, uint64_t stream, const struct fl_attr *a,
		      const char *line, size_t len, uint64_t lineno, uint64_t offset, fl_event_cb cb,
		      void *ctx)
{
	struct block *b = NULL;
	for (int i = 0; i < MAX_BLOCKS && !b; i++)
		if (!m->blocks[i].open)
			b = &m->blocks[i];
	int rc = 0;
	if (!b) { /* all in use: the least recently continued one is done */
		b = &m->blocks[0];
		for (int i = 1; i < MAX_BLOCKS; i++)
			if (m->blocks[i].last_use < b->last_use)
				b = &m->blocks[i];
		rc = block_emit(m, b, false, cb, ctx);
	}
	b->open = true;
	m->nopen++;
	b->stream = stream;
	b->pat = pat;
	b->lineno = lineno;
	b->offset = offset;
	b->nlines = 1;
	b->attr = *a;
	b->last_use = ++m->clock;
	if (a->host) {
		size_t k = a->host_len < sizeof(b->host) - 1 ? a->host_len : sizeof(b->host) - 1;
		memcpy(b->host, a->host, k);
		b->host[k] = '\0';
		b->attr.host_len = k;
	}
	b->ncap = 0;
	fl_buf_reset(&b->text);
	fl_buf_reset(&b->vals);
	block_merge(b, m->raw, m->canon, m->nraw);
	block_add_text(b, line, len);
	return rc;
}

/* Offers the line to an open block of its stream. Sets *consumed when the
 * line continued the block, unless the block is tentative: then
 * m->in_tentative, and line patterns still match the line. */
static int block_offer(struct fl_matcher *m, uint64_t stream, const struct fl_attr *a,
		       const char *line, size_t len, bool *consumed, fl_event_cb cb, void *ctx)
{
	*consumed = false;
	for (int i = 0; i < MAX_BLOCKS; i++) {
		struct block *b = &m->blocks[i];
		if (!b->open || b->stream != stream)
			continue;
		const struct pattern *pt = &m->p->pats[b->pat];
		pcre2_match_data *md = m->finder.md;
		pcre2_match_context *mc = m->finder.mc;
		size_t n;
		if (pt->re[RE_END].code && pattern_exec(&pt->re[RE_END], md, mc, a->body, a->body_len,
							m->raw, m->canon, &n)) {
			block_merge(b, m->raw, m->canon, n);
			block_add_text(b, line, len);
			b->nlines++;
			return block_emit(m, b, true, cb, ctx);
		}
		if (pt->re[RE_CONT].code && b->nlines < (unsigned)pt->max_lines &&
		    pattern_exec(&pt->re[RE_CONT], md, mc, a->body, a->body_len, m->raw, m->canon,
				 &n)) {
			block_merge(b, m->raw, m->canon, n);
			block_add_text(b, line, len);
			b->nlines++;
			b->last_use = ++m->clock;
			*consumed = !pt->tentative;
			m->in_tentative = pt->tentative;
			return 0;
		}
		return block_emit(m, b, false, cb, ctx);
	}
	return 0;
}

size_t fl_patterns_cand_words(const struct fl_patterns *p)
{
	return (p->n + 63) / 64;
}

bool fl_patterns_prefilter(const struct fl_patterns *p, const char *body, size_t n, uint64_t *cand)
{
	return ac_scan(p->ac, body, n, cand);
}

/* ---- the first candidate that matches ----
 *
 * Finding it needs nothing but the line, so a thread may run it ahead of
 * the matcher (the scanner does): the candidates are tried in priority
 * order and the first that matches is the line's pattern. */

struct fl_finder *fl_finder_new(const struct fl_patterns *p)
{
	struct fl_finder *f = fl_xcalloc(1, sizeof(*f));
	finder_init(f, p);
	return f;
}

void fl_finder_free(struct fl_finder *f)
{
	if (!f)
		return;
	finder_release(f);
	free(f);
}

int32_t fl_finder_run(struct fl_finder *f, const char *body, size_t n, uint64_t *cand,
		      struct fl_found_cap *caps, size_t *ncap)
{
	for (size_t w = 0; w < f->words; w++) {
		while (cand[w]) {
			size_t i = w * 64 + (size_t)__builtin_ctzll(cand[w]);
			cand[w] &= cand[w] - 1;
			const struct pat_regex *re = &f->p->pats[i].re[RE_LINE];
			if (pcre2_match(re->code, (PCRE2_SPTR)body, n, 0, 0, f->md, f->mc) < 0)
				continue;
			memset(cand, 0, f->words * sizeof(uint64_t));
			*ncap = found_caps(re, f->md, caps);
			return (int32_t)i;
		}
	}
	*ncap = 0;
	return -1;
}

/* Pattern pat, found on the line with m->raw's captures, makes the line's
 * event or opens its block. */
static int take(struct fl_matcher *m, size_t pat, const struct fl_attr *a, const char *line,
		size_t len, uint64_t lineno, uint64_t offset, fl_event_cb cb, void *ctx)
{
	const struct pattern *pt = &m->p->pats[pat];
	if (pt->info.block && m->in_tentative)
		return 0;
	m->claimed = true;
	if (pt->info.block)
		return block_open(m, pat, stream_key(a), a, line, len, lineno, offset, cb, ctx);
	struct fl_event *ev = &m->ev;
	ev->pat = &pt->info;
	ev->lineno = lineno;
	ev->offset = offset;
	ev->nlines = 1;
	ev->attr = *a;
	ev->text = line;
	ev->text_len = len;
	set_caps(ev, m->raw, m->canon, m->nraw);
	return cb(ctx, ev);
}

/* take() for what a finder found: its captures as the matcher's. */
static int take_found(struct fl_matcher *m, int32_t pat, const struct fl_found_cap *caps,
		      size_t ncap, const struct fl_attr *a, const char *line, size_t len,
		      uint64_t lineno, uint64_t offset, fl_event_cb cb, void *ctx)
{
	if (pat < 0)
		return 0;
	caps_in(&m->p->pats[pat].re[RE_LINE], a->body, caps, ncap, m->raw, m->canon);
	m->nraw = ncap;
	return take(m, (size_t)pat, a, line, len, lineno, offset, cb, ctx);
}

/* Offers the line to the open blocks of its stream; true when that ended
 * the line's matching (a block absorbed it, or cb failed: *rc). */
static bool offered_to_blocks(struct fl_matcher *m, const struct fl_attr *a, const char *line,
			      size_t len, fl_event_cb cb, void *ctx, int *rc)
{
	bool consumed = false;
	m->in_tentative = false;
	*rc = m->nopen ? block_offer(m, stream_key(a), a, line, len, &consumed, cb, ctx) : 0;
	m->claimed = consumed;
	return *rc || consumed;
}

int fl_matcher_line(struct fl_matcher *m, const struct fl_attr *a, const char *line, size_t len,
		    uint64_t lineno, uint64_t offset, fl_event_cb cb, void *ctx)
{
	int rc;
	if (offered_to_blocks(m, a, line, len, cb, ctx, &rc) ||
	    !ac_scan(m->p->ac, a->body, a->body_len, m->cand))
		return rc;
	struct fl_found_cap caps[FL_MAX_CAPS];
	size_t n;
	int32_t pat = fl_finder_run(&m->finder, a->body, a->body_len, m->cand, caps, &n);
	return take_found(m, pat, caps, n, a, line, len, lineno, offset, cb, ctx);
}

int fl_matcher_line_found(struct fl_matcher *m, const struct fl_attr *a, const char *line,
			  size_t len, uint64_t lineno, uint64_t offset, int32_t pat,
			  const struct fl_found_cap *caps, size_t ncap, fl_event_cb cb, void *ctx)
{
	int rc;
	if (offered_to_blocks(m, a, line, len, cb, ctx, &rc))
		return rc;
	return take_found(m, pat, caps, ncap, a, line, len, lineno, offset, cb, ctx);
}

bool fl_matcher_claimed(const struct fl_matcher *m)
{
	return m->claimed;
}

int fl_matcher_flush(struct fl_matcher *m, fl_event_cb cb, void *ctx)
{
	int rc = 0;
	/* Emit in the order the blocks started. */
	for (;;) {
		struct block *first = NULL;
		for (int i = 0; i < MAX_BLOCKS; i++)
			if (m->blocks[i].open && (!first || m->blocks[i].lineno < first->lineno))
				first = &m->blocks[i];
		if (!first)
			break;
		int r = block_emit(m, first, false, cb, ctx);
		if (!rc)
			rc = r;
	}
	return rc;
}
