/* SPDX-License-Identifier: MIT */
/*
 * pat_check.c - `faultline patterns check`: every pattern proves itself.
 *
 * Each example goes through the same path as a real log line (attribution,
 * prefilter, priority order, blocks), so a check passes only if the whole
 * library would turn that line into this pattern's event with the expected
 * values. Counter-examples must not match the pattern's own regex.
 * Tested by: tests/unit/test_extract.c (and the suite runs the check)
 */
#include "extract_int.h"

#include "faultline/vocab.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct seen {
	bool got;
	const struct fl_pattern_info *pat;
	struct fl_attr attr;
	char host[256];
	size_t ncap;
	struct {
		char *name;
		enum fl_ftype type;
		char *text;
	} caps[FL_MAX_CAPS];
};

static int record(void *ctx, const struct fl_event *ev)
{
	struct seen *s = ctx;
	if (s->got)
		return 0;
	s->got = true;
	s->pat = ev->pat;
	s->attr = ev->attr;
	if (ev->attr.host) {
		size_t k = ev->attr.host_len < 255 ? ev->attr.host_len : 255;
		memcpy(s->host, ev->attr.host, k);
		s->host[k] = '\0';
	}
	s->ncap = ev->ncap;
	for (size_t i = 0; i < ev->ncap; i++) {
		s->caps[i].name = fl_xstrdup(ev->caps[i].name);
		s->caps[i].type = ev->caps[i].type;
		s->caps[i].text = fl_xstrndup(ev->caps[i].ptr, ev->caps[i].len);
	}
	return 0;
}

static void seen_release(struct seen *s)
{
	for (size_t i = 0; i < s->ncap; i++) {
		free(s->caps[i].name);
		free(s->caps[i].text);
	}
	memset(s, 0, sizeof(*s));
}

static void fail(struct fl_check_result *r, const struct pattern *pt, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void fail(struct fl_check_result *r, const struct pattern *pt, int line, const char *fmt, ...)
{
	va_list ap;
	r->failures++;
	fl_buf_printf(&r->report, "%s:%d: pattern '%s': ", pt->info.file, line, pt->info.name);
	va_start(ap, fmt);
	fl_buf_vprintf(&r->report, fmt, ap);
	va_end(ap);
	fl_buf_addc(&r->report, '\n');
}

/* Runs text (one or more lines) through a fresh matcher. */
static void run_example(const struct fl_patterns *p, const char *text, struct seen *s)
{
	struct fl_attr_bundle bundle = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new("example.log", &bundle);
	struct fl_matcher *m = fl_matcher_new(p);
	uint64_t lineno = 1;
	for (const char *ln = text;; lineno++) {
		const char *nl = strchr(ln, '\n');
		size_t len = nl ? (size_t)(nl - ln) : strlen(ln);
		struct fl_attr a;
		fl_attr_line(f, ln, len, &a);
		fl_matcher_line(m, &a, ln, len, lineno, 0, record, s);
		if (!nl)
			break;
		ln = nl + 1;
	}
	fl_matcher_flush(m, record, s);
	fl_matcher_free(m);
	fl_attr_file_free(f);
}

static bool values_equal(enum fl_ftype t, const char *got, const char *want)
{
	if (t == FL_FT_STR)
		return !strcmp(got, want);
	struct fl_value a, b;
	if (fl_value_parse(t, got, strlen(got), &a) || fl_value_parse(t, want, strlen(want), &b))
		return !strcmp(got, want);
	if (t == FL_FT_FLOAT) {
		if (isnan(a.f) || isnan(b.f))
			return isnan(a.f) && isnan(b.f);
		return a.f == b.f || fabs(a.f - b.f) <= 1e-9 * fabs(b.f);
	}
	return a.i == b.i;
}

/* The value of a canonical capture, as text, from the attribution. */
static bool canon_value(const struct seen *s, const char *key, char *out, size_t cap)
{
	const struct fl_attr *a = &s->attr;
	if (!strcmp(key, "host"))
		snprintf(out, cap, "%s", a->host ? s->host : "");
	else if (!strcmp(key, "pid"))
		snprintf(out, cap, "%lld", (long long)a->pid);
	else if (!strcmp(key, "rank"))
		snprintf(out, cap, "%lld", (long long)a->rank);
	else if (!strcmp(key, "local_rank"))
		snprintf(out, cap, "%lld", (long long)a->local_rank);
	else if (!strcmp(key, "dev"))
		snprintf(out, cap, "%d", a->dev);
	else
		return false;
	return true;
}

static void check_expect(struct fl_check_result *r, const struct pattern *pt, const struct seen *s,
			 const struct pat_expect *e)
{
	char buf[256];
	if (canon_value(s, e->key, buf, sizeof(buf))) {
		if (strcmp(buf, e->val) != 0)
			fail(r, pt, e->line, "expected %s=%s, attributed %s", e->key, e->val, buf);
		return;
	}
	for (size_t i = 0; i < s->ncap; i++) {
		if (strcmp(s->caps[i].name, e->key) != 0)
			continue;
		if (!values_equal(s->caps[i].type, s->caps[i].text, e->val))
			fail(r, pt, e->line, "expected %s=%s, captured '%s'", e->key, e->val,
			     s->caps[i].text);
		return;
	}
	fail(r, pt, e->line, "expected %s=%s, but '%s' was not captured", e->key, e->val, e->key);
}

static bool body_has_literal(const struct pattern *pt, const char *body, size_t n)
{
	for (size_t i = 0; i < pt->nlit; i++)
		if (memmem(body, n, pt->literals[i], strlen(pt->literals[i])))
			return true;
	return false;
}

static void check_example(const struct fl_patterns *p, const struct pattern *pt,
			  const struct pat_example *ex, struct fl_check_result *r)
{
	struct seen s;
	memset(&s, 0, sizeof(s));
	run_example(p, ex->text.ptr, &s);
	r->examples++;
	if (!s.got || s.pat != &pt->info) {
		/* Say why: the regex itself, the literal, or a stronger pattern. */
		struct fl_attr_bundle bundle = { 0, 0, 0 };
		struct fl_attr_file *f = fl_attr_file_new("example.log", &bundle);
		struct fl_attr a;
		const char *nl = strchr(ex->text.ptr, '\n');
		size_t len = nl ? (size_t)(nl - ex->text.ptr) : ex->text.len;
		fl_attr_line(f, ex->text.ptr, len, &a);
		pcre2_match_data *md = pcre2_match_data_create(256, NULL);
		pcre2_match_context *mc = matcher_context_new();
		struct fl_capture caps[FL_MAX_CAPS];
		size_t n;
		bool own = pattern_exec(&pt->re[RE_LINE], md, mc, a.body, a.body_len, caps, NULL, &n);
		if (!own)
			fail(r, pt, ex->line, "example does not match (body: '%.*s')",
			     (int)(a.body_len > 120 ? 120 : a.body_len), a.body);
		else if (!body_has_literal(pt, a.body, a.body_len))
			fail(r, pt, ex->line, "example contains none of the pattern's literals");
		else if (s.got)
			fail(r, pt, ex->line, "example is claimed by pattern '%s' (%s:%d) first",
			     s.pat->name, s.pat->file, s.pat->line);
		else
			fail(r, pt, ex->line, "example produced no event");
		pcre2_match_data_free(md);
		pcre2_match_context_free(mc);
		fl_attr_file_free(f);
	} else {
		for (size_t i = 0; i < ex->nexp; i++)
			check_expect(r, pt, &s, &ex->expects[i]);
	}
	seen_release(&s);
}

static void check_not(const struct pattern *pt, const struct pat_text *t, struct fl_check_result *r)
{
	struct fl_attr_bundle bundle = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new("example.log", &bundle);
	struct fl_attr a;
	fl_attr_line(f, t->text, strlen(t->text), &a);
	pcre2_match_data *md = pcre2_match_data_create(256, NULL);
	pcre2_match_context *mc = matcher_context_new();
	struct fl_capture caps[FL_MAX_CAPS];
	size_t n;
	if (pattern_exec(&pt->re[RE_LINE], md, mc, a.body, a.body_len, caps, NULL, &n))
		fail(r, pt, t->line, "counter-example matches");
	pcre2_match_data_free(md);
	pcre2_match_context_free(mc);
	fl_attr_file_free(f);
}

static bool kind_produced(const struct fl_patterns *p, const char *kind)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->pats[i].info.kind, kind))
			return true;
	return false;
}

