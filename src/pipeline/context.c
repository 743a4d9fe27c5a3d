/* SPDX-License-Identifier: MIT */
/*
 * context.c - the lines around a stored event, read again from the run's
 * bundle.
 *
 * The store keeps events, not whole logs. To show an event in its
 * context the bundle is streamed again from where the store says it can
 * be read (fl_store_bundle_source: the kept copy, under the name the
 * bundle was ingested with, else the original in place), and only the
 * lines of the window, in the event's member, are copied; the walk stops
 * once they are past.
 * Tested by: tests/e2e/test_history.c, tests/e2e/test_maintenance.c
 */
#include "faultline/pipeline.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_LINES = 20000 }; /* lines copied, CR parts (progress bars) included */

struct window {
	const char *member;
	int64_t lo, hi;
	bool found, in_member;
	struct fl_context *out;
	size_t cap;
};

static void keep(struct window *w, const struct fl_line *l)
{
	struct fl_context *c = w->out;
	if (c->n >= MAX_LINES)
		return;
	FL_GROW(c->lines, w->cap, c->n + 1);
	c->lines[c->n].lineno = (int64_t)l->lineno;
	c->lines[c->n].text = fl_xstrndup(l->ptr, l->len);
	c->n++;
}

static int on_member_begin(void *p, const struct fl_member *m)
{
	struct window *w = p;
	w->in_member = !strcmp(m->path, w->member);
	if (w->in_member)
		w->found = true;
	return 0;
}

static int on_line(void *p, const struct fl_line *l)
{
	struct window *w = p;
	int64_t n = (int64_t)l->lineno;
	if (!w->in_member)
		return 0;
	if (n > w->hi)
		return FL_ECANCEL; /* past the window: no need to read on */
	if (n >= w->lo)
		keep(w, l);
	return 0;
}

static int on_member_end(void *p, const struct fl_member *m, const struct fl_member_stats *st)
{
	struct window *w = p;
	w->in_member = false;
	return 0;
}

/* Whether line `line` still begins with the event's first line. Besides
 * a changed file, this keeps a store from elsewhere, whose bundle_path
 * could name any file, from showing lines its reader could not already
 * see in the store. */
static bool still_there(const struct fl_context *c, int64_t line, const char *expect)
{
	size_t n = strcspn(expect, "\n");
	for (size_t i = 0; n && i < c->n; i++)
		if (c->lines[i].lineno == line && !strncmp(c->lines[i].text, expect, n))
			return true;
	return false;
}

static void drop_lines(struct fl_context *c, char *note)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->lines[i].text);
	free(c->lines);
	c->lines = NULL;
	c->n = 0;
	c->note = note;
}

/* Reads the window from src into c, or says in c->note why not. */
static void read_window(struct fl_store *s, const struct fl_bundle_source *src,
			struct window *w, int64_t line, const char *expect)
{
	struct fl_context *c = w->out;
	struct fl_ingest_opts io;
	fl_ingest_opts_init(&io);
	io.name = src->name;
	io.own = fl_store_files(s);
	struct fl_ingest_sink sink = { .ctx = w, .member_begin = on_member_begin,
				       .line = on_line, .member_end = on_member_end };
	struct fl_ingest_stats stats;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_ingest_bundle(src->path, &io, &sink, &stats, &err);
	if (rc && rc != FL_ECANCEL)
		drop_lines(c, fl_xasprintf("cannot read the bundle: %s",
					   err.msg[0] ? err.msg : fl_strstatus(rc)));
	else if (!w->found)
		drop_lines(c, fl_xasprintf("'%s' is not in the bundle '%s'", w->member, src->path));
	else if (!c->n)
		drop_lines(c, fl_xasprintf("the bundle's '%s' has no line %lld", w->member,
					   (long long)line));
	else if (src->in_place && !still_there(c, line, expect))
		drop_lines(c, fl_xasprintf("'%s' has changed since it was ingested: its line %lld "
					   "is not the event's", w->member, (long long)line));
}

void fl_pipeline_context(struct fl_store *s, int64_t run_id, const char *member, int64_t line,
			 int64_t lo, int64_t hi, const char *expect, struct fl_context *out)
{
	memset(out, 0, sizeof(*out));
	struct fl_bundle_source src;
	struct fl_err err;
	fl_err_clear(&err);
	int rc = fl_store_bundle_source(s, run_id, &src, &err);
	if (rc) {
		out->note = rc == FL_ENOTFOUND ? fl_xstrdup(err.msg)
					       : fl_xstrdup("the run's bundle could not be looked up");
		return;
	}
	out->in_place = src.in_place;
	struct window w = { .member = member, .lo = lo, .hi = hi, .out = out };
	read_window(s, &src, &w, line, expect);
	fl_bundle_source_release(&src);
}

void fl_context_release(struct fl_context *c)
{
	free(c->note);
	drop_lines(c, NULL);
}
