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

static int print_timeline(struct fl_store *s, int64_t run, int severity, int64_t limit,
			  enum cli_rows fmt, const struct cli_common *c)
{
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
	int rc = fl_store_prepare(s, sql.ptr, &st, &err);
	fl_buf_release(&sql);
	if (rc) {
		fl_analysis_free(a);
		return cli_fail(&err);
	}
	fl_stmt_bind_int(st, 1, run);
	fl_stmt_bind_int(st, 2, severity);
	fl_stmt_bind_int(st, 3, limit ? limit : -1);
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
	const struct fl_cmd *cmd = cli_find("timeline");
	static const struct option opts[] = { CLI_COMMON_OPTS,
					      { "severity", required_argument, NULL, 'v' },
					      { NULL, 0, NULL, 0 } };
	struct cli_common c;
	cli_common_init(&c);
	enum cli_rows fmt = CLI_ROWS_TEXT;
	int64_t limit = 40;
	int severity = FL_SEV_WARNING;
	int opt;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:f:hn:", opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			return cli_help(cmd);
		case 'n':
			if (!cli_parse_int(optarg, 0, &limit))
				return cli_badarg("-n", optarg, "a count");
			continue;
		case 'v':
			severity = cli_parse_severity(optarg);
			if (severity < 0)
				return cli_badarg("--severity", optarg,
						  "info, warning, error or fatal");
			continue;
		}
		int r = cli_rows_opt(&c, &fmt, opt, optarg);
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0)
			return cli_usage(cmd);
	}
	if (optind + 1 != argc)
		return cli_usage(cmd);
	struct fl_store *s;
	int64_t run;
	if (cli_open_run(&c, argv[optind], &s, &run))
		return EXIT_FAIL;
	int rc = print_timeline(s, run, severity, limit, fmt, &c);
	fl_store_close(s);
	return rc;
}
