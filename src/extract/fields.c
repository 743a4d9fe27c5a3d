/* SPDX-License-Identifier: MIT */
/*
 * fields.c - typed values of captures.
 *
 * Log numbers come in every spelling: `1,234.56`, `2.345678E+00`, `nan`,
 * `-inf`, `NaN`, `634K` (a float with a metric suffix), `2.00 GiB`, `12.3GB`, `53312244kB`, `0x1f`. Each capture
 * is parsed by the type its pattern declares; a value that does not parse
 * is kept as text and flagged, never dropped.
 * Tested by: tests/unit/test_extract.c
 */
#include "extract_int.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const TYPE_NAMES[] = { "str", "int", "float", "size", "hex", "time" };

enum fl_ftype fl_ftype_from_name(const char *name)
{
	for (int i = 0; i < 6; i++)
		if (!strcmp(name, TYPE_NAMES[i]))
			return (enum fl_ftype)i;
	return FL_FT_STR;
}

const char *fl_ftype_name(enum fl_ftype t)
{
	return (unsigned)t < 6 ? TYPE_NAMES[t] : "str";
}

/* The C locale's isspace() and isdigit(), without the table lookup: this
 * runs for every typed capture (a step line has a dozen). */
static bool is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* s without the white space around it. */
static void trim(const char **s, size_t *n)
{
	while (*n && is_space(**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && is_space((*s)[*n - 1]))
		(*n)--;
}

/* Copies s (n < cap) without surrounding white space and thousands
 * separators (commas between digits); most numbers have no comma and are
 * one memcpy. */
static void numeric_copy(const char *s, size_t n, char *out)
{
	trim(&s, &n);
	size_t k = 0;
	if (!memchr(s, ',', n)) {
		memcpy(out, s, n);
		k = n;
	} else {
		for (size_t i = 0; i < n; i++)
			if (s[i] != ',' || i == 0 || i + 1 == n || !is_digit(s[i - 1]) ||
			    !is_digit(s[i + 1]))
				out[k++] = s[i];
	}
	out[k] = '\0';
}

#if FLT_EVAL_METHOD == 0
/* The powers of ten a double holds exactly (decimal(), plain_value()). */
static const double TENS[] = { 1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
			       1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
#endif

/* strtod() for the plain decimals logs are made of: at most 15 digits, a
 * point, no exponent. Such a value is exact as an integer and a power of
 * ten, and one IEEE division of the two rounds it correctly (Clinger's fast
 * path), as strtod() does; anything else, or arithmetic carried wider than
 * double, goes to strtod(). */
static double decimal(const char *s, char **end)
{
#if FLT_EVAL_METHOD == 0
	const char *p = s + (*s == '+' || *s == '-');
	uint64_t m = 0;
	int digits = 0, after = 0;
	bool point = false;
	for (;; p++) {
		if (*p >= '0' && *p <= '9') {
			m = m * 10 + (uint64_t)(*p - '0');
			digits++;
			after += point;
		} else if (*p == '.' && !point) {
			point = true;
		} else {
			break;
		}
	}
	/* An exponent, or the x of a hexadecimal number, would be strtod()'s. */
	if (digits && digits <= 15 && *p != 'e' && *p != 'E' && *p != 'x' && *p != 'X') {
		double v = (double)m / TENS[after];
		*end = (char *)p;
		return *s == '-' ? -v : v;
	}
#endif
	return strtod(s, end);
}

/* The power of ten of a metric suffix that ends a number (nanotron's
 * human_format: `634K`, `85.8G`, `11.5K`; `B` is its older billions), or 0
 * when s is not exactly one such letter. Decimal, not binary: these are
 * counts and rates, not sizes (sizes are FL_FT_SIZE's). */
static int si_exponent(const char *s)
{
	static const char letters[] = "KMGBTP";
	static const int exponent[] = { 3, 6, 9, 9, 12, 15 };
	const char *c = s[0] && !s[1] ? strchr(letters, s[0]) : NULL;
	return c ? exponent[c - letters] : 0;
}

/* digits (n bytes) times 10^e, rounded once as strtod() rounds `<digits>e<e>`. */
static double scaled(const char *digits, size_t n, int e)
{
	char tmp[160];
	snprintf(tmp, sizeof(tmp), "%.*se%d", (int)n, digits, e);
	return strtod(tmp, NULL);
}

static bool parse_float(const char *buf, double *out)
{
	const char *p = buf;
	bool neg = false;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (isalpha((unsigned char)*p) && !strcasecmp(p, "nan")) {
		*out = NAN;
		return true;
	}
	if (isalpha((unsigned char)*p) && (!strcasecmp(p, "inf") || !strcasecmp(p, "infinity"))) {
		*out = neg ? -INFINITY : INFINITY;
		return true;
	}
	char *end;
	double v = decimal(buf, &end);
	if (end == buf)
		return false;
	if (*end == '%' && end[1] == '\0')
		end++;
	int e = si_exponent(end);
	if (e) {
		*out = scaled(buf, (size_t)(end - buf), e);
		return true;
	}
	if (*end)
		return false;
	*out = v;
	return true;
}

static bool parse_size(const char *buf, int64_t *out)
{
	char *end;
	double v = decimal(buf, &end);
	if (end == buf || v < 0)
		return false;
	while (*end == ' ')
		end++;
	static const struct {
		const char *unit;
		double mult;
	} units[] = { { "", 1 },	  { "B", 1 },		{ "bytes", 1 },
		      { "byte", 1 },	  { "KiB", 1024.0 },	{ "kB", 1024.0 },
		      { "KB", 1024.0 },	  { "K", 1024.0 },	{ "MiB", 1048576.0 },
		      { "MB", 1048576.0 }, { "M", 1048576.0 },	{ "GiB", 1073741824.0 },
		      { "GB", 1073741824.0 }, { "G", 1073741824.0 }, { "TiB", 1099511627776.0 },
		      { "TB", 1099511627776.0 } };
	/* Binary units throughout: PyTorch, DeepSpeed and Megatron all mean
	 * 1024-based sizes, whatever letters they print. */
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (!strcmp(end, units[i].unit)) {
			*out = (int64_t)llround(v * units[i].mult);
			return true;
		}
	}
	return false;
}

/* The shape most logged numbers have, read where it lies: [+-]digits
 * [.digits] and nothing else, at most 18 digits (no overflow). Its
 * digits as one integer, how many follow the point (-1: no point). */
struct plain {
	uint64_t m;
	int digits, after;
	bool neg;
};

static bool plain_decimal(const char *s, size_t n, struct plain *p)
{
	size_t i = n && (s[0] == '-' || s[0] == '+');
	*p = (struct plain){ 0, 0, -1, n && s[0] == '-' };
	for (; i < n; i++) {
		if (is_digit(s[i])) {
			if (++p->digits > 18)
				return false;
			p->m = p->m * 10 + (uint64_t)(s[i] - '0');
			p->after += p->after >= 0;
		} else if (s[i] == '.' && p->after < 0) {
			p->after = 0;
		} else {
			return false;
		}
	}
	return p->digits > 0;
}

/* An integer, or a float that decimal() would read exactly, of the plain
 * shape: no copy, no separators to drop, no strtod(). */
static bool plain_value(enum fl_ftype type, const char *s, size_t n, struct fl_value *out)
{
	trim(&s, &n);
	struct plain p;
	if (!plain_decimal(s, n, &p))
		return false;
	if (type == FL_FT_INT && p.after < 0) {
		out->i = p.neg ? -(int64_t)p.m : (int64_t)p.m;
		out->ok = true;
	}
#if FLT_EVAL_METHOD == 0
	if (type == FL_FT_FLOAT && p.digits <= 15) {
		double v = (double)p.m / TENS[p.after < 0 ? 0 : p.after];
		out->f = p.neg ? -v : v;
		out->ok = true;
	}
#endif
	return out->ok;
}

int fl_value_parse(enum fl_ftype type, const char *s, size_t n, struct fl_value *out)
{
	char buf[128];
	memset(out, 0, sizeof(*out));
	out->type = type;
	if (type == FL_FT_STR) {
		out->ok = true;
		return FL_OK;
	}
	if (n >= sizeof(buf))
		return FL_EFORMAT;
	if (plain_value(type, s, n, out))
		return FL_OK;
	numeric_copy(s, n, buf);
	char *end;
	switch (type) {
	case FL_FT_INT:
		out->i = strtoll(buf, &end, 10);
		out->ok = end != buf && *end == '\0';
		break;
	case FL_FT_HEX: {
		const char *p = buf;
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			p += 2;
		out->i = (int64_t)strtoull(p, &end, 16);
		out->ok = end != p && *end == '\0';
		break;
	}
	case FL_FT_FLOAT:
		out->ok = parse_float(buf, &out->f);
		break;
	case FL_FT_SIZE:
		out->ok = parse_size(buf, &out->i);
		break;
	case FL_FT_TIME: {
		enum fl_ts_kind kind;
		out->ok = fl_parse_time(s, n, 0, &out->i, &kind) > 0;
		break;
	}
	case FL_FT_STR:
		break;
	}
	return out->ok ? FL_OK : FL_EFORMAT;
}

/* Also asked by the pipeline of every tail line no pattern read
 * (streams.c). A byte-by-byte switch on each word's first letter, tried
 * instead of the copy and the searches, saved about 6% of this search's
 * instructions on flbench's wide-8k (docs/PERFORMANCE.md): not worth a
 * second way to say what a word is. The first 511 bytes are looked at. */
bool fl_looks_like_error(const char *s, size_t n)
{
	static const char *const words[] = { "error", "fail", "exception", "fatal", "abort",
					     "killed", "timeout", "timed out", "traceback",
					     "segmentation", "oom" };
	char low[512];
	size_t k = n < sizeof(low) - 1 ? n : sizeof(low) - 1;
	for (size_t i = 0; i < k; i++)
		low[i] = (char)tolower((unsigned char)s[i]);
	low[k] = '\0';
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(low, words[i]))
			return true;
	return false;
}
