/* SPDX-License-Identifier: MIT */
/* mem.c - allocation that aborts on exhaustion, and array growth. */
#include "faultline/util.h"

#include <stdlib.h>
#include <string.h>

static void oom(size_t n)
{
	fprintf(stderr, "faultline: out of memory allocating %zu bytes\n", n);
	abort();
}

void *fl_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *fl_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *fl_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

char *fl_xstrdup(const char *s)
{
	return fl_xstrndup(s, strlen(s));
}

char *fl_xstrndup(const char *s, size_t n)
{
	char *p = fl_xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *fl_xasprintf(const char *fmt, ...)
{
	struct fl_buf b = FL_BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	fl_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return fl_buf_detach(&b);
}

void fl_grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return;
	size_t n = *cap ? *cap : 8;
	while (n < need)
		n *= 2;
	*arr = fl_xrealloc(*arr, n * elem);
	*cap = n;
}