static bool field_captured(const struct fl_patterns *p, const char *field)
{
	for (size_t i = 0; i < p->n; i++)
		for (int k = 0; k < RE_N; k++)
			for (size_t j = 0; j < p->pats[i].re[k].ncaps; j++)
				if (!strcmp(p->pats[i].re[k].caps[j].name, field))
					return true;
	return false;
}

/* Every kind and field the code depends on (vocab.h) must come from some
 * pattern: a renamed kind or capture fails here, by name. */
void fl_patterns_check_vocab(const struct fl_patterns *p, struct fl_check_result *r)
{
	const char *const *v;
	size_t n = fl_vocab_kinds(&v);
	for (size_t i = 0; i < n; i++)
		if (!kind_produced(p, v[i])) {
			fl_buf_printf(&r->report, "vocab.h: kind '%s' is produced by no pattern\n", v[i]);
			r->failures++;
		}
	n = fl_vocab_fields(&v);
	for (size_t i = 0; i < n; i++)
		if (!field_captured(p, v[i])) {
			fl_buf_printf(&r->report, "vocab.h: field '%s' is captured by no pattern\n", v[i]);
			r->failures++;
		}
}

void fl_patterns_check(const struct fl_patterns *p, struct fl_check_result *r)
{
	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < p->n; i++) {
		const struct pattern *pt = &p->pats[i];
		r->patterns++;
		if (pt->nex == 0)
			fail(r, pt, pt->info.line, "no example");
		for (size_t j = 0; j < pt->nex; j++)
			check_example(p, pt, &pt->examples[j], r);
		for (size_t j = 0; j < pt->nnot; j++)
			check_not(pt, &pt->nots[j], r);
	}
}

void fl_check_result_release(struct fl_check_result *r)
{
	fl_buf_release(&r->report);
}
