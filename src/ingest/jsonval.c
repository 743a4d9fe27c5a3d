/* SPDX-License-Identifier: MIT */
/*
 * jsonval.c - a JSON text decoded into the value tree of pyval.c.
 *
 * Frameworks save Flight Recorder dumps as JSON too (torch's JSON dump
 * call writes the same fields, without frames). Recursive descent,
 * bounded by FL_PV_MAX_DEPTH, so the C stack is bounded too; strings are
 * unescaped into UTF-8 (a lone surrogate becomes U+FFFD).
 * Tested by: tests/unit/test_pickle.c
 */
#include "ingest_int.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct jp {
	const char *p;
	size_t n, pos;
	struct fl_pv_doc *doc;
	struct fl_buf s;
	struct fl_err *err;
};

static int fail(struct jp *j, const char *why)
{
	return fl_err_set(j->err, FL_EFORMAT, "json: %s at byte %zu", why, j->pos);
}

static void ws(struct jp *j)
{
	while (j->pos < j->n && (j->p[j->pos] == ' ' || j->p[j->pos] == '\t' ||
				 j->p[j->pos] == '\n' || j->p[j->pos] == '\r'))
		j->pos++;
}

static int value(struct jp *j, int depth, struct fl_pv **out);

static int made(struct jp *j, struct fl_pv *v, struct fl_pv **out)
{
	*out = v;
	return v ? 0 : fail(j, "too many values or string too long");
}

static int hex4(struct jp *j, unsigned *cp)
{
	uint32_t v;
	if (j->n - j->pos < 4 || !fl_json_hex4(j->p + j->pos, &v))
		return fail(j, "bad \\u escape");
	j->pos += 4;
	*cp = v;
	return 0;
}

static int escape(struct jp *j)
{
	if (j->pos >= j->n)
		return fail(j, "string cut short");
	char c = j->p[j->pos++];
	const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
	const char *at = strchr(from, c);
	if (at && c) {
		fl_buf_add(&j->s, to + (at - from), 1);
		return 0;
	}
	if (c != 'u')
		return fail(j, "bad escape");
	unsigned cp;
	int rc = hex4(j, &cp);
	if (rc)
		return rc;
	if (cp >= 0xD800 && cp < 0xDC00 && j->n - j->pos >= 6 && j->p[j->pos] == '\\' &&
	    j->p[j->pos + 1] == 'u') {
		size_t save = j->pos;
		unsigned lo;
		j->pos += 2;
		if (hex4(j, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
			fl_utf8_put(&j->s, 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00));
			return 0;
		}
		j->pos = save;
	}
	fl_utf8_put(&j->s, cp >= 0xD800 && cp < 0xE000 ? 0xFFFD : cp);
	return 0;
}

static int string(struct jp *j, struct fl_pv **out)
{
	j->pos++; /* the quote */
	fl_buf_reset(&j->s);
	while (j->pos < j->n && j->p[j->pos] != '"') {
		if (j->s.len > FL_PV_MAX_STR)
			return fail(j, "string longer than the limit");
		if ((unsigned char)j->p[j->pos] < 0x20)
			return fail(j, "control character in a string");
		if (j->p[j->pos] == '\\') {
			j->pos++;
			int rc = escape(j);
			if (rc)
				return rc;
			continue;
		}
		size_t k = j->pos;
		while (k < j->n && j->p[k] != '"' && j->p[k] != '\\' && (unsigned char)j->p[k] >= 0x20)
			k++;
		fl_buf_add(&j->s, j->p + j->pos, k - j->pos);
		j->pos = k;
	}
	if (j->pos >= j->n)
		return fail(j, "string cut short");
	j->pos++;
	return made(j, pv_new_str(j->doc, FL_PV_STR, j->s.ptr ? j->s.ptr : "", j->s.len), out);
}

