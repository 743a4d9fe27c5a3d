/* SPDX-License-Identifier: MIT */
/*
 * fields.c - an event's fields, read from the JSON the pipeline stores.
 *
 * The pipeline writes an event's fields as a flat JSON object of
 * strings, integers and floats (events.c). They are read here in one
 * pass; json_each made a row of each field, with all of the event's
 * other columns again, and that was a third of the analysis of 32 Ki
 * ranks. Values read as json_each gave them: a string unescaped, an
 * integer as written, a float as SQLite shows a REAL ("%!.15g": 1.0e-05),
 * true and false as 1 and 0, an array or object as its JSON text, null
 * as no field. Malformed JSON ends the fields where it goes wrong.
 * Tested by: tests/unit/test_fields.c (against json_each on the
 * pipeline's own writer's output)
 */
#include "analyze_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *json_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* The string at p (its opening quote) into out; the byte after its
 * closing quote, NULL when malformed. */
static const char *json_string(const char *p, struct fl_buf *out)
{
	static const char ESC[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	fl_buf_reset(out);
	for (p++; *p != '"'; p++) {
		if (!*p)
			return NULL;
		if (*p != '\\') {
			size_t n = strcspn(p, "\"\\");
			fl_buf_add(out, p, n);
			p += n - 1;
			continue;
		}
		p++;
		if (*p == 'u') {
			uint32_t cp, lo;
			if (!fl_json_hex4(p + 1, &cp))
				return NULL;
			p += 4;
			if (cp >= 0xD800 && cp < 0xDC00 && p[1] == '\\' && p[2] == 'u' &&
			    fl_json_hex4(p + 3, &lo) && lo >= 0xDC00 && lo < 0xE000) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				p += 6;
			}
			fl_utf8_put(out, cp);
			continue;
		}
		const char *e = *p ? strchr(ESC, *p) : NULL;
		if (!e || (e - ESC) % 2)
			return NULL;
		fl_buf_addc(out, e[1]);
	}
	return p + 1;
}

/* A number as json_each shows it: an integer that fits as written, any
 * other as SQLite's text of a REAL. */
static void json_number(const char *p, size_t n, struct fl_buf *out)
{
	char tok[64];
	fl_buf_reset(out);
	if (n >= sizeof(tok))
		n = sizeof(tok) - 1;
	memcpy(tok, p, n);
	tok[n] = '\0';
	char txt[48];
	size_t neg = tok[0] == '-', digits = strspn(tok + neg, "0123456789");
	if (digits && tok[neg + digits] == '\0') {
		/* as written when it is as SQLite would write it back */
		if (digits < 19 && (tok[neg] != '0' || (digits == 1 && !neg))) {
			fl_buf_add(out, tok, n);
			return;
		}
		errno = 0;
		long long v = strtoll(tok, NULL, 10);
		if (errno != ERANGE) {
			snprintf(txt, sizeof(txt), "%lld", v);
			fl_buf_adds(out, txt);
			return;
		}
	}
	fl_store_real_text(strtod(tok, NULL), txt, sizeof(txt));
	fl_buf_adds(out, txt);
}

/* The end of the array or object at p, NULL when unbalanced. */
static const char *json_nested(const char *p)
{
	int depth = 0;
	for (; *p; p++) {
		if (*p == '"') {
			while (*++p != '"')
				if (!*p || (*p == '\\' && !*++p))
					return NULL;
		} else if (*p == '[' || *p == '{') {
			depth++;
		} else if ((*p == ']' || *p == '}') && --depth == 0) {
			return p + 1;
		}
	}
	return NULL;
}

/* The value at p into v (false: null, nothing); the byte after
 * it in *end, NULL when malformed. */
static bool json_value(const char *p, struct fl_buf *v, const char **end)
{
	if (*p == '"') {
		*end = json_string(p, v);
		return true;
	}
	if (*p == '[' || *p == '{') {
		*end = json_nested(p);
		fl_buf_reset(v);
		if (*end)
			fl_buf_add(v, p, (size_t)(*end - p));
		return true;
	}
	size_t n = strcspn(p, ",} \t\n\r");
	*end = n ? p + n : NULL;
	if (n == 4 && !strncmp(p, "null", 4))
		return false;
	fl_buf_reset(v);
	if ((n == 4 && !strncmp(p, "true", 4)) || (n == 5 && !strncmp(p, "false", 5)))
		fl_buf_adds(v, *p == 't' ? "1" : "0");
	else
		json_number(p, n, v);
	return true;
}

void fields_parse(const char *p, struct fields_scratch *s,
		  void (*fn)(void *arg, const char *key, const char *value), void *arg)
{
	p = json_ws(p);
	if (*p != '{')
		return;
	p = json_ws(p + 1);
	while (*p == '"') {
		const char *end;
		if (!(p = json_string(p, &s->key)))
			return;
		p = json_ws(p);
		if (*p != ':')
			return;
		bool has = json_value(json_ws(p + 1), &s->value, &end);
		if (!end)
			return;
		if (has)
			fn(arg, s->key.ptr ? s->key.ptr : "", s->value.ptr ? s->value.ptr : "");
		p = json_ws(end);
		if (*p != ',')
			return;
		p = json_ws(p + 1);
	}
}

void fields_scratch_release(struct fields_scratch *s)
{
	fl_buf_release(&s->key);
	fl_buf_release(&s->value);
}
