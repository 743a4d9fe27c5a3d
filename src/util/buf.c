/* SPDX-License-Identifier: MIT */
/* buf.c - growable NUL-terminated byte buffer, and small string helpers. */
#include "faultline/util.h"

#include <stdlib.h>
#include <string.h>

void fl_buf_init(struct fl_buf *b)
{
	b->ptr = NULL;
	b->len = b->cap = 0;
}

void fl_buf_release(struct fl_buf *b)
{
	free(b->ptr);
	fl_buf_init(b);
}

void fl_buf_reset(struct fl_buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

/* The check before the call: most appends fit, and fl_grow() lives in
 * another file (a call per byte appended was a few percent of an ingest
 * of many small files, building each file's tail as JSON). */
static inline void reserve(struct fl_buf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap)
		fl_grow((void **)&b->ptr, &b->cap, b->len + extra + 1, 1);
}

void fl_buf_add(struct fl_buf *b, const void *p, size_t n)
{
	reserve(b, n);
	if (n)
		memcpy(b->ptr + b->len, p, n);
	b->len += n;
	b->ptr[b->len] = '\0';
}

void fl_buf_addc(struct fl_buf *b, char c)
{
	reserve(b, 1);
	b->ptr[b->len++] = c;
	b->ptr[b->len] = '\0';
}

void fl_buf_adds(struct fl_buf *b, const char *s)
{
	fl_buf_add(b, s, strlen(s));
}

void fl_buf_vprintf(struct fl_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	reserve(b, (size_t)n);
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void fl_buf_printf(struct fl_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fl_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *fl_buf_detach(struct fl_buf *b)
{
	if (!b->ptr)
		return fl_xstrdup("");
	char *p = b->ptr;
	fl_buf_init(b);
	return p;
}

const char *fl_base_name(const char *path)
{
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	const char *s = path + n;
	while (s > path && s[-1] != '/')
		s--;
	return s;
}
