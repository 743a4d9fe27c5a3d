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

struct fl_matcher {
	const struct fl_patterns *p;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	uint64_t *cand;
	size_t words;
	struct block blocks[MAX_BLOCKS];
	int nopen; /* blocks open: most lines meet none and skip them */
	uint64_t clock;
	enum canon canon[FL_MAX_CAPS]; /* canonical role of each raw capture */
	struct fl_capture raw[FL_MAX_CAPS];
	size_t nraw;
	struct fl_event ev;
	bool claimed; /* the last line became (part of) an event */
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

struct fl_matcher *fl_matcher_new(const struct fl_patterns *p)
{
	struct fl_matcher *m = fl_xcalloc(1, sizeof(*m));
	m->p = p;
	m->md = pcre2_match_data_create(256, NULL);
	m->mc = matcher_context_new();
	m->words = (p->n + 63) / 64;
	m->cand = fl_xcalloc(m->words ? m->words : 1, sizeof(uint64_t));
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
	pcre2_match_data_free(m->md);
	pcre2_match_context_free(m->mc);
	free(m->cand);
	free(m);
}

bool pattern_exec(const struct pat_regex *re, pcre2_match_data *md, pcre2_match_context *mc,
		  const char *s, size_t n, struct fl_capture *caps, enum canon *canon, size_t *ncap)
{
	int rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, 0, 0, md, mc);
	if (rc < 0)
		return false;
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
			if (!strcmp(caps[j].name, c->name))
				dup = true;
		if (dup)
			continue;
		if (canon)
			canon[k] = c->canon;
		caps[k].name = c->name;
		caps[k].type = c->type;
		caps[k].ptr = s + ov[2 * c->group];
		caps[k].len = ov[2 * c->group + 1] - ov[2 * c->group];
		k++;
	}
	*ncap = k;
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

static int block_emit(struct fl_matcher *m, struct block *b, fl_event_cb cb, void *ctx)
{
	struct fl_event *ev = &m->ev;
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
	b->open = false;
	m->nopen--;
	int rc = cb(ctx, ev);
	fl_buf_reset(&b->text);
	fl_buf_reset(&b->vals);
	b->ncap = 0;
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
		rc = block_emit(m, b, cb, ctx);
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
 * line continued the block; *ended when it closed it. */
static int block_offer(struct fl_matcher *m, uint64_t stream, const struct fl_attr *a,
		       const char *line, size_t len, bool *consumed, fl_event_cb cb, void *ctx)
{
	*consumed = false;
	for (int i = 0; i < MAX_BLOCKS; i++) {
		struct block *b = &m->blocks[i];
		if (!b->open || b->stream != stream)
			continue;
		const struct pattern *pt = &m->p->pats[b->pat];
		size_t n;
		if (pt->re[RE_END].code && pattern_exec(&pt->re[RE_END], m->md, m->mc, a->body,
							a->body_len, m->raw, m->canon, &n)) {
			block_merge(b, m->raw, m->canon, n);
			block_add_text(b, line, len);
			b->nlines++;
			return block_emit(m, b, cb, ctx);
		}
		if (pt->re[RE_CONT].code && b->nlines < (unsigned)pt->max_lines &&
		    pattern_exec(&pt->re[RE_CONT], m->md, m->mc, a->body, a->body_len, m->raw, m->canon,
				 &n)) {
			block_merge(b, m->raw, m->canon, n);
			block_add_text(b, line, len);
			b->nlines++;
			b->last_use = ++m->clock;
			*consumed = true;
			return 0;
		}
		return block_emit(m, b, cb, ctx);
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

/* Tries the candidate patterns in m->cand in priority order; the first
 * that matches makes the line's event (or opens its block). */
static int match_candidates(struct fl_matcher *m, const struct fl_attr *a, const char *line,
			    size_t len, uint64_t lineno, uint64_t offset, fl_event_cb cb, void *ctx)
{
	for (size_t w = 0; w < m->words; w++) {
		while (m->cand[w]) {
			size_t i = w * 64 + (size_t)__builtin_ctzll(m->cand[w]);
			m->cand[w] &= m->cand[w] - 1;
			const struct pattern *pt = &m->p->pats[i];
			if (!pattern_exec(&pt->re[RE_LINE], m->md, m->mc, a->body, a->body_len, m->raw,
					  m->canon, &m->nraw))
				continue;
			memset(m->cand, 0, m->words * sizeof(uint64_t));
			m->claimed = true;
			if (pt->info.block)
				return block_open(m, i, stream_key(a), a, line, len, lineno, offset, cb,
						  ctx);
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
	}
	return 0;
}

/* Offers the line to the open blocks of its stream; true when that ended
 * the line's matching (a block absorbed it, or cb failed: *rc). */
static bool offered_to_blocks(struct fl_matcher *m, const struct fl_attr *a, const char *line,
			      size_t len, fl_event_cb cb, void *ctx, int *rc)
{
	bool consumed = false;
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
	return match_candidates(m, a, line, len, lineno, offset, cb, ctx);
}

int fl_matcher_line_cand(struct fl_matcher *m, const struct fl_attr *a, const char *line,
			 size_t len, uint64_t lineno, uint64_t offset, const uint64_t *cand,
			 fl_event_cb cb, void *ctx)
{
	int rc;
	if (offered_to_blocks(m, a, line, len, cb, ctx, &rc) || !cand)
		return rc;
	memcpy(m->cand, cand, m->words * sizeof(uint64_t));
	return match_candidates(m, a, line, len, lineno, offset, cb, ctx);
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
		int r = block_emit(m, first, cb, ctx);
		if (!rc)
			rc = r;
	}
	return rc;
}
