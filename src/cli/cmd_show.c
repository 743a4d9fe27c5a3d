/* SPDX-License-Identifier: MIT */
/*
 * cmd_show.c - `faultline show RUN EVENT_ID`: one event, every column and
 * field, with the log lines around it.
 *
 * The store keeps events, not whole logs, so the context is read back from
 * the bundle kept beside the store, or, where no copy was kept (a
 * directory, by default), from where the bundle was ingested, which the
 * context then says: fl_pipeline_context() does that. This verb reads the
 * arguments and prints the event and its context as text, JSON or CSV.
 * Without a readable bundle the event is still shown, with one line
 * saying why there is no context.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define MAX_CONTEXT 1000 /* -C limit */

/* The event's member and the lines read around it. */
struct context {
	const char *want;
	struct fl_context c;
};

/* ---- output ---- */

static bool is_event_line(int64_t n, int64_t line, int64_t nlines)
{
	return n >= line && n < line + (nlines > 0 ? nlines : 1);
}

static void text_event(struct fl_buf *out, struct fl_stmt *ev, struct fl_stmt *fields, bool bold)
{
	struct fl_buf t = FL_BUF_INIT;
	const char *b0 = bold ? "\x1b[1m" : "", *b1 = bold ? "\x1b[0m" : "";
	fl_buf_printf(out, "%sevent %lld of run %lld%s\n", b0, (long long)fl_stmt_int(ev, 0),
		      (long long)fl_stmt_int(ev, 1), b1);
	int ncols = fl_stmt_columns(ev);
	for (int k = 2; k < ncols; k++) {
		const char *name = fl_stmt_column_name(ev, k);
		if (!strcmp(name, "fields") || !strcmp(name, "text"))
			continue;
		fl_buf_reset(&t);
		fl_utf8_sanitize(&t, fl_stmt_text(ev, k), fl_stmt_bytes(ev, k));
		const char *v = fl_stmt_null(ev, k) ? "-" : t.ptr ? t.ptr : "";
		fl_buf_printf(out, "  %-11s %s\n", name, v);
	}
	fl_buf_printf(out, "%sfields%s\n", b0, b1);
	while (fl_stmt_step(fields) == 1) {
		fl_buf_reset(&t);
		fl_utf8_sanitize(&t, fl_stmt_text(fields, 0), fl_stmt_bytes(fields, 0));
		fl_buf_printf(out, "  %-20s ", t.ptr ? t.ptr : "");
		fl_buf_reset(&t);
		fl_utf8_sanitize(&t, fl_stmt_text(fields, 1), fl_stmt_bytes(fields, 1));
		fl_buf_printf(out, "%s\n", t.ptr ? t.ptr : "");
	}
	fl_buf_printf(out, "%stext%s\n", b0, b1);
	for (const char *p = fl_stmt_text(ev, ncols - 1);; ) {
		size_t n = strcspn(p, "\n");
		fl_buf_reset(&t);
		fl_utf8_sanitize(&t, p, n);
		fl_buf_printf(out, "  %s\n", t.ptr ? t.ptr : "");
		if (!p[n])
			break;
		p += n + 1;
	}
	fl_buf_release(&t);
}

static void text_context(struct fl_buf *out, const struct context *x, int64_t line,
			 int64_t nlines, bool bold)
{
	const char *b0 = bold ? "\x1b[1m" : "", *b1 = bold ? "\x1b[0m" : "";
	if (!x->c.n) {
		fl_buf_printf(out, "%scontext%s  none: %s\n", b0, b1, x->c.note);
		return;
	}
	struct fl_buf t = FL_BUF_INIT;
	fl_utf8_sanitize(&t, x->want, strlen(x->want));
	fl_buf_printf(out, "%scontext%s  %s lines %lld-%lld (%s)\n", b0, b1, t.ptr,
		      (long long)x->c.lines[0].lineno, (long long)x->c.lines[x->c.n - 1].lineno,
		      x->c.in_place ? "read in place: no copy was kept" : "kept bundle");
	for (size_t i = 0; i < x->c.n; i++) {
		const struct fl_context_line *l = &x->c.lines[i];
		bool mark = is_event_line(l->lineno, line, nlines);
		fl_buf_reset(&t);
		fl_utf8_sanitize(&t, l->text, strlen(l->text));
		fl_buf_printf(out, "%s%s %6lld  %s%s\n", mark && bold ? b0 : "", mark ? ">" : " ",
			      (long long)l->lineno, t.ptr ? t.ptr : "", mark && bold ? b1 : "");
	}
	fl_buf_release(&t);
}

static void json_show(struct fl_buf *out, struct fl_stmt *ev, const struct context *x,
		      int64_t line, int64_t nlines)
{
	fl_buf_adds(out, "{\"event\":{");
	int ncols = fl_stmt_columns(ev);
	for (int k = 0; k < ncols; k++) {
		const char *name = fl_stmt_column_name(ev, k);
		fl_buf_printf(out, "%s\"%s\":", k ? "," : "", name);
		/* fields is JSON already (checked by json_valid in the query). */
		if (!strcmp(name, "fields") && !fl_stmt_null(ev, k))
			fl_buf_add(out, fl_stmt_text(ev, k), fl_stmt_bytes(ev, k));
		else
			cli_json_cell(out, ev, k);
	}
	fl_buf_adds(out, "},\"context\":");
	if (!x->c.n) {
		fl_buf_adds(out, "null,\"note\":");
		fl_json_str(out, x->c.note, strlen(x->c.note));
		fl_buf_adds(out, "}\n");
		return;
	}
	fl_buf_adds(out, "{\"file\":");
	fl_json_str(out, x->want, strlen(x->want));
	fl_buf_printf(out, ",\"from\":%lld,\"to\":%lld,\"lines\":[",
		      (long long)x->c.lines[0].lineno, (long long)x->c.lines[x->c.n - 1].lineno);
	for (size_t i = 0; i < x->c.n; i++) {
		const struct fl_context_line *l = &x->c.lines[i];
		fl_buf_printf(out, "%s{\"line\":%lld,\"event\":%s,\"text\":", i ? "," : "",
			      (long long)l->lineno,
			      is_event_line(l->lineno, line, nlines) ? "true" : "false");
		fl_json_str(out, l->text, strlen(l->text));
		fl_buf_addc(out, '}');
	}
	fl_buf_adds(out, x->c.in_place ? "]},\"note\":\"read in place: no copy was kept\"}\n"
				     : "]},\"note\":null}\n");
}

