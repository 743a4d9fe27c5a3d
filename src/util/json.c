/* SPDX-License-Identifier: MIT */
/*
 * json.c - escaping of arbitrary bytes for JSON and plain-text output.
 *
 * Log text is hostile data: it may hold control characters, NUL bytes and
 * invalid UTF-8. Both writers here decode UTF-8 strictly and replace what is
 * not valid with U+FFFD, so every output format stays well-formed.
 * Tested by: tests/unit/test_util.c
 */
#include "faultline/util.h"

#include <math.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		len = 2;
		min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	unsigned cp = c & (0x3F >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return len;
}

static const char REPLACEMENT[] = "\xEF\xBF\xBD";

static bool plain(unsigned c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

/* Whether the 8 bytes at p are all plain(). A byte below 0x20 borrows
 * into its high bit when 0x20 is taken from it, w's own high bits are the
 * bytes beyond ASCII, and (v - 1) & ~v sets the high bit of a zero byte:
 * a byte of w equal to '"', '\\' or DEL. Log lines are mostly plain, and
 * every event's text and each file's tail lines pass through here. */
static bool plain8(const unsigned char *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof(w));
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t q = w ^ (ones * '"'), bs = w ^ (ones * '\\'), del = w ^ (ones * 0x7F);
	uint64_t bad = ((w - 0x20 * ones) | w) | ((q - ones) & ~q) | ((bs - ones) & ~bs) |
		       ((del - ones) & ~del);
	return (bad & highs) == 0;
}

void fl_json_str(struct fl_buf *b, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	fl_buf_addc(b, '"');
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		if (plain(c)) {
			size_t j = i;
			while (n - j >= 8 && plain8(s + j))
				j += 8;
			while (j < n && plain(s[j]))
				j++;
			fl_buf_add(b, s + i, j - i);
			i = j;
			continue;
		}
		switch (c) {
		case '"': fl_buf_adds(b, "\\\""); i++; continue;
		case '\\': fl_buf_adds(b, "\\\\"); i++; continue;
		case '\n': fl_buf_adds(b, "\\n"); i++; continue;
		case '\r': fl_buf_adds(b, "\\r"); i++; continue;
		case '\t': fl_buf_adds(b, "\\t"); i++; continue;
		}
		if (c < 0x20 || c == 0x7F) {
			fl_buf_printf(b, "\\u%04x", c);
			i++;
			continue;
		}
		size_t len = utf8_seq(s + i, n - i);
		if (len == 0) {
			fl_buf_adds(b, REPLACEMENT);
			i++;
		} else {
			fl_buf_add(b, s + i, len);
			i += len;
		}
	}
	fl_buf_addc(b, '"');
}

/* Digits by hand: an event's integer fields are written for every
 * matched line, and printf's machinery was the larger part of that. */
void fl_json_int(struct fl_buf *b, int64_t v)
{
	char tmp[24];
	size_t n = sizeof(tmp);
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	do {
		tmp[--n] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		tmp[--n] = '-';
	fl_buf_add(b, tmp + n, sizeof(tmp) - n);
}

void fl_json_num(struct fl_buf *b, double v)
{
	if (isnan(v) || isinf(v)) {
		fl_buf_adds(b, "null");
		return;
	}
	if (fabs(v) < 9e15 && v == (double)(int64_t)v)
		fl_json_int(b, (int64_t)v);
	else
		fl_buf_printf(b, "%.17g", v);
}

bool fl_json_hex4(const char *p, uint32_t *cp)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return false;
		v = v << 4 | (uint32_t)d;
	}
	*cp = v;
	return true;
}

void fl_utf8_put(struct fl_buf *b, uint32_t cp)
{
	char u[4];
	size_t k;
	if (cp < 0x80) {
		u[0] = (char)cp;
		k = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3F));
		k = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12);
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		k = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18);
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		k = 4;
	}
	fl_buf_add(b, u, k);
}

void fl_utf8_sanitize(struct fl_buf *out, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7F) {
			fl_buf_adds(out, REPLACEMENT);
			i++;
			continue;
		}
		size_t len = utf8_seq(s + i, n - i);
		if (len == 0) {
			fl_buf_adds(out, REPLACEMENT);
			i++;
		} else {
			fl_buf_add(out, s + i, len);
			i += len;
		}
	}
}
