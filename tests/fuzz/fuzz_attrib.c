/* SPDX-License-Identifier: MIT */
/*
 * fuzz_attrib.c - attribution (src/attrib/): member paths, line prefixes,
 * timestamps.
 *
 * Input: the first line is a member path, each further line a log line of
 * that member. Every line goes through fl_attr_line(), fl_parse_time() and
 * fl_attr_column(). The body must lie inside the line, the host inside the
 * line or the path's attributes, and a parsed stamp or a collector's
 * column must not claim more bytes than it was given.
 */
#include "fuzz.h"

#include <string.h>

#include "faultline/attrib.h"

static bool inside(const char *p, size_t n, const char *lo, size_t lo_n)
{
	return p >= lo && p + n <= lo + lo_n;
}

static void one_line(struct fl_attr_file *f, const char *line, size_t len, int year)
{
	struct fl_attr a;
	fl_attr_line(f, line, len, &a);
	FUZZ_ASSERT(inside(a.body, a.body_len, line, len));
	if (a.host) {
		const struct fl_path_attr *pa = fl_attr_file_path(f);
		FUZZ_ASSERT(inside(a.host, a.host_len, line, len) ||
			    inside(a.host, a.host_len, pa->host, sizeof(pa->host)));
	}
	FUZZ_ASSERT((a.ts == FL_TIME_NONE) == (a.ts_kind == FL_TS_NONE));
	int64_t ts;
	enum fl_ts_kind kind;
	size_t used = fl_parse_time(line, len, year, &ts, &kind);
	FUZZ_ASSERT(used <= len);
	FUZZ_ASSERT(fl_attr_column(line, len) <= len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	const char *nl = memchr(p, '\n', size);
	size_t plen = nl ? (size_t)(nl - p) : size;
	char *path = fl_xstrndup(p, plen);
	struct fl_path_attr pa;
	fl_attr_path(path, &pa);
	FUZZ_ASSERT(memchr(pa.host, '\0', sizeof(pa.host)));
	struct fl_attr_bundle bundle = { 0, 0, 0 };
	struct fl_attr_file *f = fl_attr_file_new(path, &bundle);
	size_t off = nl ? plen + 1 : size;
	while (off < size) {
		const char *line = p + off;
		const char *end = memchr(line, '\n', size - off);
		size_t len = end ? (size_t)(end - line) : size - off;
		one_line(f, line, len, bundle.year);
		off += len + 1;
	}
	fl_attr_file_boot(f);
	fl_attr_file_free(f);
	free(path);
	return 0;
}