/* CSV: the lines, one row each; without context, the event's own lines. */
static int csv_show(struct fl_store *s, struct fl_stmt *ev, const struct context *x,
		    int64_t line, int64_t nlines, const struct cli_common *c)
{
	struct cli_rowset rs;
	cli_rowset_init(&rs, CLI_SQL_SHOW_LINES, 4);
	if (x->c.n) {
		for (size_t i = 0; i < x->c.n; i++) {
			const struct fl_context_line *l = &x->c.lines[i];
			cli_rowset_text(&rs, x->want);
			cli_rowset_int(&rs, l->lineno);
			cli_rowset_int(&rs, is_event_line(l->lineno, line, nlines));
			cli_rowset_text(&rs, l->text);
		}
	} else {
		const char *p = fl_stmt_text(ev, fl_stmt_columns(ev) - 1);
		for (int64_t n = line;; n++) {
			size_t len = strcspn(p, "\n");
			char *one = fl_xstrndup(p, len);
			cli_rowset_text(&rs, x->want);
			cli_rowset_int(&rs, n);
			cli_rowset_int(&rs, 1);
			cli_rowset_text(&rs, one);
			free(one);
			if (!p[len])
				break;
			p += len + 1;
		}
	}
	int rc = cli_rowset_print(&rs, s, CLI_ROWS_CSV, c);
	cli_rowset_release(&rs);
	return rc;
}

static int show_event(struct fl_store *s, int64_t run, int64_t id, int64_t nctx,
		      enum cli_rows fmt, const struct cli_common *c)
{
	struct fl_stmt *ev, *fields = NULL;
	if (cli_prepare(s, cli_sql(CLI_SQL_SHOW_EVENT), &ev))
		return EXIT_FAIL;
	fl_stmt_bind_int(ev, 1, id);
	fl_stmt_bind_int(ev, 2, run);
	int rc = fl_stmt_step(ev);
	if (rc != 1) {
		fl_stmt_free(ev);
		if (rc < 0)
			return cli_failf("cannot read event %lld", (long long)id);
		return cli_failf("no event %lld in run %lld", (long long)id, (long long)run);
	}
	int64_t line = fl_stmt_int(ev, 3), nlines = fl_stmt_int(ev, 4);
	struct context x = { .want = fl_stmt_text(ev, 2) };
	fl_pipeline_context(s, run, x.want, line, line > nctx ? line - nctx : 1,
			    line + (nlines > 0 ? nlines - 1 : 0) + nctx,
			    fl_stmt_text(ev, fl_stmt_columns(ev) - 1), &x.c);
	struct fl_buf out = FL_BUF_INIT;
	if (fmt == CLI_ROWS_CSV) {
		rc = csv_show(s, ev, &x, line, nlines, c);
	} else if (fmt == CLI_ROWS_JSON) {
		json_show(&out, ev, &x, line, nlines);
		rc = cli_write_output(c, &out);
	} else if (cli_prepare(s, cli_sql(CLI_SQL_SHOW_FIELDS), &fields)) {
		rc = EXIT_FAIL;
	} else {
		fl_stmt_bind_int(fields, 1, id);
		bool bold = cli_color(c);
		text_event(&out, ev, fields, bold);
		text_context(&out, &x, line, nlines, bold);
		rc = cli_write_output(c, &out);
	}
	fl_buf_release(&out);
	fl_stmt_free(fields);
	fl_context_release(&x.c);
	fl_stmt_free(ev);
	return rc;
}

static int context_opt(void *nctx, int opt, const char *arg)
{
	if (opt != 'C')
		return CLI_NOT_OWN;
	if (!cli_parse_int(arg, 0, nctx) || *(int64_t *)nctx > MAX_CONTEXT)
		return cli_badarg("-C", arg, "a count of lines up to 1000");
	return CLI_CONTINUE;
}

int cmd_show(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "context", required_argument, NULL, 'C' },
					      { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	int64_t nctx = 5, id;
	const struct cli_syntax syn = { .verb = "show", .shortopts = "o:f:hC:", .longopts = opts,
					.rows = &fmt, .own = context_opt, .ctx = &nctx,
					.min = 2, .max = 2 };
	struct cli_common c;
	int rc = cli_parse_opts(argc, argv, &syn, &c);
	if (rc != CLI_CONTINUE)
		return rc;
	if (!cli_parse_int(argv[optind + 1], 1, &id))
		return cli_badarg("EVENT_ID", argv[optind + 1], "an event id");
	struct fl_store *s;
	int64_t run;
	if (cli_open_runs(&c, argv + optind, 1, &s, &run))
		return EXIT_FAIL;
	rc = show_event(s, run, id, nctx, fmt, &c);
	fl_store_close(s);
	return rc;
}