static int number(struct jp *j, struct fl_pv **out)
{
	size_t k = j->pos;
	bool integral = true;
	while (k < j->n && strchr("+-0123456789.eE", j->p[k]) && j->p[k]) {
		if (strchr(".eE", j->p[k]))
			integral = false;
		k++;
	}
	char tmp[64];
	if (k == j->pos || k - j->pos >= sizeof(tmp))
		return fail(j, "bad number");
	memcpy(tmp, j->p + j->pos, k - j->pos);
	tmp[k - j->pos] = 0;
	char *end;
	errno = 0;
	struct fl_pv *v = pv_new(j->doc, integral ? FL_PV_INT : FL_PV_FLOAT);
	if (!v)
		return fail(j, "too many values");
	if (integral)
		v->i = strtoll(tmp, &end, 10);
	else
		v->f = strtod(tmp, &end);
	if (*end || (integral && errno) || (!integral && !isfinite(v->f)))
		return fail(j, "bad number");
	v->sealed = true;
	j->pos = k;
	*out = v;
	return 0;
}

static int word(struct jp *j, const char *w, enum fl_pv_type t, bool b, struct fl_pv **out)
{
	size_t k = strlen(w);
	if (j->n - j->pos < k || memcmp(j->p + j->pos, w, k) != 0)
		return fail(j, "unexpected character");
	j->pos += k;
	struct fl_pv *v = pv_new(j->doc, t);
	if (v) {
		v->b = b;
		v->sealed = true;
	}
	return made(j, v, out);
}

/* An array or object; close is ']' or '}'. */
static int items(struct jp *j, int depth, enum fl_pv_type t, char close, struct fl_pv **out)
{
	if (depth >= FL_PV_MAX_DEPTH)
		return fail(j, "values nested too deep");
	j->pos++;
	struct fl_pv *c = pv_new(j->doc, t);
	if (!c)
		return fail(j, "too many values");
	ws(j);
	if (j->pos < j->n && j->p[j->pos] == close) {
		j->pos++;
		*out = c;
		return 0;
	}
	for (;;) {
		struct fl_pv *v;
		int rc;
		ws(j);
		if (t == FL_PV_DICT) {
			if (j->pos >= j->n || j->p[j->pos] != '"')
				return fail(j, "object key is not a string");
			if ((rc = string(j, &v)) || pv_append(c, v))
				return rc ? rc : fail(j, "values nested too deep");
			ws(j);
			if (j->pos >= j->n || j->p[j->pos] != ':')
				return fail(j, "':' expected");
			j->pos++;
		}
		if ((rc = value(j, depth + 1, &v)))
			return rc;
		const char *why = pv_append(c, v);
		if (why)
			return fail(j, why);
		ws(j);
		if (j->pos < j->n && j->p[j->pos] == ',') {
			j->pos++;
			continue;
		}
		if (j->pos < j->n && j->p[j->pos] == close) {
			j->pos++;
			*out = c;
			return 0;
		}
		return fail(j, "',' or end of container expected");
	}
}

static int value(struct jp *j, int depth, struct fl_pv **out)
{
	ws(j);
	if (j->pos >= j->n)
		return fail(j, "value expected");
	switch (j->p[j->pos]) {
	case '{': return items(j, depth, FL_PV_DICT, '}', out);
	case '[': return items(j, depth, FL_PV_LIST, ']', out);
	case '"': return string(j, out);
	case 't': return word(j, "true", FL_PV_BOOL, true, out);
	case 'f': return word(j, "false", FL_PV_BOOL, false, out);
	case 'n': return word(j, "null", FL_PV_NONE, false, out);
	default: return number(j, out);
	}
}

int fl_pv_json_parse(const void *p, size_t n, struct fl_pv_doc **out, struct fl_err *err)
{
	struct jp j = { .p = p, .n = n, .doc = pv_doc_new(), .s = FL_BUF_INIT, .err = err };
	struct fl_pv *root;
	*out = NULL;
	int rc = value(&j, 0, &root);
	if (!rc) {
		ws(&j);
		if (j.pos != j.n)
			rc = fail(&j, "text after the value");
	}
	fl_buf_release(&j.s);
	if (rc) {
		fl_pv_doc_free(j.doc);
		return rc;
	}
	j.doc->root = root;
	*out = j.doc;
	return 0;
}
