/* SPDX-License-Identifier: MIT */
/*
 * attrib.c - per-file attribution state and the per-line entry point.
 *
 * A file contributes what its path says (path.c); each line adds what its
 * prefixes say (prefix.c). The file also carries time forward: a line
 * without a stamp inherits the previous stamped line's time, and dmesg
 * uptimes are turned into wall time once a line shows both.
 * Tested by: tests/unit/test_attrib.c
 */
#include "attrib_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fl_attr_file {
	struct fl_path_attr path;
	size_t host_len; /* strlen(path.host), once rather than per line */
	struct fl_attr_bundle *bundle;
	int64_t last_ts;
	enum fl_ts_kind last_kind;
	int64_t boot; /* wall time at uptime 0, or FL_TIME_NONE */
};

struct fl_attr_file *fl_attr_file_new(const char *member_path, struct fl_attr_bundle *bundle)
{
	struct fl_attr_file *f = fl_xcalloc(1, sizeof(*f));
	fl_attr_path(member_path, &f->path);
	f->host_len = strlen(f->path.host);
	f->bundle = bundle;
	f->last_ts = FL_TIME_NONE;
	f->boot = FL_TIME_NONE;
	return f;
}

void fl_attr_file_free(struct fl_attr_file *f)
{
	free(f);
}

const struct fl_path_attr *fl_attr_file_path(const struct fl_attr_file *f)
{
	return &f->path;
}

int64_t fl_attr_file_boot(const struct fl_attr_file *f)
{
	return f->boot;
}

static void apply_path(const struct fl_attr_file *f, struct fl_attr *a)
{
	const struct fl_path_attr *pa = &f->path;
	if (a->rank < 0)
		a->rank = pa->rank;
	else if (pa->rank >= 0 && pa->rank != a->rank)
		a->conflict = true;
	if (a->local_rank < 0)
		a->local_rank = pa->local_rank;
	else if (pa->local_rank >= 0 && pa->local_rank != a->local_rank)
		a->conflict = true;
	if (a->pid < 0)
		a->pid = pa->pid;
	if (!a->host && f->host_len) {
		a->host = pa->host;
		a->host_len = f->host_len;
	} else if (a->host && f->host_len &&
		   (a->host_len != f->host_len || memcmp(a->host, pa->host, a->host_len) != 0)) {
		a->conflict = true;
	}
}

static void apply_time(struct fl_attr_file *f, struct fl_attr *a)
{
	if (a->uptime >= 0) {
		/* A year-less anchor is in the provisional year, like the times
		 * it produces; the year is fixed for all of them at commit. */
		if (a->ts_kind == FL_TS_FULL || a->ts_kind == FL_TS_YEARLESS)
			f->boot = a->ts - llround(a->uptime * 1e6);
		else if (a->ts_kind == FL_TS_NONE && f->boot != FL_TIME_NONE) {
			a->ts = f->boot + llround(a->uptime * 1e6);
			a->ts_kind = FL_TS_UPTIME;
		}
	}
	/* The bundle's year: the latest year seen; recomputed only for a
	 * stamp past the end of that year. */
	if (a->ts_kind == FL_TS_FULL && a->ts >= f->bundle->year_end) {
		int y, mo, d, h, mi, s, us;
		fl_time_to_civil(a->ts, &y, &mo, &d, &h, &mi, &s, &us);
		f->bundle->year = y;
		f->bundle->year_end = fl_time_from_civil(y + 1, 1, 1, 0, 0, 0, 0);
	}
	if (a->delta >= 0 && a->ts_kind == FL_TS_NONE && f->last_ts != FL_TIME_NONE) {
		a->ts = f->last_ts + llround(a->delta * 1e6);
		a->ts_kind = f->last_kind;
	}
	if (a->ts_kind == FL_TS_YEARLESS)
		f->bundle->yearless++;
	if (a->ts_kind != FL_TS_NONE) {
		f->last_ts = a->ts;
		f->last_kind = a->ts_kind;
	} else if (f->last_ts != FL_TIME_NONE) {
		a->ts = f->last_ts;
		a->ts_kind = FL_TS_INHERITED;
	}
}

#define BOX_SIDE "\xe2\x94\x82" /* U+2502, the side of rich's boxes */

/* rich's boxed tracebacks (accelerate, Lightning: `│ <frame or code>  │`):
 * the sides are drawing, not message, and a frame inside reads as one. */
static void unbox(struct fl_attr *a)
{
	const char *b = a->body;
	size_t n = a->body_len;
	if (n < 4 || memcmp(b, BOX_SIDE " ", 4) != 0)
		return;
	b += 4;
	n -= 4;
	while (n && b[n - 1] == ' ')
		n--;
	if (n >= 3 && memcmp(b + n - 3, BOX_SIDE, 3) == 0) {
		n -= 3;
		while (n && b[n - 1] == ' ')
			n--;
	}
	a->body = b;
	a->body_len = n;
}

/* A line pasted into a ticket or an issue as markdown inline code, one
 * pair of backticks around all of it (`` `Killed` ``): the backticks are
 * the paste's, the line inside is the log's, prefixes included. The
 * length inside them, or 0 when s (which starts with one) is not such a
 * line. */
static size_t quoted_len(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	if (n < 3 || s[n - 1] != '`' || memchr(s + 1, '`', n - 2))
		return 0;
	return n - 2;
}

/* Whether the first prefix, s[0..used), was a log collector's column:
 * the program's own line starts after it, so what only starts a line
 * (srun's `14: ` label, a `host: `) is looked for there too, as it is in
 * the same log read without the collector. Only prefixes shaped like one
 * (a `T` stamp, a `| ` column, a syslog tag) are checked again. */
static bool collector_column(const char *s, size_t n, size_t used)
{
	bool shaped = (n > 10 && s[10] == 'T') ||
		      (used >= 2 && (s[used - 2] == '|' || s[used - 2] == ':') && s[used - 1] == ' ');
	return shaped && fl_attr_column(s, n) == used;
}

void fl_attr_line(struct fl_attr_file *f, const char *line, size_t len, struct fl_attr *a)
{
	a->rank = a->local_rank = a->pid = -1;
	a->dev = -1;
	a->world = -1;
	a->host = NULL;
	a->host_len = 0;
	a->ts = FL_TIME_NONE;
	a->ts_kind = FL_TS_NONE;
	a->uptime = -1;
	a->delta = -1;
	a->level = 0;
	a->conflict = false;
	a->cri_msg = NULL;
	a->cri_partial = false;
	size_t q = len && line[0] == '`' ? quoted_len(line, len) : 0;
	if (q) {
		line++;
		len = q;
	}
	size_t i = 0, start = 0;
	for (int round = 0; round < 10 && i < len; round++) {
		size_t used = fl_prefix_one(line + i, len - i, i == start, f->bundle->year, a);
		if (!used)
			break;
		if (round == 0 && collector_column(line, len, used))
			start = used;
		i += used;
	}
	a->body = line + i;
	a->body_len = len - i;
	if (a->body_len && a->body[0] == '\xe2')
		unbox(a);
	apply_path(f, a);
	apply_time(f, a);
}
