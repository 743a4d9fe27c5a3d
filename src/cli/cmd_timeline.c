/* SPDX-License-Identifier: MIT */
/*
 * cmd_timeline.c - `faultline timeline RUN`: what happened, in order,
 * across every rank and host.
 *
 * Hosts log in their own clocks; the analysis estimates each host's
 * offset (clock.c), and the events are ordered by their time minus their
 * host's offset, the same correction the report applies. Events without
 * a time come last, in bundle order.
 */
#include "cli.h"

/* Parameters ?1 run, ?2 minimum severity, ?3 limit; from ?4 on, pairs of
 * (host, offset). */
#define FIRST_OFFSET_PARAM 4

static void corrected_ts(struct fl_buf *sql, const struct fl_analysis *a)
{
	if (!a->noffsets) {
		fl_buf_adds(sql, "e.ts");
		return;
	}
	fl_buf_adds(sql, "e.ts - CASE e.host");
	for (size_t i = 0; i < a->noffsets; i++)
		fl_buf_printf(sql, " WHEN ?%zu THEN ?%zu", FIRST_OFFSET_PARAM + 2 * i,
			      FIRST_OFFSET_PARAM + 2 * i + 1);
	fl_buf_adds(sql, " ELSE 0 END");
}

struct timeline_opts {
	int severity; /* the least shown */
	int64_t limit;
};

static int timeline_opt(void *ctx, int opt, const char *arg)
{
	struct timeline_opts *o = ctx;
	switch (opt) {
	case 'n':
		return cli_parse_int(arg, 0, &o->limit) ? CLI_CONTINUE
							: cli_badarg("-n", arg, "a count");
	case 'v':
		o->severity = cli_parse_severity(arg);
		return o->severity >= 0 ? CLI_CONTINUE
					: cli_badarg("--severity", arg,
						     "info, warning, error or fatal");
	}
	return CLI_NOT_OWN;
}

static int print_timeline(struct fl_store *s, int64_t run, const void *opts, enum cli_rows fmt,
			  const struct cli_common *c)
{
	const struct timeline_opts *o = opts;
	struct fl_analysis *a;
	struct fl_err err;
	fl_err_clear(&err);
	if (fl_analyze_run(s, run, &a, &err))
		return cli_fail(&err);
	struct fl_buf sql = FL_BUF_INIT;
	fl_buf_adds(&sql, "SELECT id, " CLI_SQL_TIME("cts") " AS time, rank, host, "
		    CLI_SQL_SEVERITY("severity") " AS severity, kind, file, line, text FROM"
		    " (SELECT e.id, e.rank, e.host, e.severity, e.kind, f.path AS file, e.line,"
		    " e.text, ");
	corrected_ts(&sql, a);
	fl_buf_adds(&sql, " AS cts FROM events e JOIN files f ON f.id = e.file_id"
		    " WHERE e.run_id = ?1 AND e.severity >= ?2)"
		    " ORDER BY cts IS NULL, cts, id LIMIT ?3");
	struct fl_stmt *st;
	int rc = cli_prepare(s, sql.ptr, &st);
	fl_buf_release(&sql);
	if (rc) {
		fl_analysis_free(a);
		return rc;
	}
	fl_stmt_bind_int(st, 1, run);
	fl_stmt_bind_int(st, 2, o->severity);
	fl_stmt_bind_int(st, 3, o->limit ? o->limit : -1);
	for (size_t i = 0; i < a->noffsets; i++) {
		int k = FIRST_OFFSET_PARAM + 2 * (int)i;
		fl_stmt_bind_text(st, k, a->offsets[i].host);
		fl_stmt_bind_int(st, k + 1, a->offsets[i].offset_us);
	}
	rc = cli_print_rows(st, fmt, c);
	fl_stmt_free(st);
	fl_analysis_free(a);
	return rc;
}

int cmd_timeline(int argc, char **argv)
{
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "severity", required_argument, NULL, 'v' },
					      { NULL, 0, NULL, 0 } };
	enum cli_rows fmt = CLI_ROWS_TEXT;
	struct timeline_opts o = { .severity = FL_SEV_WARNING, .limit = 40 };
	const struct cli_syntax syn = { .verb = "timeline", .shortopts = "o:f:hn:",
					.longopts = opts, .rows = &fmt, .own = timeline_opt,
					.ctx = &o, .min = 1, .max = 1 };
	return cli_query_run(argc, argv, &syn, print_timeline);
}
